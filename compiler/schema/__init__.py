"""Stage 2, schema: check each document's shape against its JSON Schema.

Entry point: ``validate(docs)``. JSON Schema Draft 2020-12. The core's document kinds
(``KINDS``) have ``schemas/<kind>.schema.json``; each record kind a game declares in
kinds.yaml gets a schema made from its field types (``compiler.schema.core``). All share
``schemas/common.schema.json`` (ids, names, sources, provisional numbers) and are read
from ``compiler.resources.schema_dir()`` (the installed package's copy, or ``schemas/``
in a source checkout).
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
from typing import TYPE_CHECKING

from compiler.diagnostics import Diagnostic
from compiler.load import Document
from compiler.resources import schema_dir

if TYPE_CHECKING:  # jsonschema is imported when a document is validated, not before
    from jsonschema import Draft202012Validator
    from referencing import Registry

__all__ = ["COMMON", "KINDS", "schema_dir", "schema_files", "validate"]

KINDS = ("game", "flow", "modules", "kinds", "state", "events", "definitions", "constants")
"""The core's own document kinds; a game's record kinds get schemas from kinds.yaml."""
COMMON = "common.schema.json"


def schema_files() -> list[Path]:
    """Every schema file: the shared definitions, then one per document kind."""
    base = schema_dir()
    return [base / COMMON] + [base / f"{kind}.schema.json" for kind in KINDS]


@lru_cache(maxsize=1)
def _registry() -> Registry:
    from referencing import Registry, Resource

    common = json.loads((schema_dir() / COMMON).read_text("utf-8"))
    return Registry().with_resource(COMMON, Resource.from_contents(common))


@cache
def _validator(kind: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    path = schema_dir() / f"{kind}.schema.json"
    return Draft202012Validator(json.loads(path.read_text("utf-8")), registry=_registry())


def validate(docs: list[Document]) -> tuple[list[Document], list[Diagnostic]]:
    """Return the well-formed documents (bad records pruned) and a diagnostic per error
    (``compiler.schema.core``: the core's kinds, then the game's declared kinds)."""
    from compiler.schema.core import validate_core

    return validate_core(docs)


def _prune(doc: Document, paths: list[tuple[object, ...]]) -> Document | None:
    """A copy of ``doc`` without what holds errors; None if the file's own keys do.

    An error in one field of a record (``records.3.cost``) leaves that field out, so the
    record's other texts are still resolved and their errors reported in the same run;
    an error in the record as a whole (a missing or unknown key) leaves the record out.
    """
    bad: set[int] = set()
    fields: dict[int, set[str]] = {}
    for path in paths:
        if len(path) < 2 or path[0] != "records" or not isinstance(path[1], int):
            return None
        if len(path) >= 3 and isinstance(path[2], str) and path[2] != "id":
            fields.setdefault(path[1], set()).add(path[2])
        else:
            bad.add(path[1])
    records = [None if i in bad else
               {k: v for k, v in r.items() if k not in fields[i]}
               if i in fields and isinstance(r, dict) else r
               for i, r in enumerate(doc.data["records"])]
    dropped = {r["id"] for i, r in enumerate(doc.data["records"])
               if i in bad and isinstance(r, dict) and isinstance(r.get("id"), str)}
    return dataclasses.replace(doc, data={**doc.data, "records": records}, dropped=dropped)
