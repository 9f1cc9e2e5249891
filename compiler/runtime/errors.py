"""The runtime's one error type and its defensive bounds.

``RulesError`` is what the public API raises for something the caller did (an illegal
action, a player count the rules do not allow) or for rules data that runs away (a loop
without end) or acts as a seat the game has not. Data that ``rulesc check`` accepts
never makes the kernel raise anything else."""

from __future__ import annotations

__all__ = ["MAX_DECISIONS", "MAX_EVENT_DEPTH", "MAX_ROUNDS", "MAX_STEPS", "TRIAL_STEPS",
           "RulesError", "TrialBudget", "check_bound"]

MAX_STEPS = 200_000
"""Statements run between two decisions at most (a loop that never ends)."""
MAX_EVENT_DEPTH = 1_000
"""Events answered inside the reactions to other events at most (a reaction cycle)."""
MAX_DECISIONS = 100_000
MAX_ROUNDS = 200
TRIAL_STEPS = 4_000
"""Statements one trial run may take; past it the option is offered (optimistic)."""


class TrialBudget(Exception):
    """A trial run took more than TRIAL_STEPS statements."""


def check_bound(what: str, value: int, limit: int) -> None:
    if value > limit:
        raise RulesError(f"more than {limit} {what}: the rules data never ends this "
                         "(check loops and end conditions)")


class RulesError(Exception):
    """A rules violation or a bound exceeded; the message says which."""
