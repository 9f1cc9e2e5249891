"""Compound statements of the real run that run straight through as compiled code.

With the compiled engine, a compound statement (``seq``, ``if``, ``for``, ``rep``,
``while``, ``with``) without decision, ``do``, ``stop`` or ``grant`` runs in a real game
as its compiled function ``d_N`` (``compiler.codegen.pystmt``), not as frames (pushed and
popped unseen); a lone ``let`` or ``set`` too. One with a ``require`` or ``emit`` is
*guarded*: its writes are journaled, and when a requirement fails or reactions answer
an event they are rolled back and the machine runs it as frames from the same state
(everything, with the interpreter or while tracing coverage). Entry point:
``straight(ctx, node)`` -> ``(function, guarded, YAML line)``, or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.runtime.ctx import Ctx
from compiler.runtime.errors import MAX_STEPS, TRIAL_STEPS, TrialBudget, check_bound

__all__ = ["COMPOUND", "STRAIGHT", "NotStraight", "plain", "run_straight", "straight"]

COMPOUND = frozenset(("seq", "if", "for", "rep", "while", "with"))
PLAIN = COMPOUND | {"let", "set", "skip", "fn"}
"""Statements that may be inside one run straight through unguarded (GUARDED: guarded)."""
GUARDED = frozenset(("req", "emit"))
STRAIGHT = COMPOUND | {"let", "set"}
"""Statements run by their compiled function in a game when ``PLAIN`` throughout (a
``let`` or ``set`` alone: its place and value by compiled code, not interpreted)."""


class NotStraight(Exception):
    """An event met in a guarded straight run has reactions that answer it."""


def straight(ctx: Ctx, node: dict[str, Any]) -> tuple[Callable[..., Any], bool, Any] | None:
    """The compiled function of statement ``node`` (one of ``STRAIGHT``), whether it is
    guarded and its YAML line, when it holds only ``PLAIN`` and ``GUARDED`` statements,
    else None."""
    table = ctx.code.get("trials")
    if not table:
        return None
    index = ctx.index
    if index.straight_for is not table:
        index.straight, index.straight_for = {}, table
    nid = node["id"]
    if nid not in index.straight:
        fn = getattr(table.get(nid), "direct", None)
        index.straight[nid] = None if fn is None or not plain(node, GUARDED) else \
            (fn, not plain(node), node.get("at"))
    return index.straight[nid]


def plain(node: dict[str, Any], also: frozenset[str] = frozenset()) -> bool:
    """Whether ``node`` holds only ``PLAIN`` statements (nothing can pause the game, drop
    the rest of an effect or fire a reaction), or those and ``also``."""
    op = node["op"]
    if op in also or op not in PLAIN:
        return op in also
    kids = node["b"] if op == "seq" else [node["t"], node.get("e")] if op == "if" else \
        [node["b"]] if op in COMPOUND else []
    return all(kid is None or plain(kid, also) for kid in kids)


def run_straight(ctx: Ctx, fn: Callable[..., Any], guarded: bool, where: Any = None) -> bool:
    """Run ``fn`` in the real game: at most MAX_STEPS statements, as the machine allows
    between two decisions (its step counter is the trial budget's, moved down). Guarded:
    False when it stopped (its writes rolled back: the machine runs it as frames)."""
    saved, journal = ctx.steps, ctx.journal
    ctx.steps, ctx.journal = TRIAL_STEPS - MAX_STEPS, [] if guarded else journal
    try:
        try:
            done = fn(ctx) is not False
        except NotStraight:
            done = False
        if not done:
            ctx.undo(0)
        return done
    except TrialBudget as cut:  # named by its YAML line: a repeat's, else the statement's
        at = (cut.args[0] if cut.args else None) or where
        check_bound("statements without a decision" + (f" ({at})" if at else ""),
                    MAX_STEPS + 1, MAX_STEPS)
        raise
    finally:
        ctx.steps, ctx.journal = saved, journal
