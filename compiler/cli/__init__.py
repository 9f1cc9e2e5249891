"""The ``rulesc`` command line. Exit codes: 0 ok, 1 diagnostics, failures or nothing to do,
2 usage error.

Each command lives in its own module here and registers itself with ``add_parser``;
``rulesc --version`` prints the installed version.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from compiler.cli.common import version

COMMANDS = ("check", "build", "play", "explain", "sheet", "test", "schema", "coverage",
            "replay", "simulate", "completion")
"""The commands, in ``--help``'s order; command ``NAME`` lives in ``cmd_NAME.py``."""


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"compiler.cli.cmd_{name}")


class _Usage(Exception):
    """A usage error met by the parser of one command alone (see ``main``)."""


class _Parser(argparse.ArgumentParser):
    narrow = False
    """Set while one command's parser alone parses: an error is then raised as _Usage,
    and the full parser parses again to report it (with every command in its usage)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        if _Parser.narrow:
            raise _Usage(message)
        self.print_usage(sys.stderr)
        sys.stderr.write(f"rulesc: error: {message}\n")
        raise SystemExit(2)


class _Version(argparse._VersionAction):
    """``--version``: the installed version, looked up only when asked for (reading the
    package metadata took about 20-70 ms of every command's start)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        self.version = f"%(prog)s {version()}"
        super().__call__(parser, *args, **kwargs)


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``rulesc`` argument parser with every command's subparser (``only``: with
    that command's alone)."""
    p = _Parser(prog="rulesc", description="Compile and check board-game rules data.",
                epilog="`rulesc COMMAND --help` shows a command's options and examples.")
    p.add_argument("--version", action=_Version)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS if only is None else (only,):
        _module(name).add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status (0 ok, 1 failures, 2 usage error).
    A command named first is parsed by its own module alone (the others, and what they
    import, are not loaded: a cached ``rulesc check`` starts faster)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parse_one(argv) if argv and argv[0] in COMMANDS else None
    if args is None:
        args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        sys.stderr.write("rulesc: interrupted\n")
        return 1
    except BrokenPipeError:
        return 0


def _parse_one(argv: list[str]) -> argparse.Namespace | None:
    """``argv`` parsed by its command's parser alone; None on a usage error."""
    _Parser.narrow = True
    try:
        return parser(argv[0]).parse_args(argv)
    except _Usage:
        return None
    finally:
        _Parser.narrow = False
