"""Statements of slot-row, piece-board and marker-track games (docs/dsl.md, Effects).

Each handler has the interpreter's shape ``(ctx, frame, stmt) -> done`` (False: a
decision is open; the handler runs again with the answer). ``POSSIBLE`` says whether a
statement can do anything now (used when an effect's applicability is checked: a card
is playable only if its statements can be applied in the slot's zone).
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.bonus import claim, claim_options
from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.contracts import fulfil, fulfil_spaces, towers_built
from compiler.runtime.counts import quantity_max, total
from compiler.runtime.markers import advance, can_advance, collect, group, position, retreat
from compiler.runtime.piles import sell, sell_options, take, take_options
from compiler.runtime.places import (
    available_for_mover,
    build_spaces,
    land,
    pieces_at,
    put_piece,
    remove_piece,
    sector_of,
    zone_of,
)
from compiler.runtime.slots import (
    grants,
    retrieve_all,
    retrieve_rightmost,
    rightmost_options,
    zone_now,
)
from compiler.runtime.stock import child, defer, gain, label_of, lose
from compiler.runtime.values import constant, num

Stmt = dict[str, Any]


def _qty(ctx: Ctx, f: Frame, stmt: Stmt, verb: str) -> Any:
    """The statement's quantity (``up to N``: a decision 0..N)."""
    most = quantity_max(ctx, stmt["qty"], f["player"], f.get("card"))
    if not stmt["qty"].get("up_to"):
        return most
    ans = ctx.ask(f, "amount", f["player"], "amount", f"how many to {verb} (0-{most})",
                  [{"amount": k} for k in range(most + 1)])
    return ans if ans is WAIT else ans["amount"]


# ---- pieces -----------------------------------------------------------------------------

def _build_area(ctx: Ctx, f: Frame | None, stmt: Stmt) -> str | None:
    if stmt.get("area"):
        return str(stmt["area"])
    return zone_now(ctx, f) if ctx.rules["pieces"][stmt["piece"]].get("zone_linked") else None


def _helper_ok(ctx: Ctx, p: int, sid: str, piece: str) -> bool:
    """The site's helper (e.g. a bulldozer) is own, or its owner can be paid."""
    need = ctx.rules["pieces"][piece].get("needs")
    if not need:
        return True
    owners = [pc["owner"] for pc in pieces_at(ctx, sid) if pc["piece"] == need]
    if p in owners:
        return True
    others = [o for o in owners if o is None or not grants(ctx, o, "helper_moves_first")]
    return bool(others) and ctx.pl(p)["stock"][ctx.index.currency] >= constant(ctx, "use_fee")


def _moves_first(ctx: Ctx, p: int, stmt: Stmt) -> str | None:
    """The helper piece that player ``p`` moves onto the site before building (an item
    that ``grants`` ``helper_moves_first``: "must move before building instead of after";
    only the player's own helpers can be used), or None (the usual rule)."""
    need = ctx.rules["pieces"][stmt["piece"]].get("needs")
    if not need or stmt.get("along") or not grants(ctx, p, "helper_moves_first"):
        return None
    return str(need)


def _own_helpers(ctx: Ctx, p: int, piece: str) -> list[str]:
    """Spaces holding an own ``piece`` that may still move (a parked one stays)."""
    return [sid for sid, pcs in ctx.state["places"].items()
            if not (ctx.index.spaces[sid].get("bonus")
                    and ctx.index.spaces[sid].get("type") != "utility")
            and any(pc["piece"] == piece and pc["owner"] == p for pc in pcs)]


def build_options(ctx: Ctx, p: int, f: Frame | None, stmt: Stmt) -> list[str]:
    target = (f or {}).get("target") or ctx.scope.get("target")
    along = stmt.get("along")
    area = None if along else _build_area(ctx, f, stmt)
    need = _moves_first(ctx, p, stmt)
    if need is not None:
        if not _own_helpers(ctx, p, need):
            return []
        return [s for s in build_spaces(ctx, p, stmt["piece"], area, False)
                if available_for_mover(ctx, need, s)]
    return [s for s in build_spaces(ctx, p, stmt["piece"], area, not along, along, target)
            if along or _helper_ok(ctx, p, s, stmt["piece"])]


def _build(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """``build P``: a site (decision), the helper moves on (decision), then the piece's
    and the grid column's effects."""
    p, piece = f["player"], stmt["piece"]
    rec = ctx.rules["pieces"][piece]
    opts = build_options(ctx, p, f, stmt)
    if not opts:
        return True
    ans = ctx.ask(f, "site", p, "site", f"where to build {piece}", [{"space": s} for s in opts])
    if ans is WAIT:
        return False
    sid = ans["space"]
    need = _moves_first(ctx, p, stmt)
    if need is not None:
        src = ctx.ask(f, "helper", p, "move", f"which {need} moves to {sid} first",
                      [{"from": s} for s in _own_helpers(ctx, p, need)])
        if src is WAIT:
            return False
        entry = next(pc for pc in pieces_at(ctx, src["from"])
                     if pc["piece"] == need and pc["owner"] == p)
        _move(ctx, f, src["from"], entry, sid)
        put_piece(ctx, p, piece, sid)
        f["target"] = sid
        _after_put(ctx, f, piece, sid, effects=True)
        return True
    helper = None if stmt.get("along") else \
        next((pc for pc in pieces_at(ctx, sid) if pc["piece"] == rec.get("needs")), None)
    if helper is not None:
        dest = ctx.ask(f, "helper", p, "move", f"where the {helper['piece']} goes next",
                       _mover_destinations(ctx, helper["piece"], sid))
        if dest is WAIT:
            return False
        _pay_owner(ctx, p, helper["owner"])
    put_piece(ctx, p, piece, sid)
    if helper is not None:
        _move(ctx, f, sid, helper, dest["to"])
    f["target"] = sid  # what the effect's next statements refer to ("on line", "target")
    _after_put(ctx, f, piece, sid, effects=True)
    return True


def _mover_destinations(ctx: Ctx, piece: str, leaving: str) -> list[dict[str, Any]]:
    opts = [{"to": s} for s in ctx.index.spaces if s != leaving
            and available_for_mover(ctx, piece, s)]
    return opts or [{"to": leaving}]


def _pay_owner(ctx: Ctx, p: int, owner: int | None) -> None:
    if owner is None or owner == p:
        return
    fee = constant(ctx, "use_fee")
    lose(ctx, p, ctx.index.currency, fee, "fees")
    gain(ctx, owner, ctx.index.currency, fee, "fees")


def _move(ctx: Ctx, f: Frame, src: str, entry: dict[str, Any], dst: str) -> None:
    """Move a mover; arriving on a space with a printed ``bonus`` (a parking space) gives
    it to the player who moved it."""
    if dst == src:
        return
    remove_piece(ctx, src, entry)
    land(ctx, dst, entry)
    if ctx.index.spaces[dst].get("bonus"):
        defer(f, child(f, ["board", "spaces", _space_index(ctx, dst), "bonus"]))


def _space_index(ctx: Ctx, sid: str) -> int:
    return next(i for i, s in enumerate(ctx.rules["board"]["spaces"]) if s["id"] == sid)


def _after_put(ctx: Ctx, f: Frame, piece: str, sid: str, effects: bool) -> None:
    rec = ctx.rules["pieces"][piece]
    frames: list[Frame] = []
    if rec.get("from_grid"):
        col = towers_built(ctx, f["player"])
        for gid, c in (ctx.rules.get("grid_columns") or {}).items():
            if num(c["column"]) == col and c.get("tower"):
                frames.append(child(f, ["grid_columns", gid, "tower"], target=sid))
    if effects and rec.get("effect"):
        frames.append(child(f, ["pieces", piece, "effect"], target=sid))
    zone = zone_of(ctx, sid)
    if effects and zone in (rec.get("effect_by_zone") or {}):
        frames.append(child(f, ["pieces", piece, "effect_by_zone", zone], target=sid))
    defer(f, *frames)


def place_piece(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """``place P [on AREA]`` for a piece: put it without the build rules (setup)."""
    p, piece = f["player"], stmt["tile"]
    opts = build_spaces(ctx, p, piece, stmt.get("on"), needs=False)
    if grants(ctx, p, "helpers_off_map") and ctx.rules["pieces"][piece].get("mover"):
        opts = [s for s in opts if sector_of(ctx, s) is None]  # "not on the map"
    if not opts:
        return True
    ans = ctx.ask(f, "site", p, "site", f"where to place {piece}", [{"space": s} for s in opts])
    if ans is WAIT:
        return False
    put_piece(ctx, p, piece, ans["space"])
    _after_put(ctx, f, piece, ans["space"], effects=False)
    return True


def _movable(ctx: Ctx, p: int, piece: str) -> list[dict[str, Any]]:
    out = []
    for sid, pcs in list(ctx.state["places"].items()):
        if ctx.index.spaces[sid].get("bonus") and ctx.index.spaces[sid].get("type") != "utility":
            continue  # "A parked bulldozer stays there"
        for pc in pcs:
            if pc["piece"] == piece and pc["owner"] == p:
                out += [{"from": sid, "to": d["to"]}
                        for d in _mover_destinations(ctx, piece, sid) if d["to"] != sid]
                break
    return out


def _relocate(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """``move up to N P``: one move per decision, or stop."""
    p, piece = f["player"], stmt["piece"]
    tmp = f.setdefault("tmp", {})
    most = quantity_max(ctx, stmt["qty"], p, f.get("card"))
    while tmp.get("moved", 0) < most:
        opts = _movable(ctx, p, piece)
        stop = [{"from": None}] if stmt["qty"].get("up_to") or not opts else []
        ans = ctx.ask(f, f"move{tmp.get('moved', 0)}", p, "move", f"move a {piece}", opts + stop)
        if ans is WAIT:
            return False
        if ans["from"] is None:
            return True
        tmp["moved"] = tmp.get("moved", 0) + 1
        entry = next(pc for pc in pieces_at(ctx, ans["from"])
                     if pc["piece"] == piece and pc["owner"] == p)
        _move(ctx, f, ans["from"], entry, ans["to"])
    return True


# ---- markers ----------------------------------------------------------------------------

def _pick_track(ctx: Ctx, f: Frame, stmt: Stmt, movable: bool) -> Any:
    tracks = group(ctx, stmt["track"])
    p = f["player"]
    if stmt.get("rightmost"):
        far = max((position(ctx, p, t) for t in tracks), default=0)
        tracks = [t for t in tracks if position(ctx, p, t) == far]
    elif not stmt.get("any"):
        return tracks[0]
    opts = [t for t in tracks if not movable or can_advance(ctx, p, t)]
    if not opts:
        return None
    ans = ctx.ask(f, "track", p, "marker", "which marker", [{"track": t} for t in opts])
    return ans if ans is WAIT else ans["track"]


def _advance(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    k = _qty(ctx, f, stmt, f"advance {stmt['track']}")
    if k is WAIT:
        return False
    tid = _pick_track(ctx, f, stmt, True)
    if tid is WAIT:
        return False
    if tid is not None:
        owner = None if ctx.rules["tracks"][tid].get("scope") == "game" else f["player"]
        defer(f, *advance(ctx, owner, tid, k, f["player"], stmt.get("using")))
    return True


def _retreat(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    k = _qty(ctx, f, stmt, f"move {stmt['track']} back")
    if k is WAIT:
        return False
    tid = _pick_track(ctx, f, stmt, False)
    if tid is WAIT:
        return False
    if tid is not None:
        retreat(ctx, f["player"], tid, k)
    return True


def _collect(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    label = label_of(ctx, f)
    if stmt.get("all"):
        for tid in group(ctx, stmt["track"]):
            collect(ctx, f["player"], tid, label)
        return True
    tid = _pick_track(ctx, f, stmt, False)
    if tid is WAIT:
        return False
    if tid is not None:
        collect(ctx, f["player"], tid, label)
    return True


def _raise_to(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    p, tid = f["player"], stmt["name"]
    value = total(ctx, stmt["count"], p, f.get("card"))
    ctx.pl(p)["tracks"][tid] = max(ctx.pl(p)["tracks"][tid], value)
    return True


# ---- contracts, piles, bonus boards, slot rows, options -----------------------------------

def _take(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """``take N pile``: N times, a display card or the top of the deck (decisions)."""
    p, pile = f["player"], stmt["pile"]
    n = quantity_max(ctx, stmt["qty"], p, f.get("card"))
    while f.get("taken", 0) < n and take_options(ctx, p, pile):
        if not take(ctx, f, pile):
            return False
        f["tmp"] = {}
        f["taken"] = f.get("taken", 0) + 1
    f.pop("taken", None)
    return True


def _may(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    from compiler.runtime.applicable import can_apply

    p = f["player"]
    if not can_apply(ctx, stmt["effect"], p, f.get("card")):
        return True
    ans = ctx.ask(f, "may", p, "may", "apply the optional effect?", [{"may": True}, {"may": False}])
    if ans is WAIT:
        return False
    if ans["may"]:
        defer(f, child(f, f["ref"] + ["stmts", f["i"], "effect"]))
    return True


def _retrieve_all(ctx: Ctx, f: Frame) -> bool:
    retrieve_all(ctx, f["player"])
    return True


def _retrieve_rightmost(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    opts = rightmost_options(ctx, f["player"])
    if not opts:
        return True
    ans = ctx.ask(f, "row", f["player"], "row", "take back the rightmost card of which row", opts)
    if ans is WAIT:
        return False
    retrieve_rightmost(ctx, f["player"], ans["row"])
    return True


HANDLERS: dict[str, Any] = {
    "build": _build, "relocate": _relocate, "advance": _advance, "retreat": _retreat,
    "collect": _collect, "raise_to": _raise_to,
    "fulfil": lambda ctx, f, st: fulfil(ctx, f, st["kind"], st.get("tag")),
    "sell_to": lambda ctx, f, st: sell(ctx, f, st["channel"]),
    "take": _take,
    "claim": lambda ctx, f, st: claim(ctx, f, st["board"],
                                      quantity_max(ctx, st["qty"], f["player"])),
    "may": _may,
    "retrieve_all": lambda ctx, f, st: _retrieve_all(ctx, f),
    "retrieve_rightmost": _retrieve_rightmost,
}

POSSIBLE: dict[str, Any] = {
    "build": lambda ctx, st, p: bool(build_options(ctx, p, None, st)),
    "fulfil": lambda ctx, st, p: bool(fulfil_spaces(ctx, p, st["kind"], zone_now(ctx, None),
                                                    st.get("tag"))),
    "sell_to": lambda ctx, st, p: bool(sell_options(ctx, p, st["channel"], zone_now(ctx, None))),
    "take": lambda ctx, st, p: bool(take_options(ctx, p, st["pile"])),
    "claim": lambda ctx, st, p: bool(claim_options(ctx, st["board"], 1, None)),
    "relocate": lambda ctx, st, p: bool(_movable(ctx, p, st["piece"])),
    "retrieve_rightmost": lambda ctx, st, p: bool(rightmost_options(ctx, p)),
}
