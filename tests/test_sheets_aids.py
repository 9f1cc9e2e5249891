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
from tests.test_sheets_safety import small_game

GAMES = ("terraforming_mars", "pampero", "love_letter")


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


def test_a_record_standing_on_a_provisional_constant_or_a_placeholder_is_marked(irs):
    # Project Verne, CO2 setup 4: the CO2 specialist card's text is not in the sources;
    # its effect reads constants.yaml's co2_specialist_tokens (provisional 2), so the
    # "Gain 2 CO2 tokens." the sheet prints is marked as not confirmed.
    html = sheets.page(irs["pampero"], "reference", "en").decode()
    card = html[html.index('id="action_cards-co2_specialist"'):]
    card = card[:card.index("</article>")]
    assert "Gain 2 CO2 tokens." in card and 'class="pmark"' in card
    designer = sheets.page(irs["pampero"], "reference", "en", "designer").decode()
    card = designer[designer.index('id="action_cards-co2_specialist"'):]
    card = card[:card.index("</article>")]
    assert "co2_specialist_tokens = 2" in card and "placeholder: " in card

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
    cards = 16   # Love Letter's deck: one proxy per physical card (5 Guards, 2 Priests...)
    assert html.count('<div class="sheet">') == math.ceil(cards / 9)
    assert html.count('<article class="proxy') == cards
    assert "width: 63mm; height: 88mm" in html
    assert html.count('class="crop') == 16 * math.ceil(cards / 9)
    assert text(html.encode()).count("Guard ") >= 5
    assert "×" not in text(html.encode())   # each printed copy is one card, not "× 5"


def test_a_record_of_very_many_copies_gets_one_proxy_that_says_how_many(irs):
    # a deck of 200,000 Guards (data check accepts) printed one proxy per copy: an 80 MB
    # page and a build of minutes; now one Guard says "× 200000", the other cards as before
    import copy
    ir = copy.deepcopy(irs["love_letter"])
    ir["records"]["cards"]["guard"]["copies"] = 200_000
    html = sheets.page(ir, "cards", "en").decode()
    cards = 16 - 5 + 1   # the classic deck without four of its five Guards
    assert html.count('<article class="proxy') == cards
    assert text(html.encode()).count("× 200000") == 1
    assert text(html.encode()).count("× 2") == 1   # only the Guard's count is shown


def _escapes(html: bytes) -> list[tuple[int, str]]:
    """The lines of text that WeasyPrint lays out outside their card proxy, or outside the
    box that clips the card's rules, or on another page than their card: (page, text)."""
    weasyprint = pytest.importorskip("weasyprint")
    doc = weasyprint.HTML(string=html.decode("utf-8")).render()
    out: list[tuple[int, str]] = []

    def walk(box: Any, page: int, clip: Any) -> None:
        el = getattr(box, "element", None)
        classes = (el.get("class") or "").split() if el is not None else []
        tag = getattr(box, "element_tag", "")
        if "legend" in classes:
            return
        if (tag == "article" and "proxy" in classes) or (tag == "div" and "body" in classes):
            clip = box
        if type(box).__name__ == "TextBox" and box.text.strip():
            if clip is None:
                out.append((page, box.text))
            else:
                x0, y0 = clip.border_box_x(), clip.border_box_y()
                x1, y1 = x0 + clip.border_width(), y0 + clip.border_height()
                if not (x0 - 0.5 <= box.position_x and box.position_x + box.width <= x1 + 0.5
                        and y0 - 0.5 <= box.position_y
                        and box.position_y + box.height <= y1 + 0.5):
                    out.append((page, box.text))
        for child in getattr(box, "children", None) or []:
            walk(child, page, clip)

    for i, page in enumerate(doc.pages):
        walk(page._page_box, i + 1, None)
    return out


@pytest.mark.parametrize("game, lang", [("terraforming_mars", "it"),
                                        ("terraforming_mars", "en"),
                                        ("pampero", "en"), ("love_letter", "it")])
def test_card_proxy_text_stays_inside_its_card(irs, game, lang):
    # Capital's VP line ("1 VP per ocean tile adjacent to this card's tile") used to spill
    # onto the top of the next page, outside any card
    assert _escapes(sheets.page(irs[game], "cards", lang)) == []


def test_a_long_card_gets_a_smaller_font_and_still_fits(irs, monkeypatch):
    from compiler.sheets import aids
    short = {"name": "A", "corner": "8", "head": "#1", "meta": ["event"],
             "lines": [{"label": "", "texts": ["Gain 1 plant."]}], "foot": ""}
    long = {**short, "lines": [{"label": "", "texts": ["Gain 1 plant. " * 60]}]}
    assert aids.fit(short) == aids.SIZES[0]
    assert aids.fit(long) < aids.SIZES[0]
    # a card longer than any size fits is clipped inside its box, not spilled
    ir = irs["love_letter"]
    original = aids.section_items

    def padded(sp: Any, section: Any, only: Any = None) -> list[Any]:
        items = original(sp, section, only)
        return [{**k, "lines": k["lines"] + [{"label": "", "texts": ["word " * 400]}]}
                for k in items]

    monkeypatch.setattr(aids, "section_items", padded)
    assert _escapes(sheets.page(ir, "cards", "en")) == []


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
    # the whole box prints the base cost and says what the module makes of it
    assert '<span class="cost">12</span>' in box and "With Errata: 9" in box


def test_explain_names_the_errata(tmp_path):
    ir = _errata_game(tmp_path)
    lines = explain.lines(ir, "cards", "mine", "en")
    assert "With Errata: 9" in lines


def test_build_fails_when_a_player_page_shows_an_id(tmp_path):
    ir = small_game(tmp_path, card_name={"it": "carta_segreta", "en": "secret_card"},
                    allow=("R040",))
    with pytest.raises(sheets.SheetError, match="[Ss]ecret_card"):   # a name's capital
        sheets.render(ir)


def test_tm_quick_reference_has_milestone_and_award_costs_and_vp(irs):
    quick = text(sheets.page(irs["terraforming_mars"], "quick", "it"))
    # Regole: a milestone costs 8 M€ and is worth 5 VP; awards cost 8, 14, 20 M€ and give
    # 5 VP to the first place, 2 VP to the second
    assert "Costo 8 M€" in quick and "5 PV" in quick
    assert "8/14/20 M€" in quick and "2 PV" in quick


def test_tm_solo_quick_reference_is_for_one_player_without_milestones_or_awards(irs):
    ir = irs["terraforming_mars"]
    quick = text(sheets.page(ir, "quick", "it", modules=["corporate_era", "solo"]))
    # Variante in solitario: one player; no milestones nor awards
    assert "1 giocatore" in quick and "1–5 giocatori" not in quick
    scoring = quick[quick.index("Conteggio finale"):]
    assert "obiettiv" not in scoring.lower() and "ricompens" not in scoring.lower()
    en = text(sheets.page(ir, "quick", "en", modules=["corporate_era", "solo"]))
    assert "1 player" in en


def test_tm_draft_page_says_which_way_cards_pass(irs):
    page = sheets.page(irs["terraforming_mars"], "modules", "it").decode()
    draft = text(page[page.index('id="module-draft"'):].encode())
    # Variante bozza: clockwise in an even generation, counterclockwise in an odd one
    assert "in senso orario in una generazione pari" in draft
    assert "antiorario in una dispari" in draft


def test_pampero_player_pages_show_no_placeholder_and_no_empty_module(irs):
    ir = irs["pampero"]
    for lang in ("en", "it"):
        for aid in ("reference", "cards", "modules"):
            page = text(sheets.page(ir, aid, lang))
            assert "placeholder" not in page.lower() and "segnaposto" not in page.lower()
    ref = text(sheets.page(ir, "reference", "en"))
    # Clear Skies: Parking Grid Boards (two boards), Specialist Card Boards (2 boards)
    assert re.search(r"Parking Grid Boards\s*:\s*\S", ref)
    assert "2 specialist card boards" in ref
    # CO2 replaces two "Build a wind farm" cards: said once, counted
    mods = text(sheets.page(ir, "modules", "en"))
    assert mods.count("“Build a wind farm (CO2)” replaces “Build a wind farm”") == 1


def test_pampero_italian_setup_has_its_articles(irs):
    ref = text(sheets.page(irs["pampero"], "reference", "it"))
    assert "Metti le tessere connessione della zona A" in ref
    assert "presso il primo conteggio" in ref
    assert "nel settore A2" in ref and "nella zona A" in ref
    assert "della plancia dei bonus delle torri" in ref


def _legend_and_marks(html: bytes) -> list[tuple[str, tuple[float, ...], list[Any]]]:
    """Per page of card proxies: each legend line's text, its box and the crop marks'
    boxes (x0, y0, x1, y1 in CSS px), and the page's size."""
    weasyprint = pytest.importorskip("weasyprint")
    doc = weasyprint.HTML(string=html.decode("utf-8")).render()
    out = []
    for page in doc.pages:
        legends: list[tuple[str, tuple[float, ...]]] = []
        marks: list[tuple[float, ...]] = []

        def walk(box: Any, legends: Any = legends, marks: Any = marks) -> None:
            el = getattr(box, "element", None)
            classes = (el.get("class") or "").split() if el is not None else []
            rect = (box.border_box_x(), box.border_box_y(),
                    box.border_box_x() + box.border_width(),
                    box.border_box_y() + box.border_height()) \
                if hasattr(box, "border_box_x") else ()
            if "legend" in classes and box.element_tag == "p":
                legends.append(("".join(el.itertext()), rect))
                return
            if "crop" in classes:
                marks.append(rect)
            for child in getattr(box, "children", None) or []:
                walk(child)

        walk(page._page_box)
        out += [(txt, rect, [marks, (page.width, page.height)]) for txt, rect in legends]
    return out


@pytest.mark.parametrize("game, paper, note", [
    ("pampero", "a4", "prov_legend"), ("pampero", "letter", "prov_legend"),
    ("terraforming_mars", "letter", "names_note")])
def test_card_legend_lines_touch_no_crop_mark(irs, game, paper, note):
    """The legend under a sheet of proxies ("* Valore provvisorio ...", the note on names
    in another language) sits between the crop marks and on the page: it once ran over
    the marks of the bottom cut lines."""
    found = _legend_and_marks(sheets.page(irs[game], "cards", "it", paper=paper))
    assert WORDS["it"][note] in {txt for txt, _, _ in found}
    for txt, (x0, y0, x1, y1), (marks, (width, height)) in found:
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height, txt
        for m0, n0, m1, n1 in marks:
            assert x1 <= m0 or m1 <= x0 or y1 <= n0 or n1 <= y0, (txt, (m0, n0))


def test_crop_marks_frame_only_the_cards_on_the_sheet(irs):
    """A last sheet of proxies with fewer than nine cards has its marks at its own cut
    lines (Terraforming Mars's last sheet: five corporations, two rows), none under an
    empty row or beside an empty column."""
    html = sheets.page(irs["terraforming_mars"], "cards", "en").decode()
    sheets_ = html.split('<div class="sheet">')[1:]
    short = [s for s in sheets_ if s.count('<article class="proxy') < 9]
    assert short, "every sheet is full"
    for sheet in sheets_:
        n = sheet.count('<article class="proxy')
        rows, cols = math.ceil(n / 3), min(n, 3)
        marks = re.findall(r'<i class="crop (v|h)" style="(?:left|top): ([\d.]+)mm; '
                           r'(?:left|top): (-?[\d.]+)mm"', sheet)
        v = sorted({float(a) for k, a, _ in marks if k == "v"})
        h = sorted({float(a) for k, a, _ in marks if k == "h"})
        assert v == [63.0 * i for i in range(cols + 1)], (n, v)
        assert h == [88.0 * i for i in range(rows + 1)], (n, h)
        assert len(marks) == 2 * (cols + 1) + 2 * (rows + 1)
        bottom = {float(b) for k, _, b in marks if k == "v" and float(b) > 0}
        assert bottom == {rows * 88.0 + 2}, (n, bottom)


def test_a_sheet_of_proxies_explains_the_mark_only_when_it_shows_one(irs):
    """The legend "* Provisional value ..." is under a sheet of proxies whose cards carry
    the mark, and under no other (Pampero's last sheet, one unmarked card, had it)."""
    html = sheets.page(irs["pampero"], "cards", "en").decode()
    legend = WORDS["en"]["prov_legend"]
    pages = html.split('<div class="sheet">')[1:]
    assert any('class="pmark"' not in p for p in pages)
    for sheet in pages:
        assert ('class="pmark"' in sheet) == (legend in sheet)
