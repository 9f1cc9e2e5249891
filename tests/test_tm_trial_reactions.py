"""Immigrant City's scenarios, whose legality hangs on reactions to its city (Tharsis
Republic's +1 M€ production, cards.json R31), and Moss's and Nitrophilic Moss's with
Viral Enhancers, whose legality hangs on the reaction to their own play (its plant,
cards.json #074), on the interpreter too: its trials are the oracle of the compiled ones
(tests/test_scenarios.py runs them compiled)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from compiler import scenario
from compiler.runtime import Game, RulesError
from tests.conftest import ROOT

_CARDS = ROOT / "tests" / "scenarios" / "terraforming_mars" / "cards"
CASES = sorted([*_CARDS.glob("200_immigrant_city*.yaml"),
                *_CARDS.glob("*moss_viral_enhancers*.yaml")])


class _Interpreted:
    """``Game`` whose new games run on the interpreter."""

    @staticmethod
    def new(rules: dict[str, Any], **kw: Any) -> Game:
        return Game.new(rules, engine="interpreter", **kw)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_scenario_on_the_interpreter(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario, "engine", lambda rules: (_Interpreted, RulesError))
    outcome = scenario.run_file(path, path.relative_to(ROOT).as_posix())
    assert outcome.passed, "\n".join(f.format() for f in outcome.failures)


def test_the_floor_cases_are_there() -> None:
    names = {p.stem for p in CASES}
    assert {"200_immigrant_city_floor", "200_immigrant_city_below_floor",
            "200_immigrant_city_tharsis_republic_floor"} <= names
