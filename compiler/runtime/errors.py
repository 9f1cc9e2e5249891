"""What the runtime refuses: ``RulesError``, and the defensive bounds of a game.

Random or buggy play must not run forever: a game that exceeds one of the bounds
below raises RulesError (``rulesc play`` then exits 1). The bounds are far above real
games (a 5-player random game takes about 1,000 decisions and 6-30 generations).
"""

from __future__ import annotations

__all__ = ["MAX_DECISIONS", "MAX_ROUNDS", "MAX_STEPS", "RulesError", "check_bound"]

MAX_DECISIONS = 200_000
"""Decisions answered through ``Game.apply`` in one game."""

MAX_ROUNDS = 200
"""Generations (rounds) in one game."""

MAX_STEPS = 1_000_000
"""Frame steps the interpreter runs between two decisions."""


class RulesError(Exception):
    """A move, module set or player count the rules do not allow, or a runaway game.

    Raised by ``Game.new`` / ``compose`` (unknown module, missing requirement, conflict,
    player count out of range), by ``Game.apply`` (an action that is not one of the
    pending decision's options, or any action once the game is over), by ``load_game``
    (a state of another format) and when a game exceeds a bound of this module.
    """


def check_bound(what: str, value: int, bound: int) -> None:
    """Raise RulesError when ``value`` (a count of ``what``) has passed ``bound``."""
    if value > bound:
        raise RulesError(f"the game exceeded {bound} {what}: stopped as a runaway game")
