"""Solo setup: neutral cities and greeneries ("Variante in solitario").

Rulebook: "Pescate e scartate le prime 4 carte Progetto dal mazzo. Il costo di ognuna di
queste carte determina la posizione delle città Neutrali e delle tessere Verdi": the
first city counting from the top left, the second from the bottom right, skipping
forbidden spaces; each greenery going clockwise around its city from the top left.

Implemented exactly as: discard ``discard`` cards (c1..c4) from the deck. City 1 goes on
the c1-th space (1-based, wrapping around) in reading order (rows top to bottom, each
left to right) among the spaces where a city may legally go (the tile's space type,
empty, not reserved, not next to a city); its greenery goes on the c2-th legal
greenery space among the city's neighbours, clockwise from the top-left neighbour. City
2 counts c3 from the bottom right (reverse reading order), its greenery c4 as before.
Neutral tiles have no owner and give nothing: no parameter, TR, bonus or trigger.
The tile ids come from the step's ``city``/``greenery`` fields (required; checked by
``rulesc check``, code R013).
"""

from __future__ import annotations

from compiler.runtime.board import legal_spaces, put_tile
from compiler.runtime.context import Ctx, Frame
from compiler.runtime.deck import discard, draw

__all__ = ["step_neutral_cities"]


def step_neutral_cities(ctx: Ctx, f: Frame) -> None:
    """Discard the cards and place both neutral cities with their greeneries."""
    step = ctx.lookup(f["ref"])
    city, green = step["city"], step["greenery"]
    cards = draw(ctx, step.get("discard", 4))
    discard(ctx, cards)
    costs = [ctx.rules["cards"][c].get("cost", 0) for c in cards] + [0, 0, 0, 0]
    for k, reading in enumerate((ctx.index.reading, ctx.index.reading[::-1])):
        free = [s for s in reading if s in legal_spaces(ctx, city, None, None, None)]
        if not free:
            continue
        at = _nth(free, costs[2 * k])
        put_tile(ctx, at, city, None, None)
        around = legal_spaces(ctx, green, None, None, None)
        ring = [s for s in ctx.index.clockwise[at] if s in around]
        if ring:
            put_tile(ctx, _nth(ring, costs[2 * k + 1]), green, None, None)
    ctx.pop(f)


def _nth(spaces: list[str], count: int) -> str:
    """The ``count``-th space (1-based, wrapping around the list)."""
    return spaces[(count - 1) % len(spaces)]
