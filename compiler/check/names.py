"""Semantic checks on DSL syntax trees: every name resolves to the right kind of thing."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from typing import Any

from compiler.check.board_names import declare_derived, more_refs
from compiler.diagnostics import Diagnostic, Span
from compiler.dsl import nodes as n
from compiler.resolve.symbols import Symbols

VALUE_KINDS = ("resource", "track", "parameter")


def walk(node: Any) -> Iterator[n.Node]:
    """Every node below ``node`` (itself included), depth first."""
    if isinstance(node, n.Node):
        yield node
        for f in dataclasses.fields(node):
            yield from walk(getattr(node, f.name))
    elif isinstance(node, tuple | list):
        for x in node:
            yield from walk(x)


def check_names(path: str, root: Any, sym: Symbols,
                lines: Callable[[int], str | None] = lambda _n: None) -> list[Diagnostic]:
    """Check every name used in the tree ``root`` found in file ``path``.

    ``lines(n)`` gives line ``n`` of the file, so a diagnostic can point at the name
    itself rather than at the start of its statement.
    """
    out: list[Diagnostic] = []
    declare_derived(sym)
    for node in walk(root):
        for name, kinds, what in _refs(node):
            if name is None:
                continue
            span = Span(path, node.line, _name_col(lines(node.line), node.col, name))
            if not any(sym.has(k, name) for k in kinds):
                if not sym.uncertain(kinds):
                    out.append(sym.unknown(name, kinds, span, what))
            elif "production" in what and not _has_production(sym, name):
                out.append(Diagnostic(span, "R005", f"resource '{name}' has no production "
                                      "track", hint="declare production_min on the resource "
                                      "or use its stock"))
    return out


def _name_col(text: str | None, col: int, name: str) -> int:
    """The column of ``name`` as a whole word at or after ``col`` on ``text``, else ``col``."""
    if text is None:
        return col
    found = re.search(rf"(?<![a-z0-9_]){re.escape(name)}(?![a-z0-9_])", text[col - 1:])
    return col + found.start() if found else col


def _has_production(sym: Symbols, name: str) -> bool:
    rec = sym.records.get("resource", {}).get(name, {})
    return "production_min" in rec


def _refs(node: n.Node) -> list[tuple[str | None, tuple[str, ...], str]]:
    """(name, allowed symbol kinds, description) for each name a node uses."""
    match node:
        case n.Gain() | n.Lose():
            what = "a production change" if node.production else "a stock change"
            return [(node.resource, ("resource",), f"'{what}'".strip("'"))]
        case n.Raise():
            return [(node.name, ("parameter", "track"), "'raise'")]
        case n.Place():
            return [(node.tile, ("tile", "piece"), "'place'"),
                    (node.on, ("space_type", "space", "area"), "'place ... on'")]
        case n.AddResource() | n.RemoveResource():
            return [(node.resource, ("card_resource",), "a card-resource change")]
        case n.MoveAll():
            return [(node.source, ("resource",), "'move all'"),
                    (node.dest, ("resource",), "'move all'")]
        case n.Produce():
            return [(r, ("resource",), "'produce' (production)") for r in node.resources]
        case n.Sell():
            return [(node.resource, ("resource",), "'sell'")]
        case n.TagCount():
            return [(node.tag, ("tag",), "a tag count")]
        case n.ProductionOf():
            return [(node.resource, ("resource",), "a production count")]
        case n.TileCount() | n.TilesNextToThis():
            return [(node.tile, ("tile",), "a tile count")]
        case n.TilesNextToTiles():
            return [(node.tile, ("tile",), "a tile count"), (node.other, ("tile",), "a tile count")]
        case n.ResourcesHere():
            return [(node.resource, ("card_resource",), "a card-resource count")]
        case n.ValueOf():
            return [(node.name, VALUE_KINDS, "a value")]
        case n.Trigger():
            kinds = {"place": ("tile",), "play_tag": ("tag",), "raise": ("parameter", "track")}
            return [(node.name, kinds[node.event], "a trigger")]
    return more_refs(node)
