"""Per-player observations: the game state with what a player cannot see masked.

What is secret comes from the rules, so no game needs Python here: a state entry declared
``hidden: all`` (nobody sees it) or ``hidden: others`` (only its player does), the
runtime's own secrets (the seed; the open decision's options and prompt and the machine's
frames, ``stack``, seen only by the player deciding), and the paths the game document's
``hidden`` list adds (parts of the state no entry declares, such as a decision's
frames, for the player deciding)::

    hidden:
      - {path: "players.*.hand", owner: "*"}     # each player sees their own hand only
      - {path: "deck"}                           # nobody sees the deck order
      - {path: "pending.options", owner: "pending.player"}

``path`` is dotted keys into ``Game.to_json()``; ``*`` matches every list index or map
key. ``owner`` is ``*`` (the player whose index the path's last ``*`` matched) or a state
path holding that player's index, whose ``*``s take the path's matches in order. A hidden
value is replaced by a placeholder of the same shape: a list by a list of as many
``None``, a map by the same keys with placeholders, anything else by ``None``. Paths that
match nothing (a module not in play) are skipped.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

__all__ = ["hidden_rules", "mask", "observation", "placeholder"]

Match = tuple[tuple[Any, ...], list[str]]  # (container chain keys, values of the `*`s)


RUNTIME_SECRETS = [
    {"path": "seed"}, {"path": "rng_uses"},  # the seed gives every shuffle away
    {"path": "pending.options", "owner": "pending.player"},
    {"path": "pending.prompt", "owner": "pending.player"},
    # the machine's frames: a loop's items, local names, options picked so far (the ten
    # cards a player was dealt to buy from, the card being paid for), the decider's only
    {"path": "stack.*", "owner": "pending.player"},
]


def hidden_rules(game: Any) -> list[dict[str, str]]:
    """Every secret path of a game: ``[{"path", "owner"?}]`` from its state entries'
    ``hidden``, the runtime's secrets and the game document's ``hidden`` list."""
    rules = getattr(game, "rules", None) or {}
    out = list(RUNTIME_SECRETS)
    for scope, entries in (rules.get("state") or {}).items():
        for name, entry in (entries or {}).items():
            how = entry.get("hidden") if isinstance(entry, dict) else None
            if scope == "player" and how in ("all", "others"):
                out.append({"path": f"players.*.{name}",
                            **({"owner": "*"} if how == "others" else {})})
            elif how:
                out.append({"path": name})
    return out + list((rules.get("game") or {}).get("hidden") or [])


def observation(game: Any, player: int) -> dict[str, Any]:
    """What ``player`` sees of ``game``: ``game.to_json()`` with hidden values masked.

    Raises ValueError for a player index the game does not have.
    """
    state = game.to_json()
    if not 0 <= player < len(state.get("players") or []):
        raise ValueError(f"no player {player} in this game")
    return mask(state, hidden_rules(game), player)


def mask(state: dict[str, Any], hidden: list[dict[str, str]], player: int) -> dict[str, Any]:
    """A copy of ``state`` in which every entry of ``hidden`` not owned by ``player`` is
    replaced by its placeholder (see the module docstring)."""
    out = copy.deepcopy(state)
    for entry in hidden:
        parts = entry["path"].split(".")
        for keys, stars in list(_matches(out, parts, (), [])):
            if _owner(out, entry.get("owner"), stars) == player:
                continue
            parent = _get(out, keys[:-1])
            parent[keys[-1]] = placeholder(parent[keys[-1]])
    return out


def placeholder(value: Any) -> Any:
    """A value of the same shape with nothing in it: lists keep their length."""
    if isinstance(value, list):
        return [None] * len(value)
    if isinstance(value, dict):
        return {k: placeholder(v) for k, v in value.items()}
    return None


def _matches(node: Any, parts: list[str], keys: tuple[Any, ...],
             stars: list[str]) -> Iterator[Match]:
    """Every (key chain, star values) in ``node`` that ``parts`` names."""
    if not parts:
        yield keys, stars
        return
    head, rest = parts[0], parts[1:]
    for key in _children(node, head):
        yield from _matches(node[key], rest, (*keys, key),
                            [*stars, str(key)] if head == "*" else stars)


def _children(node: Any, head: str) -> list[Any]:
    """The keys of ``node`` that path part ``head`` names (``*``: all of them)."""
    if isinstance(node, dict):
        if head == "*":
            return list(node)
        return [head] if head in node else []
    if isinstance(node, list):
        if head == "*":
            return list(range(len(node)))
        return [int(head)] if head.isdigit() and int(head) < len(node) else []
    return []


def _owner(state: dict[str, Any], owner: str | None, stars: list[str]) -> int | None:
    """The player index that may see a match, or None (nobody)."""
    if owner is None:
        return None
    if owner == "*":
        return int(stars[-1]) if stars and stars[-1].isdigit() else None
    filled = iter(stars)
    parts = [next(filled, "*") if p == "*" else p for p in owner.split(".")]
    found = list(_matches(state, parts, (), []))
    if len(found) != 1:
        return None
    value = _get(state, found[0][0])
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _get(node: Any, keys: tuple[Any, ...]) -> Any:
    for key in keys:
        node = node[key]
    return node
