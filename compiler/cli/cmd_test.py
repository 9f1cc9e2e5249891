"""``rulesc test SCENARIO.yaml...``: run rules tests written as data.

Prints one line per scenario (PASS/FAIL with its title), each failure as
``path:line:col: FAIL: message`` naming the expectation's line, then a summary line
``N passed, N failed``. Exit 1 when any scenario fails. Scenarios play the generated
engine of their ``game:``; with ``--rules PATH [--on GAME]`` they play those rules,
compiled now (a designer's game, or an expansion layered on a shipped game).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from compiler.cli.common import compiled_game, project_root
from compiler.scenario import run_file


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = sub.add_parser("test", help="run rules scenarios (YAML) against a generated engine")
    p.add_argument("scenarios", nargs="+", type=Path,
                   help="scenario files, or folders searched for *.yaml")
    p.add_argument("--rules", type=Path, help="play these rules (compiled now) instead of "
                   "the generated engine of each scenario's game")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of the shipped GAME")
    p.set_defaults(run=run)


def _files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        out.extend(sorted(p.rglob("*.yaml")) if p.is_dir() else [p])
    return out


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    root = project_root()
    files = _files(args.scenarios)
    missing = [f for f in files if not f.is_file()]
    if missing or not files:
        print(f"rulesc test: no such scenario file: {missing[0] if missing else args.scenarios}")
        return 2
    rules = None
    if args.rules is not None:
        comp = compiled_game("test", args.on or args.rules.name, args.rules, args.on)
        if isinstance(comp, int):
            return comp
        rules = comp.ir
    passed = failed = 0
    for f in files:
        shown = _shown(f, root)
        outcome = run_file(f, shown, rules)
        status = "PASS" if outcome.passed else "FAIL"
        print(f"{status} {shown}: {outcome.title}")
        for span, message in outcome.failures:
            print(f"  {span}: FAIL: {message}")
        passed += outcome.passed
        failed += not outcome.passed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _shown(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()
