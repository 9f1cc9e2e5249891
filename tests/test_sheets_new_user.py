"""What a new user found on the printed sheets (QA qa11): a setup step that names a
provisional constant is marked, a module's pieces say how many there are, a number keeps
its unit on its line, an Italian requirement reads as Italian.

The expected values come from the rulebooks (``shared/sources``) and the card facts
(``shared/data``): Pampero's Nature Rulebook lists "5x wooden nature reserves" and "21x
wooden electrical poles"; the base summary gives no starting energy nor batteries
(constants.yaml marks them provisional).
"""

from __future__ import annotations

import html as html_
import re

from compiler import sheets


def _row(html: str, anchor: str) -> str:
    """The plain text of the table row (or list item) whose id is ``anchor``."""
    found = re.search(rf'<(tr|li|article) id="{re.escape(anchor)}".*?</\1>', html, re.S)
    assert found, anchor
    return re.sub(r"\s+", " ", html_.unescape(re.sub(r"<[^>]+>", " ", found.group(0)))).strip()


def _setup_step(html: str, name: str) -> str:
    """The HTML of the setup step whose name is ``name``."""
    found = re.search(rf"<li><b>{re.escape(name)}\.</b>.*?</li>", html, re.S)
    assert found, name
    return found.group(0)


def test_a_setup_step_naming_a_provisional_constant_is_marked(irs):
    """Q15: "Energia e batterie iniziali. Ogni giocatore: guadagna 0 energia. Guadagna 0
    batterie." names starting_energy and starting_batteries, provisional (the base
    summary gives neither): a player's page marks it, the designer's says why."""
    ir = irs["pampero"]
    step = _setup_step(sheets.page(ir, "reference", "it").decode(), "Energia e batterie iniziali")
    assert 'class="pmark"' in step
    designer = sheets.page(ir, "reference", "en", "designer").decode()
    step = _setup_step(designer, "Starting energy and batteries")
    assert "starting_energy = 0" in step and "starting_batteries = 0" in step
    # a step that names no provisional value has no mark
    assert 'class="pmark"' not in _setup_step(sheets.page(ir, "reference", "it").decode(),
                                              "Denaro iniziale")


def test_a_module_piece_says_its_shared_supply(irs):
    """Q15: the Pieces table printed "Riserve naturali — —": the Nature Rulebook's
    components are 5 wooden nature reserves and 21 wooden electrical poles, a shared
    supply; a base piece keeps its count per player."""
    ir = irs["pampero"]
    it = sheets.page(ir, "reference", "it").decode()
    assert "Riserva comune di 5" in _row(it, "pieces-nature_reserve")
    assert "Riserva comune di 21" in _row(it, "pieces-electrical_pole")
    en = sheets.page(ir, "reference", "en").decode()
    assert "Shared supply of 5" in _row(en, "pieces-nature_reserve")
    assert re.search(r"\b\d+ per player\b", _row(en, "pieces-bulldozer"))   # provisional


def _cell(html: str, anchor: str, column: int) -> str:
    """The raw HTML of cell ``column`` of the row whose id is ``anchor``."""
    row = html[html.index(f'<tr id="{anchor}">'):]
    return re.findall(r"<td>(.*?)</td>", row[:row.index("</tr>")], re.S)[column]


def test_a_number_keeps_its_unit_in_a_narrow_column(irs):
    """Q24: the Cost column printed "11 / M€" and "8 / piante" over two lines. Regole,
    Progetti standard: "Centrale elettrica: Paga 11 milioni di euro"; Azione 6: "Convertire
    8 risorse vegetali in 1 tessera Verde": a number and its unit share a line (a no-break
    space), in a table cell; the CSS keeps its plain spaces."""
    html = sheets.page(irs["terraforming_mars"], "reference", "it").decode()
    assert _cell(html, "actions-power_plant", 1) == "11&nbsp;M€"
    assert _cell(html, "actions-plants_to_greenery", 1) == "8&nbsp;piante"
    style = html[html.index("<style"):html.index("</style>")]
    assert "&nbsp;" not in style


def test_characters_no_font_has_are_a_warning_naming_the_record(irs):
    """Q26: a card name in characters no installed font has printed as empty boxes with
    no word on stderr. U+0378 is unassigned in Unicode, so no font can have it; "è" and
    "€" are in the sheets' fonts (the Italian sheets print them)."""
    import copy
    import shutil

    import pytest

    from compiler.sheets.pdf import glyph_warnings, unprintable
    if shutil.which("fc-list") is None:
        pytest.skip("fontconfig's fc-list is not installed: nothing to ask")
    assert unprintable("<style>x</style><p>Caffè 3 M€ \u0378</p>".encode()) == "\u0378"
    ir = copy.deepcopy(irs["love_letter"])
    ir["records"]["cards"]["king"]["name"] = {"en": "King \u0378", "it": "Re \u0378"}
    html = sheets.page(ir, "cards", "it")
    warned = glyph_warnings(ir, [], html)
    assert len(warned) == 1 and "rules_data/love_letter/cards.yaml:" in warned[0]
    assert "'\u0378' (U+0378; cards king)" in warned[0] and "empty boxes" in warned[0]
    assert ": warning[W009]: no installed font has" in warned[0]
    assert glyph_warnings(irs["love_letter"], [], sheets.page(irs["love_letter"], "cards",
                                                              "it")) == []
