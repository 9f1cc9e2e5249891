"""``RandomPolicy``: a seeded random player, for playouts, tests and ``rulesc play``.

It picks uniformly among the options, except for the options the game's data names in
``game.policy.rarely`` (labels, or parts of labels, such as ``{act: pass}``): those are
taken only when nothing else is open, or with probability ``1 - act_bias``, so random
games move on and end. Its generator is ``random.Random(seed)``; it reads the game only
through its pending decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from compiler.runtime.errors import RulesError

__all__ = ["RandomPolicy"]


class RandomPolicy:
    """Chooses one of ``game.legal_actions()`` at random (seeded)."""

    def __init__(self, seed: int = 0, act_bias: float = 0.9) -> None:
        self.rng = random.Random(seed)
        self.act_bias = act_bias

    def choose(self, game: Any) -> Any:
        """An option of the open decision. Raises RulesError when none is open."""
        pending = game.state["pending"]
        if pending is None:
            raise RulesError("the game is over: nothing to choose")
        options = pending["options"]
        rarely = ((game.rules.get("game") or {}).get("policy") or {}).get("rarely") or []
        if rarely:
            moves = [o for o in options if not any(_within(r, o) for r in rarely)]
            if moves and len(moves) < len(options) and self.rng.random() < self.act_bias:
                return self.rng.choice(moves)
        return self.rng.choice(options)

    def play(self, game: Any, after: Callable[[Any], None] | None = None) -> dict[str, Any]:
        """Answer every decision until the game is over; return ``game.scores()``.

        ``after(game)`` runs after each action (e.g. to check invariants).
        """
        while not game.is_over:
            game.apply(self.choose(game))
            if after is not None:
                after(game)
        return game.scores()


def _within(part: Any, label: Any) -> bool:
    """Whether ``label`` matches ``part`` (every key of a mapping part is equal)."""
    if isinstance(part, dict) and isinstance(label, dict):
        return all(label.get(k) == v for k, v in part.items())
    return bool(part == label)
