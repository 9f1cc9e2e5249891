"""Stage 2, schema: check each document's shape against ``schemas/<kind>.schema.json``.

Entry point: ``validate(docs)``. JSON Schema Draft 2020-12; every error is mapped back to
the ``file:line:col`` of the offending key or value. Codes: S001 no ``kind``, S002 unknown
kind, S003 schema violation.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from compiler.diagnostics import Diagnostic, did_you_mean
from compiler.load import Document

__all__ = ["KINDS", "schema_dir", "validate"]

KINDS = ("game", "resources", "parameters", "tracks", "tags", "card_resources", "tiles",
         "board", "cards", "actions", "milestones", "awards", "flow", "modules")


def schema_dir() -> Path:
    """The folder holding the JSON Schemas (``schemas/`` beside the package)."""
    here = Path(str(resources.files("compiler"))).parent / "schemas"
    return here


@lru_cache(maxsize=None)
def _validator(kind: str) -> Draft202012Validator | None:
    path = schema_dir() / f"{kind}.schema.json"
    if not path.is_file():
        return None
    return Draft202012Validator(json.loads(path.read_text("utf-8")))


def validate(docs: list[Document]) -> tuple[list[Document], list[Diagnostic]]:
    """Return the documents whose shape is valid, and a diagnostic per schema error."""
    good: list[Document] = []
    diags: list[Diagnostic] = []
    for doc in docs:
        errs = _check(doc)
        diags.extend(errs)
        if not errs:
            good.append(doc)
    return good, diags


def _check(doc: Document) -> list[Diagnostic]:
    if not isinstance(doc.data, dict) or "kind" not in doc.data:
        return [Diagnostic(doc.span(()), "S001", "document has no 'kind:'",
                           hint="start the file with 'kind:' and one of: " + ", ".join(KINDS))]
    kind = doc.data["kind"]
    if kind not in KINDS:
        return [Diagnostic(doc.span(("kind",)), "S002", f"unknown document kind {kind!r}",
                           hint=did_you_mean(str(kind), KINDS) or "one of: " + ", ".join(KINDS))]
    validator = _validator(kind)
    if validator is None:
        return []
    errors = sorted(validator.iter_errors(doc.data), key=lambda e: list(map(str, e.path)))
    return [_diagnostic(doc, e) for e in _leaves(errors)]


def _leaves(errors: list[ValidationError]) -> list[ValidationError]:
    """Prefer the most specific sub-error of oneOf/anyOf failures."""
    out = []
    for e in errors:
        if e.context:
            best = min(e.context, key=lambda c: (-len(c.absolute_path), len(c.message)))
            out.append(best)
        else:
            out.append(e)
    return out


def _diagnostic(doc: Document, err: ValidationError) -> Diagnostic:
    path = tuple(err.absolute_path)
    where = "/".join(map(str, path)) or "top level"
    if err.validator == "additionalProperties":
        extra = _extra_keys(err)
        allowed = sorted((err.schema.get("properties") or {}).keys())
        key = extra[0] if extra else ""
        span = doc.key_span(path + (key,)) if key else doc.span(path)
        hint = did_you_mean(key, allowed) or "allowed keys: " + ", ".join(allowed)
        return Diagnostic(span, "S003", f"unknown key '{key}' in {where}", hint=hint)
    if err.validator == "required":
        return Diagnostic(doc.span(path), "S003", f"{where}: {err.message}",
                          hint="add the missing key")
    if err.validator == "type":
        value = err.instance
        hint = f"expected {err.validator_value}"
        if isinstance(value, str) and value.lower() in ("yes", "no", "on", "off"):
            hint += f"; write true/false instead of '{value}'"
        return Diagnostic(doc.span(path), "S003", f"{where}: {value!r} is not of type "
                          f"{err.validator_value}", hint=hint)
    return Diagnostic(doc.span(path), "S003", f"{where}: {_short(err.message)}",
                      hint=_hint(err))


def _extra_keys(err: ValidationError) -> list[str]:
    props = set((err.schema.get("properties") or {}).keys())
    inst: Any = err.instance
    return sorted(k for k in inst if k not in props) if isinstance(inst, dict) else []


def _short(msg: str) -> str:
    return msg if len(msg) < 160 else msg[:157] + "..."


def _hint(err: ValidationError) -> str:
    if err.validator == "enum":
        return "one of: " + ", ".join(map(str, err.validator_value))
    if err.validator == "pattern":
        return f"must match {err.validator_value}"
    return "see the schema in schemas/ and docs/data-format.md"
