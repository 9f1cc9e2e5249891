"""Piles of cards and tiles: decks, face-up displays, dealing, taking and selling.

A ``piles`` record gathers every record (``action_cards``, ``contracts``, ``items``)
with ``deck: <pile>``, each ``copies`` times, shuffled with the seed. ``display``: cards
kept face up (``refill``: from the deck); ``per_player``: each player owns a copy of
the whole pile; ``to``: where a taken item goes (``hand``: action cards; ``held``: the
player's area; ``column``: a free slot of an unlocked grid column, whose values the
item's effect reads as ``target``; ``now``: its effect applies, then it is discarded);
``area``: contract tiles of the pile go to that area's spaces.

Setup step ``deal`` (``pile``/``piles``, ``to``): ``hand`` (per-player piles), ``spaces``
(one tile per space of the tiles' kind), ``board`` (tiles on random spaces of a bonus
board), ``sections`` (``counts {section: n}`` into slot ``slot``), ``display``, ``keep``
(each player is dealt ``deal`` items and keeps ``keep``). Statements: ``take N pile``,
``sell to channel`` (markets records).

State: ``state["piles"]``, ``state["display"]`` ``{pile: [ids]}``, ``state["sections"]``
``{section: {slot: [ids]}}``, ``state["bonus_tiles"]`` ``{bonus space: id}``,
``players[p]["held"]`` ``[ids]``, ``players[p]["ventures"]`` ``{column id: item}``.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.errors import RulesError
from compiler.runtime.slots import zone_now
from compiler.runtime.stock import child, defer, label_of, lose
from compiler.runtime.values import num

__all__ = ["deal_piles", "item_rec", "members", "new_piles", "refill", "sell", "take"]

KINDS = ("deck_items", "action_cards", "contracts")


def item_rec(ctx: Ctx, iid: str) -> dict[str, Any]:
    for kind in KINDS:
        rec = (ctx.rules.get(kind) or {}).get(iid)
        if rec is not None:
            return rec
    raise RulesError(f"unknown item '{iid}'")


def item_kind(ctx: Ctx, iid: str) -> str:
    return next(k for k in KINDS if iid in (ctx.rules.get(k) or {}))


def members(ctx: Ctx, pile: str) -> list[str]:
    """Every record of ``pile``, ``copies`` times each, sorted by id."""
    out: list[str] = []
    for kind in KINDS:
        for rid, rec in sorted((ctx.rules.get(kind) or {}).items()):
            if rec.get("deck") == pile:
                out += [rid] * num(rec.get("copies"), 1)
    return out


def new_piles(ctx: Ctx) -> None:
    """Shuffle every shared pile into ``state["piles"]``."""
    for pid, rec in (ctx.rules.get("decks") or {}).items():
        if not rec.get("per_player"):
            cards = members(ctx, pid)
            ctx.rng().shuffle(cards)
            ctx.state["piles"][pid] = cards
        ctx.state["display"].setdefault(pid, [])


def refill(ctx: Ctx, pile: str) -> None:
    """Fill the pile's display up to ``display`` cards from its deck."""
    want = num(ctx.rules["decks"][pile].get("display"))
    shown, deck = ctx.state["display"].setdefault(pile, []), ctx.state["piles"].get(pile, [])
    while len(shown) < want and deck:
        shown.append(deck.pop(0))


def _draw(ctx: Ctx, pile: str) -> str | None:
    deck = ctx.state["piles"].get(pile) or []
    return deck.pop(0) if deck else None


def deal_piles(ctx: Ctx, f: Frame) -> None:
    """The ``deal`` setup step (see the module docstring)."""
    step = ctx.lookup(f["ref"])
    piles = step.get("piles") or [step["pile"]]
    to = step["to"]
    for pile in piles:
        if pile not in (ctx.rules.get("decks") or {}):
            continue
        if to in ("hand", "held"):
            for pl in ctx.state["players"]:
                pl[to].extend(members(ctx, pile))
        elif to == "spaces":
            _to_spaces(ctx, pile)
        elif to == "board":
            _to_board(ctx, pile, step["board"])
        elif to == "sections":
            _to_sections(ctx, pile, step.get("counts") or {}, step.get("slot", "scoring"),
                         step.get("tags") or {})
        elif to == "display" and step.get("sets"):
            _stack(ctx, pile, step["sets"])
        elif to == "display":
            refill(ctx, pile)
        elif to == "lines":
            _to_lines(ctx, pile)
        elif to == "keep":
            _keep(ctx, f, pile, num(step.get("deal"), 2), num(step.get("keep"), 1))
            return
    ctx.pop(f)


def _to_spaces(ctx: Ctx, pile: str) -> None:
    area = ctx.rules["decks"][pile].get("area")
    for cid in list(ctx.state["piles"].get(pile) or []):
        kind = ctx.rules["contract_kinds"][ctx.rules["contracts"][cid]["kind"]]
        free = [sid for sid, sp in ctx.index.spaces.items() if sp.get("type") in kind["spaces"]
                and (area is None or sp.get("area") == area) and sid not in ctx.state["tiles_on"]]
        if not free:
            break
        ctx.state["tiles_on"][free[0]] = cid
        ctx.state["piles"][pile].remove(cid)


def _to_board(ctx: Ctx, pile: str, board: str) -> None:
    spaces = [s["id"] for s in ctx.rules["bonus_boards"][board]["spaces"]
              if s["id"] not in ctx.state["bonus_tiles"]]
    ctx.rng().shuffle(spaces)
    for sid in spaces:
        iid = _draw(ctx, pile)
        if iid is None:
            break
        ctx.state["bonus_tiles"][sid] = iid


def _draw_set(ctx: Ctx, pile: str, tag: str | None) -> str | None:
    """The top item of the pile (of ``set`` ``tag`` when given)."""
    deck = ctx.state["piles"].get(pile) or []
    for i, iid in enumerate(deck):
        if tag is None or item_rec(ctx, iid).get("set") == tag:
            return deck.pop(i)
    return None


def _to_sections(ctx: Ctx, pile: str, counts: dict[str, Any], slot: str,
                 tags: dict[str, str]) -> None:
    for section, n in counts.items():
        for _ in range(num(n)):
            iid = _draw_set(ctx, pile, tags.get(section))
            if iid is not None:
                ctx.state["sections"].setdefault(section, {}).setdefault(slot, []).append(iid)


def _stack(ctx: Ctx, pile: str, sets: list[str]) -> None:
    """One random item of each set, the first set's on top of the display."""
    shown = ctx.state["display"].setdefault(pile, [])
    for tag in sets:
        iid = _draw_set(ctx, pile, tag)
        if iid is not None:
            shown.append(iid)


def _to_lines(ctx: Ctx, pile: str) -> None:
    """One tile on each connection line through the deck's ``lines_in`` zones."""
    from compiler.runtime.places import zone_of

    zones = set(ctx.rules["decks"][pile].get("lines_in") or [])
    lines = ctx.state.setdefault("line_tiles", {})
    names = sorted({ln for sid, sp in ctx.index.spaces.items() for ln in sp.get("lines") or []
                    if not zones or zone_of(ctx, sid) in zones})
    for line in names:
        if line not in lines:
            iid = _draw(ctx, pile)
            if iid is None:
                break
            lines[line] = iid


def _keep(ctx: Ctx, f: Frame, pile: str, deal: int, keep: int) -> None:
    """Each player in turn order is dealt ``deal`` items and keeps ``keep`` of them."""
    f.setdefault("k", 0)
    order = ctx.order()
    while f["k"] < len(order):
        p = order[f["k"]]
        dealt = f.setdefault("dealt", [])
        if not dealt:
            dealt.extend(i for i in (_draw(ctx, pile) for _ in range(deal)) if i is not None)
        kept = f.setdefault("kept", [])
        while len(kept) < min(keep, len(dealt)):
            ans = ctx.ask(f, f"keep{len(kept)}", p, "keep", f"player {p}: keep which {pile}",
                          [{"keep": i} for i in dict.fromkeys(dealt) if dealt.count(i) >
                           kept.count(i)])
            if ans is WAIT:
                return
            kept.append(ans["keep"])
        ctx.pl(p)["held"].extend(kept)
        for iid in kept:
            dealt.remove(iid)
            rec = item_rec(ctx, iid)
            if rec.get("effect") and rec.get("use") in (None, "now", "setup"):
                f.setdefault("queued", []).append(dict(
                    child({"player": p}, [item_kind(ctx, iid), iid, "effect"]),
                    label=str(rec.get("deck"))))
        f["k"] += 1
        f.pop("tmp", None)
        f["dealt"], f["kept"] = [], []
    ctx.pop(f)
    ctx.push(*f.get("queued", []))


def take_options(ctx: Ctx, p: int, pile: str) -> list[dict[str, Any]]:
    rec = ctx.rules["decks"][pile]
    shown = ctx.state["display"].get(pile) or []
    opts: list[dict[str, Any]] = [{"item": i} for i in dict.fromkeys(shown)]
    if ctx.state["piles"].get(pile):
        opts.append({"item": None})
    if rec.get("to") == "column":
        if not free_columns(ctx, p):
            return []
        opts = opts[-1:] if opts else []
    return opts


def free_columns(ctx: Ctx, p: int) -> list[str]:
    from compiler.runtime.contracts import towers_built

    used = ctx.pl(p).setdefault("ventures", {})
    built = towers_built(ctx, p)
    return [cid for cid, c in (ctx.rules.get("grid_columns") or {}).items()
            if num(c["column"]) <= built and c.get("venture") is not None and cid not in used]


def take(ctx: Ctx, f: Frame, pile: str) -> bool:
    """One ``take`` from ``pile`` (a display card or the top of the deck)."""
    p = f["player"]
    opts = take_options(ctx, p, pile)
    if not opts:
        return True
    ans = ctx.ask(f, "item", p, "take", f"take from {pile}", opts)
    if ans is WAIT:
        return False
    to = ctx.rules["decks"][pile].get("to", "held")
    column = None
    if to == "column":
        col = ctx.ask(f, "column", p, "column", "which grid column",
                      [{"column": c} for c in free_columns(ctx, p)])
        if col is WAIT:
            return False
        column = col["column"]
    iid = ans["item"] if ans["item"] is not None else _draw(ctx, pile)
    if ans["item"] is not None:
        ctx.state["display"][pile].remove(iid)
        refill(ctx, pile)
    if iid is not None:
        _receive(ctx, f, iid, to, column)
    return True


def _receive(ctx: Ctx, f: Frame, iid: str, to: str, column: str | None) -> None:
    pl, rec = ctx.pl(f["player"]), item_rec(ctx, iid)
    if to == "hand":
        pl["hand"].append(iid)
        return
    pl["held"].append(iid)
    if column is not None:
        pl["ventures"][column] = iid
    if rec.get("effect") and to in ("column", "now", "held") and rec.get("use") in (None, "now"):
        defer(f, child(f, [item_kind(ctx, iid), iid, "effect"], target=column,
                       label=str(rec.get("deck"))))


def sell_options(ctx: Ctx, p: int, channel: str, zone: str | None) -> list[dict[str, Any]]:
    """Displayed market items player ``p`` can buy through ``channel`` in ``zone``."""
    out = []
    tags = {t for c in ctx.pl(p)["contracts"].values() for t in c["tags"]}
    for mid, market in (ctx.rules.get("markets") or {}).items():
        if market["channel"] != channel or (market.get("zone") and zone is not None
                                            and market["zone"] != zone):
            continue
        for pile in market["piles"]:
            for iid in dict.fromkeys(ctx.state["display"].get(pile) or []):
                rec = item_rec(ctx, iid)
                cost = {r: num(n) for r, n in (rec.get("cost") or {}).items()}
                if any(ctx.pl(p)["stock"][r] < n for r, n in cost.items()):
                    continue
                if market.get("requires_tag") and not set(rec.get("tags") or []) & tags:
                    continue
                out.append({"market": mid, "item": iid})
    return out


def sell(ctx: Ctx, f: Frame, channel: str) -> bool:
    """``sell to channel``: pay a displayed card's cost, take it, resolve its effect."""
    p = f["player"]
    opts = sell_options(ctx, p, channel, zone_now(ctx, f))
    if not opts:
        return True
    ans = ctx.ask(f, "sale", p, "sale", f"sell to which {channel} card", opts)
    if ans is WAIT:
        return False
    iid = ans["item"]
    rec = item_rec(ctx, iid)
    for res, n in (rec.get("cost") or {}).items():
        lose(ctx, p, res, num(n), label_of(ctx, f))
    pile = str(rec["deck"])
    ctx.state["display"][pile].remove(iid)
    refill(ctx, pile)
    ctx.pl(p)["held"].append(iid)
    if rec.get("effect"):
        defer(f, child(f, ["deck_items", iid, "effect"], label="sales"))
    return True
