"""Record tables whose records load when first read: the parts of a generated engine.

A generated package's ``rules.py`` holds a big record table (the cards) as
``lazy_table(package, entries)``; importing the package loads none of its parts. Each
entry is ``(module, firsts, plain, ids, modifiers)``: the part module's name under
``package`` (its ``RECORDS`` and compiled ``CODE``, ``AT``, ``TRIALS``), each record's
first statement id (None when it holds none; ids are numbered depth first, so a
record's are one run), ``plain`` ``{record id: {field: value}}`` each
record's fields that hold no IR (what the compiled engine's ``GET`` and composition's
``module``/``players`` read without loading the part), its record ids in table order,
and ``modifiers`` ``{value: record ids}`` its records with a modifier of each value
(``reactions.modified`` looks only at those).

A ``LazyTable`` is a ``dict`` whose keys are all the ids from the start; a record's
whole part is loaded (imported once per process, its functions added to the code
``register_code`` linked) when one of its records is first read: ``table[id]``,
``get``, ``items`` and ``values`` (lists, in table order), ``==``. Keys, ``in``,
``len`` and ``plain`` load nothing.
``select`` is what composition keeps of it (still lazy), ``firsts`` where the node index
looks for a node when it is first asked for.
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["LazyTable", "Part", "lazy_table", "link_code"]


class Part:
    """One part module: its records ``ids`` (in order), their first statement ids
    ``firsts``, ``plain`` fields, ``modifiers``; ``module`` once imported."""

    __slots__ = ("firsts", "ids", "module", "modifiers", "name", "package", "plain")

    def __init__(self, package: Package, name: str, firsts: list[int | None],
                 plain: dict[str, dict[str, Any]], ids: list[str],
                 modifiers: dict[str, list[str]]) -> None:
        self.package, self.name, self.ids, self.plain = package, name, ids, plain
        self.firsts, self.modifiers = firsts, modifiers
        self.module: Any = None

    def load(self) -> Any:
        """The part's module, imported (and its functions linked) on first use, with the
        garbage collector held back: its records and functions are all kept, and the
        collections they would set off cost more than the import (2.5x, measured)."""
        if self.module is None:
            held = gc.isenabled()
            gc.disable()
            try:
                self.module = importlib.import_module(f"{self.package.name}.{self.name}")
                self.package.linked(self.module)
            finally:
                if held:
                    gc.enable()
        return self.module


class Package:
    """The parts of one generated package and the code dicts their functions go to."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.codes: list[dict[Any, Any]] = []
        self.parts: list[Part] = []

    def link(self, code: dict[Any, Any]) -> None:
        """Add every loaded part's (and, later, every part's on load) functions to
        ``code`` (``{x: function, "trials": {statement id: function}}``)."""
        if all(c is not code for c in self.codes):
            self.codes.append(code)
            for part in self.parts:
                if part.module is not None:
                    _add_code(code, part.module)

    def linked(self, module: Any) -> None:
        for code in self.codes:
            _add_code(code, module)


def _add_code(code: dict[Any, Any], module: Any) -> None:
    for x, at in module.AT.items():
        module.CODE[x].rulesc_at = at
    code.update(module.CODE)
    trials = code.get("trials")
    if isinstance(trials, dict):
        trials.update(module.TRIALS)


def lazy_table(package: str, entries: list[Any]) -> LazyTable:
    """The table of ``entries`` (see the module docstring) of parts under ``package``
    (``"<generated package>.parts"``)."""
    pkg = Package(package)
    parts = [Part(pkg, name, firsts, plain, list(ids), mods)
             for name, firsts, plain, ids, mods in entries]
    pkg.parts.extend(parts)
    return LazyTable({rid: part for part in parts for rid in part.ids})


def link_code(rules: dict[str, Any], code: dict[Any, Any]) -> None:
    """Send the functions of ``rules``' lazy tables' parts to ``code`` as they load."""
    for table in (rules.get("records") or {}).values():
        if isinstance(table, LazyTable):
            for part in table.parts():
                part.package.link(code)


class LazyTable(dict):
    """``{id: record}`` whose records are read from their part on first use."""

    def __init__(self, where: dict[str, Part | None]) -> None:
        super().__init__()
        self._where = where
        """Every id, in table order, with its part (None: a record set here)."""
        self._set: set[Any] = set()
        """The ids of the records set here (a module's changes), not read from a part."""

    def __missing__(self, rid: Any) -> Any:
        part = self._where.get(rid)
        if part is None:
            raise KeyError(rid)
        self._fill(part)
        return dict.__getitem__(self, rid)

    def _fill(self, part: Part) -> None:
        """Add ``part``'s records that this table holds and has not set itself."""
        records = part.load().RECORDS
        where = self._where
        for rid in part.ids:
            if where.get(rid) is part and not dict.__contains__(self, rid):
                dict.__setitem__(self, rid, records[rid])

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

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __reduce__(self) -> Any:
        return dict, (list(self.items()),)

    def copy(self) -> LazyTable:
        return self.select(lambda rid, light: True)

    def parts(self) -> list[Part]:
        """The parts holding this table's records, in order."""
        return list({id(p): p for p in self._where.values() if p is not None}.values())

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

    def modified(self, name: str, test: Callable[[Any], bool]) -> set[Any]:
        """The ids of the records with a modifier of value ``name``: from the parts'
        lists, and for a record set here, ``test(record)``."""
        out = {rid for rid in self._set if test(dict.__getitem__(self, rid))}
        for part in self.parts():
            out.update(rid for rid in part.modifiers.get(name, ())
                       if rid not in self._set and self._where.get(rid) is part)
        return out

    def firsts(self) -> list[tuple[int, Any]]:
        """``(first statement id, record id)`` of this table's records of a part that
        hold a statement, without loading them (a record a module changed has the first
        id of the one it changed: its other nodes follow that one, or are the module's)."""
        return [(first, rid) for part in self.parts()
                for rid, first in zip(part.ids, part.firsts, strict=True)
                if first is not None and self._where.get(rid) is part]
