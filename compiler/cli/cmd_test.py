"""``rulesc test SCENARIO.yaml...``: run rules tests written as data.

Prints one line per scenario (PASS/FAIL with its title), each failure as
``path:line:col: FAIL[CODE]: message`` naming the expectation's line (the stable codes,
T001-T010, are in docs/diagnostics.md) and a ``hint:`` line below, then a summary line
``N passed, N failed``; PASS and FAIL are coloured on a terminal. Exit 1 when any
scenario fails, or when the folders named hold no scenario (nothing to test); 2 for a
file or folder that does not exist. Scenarios play the generated engine of their
``game:``; with ``--rules PATH [--on GAME]`` they play those rules, compiled now (a
designer's game, or an expansion layered on a shipped game).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from compiler.cli import style
from compiler.cli.common import command, compiled_game, on_without_rules, project_root
from compiler.cli.stale import scenario_games, stale_note
from compiler.scenario import run_file

EXAMPLES = [
    ("rulesc test tests/scenarios/terraforming_mars", "every scenario in a folder"),
    ("rulesc test my_scenarios/award_tie.yaml", "one scenario"),
    ("rulesc test my_scenarios --rules my_expansion --on terraforming_mars",
     "an expansion's cards, compiled now"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "test", "run rules scenarios (YAML) against a generated engine", EXAMPLES)
    p.add_argument("scenarios", nargs="+", type=Path, metavar="SCENARIO",
                   help="scenario files (*.yaml), or folders searched for them")
    p.add_argument("--rules", type=Path, metavar="PATH", help="play these rules (compiled "
                   "now) instead of the generated engine of each scenario's game")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of GAME")
    p.set_defaults(run=run)


def _files(paths: list[Path]) -> list[Path]:
    """The scenario files named, and those in the folders named: a folder's YAML files
    (``*.yaml``, ``*.yml``) with a top-level ``scenario:`` and no ``kind:`` (rules files
    may share the folder, as scenarios may sit in an expansion's folder)."""
    out: list[Path] = []
    for p in paths:
        found = sorted({*p.rglob("*.yaml"), *p.rglob("*.yml")}) if p.is_dir() else []
        out.extend([f for f in found if _scenario(f)] if p.is_dir() else [p])
    return out


_TOP_KEY = re.compile(r"^(scenario|kind):", re.MULTILINE)


def _scenario(path: Path) -> bool:
    """Whether YAML file ``path`` holds a scenario, not rules (its top-level keys; a
    byte order mark before the first is no part of it)."""
    try:
        keys = set(_TOP_KEY.findall(path.read_text("utf-8-sig", errors="replace")))
    except OSError:
        return True   # reported when it is run
    return keys == {"scenario"}


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    if on_without_rules("test", args):
        return 2
    root = project_root()
    files = _files(args.scenarios)
    missing = [f for f in files if not f.is_file()]
    if missing:
        print(f"rulesc test: no such scenario file or folder: {missing[0]}", file=sys.stderr)
        return 2
    if not files:
        shown = ", ".join(str(p) for p in args.scenarios)
        print(f"rulesc test: nothing to test: no scenario files (*.yaml, *.yml) in {shown}",
              file=sys.stderr)
        return 1
    rules = None
    if args.rules is not None:
        comp = compiled_game("test", args.on or args.rules.name, args.rules, args.on)
        if isinstance(comp, int):
            return comp
        rules = comp.ir
    for game in scenario_games(files) if rules is None else []:
        stale = stale_note(game, root)
        if stale:
            print(f"rulesc test: note: {stale}", file=sys.stderr)
    passed = failed = 0
    for f in files:
        shown = _shown(f, root)
        outcome = run_file(f, shown, rules)
        status = style.paint("PASS", "ok", sys.stdout) if outcome.passed else \
            style.paint("FAIL", "error", sys.stdout)
        print(f"{status} {shown}: {outcome.title}")
        for failure in outcome.failures:
            print("  " + failure.format())
        passed += outcome.passed
        failed += not outcome.passed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _shown(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()
