"""``rulesc replay LOG [--step N] [--quiet] [--rules PATH [--on GAME]]``.

Re-plays a game log (``rulesc play --log``, ``rulesc simulate``, ``tests/golden``) on the
built engine, or on ``--rules`` compiled now, checking every step is still legal. It
prints each step, or with ``--step N`` jumps to step N and shows the decision open there.
A replay against changed rules stops at the first step that diverges and names it.
Exit codes: 0 the log replays, 1 it diverges (or the rules do not compile), 2 a usage
error (no such log, not a log, unknown game).
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path
from typing import Any

from compiler.cli.common import command, compiled_game, on_without_rules
from compiler.cli.scores import final, round_name, table
from compiler.playtest.agents import told_apart
from compiler.playtest.gamelog import GameLog, LogError, read_log
from compiler.playtest.games import Names, SetupError, game_package
from compiler.playtest.replay import replay
from compiler.runtime import Game

EXAMPLES = [
    ("rulesc replay game.jsonl", "every step of a log written by `rulesc play --log`"),
    ("rulesc replay game.jsonl --step 12", "the decision open at step 12, with its options"),
    ("rulesc replay game.jsonl --rules rules_data/terraforming_mars --quiet",
     "does the log still replay on changed rules?"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "replay", "re-play a game log and check every step is legal", EXAMPLES)
    p.add_argument("log", type=Path, metavar="LOG", help="a game log (JSON Lines)")
    p.add_argument("--step", type=int, metavar="N",
                   help="jump to step N and show the decision open there")
    p.add_argument("--quiet", action="store_true", help="print only the outcome")
    p.add_argument("--rules", type=Path, metavar="PATH",
                   help="replay on these rules (compiled now)")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of GAME")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    if on_without_rules("replay", args):
        return 2
    try:
        log = read_log(args.log)
        new_game, rules = _engine(log, args)
    except (LogError, SetupError) as exc:
        sys.stderr.write(f"rulesc replay: {exc}\n")
        return 2
    if isinstance(new_game, int):
        return new_game
    if args.step is not None and args.step < 0:
        sys.stderr.write(f"rulesc replay: --step {args.step}: a step is 0 or more "
                         f"(0: the first decision)\n")
        return 2
    names = Names(rules)
    show = None if args.quiet or args.step is not None else partial(_print_step, names)
    result = replay(log, new_game, upto=args.step, on_step=show)
    if result.divergence:
        d = result.divergence
        print(f"{args.log}: diverges at step {d['step']}: {d['message']}")
        if d["step"] <= 1 and args.rules is None:
            print("  hint: replay a log against the rules it was played with: inside the "
                  "rules repository that wrote it, or with --rules PATH")
        return 1
    if args.step is not None:
        if args.step > result.steps:   # said on stderr: stdout stays the game's words
            sys.stderr.write(f"rulesc replay: --step {args.step} is past the log's end: it "
                             f"has {result.steps} step(s); showing the last\n")
        print(_at_step(result.game, result.steps, names, log, rules))
        return 0
    ended = "the final scores match" if log.end else "the log has no end (unfinished game)"
    print(f"{args.log}: {result.steps} step(s) replayed; {ended}")
    return 0


def _engine(log: GameLog, args: argparse.Namespace) -> tuple[Any, dict[str, Any]]:
    """``(new_game, rules)`` of the log's game: the built package, or ``--rules``
    compiled now (``new_game`` is then an exit status when they do not compile)."""
    if args.rules is None:
        try:
            package = game_package(log.game)
        except SetupError as exc:
            if "unknown game" not in str(exc):
                raise
            raise SetupError(f"{exc}; a game of your own is replayed from its build: run "
                             "`rulesc replay` in the folder that holds its generated/ "
                             "(where it was played), or give its rules: `rulesc replay "
                             f"{args.log} --rules PATH`") from None
        return package.new_game, package.RULES
    comp = compiled_game("replay", args.on or log.game, args.rules, args.on)
    if isinstance(comp, int):
        return comp, {}
    return partial(Game.new, comp.ir), comp.ir


def _print_step(names: Names, n: int, pending: dict[str, Any], option: Any) -> None:
    """One step in the game's words: who decided what (the decision's kind and prompt,
    as ``rulesc play`` asks it), then the option taken, its records by name."""
    options = list(pending["options"])
    said = told_apart(options, [names.label(o) for o in options], names)
    taken = said[options.index(option)] if option in options else names.label(option)
    print(f"{n:>5}  {names.decision(pending)} → {taken}")


def _at_step(game: Any, n: int, names: Names, log: Any, rules: dict[str, Any]) -> str:
    """The decision open after ``n`` steps: who, what, and the numbered options; after
    the last step, the count as ``rulesc play`` prints it (``log``: its header; ``rules``:
    the whole game's, which name the columns and rounds as ``play`` does)."""
    pending = game.pending()
    if pending is None:   # the count as `rulesc play` prints it
        return (f"{names.said('replay_step', 'step {step}', step=n)}: "
                f"{names.said('replay_over', 'the game is over')}\n"
                + table(_result(game, log, rules), rules))
    said = told_apart(pending["options"], [names.label(o) for o in pending["options"]], names)
    rows = [f"{i:>3}. {text}" for i, text in enumerate(said, 1)]
    step = names.said("replay_step", "step {step}", step=n)
    return "\n".join([f"{step}: {names.decision(pending)}", *rows])


def _result(game: Any, log: Any, rules: dict[str, Any]) -> dict[str, Any]:
    """The finished game's count with the header ``rulesc play`` gives it."""
    count = final(game)
    return {"game": log.game, "player_count": log.players,
            "modules": list(game.rules.get("active_modules") or log.modules),
            "seed": log.seed, **count,
            "round": {"name": round_name(rules), "count": count.get("rounds")}}
