"""Copies of a record resolved once: a field met again is the IR kept, copied.

Entry point: ``Copies().resolve(rc, kind, rec, key, value, t, scope)`` -> what
``fields.resolve_value`` gives for field ``key`` of record ``rec``, in ``_records``'
context (its fresh names from the same start). A synthetic game of 100,000 cards is a
few hundred cards copied under new ids: resolving each copy's texts again was most of
the compile stage, and holding each copy's IR whole most of its memory.

A field is resolved again, not reused, unless all of these hold for the first one
resolved: it gave no diagnostic (a copy reports its own mistakes); the checks of the
definitions it uses (``checks._static``) read no record id but fields of ``this``
record, and the copy's fields read are equal; it is written the same way (value,
type, modules on, the fresh-name count it starts at, and the layout of its texts'
lines, ``_layout``: a statement's ``at`` names a line of the text, moved by as many
lines as the copy is). A hit replays what resolving does besides the IR: the fresh-name
count after it, ``rc.path`` and the text trees kept for the sheets (``Notes.trees``, at
the copy's path; the trees are read-only and shared).

The copy (``_copy``) is new objects for every node that ``number_nodes`` will number
(statements: ``at``; expression roots) and every container above one; a subtree with
no such node is the first one's object itself (the IR is read-only once numbered),
so copies cost little memory: a 10,000-card game's compile stage peaked at 656 MB with
each copy resolved, 280 MB so (``compiler.codegen.share``, which did the same after the
whole IR was built, is gone: it saved 7 MB more at 10,000 cards for 2 s of CPU).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import Any

from compiler.lang.checks import this_field
from compiler.lang.parse import _block_segments, _flow_segments
from compiler.lang.scope import RC, Scope

__all__ = ["Copies"]


@dataclass
class _Kept:
    """A field resolved: its IR (``ir``, the first record's own), the ids of its
    subtrees a copy shares (``clean``), the fresh-name count after it, the fields of
    ``this`` its checks read (``(kind, field, default, value)``), its text trees by
    path below the field, and where it was (document path, line)."""

    ir: Any
    clean: set[int]
    after: int
    reads: list[tuple[str, str, Any, Any]]
    trees: list[tuple[tuple[Any, ...], Any]]
    doc: str
    line: int


class Copies:
    """The fields resolved so far in one ``_records`` run, by how they are written."""

    def __init__(self) -> None:
        self.kept: dict[tuple[Any, ...], _Kept | None] = {}

    def shared(self) -> set[int]:
        """The ids of the subtrees copies share: nothing in them is numbered (nor walked
        by ``number_nodes``)."""
        out: set[int] = set()
        for kept in self.kept.values():
            if kept is not None:
                out |= kept.clean
        return out

    def resolve(self, rc: RC, kind: str, rec: Any, key: str, value: Any, t: Any,
                scope: Scope, resolve: Callable[..., Any]) -> Any:
        """``resolve(rc, rec.doc, path, value, t, scope)`` or the copy of a kept one."""
        doc, path = rec.doc, rec.path + (key,)
        line = doc.span(path).line
        sign = (kind, key, repr(value), repr(t), rc.modules, rc.fresh_count,
                _layout(doc, path, value, line))
        kept = self.kept.get(sign)
        if kept is not None and all(this_field(rc, k, f, d) == v for k, f, d, v in kept.reads):
            return self._reuse(rc, kept, doc.path, path, line)
        diags = len(rc.diags)
        trees = len(rc.notes.trees) if rc.notes is not None else 0
        rc.this_reads = []
        try:
            ir = resolve(rc, doc, path, value, t, scope)
            reads = rc.this_reads
        finally:
            rc.this_reads = None
        if sign in self.kept:  # a copy whose checks read other values: its own
            return ir
        if len(rc.diags) > diags or None in reads:
            self.kept[sign] = None  # resolved each time (a copy may differ)
            return ir
        clean: set[int] = set()
        _clean(ir, False, clean)
        self.kept[sign] = _Kept(ir, clean, rc.fresh_count, reads,
                                _new_trees(rc, trees, doc.path, path), doc.path, line)
        return ir

    @staticmethod
    def _reuse(rc: RC, kept: _Kept, doc: str, path: tuple[Any, ...], line: int) -> Any:
        rc.path, rc.fresh_count = doc, kept.after
        if rc.notes is not None:
            for sub, tree in kept.trees:
                rc.notes.trees[(doc, path + sub)] = tree
        old, shift = kept.doc + ":", line - kept.line
        made: dict[str, str] = {}  # one string a line (most of a copy's nodes name one)

        def moved(at: str) -> str:
            if not at.startswith(old):
                return at
            new = made.get(at)
            if new is None:
                new = made[at] = f"{doc}:{int(at[len(old):]) + shift}"
            return new

        return _copy(kept.ir, False, kept.clean, moved)


def _new_trees(rc: RC, since: int, doc: str, path: tuple[Any, ...]
               ) -> list[tuple[tuple[Any, ...], Any]]:
    """The text trees kept after the first ``since``, by their path below ``path``."""
    if rc.notes is None:
        return []
    trees = rc.notes.trees
    added = list(islice(reversed(trees.items()), len(trees) - since))[::-1]
    return [(p[len(path):], tree) for (d, p), tree in added
            if d == doc and p[:len(path)] == path]


def _layout(doc: Any, path: tuple[Any, ...], value: Any, line: int) -> tuple[Any, ...]:
    """Where the texts in ``value`` sit, by lines from ``line``: each text's
    (offset, line) segments as ``parse.text_positions`` cuts them."""
    out: list[Any] = []
    todo = [(path, value)]
    while todo:
        p, v = todo.pop()
        if isinstance(v, str):
            span = doc.span(p)
            segs = _block_segments(doc, span) if p in doc.block else \
                _flow_segments(doc, span.line, span.col + (p in doc.quoted), v)
            out.append((p[len(path):], tuple((o, ln - line) for o, ln, _ in segs)))
        elif isinstance(v, dict):
            todo += [(p + (k,), x) for k, x in v.items()]
        elif isinstance(v, list):
            todo += [(p + (i,), x) for i, x in enumerate(v)]
    return tuple(out)


def _clean(node: Any, in_expr: bool, out: set[int]) -> bool:
    """Whether ``node`` (inside an expression: ``in_expr``) holds nothing
    ``number_nodes`` numbers and no ``at``; the ids of such containers go to ``out``.
    Every container below is looked at (its own id may go to ``out``); a scalar is
    clean and not called for (most of the IR's values are scalars)."""
    items: Any
    if type(node) is list:
        ok, items = True, node
    elif type(node) is dict:
        if "op" in node:
            ok, in_expr = "at" not in node and in_expr, "at" not in node
        else:
            ok = "at" not in node
        items = node.values()
    else:
        return True
    for v in items:
        t = type(v)
        if (t is dict or t is list) and not _clean(v, in_expr, out):
            ok = False
    if ok:
        out.add(id(node))
    return ok


def _copy(node: Any, in_expr: bool, clean: set[int], moved: Callable[[str], str]) -> Any:
    """``node`` with new containers down to every node ``number_nodes`` numbers, its
    ``at`` ``moved``; a ``clean`` subtree is ``node``'s own."""
    if (type(node) is not dict and type(node) is not list) or id(node) in clean:
        return node
    if not isinstance(node, dict):
        return [_copy(v, in_expr, clean, moved) if type(v) is dict or type(v) is list else v
                for v in node]
    if "op" in node:
        in_expr = "at" not in node
    out = {}
    for k, v in node.items():
        t = type(v)
        if t is dict or t is list:
            v = _copy(v, in_expr, clean, moved)
        elif k == "at" and t is str:
            v = moved(v)
        out[k] = v
    return out
