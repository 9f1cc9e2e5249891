"""``rulesc schema [KIND] [--rules PATH] [--on GAME] [--out DIR]``: print or export the
JSON Schemas of rules data.

The core's own document kinds (game, flow, modules, kinds, state, events, definitions,
constants) have fixed schemas; every record kind a game declares in ``kinds.yaml`` gets
a schema made from its fields (``compiler.schema.core.kind_schema``, the ones ``rulesc
build`` writes into ``generated/<game>/schemas/``). With ``--rules PATH`` (a game's
folder), ``--on GAME`` (a game of the project or shipped with rulesc) or both (an
expansion's folder on GAME) the game's record kinds are listed, printed and exported too.

Without ``--out`` it prints the schema of KIND (or lists the kinds); with ``--out`` it
writes ``common.schema.json`` and every ``<kind>.schema.json`` (or just KIND's and the
shared one) into DIR, for editors and other tools. Exit 0 ok, 1 when DIR cannot be
written, 2 unknown kind or rules folder.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli.common import (
    UsageError,
    all_games,
    command,
    expansion_base,
    no_game,
    output_problem,
    project_root,
    rules_dir,
)
from compiler.diagnostics import did_you_mean
from compiler.schema import COMMON, KINDS, schema_dir

EXAMPLES = [
    ("rulesc schema", "list the core's document kinds"),
    ("rulesc schema flow", "print the schema of one kind"),
    ("rulesc schema --rules my_game", "list the core's kinds and my_game's record kinds"),
    ("rulesc schema potions --rules my_game", "print the schema made from my_game's "
     "kinds.yaml"),
    ("rulesc schema potions --on my_game", "the same for a game of the project, or one "
     "shipped with rulesc"),
    ("rulesc schema --rules my_game --out my_game/schemas", "write every schema, for an "
     "editor"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "schema", "print or export the JSON Schemas (Draft 2020-12)", EXAMPLES)
    p.add_argument("kind", nargs="?", metavar="KIND", help="one document kind: print its "
                   "schema (without KIND: list the kinds, or with --out write every schema)")
    p.add_argument("--rules", type=Path, metavar="PATH",
                   help="a game's rules folder: its record kinds (kinds.yaml) too")
    p.add_argument("--on", metavar="GAME", help="a game's record kinds too (with --rules: "
                   "the folder is an expansion of this game)")
    p.add_argument("--out", type=Path, metavar="DIR",
                   help="write the schema files (KIND's, or all) into this folder")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    try:
        made = game_schemas(args.rules, args.on) if args.rules is not None or args.on \
            else {}
    except UsageError as exc:
        sys.stderr.write(f"rulesc schema: {exc}\n")
        return 2
    schemas = {kind: (schema_dir() / f"{kind}.schema.json").read_text("utf-8")
               for kind in KINDS}
    schemas.update((k, v) for k, v in made.items() if k not in schemas)
    if args.kind is not None and args.kind not in schemas:
        hint = did_you_mean(args.kind, schemas) or "kinds: " + ", ".join(schemas) + (
            "; a game's record kinds need --rules PATH or --on GAME"
            if args.rules is None and args.on is None else "")
        sys.stderr.write(f"rulesc schema: unknown kind {args.kind!r}; {hint}\n")
        return 2
    if args.out is not None:
        problem = output_problem(args.out, folder=True)
        if problem:
            sys.stderr.write(f"rulesc schema: --out: {problem}\n")
            return 2
        wanted = schemas if args.kind is None else {args.kind: schemas[args.kind]}
        return export(args.out, wanted)
    if args.kind is None:
        print("\n".join(schemas))
        return 0
    sys.stdout.write(schemas[args.kind])
    return 0


def game_schemas(rules: Path | None, on: str | None = None) -> dict[str, str]:
    """``{kind: schema text}`` for every record kind the game in ``rules`` declares, or
    game ``on`` (both: an expansion and the game it is on). The game need not be free of
    errors: a kind whose declaration is wrong is left out. UsageError when there is no
    such folder or game."""
    from compiler.codegen import kind_schemas
    from compiler.pipeline import compile_game

    root = project_root()
    if rules is None:  # a game of the project, or shipped: its own kinds
        rules = rules_dir(root, str(on))
        if not rules.is_dir():
            raise UsageError(f"--on: {no_game(str(on), all_games(root))}")
        base = None
    else:
        _names, base = expansion_base(root, argparse.Namespace(on=on, rules=rules))
    if not rules.is_dir():
        raise UsageError(f"--rules: no folder {rules}")
    ir = compile_game(rules, root, base).ir
    prefix, suffix = "schemas/", ".schema.json"
    return {name[len(prefix):-len(suffix)]: text for name, text in kind_schemas(ir).items()
            if name != prefix + COMMON}


def export(out: Path, schemas: dict[str, str]) -> int:
    """Write the shared schema and ``schemas`` (``{kind: text}``) into ``out``."""
    files = {COMMON: (schema_dir() / COMMON).read_text("utf-8")}
    files.update((f"{kind}.schema.json", text) for kind, text in schemas.items())
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (out / name).write_text(text, "utf-8")
    except OSError as exc:
        sys.stderr.write(f"rulesc schema: cannot write to {out}: {exc.strerror or exc}\n")
        return 1
    print(f"wrote {len(files)} schema file(s) to {out}")
    return 0
