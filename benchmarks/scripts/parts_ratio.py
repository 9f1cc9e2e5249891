"""Compiled against interpreted requirement checks and effects alone, on real game states.

    python benchmarks/scripts/parts_ratio.py [GAME] [--players 3] [--every 10] [--seed 1]

Issue 8's target "at least 10x on requirement checks and effects alone": a seeded random
game of GAME (default terraforming_mars) is played with the compiled engine; at every
``--every``-th decision, for the player to move, every card-like record's requirement
(a record field holding a compiled expression, ``requires``) is evaluated, and every
record's effect (a field holding a statement, ``effect``) is run as a trial run (in full,
then rolled back, as ``legal_actions`` does), once with the compiled functions and once
with the interpreter, on the same state. The compiled expressions' kept values
(``ctx.memo``) are emptied before each pass, so no pass reuses another's work. Each
engine runs the requirements pass ``--repeat`` times in a row (default 3), then the
effects pass, and the least time of each counts, with the garbage collector paused, as
``timeit`` does: on a shared machine a pass the OS stops for a time slice (about 4 ms,
20 times a requirement pass) says nothing of either engine, nor does the first pass
after other work (its memory cold: 2x a compiled requirement pass). ``--repeat 1``
times each pass once, cold.

Prints one JSON object: seconds per engine and the ratios interpreter / compiled, per part.
Entry point for ``benchmarks/run.py``: ``parts_ratio(game, players, every, seed, repeat)``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import sys
import time
from math import inf
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from compiler.runtime import Game, RandomPolicy  # noqa: E402
from compiler.runtime.choose import trial  # noqa: E402
from compiler.runtime.values import ev  # noqa: E402


def _parts(rules: dict[str, Any]) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
    """(record id, requirement expression) and (record id, effect statement) pairs of
    every record that has them."""
    reqs, effects = [], []
    for table in (rules.get("records") or {}).values():
        for rid, rec in (table.items() if isinstance(table, dict) else ()):
            if not isinstance(rec, dict):
                continue
            req, eff = rec.get("requires"), rec.get("effect")
            if isinstance(req, dict) and "x" in req:
                reqs.append((rid, req))
            if isinstance(eff, dict) and "id" in eff:
                effects.append((rid, eff))
    return reqs, effects


def _pass(game: Game, code: dict[Any, Any], reqs: list[Any], effects: list[Any]
          ) -> tuple[float, float, list[Any]]:
    """Seconds of every requirement and of every effect's trial with ``code`` ({}: the
    interpreter) on the game's state now, and the answers (both engines must agree)."""
    ctx = game._ctx
    ctx.code, ctx.memo = code, {}
    you = game.state["pending"]["player"]
    scope = {"k": "scope", "env": {"you": you, "this": None, "event": None}}
    ctx.frames.append(scope)
    answers: list[Any] = []
    gc.disable()  # as timeit does: a collection of the whole heap is no engine's work
    try:
        start = time.perf_counter()
        for rid, req in reqs:
            scope["env"]["this"] = rid
            answers.append(bool(ev(ctx, req, scope["env"])))
        middle = time.perf_counter()
        for rid, eff in effects:
            answers.append(trial(ctx, eff, {"this": rid}))
        end = time.perf_counter()
    finally:
        gc.enable()
        ctx.frames.pop()
    return middle - start, end - middle, answers


def parts_ratio(game: str = "terraforming_mars", players: int = 3, every: int = 10,
                seed: int = 1, repeat: int = 3) -> dict[str, Any]:
    """The figures of the module docstring for one seeded game."""
    pkg = importlib.import_module(f"generated.{game}")
    g = Game.new(pkg.RULES, players=players, seed=seed, engine="compiled")
    code = g._ctx.code
    reqs, effects = _parts(g.rules)
    policy = RandomPolicy(seed)
    seconds = {"compiled": [0.0, 0.0], "interpreter": [0.0, 0.0]}
    states = 0
    while not g.is_over:
        if g.state["decisions"] % every == 0:
            answers: dict[str, Any] = {}
            best = {"compiled": [inf, inf], "interpreter": [inf, inf]}
            for engine, table in (("compiled", code), ("interpreter", {})):
                for i, (rs, es) in enumerate(((reqs, []), ([], effects))):
                    for _ in range(repeat):  # the least: a pass the OS let run alone
                        r, e, got = _pass(g, table, rs, es)
                        best[engine][i] = min(best[engine][i], r + e)
                    answers[engine] = answers.get(engine, []) + got
            for engine, (r, e) in best.items():
                seconds[engine][0] += r
                seconds[engine][1] += e
            g._ctx.code, g._ctx.memo = code, {}
            if answers["compiled"] != answers["interpreter"]:
                raise AssertionError(f"the engines disagree at decision {g.state['decisions']}")
            states += 1
        g.apply(policy.choose(g))
    comp, interp = seconds["compiled"], seconds["interpreter"]
    return {"game": game, "states": states, "requirements": len(reqs), "effects": len(effects),
            "seconds": seconds,
            "requirements_ratio": interp[0] / comp[0] if comp[0] else None,
            "effects_ratio": interp[1] / comp[1] if comp[1] else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="terraforming_mars")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(json.dumps(parts_ratio(args.game, args.players, args.every, args.seed, args.repeat),
                     indent=1))


if __name__ == "__main__":
    main()
