"""Plain numbers from rules data: provisional values, named constants, value tables.

A number the rulebook does not give is ``{provisional: X, reason}`` in the rules data
(the checker warns; the sheets mark it); the engine plays with X. Named constants
(``constants`` records, ``[name]`` in effect texts) are looked up here.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import Ctx
from compiler.runtime.errors import RulesError

__all__ = ["constant", "num", "table"]


def num(value: Any, default: int = 0) -> int:
    """The int of ``value`` (``{provisional: X}`` gives X; None gives ``default``)."""
    if isinstance(value, dict) and "provisional" in value:
        value = value["provisional"]
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RulesError(f"internal error: not a number: {value!r}")
    return int(value)


def table(value: Any) -> list[int]:
    """A value table: a list, or ``{provisional: [list], reason}``; [] when absent."""
    if isinstance(value, dict) and "provisional" in value:
        value = value["provisional"]
    return [int(v) for v in value or []]


def constant(ctx: Ctx, name: str) -> int:
    """The value of constant ``name`` (a ``constants`` record)."""
    rec = (ctx.rules.get("constants") or {}).get(name)
    if rec is None:
        raise RulesError(f"unknown constant '{name}'")
    return num(rec.get("value"))
