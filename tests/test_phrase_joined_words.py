"""A phrase that matches no definition but holds 'in', 'and' or 'or' is R033 with the
closest phrases, not D004 "a value where a statement is expected" (QA qa11 Q28): the core
read the words as a membership test or a logical 'and' / 'or' of two values. Two
statements joined by 'and' get "join statements with ';'"; an upper-case id is D001 saying
that ids are lower case. Each test edits a copy of a shipped game."""

from __future__ import annotations

import shutil
from pathlib import Path

from compiler.diagnostics import Diagnostic
from compiler.pipeline import compile_game
from tests.conftest import ROOT, TM_RULES
from tests.test_expansion_layer import CARDS, _expansion

PAMPERO = ROOT / "rules_data" / "pampero"
A1 = 'effect: "build wind_farm; gain 1 energy per frame energy"'
"""Action card A1 "Build a wind farm" (rules_data/pampero/cards/action_cards.yaml)."""


def _errors(rules: Path, base: Path | None = None) -> list[Diagnostic]:
    comp = compile_game(rules, ROOT if base else rules.parent, base=base)
    return [d for d in comp.diagnostics if d.severity.value == "error"]


def _pampero_a1(tmp_path: Path, effect: str) -> tuple[Path, int]:
    """A copy of Pampero whose card A1 has ``effect``; and the line of that effect."""
    rules = tmp_path / "pam"
    shutil.copytree(PAMPERO, rules)
    path = rules / "cards" / "action_cards.yaml"
    text = path.read_text("utf-8")
    assert A1 in text
    path.write_text(text.replace(A1, f'effect: "{effect}"', 1), "utf-8")
    return rules, text[:text.index(A1)].count("\n") + 1


def test_build_in_a_zone_is_r033_with_the_build_phrases(tmp_path: Path) -> None:
    """'build a wind farm in zone d' (a designer's wording of card A1) names the build
    phrases of Pampero's definitions/board.yaml ('build {p}', 'build {p} within {z}')."""
    rules, line = _pampero_a1(tmp_path, "build a wind farm in zone d")
    [d] = _errors(rules)
    assert (d.code, d.span.line) == ("R033", line)
    assert d.message.endswith("no definition matches 'build a wind farm in zone d'")
    assert d.hint.startswith("closest phrases: ")
    near = d.hint.removeprefix("closest phrases: ").split(", ")
    assert "build {p}" in near and "build {p} within {z}" in near


def test_two_statements_joined_by_and_say_join_with_semicolon(tmp_path: Path) -> None:
    """Terraforming Mars: 'gain 2 plants and gain 3 heat' meant two statements."""
    cards = CARDS.replace("gain 1 plants production; gain 2 plants",
                          "gain 2 plants and gain 3 heat")
    [d] = _errors(_expansion(tmp_path, cards), TM_RULES)
    assert (d.code, Path(d.span.path).name, d.span.line) == ("R033", "cards.yaml", 11)
    assert "no definition matches 'gain 2 plants and gain 3 heat'" in d.message
    assert d.hint == "join statements with ';': 'gain 2 plants; gain 3 heat'"


def test_two_statements_joined_by_or_say_choose(tmp_path: Path) -> None:
    """A1's build or A3's 'build tower' joined by 'or': a choice is 'choose (A | B)'."""
    rules, line = _pampero_a1(tmp_path, "build wind_farm or build tower")
    [d] = _errors(rules)
    assert (d.code, d.span.line) == ("R033", line)
    assert d.hint == "a choice of statements is 'choose (build wind_farm | build tower)'"


def test_and_with_a_side_that_is_no_statement_gives_the_closest_phrases(tmp_path: Path
                                                                         ) -> None:
    """'gain 2 plants and 3 heat': '3 heat' alone is no statement, so no ';' hint."""
    cards = CARDS.replace("gain 1 plants production; gain 2 plants",
                          "gain 2 plants and 3 heat")
    [d] = _errors(_expansion(tmp_path, cards), TM_RULES)
    assert d.code == "R033" and "join" not in d.hint
    assert d.hint.startswith("closest phrases: gain {n} {r}")


def test_an_upper_case_id_says_ids_are_lower_case(tmp_path: Path) -> None:
    """'zone D' (the board prints zone letters in capitals): D001 at the 'D', saying
    to write 'd', not a list of the grammar's tokens."""
    rules, line = _pampero_a1(tmp_path, "build wind_farm within D")
    [d] = _errors(rules)
    assert (d.code, d.span.line, d.span.col) == \
        ("D001", line, len('    effect: "build wind_farm within ') + 1)
    assert d.hint.startswith("names and ids are lower case: write 'd'")


def test_a_real_condition_where_a_statement_goes_is_still_d004(tmp_path: Path) -> None:
    """A comparison joined by 'and' is a value indeed: D004 stays."""
    rules, line = _pampero_a1(tmp_path, "money > 3 and energy > 1")
    [d] = _errors(rules)
    assert (d.code, d.span.line) == ("D004", line)
