"""``rulesc build [GAME] [--rules PATH [--on GAME]] [--out DIR] [--check] [--strict]
[--modules a,b|all [--players N]] [--no-cache]``.

Writes ``<out>/<id>/`` atomically (``id``: the game's id in its game.yaml; ``<out>``:
``--out``, else ``generated/`` of the rules repository the current folder is in, or of
the current folder outside one), and only when the data has no error (no diagnostic
at all with ``--strict``); otherwise nothing is written. Exit 0 ok, 1 errors, stale
output or no game to build, 2 usage error. What was written goes to stdout; errors and
what was not built to stderr.

``--modules a,b`` (or ``all``) also checks that selection as named
(``compiler.check.selection``: a requirement left off R023, a conflict R024, with
``--players`` a player count outside a module's range R025) and composes it as ``rulesc
play`` would. The package is still built for the whole game (every module stays in it,
to be switched on at play time): the selection only decides whether the build goes ahead.

Unchanged inputs are not compiled or rendered again: the content-hash cache
(``compiler.cache``, docs/cache.md) gives the same diagnostics and bytes; ``--no-cache``
or ``RULESC_NO_CACHE=1`` bypasses it.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from compiler.check.selection import UnknownModule, check_selection
from compiler.cli.common import (
    UsageError,
    add_game,
    command,
    expansion_base,
    game_arg,
    games,
    known_game,
    modules_option,
    no_games,
    output_problem,
    print_diagnostics,
    project_root,
    rules_dir,
)
from compiler.cli.selection import choose
from compiler.diagnostics import Diagnostic, Severity, has_errors
from compiler.pipeline import Compilation, build, compile_game

EXAMPLES = [
    ("rulesc build", "every game of rules_data/ into generated/"),
    ("rulesc build terraforming_mars", "one game"),
    ("rulesc build --check", "exit 1 when generated/ is stale (for CI)"),
    ("rulesc build pampero --modules all --players 3", "only if that selection composes"),
    ("rulesc build --rules my_game --out build", "a designer's game"),
    ("rulesc build --rules my_expansion --on terraforming_mars --out build", "an expansion"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "build", "compile rules data into generated/<game>/", EXAMPLES)
    add_game(p, "default: every game under rules_data/, or under --rules")
    p.add_argument("--rules", type=Path, help="a rules folder (may be outside this repo)")
    p.add_argument("--on", metavar="GAME", help="build --rules as an expansion of GAME "
                   "into --out/GAME (--out is then required)")
    p.add_argument("--out", type=Path, help="output folder; the game goes into OUT/<id> "
                   "(id: game.yaml's; default: generated/ of the rules repository, or "
                   "of the current folder outside one)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when generated/ differs from the data")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--modules", metavar="A,B|all", help="module ids, or all: check and "
                   "compose this selection too (the whole game is still built)")
    p.add_argument("--players", type=int, help="with --modules: the player count to check")
    p.add_argument("--no-cache", action="store_true", help="compile and render again even "
                   "when the inputs are unchanged (docs/cache.md)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    root = project_root()
    try:
        game = game_arg(args, "build")
        layered, base = expansion_base(root, args)
        known_game(root, None if layered else game, args.rules)
        if base is not None and args.out is None:
            raise UsageError("--on needs --out: the shipped game's generated/ is not "
                             "overwritten")
        problem = output_problem(args.out, folder=True) if args.out is not None else ""
        if problem:
            raise UsageError(f"--out: {problem}")
        names = layered or ([game] if game else games(root, args.rules))
        _not_shipped(root, names, args)
        if base is None:
            _one_package_each(root, names, args)
        modules = modules_option(args.modules, args.players, names)
    except UsageError as exc:
        print(f"rulesc build: {exc}", file=sys.stderr)
        return 2
    if not names:
        return no_games("build", root)
    status = 0
    for name in names:
        folder = args.rules if base is not None else rules_dir(root, name, args.rules)
        if modules is not None:
            verdict = _selection(folder, root, name, modules, args, base)
            if verdict is not None:
                status = max(status, verdict)
                continue
        status = max(status, _build_one(folder, root, name, args, base))
    return status


def _build_one(folder: Path, root: Path, game: str, args: argparse.Namespace,
               base: Path | None) -> int:
    """Build (or with ``--check`` compare) one game; its exit status 0 or 1."""
    from compiler.sheets import SheetError

    target = (args.out or root / "generated") / package_name(folder, game, base)
    try:
        comp, changed = build(folder, root, target, check_only=args.check,
                              strict=args.strict, base=base, use_cache=not args.no_cache,
                              pyc=args.out is None)
    except OSError as exc:
        _say(f"rulesc build: {game}: cannot write {target}: {exc.strerror or exc}; "
             "the previous output is unchanged")
        return 1
    except SheetError as exc:  # a player's page would show an id or a data path
        if exc.findings:
            from compiler.sheets.audit import diagnostics

            game_yaml = _relative(folder / "game.yaml", root)
            print_diagnostics(diagnostics(exc.findings, game_yaml, root), [], root=root)
            _say(f"rulesc build: {game}: not built (a player's page would show the data "
                 "names above); nothing was written")
        else:
            _say(f"rulesc build: {game}: {exc}; give those records a name in every "
                 "language of the game (docs/sheets.md); nothing was written")
        return 1
    _report(comp.diagnostics, comp, _check_command(game, args), args.strict, root,
            (folder, game) if base is not None else None)
    if comp.failed(args.strict):
        _say(f"rulesc build: {game}: not built (errors above); nothing was written")
        return 1
    if args.check and changed:
        _say(_stale(game, target, changed, args))
        return 1
    verb = "up to date" if not changed else f"wrote {len(changed)} file(s)"
    print(f"{game}: {verb} in {target}")
    return 0


def package_name(folder: Path, game: str, base: Path | None = None) -> str:
    """The folder (and engine package) a build of ``folder`` writes, under ``--out`` or
    ``generated/``: the ``id`` its game.yaml gives, so that ``rulesc play ID`` finds it
    whatever the rules folder is called; else ``game`` (an expansion, built with
    ``--on GAME``, is GAME's package; a game.yaml with no valid id fails the build)."""
    from compiler import load

    file = folder / "game.yaml"
    if base is not None or not file.is_file():
        return game
    raw, problem = load.read_file(file, folder.resolve())
    doc = None if problem else load.load_text(file.name, raw)[0]
    gid = doc.data.get("id") if doc is not None and isinstance(doc.data, dict) else None
    return gid if isinstance(gid, str) and re.fullmatch(r"[a-z][a-z0-9_]*", gid) else game


def _one_package_each(root: Path, names: list[str], args: argparse.Namespace) -> None:
    """UsageError when two of the games to build have one id (game.yaml): both would be
    written to the same ``OUT/<id>/``, the second over the first (and ``--check`` would
    call one of them stale for ever)."""
    seen: dict[str, Path] = {}
    out = args.out or root / "generated"
    for name in names:
        folder = rules_dir(root, name, args.rules)
        package = package_name(folder, name)
        if package in seen:
            raise UsageError(f"{_relative(seen[package], root)} and {_relative(folder, root)} "
                             f"both have the id '{package}' (game.yaml): both would be built "
                             f"into {_relative(out / package, root)}/; give each game an id "
                             "of its own")
        seen[package] = folder


def _say(message: str) -> None:
    print(message, file=sys.stderr)


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


def _report(diags: list[Diagnostic], comp: Compilation, check: str, strict: bool,
            root: Path, expansion: tuple[Path, str] | None = None) -> None:
    """Errors in full; warnings (which do not stop a build) as one count, unless strict;
    ``check`` is the command that lists them. For an expansion (``(its folder, the game
    it is on)``), the base game's warnings are counted apart: ``check`` does not list them,
    ``rulesc check GAME`` does. (The documents, for the source lines, are read only when
    something is shown.)"""
    shown = diags if strict else [d for d in diags if d.severity is Severity.ERROR]
    if shown:
        print_diagnostics(shown, comp.docs, strict=strict, root=root)
    hidden = [d for d in diags if d not in shown]
    own = [d for d in hidden if expansion is None or _inside(d, expansion[0])]
    if own:
        _say(f"{len(own)} warning(s) not shown (they do not stop a build); `{check}` "
             "lists them")
    if len(own) < len(hidden) and expansion is not None:  # the base game's own warnings
        _say(f"{len(hidden) - len(own)} warning(s) of {expansion[1]} not shown; "
             f"`rulesc check {expansion[1]}` lists them")


def _inside(d: Diagnostic, folder: Path) -> bool:
    """Whether diagnostic ``d`` is about a file inside ``folder``."""
    return Path(d.span.path).resolve().is_relative_to(Path(folder).resolve())


def _stale(game: str, target: Path, changed: list[str], args: argparse.Namespace) -> str:
    """What ``--check`` says of a ``target`` that differs from the compiled ``changed``
    files (relative paths): that it was never built, or which files are out of date (at
    most 10 named), and the command that builds it there."""
    words = ["rulesc", "build"] + ([game] if args.rules is None else ["--rules", str(args.rules)])
    words += ["--on", args.on] if getattr(args, "on", None) else []
    command = " ".join(words + (["--out", str(args.out)] if args.out is not None else []))
    if not target.exists():
        return (f"rulesc build: {game}: {target} does not exist (never built); "
                f"build it with `{command}`")
    more = f" and {len(changed) - 10} more" if len(changed) > 10 else ""
    return (f"rulesc build: {game}: {target} is out of date: {', '.join(changed[:10])}"
            f"{more}; run `{command}` and commit the result")


def _check_command(game: str, args: argparse.Namespace) -> str:
    """The ``rulesc check`` command that checks what this build compiled."""
    if args.rules is None:
        return f"rulesc check {game}"
    on = f" --on {args.on}" if getattr(args, "on", None) else ""
    return f"rulesc check --rules {args.rules}{on}"


def _selection(folder: Path, root: Path, game: str, modules: str,
               args: argparse.Namespace, base: Path | None = None) -> int | None:
    """Check and compose the selection; an exit status when the build must not go on."""
    from compiler.runtime import RulesError, compose

    comp = compile_game(folder, root, base, use_cache=not args.no_cache)
    if comp.failed(args.strict):
        return None  # build() reports the game's own errors
    try:
        selection = choose(comp.ir, modules, args.players).modules
        diags = check_selection(comp, selection, args.players)
    except (UnknownModule, UsageError) as exc:
        _say(f"rulesc build: {game}: {exc}")
        return 2
    shown = ", ".join(selection) or "no modules"
    if has_errors(diags, args.strict):
        all_diags = sorted(comp.diagnostics + diags, key=Diagnostic.sort_key)
        _report(all_diags, comp, _check_command(game, args), args.strict, root)
        _say(f"rulesc build: {game}: not built: the selection ({shown}) has errors; "
             "nothing was written")
        return 1
    try:
        compose(comp.ir, selection, args.players)
    except RulesError as exc:
        _say(f"rulesc build: {game}: not built: the selection ({shown}) does not compose: "
             f"{exc}")
        return 1
    return None


def _relative(path: Path, root: Path) -> str:
    """``path`` as the diagnostics name files: relative to ``root`` when inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
