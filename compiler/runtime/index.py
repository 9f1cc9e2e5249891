"""Lookups computed once from composed rules (never saved with a game).

``nodes`` {id: statement node}; ``zones`` the state entries whose records are active
(their reactions and modifiers apply) as ``(scope, entry, kind)``; ``always`` the kinds
whose every record is active; ``reactions``/``modifiers`` {kind: [field names]};
``bounds`` the min/max of counters, filled on first use.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Index"]


class Index:
    """Lookups over composed rules (see module docstring)."""

    def __init__(self, rules: dict[str, Any]) -> None:
        self.nodes: dict[int, dict[str, Any]] = {}
        self._collect(rules)
        kinds = rules.get("kinds") or {}
        self.reactions = {k: v["reactions"] for k, v in kinds.items() if v.get("reactions")}
        self.modifiers = {k: v["modifiers"] for k, v in kinds.items() if v.get("modifiers")}
        self.always = [k for k, v in kinds.items() if v.get("active")]
        self.zones: list[tuple[str, str, str]] = []
        for scope, entries in (rules.get("state") or {}).items():
            for name, entry in entries.items():
                kind = _list_kind(entry.get("type"))
                if entry.get("active") and kind:
                    self.zones.append((scope, name, kind))
        self.bounds: dict[tuple[str, str], Any] = {}
        self.straight: dict[int, Any] = {}
        """Compound statements run straight through (``straight.py``), by node id."""
        self.straight_for: Any = None
        self.roots: dict[int, str | None] = {}
        """The state entry each ``set`` statement writes (by node id; None: a local)."""
        self.field_cache: dict[tuple[str, Any, str], Any] = {}
        """Record fields with their effects as code references (rules never change)."""

        self.code_of: dict[int, str] = {}
        self.modified_by: dict[str, dict[str, set[str]]] = {}
        """Per modifiable value, per kind, the records with a modifier of it (filled on
        first use: ``reactions.modified``)."""

    def _collect(self, rules: Any) -> None:
        todo = [rules]
        while todo:
            node = todo.pop()
            if isinstance(node, dict):
                if "id" in node and isinstance(node.get("id"), int) and "op" in node:
                    self.nodes[node["id"]] = node
                todo.extend(node.values())
            elif isinstance(node, list):
                todo.extend(node)


def _list_kind(t: Any) -> str | None:
    """The record kind of a list-of-ids type (``["list", ["id", K]]``), else None."""
    if isinstance(t, list) and len(t) == 2 and t[0] == "list" and isinstance(t[1], list) \
            and len(t[1]) == 2 and t[1][0] == "id":
        return str(t[1][1])
    return None
