"""Golden game logs, as OpenSpiel's playthroughs: seeded random games of each shipped
game, the first ``KEEP`` decisions and the final scores, in ``tests/golden/``.

    python -m compiler.playtest.golden           # regenerate every file
    python -m compiler.playtest.golden --check   # exit 1 and print a diff when one differs

Which games are kept is read from the file names (``GAME-Np-MODS-sSEED.jsonl``, MODS
``base``, ``all`` or ``a+b``): to add one, create an empty file of that name and regenerate.

The tests run the check and replay each file (``rulesc replay``). After a rules change
that is meant to change play, regenerate and review ``git diff tests/golden``.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from compiler.cli.common import project_root
from compiler.playtest.agents import make_agents
from compiler.playtest.gamelog import GameLog
from compiler.playtest.games import game_package, select_modules
from compiler.playtest.session import play

__all__ = ["KEEP", "check", "generate", "golden_dir", "specs"]

KEEP = 40


def specs() -> list[tuple[str, int, str, int]]:
    """``(game, players, modules "a,b" | "all" | "", seed)`` of each golden log, read from
    the file names in ``tests/golden/`` (``pampero-3p-all-s2.jsonl``): the games and
    selections are the project's data, not the compiler's."""
    out = []
    for path in sorted(golden_dir().glob("*.jsonl")):
        game, players, mods, seed = path.stem.rsplit("-", 3)
        out.append((game, int(players.rstrip("p")),
                    "" if mods == "base" else mods.replace("+", ","), int(seed.lstrip("s"))))
    return out


def golden_dir() -> Path:
    return project_root() / "tests" / "golden"


def file_name(game: str, players: int, modules: str, seed: int) -> str:
    mods = modules.replace(",", "+") or "base"
    return f"{game}-{players}p-{mods}-s{seed}.jsonl"


def generate(game: str, players: int, modules: str, seed: int, keep: int = KEEP) -> GameLog:
    """Play the seeded random game; its log with the first ``keep`` decisions."""
    package = game_package(game)
    chosen = select_modules(package.RULES, modules, players)
    log = GameLog(game, players, chosen, seed, ["random"] * players)
    new = package.new_game(players=players, modules=tuple(chosen), seed=seed)
    play(new, make_agents("random", players, seed), package.load, log)
    assert log.end is not None
    log.finish(log.end["scores"], keep)
    return log


def check(write: bool) -> list[str]:
    """Regenerate every golden log; returns unified diffs of the files that differ
    (after writing them when ``write``)."""
    diffs = []
    for spec in specs():
        path = golden_dir() / file_name(*spec)
        new = "\n".join(generate(*spec).lines()) + "\n"
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        if new != old:
            diffs.append("".join(difflib.unified_diff(
                old.splitlines(True), new.splitlines(True), str(path), str(path) + " (now)")))
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(new, encoding="utf-8")
    return diffs


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m compiler.playtest.golden",
                                description="regenerate the golden game logs")
    p.add_argument("--check", action="store_true", help="only compare; exit 1 on a diff")
    args = p.parse_args(argv)
    diffs = check(write=not args.check)
    for d in diffs:
        print(d if args.check else d.splitlines()[0].removeprefix("--- "))
    print(f"{len(diffs)} of {len(specs())} golden log(s) "
          f"{'differ' if args.check else 'rewritten'}", file=sys.stderr)
    return 1 if diffs and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
