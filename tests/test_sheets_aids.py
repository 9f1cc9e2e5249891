"""Player aids: the two audiences, the quick reference, the module pages, the card proxies,
a chosen selection of modules with its errata marks, and the paper size.

Values asserted come from the rulebooks (Terraforming Mars Regole; Pampero's module
rulebooks) or from the small test game written here, never from the rendered output.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from compiler import sheets
from compiler.pipeline import compile_game
from compiler.runtime import RulesError
from compiler.sheets import explain
from compiler.sheets.audit import problems, visible_text
from compiler.sheets.words import WORDS
from tests.conftest import ROOT
from tests.test_sheets_safety import small_game

GAMES = ("terraforming_mars", "pampero", "love_letter")


@pytest.fixture(scope="module")
def irs() -> dict[str, Any]:
    out = {}
    for game in GAMES:
        comp = compile_game(ROOT / "rules_data" / game, ROOT)
        assert not comp.failed()
        out[game] = comp.ir
    return out


def text(html: bytes) -> str:
    return re.sub(r"\s+", " ", visible_text(html))


@pytest.mark.parametrize("game", GAMES)
def test_every_player_page_shows_no_id_none_or_data_path(irs, game):
    ir = irs[game]
    for lang in sheets.languages(ir):
        for aid in sheets.AIDS:
            assert problems(sheets.page(ir, aid, lang), ir) == [], (aid, lang)


GAPS: dict[str, str] = {}  # games whose player pages still need a data name


@pytest.mark.parametrize("game", [pytest.param(
    g, marks=pytest.mark.xfail(strict=True, reason=GAPS[g])) if g in GAPS else g
    for g in GAMES])
def test_player_pages_need_no_data_name(irs, game):
    ir = irs[game]
    leaks = {leak for lang in sheets.languages(ir) for aid in sheets.AIDS
             for leak in sheets.page_and_leaks(ir, aid, lang)[1]}
    assert leaks == set()


def test_audit_finds_none_ids_and_paths_outside_tags():
    html = ("<style>.a_b { }</style><p title='x_y'>2–None players; Toglie: a2_contract_1; "
            "locks[0] = 4; locks.0.at = 4</p>")
    found = problems(html, {"records": {"contracts": {"a2_contract_1": {}}}})
    assert "shows 'None'" in found and "shows the id 'a2_contract_1'" in found
    assert "shows a data path 'locks[0]'" in found
    assert "shows a data path 'locks.0.at'" in found
    assert not any("x_y" in f or "a_b" in f for f in found)


def test_designer_sheet_keeps_sources_and_notes_player_sheet_a_mark(irs):
    ir = irs["pampero"]
    player, designer = sheets.page(ir, "reference", "en"), \
        sheets.page(ir, "reference", "en", "designer")
    # Pampero's base rulebook is cited as "Consolidation and turn order"
    assert "§ Consolidation and turn order" in text(designer)
    assert "§" not in text(player) and "provisional" not in text(player).lower().split(
        WORDS["en"]["prov_legend"].lower())[0]
    assert text(player).count(WORDS["en"]["prov_legend"]) == 1
    assert 'class="prov"' in designer.decode() and 'class="pmark"' in player.decode()


def test_module_players_without_a_maximum(irs):
    # Clear Skies' extra scoring tiles: two players or more (no upper limit)
    page = text(sheets.page(irs["pampero"], "modules", "en"))
    assert "2 or more players" in page and "None" not in page
    assert "Da 2 giocatori in su" in text(sheets.page(irs["pampero"], "modules", "it"))


def test_italian_round_takes_its_article(irs):
    pampero = text(sheets.page(irs["pampero"], "reference", "it"))
    assert "Fasi di un anno" in pampero and "Si completa l'anno in corso" in pampero
    assert "una anno" not in pampero and "la anno" not in pampero
    tm = text(sheets.page(irs["terraforming_mars"], "reference", "it"))
    # Regole: research from the second generation on
    assert "Fasi di una generazione" in tm and "Dalla generazione 2 in poi" in tm


def test_quick_reference_is_one_page_of_turn_actions_end_and_scoring(irs):
    page = text(sheets.page(irs["terraforming_mars"], "quick", "it"))
    for heading in ("Fasi di una generazione", "Progetti standard", "Fine della partita",
                    "Conteggio finale"):
        assert heading in page
    # Regole, Progetti standard: Centrale elettrica 11 M€, Asteroide 14, Città 25
    for name, cost in (("Centrale elettrica", 11), ("Asteroide", 14), ("Città", 25)):
        assert f"{cost} M€ {name}" in page
    love = text(sheets.page(irs["love_letter"], "quick", "en"))
    assert "Guard" in love and "Princess" in love   # its cards are its actions


def test_module_pages_one_per_module_with_requires_and_components(irs):
    ir = irs["pampero"]
    html = sheets.page(ir, "modules", "en").decode()
    assert html.count('<section class="module"') == len(ir["records"]["modules"])
    h2 = html[html.index('id="module-h2"'):]
    h2 = h2[:h2.index("</section>")]
    assert "Requires: CO2" in text(h2.encode())   # H2 needs the CO2 module
    solo = sheets.page(irs["terraforming_mars"], "modules", "it").decode()
    solo = text(solo[solo.index('id="module-solo"'):].encode())
    assert "1 giocatore" in solo and "inizio 14" in solo   # Regole: solo TR starts at 14


def test_card_proxies_nine_to_a_page_63_by_88(irs):
    ir = irs["love_letter"]
    html = sheets.page(ir, "cards", "en").decode()
    cards = len(ir["records"]["cards"])
    assert html.count('<div class="sheet">') == math.ceil(cards / 9)
    assert html.count('<article class="proxy') == cards
    assert "width: 63mm; height: 88mm" in html
    assert html.count('class="crop') == 16 * math.ceil(cards / 9)


@pytest.mark.parametrize("paper, css", [("a4", "size: A4"), ("letter", "size: letter")])
def test_paper_size(irs, paper, css):
    for aid in sheets.AIDS:
        assert css in sheets.page(irs["love_letter"], aid, "en", paper=paper).decode()


def test_selection_composes_and_marks_changes(irs):
    ir = irs["terraforming_mars"]
    page = text(sheets.page(ir, "reference", "it", modules=["corporate_era", "solo"]))
    assert "Ricompense" not in page and "Obiettivi" not in page   # solo: none of them
    assert "inizio 14" in page and "Cambiato da: Variante in solitario" in page
    with pytest.raises(RulesError):
        sheets.page(ir, "reference", "it", modules=["solo"])   # solo needs Corporate Era


def _errata_game(tmp_path: Path) -> dict[str, Any]:
    """The small game with an errata module: card ``mine`` costs 9, not 12, and card
    ``old`` is replaced by ``new``."""
    small_game(tmp_path)
    rules = tmp_path / "rules"
    with (rules / "cards.yaml").open("a", encoding="utf-8") as fh:
        fh.write("  - {id: old, name: {it: Vecchia, en: Old}, cost: 3, effect: gain 1 money}\n"
                 "  - {id: new, name: {it: Nuova, en: New}, cost: 4, effect: gain 1 money,"
                 " module: errata}\n")
    (rules / "modules.yaml").write_text(
        "kind: modules\nrecords:\n  - id: errata\n    name: {it: Errata, en: Errata}\n"
        "    changes: [{kind: cards, id: mine, set: {cost: 9}}]\n"
        "    replaces: [{id: old, by: new}]\n", "utf-8")
    comp = compile_game(rules, tmp_path)
    assert not comp.failed(), [d.format() for d in comp.diagnostics]
    return comp.ir


def test_errata_prints_the_new_value_once_with_a_mark(tmp_path):
    ir = _errata_game(tmp_path)
    page = sheets.page(ir, "reference", "en", modules=["errata"]).decode()
    assert '<span class="cost">9</span>' in page and '<span class="cost">12</span>' not in page
    assert "Changed by: Errata" in page
    assert ">New<" in page and ">Old<" not in page   # the replaced card prints once
    box = sheets.page(ir, "reference", "en").decode()
    assert '<span class="cost">12</span>' in box and "Changes with: Errata" in box


def test_explain_names_the_errata(tmp_path):
    ir = _errata_game(tmp_path)
    lines = explain.lines(ir, "cards", "mine", "en")
    assert "With Errata: 9" in lines


def test_build_fails_when_a_player_page_shows_an_id(tmp_path):
    ir = small_game(tmp_path, card_name={"it": "carta_segreta", "en": "secret_card"},
                    allow=("R040",))
    with pytest.raises(sheets.SheetError, match="secret_card"):
        sheets.render(ir)
