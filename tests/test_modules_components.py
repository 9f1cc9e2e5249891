"""Printed component counts against the records of their deck (W002)."""

from __future__ import annotations

from compiler.check.components import check_components
from compiler.load import Document, load_text
from compiler.schema import validate
from tests.test_modules_combinations import compiled, energy, line_of, of


def docs(**files: str) -> list[Document]:
    out = []
    for name, text in files.items():
        doc, diags = load_text(f"rules/{name}.yaml", text.encode("utf-8"))
        assert doc is not None and diags == []
        out.append(doc)
    return out


GAME = """kind: game
id: g
title: {en: G}
players: {min: 1, max: 4}
sources: {rules: "Rules"}
components:
  - {id: tile, count: 6, deck: tiles}
"""
MODULES = """kind: modules
records:
  - id: companies
    name: {en: Companies}
    components:
      - {id: company_tile, count: 14, name: {en: company tile}, deck: company_tiles}
      - {id: energific_tile, count: 1}
"""


def test_printed_slip_is_a_warning_at_the_count_naming_both_numbers(tmp_path):
    rules = energy(tmp_path)
    [d] = of(compiled(rules), "W002")
    assert d.severity.value == "warning"
    assert d.message == "printed 14 company tiles, 13 records define them " \
        "(deck 'company_tiles', module 'companies')"
    assert (d.span.line, d.span.col) == line_of(rules, "modules.yaml", "14, deck")
    assert d.related[0].path.endswith("cards_companies.yaml")
    assert (d.related[0].line, d.related[0].col) == line_of(rules, "cards_companies.yaml",
                                                            "company_01")


def test_only_records_of_that_module_count(tmp_path):
    # action_cards holds 4 base cards and 2 module cards: the game's printed 4 matches
    rules = energy(tmp_path, {"game.yaml": [("count: 4", "count: 6")]})
    [d] = [d for d in of(compiled(rules), "W002") if "action" in d.message]
    assert d.message == "printed 6 action cards, 4 records define them " \
        "(deck 'action_cards', base game)"
    assert d.span.path.endswith("game.yaml")


def test_count_matching_the_records_is_clean(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("count: 14", "count: 13")]})
    assert of(compiled(rules), "W002") == []


def test_copies_and_per_record_deck_are_counted():
    found = check_components(docs(game=GAME, modules=MODULES, tiles="""kind: cards
deck: tiles
records:
  - {id: a, copies: 3}
  - {id: b, copies: 2}
  - {id: c, deck: company_tiles, module: companies, copies: 13}
  - {id: d, module: companies}
""", more="""kind: tokens
records:
  - {id: e, deck: tiles}
  - {id: f, deck: company_tiles, module: companies}
"""))
    # tiles: a 3 + b 2 + e 1 = 6 (d has a module); company_tiles: c 13 + f 1 = 14
    assert found == []


def test_difference_with_copies_and_no_record_at_all():
    found = check_components(docs(game=GAME, modules=MODULES, tiles="""kind: cards
deck: tiles
records:
  - {id: a, copies: 2}
  - {id: b}
"""))
    assert sorted(d.message for d in found) == [
        "printed 14 company tiles, 0 records define them (deck 'company_tiles', "
        "module 'companies')",
        "printed 6 tiles, 3 records define them (deck 'tiles', base game)"]
    tiles = next(d for d in found if "6 tiles" in d.message)
    assert tiles.span.line == 7 and tiles.related[0].line == 4
    assert next(d for d in found if "company" in d.message).related == ()


def test_provisional_count_is_not_compared():
    game = GAME.replace("count: 6", "count: {provisional: 6, reason: r}")
    assert check_components(docs(game=game)) == []


def test_schemas_accept_deck_on_components_and_both_sources_forms():
    game = GAME.replace('sources: {rules: "Rules"}', "sources:\n  rules: Rules\n  more:\n"
                        "    title: More rules\n    sections: [Setup, Turn]")
    good, diags = validate(docs(game=game, modules=MODULES))
    assert diags == [] and len(good) == 2
    bad = game.replace("sections: [Setup, Turn]", "sections: [Setup, Setup]")
    _good, diags = validate(docs(game=bad))
    assert [d.code for d in diags] == ["S003"]
