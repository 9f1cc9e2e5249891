"""Semantic checks of a game in the core language, beyond what resolution reports.

Entry point: ``check_core(docs, ir)``: provisional values (W001) and placeholder
content (W010) anywhere in the data, module dependency cycles (R020) and modules that
require what they conflict with (R021), required documents (R016), and adjacency
that is not mutual (R012) on any kind whose records list ``next_to``.
"""

from __future__ import annotations

from typing import Any

from compiler.check.modules import _contradictions, _cycles
from compiler.diagnostics import Diagnostic, Severity, Span, did_you_mean
from compiler.load import Document

__all__ = ["check_core"]

REQUIRED = ("game", "flow", "state")


def check_core(docs: list[Document], ir: dict[str, Any]) -> list[Diagnostic]:
    """Every diagnostic of the checks above (order does not matter)."""
    out: list[Diagnostic] = []
    for doc in docs:
        out += _marked(doc)
        out += _adjacency(doc)
    out += _modules(docs)
    out += _sources(docs)
    kinds = {d.kind for d in docs}
    first = docs[0].path if docs else "rules"
    out += [Diagnostic(Span(first), "R016", f"the game has no '{k}' document",
                       hint=f"add a {k}.yaml with 'kind: {k}'") for k in REQUIRED
            if k not in kinds]
    return out


SOURCE_FREE = ("game", "kinds", "state", "events", "definitions", "constants")


def _sources(docs: list[Document]) -> list[Diagnostic]:
    """R017 a source naming a document game.yaml does not list; W003 a record of the
    rules (a card, a step, a module...) that cites no rulebook section."""
    game = next((d for d in docs if d.kind == "game"), None)
    known = set((game.data.get("sources") or {}) if game else {})
    out: list[Diagnostic] = []
    for doc in docs:
        for path, v in doc.walk():
            if path and path[-1] == "source" and isinstance(v, dict) and \
                    v.get("doc") not in known and known:
                out.append(Diagnostic(doc.span(path + ("doc",)), "R017",
                                      f"source '{v.get('doc')}' is not a document of "
                                      "game.yaml's sources",
                                      hint=did_you_mean(str(v.get("doc")), sorted(known))
                                      or "add it to sources in game.yaml"))
        if doc.kind in SOURCE_FREE or not isinstance(doc.data, dict):
            continue
        out += _unsourced(doc)
    return out


def _unsourced(doc: Document) -> list[Diagnostic]:
    if doc.data.get("source"):
        return []
    out = []
    for i, rec in enumerate(doc.data.get("records") or []):
        if isinstance(rec, dict) and not rec.get("source"):
            out.append(Diagnostic(doc.span(("records", i, "id")), "W003",
                                  f"'{rec.get('id')}' cites no rulebook section",
                                  Severity.WARNING, hint="add source: {doc: ..., section: "
                                  "...} (or one for the whole file)"))
    return out


def _marked(doc: Document) -> list[Diagnostic]:
    out = []
    for path, v in doc.walk():
        if isinstance(v, dict) and "provisional" in v:
            out.append(Diagnostic(doc.span(path), "W001", f"provisional value "
                                  f"{v['provisional']!r}: {v.get('reason', 'no reason')}",
                                  Severity.WARNING,
                                  hint="replace it with the rulebook's number when known"))
        elif isinstance(v, dict) and isinstance(v.get("placeholder"), str) and path:
            out.append(Diagnostic(doc.span(path), "W010", f"placeholder content: "
                                  f"{v['placeholder']}", Severity.WARNING,
                                  hint="replace it with the rulebook's text when known"))
    return out


def _adjacency(doc: Document) -> list[Diagnostic]:
    recs = [r for r in doc.data.get("records") or [] if isinstance(r, dict)] \
        if isinstance(doc.data, dict) else []
    nbrs = {r.get("id"): set(r.get("next_to") or []) for r in recs if "next_to" in r}
    out = []
    for i, r in enumerate(recs):
        for j, other in enumerate(r.get("next_to") or []):
            if other in nbrs and r.get("id") not in nbrs[other]:
                out.append(Diagnostic(doc.span(("records", i, "next_to", j)), "R012",
                                      f"{r.get('id')} lists {other} as a neighbour, but "
                                      f"{other} does not list {r.get('id')}",
                                      hint=f"add {r.get('id')} to {other}'s next_to"))
    return out


def _modules(docs: list[Document]) -> list[Diagnostic]:
    mods: dict[str, dict[str, Any]] = {}
    spans: dict[str, Span] = {}
    for doc in docs:
        if doc.kind != "modules":
            continue
        for i, rec in enumerate(doc.data.get("records") or []):
            if isinstance(rec, dict) and isinstance(rec.get("id"), str):
                mods.setdefault(rec["id"], {"rec": rec, "doc": doc, "i": i})
                spans.setdefault(rec["id"], doc.span(("records", i, "id")))
    return _cycles(mods, spans) + _contradictions(mods)
