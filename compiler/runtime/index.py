"""Lookups computed once from composed rules (never saved with a game).

``nodes`` {id: statement node} (``Nodes``: the records of a big table are looked into
when a node of theirs is first asked for, so a game of many cards starts at once);
``zones`` the state entries whose records are active (their reactions and modifiers
apply) as ``(scope, entry, kind)``; ``always`` the kinds whose every record is active;
``reactions``/``modifiers`` {kind: [field names]}; ``bounds`` the min/max of counters,
filled on first use; ``memo`` the values of compiled expressions that read only the
rules (``exports.MEMO``), shared by every game of these rules.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

__all__ = ["LAZY_MIN", "Index", "Nodes"]

LAZY_MIN = 100
"""A record kind with this many records has its nodes found record by record, on demand."""


class Index:
    """Lookups over composed rules (see module docstring)."""

    def __init__(self, rules: dict[str, Any]) -> None:
        self.nodes: dict[int, dict[str, Any]] = Nodes(rules)
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
        self.field_cache: dict[tuple[str, Any, str], Any] = {}
        """Record fields with their effects as code references (rules never change)."""

        self.memo: dict[Any, Any] = {}
        self.code_of: dict[int, str] = {}
        self.modified_by: dict[str, dict[str, set[str]]] = {}
        """Per modifiable value, per kind, the records with a modifier of it (filled on
        first use: ``reactions.modified``)."""


class Nodes(dict[int, dict[str, Any]]):
    """{id: statement node} of composed rules. Nodes are numbered depth first in data
    order (``compiler.lang.number_nodes``), so each record of a big table holds the ids
    from its first one up to the next record's: a missing id is looked for in the one
    record whose range holds it (its nodes are added then). Read it as a dict; ``in`` and
    ``get`` look too."""

    def __init__(self, rules: dict[str, Any]) -> None:
        super().__init__()
        tables = (rules.get("records") or {}).items()
        big = {kind for kind, table in tables if len(table) >= LAZY_MIN}
        _collect({**rules, "records": {k: t for k, t in tables if k not in big}}, self)
        starts = []
        for kind in big:
            for rec in rules["records"][kind].values():
                first = _first_id(rec, self)
                if first is not None:
                    starts.append((first, rec))
        starts.sort(key=lambda pair: pair[0])
        self._firsts = [first for first, _ in starts]
        self._records: list[Any] = [rec for _, rec in starts]

    def __missing__(self, nid: int) -> dict[str, Any]:
        if self._look(nid):
            return dict.__getitem__(self, nid)
        raise KeyError(nid)

    def __contains__(self, nid: object) -> bool:
        return dict.__contains__(self, nid) or (self._look(nid)
                                                and dict.__contains__(self, nid))

    def get(self, nid: int, default: Any = None) -> Any:
        found = nid in self
        return dict.__getitem__(self, nid) if found else default

    def _look(self, nid: object) -> bool:
        """Add the nodes of the record whose range holds ``nid``; whether one did."""
        if type(nid) is not int or not self._records:
            return False
        i = bisect_right(self._firsts, nid) - 1
        if i < 0 or self._records[i] is None:
            return False
        rec, self._records[i] = self._records[i], None
        _collect(rec, self)
        return True


def _collect(rules: Any, out: dict[int, dict[str, Any]]) -> None:
    """Every statement node (a node with an int ``id``) under ``rules`` into ``out``."""
    todo = [rules]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if "id" in node and isinstance(node.get("id"), int) and "op" in node:
                dict.__setitem__(out, node["id"], node)
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)


def _first_id(rec: Any, known: dict[int, Any]) -> int | None:
    """The first statement id of record ``rec`` depth first, not counting the nodes
    already ``known`` (a module's change put into a record is found with the module)."""
    todo = [rec]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            nid = node.get("id")
            if isinstance(nid, int) and "op" in node and not dict.__contains__(known, nid):
                return nid
            todo.extend(reversed(node.values()))
        elif isinstance(node, list):
            todo.extend(reversed(node))
    return None


def _list_kind(t: Any) -> str | None:
    """The record kind of a list-of-ids type (``["list", ["id", K]]``), else None."""
    if isinstance(t, list) and len(t) == 2 and t[0] == "list" and isinstance(t[1], list) \
            and len(t[1]) == 2 and t[1][0] == "id":
        return str(t[1][1])
    return None
