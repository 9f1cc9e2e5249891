"""Helpers shared by the commands: finding the project root, games and printing."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from compiler.cli import style
from compiler.diagnostics import Diagnostic, Severity, did_you_mean, to_json, to_sarif
from compiler.load import Document
from compiler.resources import shipped_game, shipped_games

if TYPE_CHECKING:
    from compiler.pipeline import Compilation

FORMATS = ("text", "json", "sarif")
MAX_LINE_BYTES = 64 * 1024


class UsageError(Exception):
    """A wrong command line: exit code 2."""


def command(sub: argparse._SubParsersAction, name: str, summary: str,
            examples: list[tuple[str, str]]) -> argparse.ArgumentParser:
    """Add command ``name`` with a one-line ``summary`` and, below its options in
    ``--help``, ``examples`` (command line, what it does)."""
    lines = [f"  # {what}\n  {cmd}" for cmd, what in examples]
    return sub.add_parser(name, help=summary, description=summary[0].upper() + summary[1:]
                          + ".", epilog="examples:\n" + "\n".join(lines),
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def add_game(p: argparse.ArgumentParser, default: str | None = None) -> None:
    """The game as the first positional argument, GAME. Optional when ``default`` says
    what is done without it (``check``, ``build``): those keep ``--game GAME``, their
    former spelling, as a deprecated alias."""
    if default is None:
        p.add_argument("game", metavar="GAME",
                       help="a game: a folder of rules_data/, or a game shipped with rulesc")
        return
    p.add_argument("game", nargs="?", metavar="GAME", help=f"one game ({default})")
    p.add_argument("--game", dest="game_option", metavar="GAME", help=argparse.SUPPRESS)


def game_arg(args: argparse.Namespace, prog: str) -> str | None:
    """The game named by ``GAME`` or the deprecated ``--game GAME``; UsageError for both."""
    old = getattr(args, "game_option", None)
    if old is None:
        return getattr(args, "game", None)
    if args.game is not None and args.game != old:
        raise UsageError(f"two games named: {args.game} and --game {old}")
    print(f"rulesc {prog}: --game is deprecated: write `rulesc {prog} {old}`",
          file=sys.stderr)
    return str(old)


def modules_option(text: str | None, players: int | None, names: list[str]) -> str | None:
    """``--modules`` as given (``a,b`` or ``all``; None: no selection); UsageError when
    misused. ``compiler.cli.selection.choose`` reads it once the game is compiled."""
    if text is None:
        if players is not None:
            raise UsageError("--players needs --modules")
        return None
    if len(names) != 1:
        raise UsageError("--modules needs one game (GAME, or --rules with one game)")
    if players is not None and players < 1:
        raise UsageError("--players must be at least 1")
    return text


def project_root(start: Path | None = None) -> Path:
    """The nearest folder at or above ``start`` (default: cwd) holding ``rules_data/``."""
    here = (start or Path.cwd()).resolve()
    for p in (here, *here.parents):
        if (p / "rules_data").is_dir():
            return p
    return here


def games(root: Path, rules: Path | None = None) -> list[str]:
    """The games to work on: every folder of ``rules_data/``, or the one ``--rules`` names.

    ``--rules`` may name one game's folder (it holds YAML files, or nothing yet, or does
    not exist: the compiler then reports it) or a folder of game folders.
    """
    if rules is None:
        base = root / "rules_data"
        return sorted(p.name for p in base.iterdir() if p.is_dir()) if base.is_dir() else []
    if not rules.is_dir() or any(rules.glob("*.yaml")):
        return [rules.name]
    subs = sorted(p.name for p in rules.iterdir() if (p / "game.yaml").is_file())
    return subs or [rules.name]


def rules_dir(root: Path, game: str, rules: Path | None = None) -> Path:
    """The folder of ``game``: ``--rules`` itself or below it; else under the project's
    ``rules_data/``, or the shipped game of that name (``compiler.resources``)."""
    if rules is None:
        own = root / "rules_data" / game
        return own if own.is_dir() else shipped_game(game) or own
    if (rules / game / "game.yaml").is_file() and not any(rules.glob("*.yaml")):
        return rules / game
    return rules


def all_games(root: Path) -> str:
    """The games a command can name, for messages: the project's and the shipped ones."""
    return ", ".join(sorted(set(games(root)) | set(shipped_games()))) or "none"


def no_game(game: str | None, known: str) -> str:
    """The message for a game no folder holds: its name, the closest one of ``known`` (a
    comma-separated list, as ``all_games`` gives), the games there are, and where an
    engine built from rules elsewhere came from."""
    hint = did_you_mean(str(game), [g for g in known.split(", ") if g != "none"])
    return (f"no game {game!r}" + (f"; {hint}" if hint else "") + f" (games: {known})"
            + built_elsewhere(game))


def no_games(prog: str, root: Path) -> int:
    """Say that there is nothing to work on (no ``rules_data/`` here); exit status 1."""
    print(f"rulesc {prog}: nothing to {prog}: no rules_data/ folder in {root} or above it; "
          f"run it inside a rules repository, or name a game ({all_games(root)}) or a "
          "folder with --rules", file=sys.stderr)
    return 1


def compiled_game(prog: str, game: str | None, rules: Path | None,
                  on: str | None = None) -> Compilation | int:
    """Compile a game (or, with ``on``, the ``rules`` expansion layered on shipped game
    ``on``) for a command that needs error-free rules data.

    Returns the compilation, or the exit status after printing why not: 2 for an unknown
    game or a wrong option (a usage error), 1 when the rules data has errors (printed).
    """
    from compiler.pipeline import compile_game

    root = project_root()
    try:
        _names, base = expansion_base(root, argparse.Namespace(on=on, rules=rules))
    except UsageError as exc:
        print(f"rulesc {prog}: {exc}", file=sys.stderr)
        return 2
    folder = rules if base is not None and rules is not None else \
        rules_dir(root, game or "", rules)
    if not folder.is_dir() and rules is None:   # a --rules folder missing is L012, below
        known = ", ".join(games(root, rules)) if rules is not None else all_games(root)
        print(f"rulesc {prog}: {no_game(game, known or 'none')}", file=sys.stderr)
        return 2
    comp = compile_game(folder, root, base, use_cache=True)  # compiler.cache
    if comp.failed():
        print_diagnostics(comp.diagnostics, comp.docs, root=root)
        print(f"rulesc {prog}: {game or folder}: the rules data has errors", file=sys.stderr)
        return 1
    return comp


def built_elsewhere(game: str | None) -> str:
    """A hint when ``./generated/<game>`` holds an engine built from rules outside a rules
    repository (``rulesc build --rules PATH``): this command needs those rules."""
    init = Path("generated") / str(game or "") / "__init__.py"
    try:
        head = init.read_text("utf-8").splitlines()[0] if game else ""
    except (OSError, UnicodeDecodeError, IndexError):
        return ""
    found = re.match(r"# Generated by rulesc from (.+?) -- DO NOT EDIT\.$", head)
    if not found:
        return ""
    return (f"; generated/{game} was built from {found.group(1)}: give those rules with "
            f"--rules {found.group(1).rstrip('/')}")


def known_game(root: Path, game: str | None, rules: Path | None) -> None:
    """Raise UsageError when ``game`` is neither under ``rules_data/`` nor shipped."""
    if game is None or rules is not None or rules_dir(root, game).is_dir():
        return
    raise UsageError(no_game(game, all_games(root)))


def expansion_base(root: Path, args: object) -> tuple[list[str] | None, Path | None]:
    """For ``--on GAME``: ``([GAME], GAME's rules folder)``; ``(None, None)`` without it.

    ``--on`` checks the ``--rules`` folder as an expansion (modules, cards...) layered on
    a game of the project's ``rules_data/`` or one shipped with rulesc. Raises UsageError
    without ``--rules`` or for an unknown game.
    """
    on = getattr(args, "on", None)
    if on is None:
        return None, None
    if getattr(args, "rules", None) is None:
        raise UsageError("--on GAME needs --rules PATH (the expansion's folder)")
    base = rules_dir(root, on)
    if not base.is_dir():
        raise UsageError(f"--on: no shipped game {on!r} (games: {all_games(root)})")
    return [on], base


def on_without_rules(prog: str, args: argparse.Namespace) -> int:
    """2 (after saying why) when ``--on GAME`` is given without ``--rules PATH``: the
    expansion to layer on GAME is missing (it would be ignored); else 0."""
    if getattr(args, "on", None) is not None and getattr(args, "rules", None) is None:
        print(f"rulesc {prog}: --on GAME needs --rules PATH (the expansion's folder)",
              file=sys.stderr)
        return 2
    return 0


def output_problem(path: Path, folder: bool) -> str:
    """Why ``path`` cannot be written (a file, or with ``folder`` a folder made if
    missing), checked before a long run so that its result is not lost; '' when it can."""
    if folder:
        if path.exists() and not path.is_dir():
            return f"{path} is a file, not a folder"
        parent = next((p for p in (path, *path.parents) if p.exists()), Path("."))
    else:
        if path.is_dir():
            return f"{path} is a folder, not a file"
        parent = path.parent
        if not parent.is_dir():
            return f"no folder {parent} to write {path.name} in"
        if path.exists() and not os.access(path, os.W_OK):
            return f"cannot write {path} (read-only)"
    if not parent.is_dir():
        return f"{parent} is a file, not a folder"
    if not os.access(parent, os.W_OK):
        return f"cannot write in {parent}"
    return ""


def version() -> str:
    """The installed rulesc version (for SARIF output)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("rulesc")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0"


NOT_READ = ("L013", "L014")
"""Codes of files the loader refused to open (a link out of the rules folder, not a
regular file): their source lines are not shown either (a link to a secret file printed
its first line into the log of a check run on a pull request)."""


def print_diagnostics(diags: list[Diagnostic], docs: list[Document], fmt: str = "text",
                      strict: bool = False, root: Path | None = None) -> None:
    """Print every diagnostic: text (source line, caret, hint, then the count per code) on
    stderr, coloured on a terminal; JSON or SARIF on stdout (the command's output).

    With ``strict`` warnings are shown as errors.
    """
    from compiler.cli.codes import count_lines  # codes imports UsageError from here

    if strict:
        diags = [Diagnostic(d.span, d.code, d.message, Severity.ERROR, d.hint, d.related)
                 for d in diags]
    if fmt == "json":
        print(to_json(diags))
        return
    if fmt == "sarif":
        print(to_sarif(diags, version()))
        return
    by_path = {d.path: d for d in docs}
    upto: dict[str, int] = {}  # per file not loaded: the last line a diagnostic shows
    unread = {d.span.path for d in diags if d.code in NOT_READ}
    for d in diags:
        if d.span.path not in by_path and d.span.path not in unread:
            upto[d.span.path] = max(upto.get(d.span.path, 0), d.span.line)
    read = {path: source_lines(path, last, root) for path, last in upto.items()}
    err = sys.stderr
    for d in diags:
        doc = by_path.get(d.span.path)
        if doc is not None:
            line = doc.line_text(d.span.line)
        else:
            lines = read.get(d.span.path, [])
            line = lines[d.span.line - 1] if 1 <= d.span.line <= len(lines) else None
        print(style.diagnostic(d.format(line), err), file=err)
    for line in count_lines(diags):
        print(line, file=err)


def source_lines(path: str, upto: int, root: Path | None = None) -> list[str]:
    """Lines 1 .. ``upto`` of file ``path`` (relative to ``root``) as ``source_line``
    reads them (each file read once for all its diagnostics); [] when unreadable."""
    file = Path(path) if root is None or Path(path).is_absolute() else root / path
    out: list[str] = []
    try:
        if not file.is_file():
            return out
        with open(file, "rb") as fh:
            for raw in iter(lambda: fh.readline(MAX_LINE_BYTES), b""):
                out.append(_printable(raw.decode("utf-8", errors="replace")))
                if len(out) >= upto:
                    break
    except OSError:
        return []
    return out


def source_line(path: str, line: int, root: Path | None = None) -> str | None:
    """Line ``line`` of file ``path`` (relative to ``root``) read from disk, or None.

    Used for files that did not load (syntax errors, bad bytes); reads at most
    ``MAX_LINE_BYTES`` per line and never more than the lines up to ``line``.
    """
    file = Path(path) if root is None or Path(path).is_absolute() else root / path
    try:
        if not file.is_file():
            return None
        with open(file, "rb") as fh:
            for number, raw in enumerate(iter(lambda: fh.readline(MAX_LINE_BYTES), b""), 1):
                if number == line:
                    return _printable(raw.decode("utf-8", errors="replace"))
    except OSError:
        return None
    return None


def _printable(text: str) -> str:
    """Source text safe to show in a terminal: control characters become '?'."""
    text = text.lstrip("\ufeff").rstrip("\r\n")
    return "".join(c if c == "\t" or c.isprintable() else "?" for c in text)
