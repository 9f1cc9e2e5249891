"""``rulesc play GAME [--players N] [--modules a,b|all] [--seed S] [--agent random] [--json]``.

Plays one whole game of a built engine package (``generated/<GAME>``, made by ``rulesc
build``) with a seeded random agent and prints the final score breakdown as a table or
as JSON. Exit codes: 0 ok, 1 a rules failure during play, 2 a usage error (unknown game
or module, player count the rules do not allow).
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from compiler.cli.common import UsageError, project_root
from compiler.runtime import RandomPolicy, RulesError, compose

AGENTS = ("random",)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = sub.add_parser("play", help="play a whole game of a built engine with a random agent")
    p.add_argument("game", help="a game built under generated/ (e.g. terraforming_mars)")
    p.add_argument("--players", type=int, default=2, help="number of players (default 2)")
    p.add_argument("--modules", default="",
                   help="comma-separated module ids, or 'all' (every module that fits)")
    p.add_argument("--seed", type=int, default=0, help="seed of the game and the agent")
    p.add_argument("--agent", choices=AGENTS, default="random", help="who plays (random)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    try:
        package = _package(args.game)
        modules = _modules(package, args.modules, args.players)
        game = package.Game.new(package.RULES, players=args.players, modules=modules,
                                seed=args.seed)
    except (UsageError, RulesError) as exc:
        sys.stderr.write(f"rulesc play: {exc}\n")
        return 2
    try:
        result = _play(game, RandomPolicy(args.seed))
    except RulesError as exc:
        sys.stderr.write(f"rulesc play: rules failure: {exc}\n")
        return 1
    active = list(game.rules.get("active_modules") or modules)  # composed order, no repeats
    result = {"game": args.game, "player_count": args.players, "modules": active,
              "seed": args.seed, **result}
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


def _package(game: str) -> ModuleType:
    """The generated engine package ``generated.<game>``; UsageError when there is none."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", game):
        raise UsageError(f"'{game}' is not a game id")
    for root in (project_root(), Path(__file__).resolve().parents[2]):
        if (root / "generated" / game / "__init__.py").is_file():
            if str(root) not in sys.path:
                sys.path.insert(0, str(root))
            return importlib.import_module(f"generated.{game}")
    raise UsageError(f"unknown game '{game}': no generated/{game} "
                     f"(run `rulesc build --game {game}` first)")


def _modules(package: ModuleType, text: str, players: int) -> list[str]:
    """Module ids from ``a,b`` or ``all`` (each module that composes with the others)."""
    known = list(package.RULES.get("modules") or {})
    if text.strip() == "all":
        chosen: list[str] = []
        for mid in known:
            try:
                compose(package.RULES, chosen + [mid], players)
            except RulesError:
                continue
            chosen.append(mid)
        return chosen
    wanted = [m.strip() for m in text.split(",") if m.strip()]
    for mid in wanted:
        if mid not in known:
            raise UsageError(f"unknown module '{mid}' (known: {', '.join(known) or 'none'})")
    return wanted


def _play(game: Any, policy: RandomPolicy) -> dict[str, Any]:
    """Play to the end; the scores with the per-player rows under ``scores``."""
    result = policy.play(game)
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
