"""Semantic checks between modules: dependency cycles, contradictions, clashing changes.

Each diagnostic names both sides (``related``) so a conflict shows both files and lines.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic, Span, did_you_mean
from compiler.load import Document
from compiler.resolve.symbols import Symbols

Where = dict[str, Span]


def check_modules(docs: list[Document], sym: Symbols) -> list[Diagnostic]:
    """R015 removes/replaces a missing id, R020 dependency cycle, R021 requires what it
    conflicts with, R022 two compatible modules replace the same step or record."""
    mods: dict[str, dict[str, Any]] = {}
    spans: Where = {}
    for doc in docs:
        if doc.kind != "modules":
            continue
        for i, rec in enumerate(doc.data.get("records") or []):
            if isinstance(rec, dict) and isinstance(rec.get("id"), str):
                mods.setdefault(rec["id"], {"rec": rec, "doc": doc, "i": i})
                spans.setdefault(rec["id"], doc.span(("records", i, "id")))
    return _missing(mods, sym) + _cycles(mods, spans) + _contradictions(mods) + _clashes(mods)


def _missing(mods: dict[str, dict[str, Any]], sym: Symbols) -> list[Diagnostic]:
    """Every id a module removes or replaces (and each replacement) must be declared."""
    kinds = tuple(k for k in sym.table if k != "document")
    out = []
    for _mid, m in sorted(mods.items()):
        base = ("records", m["i"])
        for j, rid in enumerate(m["rec"].get("removes") or []):
            out.extend(_exists(sym, kinds, rid, m["doc"].span(base + ("removes", j)), "removes"))
        for j, rep in enumerate(m["rec"].get("replaces") or []):
            for key in ("id", "by"):
                if isinstance(rep, dict) and key in rep:
                    span = m["doc"].span(base + ("replaces", j, key))
                    out.extend(_exists(sym, kinds, rep[key], span, f"replaces ... {key}"))
    return out


def _exists(sym: Symbols, kinds: tuple[str, ...], ident: Any, span: Span, what: str
            ) -> list[Diagnostic]:
    if not isinstance(ident, str) or any(sym.has(k, ident) for k in kinds):
        return []
    hint = did_you_mean(ident, sym.names(*kinds)) or "declare the record first, or fix the id"
    return [Diagnostic(span, "R015", f"module {what} '{ident}', which no record declares",
                       hint=hint)]


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
    out = []
    for mid, m in sorted(mods.items()):
        conflicts = set(m["rec"].get("conflicts") or [])
        for i, req in enumerate(m["rec"].get("requires") or []):
            if req in conflicts:
                span = m["doc"].span(("records", m["i"], "requires", i))
                out.append(Diagnostic(span, "R021", f"module '{mid}' both requires and "
                                      f"conflicts with '{req}'",
                                      hint="keep only one of the two entries"))
    return out


def _replaced(m: dict[str, Any]) -> dict[tuple[str, str], Span]:
    """(section, id) -> span for every step or record the module replaces."""
    found: dict[tuple[str, str], Span] = {}
    for j, rep in enumerate(m["rec"].get("replaces") or []):
        if isinstance(rep, dict) and isinstance(rep.get("id"), str):
            found[("record", rep["id"])] = m["doc"].span(("records", m["i"], "replaces", j))
    for section in ("setup", "phases"):
        rec_section = (m["rec"].get(section) or {}).get("replace") or []
        for j, step in enumerate(rec_section):
            if isinstance(step, dict) and isinstance(step.get("id"), str):
                where = ("records", m["i"], section, "replace", j, "id")
                found[(section, step["id"])] = m["doc"].span(where)
    return found


def _compatible(a: dict[str, Any], b: dict[str, Any], ida: str, idb: str) -> bool:
    return idb not in (a["rec"].get("conflicts") or []) and \
        ida not in (b["rec"].get("conflicts") or [])


def _clashes(mods: dict[str, dict[str, Any]]) -> list[Diagnostic]:
    out = []
    ids = sorted(mods)
    for x, ida in enumerate(ids):
        for idb in ids[x + 1:]:
            a, b = mods[ida], mods[idb]
            if not _compatible(a, b, ida, idb):
                continue
            ra, rb = _replaced(a), _replaced(b)
            for key in sorted(set(ra) & set(rb)):
                out.append(Diagnostic(rb[key], "R022", f"modules '{ida}' and '{idb}' both "
                                      f"replace {key[0]} step '{key[1]}'",
                                      hint=f"declare 'conflicts: [{ida}]' on '{idb}', or "
                                      "change different steps", related=(ra[key],)))
    return out
