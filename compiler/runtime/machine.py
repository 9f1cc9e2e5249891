"""The driver: run continuation frames until a decision is pending or the game is over.

The state's ``stack`` is a list of frames (plain dicts, top last); each frame's
``kind`` names its step function below. A step function makes progress by popping its
frame, pushing frames, updating its own fields, or posting a decision (``Ctx.ask``).
Because frames hold only data (a rules path, an index, answers so far), a game paused
at any decision is fully described by its state.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.runtime import deck, flow, mechanisms, neutral, playing, slots, turns
from compiler.runtime.context import Ctx, Frame
from compiler.runtime.effects import step_effect
from compiler.runtime.errors import MAX_STEPS, RulesError, check_bound

__all__ = ["run"]

STEPS: dict[str, Callable[[Ctx, Frame], None]] = {
    "effect": step_effect,
    "play": playing.step_play,
    "turns": turns.step_turns,
    "each_player": flow.step_each_player,
    "random_first_player": flow.step_random_first_player,
    "next_first_player": flow.step_next_first_player,
    "generation": flow.step_generation,
    "final": flow.step_final,
    "finish": flow.step_finish,
    "draw_and_buy": deck.step_draw_and_buy,
    "draft": deck.step_draft,
    "buy": deck.step_buy,
    "neutral_cities": neutral.step_neutral_cities,
    "slot_play": slots.step_slot_play,
    **mechanisms.STEPS,
}

def run(ctx: Ctx) -> None:
    """Step the top frame until a decision is pending or the stack is empty.

    Raises RulesError for a frame kind the runtime does not know.
    """
    state = ctx.state
    for _ in range(MAX_STEPS):
        if state["pending"] is not None or not state["stack"]:
            return
        frame = state["stack"][-1]
        step = STEPS.get(frame["kind"])
        if step is None:
            raise RulesError(f"unknown flow step kind '{frame['kind']}'")
        step(ctx, frame)
    check_bound("steps without a decision", MAX_STEPS + 1, MAX_STEPS)
