"""Contracts: tiles on board spaces, fulfilled onto a cell of the player's grid board.

Rulebook (Pampero, "Fulfill contracts"): "For a standard contract, you need an unlocked
sector, zone, market icon and transformer column; the chosen transformer space must also
connect to an earlier contract on your grid (unless it is your first contract). Pay the
energy cost printed at that board space, take the contract, move an unlocked transformer
onto its vacated board space, and place the contract in that transformer's grid space.
Resolve its printed grid bonus and advance each matching income marker by the number of
arrows shown". A ``contract_kinds`` record says how: ``spaces`` (space types holding its
tiles), ``cost`` (``area_energy``: the energy of the space's area; ``tile``: the tile's
``cost`` / one of its ``cost_any``), ``tower`` (an own tower in the sector, or pay the
``use_fee`` constant to a player who has one), ``gate`` (a track whose ``opens`` levels
open areas and tags), ``zone_linked`` (the space's zone is the slot's), ``network``
(the cell touches an earlier contract; a held item that ``waives: [network]`` lifts it),
``reach: ends`` (only the first or last tile of the display). A column of the grid is
unlocked once the player has built that many towers. ``replacements`` with
``instead_of: {fulfil: kind}`` may take the tile's place (paid for, the tile leaves).

State: ``state["tiles_on"]`` ``{space: contract id}``; ``players[p]["grid"]``
``{"column:row": contract id}``; ``players[p]["contracts"]`` ``{contract id: {cell, space,
tags}}``.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.markers import advance
from compiler.runtime.places import put_piece, sector_of, zone_of
from compiler.runtime.slots import zone_now
from compiler.runtime.stock import child, defer, gain, label_of, lose
from compiler.runtime.values import constant, num

__all__ = ["cells", "fulfil", "fulfil_spaces", "opened", "towers_built"]

Cost = dict[str, int]


def towers_built(ctx: Ctx, p: int) -> int:
    return sum(1 for pcs in ctx.state["places"].values() for pc in pcs
               if pc["piece"] == _tower(ctx) and pc["owner"] == p)


def _tower(ctx: Ctx) -> str:
    return next((pid for pid, r in ctx.rules["pieces"].items() if r.get("from_grid")), "")


def opened(ctx: Ctx, p: int, gate: str | None) -> tuple[set[str], set[str], set[str]]:
    """(areas opened, tags opened, tags gated at all) by track ``gate`` for player ``p``."""
    if not gate:
        return set(), set(), set()
    level = ctx.pl(p)["tracks"][gate]
    areas: set[str] = set()
    tags: set[str] = set()
    gated: set[str] = set()
    for lvl in ctx.rules["tracks"][gate].get("opens") or []:
        gated |= set(lvl.get("tags") or [])
        if num(lvl["at"]) <= level:
            areas |= set(lvl.get("areas") or [])
            tags |= set(lvl.get("tags") or [])
    return areas, tags, gated


def _costs(ctx: Ctx, kind: dict[str, Any], sid: str, cid: str) -> list[Cost]:
    """The ways to pay for contract ``cid`` on space ``sid``."""
    if kind["cost"] == "area_energy":
        area = (ctx.rules.get("areas") or {}).get(sector_of(ctx, sid) or "") or {}
        if "energy" not in area:
            area = (ctx.rules.get("areas") or {}).get(zone_of(ctx, sid) or "") or {}
        return [{"energy": num(area.get("energy"))}]
    tile = ctx.rules["contracts"][cid]
    if tile.get("cost_any"):
        return [{r: num(v) for r, v in c.items()} for c in tile["cost_any"]]
    return [{r: num(v) for r, v in (tile.get("cost") or {}).items()}]


def _can_pay(ctx: Ctx, p: int, cost: Cost) -> bool:
    return all(ctx.pl(p)["stock"][r] >= n for r, n in cost.items())


def _tower_owner(ctx: Ctx, p: int, sid: str) -> int | None | bool:
    """True when ``p`` has a tower in the space's sector; else a player who has one
    (whom ``p`` can pay); else False."""
    sector, tower = sector_of(ctx, sid), _tower(ctx)
    owners = [pc["owner"] for other, pcs in ctx.state["places"].items()
              if sector_of(ctx, other) == sector for pc in pcs if pc["piece"] == tower]
    if p in owners:
        return True
    fee = constant(ctx, "use_fee") if "use_fee" in (ctx.rules.get("constants") or {}) else 0
    for owner in owners:
        if ctx.pl(p)["stock"][ctx.index.currency] >= fee:
            return owner
    return False


def _space_ok(ctx: Ctx, p: int, kind: dict[str, Any], sid: str, zone: str | None) -> bool:
    cid = ctx.state["tiles_on"][sid]
    if kind.get("zone_linked") and zone is not None and zone_of(ctx, sid) != zone:
        return False
    areas, tags, gated = opened(ctx, p, kind.get("gate"))
    if kind.get("gate"):
        if zone_of(ctx, sid) not in areas and sector_of(ctx, sid) not in areas:
            return False
        if (set(ctx.rules["contracts"][cid].get("tags") or []) & gated) - tags:
            return False
    if kind.get("tower") and _tower_owner(ctx, p, sid) is False:
        return False
    return any(_can_pay(ctx, p, c) for c in _costs(ctx, kind, sid, cid))


def _reachable(ctx: Ctx, kind: dict[str, Any], sids: list[str]) -> list[str]:
    if kind.get("reach") != "ends" or len(sids) < 2:
        return sids
    ordered = sorted(sids, key=lambda s: ctx.index.spaces[s].get("pos", 0))
    return [ordered[0], ordered[-1]]


def fulfil_spaces(ctx: Ctx, p: int, kind_id: str, zone: str | None,
                  tag: str | None = None) -> list[str]:
    """Spaces whose contract player ``p`` may fulfil now (some grid cell free too);
    ``tag``: only tiles with that tag."""
    kind = ctx.rules["contract_kinds"][kind_id]
    sids = [sid for sid, cid in ctx.state["tiles_on"].items()
            if ctx.index.spaces[sid].get("type") in kind["spaces"]
            and ctx.rules["contracts"].get(cid, {}).get("kind") == kind_id
            and (tag is None or tag in (ctx.rules["contracts"][cid].get("tags") or []))]
    sids = [s for s in _reachable(ctx, kind, sids) if _space_ok(ctx, p, kind, s, zone)]
    return sids if sids and (cells(ctx, p, kind) or _replacement(ctx, kind_id)) else []


def cells(ctx: Ctx, p: int, kind: dict[str, Any]) -> list[str]:
    """Free cells of unlocked columns; touching an earlier contract when ``network``."""
    pl = ctx.pl(p)
    built = towers_built(ctx, p)
    free = [f"{num(col['column'])}:{num(cell['row'])}"
            for col in (ctx.rules.get("grid_columns") or {}).values() if num(col["column"]) <= built
            for cell in col["cells"]
            if f"{num(col['column'])}:{num(cell['row'])}" not in pl["grid"]]
    waived = any("network" in (ctx.rules["deck_items"].get(i, {}).get("waives") or [])
                 for i in pl.get("held", []))
    if not kind.get("network") or not pl["grid"] or waived:
        return free
    return [c for c in free if any(n in pl["grid"] for n in _neighbours(c))]


def _neighbours(cell: str) -> list[str]:
    c, r = (int(x) for x in cell.split(":"))
    return [f"{c + dc}:{r + dr}" for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]


def _replacement(ctx: Ctx, kind_id: str) -> str | None:
    return next((rid for rid, r in (ctx.rules.get("replacements") or {}).items()
                 if (r.get("instead_of") or {}).get("fulfil") == kind_id), None)


def fulfil(ctx: Ctx, f: Frame, kind_id: str, tag: str | None = None) -> bool:
    """The ``fulfil`` statement: space, replacement, cell, payment (decisions), then
    the contract is resolved. False while a decision is open."""
    p, kind = f["player"], ctx.rules["contract_kinds"][kind_id]
    sids = fulfil_spaces(ctx, p, kind_id, zone_now(ctx, f), tag)
    if not sids:
        return True
    sid = ctx.ask(f, "space", p, "contract", f"which {kind_id} contract",
                  [{"space": s} for s in sids])
    if sid is WAIT:
        return False
    sid, cid = sid["space"], ctx.state["tiles_on"][sid["space"]]
    rid = _replacement(ctx, kind_id)
    instead = {"instead": False}
    if rid:
        opts = [{"instead": False}] if cells(ctx, p, kind) else []
        instead = ctx.ask(f, "instead", p, "replace", f"take the tile, or '{rid}' instead",
                          opts + [{"instead": True}])
        if instead is WAIT:
            return False
    cell = {"cell": None}
    if not instead["instead"]:
        cell = ctx.ask(f, "cell", p, "grid_cell", "which grid cell",
                       [{"cell": c} for c in cells(ctx, p, kind)])
        if cell is WAIT:
            return False
    costs = [c for c in _costs(ctx, kind, sid, cid) if _can_pay(ctx, p, c)]
    cost = ctx.ask(f, "cost", p, "payment", "how to pay", [{"cost": c} for c in costs])
    if cost is WAIT:
        return False
    _resolve(ctx, f, kind_id, sid, cid, cell["cell"], cost["cost"], rid if instead["instead"]
             else None)
    return True


def _resolve(ctx: Ctx, f: Frame, kind_id: str, sid: str, cid: str, cell: str | None,
             cost: Cost, rid: str | None) -> None:
    p, kind = f["player"], ctx.rules["contract_kinds"][kind_id]
    label = label_of(ctx, f)
    for res, n in cost.items():
        lose(ctx, p, res, n, label)
    owner = _tower_owner(ctx, p, sid) if kind.get("tower") else True
    if owner is not True and isinstance(owner, int):
        fee = constant(ctx, "use_fee")
        lose(ctx, p, ctx.index.currency, fee, "fees")
        gain(ctx, owner, ctx.index.currency, fee, "fees")
    del ctx.state["tiles_on"][sid]
    if rid is not None:
        defer(f, child(f, ["replacements", rid, "effect"]))
        return
    _place(ctx, f, kind_id, sid, cid, str(cell))


def _place(ctx: Ctx, f: Frame, kind_id: str, sid: str, cid: str, cell: str) -> None:
    p, pl = f["player"], ctx.pl(f["player"])
    col, row = (int(x) for x in cell.split(":"))
    rec = next(c for c in ctx.rules["grid_columns"].values() if num(c["column"]) == col)
    cell_rec = next(c for c in rec["cells"] if num(c["row"]) == row)
    put_piece(ctx, p, "transformer", sid, number=num(cell_rec.get("number")), cell=cell)
    tile = ctx.rules["contracts"][cid]
    tags = list(tile.get("tags") or []) + [kind_id] + \
        [a for a in (sector_of(ctx, sid), zone_of(ctx, sid)) if a]
    pl["grid"][cell] = cid
    pl["contracts"][cid] = {"cell": cell, "space": sid, "tags": sorted(set(tags))}
    frames: list[Frame] = []
    if cell_rec.get("bonus"):
        gid = next(k for k, c in ctx.rules["grid_columns"].items() if c is rec)
        idx = rec["cells"].index(cell_rec)
        frames.append(child(f, ["grid_columns", gid, "cells", idx, "bonus"]))
    for track, n in (tile.get("arrows") or {}).items():
        frames += advance(ctx, p, track, num(n), p)
    for path in (["contracts", cid, "after"], ["contract_kinds", kind_id, "after"]):
        if ctx.lookup(path[:-1]).get("after"):
            frames.append(child(f, path, target=sid))
    frames += _line_tiles(ctx, f, sid)
    defer(f, *frames)


def _line_tiles(ctx: Ctx, f: Frame, sid: str) -> list[Frame]:
    """Connection tiles lying on a line through the space: the player takes them and
    resolves them (placeholder reading; see docs/pampero/STATUS.md)."""
    out: list[Frame] = []
    lines = ctx.state.setdefault("line_tiles", {})
    for line in ctx.index.spaces[sid].get("lines") or []:
        tile = lines.pop(line, None)
        if tile is not None:
            ctx.pl(f["player"])["held"].append(tile)
            if ctx.rules["deck_items"][tile].get("effect"):
                out.append(child(f, ["deck_items", tile, "effect"], label="connection_tiles"))
    return out


