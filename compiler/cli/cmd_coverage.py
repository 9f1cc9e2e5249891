"""``rulesc coverage GAME [--rules PATH [--on BASE]] [--format text|json] [--played N
[--players P]]``.

A report, not a check: every provisional value (file:line, record, reason), counted per
module and file, and the rulebook sections game.yaml lists that no record cites yet (the
matching rule is in ``compiler.coverage``). Exit 0; 1 only when the game has errors (the
report then covers what loaded; ``rulesc check`` shows the errors).

``--played N`` (a game in the core language) plays N seeded random games for the base
game, each module alone and all modules together, and lists every record, trigger and
option that never fired (``compiler.playtest.played``); rules data with errors is not
played (exit 1).

``--on BASE`` reads ``--rules`` as an expansion of game BASE (as ``rulesc check``): both
are compiled together, and the report lists the provisional values and placeholders of
the expansion's own files (the base game's are ``rulesc coverage BASE``'s).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

from compiler.cli.common import (
    UsageError,
    add_game,
    all_games,
    command,
    expansion_base,
    games,
    no_game,
    print_diagnostics,
    project_root,
    rules_dir,
)
from compiler.coverage import compilation_report, format_text
from compiler.pipeline import compile_game

EXAMPLES = [
    ("rulesc coverage pampero", "what is still provisional or not encoded"),
    ("rulesc coverage pampero --format json", "the same as JSON"),
    ("rulesc coverage my_game --rules my_game", "a designer's game"),
    ("rulesc coverage my_pack --rules my_pack --on terraforming_mars",
     "an expansion's own provisional values"),
    ("rulesc coverage terraforming_mars --played 20", "what never fired in 20 games"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "coverage", "list provisional values and rulebook sections not yet "
                "encoded", EXAMPLES)
    add_game(p)
    p.add_argument("--rules", type=Path, metavar="PATH",
                   help="a rules folder (may be outside this repo)")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of GAME")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default) or json")
    p.add_argument("--played", type=int, metavar="N",
                   help="play N seeded random games per module selection and list what "
                   "never fired")
    p.add_argument("--players", type=int, default=3, metavar="P",
                   help="players in those games (default 3)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    if args.played is not None and args.played < 1:
        print("rulesc coverage: --played must be at least 1", file=sys.stderr)
        return 2
    root = project_root()
    folder = rules_dir(root, args.game, args.rules)
    if not folder.is_dir() and args.rules is not None:  # as every command: L012
        print_diagnostics(compile_game(folder, root).diagnostics, [], root=root)
        return 1
    if not folder.is_dir():
        known = (", ".join(games(root, args.rules)) or "none") if args.rules else \
            all_games(root)
        print(f"rulesc coverage: {no_game(args.game, known)}", file=sys.stderr)
        return 2
    try:
        _on, base = expansion_base(root, args)
    except UsageError as exc:
        print(f"rulesc coverage: {exc}", file=sys.stderr)
        return 2
    comp = compile_game(folder, root, base=base)
    if args.played is not None and comp.failed():  # never play rules data with errors
        print_diagnostics(comp.diagnostics, comp.docs, root=root)
        print(f"rulesc coverage: {args.game}: the rules data has errors; no game was "
              "played", file=sys.stderr)
        return 1
    if args.played is not None:
        return _played(args, comp.ir)
    shown = folder.as_posix()
    with contextlib.suppress(ValueError):
        shown = folder.resolve().relative_to(root.resolve()).as_posix()
    report = compilation_report(comp, args.game, shown,
                               within=(folder, root) if base else None)
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.format == "json"
          else format_text(report))
    if report["errors"]:
        print(f"rulesc coverage: {args.game} has {report['errors']} error(s); the report "
              f"covers what loaded (run `rulesc check {args.game}`)", file=sys.stderr)
        return 1
    return 0


def _played(args: argparse.Namespace, rules: dict) -> int:
    """``--played N``: what never fired in N random games per module selection (the base
    game, each module alone, all of them; each with what the player count and its modules
    need: one player in Terraforming Mars is a solo game); exit 2 for a player count the
    game does not allow, 1 when the rules fail in play (a loop that never ends: the
    engine's RulesError, as ``rulesc play`` says it)."""
    from compiler.cli.selection import check_setup, fill_in
    from compiler.playtest.played import format_played, never_fired
    from compiler.runtime import RulesError, compose

    try:
        check_setup(rules, fill_in(rules, [], args.players).modules, args.players)
    except UsageError as exc:
        print(f"rulesc coverage: --players: {exc}", file=sys.stderr)
        return 2
    modules = list((rules.get("records") or {}).get("modules") or {})
    try:
        everything = list(compose(rules, _fitting(rules, modules, args.players),
                                  args.players)["active_modules"])
    except RulesError:
        everything = []
    wanted = [[], *([m] for m in modules), *([everything] if len(everything) > 1 else [])]
    selections = _playable(rules, wanted, args.players)
    try:
        report = never_fired(rules, args.played, args.players, selections)
    except RulesError as exc:
        print(f"rulesc coverage: rules failure: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2) if args.format == "json" else format_played(report))
    return 0


def _playable(rules: dict, wanted: list[list[str]], players: int) -> list[list[str]]:
    """Each selection of ``wanted`` with the modules it needs added (``fill_in``), the
    ones the engine would refuse for ``players`` left out, each selection once."""
    from compiler.cli.selection import check_setup, fill_in

    out: list[list[str]] = []
    for selection in wanted:
        full = fill_in(rules, selection, players).modules
        try:
            check_setup(rules, full, players)
        except UsageError:
            continue
        if set(full) not in [set(s) for s in out]:
            out.append(full)
    return out


def _fitting(rules: dict, modules: list[str], players: int) -> list[str]:
    from compiler.runtime import RulesError, compose

    chosen: list[str] = []
    for mid in modules:
        try:
            compose(rules, chosen + [mid], players)
        except RulesError:
            continue
        chosen.append(mid)
    return chosen
