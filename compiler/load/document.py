"""The loaded form of one YAML file: plain data plus the position of every key and value."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Span

Path_ = tuple[str | int, ...]


@dataclass
class Document:
    """One rules-data file.

    ``data`` is plain JSON-like data (dict/list/str/int/float/bool/None).
    ``values`` maps a path into ``data`` (tuple of keys and list indexes) to the span of
    its value; ``keys`` maps a mapping entry's path to the span of its key.
    ``block`` marks paths whose value is a block scalar (``|`` or ``>``), and ``quoted``
    those whose value was quoted (DSL text inside starts one column later).
    ``dropped`` holds the ids of records the schema stage left out (they had errors).
    """

    path: str
    data: Any
    lines: list[str]
    values: dict[Path_, Span] = field(default_factory=dict)
    keys: dict[Path_, Span] = field(default_factory=dict)
    quoted: set[Path_] = field(default_factory=set)
    block: set[Path_] = field(default_factory=set)
    dropped: set[str] = field(default_factory=set)

    def span(self, path: Path_) -> Span:
        """The span of the value at ``path``, or of its nearest ancestor."""
        p = tuple(path)
        while p:
            if p in self.values:
                return self.values[p]
            p = p[:-1]
        return self.values.get((), Span(self.path, 1, 1))

    def key_span(self, path: Path_) -> Span:
        return self.keys.get(tuple(path)) or self.span(path)

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


def walk_data(data: Any, path: Path_) -> Iterator[tuple[Path_, Any]]:
    """``(path, value)`` for ``data`` and everything below it, depth first."""
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from walk_data(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from walk_data(v, path + (i,))
