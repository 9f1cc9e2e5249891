"""Terraforming Mars cases the engine gets wrong today (not the data): each is a scenario
in ``tests/known_failures/`` that asserts the rulebook's value, run here as a strict
expected failure, so that the fix in the engine turns it into an unexpected pass and the
scenario then moves to ``tests/scenarios/terraforming_mars/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.scenario import run_file
from tests.conftest import ROOT

KNOWN = ROOT / "tests" / "known_failures"

# Why each fails (none today: Immigrant City with Tharsis Republic at M€ production -5,
# refused while a trial fired no reaction, is tests/scenarios/terraforming_mars/cards/
# 200_immigrant_city_tharsis_republic_floor.yaml since trials fire them).
CASES: list[str] = []

@pytest.mark.xfail(strict=True, reason="a known engine limitation")
@pytest.mark.parametrize("name", CASES)
def test_known_failure(name: str):
    path: Path = KNOWN / name
    outcome = run_file(path, path.relative_to(ROOT).as_posix())
    assert outcome.passed, "\n".join(f"{s}: {m}" for s, m in outcome.failures)
