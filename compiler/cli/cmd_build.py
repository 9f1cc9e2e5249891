"""``rulesc build [--game G] [--rules PATH] [--check] [--out DIR] [--strict]
[--modules a,b [--players N]]``.

Writes ``<out>/<game>/`` atomically, and only when the data has no error (no diagnostic
at all with ``--strict``); otherwise nothing is written. Exit 0 ok, 1 errors or stale,
2 usage error.

``--modules a,b`` also checks that selection (``compiler.check.selection``: a
requirement left off R023, a conflict R024, with ``--players`` a player count outside a
module's range R025) and composes it as ``rulesc play`` would. The package is still built
for the whole game (every module stays in it, to be switched on at play time): the
selection only decides whether the build goes ahead.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.check.selection import UnknownModule, check_selection
from compiler.cli.common import (
    UsageError,
    expansion_base,
    games,
    known_game,
    no_games,
    print_diagnostics,
    project_root,
    rules_dir,
)
from compiler.diagnostics import Diagnostic, Severity, has_errors
from compiler.load import Document
from compiler.pipeline import build, compile_game


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = sub.add_parser("build", help="compile rules data into generated/<game>/")
    p.add_argument("--game", help="one game (default: every game under rules_data/)")
    p.add_argument("--rules", type=Path, help="a rules folder (may be outside this repo)")
    p.add_argument("--out", type=Path, help="output folder (default: <root>/generated)")
    p.add_argument("--on", metavar="GAME", help="build --rules as an expansion of the "
                   "shipped GAME into --out/GAME (--out is then required)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when generated/ differs from the data")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--modules", help="comma-separated module ids: check and compose this "
                   "selection too (the whole game is still built)")
    p.add_argument("--players", type=int, help="with --modules: the player count to check")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    root = project_root()
    out = args.out or root / "generated"
    try:
        layered, base = expansion_base(root, args)
        known_game(root, None if layered else args.game, args.rules)
        if base is not None and args.out is None:
            raise UsageError("--on needs --out: the shipped game's generated/ is not "
                             "overwritten")
        names = layered or ([args.game] if args.game else games(root, args.rules))
        _not_shipped(root, names, args)
        selection = parse_modules(args.modules, args.players, names)
    except UsageError as exc:
        print(f"rulesc build: {exc}", file=sys.stderr)
        return 2
    if not names:
        return no_games("build", root)
    status = 0
    for game in names:
        folder = args.rules if base is not None else rules_dir(root, game, args.rules)
        if selection is not None:
            verdict = _selection(folder, root, game, selection, args, base)
            if verdict is not None:
                status = max(status, verdict)
                continue
        try:
            comp, changed = build(folder, root, out / game, check_only=args.check,
                                  strict=args.strict, base=base)
        except OSError as exc:
            print(f"rulesc: {game}: cannot write {out / game}: {exc.strerror or exc}; "
                  "the previous output is unchanged", file=sys.stderr)
            status = 1
            continue
        _report(comp.diagnostics, comp.docs, game, args.strict, root)
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


def _not_shipped(root: Path, names: list[str], args: argparse.Namespace) -> None:
    """UsageError when a game that ships with rulesc would be built without ``--out``.

    Outside a rules repository ``rulesc build GAME`` finds the shipped game, whose engine
    is already built; writing it into the current folder unasked would surprise.
    """
    if args.out is not None or args.rules is not None:
        return
    for game in names:
        if not (root / "rules_data" / game).is_dir():
            raise UsageError(f"{game} ships with rulesc and its engine is already built; "
                             "pass --out DIR to build a copy")


def _report(diags: list[Diagnostic], docs: list[Document], game: str, strict: bool,
            root: Path) -> None:
    """Errors in full; warnings (which do not stop a build) as one count, unless strict."""
    shown = diags if strict else [d for d in diags if d.severity is Severity.ERROR]
    print_diagnostics(shown, docs, strict=strict, root=root)
    warnings = len(diags) - len(shown)
    if warnings:
        print(f"{game}: {warnings} warning(s); `rulesc check --game {game}` lists them",
              file=sys.stderr)


def parse_modules(text: str | None, players: int | None, names: list[str]) -> list[str] | None:
    """The module ids of ``--modules`` (None: no selection); UsageError when misused."""
    if text is None:
        if players is not None:
            raise UsageError("--players needs --modules")
        return None
    if len(names) != 1:
        raise UsageError("--modules needs one game (--game G, or --rules with one game)")
    if players is not None and players < 1:
        raise UsageError("--players must be at least 1")
    return [m.strip() for m in text.split(",") if m.strip()]


def _selection(folder: Path, root: Path, game: str, selection: list[str],
               args: argparse.Namespace, base: Path | None = None) -> int | None:
    """Check and compose the selection; an exit status when the build must not go on."""
    from compiler.runtime import RulesError, compose

    comp = compile_game(folder, root, base)
    if comp.failed(args.strict):
        return None  # build() reports the game's own errors
    try:
        diags = check_selection(comp, selection, args.players)
    except UnknownModule as exc:
        print(f"rulesc build: {game}: {exc}", file=sys.stderr)
        return 2
    shown = ", ".join(selection) or "no modules"
    if has_errors(diags, args.strict):
        all_diags = sorted(comp.diagnostics + diags, key=Diagnostic.sort_key)
        _report(all_diags, comp.docs, game, args.strict, root)
        print(f"{game}: not built: the selection ({shown}) has errors; nothing was written")
        return 1
    try:
        compose(comp.ir, selection, args.players)
    except RulesError as exc:
        print(f"{game}: not built: the selection ({shown}) does not compose: {exc}")
        return 1
    return None
