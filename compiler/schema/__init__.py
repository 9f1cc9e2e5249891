"""Stage 2, schema: check each document's shape against its JSON Schema.

Entry point: ``validate(docs)``. JSON Schema Draft 2020-12. The core's document kinds
(``KINDS``) have ``schemas/<kind>.schema.json``; each record kind a game declares in
kinds.yaml gets a schema made from its field types (``compiler.schema.core``). All share
``schemas/common.schema.json`` (ids, names, sources, provisional numbers) and are read
from ``compiler.resources.schema_dir()`` (the installed package's copy, or ``schemas/``
in a source checkout).
Every error is mapped back to the ``file:line:col`` of the offending key or value.
Codes: S001 no ``kind``, S002 unknown kind, S003 schema violation.

A schema error leaves out as little as it can (``compiler.schema.prune``): an unknown
key, or a field with a bad value, is left out of its record, and the record is still
resolved and checked, so its other mistakes are reported in the same run; a record
wrong as a whole is left out (replaced by ``None`` so positions stay valid); any other
error in a document's own keys leaves out the whole document. Later stages therefore
see only well-formed data, and report no follow-on error of what was left out.
"""

from __future__ import annotations

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

