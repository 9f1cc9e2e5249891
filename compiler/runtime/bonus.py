"""Bonus boards: spaces of printed bonuses, some covered by tiles, claimed in adjacent sets.

Rulebook (Pampero, "Build towers and farms"): "choose two adjacent spaces on the tower
bonus board. A tower in zone A takes both choices from A; zone B can reach A or B; zone C
can reach any area. In two-player games, discard one additional eligible bonus tile."
A ``bonus_boards`` record: ``spaces [{id, area, row, col, bonus}]``, ``reach {zone:
[areas]}``, ``adjacency: orthogonal``, ``two_player_discard``, ``tiles`` (the pile dealt
onto it) and ``cover`` (a pile of tiles that are never taken: after claiming, one of the
chosen printed spaces is covered for good by a tile of that pile of the same zone; with
``cover`` set, a tile on a space gives its effect and stays: Low Tech Towers).
Statement: ``claim N board``; the zone is that of the space the statement's ``target``
names (the tower just built), else the slot's.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.places import zone_of
from compiler.runtime.slots import zone_now
from compiler.runtime.stock import child, defer

__all__ = ["claim", "claim_options"]


def _board(ctx: Ctx, bid: str) -> dict[str, Any]:
    return ctx.rules["bonus_boards"][bid]


def _reach(ctx: Ctx, bid: str, f: Frame | None) -> list[str]:
    board = _board(ctx, bid)
    target = (f or {}).get("target") or ctx.scope.get("target")
    zone = zone_of(ctx, target) if target in ctx.index.spaces else zone_now(ctx, f)
    areas = sorted({s["area"] for s in board["spaces"]})
    return list((board.get("reach") or {}).get(zone or "", areas))


def _adjacent(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["area"] == b["area"] and abs(a["row"] - b["row"]) + abs(a["col"] - b["col"]) == 1


def claim_options(ctx: Ctx, bid: str, n: int, f: Frame | None) -> list[dict[str, Any]]:
    """Sets of ``n`` adjacent spaces in reachable areas (n = 1: single spaces)."""
    areas = _reach(ctx, bid, f)
    spaces = [s for s in _board(ctx, bid)["spaces"] if s["area"] in areas]
    if n <= 1:
        return [{"spaces": [s["id"]]} for s in spaces]
    return [{"spaces": [a["id"], b["id"]]} for a, b in combinations(spaces, 2)
            if _adjacent(a, b)]


def claim(ctx: Ctx, f: Frame, bid: str, n: int) -> bool:
    """Claim ``n`` adjacent spaces: take their tiles or gain their printed bonuses; then
    the two-player discard and the covering tile (decisions)."""
    p, board = f["player"], _board(ctx, bid)
    opts = claim_options(ctx, bid, n, f)
    if not opts:
        return True
    ans = ctx.ask(f, "claim", p, "bonus", f"which {n} bonus spaces", opts)
    if ans is WAIT:
        return False
    discard: Any = None
    if len(ctx.state["players"]) == 2 and board.get("two_player_discard"):
        discard = _ask_discard(ctx, f, bid, ans["spaces"])
        if discard is WAIT:
            return False
    cover: Any = _ask_cover(ctx, f, bid, ans["spaces"]) if board.get("cover") else None
    if cover is WAIT:
        return False
    frames = [fr for sid in ans["spaces"] for fr in _gain_space(ctx, f, bid, sid)]
    if discard:
        ctx.state["bonus_tiles"].pop(discard["space"], None)
    if cover:
        _apply_cover(ctx, bid, cover["cover"])
    defer(f, *frames)
    return True


def _gain_space(ctx: Ctx, f: Frame, bid: str, sid: str) -> list[Frame]:
    board = _board(ctx, bid)
    tiles = ctx.state["bonus_tiles"]
    covered = ctx.state.setdefault("covers", {}).get(sid)
    if covered is not None:
        has = ctx.rules["deck_items"][covered].get("effect")
        return [child(f, ["deck_items", covered, "effect"])] if has else []
    tile = tiles.get(sid)
    if tile is None:
        idx = next(i for i, s in enumerate(board["spaces"]) if s["id"] == sid)
        return [child(f, ["bonus_boards", bid, "spaces", idx, "bonus"])]
    rec = ctx.rules["deck_items"][tile]
    out: list[Frame] = []
    if not board.get("cover"):
        del tiles[sid]
        ctx.pl(f["player"])["held"].append(tile)
        if rec.get("occupies"):
            area = next(s["area"] for s in board["spaces"] if s["id"] == sid)
            out.append({"kind": "occupy_slot", "player": f["player"], "tile": tile, "zone": area})
    if rec.get("effect") and rec.get("use") in (None, "now"):
        out.append(child(f, ["deck_items", tile, "effect"], label=str(rec.get("deck"))))
    return out


def _ask_discard(ctx: Ctx, f: Frame, bid: str, chosen: list[str]) -> Any:
    """The two-player discard of one more eligible tile: an answer, None or WAIT."""
    areas = _reach(ctx, bid, f)
    spaces = {s["id"]: s for s in _board(ctx, bid)["spaces"]}
    eligible = [sid for sid in ctx.state["bonus_tiles"]
                if sid in spaces and spaces[sid]["area"] in areas and sid not in chosen]
    if not eligible:
        return None
    return ctx.ask(f, "discard", f["player"], "discard_tile", "discard one more bonus tile",
                   [{"space": s} for s in eligible])


def _cover_tile(ctx: Ctx, bid: str, sid: str) -> str | None:
    board = _board(ctx, bid)
    area = next(s["area"] for s in board["spaces"] if s["id"] == sid)
    pile = ctx.state["piles"].get(board["cover"]) or []
    return next((t for t in pile if ctx.rules["deck_items"][t].get("zone") == area), None)


def _ask_cover(ctx: Ctx, f: Frame, bid: str, chosen: list[str]) -> Any:
    """Which chosen printed space gets a covering tile: an answer, None or WAIT."""
    covers = ctx.state.setdefault("covers", {})
    printed = [sid for sid in chosen if sid not in covers and sid not in ctx.state["bonus_tiles"]]
    opts = [{"cover": sid} for sid in printed if _cover_tile(ctx, bid, sid)]
    if not opts:
        return None
    return ctx.ask(f, "cover", f["player"], "cover", "cover which printed space", opts)


def _apply_cover(ctx: Ctx, bid: str, sid: str) -> None:
    """Cover printed space ``sid`` for good with an unused tile of its zone."""
    tile = _cover_tile(ctx, bid, sid)
    if tile is not None:
        ctx.state["piles"][_board(ctx, bid)["cover"]].remove(tile)
        ctx.state.setdefault("covers", {})[sid] = tile
