"""Seeded random games of Terraforming Mars to the end, checking the invariants
(tests/tm_helpers.py) after every action.

Mix: 1 to 5 players; Corporate Era on every other seed; one-player games are always the
solo variant (which the rulebook plays with Corporate Era); the draft on every third seed;
the standard corporations (experienced players) on two seeds of four.
A random game takes about 0.5 s with the invariants (0.45 s without),
so CI plays GAMES of them (every player count three times);
``TM_PLAYOUTS=200 pytest tests/test_tm_playouts.py -s`` plays more.
Speed belongs in benchmarks: the test prints the time per game, it asserts none. The
games run on the shipped engine (``generated/terraforming_mars``, compiled expressions;
tests/test_build.py checks it is up to date with rules_data); the other Terraforming Mars
tests interpret the rules compiled from rules_data.
"""

from __future__ import annotations

import os
import time

import generated.terraforming_mars as tm
from compiler.runtime import Game, RandomPolicy
from tests.tm_helpers import invariants

GAMES = int(os.environ.get("TM_PLAYOUTS", "15"))


def config(seed: int) -> tuple[int, tuple[str, ...]]:
    players = 1 + seed % 5
    mods = []
    if seed % 2 or players == 1:
        mods.append("corporate_era")
    if players == 1:
        mods.append("solo")
    if seed % 3 == 0 and players > 1:  # the draft passes cards to another player
        mods.append("draft")
    if seed % 4 in (1, 2):
        mods.append("standard_corporations")
    return players, tuple(mods)


def test_random_games_keep_invariants_and_end():
    started = time.perf_counter()
    generations, decisions = [], 0
    for seed in range(GAMES):
        players, mods = config(seed)
        game = tm.new_game(players, mods, seed)
        invariants(game)
        result = RandomPolicy(seed).play(game, after=invariants)
        assert game.is_over and game.pending() is None
        assert len(result["players"]) == players
        for row in result["players"]:
            assert row["total"] == sum(row["breakdown"].values())
        if "solo" in mods:
            assert result["rounds"] <= 14
            assert result["winner"] == ([0] if _terraformed(game) else [])
        else:
            assert _terraformed(game)
            best = max(row["total"] for row in result["players"])
            assert result["winner"] == [r["player"] for r in result["players"]
                                        if r["total"] == best]
        generations.append(result["rounds"])
        decisions += game.state["decisions"]
    elapsed = time.perf_counter() - started
    print(f"{GAMES} games in {elapsed:.1f}s ({elapsed / GAMES:.2f}s a game, "
          f"{decisions} decisions), generations {min(generations)}-{max(generations)}")


def _terraformed(game: Game) -> bool:
    return all(game.state["params"][p] == par["max"]
               for p, par in game.rules["records"]["parameters"].items())
