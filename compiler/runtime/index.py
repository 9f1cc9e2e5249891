"""Lookups computed once from composed rules (never saved with a game).

``nodes`` {id: statement node} (``Nodes``: the records of a big table are looked into
when a node of theirs is first asked for, so a game of many cards starts at once; a
generated engine's part is loaded then, ``lazy.LazyTable``);
``zones`` the state entries whose records are active (their reactions and modifiers
apply) as ``(scope, entry, kind)``; ``always`` the kinds whose every record is active;
``reactions``/``modifiers`` {kind: [field names]}; ``bounds`` the min/max of counters,
filled on first use; ``memo`` the values of compiled expressions that read only the
rules (``exports.MEMO``), shared by every game of these rules."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from operator import itemgetter
from typing import Any

from compiler.runtime.lazy import LazyTable

__all__ = ["LAZY_MIN", "Index", "Nodes", "statements"]

LAZY_MIN = 100  # a kind with this many records has its nodes found on demand


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
        self.entries = [entry for _, entry, _ in self.zones]  # (their versions: modsum's key)
        self.stamps_of = itemgetter(*self.entries) if self.entries else lambda _: ()
        self.bounds: dict[tuple[str, str], Any] = {}
        self.straight: dict[int, Any] = {}
        """Compound statements run straight through (``straight.py``), by node id."""
        self.straight_for: Any = None
        self.roots: dict[int, str | None] = {}
        """The state entry each ``set`` statement writes (by node id; None: a local)."""
        self.sure: dict[int, bool] = {}
        """Statements that hold no ``require`` or ``do`` (``resume.cannot_fail``)."""
        self.field_cache: dict[tuple[str, Any, str], Any] = {}
        """Record fields with their effects as code references (rules never change)."""

        self.memo: dict[Any, Any] = {}
        self.plain = Plain(rules.get("records") or {})
        self.reacting_to: dict[str, dict[str, set[str]]] = {}
        """Per event, per kind, the records with a reaction to it (``reactions.emit``)."""
        self.modified_by: dict[str, dict[str, set[str]]] = {}
        """Per modifiable value, per kind, the records with a modifier of it (filled on
        first use: ``reactions.modified``)."""


class Plain(dict[str, dict[str, Any]]):
    """{kind: {id: record}} for ``exports.GET`` (plain fields only), a kind's table made
    on first use: a lazy table's records as its parts' plain fields (none loaded)."""

    def __init__(self, records: dict[str, Any]) -> None:
        super().__init__()
        self._records = records

    def __missing__(self, kind: str) -> dict[str, Any]:
        table = self._records.get(kind) or {}
        out = self[kind] = {rid: table.plain(rid) for rid in table} \
            if isinstance(table, LazyTable) else table
        return out


class Nodes(dict[int, dict[str, Any]]):
    """{id: statement node}. Ids are numbered depth first (``lang.number_nodes``), so a
    big table's record holds those from its first one to the next record's: its nodes
    are added when one of them is first asked for (also by ``in`` and ``get``)."""

    def __init__(self, rules: dict[str, Any]) -> None:
        super().__init__()
        tables = (rules.get("records") or {}).items()
        small = {k: t for k, t in tables if len(t) < LAZY_MIN}
        _gather({**rules, "records": small}, self)
        starts: list[tuple[int, Any]] = []
        for kind, table in tables:
            if kind in small:
                continue
            if isinstance(table, LazyTable):  # a generated engine's parts: not loaded yet
                starts += [(first, (table, rid)) for first, rid in table.firsts()]
            else:
                starts += [(first, [rec]) for rec in table.values()
                           if (first := self._first(rec)) is not None]
        starts.sort(key=lambda p: p[0])
        self._firsts = [first for first, _ in starts]
        self._records: list[Any] = [held for _, held in starts]
        """Per first id: the record holding it and the ids up to the next first (in a
        list, or as (lazy table, id): read when needed), None once added."""

    def __missing__(self, nid: int) -> dict[str, Any]:
        if self._look(nid):
            return dict.__getitem__(self, nid)
        raise KeyError(nid)

    def __contains__(self, nid: object) -> bool:
        return dict.__contains__(self, nid) or (self._look(nid) and dict.__contains__(self, nid))

    def get(self, nid: int, default: Any = None) -> Any:
        return dict.__getitem__(self, nid) if nid in self else default  # noqa: SIM401

    def _look(self, nid: object) -> bool:
        """Add the nodes of the record whose range holds ``nid``; whether one did."""
        i = bisect_right(self._firsts, nid) - 1 if type(nid) is int else -1
        if i < 0 or self._records[i] is None:
            return False
        held = self._records[i]
        self._records[i] = None
        self._add(held if isinstance(held, list) else held[0][held[1]])
        return True

    def _add(self, node: Any) -> None:
        for n in statements(node):
            dict.__setitem__(self, n["id"], n)

    def _first(self, rec: Any) -> int | None:
        """The first id in ``rec`` not known yet (a module's change is known with it)."""
        return next((n["id"] for n in statements(rec) if not dict.__contains__(self, n["id"])),
                    None)


def statements(node: Any) -> Iterator[dict[str, Any]]:
    """The statement nodes under ``node``, depth first in data order."""
    todo = [node]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if isinstance(node.get("id"), int) and "op" in node:
                yield node
            todo.extend(reversed(node.values()))
        elif isinstance(node, list):
            todo.extend(reversed(node))


def _gather(node: Any, out: dict[int, Any]) -> None:
    """``statements`` of ``node`` into ``out`` by id, in the same order (recursive: as
    deep as the IR, 3x faster; for the rules at the start, not in a trial's depth)."""
    if isinstance(node, dict):
        if "op" in node and isinstance(node.get("id"), int):
            out[node["id"]] = node
        node = node.values()
    for value in node:
        if isinstance(value, (dict, list)):
            _gather(value, out)


def _list_kind(t: Any) -> str | None:
    """The record kind of a list-of-ids type (``["list", ["id", K]]``), else None."""
    if isinstance(t, list) and len(t) == 2 and t[0] == "list" and isinstance(t[1], list) \
            and len(t[1]) == 2 and t[1][0] == "id":
        return str(t[1][1])
    return None
