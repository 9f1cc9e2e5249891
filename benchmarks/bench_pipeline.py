"""Benchmark: where compile time goes, and what the C YAML parser buys.

Run: ``python benchmarks/bench_pipeline.py [--game terraforming_mars] [--repeat 5]``.
Prints, from one run, each stage's share of the total compile time and the ratio of the
pure-Python YAML parser's load time to the C parser's (libyaml), plus a random game's
actions per second. Figures are medians over ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

import yaml

from compiler import check, dsl, load, resolve, schema
from compiler.load import yaml_reader

ROOT = Path(__file__).resolve().parent.parent


def _stages(rules_dir: Path) -> dict[str, float]:
    t: dict[str, float] = {}
    t0 = time.perf_counter()
    docs, _ = load.load_rules(rules_dir, ROOT)
    t["load"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    good, _ = schema.validate(docs)
    t["schema"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    parsed, _ = dsl.parse_documents(good)
    t["dsl"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    ir, symbols, _ = resolve.resolve(good, parsed)
    t["resolve"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    check.check(good, parsed, ir, symbols)
    t["check"] = time.perf_counter() - t0
    return t


def _load_with(loader: Any, rules_dir: Path) -> float:
    saved = yaml_reader._Loader
    yaml_reader._Loader = loader
    try:
        t0 = time.perf_counter()
        load.load_rules(rules_dir, ROOT)
        return time.perf_counter() - t0
    finally:
        yaml_reader._Loader = saved


def _game_rate(game: str, seed: int) -> float:
    import importlib

    pkg = importlib.import_module(f"generated.{game}")
    from compiler.runtime import RandomPolicy

    g = pkg.new_game(players=3, seed=seed)
    policy = RandomPolicy(seed)
    t0 = time.perf_counter()
    n = 0
    while not g.is_over:
        g.apply(policy.choose(g))
        n += 1
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="terraforming_mars")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    rules_dir = ROOT / "rules_data" / args.game
    _stages(rules_dir)  # warm caches (grammar, schemas)
    runs = [_stages(rules_dir) for _ in range(args.repeat)]
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    total = sum(med.values())
    print(f"compile {args.game}: {total * 1000:.1f} ms (median of {args.repeat})")
    for stage, secs in med.items():
        print(f"  {stage:8s} {secs / total:6.1%} of total")
    if hasattr(yaml, "CSafeLoader"):
        c = statistics.median(_load_with(yaml.CSafeLoader, rules_dir) for _ in range(args.repeat))
        py = statistics.median(_load_with(yaml.SafeLoader, rules_dir) for _ in range(args.repeat))
        print(f"load: pure-Python parser / C parser = {py / c:.2f}x")
    rates = [_game_rate(args.game, s) for s in range(args.repeat)]
    print(f"random 3-player game: {statistics.median(rates):.0f} actions/s (median)")


if __name__ == "__main__":
    main()
