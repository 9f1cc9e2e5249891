"""``rulesc play GAME [--players N] [--modules a,b|all] [--seed S] [--agent human,random]
[--log FILE] [--json]``.

Plays one whole game of a built engine package (``generated/<GAME>``, made by ``rulesc
build``) with one agent per seat (seeded random agents, or a human at the terminal who
answers numbered options on standard input) and prints the final score breakdown as a
table or as JSON. ``--log`` writes every decision for ``rulesc replay``. Exit codes: 0 ok,
1 a rules failure during play or a human who quit, 2 a usage error (unknown game, module
or agent, player count the rules do not allow).
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from compiler.playtest.agents import HumanAgent, QuitGame, make_agents
from compiler.playtest.gamelog import GameLog
from compiler.playtest.games import Names, SetupError, game_package, select_modules
from compiler.playtest.session import play, player_view
from compiler.runtime import RulesError


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = sub.add_parser("play", help="play a whole game of a built engine with a random agent")
    p.add_argument("game", help="a game built under generated/ (e.g. terraforming_mars)")
    p.add_argument("--players", type=int, default=2, help="number of players (default 2)")
    p.add_argument("--modules", default="",
                   help="comma-separated module ids, or 'all' (every module that fits)")
    p.add_argument("--seed", type=int, default=0, help="seed of the game and the agent")
    p.add_argument("--agent", default="random", metavar="A[,A...]",
                   help="who plays each seat: human or random (one name: every seat)")
    p.add_argument("--log", type=Path, metavar="FILE",
                   help="write the game log (JSON Lines) for `rulesc replay`")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    try:
        package = game_package(args.game)
        modules = select_modules(package.RULES, args.modules, args.players)
        game = package.Game.new(package.RULES, players=args.players, modules=modules,
                                seed=args.seed)
    except (SetupError, RulesError) as exc:
        sys.stderr.write(f"rulesc play: {exc}\n")
        return 2
    try:
        result = _play(args, package, modules, game)
    except SetupError as exc:
        sys.stderr.write(f"rulesc play: {exc}\n")
        return 2
    except RulesError as exc:
        sys.stderr.write(f"rulesc play: rules failure: {exc}\n")
        return 1
    except QuitGame as exc:
        sys.stderr.write(f"rulesc play: stopped ({exc})\n")
        return 1
    active = list(game.rules.get("active_modules") or modules)  # composed order, no repeats
    result = {"game": args.game, "player_count": args.players, "modules": active,
              "seed": args.seed, **result}
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


def _play(args: argparse.Namespace, package: ModuleType, modules: list[str],
          game: Any) -> dict[str, Any]:
    """Play to the end with one agent per seat; the scores with the rows under ``scores``.

    Writes the game log to ``--log`` (also when a human quits). Raises SetupError for a
    wrong ``--agent`` (SetupError), RulesError from the engine and QuitGame when a human stops.
    """
    names = Names(package.RULES)
    human = partial(HumanAgent, lambda g, p: player_view(g, p, names), names.label,
                    sys.stdin, sys.stdout)
    agents = make_agents(args.agent, args.players, args.seed, human)
    log = GameLog(args.game, args.players, modules, args.seed, [a.name for a in agents])
    try:
        game = play(game, agents, package.load, log, lambda text: print(text))
    finally:
        if args.log is not None:
            log.save(args.log)
    result = game.scores()
    result["scores"] = result.pop("players")
    return result


def _table(result: dict[str, Any]) -> str:
    rows = result["scores"]
    keys = list(rows[0]["breakdown"]) if rows else []
    head = ["player", *keys, "total"]
    body = [[str(r["player"]), *(str(r["breakdown"][k]) for k in keys), str(r["total"])]
            for r in rows]
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
    line = "  ".join
    out = [f"{result['game']}: {result['player_count']} player(s), modules: "
           f"{', '.join(result['modules']) or 'none'}, seed {result['seed']}",
           f"generations: {result['generations']}, actions: {result['actions']}",
           line(h.rjust(w) for h, w in zip(head, widths, strict=True)),
           *(line(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in body)]
    winners = ", ".join(f"player {p}" for p in result["winner"]) or "nobody"
    out.append(f"winner: {winners}")
    if "solo" in result:
        out.append(f"solo: {'won' if result['solo']['won'] else 'lost'} "
                   f"({result['solo']['rule']})")
    return "\n".join(out)
