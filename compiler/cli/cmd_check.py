"""``rulesc check [--game G] [--rules PATH] [--strict] [--format text|json|sarif]``.

Exit 0 when there is no error (no diagnostic at all with ``--strict``), else 1. Writes
nothing. ``--format sarif`` prints a SARIF 2.1.0 log for code-scanning upload.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from compiler.cli.common import FORMATS, games, print_diagnostics, project_root, rules_dir
from compiler.diagnostics import Diagnostic
from compiler.load import Document
from compiler.pipeline import compile_game


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="check rules data and print every diagnostic")
    p.add_argument("--game", help="one game (default: every game under rules_data/)")
    p.add_argument("--rules", type=Path, help="a rules folder (may be outside this repo)")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--format", choices=FORMATS, default="text",
                   help="text (default), json, or sarif (SARIF 2.1.0)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    root = project_root()
    names = [args.game] if args.game else games(root, args.rules)
    failed = False
    all_diags: list[Diagnostic] = []
    all_docs: list[Document] = []
    for game in names:
        comp = compile_game(rules_dir(root, game, args.rules), root)
        all_diags.extend(comp.diagnostics)
        all_docs.extend(comp.docs)
        failed |= comp.failed(args.strict)
    print_diagnostics(all_diags, all_docs, args.format, args.strict, root)
    if not names and args.format == "text":
        print(f"no games found under {root / 'rules_data'}")
        return 1
    if not all_diags and args.format == "text":
        print(f"ok: {', '.join(names)} checked, no diagnostics")
    return 1 if failed else 0
