"""Name references of the DSL statements and counts of slot-row, piece-board and
marker-track games (pieces, areas, piles, contract kinds, markets, marker groups...).

``more_refs(node)`` lists ``(name, allowed symbol kinds, description)`` like
``names._refs``; ``declare_derived(sym)`` declares the symbol kinds that records imply
rather than declare: track groups (``group:``), market channels (``channel:``), contract
tags (tags, kinds and areas of contract tiles), grid icons and slot attributes.
"""

from __future__ import annotations

from typing import Any

from compiler.dsl import nodes as n
from compiler.resolve.symbols import Symbols

Ref = tuple[str | None, tuple[str, ...], str]
MARKERS = ("track", "track_group")
AREAS = ("area", "space", "space_type")
DERIVED = ("track_group", "channel", "contract_tag", "icon", "slot_attr")


def declare_derived(sym: Symbols) -> None:
    """Declare the derived symbol kinds once (at the span of the record implying them)."""
    if "slot_attr" in sym.table:
        return
    _from_field(sym, "track", "group", "track_group")
    _from_field(sym, "market", "channel", "channel")
    for cid, rec in sym.records.get("contract", {}).items():
        span = sym.table["contract"][cid]
        for tag in [*(rec.get("tags") or []), rec.get("kind")]:
            _declare(sym, "contract_tag", tag, span)
    for kind in ("contract_kind", "area"):
        for ident, span in sym.table.get(kind, {}).items():
            _declare(sym, "contract_tag", ident, span)
    for cid, rec in sym.records.get("grid_column", {}).items():
        for icon in rec.get("icons") or {}:
            _declare(sym, "icon", icon, sym.table["grid_column"][cid])
    sym.table.setdefault("slot_attr", {})
    for rid, rec in sym.records.get("slot_row", {}).items():
        for slot in rec.get("slots") or []:
            for attr in slot if isinstance(slot, dict) else []:
                _declare(sym, "slot_attr", attr, sym.table["slot_row"][rid])


def _from_field(sym: Symbols, kind: str, field: str, derived: str) -> None:
    for ident, rec in sym.records.get(kind, {}).items():
        _declare(sym, derived, rec.get(field), sym.table[kind][ident])


def _declare(sym: Symbols, kind: str, ident: Any, span: Any) -> None:
    if isinstance(ident, str) and not sym.has(kind, ident):
        sym.declare(kind, ident, span)


def more_refs(node: n.Node) -> list[Ref]:
    """References of the statements and counts this module adds (else [])."""
    for types, fn in _TABLE:
        if isinstance(node, types):
            return fn(node)
    return []


def _marker(node: Any) -> list[Ref]:
    grouped = any(getattr(node, k, False) for k in ("any", "all", "rightmost"))
    kinds = ("track_group",) if grouped else MARKERS
    return [(node.track, kinds, "a marker track")]


def _stmt_refs(node: Any) -> list[Ref]:
    match node:
        case n.Build():
            own = node.along if node.along != "line" else None
            return [(node.piece, ("piece",), "'build'"), (node.area, AREAS, "'build ... in'"),
                    (own, ("piece",), "'build ... on own'")]
        case n.Relocate():
            return [(node.piece, ("piece",), "'move'")]
        case n.Advance() | n.Retreat() | n.Collect():
            return _marker(node)
        case n.Fulfil():
            return [(node.kind, ("contract_kind",), "'fulfil'"),
                    (node.tag, ("contract_tag",), "'fulfil ... with'")]
        case n.SellTo():
            return [(node.channel, ("channel",), "'sell to'")]
        case n.Take():
            return [(node.pile, ("deck",), "'take'")]
        case n.Claim():
            return [(node.board, ("bonus_board",), "'claim'")]
        case n.RaiseTo():
            return [(node.name, ("track",), "'raise ... to'")]
    return []


def _count_refs(node: Any) -> list[Ref]:
    match node:
        case n.SlotValue():
            return [(node.attr, ("slot_attr",), "a slot value")]
        case n.OwnPieces():
            return [(node.piece, ("piece",), "a piece count"), (node.area, ("area",), "an area")]
        case n.PiecesIn():
            return [(node.area, ("area",), "an area")]
        case n.SitesWith() | n.TotalUnder():
            return [(node.piece, ("piece",), "a piece count")]
        case n.OwnContracts() | n.ArrowsOn() | n.ColumnValues() | n.ColumnOf():
            return [(node.tag, ("contract_tag",), "a contract count")]
        case n.OwnItems() | n.TotalOf():
            return [(node.pile, ("deck",), "an item count")]
        case n.Lowest() | n.Highest() | n.WorthBehind():
            return [(node.track, ("track",), "a track count")]
        case n.Worth() | n.BandOf():
            return [(node.track, MARKERS, "a marker value")]
        case n.LeastWorth():
            return [(node.group, ("track_group",), "a marker group")]
        case n.OutputOf():
            return [(node.icon, ("icon",), "a grid icon")]
        case n.SupplyOf():
            return [(node.name, ("resource", "piece"), "a supply")]
        case n.PiecesNear():
            return [(node.piece, ("piece",), "a piece count"), (node.other, ("piece",), "a piece")]
        case n.IsMost():
            return [(node.name, ("resource", "track"), "'most'")]
        case n.HeldItem():
            return [(node.item, ("deck_item", "action_card"), "'held'")]
    return []


def _named(node: Any) -> list[Ref]:
    return [(node.name, ("constant",), "a named number")]


_STMTS = (n.Build, n.Relocate, n.Advance, n.Retreat, n.Collect, n.Fulfil, n.SellTo, n.Take,
          n.Claim, n.RaiseTo)
_COUNTS = (n.SlotValue, n.OwnPieces, n.PiecesIn, n.SitesWith, n.TotalUnder, n.OwnContracts,
           n.ArrowsOn, n.ColumnValues, n.ColumnOf, n.OwnItems, n.TotalOf, n.Lowest, n.Highest,
           n.WorthBehind, n.Worth, n.BandOf, n.LeastWorth, n.OutputOf, n.SupplyOf, n.PiecesNear,
           n.IsMost, n.HeldItem)
_TABLE: list[tuple[Any, Any]] = [
    (_STMTS, _stmt_refs), (_COUNTS, _count_refs),
    ((n.NamedQuantity, n.NamedAmount, n.NamedComparison), _named),
]
