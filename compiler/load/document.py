"""The loaded form of one YAML file: plain data plus the position of every key and value.

Positions are kept packed, one int a path (``pos``): a 10,000-card game has 170,000
paths, whose spans as ``Span`` objects in two dicts (``values``, ``keys``) of paths of
their own and a set (``quoted``) took 66 MB, and packed take 24 MB (``tracemalloc``).
``values``, ``keys``, ``quoted`` and ``block`` read them as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Span

Path_ = tuple[str | int, ...]

QUOTED, BLOCK = 1, 2
"""``pos`` flags: the value was quoted, or is a block scalar."""
_PLACE = 1 << 24
"""A place packs as ``line * _PLACE + col`` (a file has at most 5 MB: both fit)."""
_VALUE, _KEY = 2, 50
"""Bit offsets of a path's value place and key place in its ``pos`` entry."""
_MASK = (1 << 48) - 1


def packed(line: int, col: int, key: int = 0, flags: int = 0) -> int:
    """A ``pos`` entry: the value at ``line``:``col`` (1-based), the key's place ``key``
    (``place(line, col)``; 0: no key) and ``flags``."""
    return (line * _PLACE + col) << _VALUE | key << _KEY | flags


def place(line: int, col: int) -> int:
    """A key's place, for ``packed``."""
    return line * _PLACE + col


@dataclass
class Document:
    """One rules-data file.

    ``data`` is plain JSON-like data (dict/list/str/int/float/bool/None).
    ``pos`` maps a path into ``data`` (tuple of keys and list indexes) to its packed
    positions (``packed``), read as: ``values``, the span of its value; ``keys``, a
    mapping entry's key span; ``block``, the paths whose value is a block scalar (``|``
    or ``>``), and ``quoted`` those whose value was quoted (DSL text inside starts one
    column later).
    ``dropped`` holds the ids of records the schema stage left out (they had errors).
    """

    path: str
    data: Any
    lines: list[str]
    pos: dict[Path_, int] = field(default_factory=dict, repr=False)
    dropped: set[str] = field(default_factory=set)

    @property
    def values(self) -> Mapping[Path_, Span]:
        return _Spans(self, _VALUE)

    @property
    def keys(self) -> Mapping[Path_, Span]:
        return _Spans(self, _KEY)

    @property
    def quoted(self) -> _Flagged:
        return _Flagged(self.pos, QUOTED)

    @property
    def block(self) -> _Flagged:
        return _Flagged(self.pos, BLOCK)

    def span(self, path: Path_) -> Span:
        """The span of the value at ``path``, or of its nearest ancestor."""
        p, pos = tuple(path), self.pos
        while p:
            entry = pos.get(p)
            if entry is not None:
                return _span(self.path, entry >> _VALUE & _MASK)
            p = p[:-1]
        entry = pos.get(())
        return Span(self.path, 1, 1) if entry is None else _span(self.path, entry >> _VALUE & _MASK)

    def key_span(self, path: Path_) -> Span:
        key = self.pos.get(tuple(path), 0) >> _KEY
        return _span(self.path, key) if key else self.span(path)

    def walk(self) -> Iterator[tuple[Path_, Any]]:
        """Every ``(path, value)`` of the data, the document itself first, depth first."""
        return walk_data(self.data, ())

    def line_text(self, line: int) -> str | None:
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1]
        return None

    @property
    def kind(self) -> str | None:
        if isinstance(self.data, dict):
            k = self.data.get("kind")
            return k if isinstance(k, str) else None
        return None


def _span(path: str, at: int) -> Span:
    return Span(path, at // _PLACE, at % _PLACE)


class _Spans(Mapping[Path_, Span]):
    """A document's value spans (``_VALUE``) or key spans (``_KEY``), read from ``pos``."""

    def __init__(self, doc: Document, shift: int) -> None:
        self.doc, self.shift = doc, shift

    def __getitem__(self, path: Path_) -> Span:
        at = self.doc.pos[path] >> self.shift & _MASK
        if not at:
            raise KeyError(path)
        return _span(self.doc.path, at)

    def __iter__(self) -> Iterator[Path_]:
        return (p for p, e in self.doc.pos.items() if e >> self.shift & _MASK)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _Flagged:
    """The paths whose ``pos`` entry has ``flag`` (``path in doc.quoted``)."""

    def __init__(self, pos: dict[Path_, int], flag: int) -> None:
        self.pos, self.flag = pos, flag

    def __contains__(self, path: object) -> bool:
        return bool(self.pos.get(path, 0) & self.flag)  # type: ignore[call-overload]


def walk_data(data: Any, path: Path_) -> Iterator[tuple[Path_, Any]]:
    """``(path, value)`` for ``data`` and everything below it, depth first (with a stack
    of its own: nested generators passed each value up through every level above it)."""
    todo: list[tuple[Path_, Any]] = [(path, data)]
    while todo:
        here, value = todo.pop()
        yield here, value
        if isinstance(value, dict):
            todo += reversed([(here + (k,), v) for k, v in value.items()])
        elif isinstance(value, list):
            todo += reversed([(here + (i,), v) for i, v in enumerate(value)])
