"""The core language: declarations, parsing, phrase matching, expansion -> IR.

Entry point: ``compile_core(docs) -> (ir, decls, diagnostics)`` for the documents of a
game (every game is written in the core language). The IR is plain JSON data that the
runtime (``compiler.runtime``) runs:

    {"core": 1, "game": {...}, "kinds": {K: {"fields", "reactions", "modifiers", "active"}},
     "state": {"game": {name: entry}, "player": {...}}, "events": {id: [fields]},
     "records": {K: {id: record}}, "flow": {...}, "definitions": {id: {"text", "at"}}}

Every statement node of the IR has a unique ``id`` (frames of a paused game name the
node they run) and ``at``, the ``path:line`` it came from.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic
from compiler.lang.copies import Copies
from compiler.lang.cycles import record_cycles, silent_events
from compiler.lang.declare import CORE_KINDS, Decls, declare
from compiler.lang.expand import check_definition
from compiler.lang.fields import record_scope, resolve_value
from compiler.lang.flow import resolve_flow, resolve_modules, resolve_state
from compiler.lang.scope import RC
from compiler.lang.texts import Notes
from compiler.lang.texts import table as texts_table
from compiler.lang.types import MODIFIER, REACTION
from compiler.load import Document

__all__ = ["CORE_KINDS", "compile_core"]


def compile_core(docs: list[Document], prompted: list[dict[str, Any]] | None = None
                 ) -> tuple[dict[str, Any], Decls, list[Diagnostic]]:
    """Declare, check every definition, resolve every text; return the IR.

    ``prompted``: a list to which the IR's ``choose`` nodes whose prompt has a text
    tree are added, in data order (what ``compiler.sheets.prompts.word_prompts`` would
    find by walking the IR again)."""
    decls, diags = declare(docs)
    rc = RC(decls, notes=Notes())
    for d in decls.definitions + decls.aside:
        check_definition(rc, d)
    ir: dict[str, Any] = {"core": 1, "game": _game(decls)}
    ir["kinds"] = _kinds(decls)
    ir["state"] = resolve_state(rc)
    ir["events"] = {e: sorted(f) for e, f in decls.events.items()}
    ir["records"], shared = _records(rc)
    rc.diags += record_cycles(decls, ir["records"])
    ir["flow"] = resolve_flow(rc)
    ir["records"]["modules"] = resolve_modules(rc)
    ir["definitions"] = {d.id: {"text": d.record.get("text") or {},
                                "phrase": d.record.get("phrase"),
                                "at": f"{d.doc.path}:{d.span.line}"}
                         for d in decls.definitions}
    number_nodes(ir, prompted, shared)
    rc.diags += silent_events(decls, ir)
    rc.diags = _once(rc.diags)
    ir["modules"] = ir["records"]["modules"]  # where tools look for the module table
    ir["texts"] = texts_table(rc.notes, decls, docs)  # for sheets and explain only
    ir["player_labels"] = sorted(rc.player_labels)  # option keys that hold a player
    ir["position_labels"] = sorted(rc.position_labels)  # option keys: a 0-based position
    return ir, decls, diags + rc.diags


def _once(diags: list[Diagnostic]) -> list[Diagnostic]:
    """One diagnostic per position and code (an error in a definition used through
    several others is found once per way in)."""
    seen: set[tuple[Any, str]] = set()
    out = []
    for d in diags:
        if (d.span, d.code) not in seen:
            seen.add((d.span, d.code))
            out.append(d)
    return out


def _game(decls: Decls) -> dict[str, Any]:
    doc = decls.singles.get("game")
    data = dict(doc.data) if doc is not None else {}
    data.pop("kind", None)
    return data


def _kinds(decls: Decls) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, k in decls.kinds.items():
        out[name] = {
            "reactions": [f for f, t in k.fields.items() if t == ("list", REACTION)],
            "modifiers": [f for f, t in k.fields.items() if t == ("list", MODIFIER)],
            "effects": [f for f, t in k.fields.items() if t == "effect"],
            "code": [f for f, t in k.fields.items() if _holds_code(t)],
            "spec": {"fields": dict(k.spec), "required": list(k.required)},
            "active": k.active,
        }
    return out


def _holds_code(t: Any) -> bool:
    """Whether a field of type ``t`` holds IR (texts of the language) anywhere inside."""
    if isinstance(t, str):
        return t in ("effect", "condition", "number", "value", "trigger")
    if t[0] == "obj":
        return any(_holds_code(ft) for _, ft in t[1])
    if t[0] == "id":
        return False
    return any(_holds_code(x) for x in t[1:])


def _records(rc: RC) -> tuple[dict[str, Any], set[int]]:
    """Every record kind's table (``_record``). Each record numbers its fresh local
    names from the same ``start`` (``RC.fresh``): a record's code runs in a scope of its
    own (``do``, a reaction), so its names need be unique only within it, and two copies
    of a card resolve to equal IR (their compiled functions are written once,
    ``compiler.codegen.dedupe``). The texts resolved after (flow, modules) number from
    past every record's names. A field written as one resolved before is that one's IR,
    copied (``compiler.lang.copies``); with the ids of the subtrees copies share."""
    out: dict[str, Any] = {}
    start = top = rc.fresh_count
    copies = Copies()
    for kind, records in rc.decls.records.items():
        if kind in ("definitions", "modules"):
            continue
        decl = rc.decls.kinds.get(kind)
        fields = decl.fields if decl else {"value": "int"}
        table: dict[str, Any] = {}
        for rid, rec in records.items():
            table[rid] = _record(rc, kind, rid, rec, fields, start, copies)
            top = max(top, rc.fresh_count)
        for twin in (r for r in rc.decls.twins if r.kind == kind):
            _record(rc, kind, twin.id, twin, fields, start, copies)  # its mistakes; dropped
            top = max(top, rc.fresh_count)
        out[kind] = table
    rc.modules, rc.this, rc.fresh_count = frozenset(), None, top
    return out, copies.shared()


def _record(rc: RC, kind: str, rid: str, rec: Any, fields: dict[str, Any],
            start: int, copies: Copies) -> dict[str, Any]:
    """A record's data with each field of a declared type resolved, its fresh names
    numbered from ``start`` (a field holding texts through ``copies``)."""
    scope = record_scope(kind)
    rc.fresh_count = start
    rc.modules = rc.on_with(rec.data.get("module"))
    rc.this = rid
    data: dict[str, Any] = {}
    for key, value in rec.data.items():
        t = fields.get(key)
        if t is None:
            data[key] = value
        elif _holds_code(t):
            data[key] = copies.resolve(rc, kind, rec, key, value, t, scope, resolve_value)
        else:
            data[key] = resolve_value(rc, rec.doc, rec.path + (key,), value, t, scope)
    data["at"] = f"{rec.doc.path}:{rec.span.line}"
    return data


def number_nodes(ir: Any, prompted: list[dict[str, Any]] | None = None,
                 shared: set[int] | frozenset[int] = frozenset()) -> int:
    """Number the IR's nodes, depth first in data order: every statement (a node with
    ``at``) gets ``id`` (frames name the node they run); every expression that is not
    part of a larger expression gets ``x`` (its compiled function). Returns the count
    of statements. With ``prompted``, also adds to it every ``choose`` node whose
    ``prompt`` holds a ``tree`` (see ``compile_core``). ``shared``: ids of subtrees
    with nothing to number (the copies' shared parts, ``copies``), not walked."""
    counts = [0, 0]
    _number(ir, False, counts, prompted, shared)
    return counts[0]


def _number(node: Any, in_expr: bool, counts: list[int],
            prompted: list[dict[str, Any]] | None, shared: set[int] | frozenset[int]) -> None:
    """``number_nodes`` below ``node``; only dicts and lists are visited (a call per
    scalar would be most of the calls), told apart by ``type`` (IR holds no subclass)."""
    if type(node) is dict:
        if "op" in node:
            if "at" in node:
                node["id"] = counts[0]
                counts[0] += 1
                in_expr = False
            else:
                if not in_expr:
                    node["x"] = counts[1]
                    counts[1] += 1
                in_expr = True
            if prompted is not None and node["op"] == "choose" and \
                    isinstance(node.get("prompt"), dict) and "tree" in node["prompt"]:
                prompted.append(node)
        values: Any = node.values()
    else:
        values = node
    for value in values:
        kind = type(value)
        if (kind is dict or kind is list) and id(value) not in shared:
            _number(value, in_expr, counts, prompted, shared)
