"""``rulesc explain``: not yet implemented."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("explain", help="(not yet implemented)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    print("rulesc explain: not yet implemented")
    return 2
