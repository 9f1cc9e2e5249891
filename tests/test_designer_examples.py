"""The designer's examples in docs/examples, written from README.md and docs/ only: each
checks clean on its game and its scenarios (the cards' and tiles' own texts) pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.mark.parametrize("example, game", [("frontier_pack", "terraforming_mars"),
                                           ("boom_events", "pampero")])
def test_an_example_expansion_checks_and_its_scenarios_pass(example, game, capsys):
    rules = str(EXAMPLES / example)
    assert main(["check", "--rules", rules, "--on", game]) == 0
    assert main(["test", str(EXAMPLES / example / "scenarios"), "--rules", rules,
                 "--on", game]) == 0
    out = capsys.readouterr().out
    assert "0 failed" in out and "FAIL" not in out
