"""Diagnostics QA found weak, each on the small valid game of ``tests/bad_input/_base``
with one slip: R033 quoting only the words before a negative number read as a
subtraction (devqa9 F12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.pipeline import compile_game
from tests.test_bad_input import make_rules

AT_MOST = """  - id: money_at_most
    phrase: "money at most {n}"
    params: {n: int}
    value: "stock.money <= n"
    text: {en: "at most {n} money"}
"""


def _errors(rules: Path) -> list[str]:
    comp = compile_game(rules, rules.parent, use_cache=False)
    return [d.format() for d in comp.diagnostics if d.severity.name == "ERROR"]


def _requiring(tmp_path: Path, requires: str) -> Path:
    """The base game with the value phrase 'money at most {n}' and the card 'lion'
    requiring ``requires``."""
    rules = make_rules(tmp_path)
    defs = rules / "definitions.yaml"
    defs.write_text(defs.read_text() + AT_MOST)
    kinds = rules / "kinds.yaml"
    kinds.write_text(kinds.read_text().replace("effect: effect}", "effect: effect, "
                                               "requires: condition}"))
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text().replace('effect: "gain 2 score"',
                                               f'effect: "gain 2 score", requires: "{requires}"'))
    return rules


@pytest.mark.parametrize("requires, extra", [("money at most -16 degrees", "degrees"),
                                             ("money at most -2 dollars each", "dollars each")])
def test_a_negative_number_before_extra_words_is_quoted_whole(tmp_path, requires, extra):
    """`temperature at most -16 degrees`: the parser reads `(temperature at most) - (16
    degrees)`; the message quoted 'temperature at most' alone."""
    [found] = _errors(_requiring(tmp_path, requires))
    assert f"error[R033]: no definition matches '{requires}'" in found
    assert "cards.yaml:5:" in found
    n = requires.split()[3]
    assert f"hint: write 'money at most ({n})'" in found and f"'{extra}' is no part" in found


def test_a_negative_number_alone_still_reads_as_the_argument(tmp_path):
    assert _errors(_requiring(tmp_path, "money at most -16")) == []


def test_a_misspelt_phrase_before_a_negative_number_keeps_the_closest_hint(tmp_path):
    [found] = _errors(_requiring(tmp_path, "money at mots -16 degrees"))
    assert "no definition matches 'money at mots -16 degrees'" in found
    assert "closest phrases: money at most {n}" in found


@pytest.mark.parametrize("effect, said", [("gain 2.5 score", "'2.5' is not a number"),
                                          ("gain 2 score; gain (2 > 1).0 score",
                                           "bool has no items")])
def test_a_decimal_number_is_an_error_not_an_item_of_a_number(tmp_path, effect, said):
    """QA qa11 Q21: ``gain 2.5 plants`` passed check, read "Gain 2 5 plants" on the sheet
    and gained nothing: ``2.5`` parsed as item 5 of the number 2 (``list.N`` reads an
    item). The rules count whole amounts; a number, a yes/no has no items."""
    rules = make_rules(tmp_path)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text().replace('effect: "gain 2 score"', f'effect: "{effect}"'))
    [found] = _errors(rules)
    assert "error[R003]" in found and said in found and "cards.yaml:5:" in found, found


@pytest.mark.parametrize("entry, setting, said", [
    ("tokens: {type: int, min: 5, max: 2}", "min", "min 5 is above max 2"),
    ("tokens: {type: int, min: 0, max: 3, value: 9}", "value",
     "the first value 9 is above its max 3"),
    ("tokens: {type: int, min: 1, value: 0}", "value", "the first value 0 is below its min 1")])
def test_a_state_entry_with_no_value_between_its_bounds_is_r030(tmp_path, entry, setting,
                                                                said):
    """QA qa12 S9/S10: Love Letter's tokens of affection with min above max passed check and
    the game never ended (every change clamped to no value); a first value above max was
    lowered by the first gain (9 + 1 clamped to 3)."""
    rules = make_rules(tmp_path)
    state = rules / "state.yaml"
    state.write_text(state.read_text() + f"  {entry}\n")
    [found] = _errors(rules)
    col = f"  {entry}".index(f"{setting}: ") + len(setting) + 3   # at the setting's value
    assert f"state.yaml:5:{col}: error[R030]: state 'tokens': {said}" in found, found
