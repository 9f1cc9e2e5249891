"""The resolver's context: declarations, scopes of names, fresh names and failures.

A ``Scope`` maps the names visible at one point of a text to a ``Binding``: the IR that
reads the name and its type. Record texts see ``you`` (the acting player) and ``this``
(the record); reactions also see ``event``. A definition's body sees its parameters
and the dynamic ``you``, ``this`` and ``event`` of wherever it is used (the game's
words act for whoever is acting).

Resolution stops at the first problem of a statement by raising ``Fail``; the caller
turns it into a diagnostic and goes on with the next statement or field, so one run
reports every broken text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from marshal import dumps as _dumps
from marshal import loads as _loads
from typing import Any

from compiler.diagnostics import Diagnostic, Span
from compiler.lang.declare import Decls
from compiler.lang.memo import Entry, Frame
from compiler.lang.syntax import Syn
from compiler.lang.types import Type

__all__ = ["RC", "Binding", "Fail", "Scope", "clone"]

IR = dict[str, Any]
DYNAMIC = ("you", "this", "event", "it")


class Fail(Exception):
    """A resolution problem: ``diag`` says where and what."""

    def __init__(self, diag: Diagnostic) -> None:
        super().__init__(diag.message)
        self.diag = diag
        self.kind: str | None = None
        """An unknown name's wanted kind (R001): its hint names that kind's ids first
        (``names.TEXT``: a text is wanted, the hint says to quote it)."""


@dataclass
class Binding:
    """What a name stands for: ``ir`` reads it, ``type`` is its type. ``code`` marks a
    by-name effect argument (its ``ir`` is a statement)."""

    ir: IR
    type: Type
    code: bool = False

    def read(self) -> IR:
        """A fresh copy of ``ir`` (every use of a name gets its own nodes: they are
        numbered one by one later)."""
        return clone(self.ir)


def clone(value: Any) -> Any:
    """A deep copy of IR data (dicts, lists, tuples of scalars), several times faster
    than ``copy.deepcopy``: IR is a tree, so no memo of shared parts is needed.

    Done by ``marshal`` (in C) at version 2, which writes no references, so no part of
    the copy is shared; it keeps dict order, tuples and bools. Data it cannot write (a
    subclass of a built-in type, which it would not give back as it was) goes through
    ``_clone``, which keeps such values as they are."""
    try:
        return _loads(_dumps(value, 2))
    except ValueError:
        return _clone(value)


def _clone(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {k: _clone(v) for k, v in value.items()}
    if kind is list:
        return [_clone(v) for v in value]
    if kind is tuple:
        return tuple(_clone(v) for v in value)
    return value


class Scope:
    """Names visible in a text: a chain of frames, innermost first."""

    def __init__(self, names: dict[str, Binding] | None = None,
                 parent: Scope | None = None) -> None:
        self.names = dict(names or {})
        self.parent = parent
        self.reads: Callable[[str], None] | None = None
        """Told each name found in this frame of names (``compiler.lang.expand``: an
        expansion that reads ``you``, ``this`` or ``event`` depends on their types)."""

    def lookup(self, name: str) -> Binding | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                if scope.reads is not None:
                    scope.reads(name)
                return scope.names[name]
            scope = scope.parent
        return None

    def peek(self, name: str) -> Binding | None:
        """``lookup`` without telling ``reads``."""
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def child(self, **names: Binding) -> Scope:
        return Scope(names, self)

    def bind(self, name: str, binding: Binding) -> None:
        self.names[name] = binding

    def visible(self) -> list[str]:
        out: list[str] = []
        scope: Scope | None = self
        while scope is not None:
            out += [n for n in scope.names if "~" not in n]
            scope = scope.parent
        return out


def var(name: str, t: Type) -> Binding:
    return Binding({"op": "var", "n": name}, t)


@dataclass
class RC:
    """Resolver context for one game."""

    decls: Decls
    path: str = ""
    notes: Any = None
    """``compiler.lang.texts.Notes`` while compiling a game's texts (sheets read them)."""
    fresh_count: int = 0
    calls: list[tuple[str, Span]] = field(default_factory=list)
    bodies: dict[str, Syn | None] = field(default_factory=dict)
    diags: list[Diagnostic] = field(default_factory=list)
    this: str | None = None
    """The record whose text is being resolved (its id), when there is one."""
    this_reads: list[Any] | None = None
    """While a record's field is resolved (``compiler.lang.copies``): what the checks
    read of ``this`` (``(kind, field, default, value)``; None: its id itself)."""
    modules: frozenset[str] = frozenset()
    """Modules surely on where the text being resolved applies (its record's module and
    what that module requires); None-module records may name only base records."""
    loops: int = 0
    """Loops (and decisions' options) around the statement being resolved, in its text or
    around the use of the definition it is in: ``stop`` outside them is R045."""
    quiet: int = 0
    """Above 0 while phrases are tried: failures are expected, hints not worked out."""
    bad: set[str] = field(default_factory=set)
    """Definitions whose body has an error (reported once, at the definition)."""
    deep: set[str] = field(default_factory=set)
    """Definitions that nest too deep (D006, ``compiler.lang.bounds``)."""
    grown: int = 0
    """Statements the uses in the text being resolved expanded to (D005)."""
    over: Fail | None = None
    """The text's D005, once it is over its size."""
    made: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    """The IR of each use expanded in the text being resolved, by ``id()``, with its
    ``compiler.lang.bounds.measure`` (the IR is held, so no ``id()`` is reused)."""
    phrase_index: dict[bool, tuple[list[tuple[Any, frozenset[str], int]],
                                   dict[str, list[int]]]] = field(default_factory=dict)
    """Definitions by form, filed by word (``compiler.lang.phrases._candidates``)."""
    candidates: dict[tuple[bool, frozenset[str], int], list[Any]] = \
        field(default_factory=dict)
    """The candidates of a phrase by (form, words, item count) (``phrases._candidates``)."""
    said: dict[int, frozenset[str]] = field(default_factory=dict)
    """The holes each definition's texts say, by its ``id()`` (``expand._said_holes``)."""
    kinds_of: dict[str, list[str]] = field(default_factory=dict)
    """``decls.kind_of`` by id (``kind_of``)."""
    exposed: list[tuple[str, Any]] | None = None
    """The state entries declared ``expose: true``, with their scope, in declaration
    order (``compiler.lang.names._exposed``)."""
    texts: list[Any] = field(default_factory=list)
    """The uses being expanded, innermost last (a decision's prompt): each a dict of
    ``expand._use``, or the function that gives it (``expand._pending``)."""
    player_labels: set[str] = field(default_factory=set)
    position_labels: set[str] = field(default_factory=set)
    """Option keys that hold a position counted from 0 (shown from 1 in text)."""
    """Option label keys that hold a player (shown numbered from 1 to people)."""
    frames: list[Frame] = field(default_factory=list)
    """The uses being expanded, innermost last (one per entry of ``calls``;
    ``compiler.lang.memo``)."""
    memo: dict[bytes, Entry | frozenset[str]] = field(default_factory=dict)
    """Expansions kept by their inputs (``compiler.lang.memo``)."""

    def on_with(self, module: str | None) -> frozenset[str]:
        """``module`` and every module it requires, transitively (empty for the base)."""
        out: set[str] = set()
        todo = [module] if module else []
        table = self.decls.records.get("modules", {})
        while todo:
            mid = todo.pop()
            if mid in out:
                continue
            out.add(mid)
            rec = table.get(mid)
            todo += list(rec.data.get("requires") or []) if rec else []
        return frozenset(out)

    def depends(self, aspect: str) -> None:
        """Every expansion being resolved depends on ``aspect`` of where it is used
        (``compiler.lang.memo.Frame.aspects``)."""
        for frame in self.frames:
            frame.aspects.add(aspect)

    def kind_of(self, ident: str) -> list[str]:
        """``decls.kind_of(ident)``, kept: the records are all declared before any text
        is resolved, and do not change after."""
        kinds = self.kinds_of.get(ident)
        if kinds is None:
            kinds = self.kinds_of[ident] = self.decls.kind_of(ident)
        return kinds

    def fresh(self, name: str) -> str:
        """A name nothing else binds, numbered in the run (``compiler.lang.memo``); a
        record's names restart at the same number (``compiler.lang._records``)."""
        self.fresh_count += 1
        return f"{name}~{self.fresh_count}"

    def span(self, syn: Syn) -> Span:
        return Span(self.path, syn.line, syn.col)

    def fail(self, syn: Syn, code: str, message: str, hint: str = "",
             related: tuple[Span, ...] = ()) -> Fail:
        """A ``Fail`` at ``syn``; inside a definition, the call sites are related."""
        sites = tuple(span for _, span in self.calls)
        return Fail(Diagnostic(self.span(syn), code, message, hint=hint,
                               related=related + sites))
