"""Module composition for record kinds beyond cards: what a module brings, takes out,
swaps and changes.

- Records of any kind (and board spaces) with ``module: <id>`` exist only while that
  module is on; those with ``players {min, max}`` only for that player count.
- ``removes: [ids]``: records (any kind) or board spaces taken out of play.
- ``replaces: [{id, by}]``: record ``id`` of the kind of ``by`` leaves and ``by`` (the
  module's record) takes its place (the CO2 action cards replace the base A1, A2 and
  A3: the action cards, not the sectors that share their ids).
- ``changes: [{kind, id, set: {field: value}}]``: fields of a record set by the module.
- ``tracks {id: {...}}``: any field of a track (compose.py applies them).
- ``end_steps {remove, replace, add}``: changes to the flow's end steps.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from compiler.runtime.errors import RulesError

__all__ = ["compose_records"]

Rules = dict[str, Any]
SKIP = ("game", "flow", "board", "settings", "modules", "cards", "active_modules")


def compose_records(rules: Rules, chosen: list[str], known: dict[str, Any],
                    players: int | None, change_steps: Callable[..., list[Any]]) -> None:
    """Apply the module rules above to ``rules`` (in place)."""
    gone: set[str] = set()
    swapped: dict[str, set[str]] = {}
    for mid in chosen:
        module = known[mid]
        gone |= set(module.get("removes") or [])
        for rep in module.get("replaces") or []:
            kind = next((k for k, t in rules.items() if k not in SKIP and isinstance(t, dict)
                         and rep["by"] in t), None)
            swapped.setdefault(kind or "", set()).add(rep["id"])
    for kind, table in list(rules.items()):
        if kind in SKIP or not isinstance(table, dict):
            continue
        out = swapped.get(kind, set()) | gone
        rules[kind] = {rid: rec for rid, rec in table.items()
                       if not (isinstance(rec, dict) and _off(rec, chosen, players))
                       and rid not in out}
    board = rules.get("board") or {}
    if board.get("spaces"):
        board["spaces"] = [s for s in board["spaces"] if s.get("id") not in gone
                           and not _off(s, chosen, players)]
    for mid in chosen:
        _changes(rules, known[mid])
        end = rules["flow"].get("end") or {}
        if known[mid].get("end_steps") and end:
            end["steps"] = change_steps(end.get("steps") or [], known[mid]["end_steps"], mid)


def _off(rec: dict[str, Any], chosen: list[str], players: int | None) -> bool:
    if rec.get("module") is not None and rec["module"] not in chosen:
        return True
    limits = rec.get("players") if isinstance(rec.get("players"), dict) else None
    if limits and players is not None:
        lo = limits.get("min", players)
        hi = limits.get("max", players)
        return not (_n(lo) <= players <= _n(hi))
    return False


def _n(value: Any) -> int:
    return int(value["provisional"]) if isinstance(value, dict) else int(value)


def _changes(rules: Rules, module: dict[str, Any]) -> None:
    for change in module.get("changes") or []:
        table = rules.get(change["kind"]) or {}
        if change["id"] not in table:
            raise RulesError(f"module '{module['id']}' changes {change['kind']} "
                             f"'{change['id']}', which the rules do not have")
        table[change["id"]] = {**table[change["id"]], **copy.deepcopy(change["set"])}
