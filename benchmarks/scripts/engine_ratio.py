"""Compiled against interpreted whole random games, in one process, same seeds.

    python benchmarks/scripts/engine_ratio.py love_letter --games 20 [--players 3]
        [--modules all] [--repeat R] [--calls]

Prints per engine the CPU seconds (``time.process_time``) of N seeded random games of
the generated package ``generated.<game>`` (the least of R runs, the engines taking
turns: on a shared machine the least is the one least disturbed), the decisions, and
the ratio interpreter / compiled; with ``--calls``, each engine's function-call count
(cProfile) too, the deterministic figure on a shared machine.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from compiler.cli.selection import composable  # noqa: E402
from compiler.runtime import Game, RandomPolicy  # noqa: E402


def play(rules: dict, engine: str, games: int, players: int, modules: tuple) -> int:
    """Play ``games`` seeded random games; the decisions taken."""
    steps = 0
    for seed in range(games):
        g = Game.new(rules, players=players, modules=modules, seed=seed, engine=engine)
        RandomPolicy(seed).play(g)
        steps += g.state["decisions"]
    return steps


def calls(rules: dict, engine: str, games: int, players: int, modules: tuple) -> int:
    prof = cProfile.Profile()
    prof.runcall(play, rules, engine, games, players, modules)
    return int(pstats.Stats(prof).total_calls)  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--modules", default="")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--calls", action="store_true")
    args = parser.parse_args()
    pkg = importlib.import_module(f"generated.{args.game}")
    modules = tuple(composable(pkg.RULES, args.players).modules) if args.modules == "all" else \
        tuple(m for m in args.modules.split(",") if m)
    times = {"compiled": float("inf"), "interpreter": float("inf")}
    steps = 0
    for _ in range(args.repeat):
        for engine in times:
            start = time.process_time()
            steps = play(pkg.RULES, engine, args.games, args.players, modules)
            times[engine] = min(times[engine], time.process_time() - start)
    for engine in times:
        line = f"{engine:12} {times[engine]:7.2f} s CPU  {steps} decisions  " \
               f"{steps / times[engine]:8.0f} decisions/s"
        if args.calls:
            line += f"  {calls(pkg.RULES, engine, args.games, args.players, modules):,} calls"
        print(line, flush=True)
    print(f"ratio interpreter/compiled {times['interpreter'] / times['compiled']:.2f}")


if __name__ == "__main__":
    main()
