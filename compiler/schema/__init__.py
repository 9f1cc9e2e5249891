"""Stage 2, schema: check each document's shape against ``schemas/<kind>.schema.json``.

Entry point: ``validate(docs)``. JSON Schema Draft 2020-12; the schemas share
``schemas/common.schema.json`` (ids, names, sources, provisional numbers, flow steps), and
are read from ``compiler.resources.schema_dir()`` (the installed package's copy, or
``schemas/`` in a source checkout).
Every error is mapped back to the ``file:line:col`` of the offending key or value.
Codes: S001 no ``kind``, S002 unknown kind, S003 schema violation.

A schema error inside one record (``records[i]``) drops only that record (it is replaced
by ``None`` so positions stay valid); any other error drops the whole document. Later
stages therefore see only well-formed data and report fewer follow-on errors.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache, lru_cache
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from compiler.diagnostics import Diagnostic, did_you_mean
from compiler.load import Document
from compiler.resources import schema_dir
from compiler.schema.errors import diagnostic, leaves

__all__ = ["COMMON", "KINDS", "schema_dir", "schema_files", "validate"]

KINDS = ("game", "resources", "parameters", "tracks", "tags", "card_resources", "tiles",
         "board", "cards", "actions", "milestones", "awards", "flow", "modules",
         # kinds of slot-row, piece-board and marker-track games (docs/data-format.md)
         "areas", "constants", "pieces", "grid_columns", "slot_rows", "action_cards",
         "contract_kinds", "contracts", "decks", "deck_items", "markets", "bonus_boards",
         "sections", "replacements")
COMMON = "common.schema.json"


def schema_files() -> list[Path]:
    """Every schema file: the shared definitions, then one per document kind."""
    base = schema_dir()
    return [base / COMMON] + [base / f"{kind}.schema.json" for kind in KINDS]


@lru_cache(maxsize=1)
def _registry() -> Registry:
    common = json.loads((schema_dir() / COMMON).read_text("utf-8"))
    return Registry().with_resource(COMMON, Resource.from_contents(common))


@cache
def _validator(kind: str) -> Draft202012Validator:
    path = schema_dir() / f"{kind}.schema.json"
    return Draft202012Validator(json.loads(path.read_text("utf-8")), registry=_registry())


def validate(docs: list[Document]) -> tuple[list[Document], list[Diagnostic]]:
    """Return the well-formed documents (bad records pruned) and a diagnostic per error."""
    good: list[Document] = []
    diags: list[Diagnostic] = []
    for doc in docs:
        kept, errs = _check(doc)
        diags.extend(errs)
        if kept is not None:
            good.append(kept)
    return good, diags


def _check(doc: Document) -> tuple[Document | None, list[Diagnostic]]:
    if not isinstance(doc.data, dict) or "kind" not in doc.data:
        return None, [Diagnostic(doc.span(()), "S001", "document has no 'kind:'",
                                 hint="start the file with 'kind: <kind>', one of: "
                                 + ", ".join(KINDS))]
    kind = doc.data["kind"]
    if kind not in KINDS:
        return None, [Diagnostic(doc.span(("kind",)), "S002", f"unknown document kind "
                                 f"{kind!r}", hint=did_you_mean(str(kind), KINDS)
                                 or "one of: " + ", ".join(KINDS))]
    errors = leaves(_validator(kind).iter_errors(doc.data))
    if not errors:
        return doc, []
    diags = [diagnostic(doc, e) for e in errors]
    return _prune(doc, [tuple(e.absolute_path) for e in errors]), diags


def _prune(doc: Document, paths: list[tuple[object, ...]]) -> Document | None:
    """A copy of ``doc`` without the records that hold errors; None if others do."""
    bad: set[int] = set()
    for path in paths:
        if len(path) < 2 or path[0] != "records" or not isinstance(path[1], int):
            return None
        bad.add(path[1])
    records = [None if i in bad else r for i, r in enumerate(doc.data["records"])]
    dropped = {r["id"] for i, r in enumerate(doc.data["records"])
               if i in bad and isinstance(r, dict) and isinstance(r.get("id"), str)}
    return dataclasses.replace(doc, data={**doc.data, "records": records}, dropped=dropped)
