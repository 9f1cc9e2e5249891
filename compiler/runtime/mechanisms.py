"""Registers the mechanisms of slot-row, piece-board and marker-track games with the
interpreter: statement handlers, counts, flow steps, applicability checks, and the
state a game of such rules starts with. Importing this module is enough (machine.py
does). Nothing here names a game: every mechanism is parameterised by rules data.

State added by ``extend_state`` (only when the rules have the kinds that need it):
``places``, ``supply``, ``tiles_on``, ``piles``, ``display``, ``sections``,
``bonus_tiles``, ``sides`` and per player ``pieces``, ``slots``, ``grid``,
``contracts``, ``held``, ``ledger``, ``arrived``, ``reached``.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime import (
    applicable,
    balance,
    board_counts,
    board_stmts,
    counts,
    effects,
    rounds,
    sections,
    slots,
)
from compiler.runtime.context import Ctx
from compiler.runtime.piles import deal_piles, new_piles
from compiler.runtime.values import num

__all__ = ["extend_state", "is_board_game", "STEPS"]

STEPS: dict[str, Any] = {**rounds.STEPS, **sections.STEPS, **balance.STEPS, "deal": deal_piles,
                         "occupy_slot": slots.step_occupy_slot}

effects.register(board_stmts.HANDLERS)
effects.register({"place_piece": board_stmts.place_piece})
applicable.POSSIBLE.update(board_stmts.POSSIBLE)
counts.register(board_counts.COUNTS)


def is_board_game(rules: dict[str, Any]) -> bool:
    return bool(rules.get("pieces") or rules.get("slot_rows"))


def extend_state(ctx: Ctx) -> None:
    """Add the state of pieces, piles, slots and grids (see the module docstring)."""
    rules, state = ctx.rules, ctx.state
    if not is_board_game(rules):
        return
    state.update(places={}, supply={}, tiles_on={}, piles={}, display={}, sections={},
                 bonus_tiles={}, sides={})
    for rid, rec in list(rules.get("resources", {}).items()) + list(
            rules.get("pieces", {}).items()):
        if "supply" in rec:
            state["supply"][rid] = num(rec["supply"])
    for tid, rec in rules["tracks"].items():
        if rec.get("sides"):
            state["sides"][tid] = ctx.rng().randrange(len(rec["sides"]))
    for pl in state["players"]:
        pl.update(pieces={pid: num(r["per_player"]) for pid, r in rules.get("pieces", {}).items()
                          if "per_player" in r},
                  slots={row: [None] * len(r["slots"])
                         for row, r in (rules.get("slot_rows") or {}).items()},
                  grid={}, contracts={}, held=[], ledger={}, arrived={}, reached={})
        for tid, rec in rules["tracks"].items():
            if tid in pl["tracks"]:
                pl["tracks"][tid] = -1 if "entry" in rec else num(rec.get("start"))
    new_piles(ctx)
