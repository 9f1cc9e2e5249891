"""One benchmark command: build, scale and engine figures as ratios from one run.

Run: ``python benchmarks/run.py [--quick] [--json]``. Every figure is a ratio of two
times measured in the same run on the same machine, so it carries across machines:

- ``build_vs_yaml_load``: a full build (compile and render every output) of every game in
  rules_data/ against only reading the same YAML files with PyYAML's C loader;
  ``build_unchanged_vs_yaml_load`` the same build of unchanged inputs, answered by the
  content-hash cache (``compiler.cache``, in a temporary folder);
- ``check_process_s``: ``rulesc check`` of every game as a process, without the cache;
  ``check_process_cached_s`` with it (the inputs unchanged);
- ``scale_<big>_vs_<small>``: build time of synthetic games of many cards (Terraforming
  Mars's cards copied under new ids), ``scale_100k_vs_10k`` without ``--quick``. Per
  size N: ``build_N_s`` (compile, codegen and the ``.pyc`` files, as ``rulesc build``
  writes the engine; not the sheets), ``compile_N_s``, their CPU seconds (``_cpu_s``,
  with the processes that write the ``.pyc`` files), the build's peak memory
  ``peak_N_mb`` (of its main process) and ``pyc_peak_N_mb`` (the greatest of those
  processes', sampled; None: none was seen), ``ir_bytes_per_card_N`` and
  ``engine_bytes_per_card_N``; then, in a fresh process, ``import_N_s`` (and
  ``import_peak_N_mb``) of the generated engine package, ``first_game_N_ms`` (the
  first ``new_game`` after the import: it composes the rules) and ``new_game_N_ms``
  (the mean of the next ten), wall and CPU (``_cpu_ms``);
- ``compiled_vs_interpreter`` (the engine figures run in a fresh process, as a bot would
  run the engine): whole seeded random games of 3 players, interpreter time over
  compiled time, one entry per game (Pampero with all its modules: ``MODULES``);
- ``games_per_s``: random games per second with the compiled engine, per game;
- ``compiled_vs_interpreter_parts``: Terraforming Mars's requirement checks and effects
  alone (``benchmarks/scripts/parts_ratio.py``), interpreter time over compiled time;
- ``tm_decisions_vs_openspiel_ttt``: Terraforming Mars decisions per second against
  random-playout actions per second of OpenSpiel's pure-Python tic-tac-toe (the ``bench``
  extra installs open-spiel).

``--quick`` keeps it short (one game each, scale 250 and 1k only: ``scale_1k_vs_250``);
``--sizes 1000,20000`` gives only the scale figures of those sizes. Each scale size is
built in a child process, whose peak resident memory is reported; a child that fails or
takes over SCALE_TIMEOUT_S leaves its figures out.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.cli.selection import choose  # noqa: E402
from compiler.codegen.pycode import load_code  # noqa: E402
from compiler.pipeline import compile_game, render_outputs  # noqa: E402
from compiler.runtime import Game, RandomPolicy, register_code  # noqa: E402

GAMES = {"terraforming_mars": 3, "love_letter": 3, "pampero": 3}
MODULES = {"pampero": "all"}
"""A game's ``--modules`` in the engine figures (issue 8: "Pampero with all modules");
``all`` is every module that composes with those before it, as ``rulesc play`` reads it."""
SCALE_TIMEOUT_S = 3600
"""A scale child that takes longer is reported as failed (its figures None)."""


def _timed(fn: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def build_vs_yaml(folders: list[Path]) -> dict[str, float]:
    """A full build of every game against the bare C-loader read of its files."""
    files = [f for folder in folders for f in sorted(folder.rglob("*.yaml"))]
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    read, _ = _timed(lambda: [yaml.load(f.read_bytes(), Loader=loader) for f in files])

    def build() -> None:
        for folder in folders:
            comp = compile_game(folder, ROOT)
            render_outputs(comp, folder.as_posix())

    full, _ = _timed(build)
    saved = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["RULESC_CACHE_DIR"] = tmp
        os.environ.pop("RULESC_NO_CACHE", None)
        build_cached(folders)  # fills the cache
        again, _ = _timed(lambda: build_cached(folders))
        check = _process(["check", "--no-cache"])
        _process(["check"])  # fills the cache with check's entries (if any differ)
        check_cached = _process(["check"])
    os.environ.clear()
    os.environ.update(saved)
    return {"build_s": full, "yaml_load_s": read, "build_vs_yaml_load": full / read,
            "build_unchanged_s": again, "build_unchanged_vs_yaml_load": again / read,
            "check_process_s": check, "check_process_cached_s": check_cached}


def build_cached(folders: list[Path]) -> None:
    """A full build through the content-hash cache (``compiler.cache``)."""
    for folder in folders:
        comp = compile_game(folder, ROOT, use_cache=True)
        render_outputs(comp, folder.as_posix())


def _process(args: list[str]) -> float:
    """Wall seconds of ``rulesc ARGS`` as a process (its exit status is not asked)."""
    seconds, _ = _timed(lambda: subprocess.run([sys.executable, "-m", "compiler", *args],
                                               cwd=ROOT, capture_output=True))
    return seconds


def synthetic(cards: int, dest: Path) -> Path:
    """Terraforming Mars with ``cards`` project cards: the shipped ones copied under new
    ids (realistic effects: every kind of card the game has)."""
    src = ROOT / "rules_data" / "terraforming_mars"
    folder = dest / f"tm_{cards}"
    shutil.copytree(src, folder, ignore=shutil.ignore_patterns("cards"))
    (folder / "cards").mkdir()
    base: list[dict[str, Any]] = []
    for f in sorted((src / "cards").glob("*.yaml")):
        data = _rules_yaml(f)
        base += [{**r, "deck": data.get("deck", "project")} for r in data["records"]]
    per_file = 1000
    for start in range(0, cards, per_file):
        recs = []
        for k in range(start, min(cards, start + per_file)):
            rec = dict(base[k % len(base)])
            rec["id"] = f"{rec['id']}_{k}"
            rec["number"] = f"S{k}"
            recs.append(rec)
        text = "kind: cards\nrecords:\n" + "".join(f"  - {json.dumps(r)}\n" for r in recs)
        (folder / "cards" / f"part_{start // per_file:04d}.yaml").write_text(text, "utf-8")
    return folder


def _rules_yaml(file: Path) -> Any:
    """A rules file read as rulesc reads it (``on:`` stays a key, not YAML 1.1's True)."""
    from compiler.load import load_text

    doc, _ = load_text(file.name, file.read_bytes())
    assert doc is not None, file
    return doc.data


def scale(sizes: list[int]) -> dict[str, Any]:
    """Build time, peak memory, IR size, engine import time and new-game time of
    synthetic games of ``sizes`` cards. Each size is built in a fresh process (its peak
    resident memory is the build's) and imported in another (its import is cold)."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            folder = synthetic(n, Path(tmp))
            built = _child("--scale-child", folder)
            if built is None:
                out[f"build_{n}_s"] = None
                continue
            played = _child("--import-child", folder.parent / "pkg" / folder.name) or {}
            out.update({key.format(n=n): value for key, value in {**built, **played}.items()})
            shutil.rmtree(folder.parent / "pkg")
            shutil.rmtree(folder)
    for a, b in zip(sizes, sizes[1:], strict=False):
        if out.get(f"build_{a}_s") and out.get(f"build_{b}_s"):
            out[f"scale_{_k(b)}_vs_{_k(a)}"] = out[f"build_{b}_s"] / out[f"build_{a}_s"]
    return out


def _child(flag: str, path: Path) -> dict[str, Any] | None:
    """The figures a child process prints (its last line, JSON); None if it failed."""
    try:
        child = subprocess.run([sys.executable, __file__, flag, str(path)],
                               capture_output=True, text=True, timeout=SCALE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        print(f"{flag} {path.name}: over {SCALE_TIMEOUT_S} s", file=sys.stderr)
        return None
    if child.returncode != 0:
        print(f"{flag} {path.name}: failed\n{child.stderr[-2000:]}", file=sys.stderr)
        return None
    figures: dict[str, Any] = json.loads(child.stdout.splitlines()[-1])
    return figures


def _k(n: int) -> str:
    return f"{n // 1000}k" if n % 1000 == 0 else str(n)


def scale_child(folder: Path) -> None:
    """In a child process: compile ``folder`` and write its engine package (codegen and
    the ``.pyc`` files, as ``rulesc build`` does: each file written as it is made, the
    documents let go after compiling; not the sheets) beside it, in ``pkg/<name>``;
    print the figures as JSON (``{n}`` in a key: the size)."""
    import resource

    from compiler.cache import paused_gc
    from compiler.codegen import each_file
    from compiler.output import Tree, byte_compile
    from compiler.pipeline import release_docs

    start, cpu = time.perf_counter(), time.process_time()
    comp = compile_game(folder, folder.parent)
    compiled, compiled_cpu = time.perf_counter() - start, time.process_time() - cpu
    release_docs(comp, [folder], folder.parent)
    out = folder.parent / "pkg" / folder.name
    size = 0
    with paused_gc(), Tree(out) as tree:  # as pipeline.build writes them
        for rel, text in each_file(comp.ir, f"{folder.name}/"):
            data = text.encode("utf-8")
            size += len(data)
            tree.add(rel, data)
        tree.finish()
    stop, pyc_peak = threading.Event(), [0]
    watch = threading.Thread(target=_watch_children, args=(stop, pyc_peak), daemon=True)
    watch.start()
    byte_compile(out)  # in processes of its own for a big engine: their CPU counts too
    stop.set()
    watch.join()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = time.perf_counter() - start
    total_cpu = time.process_time() - cpu + children.ru_utime + children.ru_stime
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    cards = comp.ir["records"]["cards"]
    print(json.dumps({
        "build_{n}_s": total, "build_{n}_cpu_s": total_cpu, "compile_{n}_s": compiled,
        "compile_{n}_cpu_s": compiled_cpu, "peak_{n}_mb": peak,
        "pyc_peak_{n}_mb": pyc_peak[0] / 1024 or None,
        "ir_bytes_per_card_{n}": len(json.dumps(cards)) / len(cards),
        "engine_bytes_per_card_{n}": size / len(cards)}))


def _watch_children(stop: threading.Event, peak: list[int]) -> None:
    """Until ``stop``: every 50 ms, the greatest peak resident memory (``VmHWM``, kB) of
    this process's children (those writing the ``.pyc`` files) into ``peak[0]``; Linux
    only (``/proc``; elsewhere it stays 0). ``RUSAGE_CHILDREN`` does not tell them apart
    from the build: a child's memory before its ``exec`` is counted, the build's."""
    me = f"PPid:\t{os.getpid()}\n"
    while not stop.wait(0.05):
        for pid in os.listdir("/proc") if os.path.isdir("/proc") else []:
            with contextlib.suppress(OSError, ValueError, IndexError):
                status = Path(f"/proc/{pid}/status").read_text() if pid.isdigit() else ""
                if me in status:
                    hwm = int(status.split("VmHWM:", 1)[1].split()[0])
                    peak[0] = max(peak[0], hwm)


def import_child(package: Path) -> None:
    """In a child process: import the engine package ``package`` and start games;
    print the import seconds and peak memory, the first game's milliseconds and the
    mean of the next ones' (the composed rules are shared between games)."""
    import importlib
    import resource

    import compiler.runtime  # noqa: F401 (the kernel is not the engine's import)

    sys.path.insert(0, str(package.parent))
    cpu = time.process_time()
    seconds, engine = _timed(lambda: importlib.import_module(package.name))
    cpu, mark = time.process_time() - cpu, time.process_time()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    first, _ = _timed(lambda: engine.new_game(players=3, seed=0))
    first_cpu, mark = time.process_time() - mark, time.process_time()
    games = 10
    later, _ = _timed(lambda: [engine.new_game(players=3, seed=s) for s in range(1, games + 1)])
    later_cpu = time.process_time() - mark
    print(json.dumps({"import_{n}_s": seconds, "import_{n}_cpu_s": cpu,
                      "import_peak_{n}_mb": peak, "first_game_{n}_ms": first * 1000,
                      "first_game_{n}_cpu_ms": first_cpu * 1000,
                      "new_game_{n}_ms": later * 1000 / games,
                      "new_game_{n}_cpu_ms": later_cpu * 1000 / games}))


def engines_in_child(games: int) -> dict[str, Any]:
    """``engines(games)`` in a fresh process: the engine as a bot runs it, not in a heap
    grown by the builds measured before (a bigger heap makes every full garbage
    collection slower: measured, TM 408 decisions/s alone against 259 after the builds)."""
    child = subprocess.run([sys.executable, __file__, "--engines-child", str(games)],
                           cwd=ROOT, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(child.stdout)
    return result


def engines(games: int) -> dict[str, Any]:
    """Compiled against interpreted random games, and games per second, per core game."""
    ratios: dict[str, float] = {}
    rates: dict[str, float] = {}
    decisions: dict[str, float] = {}
    for game, players in GAMES.items():
        folder = ROOT / "rules_data" / game
        comp = compile_game(folder, ROOT)
        register_code(comp.ir, load_code(comp.ir))
        modules = tuple(choose(comp.ir, MODULES.get(game), players, fill=True).modules)
        times = {}
        steps = 0
        for engine in ("compiled", "interpreter"):
            start = time.perf_counter()
            steps = 0
            for seed in range(games):
                g = Game.new(comp.ir, players=players, modules=modules, seed=seed,
                             engine=engine)
                RandomPolicy(seed).play(g)
                steps += g.state["decisions"]
            times[engine] = time.perf_counter() - start
        ratios[game] = times["interpreter"] / times["compiled"]
        rates[game] = games / times["compiled"]
        decisions[game] = steps / times["compiled"]
    return {"compiled_vs_interpreter": ratios, "games_per_s": rates,
            "decisions_per_s": decisions}


def parts(games: int) -> dict[str, Any]:
    """``compiled_vs_interpreter_parts``: Terraforming Mars's requirement checks and
    effects alone, compiled against interpreted, on the states of one seeded game
    (``benchmarks/scripts/parts_ratio.py``; every 20th decision with one game, --quick,
    else every 5th)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "scripts"))
    from parts_ratio import parts_ratio

    got = parts_ratio("terraforming_mars", 3, 20 if games == 1 else 5, 1)
    return {"compiled_vs_interpreter_parts": {"requirements": got["requirements_ratio"],
                                              "effects": got["effects_ratio"]}}


def openspiel_ttt(seconds: float) -> float | None:
    """Random-playout actions per second of OpenSpiel's pure-Python tic-tac-toe."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401 (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(1)
    start, actions = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="under two minutes")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--scale-child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--import-child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--sizes", help="scale sizes only, comma-separated (no other figure)")
    parser.add_argument("--engines-child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.scale_child:
        scale_child(args.scale_child)
        return 0
    if args.import_child:
        import_child(args.import_child)
        return 0
    if args.engines_child:
        print(json.dumps({**engines(args.engines_child), **parts(args.engines_child)}))
        return 0
    folders = [p for p in sorted((ROOT / "rules_data").iterdir()) if (p / "game.yaml").exists()]
    result: dict[str, Any] = {"quick": args.quick}
    if args.sizes:
        result.update(scale([int(n) for n in args.sizes.split(",")]))
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    result.update(build_vs_yaml(folders))
    result.update(scale([250, 1000] if args.quick else [1000, 10000, 100000]))
    result.update(engines_in_child(1 if args.quick else 10))
    ttt = openspiel_ttt(1.0 if args.quick else 3.0)
    tm = result["decisions_per_s"].get("terraforming_mars")
    result["openspiel_ttt_actions_per_s"] = ttt
    result["tm_decisions_vs_openspiel_ttt"] = tm / ttt if ttt and tm else None
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
    else:
        for key, value in sorted(result.items()):
            print(f"{key:34} {value:.3f}" if isinstance(value, float) else f"{key:34} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
