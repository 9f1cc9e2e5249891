"""Stage 4, resolve: build the symbol table and the intermediate representation (IR).

Entry point: ``resolve(docs, parsed)``. The IR is a dict of plain data:
``game``, ``flow``, ``board`` (single documents), one ``{id: record}`` dict per record kind
(``cards``, ``resources``...), and ``settings[kind]`` for file-level values (milestone
cost...). DSL text is replaced by its lowered form (see ``compiler.dsl.lower``); every
record gets ``"at": "path:line"``.
"""

from __future__ import annotations

import copy
from typing import Any

from compiler.diagnostics import Diagnostic, Span
from compiler.dsl.lower import lower
from compiler.load import Document
from compiler.resolve.symbols import RECORD_KINDS, Symbols

__all__ = ["Symbols", "resolve"]

SINGLE_KINDS = ("game", "flow", "board")
FILE_KEYS = ("kind", "records", "source")


def resolve(docs: list[Document], parsed: dict[tuple[str, tuple[Any, ...]], Any]
            ) -> tuple[dict[str, Any], Symbols, list[Diagnostic]]:
    """Declare every id and lower every document into one IR dict."""
    symbols = Symbols()
    diags: list[Diagnostic] = []
    ir: dict[str, Any] = {k: {} for k in RECORD_KINDS}
    ir["settings"] = {}
    for doc in docs:
        data = _lowered(doc, parsed)
        kind = doc.kind
        if kind in SINGLE_KINDS:
            diags.extend(_single(ir, symbols, doc, kind, data))
        elif kind in RECORD_KINDS:
            diags.extend(_records(ir, symbols, doc, kind, data))
    diags.extend(_declare_board(ir, symbols, docs))
    return ir, symbols, diags


def _lowered(doc: Document, parsed: dict[tuple[str, tuple[Any, ...]], Any]) -> Any:
    data = copy.deepcopy(doc.data)
    for (path, vpath), node in parsed.items():
        if path != doc.path or not vpath:
            continue
        target = data
        for key in vpath[:-1]:
            target = target[key]
        target[vpath[-1]] = lower(node, doc.path)
    return data


def _single(ir: dict[str, Any], symbols: Symbols, doc: Document, kind: str,
            data: dict[str, Any]) -> list[Diagnostic]:
    if kind in ir and ir[kind]:
        first = symbols.table.get("document", {}).get(kind, Span(doc.path))
        return [Diagnostic(doc.span(("kind",)), "R004", f"a second '{kind}' document "
                           f"(first in {first.path})", hint=f"a game has one {kind} file",
                           related=(first,))]
    symbols.declare("document", kind, doc.span(("kind",)))
    data["at"] = f"{doc.path}:1"
    ir[kind] = data
    return []


def _records(ir: dict[str, Any], symbols: Symbols, doc: Document, kind: str,
             data: dict[str, Any]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    settings = {k: v for k, v in data.items() if k not in FILE_KEYS}
    if settings:
        ir["settings"].setdefault(kind, {}).update(settings)
    default_source = data.get("source")
    for i, rec in enumerate(data.get("records") or []):
        if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
            continue
        span = doc.span(("records", i, "id"))
        rec.setdefault("source", default_source)
        rec["at"] = f"{doc.path}:{doc.span(('records', i)).line}"
        d = symbols.declare(RECORD_KINDS[kind], rec["id"], span, rec)
        if d:
            diags.append(d)
            continue
        ir[kind][rec["id"]] = rec
    return diags


def _declare_board(ir: dict[str, Any], symbols: Symbols, docs: list[Document]
                   ) -> list[Diagnostic]:
    board = ir.get("board") or {}
    doc = next((d for d in docs if d.kind == "board"), None)
    if not board or doc is None:
        return []
    diags: list[Diagnostic] = []
    for t in board.get("space_types") or []:
        if isinstance(t, str):
            symbols.declare("space_type", t, doc.span(("space_types",)))
    for i, space in enumerate(board.get("spaces") or []):
        if isinstance(space, dict) and isinstance(space.get("id"), str):
            space["at"] = f"{doc.path}:{doc.span(('spaces', i)).line}"
            d = symbols.declare("space", space["id"], doc.span(("spaces", i, "id")), space)
            if d:
                diags.append(d)
    return diags
