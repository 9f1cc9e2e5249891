"""``rulesc check [--game G] [--rules PATH] [--strict] [--format text|json|sarif]
[--on GAME] [--modules a,b [--players N]]``.

Exit 0 when there is no error (no diagnostic at all with ``--strict``), else 1; 2 usage
error. Writes nothing. ``--format sarif`` prints a SARIF 2.1.0 log for code-scanning
upload. Every game is checked as the base alone, every module alone (with what it
requires) and every pair of modules allowed together; ``--modules`` also checks one
selection (R023-R025, ``compiler.check.selection.check_selection``). ``--on GAME``
checks the ``--rules`` folder as an expansion layered on the shipped GAME.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.check.combinations import combinations_checked
from compiler.check.selection import UnknownModule, check_selection
from compiler.cli.cmd_build import parse_modules
from compiler.cli.common import (
    FORMATS,
    UsageError,
    expansion_base,
    games,
    known_game,
    no_games,
    print_diagnostics,
    project_root,
    rules_dir,
)
from compiler.diagnostics import Diagnostic, has_errors
from compiler.load import Document
from compiler.pipeline import compile_game


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = sub.add_parser("check", help="check rules data and print every diagnostic")
    p.add_argument("--game", help="one game (default: every game under rules_data/)")
    p.add_argument("--rules", type=Path, help="a rules folder (may be outside this repo)")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--format", choices=FORMATS, default="text",
                   help="text (default), json, or sarif (SARIF 2.1.0)")
    p.add_argument("--on", metavar="GAME", help="check --rules as an expansion of the "
                   "shipped GAME (its modules and cards layered on GAME's data)")
    p.add_argument("--modules", help="comma-separated module ids: check this selection too")
    p.add_argument("--players", type=int, help="with --modules: the player count to check")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    root = project_root()
    try:
        layered, base = expansion_base(root, args)
        known_game(root, None if layered else args.game, args.rules)
        names = layered or ([args.game] if args.game else games(root, args.rules))
        selection = parse_modules(args.modules, args.players, names)
    except UsageError as exc:
        print(f"rulesc check: {exc}", file=sys.stderr)
        return 2
    if not names:
        return no_games("check", root)
    failed = False
    all_diags: list[Diagnostic] = []
    all_docs: list[Document] = []
    checked: list[str] = []
    for game in names:
        folder = args.rules if base is not None else rules_dir(root, game, args.rules)
        comp = compile_game(folder, root, base)
        diags = comp.diagnostics
        if selection is not None and not comp.failed():
            try:
                diags = sorted(diags + check_selection(comp, selection, args.players),
                               key=Diagnostic.sort_key)
            except UnknownModule as exc:
                print(f"rulesc check: {game}: {exc}", file=sys.stderr)
                return 2
        all_diags.extend(diags)
        all_docs.extend(comp.docs)
        failed |= has_errors(diags, args.strict)
        modules, pairs = combinations_checked(comp.docs)
        if modules:
            checked.append(f"{game}: the base game, {modules} module(s) alone and {pairs} "
                           "allowed pair(s)" + (f", and {', '.join(selection) or 'no modules'}"
                                                if selection is not None else ""))
    print_diagnostics(all_diags, all_docs, args.format, args.strict, root)
    if not all_diags and args.format == "text":
        print(f"ok: {', '.join(names)} checked, no diagnostics")
        for line in checked:
            print(f"  {line}")
    return 1 if failed else 0
