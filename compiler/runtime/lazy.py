"""Record tables whose records load when first read: the parts of a generated engine.

``rules.py`` holds a big table as ``lazy_table(package, entries)``; its import reads no
part. An entry is ``[module, firsts, plain, ids, modifiers, reactions]`` (or its JSON
text): the part's module under ``package`` (``RECORDS``, ``CODE``, ``AT``, ``TRIALS``),
each record's first statement id (None: none), ``{id: the fields that hold no IR}``
(``GET``, composition), the ids in order, ``{modified value: ids}`` and ``{event: ids}``
(for ``reactions``); its ``RECORDS`` are JSON texts, decoded when first read. A
``LazyTable`` is a ``dict`` that knows every id; a record's part is imported (once; its
functions join the linked code) when one of its records is read: ``[id]``, ``get``,
``items``/``values`` (lists, in order), ``==``. Keys, ``in``, ``len``, ``plain``,
``having``, ``firsts`` and ``select`` (composition) load nothing."""

from __future__ import annotations

import gc
import importlib
import json
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["LazyTable", "Part", "lazy_table", "link_code"]


class Part:
    """A part: ``ids``, ``firsts``, ``plain``, ``modifiers``, ``reactions``, ``module``..."""

    __slots__ = ("codes", "firsts", "ids", "module", "modifiers", "name", "plain",
                 "reactions", "records")

    def __init__(self, name: str, firsts: list[Any], plain: dict[str, Any], ids: list[str],
                 lists: tuple[dict[str, list[str]], dict[str, list[str]]],
                 codes: list[dict[Any, Any]]) -> None:
        self.name, self.firsts, self.plain, self.ids = name, firsts, plain, ids
        (self.modifiers, self.reactions), self.codes = lists, codes
        self.module: Any = None
        self.records: dict[str, Any] = {}  # those decoded (one object each, for all tables)

    def load(self) -> Any:
        """The module, imported once with the collector held back, then frozen out of its sight
        (kept for good: collections that looked at them cost 2.5x the import, 10k cards)."""
        if self.module is None:
            held = gc.isenabled()
            gc.disable()
            try:
                self.module = importlib.import_module(self.name)
                for code in self.codes:
                    _add_code(code, self.module)
            finally:
                gc.freeze()
                if held:
                    gc.enable()
        return self.module

    def record(self, rid: str) -> Any:
        """Record ``rid``, decoded once (``compiler.codegen.parts.records_source``)."""
        if rid not in self.records:
            found = self.load().RECORDS[rid]
            self.records[rid] = json.loads(found) if type(found) is str else found
        return self.records[rid]


def _add_code(code: dict[Any, Any], module: Any) -> None:
    for x, at in module.AT.items():
        module.CODE[x].rulesc_at = at
    code.update(module.CODE)
    code["trials"].update(module.TRIALS)


def lazy_table(package: str, entries: list[Any]) -> LazyTable:
    """The table of ``entries`` (each a list or its JSON text) of the parts under ``package``."""
    codes: list[dict[Any, Any]] = []
    parts = [Part(f"{package}.{name}", firsts, plain, list(ids), (mods, reacts), codes)
             for name, firsts, plain, ids, mods, reacts in
             (json.loads(e) if type(e) is str else e for e in entries)]
    fresh = iter(json.loads(json.dumps([rid for part in parts for rid in part.ids])))
    for part in parts:  # ids side by side in memory: a deck of 100,000 shuffled, scanned 2x faster
        part.ids = [next(fresh) for _ in part.ids]
    return LazyTable({rid: part for part in parts for rid in part.ids})


def link_code(rules: dict[str, Any], code: dict[Any, Any]) -> None:
    """Add the functions of ``rules``' lazy tables' parts to ``code`` (``{x: function,
    "trials": {id: function}}``): those loaded now, the others as they load."""
    for table in (rules.get("records") or {}).values():
        parts = table.parts() if isinstance(table, LazyTable) else []
        if parts and all(c is not code for c in parts[0].codes):  # one list per table
            parts[0].codes.append(code)
            for part in parts:
                if part.module is not None:
                    _add_code(code, part.module)


class LazyTable(dict):
    """``{id: record}`` whose records are read from their part on first use."""

    def __init__(self, where: dict[str, Part | None]) -> None:
        super().__init__()
        self._where = where
        """Every id, in table order, with its part (None: a record set here)."""
        self._set: set[Any] = set()
        """The ids of the records set here (a module's changes), not read from a part."""
        self._parts: list[Part] | None = None
        self._lists: dict[str, dict[str, list[Any]]] = {}
        """``having``'s lists of all the parts, by field, made on first use."""

    def __missing__(self, rid: Any) -> Any:
        part = self._where.get(rid)
        if part is None:
            raise KeyError(rid)
        dict.__setitem__(self, rid, record := part.record(rid))
        return record

    def _fill(self, part: Part) -> None:
        """Add ``part``'s records that this table holds and has not set itself."""
        for rid in part.ids:
            if self._where.get(rid) is part and not dict.__contains__(self, rid):
                dict.__setitem__(self, rid, part.record(rid))

    def __setitem__(self, rid: Any, record: Any) -> None:
        if rid not in self._where:
            self._where[rid] = None
        self._set.add(rid)
        dict.__setitem__(self, rid, record)

    def __contains__(self, rid: object) -> bool:
        return rid in self._where

    def get(self, rid: Any, default: Any = None) -> Any:
        return self[rid] if rid in self._where else default

    def __iter__(self) -> Iterator[Any]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def keys(self) -> Any:
        return self._where.keys()

    def items(self) -> Any:
        self.load_all()
        return [(rid, dict.__getitem__(self, rid)) for rid in self._where]

    def values(self) -> Any:
        self.load_all()
        return [dict.__getitem__(self, rid) for rid in self._where]

    def load_all(self) -> None:
        """Read every record (what a scan of all of them needs)."""
        for part in self.parts():
            self._fill(part)

    def __eq__(self, other: object) -> bool:
        return dict(self.items()) == other

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __reduce__(self) -> Any:  # pickled (and shown) whole
        return dict, (self.items(),)

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def parts(self) -> list[Part]:
        """The parts holding this table's records, in order (kept: a part is one record,
        and a table of 100,000 is asked often)."""
        if self._parts is None:
            self._parts = list({id(p): p for p in self._where.values() if p is not None}.values())
        return self._parts

    def plain(self, rid: Any) -> Any:
        """Record ``rid``: whole when read already or set here, else its plain fields
        (no IR) without loading its part. Raises KeyError for an id the table lacks."""
        record = dict.get(self, rid)
        if record is None:
            return self._where[rid].plain[rid]  # type: ignore[union-attr]
        return record

    def select(self, keep: Callable[[Any, Any], bool]) -> LazyTable:
        """A new table of the records ``keep(id, plain record)`` is true of, still lazy
        (the records read so far are shared)."""
        out = LazyTable({rid: part for rid, part in self._where.items()
                         if keep(rid, self.plain(rid))})
        for rid, record in dict.items(self):
            if rid in out._where:
                dict.__setitem__(out, rid, record)
        out._set = self._set & set(out._where)
        return out

    def having(self, field: str, name: str, test: Callable[[Any], bool]) -> set[Any]:
        """The ids of the records with a modifier of value ``name`` (``field`` "mod") or
        a reaction to event ``name`` ("on"): from the parts' lists, and for a record set
        here, ``test(record)``. The parts' lists are gathered once per table and field."""
        lists = self._lists.get(field)
        if lists is None:
            lists = self._lists[field] = {}
            for part in self.parts():
                for key, rids in (part.modifiers if field == "mod" else part.reactions).items():
                    lists.setdefault(key, []).extend(r for r in rids if self._where.get(r) is part)
        out = {rid for rid in self._set if test(dict.__getitem__(self, rid))}
        out.update(rid for rid in lists.get(name, ()) if rid not in self._set)
        return out

    def firsts(self) -> list[tuple[int, Any]]:
        """``(first statement id, record id)`` of this table's records of a part that
        hold a statement, without loading them (a record a module changed has the first
        id of the one it changed: its other nodes follow that one, or are the module's)."""
        return [(first, rid) for part in self.parts()
                for rid, first in zip(part.ids, part.firsts, strict=True)
                if first is not None and self._where.get(rid) is part]
