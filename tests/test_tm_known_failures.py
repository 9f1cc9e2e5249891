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

# Why each fails. Immigrant City at M€ production -5 with Tharsis Republic: city first
# (+1 own, +1 Tharsis Republic), then -2 = -5, in the order a player prefers ("Azione 1 >
# Fase 2: nell'ordine che preferite"), as the reference implementation plays it. The
# engine offers an action when its effect holds up to its first decision (here the
# city's space), and its trials fire no reaction (compiler/runtime/cps.py: "a trial
# fires nothing"); so the data applies the box before the city (with the city first, a
# player with no energy production would be offered the card and every space refused:
# a requirement failing mid-effect), and -5 +1 -2 = -6 is refused.
CASES = ["tm_200_immigrant_city_tharsis_republic_floor.yaml"]


@pytest.mark.xfail(strict=True, reason="an action is offered on a trial up to its first "
                   "decision, which fires no reactions")
@pytest.mark.parametrize("name", CASES)
def test_known_failure(name: str):
    path: Path = KNOWN / name
    outcome = run_file(path, path.relative_to(ROOT).as_posix())
    assert outcome.passed, "\n".join(f"{s}: {m}" for s, m in outcome.failures)
