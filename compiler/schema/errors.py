"""Turn JSON Schema validation errors into positioned S003 diagnostics (S004: a number
outside the bounds ``kinds.yaml`` declares for its field).

The message names the record (``card 'comet': cost: ...``) rather than a raw JSON path;
an unknown key is reported at the key itself with a did-you-mean hint.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from jsonschema.exceptions import ValidationError, best_match, relevance

from compiler.diagnostics import Diagnostic, did_you_mean
from compiler.load import Document

__all__ = ["UNKNOWN", "diagnostic", "diagnostics", "leaves", "unknown_keys"]

GENERIC = "see the schema in schemas/ and docs/data-format.md"
_YAML11_BOOL = ("yes", "no", "on", "off", "y", "n")
UNKNOWN = ("additionalProperties", "unevaluatedProperties")
_TYPES = {"integer": "a whole number", "number": "a number", "string": "a text",
          "boolean": "true or false", "object": "a mapping (key: value)",
          "array": "a list", "null": "nothing"}


def leaves(errors: Iterable[ValidationError]) -> list[ValidationError]:
    """For each error, its most specific cause (descending anyOf/oneOf), by position."""
    out = [best_match([e], key=relevance) for e in errors]
    return sorted(out, key=lambda e: [str(p) for p in e.absolute_path])


def diagnostics(doc: Document, err: ValidationError) -> list[Diagnostic]:
    """The diagnostics of one validation error in ``doc``: one per unknown key (a mapping
    with two unknown keys is two mistakes, each reported at its key)."""
    if err.validator in UNKNOWN:
        path = tuple(err.absolute_path)
        where = describe(doc, path)
        return [_unknown_key(doc, err, path, where, key) for key in unknown_keys(err)]
    return [diagnostic(doc, err)]


def diagnostic(doc: Document, err: ValidationError) -> Diagnostic:
    """The S003 diagnostic for one validation error in ``doc`` (of an unknown key: the
    first one)."""
    path = tuple(err.absolute_path)
    where = describe(doc, path)
    if err.validator in UNKNOWN:
        return _unknown_key(doc, err, path, where, (unknown_keys(err) or [""])[0])
    if err.validator == "required":
        missing = _missing(err)
        return Diagnostic(doc.span(path), "S003", f"{where}: missing required key "
                          f"'{missing}'", hint=f"add '{missing}:'")
    if err.validator == "type":
        return Diagnostic(doc.span(path), "S003", f"{where}: {_show(err.instance)} is not "
                          f"{_type_words(err.validator_value)}",
                          hint=_kind_hint(doc, _type_hint(err.instance, err.validator_value,
                                                          path, err.schema)))
    if err.validator in ("minimum", "maximum"):
        least = err.validator == "minimum"
        return Diagnostic(doc.span(path), "S004", f"{where}: {_show(err.instance)} is "
                          f"{'below the least' if least else 'above the greatest'} value "
                          f"{err.validator_value}",
                          hint=_bound_hint(doc, least, err.validator_value, path))
    if err.validator in ("anyOf", "oneOf"):
        title = err.schema.get("title") if isinstance(err.schema, dict) else None
        hint = _type_hint(err.instance, "")
        if str(title).startswith("a list") and not isinstance(err.instance, list):
            hint = f"write a list: [{err.instance}]"
        return Diagnostic(doc.span(path), "S003", f"{where}: {_show(err.instance)} is not "
                          f"{title or 'an allowed value'}", hint=_kind_hint(doc, hint))
    span = doc.key_span(path + (err.instance,)) if _is_key(doc, err) else doc.span(path)
    return Diagnostic(span, "S003", f"{where}: {_message(err)}",
                      hint=_kind_hint(doc, _hint(err)))


def _is_key(doc: Document, err: ValidationError) -> bool:
    """Whether ``err`` is about a key of a mapping (``propertyNames``: a key that is no
    id), so reported at that key, not at the mapping's first line."""
    return "propertyNames" in err.schema_path and isinstance(err.instance, str)


def _bound_hint(doc: Document, least: bool, bound: Any, path: tuple[Any, ...]) -> str:
    """Where a bound comes from: a record kind's field in kinds.yaml, the core's bound on
    a field of a special meaning (``copies``), else the core's schema of the document
    (flow.yaml's ``max_rounds``: ``rulesc schema flow``)."""
    from compiler.lang.declare import CORE_KINDS
    from compiler.lang.types import bound_hint

    side = "min" if least else "max"
    if doc.kind in CORE_KINDS:
        return (f"the {doc.kind} schema bounds this field ({side}: {bound}; `rulesc schema "
                f"{doc.kind}`); write a value within it")
    return bound_hint(str(path[-1]) if path else "", side, bound)


def _kind_hint(doc: Document, hint: str) -> str:
    """A record kind's schema is made from kinds.yaml, not one of schemas/: say where."""
    from compiler.lang.declare import CORE_KINDS

    if hint != GENERIC or doc.kind in CORE_KINDS or doc.kind in (None, "game"):
        return hint
    return (f"see the fields of kind '{doc.kind}' in kinds.yaml, or its schema: `rulesc "
            f"schema {doc.kind} --on GAME` (generated/GAME/schemas/{doc.kind}.schema.json)")


def describe(doc: Document, path: tuple[Any, ...]) -> str:
    """A readable place: ``card 'comet': cost`` or ``setup[2].step`` or ``top level``."""
    head = ""
    rest = path
    if len(path) >= 2 and path[0] == "records" and isinstance(path[1], int):
        head = _record_name(doc, path[1])
        rest = path[2:]
    tail = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in rest).lstrip(".")
    if head and tail:
        return f"{head}: {tail}"
    return head or tail or "top level"


def _record_name(doc: Document, index: int) -> str:
    kind = (doc.kind or "record").rstrip("s") or "record"
    records = doc.data.get("records") if isinstance(doc.data, dict) else None
    rec = records[index] if isinstance(records, list) and index < len(records) else None
    rid = rec.get("id") if isinstance(rec, dict) else None
    if isinstance(rid, str) and len(rid) <= 64:
        return f"{kind.replace('_', ' ')} {rid!r}"
    return f"records[{index}]"


def unknown_keys(err: ValidationError) -> list[str]:
    """The keys of an unknown-key error's mapping that its schema does not name."""
    allowed = (err.schema.get("properties") or {}) if isinstance(err.schema, dict) else {}
    inst = err.instance if isinstance(err.instance, dict) else {}
    return [str(k) for k in inst if k not in allowed]


def _unknown_key(doc: Document, err: ValidationError, path: tuple[Any, ...],
                 where: str, key: str) -> Diagnostic:
    allowed = sorted((err.schema.get("properties") or {}).keys())
    span = doc.key_span(path + (key,)) if key else doc.span(path)
    hint = did_you_mean(key, allowed) or "allowed keys here: " + ", ".join(allowed)
    return Diagnostic(span, "S003", f"unknown key {_show(key)} in {where}", hint=hint)


def _missing(err: ValidationError) -> str:
    """The key this error is about (one error per missing key, so not just the first)."""
    inst = err.instance if isinstance(err.instance, dict) else {}
    for key in err.validator_value:
        if err.message == f"{key!r} is a required property":
            return str(key)
    for key in err.validator_value:
        if key not in inst:
            return str(key)
    return "?"


def _type_words(expected: Any) -> str:
    if isinstance(expected, list):
        return " or ".join(_TYPES.get(str(t), str(t)) for t in expected)
    return _TYPES.get(str(expected), str(expected))


def _type_hint(value: Any, expected: Any, path: tuple[Any, ...] = (),
               schema: Any = None) -> str:
    if isinstance(value, str) and value.lower() in _YAML11_BOOL:
        if expected == "boolean":
            return f"write true or false instead of '{value}'"
        return f"'{value}' is read as text here (YAML 1.1 would make it a boolean)"
    if isinstance(value, int | float) and expected == "string":
        pattern = schema.get("pattern") if isinstance(schema, dict) else None
        if isinstance(pattern, str) and not re.fullmatch(pattern, str(value)):
            return (f"an id is a word, not a number (quoted, \"{value}\" would not be one "
                    f"either): a letter, then letters, digits or '_' (pattern {pattern})")
        return f"quote it: \"{value}\" (a leading zero is lost unless quoted)"
    if expected == "object" and path[-1:] in (("name",), ("name_one",)) and \
            isinstance(value, str):
        return f"write it by language: {{en: {value}}}"
    if isinstance(value, str) and len(value) == 10 and value[4:5] == "-":
        return "a date is not a number here; write a number"
    keys = list(schema.get("properties") or {}) if isinstance(schema, dict) else []
    if expected == "object" and 0 < len(keys) <= 4:  # a small mapping: show its shape
        title = f"{schema['title']} is " if isinstance(schema.get("title"), str) else ""
        return f"{title}a mapping: {{{', '.join(f'{k}: ...' for k in keys)}}}"
    return GENERIC


def _show(value: Any) -> str:
    """A value as the user wrote it: a text quoted, anything else in YAML's words
    (``true``, ``null``, ``[1, 2]``), not Python's (``True``, ``None``)."""
    import json

    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _message(err: ValidationError) -> str:
    if err.validator == "pattern":
        odd = _odd_character(err.instance)
        return f"{_show(err.instance)} is not a valid id" + (f": {odd}" if odd else "")
    if err.validator == "enum":
        return f"{_show(err.instance)} is not one of the allowed values"
    if err.validator == "const":
        return f"{_show(err.instance)} should be {err.validator_value!r}"
    if err.validator in _SIZES:
        many, what = _SIZES[err.validator]
        size = len(err.instance) if isinstance(err.instance, (str, list, dict)) else 0
        return f"{_show(err.instance)} has {size} {what}, {many} {err.validator_value}"
    msg = err.message
    return msg if len(msg) < 160 else msg[:157] + "..."


_SIZES = {"maxLength": ("more than the greatest", "characters"),
          "minLength": ("fewer than the least", "characters"),
          "maxItems": ("more than the greatest", "items"),
          "minItems": ("fewer than the least", "items")}
"""How a value's size is said against each bound: ``'MMM...' has 1001 characters, more
than the greatest 1000`` (jsonschema's "is too long" came after the value, and was cut)."""


def _odd_character(value: Any) -> str:
    """The first character of ``value`` an id may not hold, named and positioned
    (``character 2 is U+0430 CYRILLIC SMALL LETTER A``), or ''."""
    import unicodedata

    if not isinstance(value, str):
        return ""
    for i, ch in enumerate(value, 1):
        if not (ch.isascii() and (ch.islower() or ch.isdigit() or ch == "_")):
            name = unicodedata.name(ch, "a control character")
            return f"character {i} is U+{ord(ch):04X} {name}"
    return ""


def _hint(err: ValidationError) -> str:
    if err.validator == "enum":
        allowed = [str(v) for v in err.validator_value if v is not None]
        near = did_you_mean(str(err.instance), allowed) if isinstance(err.instance, str) \
            else ""
        return (near + " " if near else "") + "one of: " + ", ".join(allowed)
    if err.validator == "pattern":
        return ("ids are lowercase ASCII: a letter, then letters, digits or '_' "
                f"(pattern {err.validator_value})")
    if err.validator == "minProperties":
        return "give at least one entry (for names: it or en)"
    return GENERIC
