"""The project deck: seeded shuffle, draws, the discard pile and its reshuffle.

Rulebook, "Carta Progetto": the project cards form one face-down pile. When the pile is
empty the discard pile is shuffled into a new pile (the usual rule; the rulebook does not
cover it). Shuffles use ``Ctx.rng()`` (seeded), never the global random module.
"""

from __future__ import annotations

from compiler.runtime.context import Ctx

__all__ = ["discard", "draw", "new_deck"]


def new_deck(ctx: Ctx) -> list[str]:
    """Every card id of the composed rules, sorted, then shuffled with the game's seed."""
    cards = sorted(ctx.rules.get("cards") or {})
    ctx.rng().shuffle(cards)
    return cards


def draw(ctx: Ctx, n: int) -> list[str]:
    """Take up to ``n`` cards from the top of the deck (fewer only if both piles run out)."""
    state = ctx.state
    out: list[str] = []
    while len(out) < n:
        if not state["deck"]:
            if not state["discard"]:
                break
            state["deck"] = sorted(state["discard"])
            state["discard"] = []
            ctx.rng().shuffle(state["deck"])
        out.append(state["deck"].pop(0))
    return out


def discard(ctx: Ctx, cards: list[str]) -> None:
    """Put ``cards`` on the discard pile."""
    ctx.state["discard"].extend(cards)
