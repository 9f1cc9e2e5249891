"""Appending to a state list one item at a time: time against the number of items (QA H20).

    python benchmarks/scripts/append_ratio.py [--n 2000] [--scale 8] [--repeat 5]

Builds two copies of the small game of ``tests/bad_input/_base`` whose setup runs
``repeat N: pile += [mine]`` (N and ``scale`` x N), and prints per engine the least of
``repeat`` CPU times (``time.process_time``) of setting each up, and the ratio of the two:
about ``scale`` when an append costs the same at any length, ``scale²`` when each copies
the list. ``copied`` is the same run with ``values.joined`` made to copy every time (its
lone-list count set out of reach), the runs taking turns in one process.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from compiler.cli import main  # noqa: E402
from compiler.runtime import values  # noqa: E402

BASE = ROOT / "tests" / "bad_input" / "_base"


def build(out: Path, n: int) -> str:
    """The base game with ``pile`` grown by ``n`` single appends at setup; its module."""
    rules = out / f"rules_{n}"
    shutil.copytree(BASE, rules)
    name = f"append_{n}"
    for file, old, new in (
            ("game.yaml", "id: mini", f"id: {name}"),
            ("state.yaml", "hand: {type: [cards]}",
             "hand: {type: [cards]}\ngame:\n  pile: {type: [cards]}"),
            ("flow.yaml", "phases:", f'  - {{id: grow, do: "repeat {n}: pile += [mine]"}}\n'
                                     "phases:")):
        path = rules / file
        path.write_text(path.read_text().replace(old, new))
    if main(["build", "--rules", str(rules), "--out", str(out / "gen")]) != 0:
        raise SystemExit(f"the game of {n} appends did not build")
    return name


def setup_time(module: object, engine: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        game = module.new_game(players=1, seed=1, engine=engine)  # type: ignore[attr-defined]
        best = min(best, time.process_time() - start)
    assert len(game.state["pile"]) > 0
    return best


def run() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--scale", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    sizes = (args.n, args.n * args.scale)
    alone = values._ALONE
    with tempfile.TemporaryDirectory() as tmp:
        names = [build(Path(tmp), n) for n in sizes]
        sys.path.insert(0, str(Path(tmp) / "gen"))
        mods = [importlib.import_module(name) for name in names]
        for engine in ("compiled", "interpreter"):
            times: dict[str, list[float]] = {"in place": [], "copied": []}
            for mod in mods:
                for mode in times:   # taking turns
                    values._ALONE = alone if mode == "in place" else -(1 << 30)
                    times[mode].append(setup_time(mod, engine, args.repeat))
            values._ALONE = alone
            for mode, (small, large) in times.items():
                print(f"{engine:11} {mode:8}  {sizes[0]:>7} appends {small * 1000:8.1f} ms"
                      f"  {sizes[1]:>7} appends {large * 1000:8.1f} ms  ratio "
                      f"{large / small:6.1f}")


if __name__ == "__main__":
    run()
