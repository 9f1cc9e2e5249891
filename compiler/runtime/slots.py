"""Slot rows: action cards played to the leftmost empty space of a row of a player's mat.

Rulebook (Pampero, "Play an action card"): "Put the card in the leftmost empty space of
either row, even if the space is between two cards. The zone printed on the space
determines where a zone-linked effect applies. A red frame pays its zone value; a green
frame receives it. If a card offers an alternate battery cost, choose that instead. An
energy symbol on the frame gains the amount shown for that space." ``slot_rows``
records: ``slots [{zone, frame: pay|receive, value, energy}]`` or a slot whose zone the
player picks, ``zones {zone: value}``; a row with ``holder`` exists only for a player
holding that item. An ``action_cards`` record's ``alt_cost {resource, by_zone}`` may pay
a red frame instead of money.

State: ``players[p]["slots"]`` ``{row: [card or None]}``; ``players[p]["slot_zones"]``
``{"row:index": zone}`` for slots whose zone was picked. Turn action:
``{"act": "play", "card", "row"[, "zone"]}``.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.applicable import can_apply
from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.counts import holds
from compiler.runtime.stock import gain, lose
from compiler.runtime.values import num

__all__ = ["leftmost", "play_options", "rows_of", "slot_of", "slot_zone", "step_slot_play",
           "zone_now"]


def rows_of(ctx: Ctx, p: int) -> list[str]:
    """The slot rows player ``p`` has (rows with a ``holder`` need that item held)."""
    held = ctx.pl(p).get("held", [])
    return [rid for rid, r in (ctx.rules.get("slot_rows") or {}).items()
            if not r.get("holder") or r["holder"] in held]


def leftmost(ctx: Ctx, p: int, row: str) -> int | None:
    """Index of the leftmost empty space of ``row`` (None: the row is full)."""
    cards = ctx.pl(p)["slots"].setdefault(row, [None] * len(ctx.rules["slot_rows"][row]["slots"]))
    return next((i for i, c in enumerate(cards) if c is None), None)


def slot_of(ctx: Ctx, row: str, idx: int) -> dict[str, Any]:
    return ctx.rules["slot_rows"][row]["slots"][idx]


def slot_zone(ctx: Ctx, p: int, row: str, idx: int) -> str | None:
    picked = ctx.pl(p).get("slot_zones", {}).get(f"{row}:{idx}")
    return picked or slot_of(ctx, row, idx).get("zone")


def slot_value(ctx: Ctx, p: int, row: str, idx: int) -> int:
    """The money on the slot's frame (for a zone-picking slot: the picked zone's)."""
    slot = slot_of(ctx, row, idx)
    if slot.get("zones"):
        return num(slot["zones"].get(slot_zone(ctx, p, row, idx) or ""))
    return num(slot.get("value"))


def zone_now(ctx: Ctx, f: Frame | None) -> str | None:
    """The zone of the slot the card being resolved sits in (None: not from a slot)."""
    scope = f if f is not None and "slot" in f else ctx.scope
    if not scope.get("slot"):
        return None
    row, idx = scope["slot"]
    return slot_zone(ctx, scope["player"], row, idx)


def _alt(ctx: Ctx, cid: str, zone: str | None) -> tuple[str, int] | None:
    alt = (ctx.rules["action_cards"][cid].get("alt_cost")) or {}
    if not alt or zone is None or zone not in (alt.get("by_zone") or {}):
        return None
    return alt["resource"], num(alt["by_zone"][zone])


def _alt_only(ctx: Ctx, cid: str) -> bool:
    return bool(ctx.rules["action_cards"][cid].get("alt_only"))


def _payable(ctx: Ctx, p: int, cid: str, row: str, idx: int) -> bool:
    slot = slot_of(ctx, row, idx)
    if _alt_only(ctx, cid):
        alt = _alt(ctx, cid, slot_zone(ctx, p, row, idx))
        return alt is not None and ctx.pl(p)["stock"][alt[0]] >= alt[1]
    if slot.get("frame") != "pay":
        return True
    stock = ctx.pl(p)["stock"]
    if stock[ctx.index.currency] >= slot_value(ctx, p, row, idx):
        return True
    alt = _alt(ctx, cid, slot_zone(ctx, p, row, idx))
    return alt is not None and stock[alt[0]] >= alt[1]


def playable(ctx: Ctx, p: int, cid: str, row: str, zone: str | None = None) -> bool:
    """Card ``cid`` may go to ``row`` now: space free, frame payable, requirement met,
    effect applicable in the space's zone."""
    idx = leftmost(ctx, p, row)
    if idx is None:
        return False
    card = ctx.rules["action_cards"][cid]
    key = f"{row}:{idx}"
    zones = ctx.pl(p).setdefault("slot_zones", {})
    if zone is not None:
        zones[key] = zone
    saved = ctx.scope
    ctx.scope = {"slot": [row, idx], "player": p}
    try:
        return _payable(ctx, p, cid, row, idx) and holds(ctx, card.get("requires"), p) and \
            can_apply(ctx, card.get("effect"), p, None)
    finally:
        ctx.scope = saved
        if zone is not None:
            zones.pop(key, None)


def grants(ctx: Ctx, p: int, what: str) -> bool:
    """Whether player ``p`` holds an item that ``grants`` the behaviour ``what``
    (``face_down_card``: play a second card face down on the same row; ``swap_card``: once
    per year swap a card on the mat with one in hand; ``extra_play``: see ``extra_plays``)."""
    return granted(ctx, p, what) > 0


def granted(ctx: Ctx, p: int, what: str) -> int:
    """How many items held by player ``p`` grant the behaviour ``what``."""
    items = ctx.rules.get("deck_items") or {}
    return sum(1 for i in ctx.pl(p).get("held", [])
               if what in (items.get(i, {}).get("grants") or []))


def extra_plays(ctx: Ctx, p: int) -> int:
    """Further face-up cards player ``p`` may play in the same action: one per held item
    granting ``extra_play`` (a face-down card, ``face_down_card``, stays one per action)."""
    return granted(ctx, p, "extra_play")


def _face_down(ctx: Ctx, p: int, act: dict[str, Any]) -> list[dict[str, Any]]:
    """Variants of a play with a second card face down on the same row (one per row)."""
    pl, row = ctx.pl(p), act["row"]
    if not grants(ctx, p, "face_down_card") or row in pl.get("face_down", {}):
        return []
    if sum(1 for c in pl["slots"][row] if c is None) < 2:
        return []
    others = [c for c in dict.fromkeys(pl["hand"]) if c != act["card"] or pl["hand"].count(c) > 1]
    return [{**act, "hidden": c} for c in others]


def swap_options(ctx: Ctx, p: int) -> list[dict[str, Any]]:
    """``{"act": "swap", "out", "in"}``: once per year, a mat card for a hand card."""
    pl = ctx.pl(p)
    if not grants(ctx, p, "swap_card") or pl.get("swapped") == ctx.state["round"]:
        return []
    on_mat = [c for cards in pl["slots"].values() for c in cards if is_card(c)]
    return [{"act": "swap", "out": o, "in": i} for o in dict.fromkeys(on_mat)
            for i in dict.fromkeys(pl["hand"]) if i != o]


def swap(ctx: Ctx, p: int, out: str, into: str) -> None:
    pl = ctx.pl(p)
    for cards in pl["slots"].values():
        if out in cards:
            cards[cards.index(out)] = into
            break
    pl["hand"].remove(into)
    pl["hand"].append(out)
    pl["swapped"] = ctx.state["round"]


def play_options(ctx: Ctx, p: int) -> list[dict[str, Any]]:
    """Every ``{"act": "play", "card", "row"[, "zone"][, "hidden"]}`` open to ``p``."""
    out: list[dict[str, Any]] = []
    for cid in dict.fromkeys(ctx.pl(p)["hand"]):
        for row in rows_of(ctx, p):
            idx = leftmost(ctx, p, row)
            if idx is None:
                continue
            zones = list(slot_of(ctx, row, idx).get("zones") or {})
            for zone in zones or [None]:
                if playable(ctx, p, cid, row, zone):
                    act = {"act": "play", "card": cid, "row": row}
                    act = {**act, "zone": zone} if zone else act
                    out += [act, *_face_down(ctx, p, act)]
    return out


def play_frame(p: int, act: dict[str, Any], extra: int | None = None,
               hidden_used: bool = False) -> Frame:
    """``extra``: further face-up plays left in this action (None: as granted, counted when
    the frame runs); ``hidden_used``: a face-down card was already played in this action."""
    return {"kind": "slot_play", "player": p, "card": act["card"], "row": act["row"],
            "zone": act.get("zone"), "hidden": act.get("hidden"), "stage": "place",
            "extra": extra, "hidden_used": hidden_used or bool(act.get("hidden"))}


def _more(ctx: Ctx, f: Frame) -> None:
    """Stage ``more``: after the card's effect, one further play in the same action (or
    none); at most one face-down card in the whole action."""
    p = f["player"]
    opts = [o for o in play_options(ctx, p) if not (f.get("hidden_used") and o.get("hidden"))]
    ans = ctx.ask(f, "more", p, "action", f"player {p}: play another card in this action",
                  [*opts, {"act": "pass"}])
    if ans is WAIT:
        return
    ctx.pop(f)
    if ans["act"] == "play":
        ctx.push(play_frame(p, ans, f["extra"] - 1, bool(f.get("hidden_used"))))


def step_occupy_slot(ctx: Ctx, f: Frame) -> None:
    """A gained tile goes "on any free space of your company mat in the matching zone"
    (a decision), which it occupies for good; none free: it stays by the mat."""
    p, pl = f["player"], ctx.pl(f["player"])
    free = [{"row": row, "index": i} for row in rows_of(ctx, p)
            for i, c in enumerate(pl["slots"].get(row) or [])
            if c is None and slot_of(ctx, row, i).get("zone") == f["zone"]]
    if not free:
        ctx.pop(f)
        return
    ans = ctx.ask(f, "slot", p, "slot", f"where {f['tile']} goes on the mat", free)
    if ans is WAIT:
        return
    ctx.pop(f)
    pl["slots"][ans["row"]][ans["index"]] = TILE + f["tile"]


def step_slot_play(ctx: Ctx, f: Frame) -> None:
    """Stages: ``place`` (card to the slot), ``pay`` (frame money, or the card's
    alternate cost: a decision when both are possible), ``effect``, then ``more`` while
    further plays are left in the action (``extra_plays``)."""
    p, cid, row = f["player"], f["card"], f["row"]
    pl = ctx.pl(p)
    if f["stage"] == "more":
        _more(ctx, f)
        return
    if f["stage"] == "place":
        idx = leftmost(ctx, p, row)
        pl["hand"].remove(cid)
        pl["slots"][row][idx] = cid
        if f.get("zone"):
            pl.setdefault("slot_zones", {})[f"{row}:{idx}"] = f["zone"]
        if f.get("hidden"):
            pl["hand"].remove(f["hidden"])
            down = leftmost(ctx, p, row)
            pl["slots"][row][down] = f["hidden"]
            pl.setdefault("face_down", {})[row] = down
        f["idx"], f["stage"] = idx, "pay"
    if f["stage"] == "pay":
        if not _pay(ctx, f, p, cid, row, f["idx"]):
            return
        f["stage"] = "effect"
    if f.get("extra") is None:
        f["extra"] = extra_plays(ctx, p)
    if f["extra"] > 0:  # the frame stays below the effect, for the further play
        f["stage"] = "more"
        f.pop("tmp", None)
    else:
        ctx.pop(f)
    effect = ctx.rules["action_cards"][cid].get("effect")
    if effect:
        frame = {"kind": "effect", "ref": ["action_cards", cid, "effect"], "i": 0,
                 "player": p, "card": None, "slot": [row, f["idx"]], "label": "actions"}
        ctx.push(frame)


def _pay(ctx: Ctx, f: Frame, p: int, cid: str, row: str, idx: int) -> bool:
    slot = slot_of(ctx, row, idx)
    value = slot_value(ctx, p, row, idx)
    if slot.get("frame") == "receive" and not _alt_only(ctx, cid):
        gain(ctx, p, ctx.index.currency, value, "mat")
        return True
    if slot.get("frame") != "pay" and not _alt_only(ctx, cid):
        return True
    opts = []
    if ctx.pl(p)["stock"][ctx.index.currency] >= value and not _alt_only(ctx, cid):
        opts.append({"pay": ctx.index.currency, "n": value})
    alt = _alt(ctx, cid, slot_zone(ctx, p, row, idx))
    if alt is not None and ctx.pl(p)["stock"][alt[0]] >= alt[1]:
        opts.append({"pay": alt[0], "n": alt[1]})
    ans = ctx.ask(f, "pay", p, "payment", f"pay the space: {opts}", opts)
    if ans is WAIT:
        return False
    lose(ctx, p, ans["pay"], ans["n"], "mat")
    return True


TILE = "tile:"
"""A slot holding ``tile:<item id>`` is occupied for good by a tile, not a card."""


def is_card(entry: Any) -> bool:
    return entry is not None and not str(entry).startswith(TILE)


def retrieve_all(ctx: Ctx, p: int) -> None:
    """Every card on the player's rows goes back to the hand (tiles stay)."""
    pl = ctx.pl(p)
    for row, cards in pl["slots"].items():
        pl["hand"].extend(c for c in cards if is_card(c))
        pl["slots"][row] = [c if c is not None and not is_card(c) else None for c in cards]
    pl["slot_zones"] = {}
    pl["face_down"] = {}


def rightmost_options(ctx: Ctx, p: int) -> list[dict[str, Any]]:
    return [{"row": row} for row, cards in ctx.pl(p)["slots"].items()
            if any(is_card(c) for c in cards)]


def retrieve_rightmost(ctx: Ctx, p: int, row: str) -> None:
    """The rightmost card of ``row`` goes back to the hand."""
    pl = ctx.pl(p)
    cards = pl["slots"][row]
    idx = max(i for i, c in enumerate(cards) if is_card(c))
    pl["hand"].append(cards[idx])
    cards[idx] = None
    pl.get("slot_zones", {}).pop(f"{row}:{idx}", None)
    if pl.get("face_down", {}).get(row) == idx:
        del pl["face_down"][row]


