"""``rulesc play GAME [--players N] [--modules a,b|all] [--seed S] [--agent human,random]
[--log FILE] [--engine compiled|interpreter] [--json] [--rules PATH [--on GAME]]``.

The modules named, and the player count, fill in what they require
(``compiler.cli.selection``): ``--players 1`` in Terraforming Mars switches on the solo
variant and the Corporate Era it requires, and one line on stderr says so. The text
table numbers players from 1 and names the rounds as the game does (years in Pampero);
the JSON keeps the engine's 0-based player indexes.

Plays one whole game of a built engine package (``generated/<GAME>``, made by ``rulesc
build``) with one agent per seat (seeded random agents, or a human at the terminal who
answers numbered options on standard input), or of ``--rules PATH`` compiled now
(``--on GAME``: an expansion of a shipped game; turn its module on with ``--modules``),
and prints the final score breakdown as a
table or as JSON. ``--log`` writes every decision for ``rulesc replay``. Exit codes: 0 ok,
1 a rules failure during play or a human who quit, 2 a usage error (unknown game, module
or agent, player count the rules do not allow).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from compiler.cli.common import UsageError, add_game, command, on_without_rules, output_problem
from compiler.cli.scores import final, round_name, table
from compiler.cli.selection import check_setup, choose
from compiler.cli.stale import stale_note
from compiler.playtest.agents import HumanAgent, QuitGame, make_agents
from compiler.playtest.gamelog import GameLog
from compiler.playtest.games import Names, SetupError, game_package
from compiler.playtest.session import play, player_view
from compiler.runtime import RulesError

EXAMPLES = [
    ("rulesc play terraforming_mars --players 2 --seed 1", "two random agents"),
    ("rulesc play terraforming_mars --players 1 --seed 1",
     "a solo game (solo and corporate_era are filled in)"),
    ("rulesc play pampero --players 3 --modules all --seed 1", "every module that fits"),
    ("rulesc play terraforming_mars --agent human,random", "you against a random agent"),
    ("rulesc play pampero --json --log game.jsonl", "JSON result; the log for replay"),
    ("rulesc play terraforming_mars --engine interpreter", "the interpreter, not the "
     "compiled engine"),
    ("rulesc play terraforming_mars --rules my_expansion --on terraforming_mars "
     "--modules my_pack", "an expansion, compiled now, with its module on"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "play", "play a whole game of a built engine with random agents or "
                "at the terminal", EXAMPLES)
    add_game(p)
    p.add_argument("--players", type=int, default=2, metavar="N",
                   help="number of players (default 2)")
    p.add_argument("--modules", default="", metavar="A,B|all",
                   help="module ids, or all (every module that fits); what they and the "
                   "player count require is added, and said on stderr")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="seed of the game and the agents (default 0)")
    p.add_argument("--agent", default="random", metavar="A[,A...]",
                   help="who plays each seat: human or random (one name: every seat)")
    p.add_argument("--log", type=Path, metavar="FILE",
                   help="write the game log (JSON Lines) for `rulesc replay`")
    p.add_argument("--engine", choices=("compiled", "interpreter"), default="compiled",
                   help="the generated functions (default) or the interpreter, the "
                   "oracle they are tested against (games in the core language)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--rules", type=Path, metavar="PATH",
                   help="play these rules (compiled now), not the built engine")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of GAME")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    if on_without_rules("play", args):
        return 2
    problem = output_problem(args.log, folder=False) if args.log is not None else ""
    if problem:
        sys.stderr.write(f"rulesc play: --log: {problem}\n")
        return 2
    try:
        package = game_package(args.game) if args.rules is None else _compiled(args)
        if isinstance(package, int):
            return package
        chosen = choose(package.RULES, args.modules, args.players, fill=True)
        modules = chosen.modules
        check_setup(package.RULES, modules, args.players)
    except (SetupError, RulesError, UsageError) as exc:
        more = f" (an expansion's module? play it with --rules PATH --on {args.game} " \
            "--modules ID)" if "unknown module" in str(exc) and args.rules is None else ""
        sys.stderr.write(f"rulesc play: {exc}{more}\n")   # one line, as every usage error
        return 2
    if chosen.note:
        sys.stderr.write(f"rulesc play: {chosen.note}\n")
    stale = stale_note(args.game) if args.rules is None else ""
    if stale:
        sys.stderr.write(f"rulesc play: note: {stale}\n")
    try:   # a RulesError from here on is the rules' failure (the setup was checked)
        game = package.Game.new(package.RULES, players=args.players, modules=modules,
                                seed=args.seed, engine=args.engine)
        result = _play(args, package, modules, game)
    except SetupError as exc:
        sys.stderr.write(f"rulesc play: {exc}\n")
        return 2
    except RulesError as exc:
        sys.stderr.write(f"rulesc play: rules failure: {exc}\n")
        return 1
    except QuitGame as exc:
        sys.stderr.write(f"rulesc play: {exc}\n")   # "stopped (quit)", in the game's words
        return 1
    except LogNotSaved as exc:
        sys.stderr.write(f"rulesc play: {exc}\n")
        return 1
    active = list(game.rules.get("active_modules") or modules)  # composed order, no repeats
    result = {"game": args.game, "player_count": args.players, "modules": active,
              "seed": args.seed, **result,
              "round": {"name": round_name(package.RULES), "count": result.get("rounds")}}
    print(json.dumps(result, indent=2) if args.json else table(result, package.RULES))
    return 0


def _compiled(args: argparse.Namespace) -> ModuleType | int:
    """``--rules`` compiled now, as an engine package (``RULES``, ``Game``, ``load``) with
    its compiled functions; the exit status when the rules do not compile."""
    from compiler.cli.common import compiled_game
    from compiler.codegen.pycode import load_code
    from compiler.runtime import Game, load_game, register_code

    comp = compiled_game("play", args.on or args.game, args.rules, args.on)
    if isinstance(comp, int):
        return comp
    register_code(comp.ir, load_code(comp.ir))
    return _package(comp.ir, Game, load_game)


def _package(ir: dict[str, Any], game: Any, load_game: Any) -> ModuleType:
    """An engine package's face for rules compiled now."""
    package = ModuleType("rulesc_play_rules", "--rules compiled now")
    package.RULES = ir  # type: ignore[attr-defined]
    package.Game = game  # type: ignore[attr-defined]
    package.load = partial(load_game, ir)  # type: ignore[attr-defined]
    return package


def _play(args: argparse.Namespace, package: ModuleType, modules: list[str],
          game: Any) -> dict[str, Any]:
    """Play to the end with one agent per seat; the scores with the rows under ``scores``.

    Writes the game log to ``--log`` (also when a human quits). Raises SetupError for a
    wrong ``--agent`` (SetupError), RulesError from the engine and QuitGame when a human stops.
    """
    names = Names(package.RULES)
    human = partial(HumanAgent, lambda g, p: player_view(g, p, names), names.label,
                    sys.stdin, sys.stdout, names, explainer(args, names))
    agents = make_agents(args.agent, args.players, args.seed, human)
    log = GameLog(args.game, args.players, modules, args.seed, [a.name for a in agents])
    try:
        game = play(game, agents, package.load, log,
                    lambda key, english, **holes: print(
                        names.said(key, english.format(**holes), **holes)))
    finally:
        if args.log is not None:
            _save(log, args.log)
    return final(game)


def explainer(args: argparse.Namespace, names: Names) -> Callable[[Any], str]:
    """What a human's ``? N`` prints: the rule text (``rulesc explain``'s, in the game's
    language) of each record option N names that has more than a name (a card, not the
    row it goes to); the rules are compiled on the first question (the build cache)."""
    from compiler.cli.common import compiled_game
    from compiler.sheets import explain

    made: dict[str, Any] = {}

    def text(option: Any) -> str:
        if "ir" not in made:
            comp = compiled_game("play", args.on or args.game, args.rules, args.on)
            made["ir"] = None if isinstance(comp, int) else comp.ir
        ir = made["ir"] or {}
        pairs = option.items() if isinstance(option, dict) else ()
        words = [x for pair in pairs for x in pair if isinstance(x, str)]  # card, play...
        blocks = []
        for value in (option.values() if isinstance(option, dict) else [option]):
            having = [k for k, t in (ir.get("records") or {}).items()
                      if isinstance(t, dict) and isinstance(value, str) and value in t]
            pointed = [k for k in having if any(len(w) > 2 and w in k for w in words)]
            for kind in pointed or having:
                said = [line for line in explain.lines(ir, kind, value, names.lang) if line]
                blocks += ["\n    ".join(said)] if len(said) > 1 else []
        return "\n".join(blocks) or names.said("explain_none", "nothing more to say")
    return text


class LogNotSaved(Exception):
    """The game log could not be written (a full disk, a read-only file): said as one line,
    exit status 1 (checked before playing: ``output_problem``; this is what is left)."""


def _save(log: GameLog, path: Path) -> None:
    """``log.save(path)``; raises LogNotSaved (not a traceback) when it cannot."""
    try:
        log.save(path)
    except OSError as exc:
        raise LogNotSaved(f"--log: cannot write {path}: {exc.strerror or exc}") from None
