"""Pieces on board spaces: where they are, where they may go, putting and moving them.

State: ``state["places"]`` ``{space id: [{"piece", "owner", "number"?}]}`` (pieces on or
"beside" a space, in arrival order); each player's pieces not yet on the board are in
``players[p]["pieces"]`` ``{piece: count}``; shared pieces in ``state["supply"]``. A
space's ``area`` is a zone or a sector (``areas`` records), so "zone of a space" is its
sector's zone. Rules (pieces records): ``on`` (space types), ``structure`` (one per
site: "A site is available only when it has no structure and no bulldozer beside it"),
``needs`` (a piece that must sit on the site, e.g. a bulldozer "beside" it), ``mover``
(pieces that move between sites, the utility area and parking spaces), ``near`` (it
goes next to a piece already there).
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import Ctx
from compiler.runtime.errors import RulesError
from compiler.runtime.values import num

__all__ = ["area_of", "available_for_mover", "build_spaces", "in_area", "land", "pieces_at",
           "put_piece", "remove_piece", "sector_of", "space", "structure_at", "take_piece",
           "zone_of"]

Piece = dict[str, Any]


def space(ctx: Ctx, sid: str) -> dict[str, Any]:
    return ctx.index.spaces[sid]


def pieces_at(ctx: Ctx, sid: str) -> list[Piece]:
    """The pieces on space ``sid`` (read only: add with ``put_piece`` / ``land``)."""
    return ctx.state["places"].get(sid) or []


def land(ctx: Ctx, sid: str, entry: Piece) -> None:
    """Put a piece already off the board (moved, or just taken) on space ``sid``."""
    ctx.state["places"].setdefault(sid, []).append(entry)


def sector_of(ctx: Ctx, sid: str) -> str | None:
    """The space's area (a sector, or a zone that has no sectors)."""
    return ctx.index.spaces[sid].get("area")


def zone_of(ctx: Ctx, sid: str) -> str | None:
    area = sector_of(ctx, sid)
    if area is None:
        return None
    rec = (ctx.rules.get("areas") or {}).get(area) or {}
    return rec.get("zone") or area


def area_of(ctx: Ctx, name: str) -> str:
    """``zone`` or ``sector`` for an area id; ``space`` / ``space_type`` otherwise."""
    rec = (ctx.rules.get("areas") or {}).get(name)
    if rec is not None:
        return str(rec.get("type") or "zone")
    return "space" if name in ctx.index.spaces else "space_type"


def in_area(ctx: Ctx, sid: str, name: str | None) -> bool:
    """Whether space ``sid`` lies in ``name`` (a zone, sector, space or space type)."""
    if name is None:
        return True
    kind = area_of(ctx, name)
    if kind == "space":
        return sid == name
    if kind == "space_type":
        return ctx.index.spaces[sid].get("type") == name
    return name in (sector_of(ctx, sid), zone_of(ctx, sid))


def _is_structure(ctx: Ctx, pc: Piece) -> bool:
    return bool(ctx.rules["pieces"][pc["piece"]].get("structure"))


def structure_at(ctx: Ctx, sid: str) -> Piece | None:
    return next((pc for pc in pieces_at(ctx, sid) if _is_structure(ctx, pc)), None)


def _movers_at(ctx: Ctx, sid: str) -> list[Piece]:
    return [pc for pc in pieces_at(ctx, sid) if ctx.rules["pieces"][pc["piece"]].get("mover")]


def available_for_mover(ctx: Ctx, piece: str, sid: str) -> bool:
    """A mover may go to a space of its types: a site with no structure and no mover
    beside it, or an area with room (``capacity`` 0: unlimited)."""
    sp = ctx.index.spaces[sid]
    if sp.get("type") not in (ctx.rules["pieces"][piece].get("on") or []):
        return False
    if "capacity" in sp:
        cap = num(sp.get("capacity"))
        return cap == 0 or len(_movers_at(ctx, sid)) < cap
    return structure_at(ctx, sid) is None and not _movers_at(ctx, sid)


def has_piece(ctx: Ctx, p: int, piece: str) -> bool:
    """Whether player ``p`` (or the shared supply) still has a ``piece`` to put down."""
    rec = ctx.rules["pieces"][piece]
    if "supply" in rec:
        return ctx.state["supply"].get(piece, 0) > 0
    return ctx.pl(p)["pieces"].get(piece, 0) > 0


def build_spaces(ctx: Ctx, p: int, piece: str, area: str | None,
                 needs: bool = True, along: str | None = None,
                 target: str | None = None) -> list[str]:
    """Spaces where player ``p`` may put ``piece`` in ``area`` (None: anywhere).

    ``needs=False`` ignores the piece's ``needs`` (setup placement); ``along``: ``line``
    (a space sharing a connection line with ``target``, other than it) or a piece id
    (a space already holding an own such piece: a second one goes there)."""
    if not has_piece(ctx, p, piece):
        return []
    rec = ctx.rules["pieces"][piece]
    if along and along != "line":
        return [sid for sid in ctx.index.spaces if in_area(ctx, sid, area) and any(
            pc["piece"] == along and pc["owner"] == p for pc in pieces_at(ctx, sid))]
    by_line = bool((rec.get("near") or {}).get("line_zone")) and along != "line"
    out = []
    for sid, sp in ctx.index.spaces.items():
        if sp.get("type") not in (rec.get("on") or []):
            continue
        if not by_line and not in_area(ctx, sid, area):
            continue
        if by_line and area is not None and line_zone(ctx, sid, rec["near"]["piece"]) != area:
            continue
        if along == "line" and not _same_line(ctx, sid, target):
            continue
        if rec.get("single") and any(pc["piece"] == piece for pc in pieces_at(ctx, sid)):
            continue
        if rec.get("mover"):
            if available_for_mover(ctx, piece, sid):
                out.append(sid)
            continue
        if rec.get("structure") and structure_at(ctx, sid) is not None:
            continue
        if needs and rec.get("needs") and not _helpers(ctx, sid, rec["needs"]):
            continue
        if rec.get("near") and not _near_ok(ctx, p, sid, rec["near"]):
            continue
        out.append(sid)
    return out


def _same_line(ctx: Ctx, sid: str, target: str | None) -> bool:
    if target is None or sid == target or target not in ctx.index.spaces:
        return False
    lines = set(ctx.index.spaces[target].get("lines") or [])
    return bool(lines & set(ctx.index.spaces[sid].get("lines") or []))


def line_zone(ctx: Ctx, sid: str, piece: str) -> str | None:
    """The highest zone (by the order of ``areas``) among the spaces holding a ``piece``
    (a transformer) on the lines through ``sid`` ("If there are multiple transformers on
    the connection line, and they are in different zones, you must play the card to the
    higher zone")."""
    lines = set(ctx.index.spaces[sid].get("lines") or [])
    zones = [zone_of(ctx, other) for other, sp in ctx.index.spaces.items()
             if lines & set(sp.get("lines") or [])
             and any(pc["piece"] == piece for pc in pieces_at(ctx, other))]
    order = [a for a, r in (ctx.rules.get("areas") or {}).items() if r.get("type") == "zone"]
    ranked = [z for z in zones if z in order]
    return max(ranked, key=order.index) if ranked else zone_of(ctx, sid)


def _helpers(ctx: Ctx, sid: str, piece: str) -> list[Piece]:
    return [pc for pc in pieces_at(ctx, sid) if pc["piece"] == piece]


def _near_ok(ctx: Ctx, p: int, sid: str, near: dict[str, Any]) -> bool:
    """``near {piece, own, on, with, line}``: a ``piece`` (own if ``own``) on the space,
    the space of type ``on``, an own ``with`` piece in the same sector, on a line."""
    here = [pc for pc in pieces_at(ctx, sid) if pc["piece"] == near.get("piece")
            and (not near.get("own") or pc["owner"] == p)]
    if not here:
        return False
    if near.get("on") and ctx.index.spaces[sid].get("type") not in near["on"]:
        return False
    if near.get("line") and not ctx.index.spaces[sid].get("lines"):
        return False
    if near.get("with"):
        sector = sector_of(ctx, sid)
        return any(pc["piece"] == near["with"] and pc["owner"] == p
                   for other in ctx.index.spaces if sector_of(ctx, other) == sector
                   for pc in pieces_at(ctx, other))
    return True


def take_piece(ctx: Ctx, p: int | None, piece: str) -> None:
    """Take one ``piece`` from ``p``'s pieces (or the shared supply)."""
    rec = ctx.rules["pieces"][piece]
    pool = ctx.state["supply"] if "supply" in rec else ctx.pl(p)["pieces"] if p is not None \
        else None
    if pool is None or pool.get(piece, 0) <= 0:
        raise RulesError(f"no {piece} left to put on the board")
    pool[piece] -= 1


def put_piece(ctx: Ctx, p: int | None, piece: str, sid: str, **extra: Any) -> Piece:
    """Take a piece and put it on space ``sid``; returns the piece entry."""
    take_piece(ctx, p, piece)
    entry: Piece = {"piece": piece, "owner": p, **extra}
    land(ctx, sid, entry)
    return entry


def remove_piece(ctx: Ctx, sid: str, entry: Piece) -> None:
    """Lift ``entry`` off space ``sid`` (to be put down elsewhere by the caller)."""
    here = pieces_at(ctx, sid)
    for i, pc in enumerate(here):
        if pc is entry or pc == entry:
            del here[i]
            if not here:
                del ctx.state["places"][sid]
            return
    raise RulesError(f"internal error: no {entry['piece']} on {sid}")
