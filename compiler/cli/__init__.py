"""The ``rulesc`` command line. Exit codes: 0 ok, 1 diagnostics, failures or nothing to do,
2 usage error.

Each command lives in its own module here and registers itself with ``add_parser``;
``rulesc --version`` prints the installed version.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from compiler.cli import (
    cmd_build,
    cmd_check,
    cmd_completion,
    cmd_coverage,
    cmd_explain,
    cmd_play,
    cmd_replay,
    cmd_schema,
    cmd_sheet,
    cmd_simulate,
    cmd_test,
)
from compiler.cli.common import version

COMMANDS = (cmd_check, cmd_build, cmd_play, cmd_explain, cmd_sheet, cmd_test, cmd_schema,
            cmd_coverage, cmd_replay, cmd_simulate, cmd_completion)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"rulesc: error: {message}\n")
        raise SystemExit(2)


def parser() -> argparse.ArgumentParser:
    """The ``rulesc`` argument parser with every command's subparser."""
    p = _Parser(prog="rulesc", description="Compile and check board-game rules data.",
                epilog="`rulesc COMMAND --help` shows a command's options and examples.")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for cmd in COMMANDS:
        cmd.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status (0 ok, 1 failures, 2 usage error)."""
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        sys.stderr.write("rulesc: interrupted\n")
        return 1
    except BrokenPipeError:
        return 0
