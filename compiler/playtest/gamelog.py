"""Game logs as JSON Lines: one header, one line per decision, one end line.

    {"log": "rulesc-game", "version": 1, "game": "terraforming_mars", "players": 2,
     "modules": ["corporate_era"], "seed": 1, "agents": ["human", "random"]}
    {"step": 0, "player": 1, "kind": "action", "option": {"act": "pass"}}
    ...
    {"end": true, "steps": 512, "logged": 512, "scores": {...Game.scores()...}}

``steps`` is the number of decisions the game took; ``logged`` how many of them the file
holds (a golden log keeps the first few; the rest are replayed by its random agents).
A game stopped before its end (the human quit) has no end line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["GameLog", "LogError", "read_log"]

MAGIC = "rulesc-game"
VERSION = 1


class LogError(Exception):
    """A file that is not a readable game log (message names the file and line)."""


@dataclass
class GameLog:
    """A game's header (``game``, ``players``, ``modules``, ``seed``, ``agents``), its
    decisions ``steps`` (``{"step", "player", "kind", "option"}``) and, once over, ``end``
    (``{"steps", "logged", "scores"}``)."""

    game: str
    players: int
    modules: list[str]
    seed: int
    agents: list[str]
    steps: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None

    def add(self, pending: dict[str, Any], option: Any) -> None:
        """Record the answer ``option`` to the open decision ``pending``."""
        self.steps.append({"step": len(self.steps), "player": pending["player"],
                           "kind": pending["kind"], "option": option})

    def truncate(self, n: int) -> None:
        """Forget the decisions from step ``n`` on (undo)."""
        del self.steps[n:]

    def finish(self, scores: dict[str, Any], keep: int | None = None) -> None:
        """Add the end line; with ``keep`` only the first ``keep`` steps are kept."""
        total = len(self.steps)
        if keep is not None:
            self.truncate(keep)
        self.end = {"end": True, "steps": total, "logged": len(self.steps), "scores": scores}

    def header(self) -> dict[str, Any]:
        return {"log": MAGIC, "version": VERSION, "game": self.game, "players": self.players,
                "modules": self.modules, "seed": self.seed, "agents": self.agents}

    def lines(self) -> list[str]:
        """The file's lines, each one compact JSON with sorted keys (stable diffs)."""
        rows = [self.header(), *self.steps, *([self.end] if self.end else [])]
        return [json.dumps(r, sort_keys=True, ensure_ascii=False) for r in rows]

    def save(self, path: Path) -> None:
        """Write the log to ``path`` (UTF-8, one JSON object a line)."""
        path.write_text("\n".join(self.lines()) + "\n", encoding="utf-8")


def read_log(path: Path) -> GameLog:
    """Read a log written by ``GameLog.save``. Raises LogError for a missing file, a line
    that is not JSON, a wrong header or a step out of order."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"{path}: cannot read: {exc}") from exc
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                rows.append((n, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise LogError(f"{path}:{n}: not JSON: {exc.msg}") from exc
    if not rows or not isinstance(rows[0][1], dict) or rows[0][1].get("log") != MAGIC:
        raise LogError(f"{path}:1: not a rulesc game log (no '\"log\": \"{MAGIC}\"' header)")
    log = _from_header(path, rows[0][1])
    for n, row in rows[1:]:
        _add_row(log, path, n, row)
    return log


HEADER = {"game": (str, "a game id"), "players": (int, "a whole number"),
          "modules": (list, "a list of module ids"), "seed": (int, "a whole number")}


def _from_header(path: Path, head: dict[str, Any]) -> GameLog:
    """The log a header starts; LogError naming the first field missing or mistyped."""
    for key, (kind, what) in HEADER.items():
        value = head.get(key)
        if key not in head:
            raise LogError(f"{path}:1: the header has no {key!r} ({what})")
        if isinstance(value, bool) or not isinstance(value, kind) or \
                isinstance(value, list) and not all(isinstance(m, str) for m in value):
            raise LogError(f"{path}:1: header {key!r}: {json.dumps(value)} is not {what}")
    agents = head.get("agents") or []
    return GameLog(head["game"], head["players"], list(head["modules"]), head["seed"],
                   [str(a) for a in agents] if isinstance(agents, list) else [])


def _add_row(log: GameLog, path: Path, n: int, row: Any) -> None:
    if not isinstance(row, dict):
        raise LogError(f"{path}:{n}: a log line is a JSON object")
    if log.end is not None:
        raise LogError(f"{path}:{n}: a line after the end line")
    if row.get("end") is True:
        log.end = row
        return
    if row.get("step") != len(log.steps) or "option" not in row:
        raise LogError(f"{path}:{n}: expected step {len(log.steps)} with an option")
    log.steps.append(row)
