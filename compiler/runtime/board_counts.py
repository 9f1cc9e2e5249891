"""Counts of slot-row, piece-board and marker-track games (docs/dsl.md, Counts).

Registered into ``counts._COUNTS``; each takes ``(ctx, node, player, card)`` like the
others. The slot and target of the statement being resolved come from ``ctx.scope``
(set by the effect interpreter for the running frame, and while options are probed).
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import Ctx
from compiler.runtime.markers import group, position, track_values, worth
from compiler.runtime.places import in_area, pieces_at
from compiler.runtime.values import num

Node = dict[str, Any]


def _slot_value(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    from compiler.runtime.slots import slot_of, slot_value

    slot = ctx.scope.get("slot")
    if not slot:
        return 0
    row, idx = slot
    if node["attr"] == "value":
        return slot_value(ctx, ctx.scope["player"], row, idx)
    value = slot_of(ctx, row, idx).get(node["attr"])
    return num(value) if not isinstance(value, str) else 0


def _own(ctx: Ctx, p: int | None, piece: str | None, area: str | None) -> int:
    return sum(1 for sid, pcs in ctx.state["places"].items() if in_area(ctx, sid, area)
               for pc in pcs if pc["owner"] == p and (piece is None or pc["piece"] == piece))


def _sites_with(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    return sum(1 for pcs in ctx.state["places"].values()
               if any(pc["piece"] == node["piece"] and pc["owner"] == p for pc in pcs))


def _contracts(ctx: Ctx, p: int | None, tag: str | None) -> list[dict[str, Any]]:
    if p is None:
        return []
    return [c for c in ctx.pl(p)["contracts"].values() if tag is None or tag in c["tags"]]


def _arrows(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    if p is None:
        return 0
    return sum(num(n) for cid, c in ctx.pl(p)["contracts"].items() if node["tag"] in c["tags"]
               for n in (ctx.rules["contracts"][cid].get("arrows") or {}).values())


def _items(ctx: Ctx, p: int | None, pile: str) -> list[str]:
    if p is None:
        return []
    from compiler.runtime.piles import item_rec

    return [i for i in ctx.pl(p)["held"] if item_rec(ctx, i).get("deck") == pile]


def _owned(ctx: Ctx, p: int | None, pile: str) -> int:
    """``items DECK``: the items of ``pile`` the player holds, plus its cards that are
    action cards (drawn to the hand): in the hand or on the company mat's slots (Clear
    Skies objective "Have 6 or more specialist cards": specialist action cards count)."""
    if p is None:
        return 0
    from compiler.runtime.piles import item_rec

    pl = ctx.pl(p)
    cards = list(pl.get("hand") or []) + [x for row in (pl.get("slots") or {}).values()
                                          for x in row if isinstance(x, str)
                                          and not x.startswith("tile:")]
    in_play = [x for x in cards if x in (ctx.rules.get("action_cards") or {})
               and item_rec(ctx, x).get("deck") == pile]
    return len(_items(ctx, p, pile)) + len(in_play)


def _total_of(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    from compiler.runtime.piles import item_rec

    field = node["field"]
    return sum(_field(item_rec(ctx, i), field) for i in _items(ctx, p, node["pile"]))


def _field(rec: dict[str, Any], field: str) -> int:
    if field in (rec.get("numbers") or {}):
        return num(rec["numbers"][field])
    if field in (rec.get("cost") or {}):
        return num(rec["cost"][field])
    value = rec.get(field)
    return num(value) if isinstance(value, int | dict) else 0


def _total_under(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    out = 0
    for sid, pcs in ctx.state["places"].items():
        if any(pc["piece"] == node["piece"] and pc["owner"] == p for pc in pcs):
            out += _space_number(ctx, sid, node["field"])
    return out


def _space_number(ctx: Ctx, sid: str, field: str) -> int:
    """A number of space ``sid``: its own field, else its sector's, else its zone's
    (an area's field, or an entry of its ``numbers``)."""
    from compiler.runtime.places import sector_of, zone_of

    sp = ctx.index.spaces[sid]
    if field in sp:
        return num(sp[field])
    for area_id in (sector_of(ctx, sid), zone_of(ctx, sid)):
        area = (ctx.rules.get("areas") or {}).get(area_id or "") or {}
        if field in area:
            return num(area[field])
        if field in (area.get("numbers") or {}):
            return num(area["numbers"][field])
    return 0


def _columns(ctx: Ctx) -> dict[int, dict[str, Any]]:
    return {num(c["column"]): c for c in (ctx.rules.get("grid_columns") or {}).values()}


def _filled(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    if p is None:
        return 0
    grid = ctx.pl(p)["grid"]
    return sum(1 for col, rec in _columns(ctx).items()
               if all(f"{col}:{num(c['row'])}" in grid for c in rec["cells"]))


def _column(contract: dict[str, Any]) -> int:
    return int(str(contract["cell"]).split(":")[0])


def _column_values(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    """The sum of the ``value`` of the grid column of each own contract with the tag."""
    cols = _columns(ctx)
    return sum(num((cols.get(_column(c)) or {}).get("value"), _column(c))
               for c in _contracts(ctx, p, node["tag"]))


def _band(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    tracks = group(ctx, node["track"])
    placed = [position(ctx, p, t) for t in tracks if position(ctx, p, t) > 0]
    if not placed:
        return 0
    col = _columns(ctx).get(max(placed))
    return num(((col or {}).get("band") or {}).get(node["side"]))


def _output(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    from compiler.runtime.contracts import towers_built

    if p is None:
        return 0
    built = towers_built(ctx, p)
    energy = ctx.pl(p)["stock"].get("energy", 0)
    out = sum(num((rec.get("icons") or {}).get(node["icon"]))
              for col, rec in _columns(ctx).items()
              if col <= built and num(rec.get("energy")) <= energy)
    return max(0, out - int(node.get("less") or 0))


def _pieces_near(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    return sum(1 for pcs in ctx.state["places"].values()
               if any(pc["piece"] == node["other"] for pc in pcs)
               for pc in pcs if pc["piece"] == node["piece"] and pc["owner"] == p)


def _is_most(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    from compiler.runtime.counts import value_of

    if p is None:
        return 0
    values = [value_of(ctx, node["name"], q) for q in range(len(ctx.state["players"]))]
    return int(values[p] == max(values) and values[p] > 0)


def _target(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    """A number of the statement's target: a grid column (its fields; ``band_income``:
    the highest own income marker inside the column's band) or a board space (its
    fields, its area's, or the ``number`` of a piece on it)."""
    target = ctx.scope.get("target")
    attr = node["attr"]
    cols = ctx.rules.get("grid_columns") or {}
    if target in cols:
        rec = cols[target]
        if attr == "band_income":
            return _band_income(ctx, p, rec)
        return num(rec.get(attr)) if attr in rec else 0
    if target in ctx.index.spaces:
        numbers = [num(pc[attr]) for pc in pieces_at(ctx, target) if attr in pc]
        return max(numbers) if numbers else _space_number(ctx, target, attr)
    return 0


def _band_income(ctx: Ctx, p: int | None, col: dict[str, Any]) -> int:
    band = col.get("band") or {}
    low, high = num(band.get("left")), num(band.get("right"))
    best = 0
    for t in group(ctx, "income"):
        w = worth(ctx, p, t)
        if low <= w <= high:
            best = max(best, w)
    return best


def _worth_behind(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    tid = node["track"]
    mine = position(ctx, p, tid)
    values = track_values(ctx, tid)
    behind = [position(ctx, q, tid) for q in range(len(ctx.state["players"])) if q != p]
    spaces = [mine] + [b for b in behind if 0 <= b < mine]
    return sum(values[s] for s in spaces if 0 <= s < len(values))


def _per_players(ctx: Ctx, tid: str) -> list[int]:
    return [pl["tracks"][tid] for pl in ctx.state["players"]]


COUNTS: dict[str, Any] = {
    "slot_value": _slot_value,
    "own_pieces": lambda ctx, n, p, c: _own(ctx, p, n["piece"], n.get("area")),
    "pieces_in": lambda ctx, n, p, c: _own(ctx, p, None, n["area"]),
    "sites_with": _sites_with,
    "own_contracts": lambda ctx, n, p, c: len(_contracts(ctx, p, n.get("tag"))),
    "arrows_on": _arrows,
    "own_items": lambda ctx, n, p, c: _owned(ctx, p, n["pile"]),
    "lowest": lambda ctx, n, p, c: min(_per_players(ctx, n["track"])),
    "highest": lambda ctx, n, p, c: max(_per_players(ctx, n["track"])),
    "worth": lambda ctx, n, p, c: sum(worth(ctx, p, t) for t in group(ctx, n["track"])),
    "worth_behind": _worth_behind,
    "least_worth": lambda ctx, n, p, c: min((worth(ctx, p, t) for t in group(ctx, n["group"])),
                                            default=0),
    "total_of": _total_of,
    "total_under": _total_under,
    "filled_columns": _filled,
    "column_values": _column_values,
    "column_of": lambda ctx, n, p, c: max((_column(x) for x in _contracts(ctx, p, n["tag"])),
                                          default=0),
    "band_of": _band,
    "output_of": _output,
    "target_value": _target,
    "slotted_cards": lambda ctx, n, p, c: 0 if p is None else sum(
        1 for cards in ctx.pl(p)["slots"].values() for x in cards
        if x is not None and not str(x).startswith("tile:")),
    "supply_of": lambda ctx, n, p, c: int(ctx.state["supply"].get(n["name"], 0)),
    "pieces_near": _pieces_near,
    "is_most": _is_most,
    "held_item": lambda ctx, n, p, c: 0 if p is None else ctx.pl(p)["held"].count(n["item"]),
}
