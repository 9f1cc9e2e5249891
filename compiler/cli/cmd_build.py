"""``rulesc build [--game G] [--rules PATH] [--check] [--out DIR] [--strict]``.

Writes ``<out>/<game>/`` atomically, and only when the data has no error (no diagnostic
at all with ``--strict``); otherwise nothing is written. Exit 0 ok, 1 errors or stale.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli.common import games, print_diagnostics, project_root, rules_dir
from compiler.pipeline import build


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("build", help="compile rules data into generated/<game>/")
    p.add_argument("--game", help="one game (default: every game under rules_data/)")
    p.add_argument("--rules", type=Path, help="a rules folder (may be outside this repo)")
    p.add_argument("--out", type=Path, help="output folder (default: <root>/generated)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when generated/ differs from the data")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    root = project_root()
    out = args.out or root / "generated"
    status = 0
    for game in ([args.game] if args.game else games(root, args.rules)):
        try:
            comp, changed = build(rules_dir(root, game, args.rules), root, out / game,
                                  check_only=args.check, strict=args.strict)
        except OSError as exc:
            print(f"rulesc: {game}: cannot write {out / game}: {exc.strerror or exc}; "
                  "the previous output is unchanged", file=sys.stderr)
            status = 1
            continue
        print_diagnostics(comp.diagnostics, comp.docs, strict=args.strict, root=root)
        if comp.failed(args.strict):
            print(f"{game}: not built (errors above); nothing was written")
            status = 1
        elif args.check and changed:
            print(f"{game}: generated/{game} is out of date: {', '.join(changed[:10])}")
            print("run `rulesc build` and commit the result")
            status = 1
        else:
            verb = "up to date" if not changed else f"wrote {len(changed)} file(s)"
            print(f"{game}: {verb} in {out / game}")
    return status
