"""``rulesc schema [KIND] [--out DIR]``: print or export the JSON Schemas of rules data.

Without ``--out`` it prints the schema of KIND (or lists the kinds); with ``--out`` it
writes ``common.schema.json`` and every ``<kind>.schema.json`` (or just KIND's and the
shared one) into DIR, for editors and other tools. Exit 0 ok, 1 when DIR cannot be
written, 2 unknown kind.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli.common import command
from compiler.diagnostics import did_you_mean
from compiler.schema import COMMON, KINDS, schema_dir, schema_files

EXAMPLES = [
    ("rulesc schema", "list the document kinds"),
    ("rulesc schema cards", "print the schema of one kind"),
    ("rulesc schema --out my_expansion/schemas", "write every schema, for an editor"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "schema", "print or export the JSON Schemas (Draft 2020-12)", EXAMPLES)
    p.add_argument("kind", nargs="?", metavar="KIND", help="one document kind: print its "
                   "schema (without KIND: list the kinds, or with --out write every schema)")
    p.add_argument("--out", type=Path, metavar="DIR",
                   help="write the schema files (KIND's, or all) into this folder")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    if args.kind is not None and args.kind not in KINDS:
        hint = did_you_mean(args.kind, KINDS) or "kinds: " + ", ".join(KINDS)
        sys.stderr.write(f"rulesc schema: unknown kind {args.kind!r}; {hint}\n")
        return 2
    if args.out is not None:
        return export(args.out, args.kind)
    if args.kind is None:
        print("\n".join(KINDS))
        return 0
    sys.stdout.write((schema_dir() / f"{args.kind}.schema.json").read_text("utf-8"))
    return 0


def export(out: Path, kind: str | None = None) -> int:
    """Copy the shared schema and one (or every) kind's schema into ``out``."""
    files = schema_files() if kind is None else [schema_dir() / COMMON,
                                                 schema_dir() / f"{kind}.schema.json"]
    try:
        out.mkdir(parents=True, exist_ok=True)
        for src in files:
            (out / src.name).write_bytes(src.read_bytes())
    except OSError as exc:
        sys.stderr.write(f"rulesc schema: cannot write to {out}: {exc.strerror or exc}\n")
        return 1
    print(f"wrote {len(files)} schema file(s) to {out}")
    return 0
