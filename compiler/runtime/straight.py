"""Compound statements of the real run that run straight through as compiled code.

With the compiled engine, a compound statement (``seq``, ``if``, ``for``, ``rep``,
``while``, ``with``) that holds no decision, no ``do``/``stop``, no ``require`` and
nothing that fires or grants (no ``emit``, ``grant``) runs in a real game as its
compiled function ``d_N`` (``compiler.codegen.pystmt``) instead of as frames of the
machine: nothing in it can pause the game, fire a reaction or drop the rest of an effect,
so the frames it would push are pushed and popped without anyone seeing them. A lone
``let`` or ``set`` runs as its compiled function too (its place and value compiled, not
interpreted). The machine keeps the rest (and everything, with the interpreter or while
tracing coverage).

Entry point: ``straight(ctx, node)`` -> the function, or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.runtime.ctx import Ctx
from compiler.runtime.errors import MAX_STEPS, TRIAL_STEPS, TrialBudget, check_bound

__all__ = ["COMPOUND", "STRAIGHT", "plain", "run_straight", "straight"]

COMPOUND = frozenset(("seq", "if", "for", "rep", "while", "with"))
PLAIN = COMPOUND | {"let", "set", "skip", "fn"}
"""Statements that may be inside one run straight through."""
STRAIGHT = COMPOUND | {"let", "set"}
"""Statements run by their compiled function in a game when ``PLAIN`` throughout (a
``let`` or ``set`` alone: its place and value by compiled code, not interpreted)."""


def straight(ctx: Ctx, node: dict[str, Any]) -> Callable[..., Any] | None:
    """The compiled straight-through function of statement ``node`` (one of
    ``STRAIGHT``) when it holds only ``PLAIN`` statements, else None (kept per node for
    the game's code)."""
    table = ctx.code.get("trials")
    if not table:
        return None
    index = ctx.index
    if index.straight_for is not table:
        index.straight, index.straight_for = {}, table
    nid = node["id"]
    if nid not in index.straight:
        fn = getattr(table.get(nid), "direct", None)
        index.straight[nid] = fn if fn is not None and plain(node) else None
    return index.straight[nid]


def plain(node: dict[str, Any]) -> bool:
    """Whether ``node`` holds only ``PLAIN`` statements (nothing can pause the game)."""
    if node["op"] not in PLAIN:
        return False
    if node["op"] == "seq":
        return all(plain(kid) for kid in node["b"])
    if node["op"] == "if":
        return plain(node["t"]) and ("e" not in node or plain(node["e"]))
    if node["op"] in ("for", "rep", "while", "with"):
        return plain(node["b"])
    return True


def run_straight(ctx: Ctx, fn: Callable[..., Any]) -> None:
    """Run ``fn`` in the real game: at most MAX_STEPS statements, as the machine allows
    between two decisions (its step counter is the trial budget's, moved down)."""
    saved = ctx.steps
    ctx.steps = TRIAL_STEPS - MAX_STEPS
    try:
        fn(ctx)
    except TrialBudget as cut:  # a repeat that knew it at once names its YAML line
        at = f" ({cut.args[0]})" if cut.args and cut.args[0] else ""
        check_bound(f"statements without a decision{at}", MAX_STEPS + 1, MAX_STEPS)
    finally:
        ctx.steps = saved
