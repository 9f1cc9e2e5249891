"""Re-play a game log against rules and stop at the first step that diverges.

    result = replay(log, new_game, upto=None, on_step=print_step)
    result.ok, result.divergence   # None, or {"step", "message"}

Each logged decision must be the one the game asks (same player, same kind) and its
option must be legal. A log that holds only its first steps (``logged < steps``, e.g. a
golden log) of a game of random agents is played on by those agents, which have made the
same choices as when it was written; the final scores must then equal the logged ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compiler.playtest.agents import RandomAgent, make_agents
from compiler.playtest.gamelog import GameLog
from compiler.runtime import RulesError

__all__ = ["Replay", "replay"]


@dataclass
class Replay:
    """What a replay found: ``steps`` decisions played, the ``game`` as left, and the
    first ``divergence`` (``{"step": n, "message": text}``) or None."""

    steps: int
    game: Any
    divergence: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def replay(log: GameLog, new_game: Callable[..., Any], upto: int | None = None,
           on_step: Callable[[int, dict[str, Any], Any], None] | None = None) -> Replay:
    """Replay ``log`` on ``new_game(players=, modules=, seed=)``; stop before step ``upto``
    when given. ``on_step(n, pending, option)`` sees each decision before it is applied.

    Rules errors while setting up or playing become the divergence, not exceptions.
    """
    try:
        game = new_game(players=log.players, modules=tuple(log.modules), seed=log.seed)
    except RulesError as exc:
        return Replay(0, None, {"step": 0, "message": f"the game does not set up: {exc}"})
    agents = _agents(log)
    for n, row in enumerate(log.steps):
        if upto is not None and n >= upto:
            return Replay(n, game)
        why = _check(game, row)
        if why:
            return Replay(n, game, {"step": n, "message": why})
        _tick(agents, game)
        if on_step:
            on_step(n, game.pending(), row["option"])
        try:
            game.apply(row["option"])
        except RulesError as exc:
            return Replay(n, game, {"step": n, "message": f"rules failure: {exc}"})
    return _finish(log, game, agents, upto, on_step)


def _check(game: Any, row: dict[str, Any]) -> str:
    """Why logged step ``row`` cannot be played now, or ''."""
    pending = game.pending()
    if pending is None:
        return "the game is already over"
    if pending["player"] != row.get("player"):
        return (f"player {pending['player'] + 1} decides, the log says player "
                f"{_number(row.get('player'))}")
    if pending["kind"] != row.get("kind"):
        return f"the decision is '{pending['kind']}', the log says '{row.get('kind')}'"
    if row["option"] not in pending["options"]:
        return (f"option {json.dumps(row['option'])} is not legal "
                f"({len(pending['options'])} options)")
    return ""


def _agents(log: GameLog) -> list[Any] | None:
    """The random agents that play on a shortened log, or None (it cannot be played on)."""
    if not log.agents or any(a != "random" for a in log.agents):
        return None
    return make_agents(",".join(log.agents), log.players, log.seed)


def _tick(agents: list[Any] | None, game: Any) -> None:
    """Let the seat's random agent choose too, so its generator keeps step with the log."""
    if agents is not None:
        agent = agents[game.pending()["player"]]
        if isinstance(agent, RandomAgent):
            agent.choose(game)


def _finish(log: GameLog, game: Any, agents: list[Any] | None, upto: int | None,
            on_step: Callable[[int, dict[str, Any], Any], None] | None) -> Replay:
    """After the logged steps: play on (shortened log), then compare the end."""
    n = len(log.steps)
    end = log.end
    if end is not None and end.get("logged", n) < end.get("steps", n) and agents:
        while not game.is_over and (upto is None or n < upto):
            option = agents[game.pending()["player"]].choose(game)
            if on_step:
                on_step(n, game.pending(), option)
            game.apply(option)
            n += 1
    if upto is not None and n >= upto:
        return Replay(n, game)
    return Replay(n, game, _end_divergence(log, game, n))


def _end_divergence(log: GameLog, game: Any, n: int) -> dict[str, Any] | None:
    if log.end is None:
        return None  # an unfinished game (the human quit): nothing to compare
    if not game.is_over:
        return {"step": n, "message": f"the log ends after {n} steps; the game goes on"}
    if n != log.end.get("steps", n):
        return {"step": n, "message": f"the game ended after {n} steps, "
                                      f"the log after {log.end['steps']}"}
    if game.scores() != log.end.get("scores"):
        return {"step": n, "message": "the final scores differ: "
                                      + _score_diff(log.end.get("scores"), game.scores())}
    return None


def _number(player: Any) -> Any:
    """A player index of the log (from 0) as text numbers players (from 1)."""
    return player + 1 if isinstance(player, int) else player


def _numbers(players: Any) -> Any:
    """A list of player indexes (from 0) as players numbered from 1."""
    return [_number(p) for p in players] if isinstance(players, list) else players


def _score_diff(old: Any, new: dict[str, Any]) -> str:
    """Which totals or winners changed, in a few words."""
    old = old or {}
    parts = []
    if old.get("winner") != new.get("winner"):
        parts.append(f"winner {_numbers(old.get('winner'))} -> {_numbers(new.get('winner'))}")
    for a, b in zip(old.get("players") or [], new.get("players") or [], strict=False):
        if a != b:
            parts.append(f"player {_number(b.get('player'))} total {a.get('total')} -> "
                         f"{b.get('total')}")
    return "; ".join(parts) or "details differ"
