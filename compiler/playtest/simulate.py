"""Play many seeded games and collect one row per game, on local processes or on Ray.

    jobs = plan("pampero", players=3, selections=["", "companies"], games=100, seed=1)
    rows = run(jobs, backend="local", workers=2, progress=True)

Game ``i`` of every selection uses seed ``seed + i`` (the same seeds for each selection,
so selections are compared on paired games), and the agents get the same seed, so a run
is reproducible from its seed whatever the backend or the number of workers. A row:

    {"selection", "modules", "seed", "players", "agents", "first_seat", "winner",
     "score_0".., "length" (decisions), "rounds", the game's number results,
     "used_0".. (ids in play)}

``used_i`` lists the record ids (cards, tiles, items...) found at the end in seat ``i``'s
zones other than ``hand``: read from the state, so no game needs code here.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from compiler.playtest.agents import make_agents
from compiler.playtest.gamelog import GameLog
from compiler.playtest.games import game_package, select_modules
from compiler.playtest.session import play

__all__ = ["Job", "label", "plan", "play_job", "run"]



@dataclass(frozen=True)
class Job:
    """One game to play (plain data: it travels to worker processes and Ray tasks)."""

    game: str
    players: int
    selection: str
    modules: tuple[str, ...]
    seed: int
    agents: str


def label(text: str) -> str:
    """A selection's name: its ``--modules`` text, ``base`` for none."""
    return text.strip() or "base"


def plan(game: str, players: int, selections: Iterable[str], games: int, seed: int,
         agents: str = "random") -> list[Job]:
    """Every job of a run, selection by selection. Raises SetupError for an unknown
    game, module or agent (checked here, before any worker starts)."""
    package = game_package(game)
    make_agents(agents, players, seed)  # a wrong agent name fails here, not in a worker
    jobs = []
    for text in selections:
        mods = tuple(select_modules(package.RULES, text, players))
        jobs += [Job(game, players, label(text), mods, seed + i, agents) for i in range(games)]
    return jobs


def play_job(job: Job) -> dict[str, Any]:
    """Play one game; its row (see the module docstring). RulesError propagates."""
    package = game_package(job.game)
    game = package.new_game(players=job.players, modules=job.modules, seed=job.seed)
    pending = game.pending() or {}
    first = pending.get("player")  # the first player to decide
    agents = make_agents(job.agents, job.players, job.seed)
    log = GameLog(job.game, job.players, list(job.modules), job.seed, [a.name for a in agents])
    game = play(game, agents, package.load, log)
    scores, state = game.scores(), game.to_json()
    ids = _record_ids(package.RULES)
    zones = _active_zones(package.RULES)
    row: dict[str, Any] = {
        "selection": job.selection, "modules": ",".join(job.modules), "seed": job.seed,
        "players": job.players, "agents": ",".join(a.name for a in agents),
        "first_seat": first if isinstance(first, int) else -1,
        "winner": ",".join(str(w) for w in scores.get("winner") or []),
        "length": len(log.steps), "rounds": scores.get("rounds", 0),
        **{k: v for k, v in scores.items() if k not in ("winner", "players", "rounds")
           and isinstance(v, int) and not isinstance(v, bool)}}
    for entry in scores["players"]:
        row[f"score_{entry['player']}"] = entry["total"]
    for i, player in enumerate(state["players"]):
        row[f"used_{i}"] = json.dumps(sorted(_used(player, ids, zones)))
    return row


def _record_ids(rules: dict[str, Any]) -> set[str]:
    """Every record id of the rules' tables (``{id: {"id": id, ...}}``)."""
    out: set[str] = set()
    tables = list(rules.values()) + list((rules.get("records") or {}).values())
    for table in tables:
        if isinstance(table, dict):
            out |= {k for k, v in table.items() if isinstance(v, dict) and v.get("id") == k}
    return out


def _used(player: dict[str, Any], ids: set[str], zones: list[str]) -> set[str]:
    """Record ids in a player's active zones (cards in play: the state entries the game
    declares ``active``)."""
    found: set[str] = set()
    for key in zones:
        value = player.get(key)
        if isinstance(value, list):
            found |= {v for v in value if isinstance(v, str) and v in ids}
    return found


def _active_zones(rules: dict[str, Any]) -> list[str]:
    entries = ((rules.get("state") or {}).get("player") or {}).items()
    return [name for name, e in entries if e.get("active")]


def run(jobs: list[Job], backend: str = "local", workers: int | None = None,
        address: str | None = None, progress: bool = False) -> list[dict[str, Any]]:
    """Play every job; the rows in job order. ``backend``: ``local`` (worker processes;
    ``workers=1`` plays in this process) or ``ray`` (``address``: an existing cluster,
    None starts a local Ray instance). Raises ValueError for another backend name."""
    tick = _progress(len(jobs)) if progress else None
    if backend == "local":
        rows = _run_local(jobs, workers or os.cpu_count() or 1, tick)
    elif backend == "ray":
        from compiler.playtest.ray_backend import run_ray

        rows = run_ray(jobs, address, tick)
    else:
        raise ValueError(f"unknown backend '{backend}' (local, ray)")
    if tick:
        tick(0, done=True)
    return rows


def _run_local(jobs: list[Job], workers: int,
               tick: Callable[..., None] | None) -> list[dict[str, Any]]:
    if workers <= 1:
        rows = []
        for job in jobs:
            rows.append(play_job(job))
            if tick:
                tick(1)
        return rows
    with ProcessPoolExecutor(max_workers=workers) as pool:
        out = []
        for row in pool.map(play_job, jobs, chunksize=max(1, len(jobs) // (workers * 8))):
            out.append(row)
            if tick:
                tick(1)
        return out


def _progress(total: int) -> Callable[..., None]:
    """A rich progress bar on stderr: ``tick(n)`` advances, ``tick(0, done=True)`` ends."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress("games", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    task = bar.add_task("games", total=total)
    bar.start()

    def tick(n: int, done: bool = False) -> None:
        bar.advance(task, n)
        if done:
            bar.stop()
    return tick


def job_dict(job: Job) -> dict[str, Any]:
    """A job as JSON data (the run's manifest)."""
    return asdict(job)
