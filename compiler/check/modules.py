"""Semantic checks between modules: dependency cycles and contradictions.

Each diagnostic names both sides (``related``) so a conflict shows both files and lines.
Combinations of modules (a selection, each module alone, every allowed pair) are in
``compiler.check.combinations``; printed component counts in ``compiler.check.components``.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic, Span, did_you_mean
from compiler.load import Document

Where = dict[str, Span]


def cycles_and_contradictions(docs: list[Document]) -> list[Diagnostic]:
    """R001 unknown modules named, R020 dependency cycles and R021 modules that require
    what they conflict with."""
    mods: dict[str, dict[str, Any]] = {}
    spans: Where = {}
    for doc in docs:
        if doc.kind != "modules":
            continue
        for i, rec in enumerate(doc.data.get("records") or []):
            if isinstance(rec, dict) and isinstance(rec.get("id"), str):
                mods.setdefault(rec["id"], {"rec": rec, "doc": doc, "i": i})
                spans.setdefault(rec["id"], doc.span(("records", i, "id")))
    return _unknown(mods) + _cycles(mods, spans) + _contradictions(mods)


def _unknown(mods: dict[str, dict[str, Any]]) -> list[Diagnostic]:
    """R001 for a module named in ``requires`` or ``conflicts`` that no record declares."""
    out = []
    for mid, m in sorted(mods.items()):
        for key in ("requires", "conflicts"):
            names = m["rec"].get(key)
            for i, other in enumerate(names if isinstance(names, list) else []):
                if isinstance(other, str) and other not in mods:
                    span = m["doc"].span(("records", m["i"], key, i))
                    out.append(Diagnostic(span, "R001", f"module '{mid}' {key[:-1]}s "
                                          f"'{other}', which no module declares",
                                          hint=did_you_mean(other, sorted(mods)) or
                                          "name a module of modules.yaml"))
    return out


def _requires(mods: dict[str, dict[str, Any]], mid: str) -> list[str]:
    reqs = mods[mid]["rec"].get("requires") or []
    return [r for r in reqs if isinstance(r, str) and r in mods]


def _cycles(mods: dict[str, dict[str, Any]], spans: Where) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    reported: set[frozenset[str]] = set()
    for start in sorted(mods):
        path = _find_cycle(mods, start)
        if path and frozenset(path) not in reported:
            reported.add(frozenset(path))
            chain = " -> ".join(path + [path[0]])
            out.append(Diagnostic(spans[path[0]], "R020", f"module dependency cycle: {chain}",
                                  hint="remove one of the 'requires' entries in the cycle",
                                  related=tuple(spans[m] for m in path[1:])))
    return out


def _find_cycle(mods: dict[str, dict[str, Any]], start: str) -> list[str]:
    """The cycle through ``start`` along ``requires`` (iterative DFS), or []."""
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    seen: set[str] = set()
    while stack:
        node, path = stack.pop()
        for nxt in _requires(mods, node):
            if nxt == start:
                return path
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, path + [nxt]))
    return []


def _contradictions(mods: dict[str, dict[str, Any]]) -> list[Diagnostic]:
    """R021 for a module that requires what it conflicts with, R027 for one that
    conflicts with itself."""
    out = []
    for mid, m in sorted(mods.items()):
        conflicts = set(m["rec"].get("conflicts") or [])
        for i, other in enumerate(m["rec"].get("conflicts") or []):
            if other == mid:
                span = m["doc"].span(("records", m["i"], "conflicts", i))
                out.append(Diagnostic(span, "R027", f"module '{mid}' conflicts with itself: "
                                      "no selection could ever hold it",
                                      hint=f"remove '{mid}' from its own 'conflicts'"))
        for i, req in enumerate(m["rec"].get("requires") or []):
            if req in conflicts:
                span = m["doc"].span(("records", m["i"], "requires", i))
                out.append(Diagnostic(span, "R021", f"module '{mid}' both requires and "
                                      f"conflicts with '{req}'",
                                      hint="keep only one of the two entries"))
    return out
