"""Every scenario failure code (T001-T010, docs/diagnostics.md "Scenario failures") is
made by its documented bad example, and the example's fix passes.

The examples are Love Letter scenarios (the classic rules: a Baron compares hands, the
lower card is out; a Guard may not name a Guard), run as ``rulesc test`` runs them.
T010 (the engine crashed) has no example a scenario can make: a broken engine makes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from compiler import scenario
from compiler.scenario import run_file
from tests.test_diagnostics_codes import DOCS, SCENARIO_CODES
from tests.test_scenario_messages import BARON

EXAMPLES = sorted(c for c in SCENARIO_CODES if "bad" in DOCS[c])


def run(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, "utf-8")
    return [f.code for f in run_file(path, "scenario.yaml").failures]


def test_every_scenario_code_but_the_crash_has_an_example() -> None:
    assert set(EXAMPLES) == SCENARIO_CODES - {"T010"}


@pytest.mark.parametrize("code", EXAMPLES)
def test_bad_scenario_fails_with_its_code(code: str, tmp_path: Path) -> None:
    name, text = DOCS[code]["bad"]
    assert name == "scenario.yaml"
    assert code in run(tmp_path, text)


@pytest.mark.parametrize("code", EXAMPLES)
def test_fixed_scenario_passes(code: str, tmp_path: Path) -> None:
    assert run(tmp_path, DOCS[code]["fix"][1]) == []


def test_an_engine_crash_is_t010_not_a_traceback(tmp_path: Path, monkeypatch) -> None:
    class Broken:
        @staticmethod
        def new(*_args: Any, **_kw: Any) -> Any:
            raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(scenario, "engine", lambda rules: (Broken, ValueError))
    path = tmp_path / "scenario.yaml"
    path.write_text(DOCS["T001"]["fix"][1], "utf-8")
    failures = run_file(path, "scenario.yaml").failures
    assert [f.code for f in failures] == ["T010"]
    assert "the engine crashed: ZeroDivisionError: division by zero" in failures[0].message



def test_a_when_not_a_list_leaves_then_uncompared(tmp_path: Path) -> None:
    """A ``when`` that is not a list of steps is T001 alone: the Baron was not played, so
    ``players.@1.out`` is false; a T007 for it would follow from the T001 (as after a
    refused step, README "Rules tests as data")."""
    fixed = DOCS["T001"]["fix"][1]
    head, _, rest = fixed.partition("when:")
    text = head + "when: {card: baron}\nthen:" + rest.partition("then:")[2]
    assert run(tmp_path, text) == ["T001"]


def test_a_given_below_a_state_entry_s_min_is_t004(tmp_path: Path) -> None:
    """Love Letter's tokens of affection count up from 0 (state.yaml `min: 0`): a `given`
    of -1 sets a state the rules never reach; it is T004 at the entry, not a pass."""
    text = ("scenario: \"tokens below zero\"\ngame: love_letter\nplayers: 2\nseed: 1\n"
            "given:\n  players.@0.tokens: {tokens}\nthen:\n  players.@0.tokens: {tokens}\n")
    failures = run_file(_write(tmp_path, text.replace("{tokens}", "-1")),
                        "scenario.yaml").failures
    assert [(f.code, f.span.line) for f in failures] == [("T004", 6)]
    assert "-1 is below the least value 0 of 'tokens'" in failures[0].message
    assert run(tmp_path, text.replace("{tokens}", "2")) == []


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, "utf-8")
    return path


def test_a_step_after_a_given_not_set_says_it_may_follow_from_it(tmp_path: Path) -> None:
    """A given that could not be set (a misspelt card) is reported (T004); a
    ``{refused: ...}`` step after it judges a game the scenario did not mean, so its
    failure (here accepted: the Baron may target player 2) says it may follow from it."""
    text = BARON.replace("players.@0.hand: [guard, baron]", "players.@0.hand: [gaurd, baron]")
    text = text.replace("  - {target: '@1'}\n", "  - {refused: {target: '@1'}}\n")
    path = tmp_path / "baron.yaml"
    path.write_text(text, "utf-8")
    out = run_file(path, "baron.yaml").failures
    assert [f.code for f in out] == ["T004", "T006"], out
    assert "could not be set (T004): this step may fail only because of it" in out[1].hint
