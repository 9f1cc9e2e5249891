"""A fixed-size number vector from an observation (the hashing trick), and the shared
action numbering of the adapters.

Every leaf of ``observation(game, player)`` becomes one feature, hashed (CRC-32) into
``size`` slots: a number adds itself at its path, a string adds 1 at ``path=value``, a
hidden ``None`` adds 1 at ``path?`` (so hidden counts still show). List indices are
dropped from paths (a hand is a bag of ids) except under ``players``, whose indices are
renumbered from the observer (0 = me, 1 = next seat...). ``stack``, ``seed``, ``rng_uses``,
``format`` and ``game`` (the game's id) are left out: engine bookkeeping, not game
information. Of ``pending``, everyone sees who decides (``pending.player=``, renumbered)
and its ``kind``; the player deciding also sees each option, at ``option.<k>`` (so action
``k`` has a meaning in the vector: ``option.3.card=lichen``, ``option.0.megacredits`` 9).

Actions are numbered by their position in ``game.legal_actions()``: action ``k`` is the
k-th option of the open decision, and the mask is 1 for ``k < len(options)``.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np

from compiler.adapters.observation import observation
from compiler.runtime import RulesError

__all__ = ["MAX_OPTIONS", "OBS_SIZE", "action_mask", "features", "option_of", "outcome",
           "selected_modules"]

MAX_OPTIONS = 512  # the most options one decision has had in random games is below 200
OBS_SIZE = 512
SKIP = frozenset({"stack", "pending", "seed", "rng_uses", "format", "game"})  # pending: _decision


def features(game: Any, player: int, size: int = OBS_SIZE) -> np.ndarray:
    """The observation of ``player`` as a float32 vector of length ``size``."""
    seen = observation(game, player)
    n = len(seen.get("players") or [])
    vec = np.zeros(size, dtype=np.float32)
    for key in sorted(k for k in seen if k not in SKIP):
        for path, value in _leaves(seen[key], key, player, n):
            name, x = _feature(path, value)
            vec[zlib.crc32(name.encode()) % size] += x
    for path, value in _decision(seen.get("pending"), player, n):
        name, x = _feature(path, value)
        vec[zlib.crc32(name.encode()) % size] += x
    return vec


def _decision(pending: Any, me: int, n: int) -> Iterator[tuple[str, Any]]:
    """The open decision's leaves: who decides (from ``me``), its kind, and the options
    ``me`` may see (others see ``None`` placeholders, left out)."""
    if not isinstance(pending, dict):
        return
    who = pending.get("player")
    if isinstance(who, int) and n:
        yield "pending.player", str((who - me) % n)
    yield "pending.kind", pending.get("kind")
    for k, option in enumerate(pending.get("options") or []):
        if option is not None:
            yield from _leaves(option, f"option.{k}", me, n)


def _leaves(node: Any, path: str, me: int, n: int) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, f"{path}.{k}", me, n)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, f"{path}.{(i - me) % n}" if path == "players" else path,
                               me, n)
    else:
        yield path, node


def _feature(path: str, value: Any) -> tuple[str, float]:
    if value is None:
        return f"{path}?", 1.0
    if isinstance(value, bool):
        return path, float(value)
    if isinstance(value, int | float):
        return path, float(value)
    return f"{path}={value}", 1.0


def action_mask(game: Any, player: int, size: int = MAX_OPTIONS) -> np.ndarray:
    """1 for each option of the open decision when ``player`` decides, else all 0.

    Raises RulesError when a decision has more than ``size`` options.
    """
    mask = np.zeros(size, dtype=np.int8)
    pending = game.pending()
    if pending is not None and pending["player"] == player:
        count = len(pending["options"])
        if count > size:
            raise RulesError(f"a decision with {count} options: more than {size} actions")
        mask[:count] = 1
    return mask


def option_of(game: Any, action: int) -> Any:
    """The option that action number ``action`` stands for. Raises RulesError for a
    number that is not one of the open decision's options."""
    options = game.legal_actions()
    if not 0 <= int(action) < len(options):
        raise RulesError(f"action {action} is not legal: {len(options)} option(s) open")
    return options[int(action)]


def outcome(game: Any, players: int) -> list[float]:
    """The end-of-game reward of each player: +1 each winner, -1 every other player; a
    game of two or more players with no winner (a tie the rules leave unbroken) is a draw,
    0 to all; a solo game with no winner is lost, -1 (Terraforming Mars's solo variant:
    won only if Mars is terraformed by the end of generation 14)."""
    won = set(game.scores().get("winner") or [])
    if not won:
        return [-1.0 if players == 1 else 0.0] * players
    return [1.0 if i in won else -1.0 for i in range(players)]


def selected_modules(rules: dict[str, Any], modules: Any, players: int) -> tuple[str, ...]:
    """The module ids an adapter plays: ``modules`` as given (ids, or one string of ids
    separated by commas), or for ``"all"`` (alone) every module that composes with those
    before it for ``players``, as ``rulesc play --modules all`` chooses."""
    names = [m.strip() for m in (modules.split(",") if isinstance(modules, str) else modules)
             if m and m.strip()]
    if names == ["all"] and "all" not in (rules.get("modules") or {}):
        from compiler.cli.selection import composable
        return tuple(composable(rules, players).modules)
    return tuple(names)
