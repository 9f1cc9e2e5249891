"""Counts, sums, conditions, quantities and amounts of the effect DSL (docs/dsl.md, Counts).

All take the point of view of player ``p`` (None: no player, e.g. the end condition)
and of ``card`` (the card whose text is being read, for ``here`` and ``next to this``).
Values are plain ints: stock in cubes, production in steps, parameters in their unit
(temperature in °C, oxygen in %, oceans in tiles), tracks in steps.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from compiler.runtime.context import Ctx
from compiler.runtime.errors import RulesError

__all__ = ["amount", "card_tags", "count", "holds", "per_factor", "quantity_max", "register",
           "total", "value_of"]

Node = dict[str, Any]

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
    ">": operator.gt, "<": operator.lt}


def card_tags(ctx: Ctx, cid: str) -> list[str]:
    """Tags printed on card ``cid``; an event card also has the ``event`` tag if declared."""
    card = ctx.rules["cards"][cid]
    tags = list(card.get("tags") or [])
    if card.get("type") == "event" and "event" in ctx.rules.get("tags", {}) \
            and "event" not in tags:
        tags.append("event")
    return tags


def value_of(ctx: Ctx, name: str, p: int | None) -> int:
    """A resource stock, a player or game track, or a global parameter, by id."""
    state = ctx.state
    if name in ctx.rules["resources"]:
        return 0 if p is None else ctx.pl(p)["stock"][name]
    if name in state["params"]:
        return state["params"][name]
    if name in state["game_tracks"]:
        return state["game_tracks"][name]
    if p is not None and name in ctx.pl(p)["tracks"]:
        return ctx.pl(p)["tracks"][name]
    raise RulesError(f"unknown value '{name}'")


def _tags(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    """Own tags in play (tableau only: events and the card being played do not count)."""
    if p is None:
        return 0
    return sum(card_tags(ctx, cid).count(node["tag"]) for cid in ctx.pl(p)["tableau"])


def _tiles(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    board = ctx.state["board"].values()
    if node.get("anywhere"):
        return sum(1 for t in board if t["tile"] == node["tile"])
    return sum(1 for t in board if t["tile"] == node["tile"] and t["owner"] == p)


def _next_to_this(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    board = ctx.state["board"]
    spaces = [sid for sid, t in board.items() if card is not None and t.get("card") == card]
    return sum(_adjacent_tiles(ctx, sid, node["tile"]) for sid in spaces)


def _next_to_tiles(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    board = ctx.state["board"]
    own = [sid for sid, t in board.items() if t["tile"] == node["other"] and t["owner"] == p]
    return sum(_adjacent_tiles(ctx, sid, node["tile"]) for sid in own)


def _adjacent_tiles(ctx: Ctx, sid: str, tile: str) -> int:
    board = ctx.state["board"]
    return sum(1 for n in ctx.index.adjacent[sid] if n in board and board[n]["tile"] == tile)


def _here(ctx: Ctx, node: Node, p: int | None, card: str | None) -> int:
    if card is None:
        return 0
    for player in ctx.state["players"]:
        if card in player["card_res"]:
            return player["card_res"][card]
    return 0


_COUNTS: dict[str, Callable[[Ctx, Node, int | None, str | None], int]] = {
    "tag_count": _tags,
    "production_of": lambda ctx, n, p, c: 0 if p is None else ctx.pl(p)["prod"][n["resource"]],
    "tile_count": _tiles,
    "tiles_next_to_this": _next_to_this,
    "tiles_next_to_tiles": _next_to_tiles,
    "resources_here": _here,
    "hand_size": lambda ctx, n, p, c: 0 if p is None else len(ctx.pl(p)["hand"]),
    "value_of": lambda ctx, n, p, c: value_of(ctx, n["name"], p),
}


def register(more: dict[str, Callable[[Ctx, Node, int | None, str | None], int]]) -> None:
    """Add count functions (by lowered op name) of further mechanisms."""
    for op, fn in more.items():
        _COUNTS.setdefault(op, fn)


def _constant(ctx: Ctx, name: str) -> int:
    from compiler.runtime.values import constant

    return constant(ctx, name)


def count(ctx: Ctx, node: Node, p: int | None, card: str | None = None) -> int:
    """One count node (``tag_count``, ``tile_count``... see docs/dsl.md, Counts)."""
    return _COUNTS[node["op"]](ctx, node, p, card)


def total(ctx: Ctx, node: Node, p: int | None, card: str | None = None) -> int:
    """A ``sum`` node (or a bare count): the sum of its terms."""
    if node["op"] != "sum":
        return count(ctx, node, p, card)
    return sum(count(ctx, t, p, card) for t in node["terms"])


def holds(ctx: Ctx, cond: Node | None, p: int | None, card: str | None = None) -> bool:
    """Whether every comparison of condition ``cond`` holds (no condition: True)."""
    if not cond:
        return True
    return all(_COMPARE[c["compare"]](total(ctx, c["left"], p, card),
                                      _constant(ctx, c["name"]) if "name" in c else c["right"])
               for c in cond["parts"])


def per_factor(ctx: Ctx, per: Node | None, p: int | None, card: str | None) -> int:
    """How many times a ``per [every] count`` clause applies (1 without a clause)."""
    if not per:
        return 1
    return count(ctx, per["count"], p, card) // max(1, per["every"])


def quantity_max(ctx: Ctx, qty: Node, p: int | None, card: str | None = None) -> int:
    """The amount of a quantity (for ``up to N``: the most the player may pick)."""
    n = _constant(ctx, qty["name"]) if qty.get("op") == "named_quantity" else qty["n"]
    return n * per_factor(ctx, qty.get("per"), p, card)


def amount(ctx: Ctx, amt: Any, p: int | None, card: str | None = None) -> int:
    """A VP or score amount: an int, or ``n [per every count]`` (rounded down)."""
    if amt is None:
        return 0
    if isinstance(amt, int):
        return amt
    if "provisional" in amt:
        return int(amt["provisional"])
    n = _constant(ctx, amt["name"]) if amt.get("op") == "named_amount" else amt["n"]
    return n * per_factor(ctx, amt.get("per"), p, card)
