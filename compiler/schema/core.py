"""Schema check of a game written in the core language.

Entry point: ``validate_core(docs)``. The core's own document kinds (``kinds``,
``state``, ``events``, ``definitions``, ``constants``, ``flow``, ``modules``) have
schemas in ``schemas/``; ``game.yaml`` uses ``schemas/game.schema.json``. Every
record kind the game declares in ``kinds.yaml`` gets a schema made from its field
types (``kind_schema``), so its records are checked with the same positioned S003
diagnostics. ``rulesc build`` writes those made schemas into ``generated/<game>/schemas/``
(``compiler.codegen.kind_schemas``), where the record files' editor modelines point.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from compiler.diagnostics import Diagnostic, did_you_mean
from compiler.lang.declare import CORE_KINDS, RECORD_FIELDS
from compiler.lang.types import (
    MODIFIER,
    REACTION,
    Type,
    bounds_problem,
    field_spec,
    parse_type,
    with_core_bounds,
)
from compiler.load import Document
from compiler.schema.fast import passes

if TYPE_CHECKING:  # jsonschema is imported when a document fails the fast check
    from jsonschema import Draft202012Validator

__all__ = ["kind_schema", "validate_core"]

C = "common.schema.json#/$defs/"


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": C + name}


@cache
def _core_schema(kind: str) -> dict[str, Any]:
    from compiler.schema import schema_dir

    loaded: dict[str, Any] = json.loads((schema_dir() / f"{kind}.schema.json")
                                        .read_text("utf-8"))
    return loaded


@cache
def _core_validator(kind: str) -> Draft202012Validator:
    return _validator(_core_schema(kind))


def _validator(schema: dict[str, Any]) -> Draft202012Validator:
    """Python jsonschema's validator of ``schema`` (imported here: a run whose documents
    all pass the fast check does not load it, about 45 ms)."""
    from jsonschema import Draft202012Validator

    from compiler.schema import _registry

    return Draft202012Validator(schema, registry=_registry())


def validate_core(docs: list[Document]) -> tuple[list[Document], list[Diagnostic]]:
    """The well-formed documents (records with errors left out) and every S diagnostic."""
    good: list[Document] = []
    diags: list[Diagnostic] = []
    kinds: dict[str, dict[str, Any]] = {}
    pending: list[Document] = []
    for doc in docs:
        kind = doc.kind
        if kind is None:
            diags.append(Diagnostic(doc.span(()), "S001", "document has no 'kind:'",
                                    hint="start the file with 'kind: <kind>'"))
        elif kind in CORE_KINDS:
            kept, errs = _run(_core_schema(kind), doc, partial(_core_validator, kind))
            diags += errs
            if kept is not None:
                good.append(kept)
                if kind == "kinds":
                    kinds.update(_declared(kept))
        else:
            pending.append(doc)
    names = set(kinds) | {"spaces"}
    for doc in pending:
        kind = str(doc.kind)
        if kind not in kinds:
            diags.append(Diagnostic(doc.span(("kind",)), "S002", f"unknown document kind "
                                    f"'{kind}'", hint=did_you_mean(kind, list(kinds) +
                                                                   list(CORE_KINDS))
                                    or "declare the kind in kinds.yaml"))
            continue
        # a field given once for the whole file (beside `records:`) is every record's
        given = set(doc.data) - {"kind", "records"} if isinstance(doc.data, dict) else set()
        schema = kind_schema(kind, kinds[kind], names, given)
        kept, errs = _run(schema, doc, partial(_validator, schema))
        diags += errs
        if kept is not None:
            good.append(kept)
    return good, diags


def _run(schema: dict[str, Any], doc: Document,
         make: Callable[[], Draft202012Validator]
         ) -> tuple[Document | None, list[Diagnostic]]:
    """The document (pruned of what has errors: ``compiler.schema.prune``) and its
    diagnostics: a document the fast validator passes is kept as it is
    (``compiler.schema.fast``); else ``make()`` gives Python jsonschema's validator."""
    if passes(schema, doc.data):
        return doc, []
    from compiler.schema.errors import diagnostics, leaves
    from compiler.schema.prune import prune

    validator = make()
    errors = leaves(validator.iter_errors(doc.data))
    if not errors:
        return doc, []
    return prune(doc, errors, validator), \
        _one_per_typo([d for e in errors for d in diagnostics(doc, e)])


def _one_per_typo(diags: list[Diagnostic]) -> list[Diagnostic]:
    """A misspelt required key is one mistake: the unknown key (whose hint names the
    right one) is reported, the missing key it stands for is not."""
    meant = {(d.message.rsplit(" in ", 1)[-1], d.hint) for d in diags
             if d.message.startswith("unknown key ")}
    return [d for d in diags
            if not (d.message.count(": missing required key '") == 1 and
                    (d.message.split(": missing required key ")[0],
                     f"did you mean {d.message.rsplit(' ', 1)[-1]}?") in meant)]


def _declared(doc: Document) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in doc.data.get("records") or [] if isinstance(r, dict)}


def kind_schema(kind: str, decl: dict[str, Any], names: set[str],
                given: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
    """The JSON Schema of a file of records of declared kind ``kind``; ``given``: the
    fields the file sets for all its records (no record then needs them)."""
    props: dict[str, Any] = {"id": _ref("id"), "name": _ref("names"),
                             "name_one": _ref("names"), "gender": _ref("gender"),
                             "symbol_first": _ref("symbol_first"),
                             "source": _ref("source"), "module": _ref("id"),
                             "players": _ref("players"), "note": _ref("text"),
                             "placeholder": _ref("text")}
    assert set(props) == set(RECORD_FIELDS)
    for name, spec in (decl.get("fields") or {}).items():
        notation, bounds = field_spec(spec)
        t, _ = parse_type(notation, names)
        bounds = with_core_bounds(name, t, bounds)
        if t is None:
            props[name] = {}
        elif bounds and not bounds_problem(t, bounds):
            props[name] = _one_of(t, bounds["one_of"]) if "one_of" in bounds \
                else _bounded(t, bounds)
        else:
            props[name] = type_schema(t)
    record = {"type": "object", "properties": props,
              "required": ["id"] + [f for f in decl.get("required") or [] if f not in given],
              "additionalProperties": False}
    # a field may be given once for the whole file, beside `records:` (not the document's
    # own keys: a field named `kind` is each record's)
    defaults = {k: v for k, v in props.items()
                if k not in ("id", "name", "name_one", "kind", "records")}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"{kind} records", "type": "object",
            "properties": {"kind": {"const": kind}, "records": {"type": "array",
                                                                "items": record},
                           **defaults},
            "required": ["kind", "records"], "additionalProperties": False}


def type_schema(t: Type) -> dict[str, Any]:
    """The JSON Schema of a value of type ``t``."""
    simple = {"int": _ref("integer"), "number": _ref("amount"), "bool": {"type": "boolean"},
              "text": _ref("text"), "names": _ref("names"), "source": _ref("source"),
              "effect": _ref("effect"), "condition": {"anyOf": [_ref("condition"),
                                                               {"type": "boolean"}]},
              "trigger": _ref("trigger"), "value": {}, "any": {}, "player": {"type":
                                                                             "integer"}}
    if isinstance(t, str):
        return simple.get(t, {})
    if t[0] == "list":  # a provisional table of numbers: {provisional: [...], reason}
        return {"title": words(t), "anyOf": [_plain_schema(t),
                                             _provisional(_plain_schema(t))]}
    return _plain_schema(t)


_WORDS = {"int": "a whole number", "number": "a number or a text of the rules (docs/dsl.md)",
          "bool": "true or false", "text": "a text", "names": "names by language",
          "effect": "an effect (a text of the rules, docs/dsl.md)",
          "condition": "a condition (a text of the rules, docs/dsl.md)",
          "trigger": "a trigger (an event, docs/dsl.md)", "player": "a seat number"}


def words(t: Type) -> str:
    """What a value of type ``t`` is, in words (the title of its schema: S003 says
    "'plant' is not a list of ids of tags")."""
    if isinstance(t, str):
        return _WORDS.get(t, "a value")
    if t[0] == "id":
        return f"an id of {t[1]}"
    if t[0] == "list":
        inner = words(t[1])
        many = {"a whole number": "whole numbers", "a text": "texts"}.get(inner)
        if inner.startswith("an id of "):
            many = "ids of " + inner[len("an id of "):]
        return "a list of " + (many or f"items, each {inner}")
    if t[0] == "opt":
        return words(t[1]) + ", or nothing"
    return "a mapping (key: value)"


def _bounded(t: Type, bounds: dict[str, Any]) -> dict[str, Any]:
    """The schema of an ``int`` (or ``int?``) field with ``min``/``max`` bounds
    (``kinds.yaml``: ``cost: {type: int, min: 0}``); a provisional value is bounded too."""
    number: dict[str, Any] = {"type": "integer"}
    if "min" in bounds:
        number["minimum"] = bounds["min"]
    if "max" in bounds:
        number["maximum"] = bounds["max"]
    schema = {"title": "an integer, or {provisional: N, reason: ...}",
              "anyOf": [number, _provisional(number)]}
    if isinstance(t, tuple) and t[0] == "opt":
        return {"anyOf": [schema, {"type": "null"}]}
    return schema


def _one_of(t: Type, values: list[str]) -> dict[str, Any]:
    """The schema of a text field with its allowed words (``kinds.yaml``: ``type: {type:
    text, one_of: [automated, active, event]}``)."""
    schema: dict[str, Any] = {"enum": list(values)}
    if isinstance(t, tuple) and t[0] == "opt":
        return {"enum": [*values, None]}
    return schema


def _provisional(schema: dict[str, Any]) -> dict[str, Any]:
    """``{provisional: VALUE, reason}``: a value the rulebook does not give (W001)."""
    return {"type": "object", "properties": {"provisional": schema, "reason": _ref("text")},
            "required": ["provisional", "reason"], "additionalProperties": False}


def _plain_schema(t: Type) -> dict[str, Any]:
    if t in (REACTION, MODIFIER):
        fields = dict(t[1])
        return {"type": "object", "properties": {k: type_schema(v) for k, v in fields.items()},
                "required": ["on", "effect"] if t == REACTION else ["modify", "by"],
                "additionalProperties": False}
    if t[0] == "id":
        return _ref("id")
    if t[0] == "list":
        return {"type": "array", "items": type_schema(t[1])}
    if t[0] == "opt":
        return {"title": words(t), "anyOf": [type_schema(t[1]), {"type": "null"}]}
    if t[0] == "map":
        return {"type": "object", "propertyNames": _key_schema(t[1]),
                "additionalProperties": type_schema(t[2])}
    return {"type": "object", "properties": {k: type_schema(v) for k, v in t[1]},
            "additionalProperties": False}


def _key_schema(t: Type) -> dict[str, Any]:
    """The schema of a mapping's keys of type ``t`` (ids of a kind, or texts)."""
    if isinstance(t, tuple) and t[0] == "id":
        return _ref("id")
    return {"type": "string", "minLength": 1}
