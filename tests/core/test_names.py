"""Names and phrases at their edges (docs/dsl.md, 'Names' and 'Keywords'): a kind's name
before a record of another kind with that id, a negative number after a phrase's words,
keywords in a phrase, follow-on diagnostics of a file that did not load, and a choice
whose option changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy
from tests.core.helpers import codes, diagnostics, tiny_copy

MODULES = ("  - {id: zoo, name: {en: Zoo}}",
           "  - {id: zoo, name: {en: Zoo}}\n  - {id: cards, name: {en: More cards}}")
MINE = '{id: mine, name: {en: Mine}, cost: 2, effect: "gain 3 coins"}'


def _play(folder: Path, players: int = 2, seed: int = 1) -> Game:
    game = Game.new(compile_game(folder, folder.parent).ir, players=players, seed=seed)
    return game


def test_a_kind_name_is_its_ids_even_when_a_module_has_that_id(tmp_path: Path) -> None:
    # 7 cards in tiny's cards.yaml: a Mine pays one coin per card
    folder = tiny_copy(tmp_path, {"modules.yaml": MODULES, "cards.yaml": (
        MINE, MINE.replace('"gain 3 coins"', '"gain (count cards) coins"'))})
    comp = compile_game(folder, folder.parent)
    assert comp.diagnostics == []
    mine = next(r for r in _records(comp.ir, "cards") if r["id"] == "mine")
    assert '"kind": "cards"' in repr(mine["effect"]).replace("'", '"')


def _records(ir: dict, kind: str) -> list[dict]:
    recs = ir["records"][kind]
    return list(recs.values()) if isinstance(recs, dict) else list(recs)


def test_a_negative_number_after_a_phrase_needs_no_parentheses(tmp_path: Path) -> None:
    defs = ("  - id: cost\n",
            "  - id: owes\n    phrase: \"coins below {n}\"\n    params: {n: int}\n"
            "    value: \"coins < n\"\n    text: {en: \"fewer than {n} coins\"}\n"
            "  - id: cost\n")
    folder = tiny_copy(tmp_path, {"definitions.yaml": defs, "cards.yaml": (
        '"gain 3 coins"', '"if coins below -1 then gain 1 points else gain 3 coins"')})
    assert codes(folder) == []
    comp = compile_game(folder, folder.parent)
    mine = next(r for r in _records(comp.ir, "cards") if r["id"] == "mine")
    assert "-1" in repr(mine["effect"])


def test_a_phrase_starting_with_a_keyword_is_r031(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"definitions.yaml": (
        'phrase: "take a turn"', 'phrase: "choose a turn"')})
    found = [d for d in diagnostics(folder) if d.code == "R031"]
    assert found and "'choose'" in found[0].message
    assert str(found[0].span).startswith("core_tiny/definitions.yaml:")


def test_a_keyword_inside_a_phrase_is_r031(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"definitions.yaml": (
        'phrase: "animals here"', 'phrase: "animals here or there"')})
    found = [d for d in diagnostics(folder) if d.code == "R031"]
    assert found and "'or'" in found[0].message


def test_a_definitions_file_that_does_not_load_brings_no_phrase_errors(
        tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"definitions.yaml": (
        "records:", "records:\n  bad: [")})
    found = codes(folder)
    assert found and all(code.startswith("L") for code, _ in found), found


def test_a_phrase_no_file_declares_is_still_r033_when_another_file_failed(
        tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {
        "resources.yaml": ("records:", "records:\n  bad: ["),
        "cards.yaml": ('"gain 4 points"', '"gain 4 points; dance a jig"')})
    assert "R033" in [code for code, _ in codes(folder)]


def test_an_option_that_changes_nothing_is_not_offered(tmp_path: Path) -> None:
    # "a choice never offers an option that can do nothing" (issue 9, TM rulebook);
    # tiny's Choice card: "choose (gain 2 points | gain 1 coins)", asked as options 0, 1
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        '"choose (gain 2 points | gain 1 coins)"', '"choose (gain 2 points | gain 0 coins)"')})
    played = 0
    for seed in range(1, 7):
        game = _play(folder, players=2, seed=seed)
        policy = RandomPolicy(seed)
        while not game.is_over:
            pending = game.pending()
            assert pending is not None
            assert {"option": 1} not in pending["options"]
            game.apply(policy.choose(game))
        played += sum("choice" in p["tableau"] for p in game.state["players"])
    assert played > 0


def test_adding_a_number_to_a_list_of_cards_is_r003(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"flow.yaml": ("hand += [first deck]", "hand += [coins]")})
    found = [d for d in diagnostics(folder) if d.code == "R003"]
    assert len(found) == 1 and "[int]" in found[0].message
    assert str(found[0].span).startswith("core_tiny/flow.yaml:5:")


def test_a_number_written_as_a_word_is_told_to_be_digits(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": ('"gain 3 coins"', '"gain three coins"')})
    [d] = [d for d in diagnostics(folder) if d.code == "R033"]
    assert d.hint == "write numbers as digits: 3, not 'three'"


def test_two_definitions_with_one_phrase_is_r034_at_the_second(tmp_path: Path) -> None:
    defs = ("  - id: cost\n",
            "  - id: gain_again\n    phrase: \"gain {k} {s}\"\n    params: {k: int, s: resources}\n"
            "    effect: \"stock.(s) += k\"\n    text: {en: \"gain {k} {s}\"}\n  - id: cost\n")
    folder = tiny_copy(tmp_path, {"definitions.yaml": defs})
    found = [d for d in diagnostics(folder) if d.code == "R034"]
    assert len(found) == 1 and "'gain_again' has the phrase of definition 'gain'" in \
        found[0].message
    assert found[0].related and found[0].related[0].line == 5  # gain's phrase


def test_a_map_read_at_a_key_of_another_kind_is_r003(tmp_path: Path) -> None:
    # stock is {each: resources}: a card id is no key of it (the engine would write a
    # stock entry the rules never declared)
    folder = tiny_copy(tmp_path, {"cards.yaml": ('"gain 3 coins"', '"stock.(mine) += 1"')})
    found = [d for d in diagnostics(folder) if d.code == "R003"]
    assert found and "resources id is expected" in found[0].message
    fine = tiny_copy(tmp_path / "ok", {"cards.yaml": ('"gain 3 coins"',
                                                      '"stock.(coins) += 1"')})
    assert codes(fine) == []


def test_an_emit_without_a_declared_field_is_r043(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        '"gain 3 coins"', '"gain 3 coins; emit played {card: this}"')})
    found = [d for d in diagnostics(folder) if d.code == "R043"]
    assert found and "'by'" in found[0].message and "by: ..." in found[0].hint
    optional = tiny_copy(tmp_path / "opt", {
        "cards.yaml": ('"gain 3 coins"', '"gain 3 coins; emit played {card: this}"'),
        "events.yaml": ("by: player}", 'by: "player?"}')})
    assert codes(optional) == []


def test_a_name_of_another_kind_spelt_like_a_wanted_id_hints_at_it(tmp_path: Path) -> None:
    # a card 'coin' where a resource is wanted: "did you mean 'coins'?", the resource
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        "records:\n",
        'records:\n  - {id: coin, name: {en: Coin}, cost: 1, effect: "gain 1 coin"}\n')})
    found = [d for d in diagnostics(folder) if d.code == "R003"]
    assert found and "'coin' is a cards id" in found[0].message
    assert found[0].hint.startswith("did you mean 'coins'")


def test_a_number_in_effect_text_past_15_digits_is_l015_at_the_number(tmp_path: Path) -> None:
    # the loader's rule for YAML numbers (L015, more than 15 digits) holds in effect text
    big = "1" + "0" * 30
    folder = tiny_copy(tmp_path, {"cards.yaml": ('"gain 3 coins"', f'"gain {big} coins"')})
    found = [d for d in diagnostics(folder) if d.code == "L015"]
    assert found and "out of range" in found[0].message
    line = (folder / "cards.yaml").read_text().splitlines()[found[0].span.line - 1]
    assert line[found[0].span.col - 1:].startswith(big)
    fifteen = tiny_copy(tmp_path / "ok", {"cards.yaml": ('"gain 3 coins"',
                                                         f'"gain {"9" * 15} coins"')})
    assert codes(fifteen) == []


@pytest.mark.parametrize("effect", ["for each x in 3: gain 1 coins",
                                    "gain (count 3) coins",
                                    "gain (count [each x in true]) coins",
                                    "choose (for each x in 2: gain 1 coins)"])
def test_going_through_one_value_is_r003(tmp_path: Path, effect: str) -> None:
    # a number or a yes/no holds nothing to go through: the engine used to do nothing
    # (QA finding F16); a list, a map or a kind is what `for each` and `count` take
    folder = tiny_copy(tmp_path, {"cards.yaml": ('"gain 3 coins"', f'"{effect}"')})
    found = [d for d in diagnostics(folder) if d.code == "R003"]
    assert found and "a list, a map or a kind" in found[0].message
