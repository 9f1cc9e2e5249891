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

# Why each fails: the trial runs that list legal actions fire no reaction
# (compiler/runtime/cps.py: "a trial fires nothing"), so a card playable only thanks to
# a reaction to its own effect is not offered. Immigrant City at M€ production -5 with
# Tharsis Republic: city first (+1 own, +1 Tharsis Republic), then -2 = -5, in the order
# a player prefers ("Azione 1 > Fase 2: nell'ordine che preferite"); the trial sees -6.
CASES = ["tm_200_immigrant_city_tharsis_republic_floor.yaml"]


@pytest.mark.xfail(strict=True, reason="legal-action trials fire no reactions")
@pytest.mark.parametrize("name", CASES)
def test_known_failure(name: str):
    path: Path = KNOWN / name
    outcome = run_file(path, path.relative_to(ROOT).as_posix())
    assert outcome.passed, "\n".join(f"{s}: {m}" for s, m in outcome.failures)
