"""Compiled code's ``modified`` (``reactions.modsum``) keeps the active modifiers of a
value while nothing is touched or undone: a record made active in a trial counts at
once, and no longer after the trial's undo (the oracle: the interpreter's ``modified``).
Adaptation Technology adds 2 steps of global requirement tolerance (cards.json #153,
``global_requirement_bonus`` steps 2)."""

from __future__ import annotations

import importlib

from compiler.runtime import Game
from compiler.runtime.reactions import modified, modsum

NAME = "requirement_tolerance"


def _both(ctx: object) -> tuple[int, int]:
    return modsum(ctx, NAME, {}, 0, None), modified(ctx, NAME, {}, 0)  # type: ignore[arg-type]


def test_a_modifier_made_active_in_a_trial_counts_then_is_undone() -> None:
    rules = importlib.import_module("generated.terraforming_mars").RULES
    game = Game.new(rules, players=2, seed=1, engine="compiled")
    ctx = game._ctx
    me = ctx.state["players"][0]
    ctx.frames.append({"k": "scope", "env": {"you": 0, "this": None, "event": None}})
    ctx.put(me, "corporation", [])  # (no corporation: Inventrix would add 2 steps too)
    ctx.put(me, "tableau", [])
    ctx.touch("corporation")
    ctx.touch("tableau")
    ctx.journal = []
    try:
        assert _both(ctx) == (0, 0)
        assert _both(ctx) == (0, 0)  # (kept)
        ctx.touch("tableau")
        ctx.put(me, "tableau", ["adaptation_technology"])
        assert _both(ctx) == (2, 2)
        ctx.undo(0)  # the versions are back as they were: so is the answer
        assert _both(ctx) == (0, 0)
        ctx.put(me, "megacredits_spent", 1)  # (a write that touches no version)
        assert me["tableau"] == [] and _both(ctx) == (0, 0)
        ctx.touch("tableau")
        ctx.put(me, "tableau", ["adaptation_technology"])
        assert _both(ctx) == (2, 2)
        ctx.frames[-1]["env"]["you"] = 1  # another player's modifier: not theirs
        assert _both(ctx) == (0, 0)
    finally:
        ctx.journal = None
        ctx.frames.pop()
