"""``rulesc simulate GAME [--games N] [--players P] [--modules SEL]... [--agents A]
[--seed S] --out DIR [--backend local|ray] [--address ADDR] [--workers W]``.

Plays N seeded games for each module selection (``--modules`` again for another one, to
compare them side by side; ``all``, ``a,b`` or ``''`` for the base game), with a
progress bar, and writes ``DIR/rows.csv`` (one row per game), ``DIR/summary.json`` and
``DIR/report.html`` with its plots. Game i of each selection uses seed S+i, so a run is
reproducible from its seed on any backend. As in ``play``, the player count and the
modules named fill in what they require (one line on stderr says so). Needs the
``playtest`` extra (matplotlib, rich; ray for ``--backend ray``). Exit codes: 0 ok, 1 a
rules failure in a game, 2 a usage error.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from compiler.cli.common import UsageError, add_game, command, output_problem
from compiler.cli.selection import check_setup, choose
from compiler.playtest.games import Names, SetupError, game_package
from compiler.runtime import RulesError

EXAMPLES = [
    ("rulesc simulate terraforming_mars --games 50 --out sim", "50 random games"),
    ("rulesc simulate pampero --players 3 --modules '' --modules all --out sim",
     "the base game against every module"),
    ("rulesc simulate pampero --backend ray --workers 8 --out sim", "on a Ray cluster"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "simulate", "play many seeded games; rows, plots and a report",
                EXAMPLES)
    add_game(p)
    p.add_argument("--games", type=int, default=100, metavar="N",
                   help="games per selection (100)")
    p.add_argument("--players", type=int, default=2, metavar="P",
                   help="number of players (2)")
    p.add_argument("--modules", action="append", metavar="SEL",
                   help="a module selection (a,b | all | ''); repeat to compare several")
    p.add_argument("--agents", default="random", metavar="A[,A...]",
                   help="agent per seat (random)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="seed of the first game (1)")
    p.add_argument("--out", type=Path, required=True, metavar="DIR",
                   help="folder for rows and report")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="local worker processes (default) or Ray")
    p.add_argument("--address", metavar="ADDR",
                   help="Ray cluster address (default: a local instance)")
    p.add_argument("--workers", type=int, metavar="W",
                   help="local worker processes (default: cores)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    from compiler.playtest.simulate import plan
    from compiler.playtest.simulate import run as play_all

    usage = "--games must be at least 1" if args.games < 1 else \
        "--workers must be at least 1" if args.workers is not None and args.workers < 1 else \
        "--address needs --backend ray" if args.address and args.backend != "ray" else ""
    if usage:
        sys.stderr.write(f"rulesc simulate: {usage}\n")
        return 2
    problem = output_problem(args.out, folder=True)
    if problem:
        sys.stderr.write(f"rulesc simulate: --out: {problem}\n")
        return 2
    missing = _missing_extra()
    if missing:
        sys.stderr.write(f"rulesc simulate: the report needs {missing}, which the "
                         "playtest extra installs: pip install -e \".[playtest]\" (in "
                         "a rulesc checkout) or pip install \"rulesc[playtest]\"\n")
        return 2
    try:
        selections = _filled(args.game, args.modules or [""], args.players)
        jobs = plan(args.game, args.players, selections, args.games, args.seed, args.agents)
        rows = play_all(jobs, args.backend, args.workers, args.address,
                        progress=sys.stderr.isatty())
    except UsageError as exc:
        sys.stderr.write(f"rulesc simulate: {exc}\n")
        return 2
    except SetupError as exc:
        sys.stderr.write(f"rulesc simulate: {exc}\n")
        return 2
    except RulesError as exc:   # the setups were checked: the rules' own failure
        sys.stderr.write(f"rulesc simulate: rules failure: {exc}\n")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    write_rows(rows, args.out / "rows.csv")
    return _report(rows, args)


def _missing_extra() -> str | None:
    """The first library of the report (the ``playtest`` extra) that is not installed,
    checked before any game is played, so nothing is half-written."""
    import importlib.util

    for name in ("matplotlib",):
        if importlib.util.find_spec(name) is None:
            return name
    return None


def _filled(game: str, texts: list[str], players: int) -> list[str]:
    """Each selection with what the player count and its modules require filled in
    (``compiler.cli.selection``), saying so on stderr; ``all`` stays as it is."""
    from compiler.playtest.simulate import label

    rules = game_package(game).RULES
    out = []
    for text in texts:
        chosen = choose(rules, text, players, fill=True)
        check_setup(rules, chosen.modules, players)   # UsageError: exit 2
        if chosen.note:
            sys.stderr.write(f"rulesc simulate: {label(text)}: {chosen.note}\n")
        keep = text.strip() == "all" and not chosen.added   # 'all' is resolved per game
        out.append(text if keep else ",".join(chosen.modules))   # ids, not names
    return out


def _report(rows: list[dict[str, Any]], args: argparse.Namespace) -> int:
    from compiler.playtest import stats
    from compiler.playtest.report import write_report

    summary = stats.summary(rows)
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    rules = game_package(args.game).RULES   # the report is English: the game's title
    names = Names(rules, "en")               # and record names in English, ids else
    game = ((rules.get("game") or {}).get("title") or {}).get("en") or args.game
    title = f"{game}, {args.players} players, {args.games} games per selection, " \
            f"seed {args.seed}"
    page = write_report(rows, args.out, title, _record_name(rules, names))
    for name, s in summary.items():
        rates = " ".join(f"{w:.2f}" for w in s["seat_win_rate"])
        print(f"{name}: {s['games']} games, mean length {s['mean_length']:.0f}, "
              f"win rate by seat {rates}, first player {s['first_seat_win_rate']:.2f}")
    print(f"wrote {args.out / 'rows.csv'}, {args.out / 'summary.json'} and {page}")
    return 0


def _record_name(rules: dict[str, Any], names: Names) -> Callable[[str], str]:
    """The name of a record id of the rows' ``used_`` columns: of the kinds the state
    entries declared ``active`` hold (Terraforming Mars's cards and corporations), else
    any record's of that id, else the id."""
    kinds: list[str] = []
    for scope in (rules.get("state") or {}).values():
        for entry in (scope or {}).values():
            t = entry.get("type") if isinstance(entry, dict) and entry.get("active") else None
            while isinstance(t, list) and t[:1] in (["list"], ["opt"]):
                t = t[1]
            if isinstance(t, list) and t[:1] == ["id"]:
                kinds.append(str(t[1]))

    def name(rid: str) -> str:
        return next((names.kinds[k][rid] for k in kinds if rid in names.kinds.get(k, {})),
                    names.of(rid))
    return name


def write_rows(rows: list[dict[str, Any]], path: Path) -> None:
    """Rows as CSV, columns in first-seen order (lists of used ids as JSON text)."""
    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(columns))
        writer.writeheader()
        writer.writerows(rows)
