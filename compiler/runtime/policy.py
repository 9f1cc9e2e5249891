"""``RandomPolicy``: a seeded random player, for playouts, tests and ``rulesc play``.

It picks uniformly among the options, except: on an action decision it takes a
non-pass action with probability ``act_bias`` (so games move on: standard projects
raise the global parameters, so random games end), and when selling cards it stops
with probability 1/2 per further card. Its generator is ``random.Random(seed)``; it
reads the game only through its pending decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from compiler.runtime.engine import Game
from compiler.runtime.errors import RulesError

__all__ = ["RandomPolicy"]

_STOP = ("pass", "end_turn", "done")


class RandomPolicy:
    """Chooses one of ``game.legal_actions()`` at random (seeded)."""

    def __init__(self, seed: int = 0, act_bias: float = 0.9) -> None:
        self.rng = random.Random(seed)
        self.act_bias = act_bias

    def choose(self, game: Game) -> Any:
        """An option of the open decision. Raises RulesError when none is open."""
        pending = game.state["pending"]
        if pending is None:
            raise RulesError("the game is over: nothing to choose")
        options = pending["options"]
        if pending["kind"] in ("action", "final_action"):
            moves = [o for o in options if o.get("act") not in _STOP]
            if moves and self.rng.random() < self.act_bias:
                return self.rng.choice(moves)
        if pending["kind"] == "sell_card" and self.rng.random() < 0.5:
            return options[-1]
        return self.rng.choice(options)

    def play(self, game: Game, after: Callable[[Game], None] | None = None) -> dict[str, Any]:
        """Answer every decision until the game is over; return ``game.scores()``.

        ``after(game)`` runs after each action (e.g. to check invariants). Raises
        RulesError when the game breaks a rule or exceeds a defensive bound.
        """
        while not game.is_over:
            game.apply(self.choose(game))
            if after is not None:
                after(game)
        return game.scores()
