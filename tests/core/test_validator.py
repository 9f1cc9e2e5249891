"""The checker of the core language: every mistake a designer makes is a positioned
diagnostic with a stable code, found before a game is played (issue 7, 'The validator
follows the language')."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy
from tests.core.helpers import TINY, codes, diagnostics, tiny_copy


def test_the_small_game_is_clean_and_plays() -> None:
    comp = compile_game(TINY, TINY.parent)
    assert comp.diagnostics == []
    for modules in ((), ("zoo",), ("quick",)):
        game = Game.new(comp.ir, players=3, modules=modules, seed=5)
        RandomPolicy(5).play(game)
        assert game.is_over


def test_name_only_a_module_declares_needs_requires(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        'effect: "gain 4 points"}', 'effect: "gain 4 points; buy zoo"}')})
    found = diagnostics(folder)
    assert [d.code for d in found] == ["R037"]
    assert "module 'zoo'" in found[0].message and "requires" in found[0].hint
    assert str(found[0].span).endswith("cards.yaml:5:75")


def test_a_module_may_name_its_own_records(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"modules.yaml": (
        "{id: zoo, name: {en: Zoo}}",
        "{id: zoo, name: {en: Zoo}, changes: [{kind: cards, id: zoo, set: {cost: 3}}]}")})
    assert diagnostics(folder) == []


def test_module_change_of_a_misspelt_card_or_field(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"modules.yaml": (
        "{id: quick, name: {en: Quick game}, round_limit: 2}",
        "{id: quick, name: {en: Quick game}, round_limit: 2,\n"
        "     changes: [{kind: cards, id: statu, set: {cots: 1}}]}")})
    found = diagnostics(folder)
    assert {d.code for d in found} == {"R015", "R001"}
    assert any("did you mean 'statue'" in d.hint for d in found)
    assert any("did you mean 'cost'" in d.hint for d in found)


def test_resource_on_a_card_that_holds_none(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        '{id: mine, name: {en: Mine}, cost: 2, effect: "gain 3 coins"}',
        '{id: mine, name: {en: Mine}, cost: 2, effect: "add 1 microbe to this card"}')})
    found = diagnostics(folder)
    assert [d.code for d in found] == ["R038"]
    assert found[0].message == "this card holds no microbe"


def test_unknown_source_document_and_unsourced_record(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        "source: {doc: tiny-rules, section: \"Cards\"}\n",
        "")})
    (folder / "card_resources.yaml").write_text(
        (folder / "card_resources.yaml").read_text().replace("tiny-rules", "tiny-rulez"))
    found = codes(folder)
    assert ("R017", f"{folder.name}/card_resources.yaml:2:15") in found
    assert sum(1 for c, _ in found if c == "W003") == 7   # the 7 cards


def test_error_on_the_third_line_of_a_folded_text(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        '{id: statue, name: {en: Statue}, cost: 5, effect: "gain 4 points"}',
        "id: statue\n    name: {en: Statue}\n    cost: 5\n    effect: >-\n"
        "      gain 4 points;\n      gain 1 coins;\n      gain 2 coinz")})
    found = diagnostics(folder)
    assert [d.code for d in found] == ["R001"]
    line = (folder / "cards.yaml").read_text().splitlines().index("      gain 2 coinz") + 1
    assert str(found[0].span).endswith(f"cards.yaml:{line}:14")


def test_error_inside_a_definition_is_reported_at_the_definition(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"definitions.yaml": (
        'effect: "stock.(r) += n"', 'effect: "stock.(r) += m"')})
    found = diagnostics(folder)
    assert [d.code for d in found] == ["R001"]
    assert "in definition 'gain'" in found[0].message
    assert "definitions.yaml:7:" in str(found[0].span)


def test_wrong_argument_is_reported_at_the_use(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": ('"gain 3 coins"', '"gain 3 coin"')})
    found = diagnostics(folder)
    assert [d.code for d in found] == ["R001"]
    assert "cards.yaml:4:" in str(found[0].span) and "coins" in found[0].hint


def test_phrase_no_definition_has(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": ('"gain 3 coins"', '"earn 3 coins"')})
    found = diagnostics(folder)
    assert [d.code for d in found] == ["R033"]
    assert "gain {n} {r}" in found[0].hint


def test_an_extra_word_reports_the_whole_phrase(tmp_path: Path) -> None:
    """'coins production' matches no phrase as the hole {r}: the use as a whole is named
    (not the bare 'no definition matches' of the inner try)."""
    folder = tiny_copy(tmp_path, {"cards.yaml": ('"gain 3 coins"', '"gain 3 coins production"')})
    found = diagnostics(folder)
    assert [(d.code, d.message) for d in found] == [
        ("R033", "no definition matches 'gain 3 coins production'")]
    assert found[0].hint
    line = (folder / "cards.yaml").read_text().splitlines()[3]
    assert str(found[0].span).endswith(f"cards.yaml:4:{line.index('gain 3') + 1}")


def test_every_problem_of_one_run_is_reported(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": ('"gain 3 coins"', '"gain 3 coin"')})
    text = (folder / "flow.yaml").read_text().replace('amount: "points"', 'amount: "pointz"')
    (folder / "flow.yaml").write_text(text)
    assert sorted(c for c, _ in codes(folder)) == ["R001", "R001"]


def test_printed_component_count_differs_from_the_records(tmp_path: Path) -> None:
    """A module's printed component count is compared with the records of its deck (a
    slip the rulebook prints is kept and reported, W002)."""
    folder = tiny_copy(tmp_path, {
        "kinds.yaml": ("resource: card_resources?, vp: number}",
                       "resource: card_resources?, vp: number, deck: text, copies: int}"),
        "cards.yaml": ('effect: "add 2 animal to this card"}',
                       'effect: "add 2 animal to this card", deck: zoo_cards, copies: 3}'),
        "modules.yaml": ("{id: zoo, name: {en: Zoo}}",
                         "{id: zoo, name: {en: Zoo}, components: [{id: zoo_card, count: 4, "
                         "deck: zoo_cards}]}")})
    found = diagnostics(folder)
    assert [d.code for d in found] == ["W002"]
    assert "printed 4 zoo cards, 3 records define them" in found[0].message
