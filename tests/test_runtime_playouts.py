"""200 seeded random games to the end, checking the invariants after every action.

Mix: 1 to 5 players; Corporate Era on every other seed; one-player games are always the
solo variant (which the rulebook plays with Corporate Era); the draft on every third seed.
"""

from __future__ import annotations

import time

from compiler.runtime import RandomPolicy
from tests.test_runtime_helpers import invariants, new

GAMES = 200


def config(seed: int) -> tuple[int, tuple[str, ...]]:
    players = 1 + seed % 5
    mods = []
    if seed % 2 or players == 1:
        mods.append("corporate_era")
    if players == 1:
        mods.append("solo")
    if seed % 3 == 0 and players > 1:  # the draft passes cards to another player
        mods.append("draft")
    return players, tuple(mods)


def test_random_games_keep_invariants_and_end():
    started = time.perf_counter()
    generations = []
    for seed in range(GAMES):
        players, mods = config(seed)
        game = new(players, mods, seed)
        invariants(game)
        result = RandomPolicy(seed).play(game, after=invariants)
        assert len(result["players"]) == players
        for row in result["players"]:
            assert row["total"] == sum(row["breakdown"].values())
        if "solo" in mods:
            assert result["generations"] <= 14
        else:
            assert _terraformed(game)
        generations.append(result["generations"])
    elapsed = time.perf_counter() - started
    print(f"{GAMES} games in {elapsed:.1f}s, generations {min(generations)}-{max(generations)}")


def _terraformed(game) -> bool:
    return all(game.state["params"][p] == par["max"]
               for p, par in game.rules["parameters"].items())
