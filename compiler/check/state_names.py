"""The state's names against the runtime's own: a game's state entries live in one JSON
object with the keys the runtime keeps there, and game.yaml's ``hidden`` paths name keys
of that object.

Entry point: ``check_state_names(docs)``:

- R047: a game state entry named as one of the runtime's keys (``round``, ``log``,
  ``stack``... ``kernel_keys()``, the keys of a new state with no entry): the entry's
  start value would overwrite the runtime's (a game with ``stack: int`` stops at setup
  with a traceback);
- W008: a ``hidden`` path of game.yaml that no state can hold: its first part neither a
  runtime key nor a game state entry, ``players.*.X`` with no player entry ``X``, or
  ``stack.*.X`` with ``X`` no key of a runtime frame (``FRAME_KEYS``: a frame's local
  names are under ``env``, renamed ``packs~992``, and the runtime already hides every
  frame from all but the player deciding, ``compiler.adapters.observation``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from compiler.diagnostics import Diagnostic, Severity, did_you_mean
from compiler.load import Document

__all__ = ["FRAME_KEYS", "check_state_names", "kernel_keys"]

FRAME_KEYS = frozenset(["k", "n", "i", "s", "v", "env", "items", "left", "old", "ev",
                        "opts", "picked", "running", "closed", "ans", "k2"])
"""The keys the runtime's frames hold (``compiler.runtime.machine``: seq, for, rep,
while, with, scope, ch, react, must, flow; ``tests/test_state_names.py`` checks every
frame of played games against it)."""


@cache
def kernel_keys() -> frozenset[str]:
    """The keys the runtime keeps in a game's state: those of a new state of no entry."""
    from compiler.runtime.flow import new_state
    from compiler.runtime.index import Index

    return frozenset(new_state({}, 0, 0, Index({})))


def check_state_names(docs: list[Document]) -> list[Diagnostic]:
    """R047 for each game state entry named as a runtime key, W008 for each ``hidden``
    path no state can hold (see the module docstring)."""
    out: list[Diagnostic] = []
    entries: dict[str, set[str]] = {"game": set(), "player": set()}
    for doc in docs:
        if doc.kind != "state" or not isinstance(doc.data, dict):
            continue
        for scope in entries:
            names = doc.data.get(scope)
            entries[scope] |= set(names) if isinstance(names, dict) else set()
        game = doc.data.get("game")
        for name in sorted(set(game) & kernel_keys() if isinstance(game, dict) else ()):
            out.append(Diagnostic(
                doc.key_span(("game", name)), "R047", f"state entry '{name}' has the name "
                f"of a key the runtime keeps in the state ({', '.join(sorted(kernel_keys()))}):"
                " its start value would overwrite the runtime's",
                hint=f"rename it ({name}_count, game_{name}) and its uses"))
    for doc in docs:
        if doc.kind == "game" and isinstance(doc.data, dict):
            out += _hidden(doc, entries)
    return out


def _hidden(doc: Document, entries: dict[str, set[str]]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    hidden = doc.data.get("hidden")
    for i, item in enumerate(hidden if isinstance(hidden, list) else []):
        path = item.get("path") if isinstance(item, dict) else None
        why = _nothing(path.split("."), entries) if isinstance(path, str) else ""
        if why:
            out.append(Diagnostic(
                doc.span(("hidden", i, "path")), "W008", f"hidden path '{path}' matches "
                f"nothing any state holds: {why[0]}", severity=Severity.WARNING,
                hint=why[1]))
    return out


def _nothing(parts: list[str], entries: dict[str, set[str]]) -> tuple[str, str] | None:
    """Why a path of ``parts`` names nothing a state holds, and the hint; None if it
    may name something."""
    top = kernel_keys() | entries["game"]
    if parts[0] not in top:
        return (f"'{parts[0]}' is neither a game state entry nor a key of the runtime's",
                _near(parts[0], top, "start the path with a game state entry or a runtime "
                      "key (players, pending...)"))
    if parts[0] == "players" and len(parts) > 2 and parts[2] not in entries["player"]:
        return (f"'{parts[2]}' is no player state entry",
                _near(parts[2], entries["player"], "name a player state entry of "
                      "state.yaml after players.*"))
    if parts[0] == "stack" and len(parts) > 2 and parts[2] not in FRAME_KEYS:
        return (f"the runtime's frames hold no '{parts[2]}' (a frame's local names are "
                "renamed under its env)", "remove it: the runtime hides every frame of "
                "the stack from all but the player deciding (docs/data-format.md)")
    return None


def _near(word: str, known: Any, otherwise: str) -> str:
    return did_you_mean(word, known) or otherwise
