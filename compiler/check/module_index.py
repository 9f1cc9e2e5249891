"""The modules of a game, indexed for the combination checks (``selection``, ``combinations``).

``index_of(source)`` reads the module records from the game's documents (exact positions)
or from its IR (``generated/<game>`` ``RULES``: positions are the record's line).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Span
from compiler.load import Document

__all__ = ["SECTIONS", "USES", "Change", "Index", "Module", "UnknownModule", "index_of",
           "items", "number", "player_range", "show_range"]

PathT = tuple[str | int, ...]
Range = tuple[int, int | None]
SECTIONS = ("setup", "phases")
USES = {"replace": "replaces", "after": "adds a step after", "by": "puts in as a replacement",
        "add": "adds records to"}


class UnknownModule(ValueError):
    """A selection names a module the game does not declare (a usage error, no position)."""


@dataclass
class Module:
    """One module record and where its parts are written."""

    id: str
    rec: dict[str, Any]
    order: int
    at: Callable[[PathT], Span]
    key_at: Callable[[PathT], Span]

    def ids(self, key: str) -> list[tuple[int, str]]:
        """``(index, id)`` of each text entry of the list ``key`` (requires, conflicts...)."""
        value = self.rec.get(key)
        return [(j, v) for j, v in enumerate(value) if isinstance(v, str)] \
            if isinstance(value, list) else []


@dataclass(frozen=True)
class Change:
    """A module's change to a named thing: ``ns`` is setup, phases or record."""

    module: str
    op: str  # remove, replace, after (a step added after it), by (replacement), add (to a deck)
    ns: str
    key: str
    span: Span


@dataclass
class Index:
    """The modules of a game (in data order), its player range and positions."""

    modules: dict[str, Module] = field(default_factory=dict)
    players: Range = (1, None)
    players_span: Span | None = None

    @classmethod
    def from_docs(cls, docs: Iterable[Document]) -> Index:
        """The index of the game's documents: exact positions for every module field."""
        idx = cls()
        for doc in docs:
            if doc.kind == "game" and isinstance(doc.data.get("players"), dict):
                idx.players = player_range(doc.data["players"])
                idx.players_span = doc.key_span(("players",))
            if doc.kind != "modules":
                continue
            for i, rec in enumerate(items(doc.data, "records")):
                if isinstance(rec, dict) and isinstance(rec.get("id"), str) \
                        and rec["id"] not in idx.modules:
                    idx.modules[rec["id"]] = Module(
                        rec["id"], rec, len(idx.modules),
                        _inside(doc.span, ("records", i)), _inside(doc.key_span, ("records", i)))
        return idx

    @classmethod
    def from_ir(cls, ir: dict[str, Any]) -> Index:
        """The index of a generated engine's ``RULES``: positions are each record's line."""
        idx = cls()
        game = ir.get("game") or {}
        if isinstance(game.get("players"), dict):
            idx.players = player_range(game["players"])
            idx.players_span = _at_span(game.get("at"))
        for mid, rec in (ir.get("modules") or {}).items():
            if isinstance(rec, dict):
                where = _fixed(_at_span(rec.get("at")))
                idx.modules[mid] = Module(mid, rec, len(idx.modules), where, where)
        return idx

    def closure(self, mid: str) -> list[str]:
        """Every module ``mid`` requires, directly or not (known ones, data order)."""
        seen: set[str] = set()
        todo = [mid]
        while todo:
            for _j, req in self.modules[todo.pop()].ids("requires"):
                if req in self.modules and req not in seen and req != mid:
                    seen.add(req)
                    todo.append(req)
        return [m for m in self.modules if m in seen]

    def ordered(self, mids: Iterable[str]) -> list[str]:
        """``mids`` in the order the data lists the modules."""
        wanted = set(mids)
        return [m for m in self.modules if m in wanted]

    def conflicts(self, sel: Iterable[str]) -> list[tuple[str, int, str]]:
        """``(module, index, other)`` for each conflicts entry naming another chosen module."""
        chosen = set(sel)
        return [(m, j, c) for m in self.ordered(chosen) for j, c in self.modules[m].ids(
            "conflicts") if c in chosen and c != m]

    def player_limits(self, sel: Iterable[str]) -> tuple[Range | None, list[str]]:
        """The player range every module of ``sel`` and the game allow (None: none), and
        the modules with a range, in data order."""
        lo, hi = self.players
        limited = []
        for m in self.ordered(sel):
            players = self.modules[m].rec.get("players")
            if isinstance(players, dict):
                limited.append(m)
                mlo, mhi = player_range(players)
                lo = max(lo, mlo)
                hi = mhi if hi is None else hi if mhi is None else min(hi, mhi)
        return (None if hi is not None and lo > hi else (lo, hi)), limited


def items(data: Any, key: str) -> list[Any]:
    """``data[key]`` when ``data`` is a mapping and that is a list; else []."""
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, list) else []


def _inside(fn: Callable[[PathT], Span], base: PathT) -> Callable[[PathT], Span]:
    return lambda p: fn(base + tuple(p))


def _fixed(span: Span) -> Callable[[PathT], Span]:
    """The same span for every path (the IR keeps only a record's line)."""
    return lambda _path: span


def _at_span(at: Any) -> Span:
    """``"path:line"`` (the IR's ``at``) as a span."""
    if isinstance(at, str) and ":" in at:
        path, _, line = at.rpartition(":")
        if line.isdigit():
            return Span(path, int(line))
    return Span(str(at or "?"))


def number(value: Any) -> int | None:
    """A whole number from data (a provisional value's number), else None."""
    if isinstance(value, dict):
        value = value.get("provisional")
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return int(value)


def player_range(players: dict[str, Any]) -> Range:
    """``(min, max)`` of a ``players`` mapping; max None means no limit."""
    return (number(players.get("min")) or 1, number(players.get("max")))


def show_range(r: Range) -> str:
    """``2-4 players``, ``1 player``, ``5 or more players``."""
    lo, hi = r
    if hi is None:
        return f"{lo} or more players"
    return f"{lo} player{'s' if lo != 1 else ''}" if lo == hi else f"{lo}-{hi} players"


def index_of(source: Any) -> Index:
    """An Index of a list of documents, a compilation (its ``docs``) or an IR dict."""
    if isinstance(source, Index):
        return source
    if isinstance(source, dict):
        return Index.from_ir(source)
    docs = getattr(source, "docs", source)
    return Index.from_docs(d for d in docs if isinstance(d, Document))
