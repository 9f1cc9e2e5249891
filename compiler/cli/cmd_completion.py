"""``rulesc completion bash|zsh|tcsh``: print a shell completion script (made by shtab).

The script completes commands, options, option values with fixed choices, and file and
folder names where an option takes a path. Install it once, for example:

    rulesc completion bash > ~/.local/share/bash-completion/completions/rulesc
    rulesc completion zsh > ~/.zfunc/_rulesc      # with fpath+=(~/.zfunc) in ~/.zshrc

Exit 0.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import shtab

from compiler.cli.common import command

SHELLS = ("bash", "zsh", "tcsh")
FOLDERS = ("rules", "out", "scenarios")  # options and arguments that usually name a folder
EXAMPLES = [
    ("rulesc completion bash > ~/.local/share/bash-completion/completions/rulesc", "bash"),
    ("rulesc completion zsh > ~/.zfunc/_rulesc", "zsh (with ~/.zfunc in fpath)"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "completion", "print a shell completion script", EXAMPLES)
    p.add_argument("shell", choices=SHELLS, help="the shell the script is for")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the completion script for ``args.shell``; exit status 0."""
    from compiler.cli import parser

    top = parser()
    _mark_paths(top)
    print(shtab.complete(top, shell=args.shell), end="")
    return 0


def _mark_paths(p: argparse.ArgumentParser) -> None:
    """Complete file names for path arguments (folder names where one is expected)."""
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _mark_paths(child)
        elif action.type is Path:
            folder = action.dest in FOLDERS
            action.complete = shtab.DIRECTORY if folder else shtab.FILE  # type: ignore[attr-defined]
