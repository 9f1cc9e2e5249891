"""The one exception the runtime raises at its users."""

from __future__ import annotations

__all__ = ["RulesError"]


class RulesError(Exception):
    """A move, module set or player count the rules do not allow, or a runaway game.

    Raised by ``Game.new`` / ``compose`` (unknown module, missing requirement, conflict,
    player count out of range), by ``Game.apply`` (an action that is not one of the
    pending decision's options, or any action once the game is over) and by the engine
    when a game exceeds its defensive bounds (too many decisions or generations).
    """
