"""Fast schema validation: jsonschema-rs answers whether a document passes.

Most documents pass, and for them only that answer is needed. ``passes(schema, data)``
asks jsonschema-rs (Rust, Draft 2020-12, formats not asserted, as in Python
jsonschema's default); when it says no, raises, or is not installed, the caller runs
Python ``jsonschema``, whose errors carry the paths the positioned S003 diagnostics are
made from. So diagnostics come from Python jsonschema alone: the fast answer only
skips its work for a document that passes. Where the two could disagree (Python's ``$``
also matches before a final newline; integers beyond 64 bits), jsonschema-rs is the
stricter one, and a stricter answer only sends the document to Python jsonschema.
``tests/test_schema_fast.py`` checks both agree on every shipped and bad-input file.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["available", "passes"]

COMMON_URI = "json-schema:///common.schema.json"
"""Where a schema without ``$id`` finds ``common.schema.json`` (its relative refs)."""

_validators: dict[str, Any] = {}

jsonschema_rs: Any
try:
    import jsonschema_rs
except ImportError:  # pragma: no cover - a platform without its wheel
    jsonschema_rs = None


def available() -> bool:
    """Whether jsonschema-rs is installed (else every document goes to Python)."""
    return jsonschema_rs is not None


def passes(schema: dict[str, Any], data: Any) -> bool:
    """True when ``data`` surely passes ``schema``; False means: ask Python jsonschema."""
    if jsonschema_rs is None:
        return False
    try:
        return bool(_validator(schema).is_valid(data))
    except Exception:  # noqa: BLE001 - data it cannot take, a schema it refuses
        return False


def _validator(schema: dict[str, Any]) -> Any:
    """The compiled validator of ``schema`` (one per distinct schema and process)."""
    text = json.dumps(schema, sort_keys=True)
    if text not in _validators:
        _validators[text] = jsonschema_rs.Draft202012Validator(
            schema, registry=_registry(), validate_formats=False)
    return _validators[text]


def _registry() -> Any:
    if "" not in _validators:
        from compiler.resources import schema_dir

        common = json.loads((schema_dir() / "common.schema.json").read_text("utf-8"))
        _validators[""] = jsonschema_rs.Registry([(COMMON_URI, common)])
    return _validators[""]
