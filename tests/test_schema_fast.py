"""The fast schema answer (compiler.schema.fast) never passes a document that Python
jsonschema would fault: the diagnostics stay those of Python jsonschema alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from compiler import load, schema
from compiler.schema import _registry, core, fast
from tests.conftest import ROOT

FOLDERS = [p for p in sorted((ROOT / "rules_data").iterdir()) if p.is_dir()] + \
    [p for p in sorted((ROOT / "tests" / "bad_input").iterdir()) if p.is_dir()] + \
    [ROOT / "tests" / "bad_input", ROOT / "tests" / "fixtures"]


def _answers(monkeypatch: pytest.MonkeyPatch, folders: list[Path]
             ) -> list[tuple[bool, bool]]:
    """(fast answer, Python jsonschema finds no error) for every document validated."""
    seen: list[tuple[bool, bool]] = []

    def both(spec: dict[str, Any], data: Any) -> bool:
        answer = fast.passes(spec, data)
        python = Draft202012Validator(spec, registry=_registry())
        seen.append((answer, next(python.iter_errors(data), None) is None))
        return answer

    monkeypatch.setattr(core, "passes", both)
    for folder in folders:
        schema.validate(load.load_rules(folder, ROOT)[0])
    return seen


@pytest.mark.skipif(not fast.available(), reason="jsonschema-rs is not installed")
def test_fast_and_python_answers_agree_on_every_file(monkeypatch):
    seen = _answers(monkeypatch, FOLDERS)
    assert len(seen) > 150
    assert [s for s in seen if s[0] and not s[1]] == []  # never more lenient
    assert [s for s in seen if s[1] and not s[0]] == []  # and here never stricter
    assert any(not python for _, python in seen)  # the bad inputs were among them


def test_without_the_fast_validator_python_decides(monkeypatch):
    monkeypatch.setattr(fast, "jsonschema_rs", None)
    assert not fast.available()
    assert fast.passes({"type": "object"}, {}) is False


@pytest.mark.skipif(not fast.available(), reason="jsonschema-rs is not installed")
def test_data_it_cannot_take_goes_to_python():
    fast.passes({"type": "integer"}, 2**70)  # whatever it answers, it does not raise
    assert fast.passes({"type": "object"}, {1: object()}) is False
