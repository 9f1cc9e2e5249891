"""``rulesc check [GAME] [--rules PATH [--on GAME]] [--modules a,b|all [--players N]]
[--select CODES] [--ignore CODES] [--strict] [--format text|json|sarif] [--no-cache]``.

Exit 0 when there is no error (no diagnostic at all with ``--strict``), else 1; 1 also
when there is no game to check; 2 usage error. Writes nothing. Text diagnostics and the
count per code go to stderr, JSON and SARIF (for code-scanning upload) to stdout. Every
game is checked as the base alone, every module alone (with what it requires) and every
pair of modules allowed together; ``--modules`` also checks one selection as named
(R023-R025, ``compiler.check.selection.check_selection``: a requirement left off is
reported, not filled in). ``--on GAME`` checks the ``--rules`` folder as an expansion
layered on GAME. ``--select``/``--ignore`` keep or drop codes by prefix, as in ruff.
Unchanged inputs are read from the content-hash cache (``compiler.cache``); ``--no-cache``
or ``RULESC_NO_CACHE=1`` checks again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli import style
from compiler.cli.codes import code_filter
from compiler.cli.common import (
    FORMATS,
    UsageError,
    add_game,
    command,
    expansion_base,
    game_arg,
    games,
    known_game,
    modules_option,
    no_games,
    print_diagnostics,
    project_root,
    rules_dir,
)
from compiler.diagnostics import Diagnostic, Severity, has_errors
from compiler.load import Document
from compiler.pipeline import Compilation, compile_game

EXAMPLES = [
    ("rulesc check", "every game of this repository's rules_data/"),
    ("rulesc check terraforming_mars --strict", "one game; warnings count as errors"),
    ("rulesc check pampero --modules all --players 3", "also one selection of modules"),
    ("rulesc check --rules my_game", "a designer's game outside this repository"),
    ("rulesc check --rules my_expansion --on terraforming_mars", "an expansion"),
    ("rulesc check --select R,S --ignore R025", "only some codes (prefixes, as in ruff)"),
    ("rulesc check --format sarif > check.sarif", "for code-scanning upload"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "check", "check rules data and print every diagnostic", EXAMPLES)
    add_game(p, "default: every game under rules_data/, or under --rules")
    p.add_argument("--rules", type=Path, help="a rules folder (may be outside this repo)")
    p.add_argument("--on", metavar="GAME", help="check --rules as an expansion of GAME "
                   "(its modules and cards layered on GAME's data)")
    p.add_argument("--modules", metavar="A,B|all",
                   help="module ids, or all: check this selection too")
    p.add_argument("--players", type=int, help="with --modules: the player count to check")
    p.add_argument("--select", metavar="CODES", help="only these codes or prefixes (R,S003)")
    p.add_argument("--ignore", metavar="CODES", help="leave out these codes or prefixes")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--no-cache", action="store_true", help="check again even when the "
                   "inputs are unchanged (docs/cache.md)")
    p.add_argument("--format", choices=FORMATS, default="text",
                   help="text (default, on stderr), json or sarif (SARIF 2.1.0, on stdout)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    root = project_root()
    try:
        game = game_arg(args, "check")
        layered, base = expansion_base(root, args)
        known_game(root, None if layered else game, args.rules)
        names = layered or ([game] if game else games(root, args.rules))
        modules = modules_option(args.modules, args.players, names)
        keep = code_filter(args.select, args.ignore)
        results = [_check_one(root, g, args, base, modules) for g in names]
    except UsageError as exc:
        print(f"rulesc check: {exc}", file=sys.stderr)
        return 2
    if not names:
        return no_games("check", root)
    # A file that does not load (L codes) is reported whatever --select/--ignore say,
    # as ruff reports a syntax error: nothing in it was checked.
    diags = [d for _, found, _ in results for d in found
             if keep(d) or d.code.startswith("L") and d.severity == Severity.ERROR]
    # The documents already read (a compilation from the cache has none: the lines
    # shown are then read from the files, not parsed as YAML again).
    docs: list[Document] = [doc for comp, found, _ in results if found
                            for doc in comp.values.get("docs", [])]
    print_diagnostics(diags, docs, args.format, args.strict, root)
    if args.format == "text":
        _tip(diags)
    if not diags and args.format == "text":
        what = ", ".join(names)
        if layered and args.rules is not None:
            what = f"{args.rules} (an expansion of {what})"
        print(style.paint(f"ok: {what} checked, no diagnostics", "ok", sys.stdout))
        for _, _, covered in results:
            if covered:
                print(f"  {covered}")
    return 1 if has_errors(diags, args.strict) else 0


def _check_one(root: Path, game: str, args: argparse.Namespace, base: Path | None,
               modules: str | None) -> tuple[Compilation, list[Diagnostic], str]:
    """Compile one game: the compilation, its diagnostics with the selection's, and what
    was covered (one line)."""
    folder = args.rules if base is not None else rules_dir(root, game, args.rules)
    comp = compile_game(folder, root, base, use_cache=not args.no_cache)
    found = comp.diagnostics if base is None else _of_expansion(comp.diagnostics, folder)
    chosen = None
    if modules is not None and not comp.failed():
        from compiler.check.selection import UnknownModule, check_selection
        from compiler.cli.selection import choose

        chosen = choose(comp.ir, modules, args.players).modules
        try:
            extra = check_selection(comp, chosen, args.players)
        except UnknownModule as exc:
            raise UsageError(f"{game}: {exc}") from exc
        found = sorted(found + extra, key=Diagnostic.sort_key)
    count, pairs = comp.remembered("combinations", _combinations)
    covered = ""
    if count:
        covered = (f"{game}: the base game, {count} module(s) alone and {pairs} allowed "
                   "pair(s)" + (f", and {', '.join(chosen) or 'no modules'}"
                                if chosen is not None else ""))
    return comp, found, covered


def _tip(diags: list[Diagnostic]) -> None:
    """Under many warnings of one code (a game's provisional values: W001), how to leave
    them out and where they are listed by rulebook section."""
    counts: dict[str, int] = {}
    for d in diags:
        if d.severity is Severity.WARNING:
            counts[d.code] = counts.get(d.code, 0) + 1
    code, n = max(counts.items(), key=lambda kv: kv[1], default=("", 0))
    if n >= 20:
        more = "; `rulesc coverage GAME` lists them by rulebook section" \
            if code == "W001" else ""
        print(f"tip: `--ignore {code}` leaves out the {n} {code} warnings{more}",
              file=sys.stderr)


def _combinations(comp: Compilation) -> tuple[int, int]:
    """``combinations_checked`` (imported here: a run on unchanged inputs reads its
    answer from the cache and needs neither the checks nor the parser, 0.2 s of imports)."""
    from compiler.check.combinations import combinations_checked

    return combinations_checked(comp)


def _of_expansion(found: list[Diagnostic], folder: Path) -> list[Diagnostic]:
    """An expansion's diagnostics: every error, and the warnings in its own files (the
    base game's warnings, such as its provisional values, are its authors' to see with
    ``rulesc check GAME``)."""
    inside = Path(folder).resolve()

    def own(d: Diagnostic) -> bool:
        return Path(d.span.path).resolve().is_relative_to(inside)
    return [d for d in found if d.severity == Severity.ERROR or own(d)]
