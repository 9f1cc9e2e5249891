"""Wording of diagnostics a new user found weak: a list field given one value, a record
kind's schema, an unknown field of ``changes.set``, R023 for a module that does not
exist, an unclosed bracket, and ``rulesc explain`` of an unknown id."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.pipeline import compile_game
from tests.conftest import ROOT, TM_RULES

CARDS = """kind: cards
deck: project
source: {doc: tm-rules-it, section: "Carta Progetto"}
records:
  - id: dust_farm
    number: "X10"
    name: Dust Farm
    type: automated
    cost: 11
    tags: plant
    module: green_pack
"""
MODULES = """kind: modules
records:
  - id: rep
    name: {en: Rep}
    source: {doc: tm-rules-it, section: "Variante Era aziendale"}
    replaces: [{id: lichen, by: dust_farm}]
    changes: [{kind: cards, id: lichen, set: {cost: 5, flavour: 3}}]
"""


@pytest.fixture(scope="module")
def diags(tmp_path_factory):
    exp = tmp_path_factory.mktemp("wording") / "exp"
    exp.mkdir()
    (exp / "cards.yaml").write_text(CARDS, "utf-8")
    (exp / "modules.yaml").write_text(MODULES, "utf-8")
    return compile_game(exp, ROOT, base=TM_RULES).diagnostics


def _one(diags, code, text):
    [d] = [d for d in diags if d.code == code and text in d.message]
    return d


def test_a_list_field_given_one_value_says_a_list(diags):
    d = _one(diags, "S003", "tags")
    assert "'plant' is not a list of ids of tags" in d.message
    assert d.hint == "write a list: [plant]"


def test_a_record_kind_schema_hint_names_rulesc_schema(diags):
    d = _one(diags, "S003", "name")
    assert d.hint == "write it by language: {en: Dust Farm}"
    assert "schemas/ and docs/data-format.md" not in " ".join(x.hint for x in diags)


def test_an_unknown_field_of_changes_set_lists_the_fields(diags):
    d = _one(diags, "R001", "no field 'flavour'")
    assert d.hint.startswith("the fields of cards: ") and "cost" in d.hint


def test_r023_does_not_suggest_requiring_a_module_that_does_not_exist(diags):
    d = _one(diags, "R023", "'green_pack'")
    assert "requires: [green_pack]" not in d.hint and "no module 'green_pack'" in d.hint


def test_an_unclosed_bracket_is_reported_at_the_bracket(tmp_path: Path):
    from compiler.load.yaml_reader import read_yaml

    text = "kind: cards\nrecords:\n  - {id: foo, name: {en: Foo}, cost: 3\n  - {id: bar}\n"
    _doc, [d] = read_yaml("broken.yaml", text)
    assert (d.code, d.span.line, d.span.col) == ("L003", 3, 5)
    assert "'{' is not closed" in d.message and "'}'" in d.hint


def test_explain_of_an_unknown_id_hints_kind_colon_id(capsys):
    from compiler.cli import main

    assert main(["explain", "terraforming_mars", "nosuch"]) == 1
    err = capsys.readouterr().err
    assert "KIND:ID" in err and "cards" in err
    assert main(["explain", "terraforming_mars", "card:asteroidd"]) == 1
    assert "did you mean 'asteroid'" in capsys.readouterr().err


def test_a_negative_amount_says_to_use_the_opposite_phrase(tmp_path):
    """``gain -2 money`` reads as ``gain - (2 money)``: D004 at the effect, with the
    opposite phrase as the fix."""
    import shutil

    rules = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", rules)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace('effect: "gain 3 money"',
                                                      'effect: "gain -2 money"'), "utf-8")
    found = [d for d in compile_game(rules, ROOT).diagnostics if d.code == "D004"]
    assert len(found) == 1 and found[0].span.line == 4
    assert "lose 2 X, not gain -2 X" in (found[0].hint or "")


def test_a_list_where_a_small_mapping_goes_shows_its_shape(tmp_path):
    """A module's ``players: [7]``: S003 at the value, with the mapping to write."""
    import shutil

    rules = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", rules)
    modules = rules / "modules.yaml"
    modules.write_text(modules.read_text("utf-8").replace(
        "{id: zoo, name: {en: Zoo}}", "{id: zoo, name: {en: Zoo}, players: [7]}"), "utf-8")
    [found] = [d for d in compile_game(rules, ROOT).diagnostics if d.code == "S003"]
    assert (found.span.line, found.span.col) == (4, 41)
    assert found.hint == "a player count range is a mapping: {min: ..., max: ...}"


@pytest.mark.parametrize(("effect", "named", "hint"), [
    ("gain\u00a03 money", "U+00A0 NO-BREAK SPACE", "write a plain space"),
    ("gain 3\u200b money", "U+200B ZERO WIDTH SPACE", "invisible: delete it"),
    ("gain \uff14 money", "U+FF14 FULLWIDTH DIGIT FOUR", "write '4'"),
])
def test_an_invisible_or_look_alike_character_is_named(tmp_path, effect, named, hint):
    """QA qa9 H5: D001 said "unexpected character '\\xa0'" (a Python escape), its hint
    the 20 tokens that may come there. The character's Unicode name, as S003 names one
    in an id, and what to write instead."""
    import shutil

    rules = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", rules)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace('"gain 3 money"', f'"{effect}"'),
                     "utf-8")
    [found] = [d for d in compile_game(rules, ROOT).diagnostics if d.code == "D001"]
    assert found.message.endswith(f"unexpected character {named}"), found.message
    assert hint in found.hint and "\\x" not in found.message + found.hint, found.hint
    odd = next(c for c in effect if not c.isascii())
    line = cards.read_text("utf-8").splitlines()[3]
    assert (found.span.line, found.span.col) == (4, line.index(odd) + 1)


@pytest.mark.parametrize("word, hint", [
    ("lions", "a resources id is expected here: money, score"),
    ("mony", "did you mean 'money'?"),
])
def test_an_unknown_name_where_a_kind_is_wanted_hints_that_kinds_ids(tmp_path, word, hint):
    """QA devqa9 F13: ``gain 5 dollars`` (Pampero) hinted 'solar', the id nearest in
    spelling of any kind; ``gain {n} {r}`` wants a resource. Here 'lions' is nearest
    the card 'lion', which no gain takes: the hint names the resources."""
    import shutil

    rules = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", rules)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace('effect: "gain 3 money"',
                                                      f'effect: "gain 3 {word}"'), "utf-8")
    found = [d for d in compile_game(rules, ROOT).diagnostics if d.code == "R001"]
    assert len(found) == 1 and found[0].span.line == 4, found
    assert found[0].hint == hint


def test_an_unquoted_text_argument_is_told_to_quote_it(tmp_path):
    """QA devqa9 F14: Pampero's ``deal one of set "ii" of events`` written without the
    quotes said "unknown name 'ii'" and "declare it": the set is a text here."""
    import shutil

    rules = tmp_path / "pampero"
    shutil.copytree(ROOT / "rules_data" / "pampero", rules)
    modules = rules / "modules.yaml"
    text = modules.read_text("utf-8")
    assert 'deal one of set \\"ii\\" of events' in text
    modules.write_text(text.replace('deal one of set \\"ii\\" of events',
                                    'deal one of set ii of events'), "utf-8")
    found = [d for d in compile_game(rules, ROOT).diagnostics if d.severity.name == "ERROR"]
    assert [d.code for d in found] == ["R001"], found
    assert found[0].hint == 'a text is expected here: write "ii" in quotes'
