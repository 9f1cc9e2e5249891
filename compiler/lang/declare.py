"""What a game declares: its record kinds, state, events, definitions and records.

Entry point: ``declare(docs) -> (Decls, diagnostics)``. Core document kinds (their
shape is checked by ``schemas/``): ``game``, ``flow``, ``modules``, ``kinds``, ``state``,
``events``, ``definitions``, ``constants``. Any other ``kind:`` must be a record kind the
game declares in ``kinds.yaml``; its records are checked against the declared fields.

Codes: R001 unknown name, R002 id declared twice, R030 bad type notation, R031 bad phrase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Diagnostic, Span, did_you_mean
from compiler.lang.phrase_shape import ENDS_A_PHRASE, HOLE, STARTS_A_FORM, Hole, phrase_parts
from compiler.lang.types import Type, bounds_problem, field_spec, parse_type
from compiler.load import Document

__all__ = ["CORE_KINDS", "Decls", "Definition", "Entry", "Hole", "KindDecl", "Record",
           "declare"]

CORE_KINDS = ("game", "flow", "modules", "kinds", "state", "events", "definitions",
              "constants")
RECORD_FIELDS = ("id", "name", "name_one", "gender", "symbol_first", "source", "module",
                 "players", "note", "placeholder")
"""Fields every record may have besides the ones its kind declares."""


@dataclass
class KindDecl:
    """A record kind: ``fields`` {name: type}; ``required`` field names."""

    name: str
    fields: dict[str, Type]
    required: tuple[str, ...]
    span: Span
    active: bool = False
    spec: dict[str, Any] = field(default_factory=dict)
    """The fields as written (the type notation), for the kind's JSON Schema."""
    bounds: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The ``min``/``max`` of the int fields that declare them (``{type: int, min: 0}``)."""


@dataclass
class Entry:
    """A state entry of ``scope`` ``game`` or ``player`` (``state.yaml``)."""

    scope: str
    name: str
    type: Type
    span: Span
    spec: dict[str, Any]
    path: tuple[Any, ...]
    doc: Document


@dataclass
class Definition:
    """A word of the game: ``phrase`` parts are literal words and ``Hole``s."""

    id: str
    parts: tuple[str | Hole, ...]
    params: dict[str, Type]
    form: str  # effect | value
    body_path: tuple[Any, ...]
    doc: Document
    index: int
    record: dict[str, Any]

    @property
    def span(self) -> Span:
        return self.doc.span(("records", self.index, "id"))


@dataclass
class Record:
    kind: str
    id: str
    data: dict[str, Any]
    doc: Document
    path: tuple[Any, ...]

    @property
    def span(self) -> Span:
        return self.doc.span(self.path + ("id",))


@dataclass
class Decls:
    """Everything a game declares, by kind."""

    kinds: dict[str, KindDecl] = field(default_factory=dict)
    state: dict[str, dict[str, Entry]] = field(default_factory=lambda: {"game": {},
                                                                        "player": {}})
    events: dict[str, dict[str, Type]] = field(default_factory=dict)
    event_spans: dict[str, Span] = field(default_factory=dict)
    definitions: list[Definition] = field(default_factory=list)
    records: dict[str, dict[str, Record]] = field(default_factory=dict)
    constants: dict[str, Any] = field(default_factory=dict)
    singles: dict[str, Document] = field(default_factory=dict)
    twins: list[Record] = field(default_factory=list)
    """Records whose id was declared before (R002): not in ``records``, but their texts
    are still resolved for their own mistakes (all reported in one run)."""
    aside: list[Definition] = field(default_factory=list)
    """Definitions with the phrase of an earlier one (R034): no use matches them, but their
    bodies are still checked for their own mistakes (all reported in one run)."""
    refused: list[frozenset[str]] = field(default_factory=list)
    """The words of each refused phrase (R031) but the core's keywords: a text holding
    them all uses it, a follow-on (``hints.not_a_statement``)."""

    def kind_of(self, ident: str) -> list[str]:
        """Record kinds that declare ``ident`` (sorted)."""
        return sorted(k for k, recs in self.records.items() if ident in recs)

    def record(self, kind: str, ident: str) -> Record | None:
        return self.records.get(kind, {}).get(ident)


def declare(docs: list[Document]) -> tuple[Decls, list[Diagnostic]]:
    """Collect the declarations of ``docs`` (already schema-checked)."""
    decls = Decls()
    diags: list[Diagnostic] = []
    for doc in docs:
        if doc.kind == "kinds":
            diags += _kinds(decls, doc)
    names = set(decls.kinds) | {"spaces"}
    for doc in docs:
        kind = doc.kind or ""
        if kind == "state":
            diags += _state(decls, doc, names)
        elif kind == "events":
            diags += _events(decls, doc, names)
        elif kind == "definitions":
            diags += _definitions(decls, doc, names)
        elif kind == "constants":
            diags += _records(decls, doc, "constants")
        elif kind in ("game", "flow"):
            if kind in decls.singles:
                first = decls.singles[kind].span(("kind",))
                diags.append(Diagnostic(doc.span(("kind",)), "R004", f"a second '{kind}' "
                                        f"document (first in {first.path})",
                                        hint=f"a game has one {kind} file", related=(first,)))
            decls.singles[kind] = doc
        elif kind == "modules":
            diags += _records(decls, doc, "modules")
        elif kind in decls.kinds:
            diags += _records(decls, doc, kind)
        elif kind != "kinds":
            diags.append(Diagnostic(doc.span(("kind",)), "S002", f"unknown document kind "
                                    f"'{kind}'", hint=did_you_mean(kind, list(decls.kinds)
                                                                   + list(CORE_KINDS))
                                    or "declare the kind in kinds.yaml"))
    for rid, rec in decls.records.get("constants", {}).items():
        decls.constants[rid] = _number(rec.data.get("value"))
    return decls, diags


def _number(value: Any) -> Any:
    return value["provisional"] if isinstance(value, dict) and "provisional" in value \
        else value


def _kinds(decls: Decls, doc: Document) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    recs = doc.data.get("records") or []
    names = {str(r.get("id")) for r in recs if isinstance(r, dict)} | set(decls.kinds) | \
        {"spaces"}
    for i, rec in enumerate(recs):
        if not isinstance(rec, dict):
            continue
        fields: dict[str, Type] = {}
        bounded: dict[str, dict[str, Any]] = {}
        for fname, spec in (rec.get("fields") or {}).items():
            notation, bounds = field_spec(spec)
            t, why = parse_type(notation, names)
            why = why if t is None else bounds_problem(t, bounds)
            if why:
                diags.append(Diagnostic(doc.span(("records", i, "fields", fname)), "R030",
                                        f"field '{fname}' of kind '{rec['id']}': {why}",
                                        hint="see docs/dsl.md, 'Declaring a game'"))
                continue
            fields[fname] = t
            if bounds:
                bounded[fname] = bounds
        span = doc.span(("records", i, "id"))
        if rec["id"] in decls.kinds:
            diags.append(_twice("kind", rec["id"], span, decls.kinds[rec["id"]].span))
            continue
        decls.kinds[rec["id"]] = KindDecl(rec["id"], fields, tuple(rec.get("required") or ()),
                                          span, bool(rec.get("active")),
                                          dict(rec.get("fields") or {}), bounded)
    return diags


def _twice(what: str, ident: str, span: Span, first: Span) -> Diagnostic:
    return Diagnostic(span, "R002", f"{what} '{ident}' is declared twice (first at {first})",
                      hint="rename or remove one of them", related=(first,))


STATE_SETTINGS = frozenset(["type", "each", "where", "value", "min", "max", "expose",
                            "active", "hidden", "note", "name", "gender", "bookkeeping"])
"""The keys of a state entry's settings (schemas/state.schema.json); a mapping with none
of them is the entry's type (an object)."""


def _state(decls: Decls, doc: Document, names: set[str]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for scope in ("game", "player"):
        for name, spec in (doc.data.get(scope) or {}).items():
            path = (scope, name)
            if not isinstance(spec, dict) or not set(spec) & STATE_SETTINGS:
                spec = {"type": spec}  # a bare type: int, [cards], {x: int, y: int}
            odd = sorted(set(spec) - STATE_SETTINGS)
            if odd:
                diags.append(Diagnostic(
                    doc.key_span(path + (odd[0],)), "R030", f"state '{name}': '{odd[0]}' is "
                    "neither a setting of the entry nor its type",
                    hint=did_you_mean(odd[0], sorted(STATE_SETTINGS)) or "settings: " +
                    ", ".join(sorted(STATE_SETTINGS)) + "; an object type goes under type:"))
                spec = {k: v for k, v in spec.items() if k in STATE_SETTINGS}
            for flag in ("bookkeeping", "expose", "active"):
                if flag in spec and not isinstance(spec[flag], bool):
                    diags.append(Diagnostic(
                        doc.span(path + (flag,)), "R030", f"state '{name}': {flag}: "
                        f"{spec[flag]!r} is not true or false", hint=f"write {flag}: true"))
                    spec = {k: v for k, v in spec.items() if k != flag}
            slip = _bounds_slip(spec)
            if slip:   # a start outside the bounds, or no value between them
                diags.append(Diagnostic(doc.span(path + (slip[0],)), "R030",
                                        f"state '{name}': {slip[1]}", hint=slip[2]))
            t, why = parse_type(spec.get("type", "int"), names)
            if t is None:  # declared as anything, so its uses bring no follow-on errors
                diags.append(Diagnostic(doc.span(path), "R030", f"state '{name}': {why}",
                                        hint="see docs/dsl.md, 'Declaring a game'"))
                t = "any"
            each = spec.get("each")
            if each is not None:
                if not isinstance(each, str) or each not in names:
                    diags.append(Diagnostic(doc.span(path + ("each",)), "R030",
                                            f"state '{name}': each: {each!r} is not a "
                                            "record kind", hint=did_you_mean(
                                                str(each), sorted(names)) or "name a kind "
                                            "of kinds.yaml: one value per record of it"))
                    # read on as the kind meant ([resources] for resources), or as any key
                    each = each[0] if isinstance(each, list) and len(each) == 1 else each
                    each = each if isinstance(each, str) and each in names else None
                    spec = {k: v for k, v in spec.items() if k != "each"} | \
                        ({"each": each} if each else {"lost_each": True})
                t = ("map", ("id", each) if each else "any", t)
            taken = decls.state["game"].get(name) or decls.state["player"].get(name)
            if taken:
                diags.append(_twice("state entry", name, doc.key_span(path), taken.span))
                continue
            decls.state[scope][name] = Entry(scope, name, t, doc.key_span(path), spec,
                                             path, doc)
    return diags


def _bounds_slip(spec: dict[str, Any]) -> tuple[str, str, str] | None:
    """``(setting, what is wrong, how to fix it)`` when a state entry's whole-number
    ``min``, ``max`` and first ``value`` (each as written, an expression is not judged)
    leave it no value (``min`` above ``max``: every change is clamped between them) or
    start it outside them (the first change would clamp it: a gain that lowers it)."""
    def whole(key: str) -> int | None:
        value = spec.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    low, high, start = whole("min"), whole("max"), whole("value")
    if low is not None and high is not None and low > high:
        return ("min", f"min {low} is above max {high}: no value lies between them",
                "swap them, or write the bounds the rulebook gives")
    for key, bound, side in (("min", low, "below"), ("max", high, "above")):
        if start is not None and bound is not None and (start < bound if key == "min"
                                                        else start > bound):
            return ("value", f"the first value {start} is {side} its {key} {bound} (every "
                    "change is clamped to the bounds: the first one would jump to "
                    f"{bound})", f"start it within the bounds, or change its {key}")
    return None


def _events(decls: Decls, doc: Document, names: set[str]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for i, rec in enumerate(doc.data.get("records") or []):
        if not isinstance(rec, dict):
            continue
        fields: dict[str, Type] = {}
        for fname, spec in (rec.get("fields") or {}).items():
            t, why = parse_type(spec, names)
            if t is None:
                diags.append(Diagnostic(doc.span(("records", i, "fields", fname)), "R030",
                                        f"field '{fname}' of event '{rec['id']}': {why}",
                                        hint="see docs/dsl.md, 'Events'"))
                continue
            fields[fname] = t
        span = doc.span(("records", i, "id"))
        if rec["id"] in decls.events:
            diags.append(_twice("event", rec["id"], span, decls.event_spans[rec["id"]]))
            continue
        decls.events[rec["id"]] = fields
        decls.event_spans[rec["id"]] = span
    return diags


def _definitions(decls: Decls, doc: Document, names: set[str]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for i, rec in enumerate(doc.data.get("records") or []):
        if not isinstance(rec, dict):
            continue
        parts, problem = phrase_parts(rec.get("phrase", ""))
        params: dict[str, Type] = {}
        for pname, spec in (rec.get("params") or {}).items():
            t, why = parse_type(spec, names)
            if t is None:
                diags.append(Diagnostic(doc.span(("records", i, "params", pname)), "R030",
                                        f"parameter '{pname}': {why}",
                                        hint="see docs/dsl.md, 'Definitions'"))
                t = "any"
            params[pname] = t
        holes = [p.name for p in parts if isinstance(p, Hole)]
        missing = [h for h in holes if h not in params]
        extra = [p for p in params if p not in holes]
        if problem or missing or extra:
            why = problem or (f"'{{{missing[0]}}}' has no type in params" if missing else
                              f"parameter '{extra[0]}' does not appear in the phrase")
            diags.append(_refuse(decls, doc, i, rec, why, params))
            continue
        form = "effect" if "effect" in rec else "value"
        made = Definition(rec["id"], parts, params, form, ("records", i, form), doc, i, rec)
        same = _same_phrase(decls, parts, params, form)
        if same is not None:
            diags.append(Diagnostic(
                doc.span(("records", i, "phrase")), "R034", f"definition '{rec['id']}' has "
                f"the phrase of definition '{same.id}' (the same words and hole types): "
                "every use would match both", hint="keep one of them, or reword one",
                related=(same.doc.span(("records", same.index, "phrase")),)))
            decls.aside.append(made)
            continue
        decls.definitions.append(made)
        diags += _declare(decls, "definitions", rec["id"], doc, ("records", i), rec)
    return diags


def _refuse(decls: Decls, doc: Document, i: int, rec: dict[str, Any], why: str,
            params: dict[str, Type]) -> Diagnostic:
    """R031 for a refused phrase. No use matches the definition, but its body is still
    checked (one run reports all), each untyped hole of the phrase standing for any value."""
    phrase = str(rec.get("phrase", ""))
    words = frozenset(re.findall(r"(?<![{\w])[a-z]\w*", phrase)) - STARTS_A_FORM - ENDS_A_PHRASE
    if words:
        decls.refused.append(words)
    form = "effect" if "effect" in rec else "value"
    holes = {h: "any" for h in HOLE.findall(phrase) if h not in params}
    decls.aside.append(Definition(rec["id"], (), {**params, **holes}, form,
                                  ("records", i, form), doc, i, rec))
    return Diagnostic(doc.span(("records", i, "phrase")), "R031",
                      f"definition '{rec['id']}': {why}",
                      hint="write the phrase as words and {param} holes, each hole typed "
                      "in params")


def _same_phrase(decls: Decls, parts: tuple[str | Hole, ...], params: dict[str, Type],
                 form: str) -> Definition | None:
    """An earlier definition of the same form whose phrase has these words and these hole
    types in the same places, if any."""
    def shape(ps: tuple[str | Hole, ...], types: dict[str, Type]) -> tuple[Any, ...]:
        return tuple(p if isinstance(p, str) else ("hole", types.get(p.name)) for p in ps)

    mine = shape(parts, params)
    return next((d for d in decls.definitions if d.form == form and
                 len(d.parts) == len(parts) and shape(d.parts, d.params) == mine), None)


def _records(decls: Decls, doc: Document, kind: str) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    defaults = {k: v for k, v in doc.data.items() if k not in ("kind", "records")}
    for i, rec in enumerate(doc.data.get("records") or []):
        if isinstance(rec, dict) and isinstance(rec.get("id"), str):
            rec = dict(rec)  # the document keeps the file as written (coverage, checks)
            for key, value in defaults.items():
                rec.setdefault(key, value)
            diags += _declare(decls, kind, rec["id"], doc, ("records", i), rec)
    return diags


def _declare(decls: Decls, kind: str, ident: str, doc: Document, path: tuple[Any, ...],
             rec: dict[str, Any]) -> list[Diagnostic]:
    table = decls.records.setdefault(kind, {})
    span = doc.span(path + ("id",))
    if ident in table:
        decls.twins.append(Record(kind, ident, rec, doc, path))
        return [_twice(kind.rstrip("s") if kind != "spaces" else "space", ident, span,
                       table[ident].span)]
    table[ident] = Record(kind, ident, rec, doc, path)
    return []
