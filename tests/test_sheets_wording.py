"""Capital letters and money on the printed sheets (``generated/<game>/sheets/*.html``,
kept equal to the data by ``rulesc build --check``).

The capitalisation rule: a text on a line of its own (a card's line, a table cell, the
first text after a name) is a sentence when it holds a statement, with its capital; the
parts a ``list`` section runs on after "; " start lower-case, labels too ("Reward: at 3,
...; at 6, ..."), and a name heads its line with a capital. Money (Pampero's ``$``,
``symbol_first``) goes before its number ("$2 per ..."), and an amount in words is said as
the rulebooks say it ("collect the value ...", "pay the cost of the space ...").
"""

from __future__ import annotations

import re

import pytest

from tests.test_sheets_printed_text import _text, page


def _item(game: str, name: str, anchor: str) -> str:
    """The text of the list item (or table row) whose id is ``anchor``."""
    found = re.search(rf'<(li|tr) id="{re.escape(anchor)}".*?</\1>', page(game, name), re.S)
    assert found, anchor
    return _text(found.group(0))


@pytest.mark.parametrize("name, reward", [
    ("reference.en.html", "Reward: at 3, take 1 specialist action card (face up, or from "
                          "the deck); at 6, take 1 specialist scoring card"),
    ("reference.it.html", "premio: a 3, prendi 1 carta azione specialista (scoperta o "
                          "dal mazzo); a 6, prendi 1 carta punteggio specialista")])
def test_parts_run_on_after_a_semicolon_start_lower_case(name, reward):
    """Pampero's income tracks: "at 3 ... at 6" are parts of one line, after "; ", never
    "; At 6"; the track's name heads the line with a capital."""
    line = _item("pampero", name, "tracks-residential")
    assert reward.lower() in line.lower() and reward.split(":")[1] in line
    assert "; At " not in line and "; A " not in line and "; Premio" not in line
    assert line[:1].isupper(), line


@pytest.mark.parametrize("name", ["reference.en.html", "reference.it.html",
                                  "designer.en.html", "designer.it.html"])
def test_list_items_start_with_a_capital(name):
    """A record's name heads its line: "Energy: at most 14" ("energy" once)."""
    for game in ("pampero", "terraforming_mars"):
        html = page(game, name)
        names = re.findall(r'<li id="[^"]+"><b>([^<]*)</b>', html)
        assert names and all(n[:1] == n[:1].upper() for n in names), \
            [n for n in names if n[:1] != n[:1].upper()][:5]


@pytest.mark.parametrize("name, cell", [
    ("reference.en.html", "$2 per your contract tile"),
    ("reference.it.html", "$2 per ogni tua tessera contratto")])
def test_pampero_score_cells_write_money_before_the_number(name, cell):
    """Private Industry's specialist scoring card and Project Verne's wide scoring tiles
    score money (Pampero's score): "$2 per ...", as the Clear Skies scoring tiles' own
    text ("$2 for each piece in your color ..."), never a bare "2 per"; the Private
    Industry card's score in words ("collect the rightmost value") takes no "$"."""
    text = _text(page("pampero", name))
    assert cell in text
    assert not re.search(r"(?<![$\d])2 per (your contract|ogni tua tessera contratto)", text)
    # and an amount in words never gets the symbol: "$the income band value ..."
    assert not re.search(r"\$(?=[^\d\s])", text), re.search(r".{30}\$(?=[^\d\s]).{30}", text)


@pytest.mark.parametrize("name, first, second", [
    ("modules.en.html", "Begin the game with $30, instead of $25",
     "You may ignore all network requirements"),
    ("modules.it.html", "Inizia la partita con $30 invece di $25", "Quando piazzi nuove")])
def test_names_with_commas_of_their_own_are_kept_apart(name, first, second):
    """Companies (Clear Skies) names its tiles by their rule ("Begin the game with $30,
    instead of $25"): listed, they are kept apart by semicolons, so that one tile's comma
    is not read as the end of its name."""
    text = _text(page("pampero", name))
    found = re.search(re.escape(first) + r"[^;]*?(;|,) " + re.escape(second), text)
    assert found and found.group(1) == ";", text[text.find(first) - 40:][:300]


def test_the_selection_line_names_modules_with_their_gloss(irs):
    """Pampero has two "Extra Scoring Tiles" modules (Clear Skies, Project Verne): the
    title line of a chosen selection names each as its module page does."""
    from compiler import sheets

    html = sheets.page(irs["pampero"], "quick", "en",
                       modules=["cs_extra_scoring_tiles", "co2", "h2"]).decode()
    line = _text(re.search(r"Variants in play:[^<]*", html).group(0))
    assert "Extra Scoring Tiles (Clear Skies)" in line and "Green Hydrogen (H2)" in line


@pytest.mark.parametrize("lang, phase", [
    ("en", r"Phase \d+: Income\. Each player: collect the income of your five income "
           r"markers\. Collect the nature reserve income\."),
    ("it", r"Fase \d+: Reddito\. Ogni giocatore: incassa il reddito dei tuoi cinque "
           r"segnalini reddito\. Incassa il reddito della riserva naturale\.")])
def test_a_replaced_step_keeps_its_name(irs, lang, phase):
    """Nature Reserve replaces the income step ("collect for both the remote income
    marker and the nature reserve income marker") without a name of its own: the phase
    is still called Income, as in the base game."""
    from compiler import sheets

    html = sheets.page(irs["pampero"], "reference", lang, modules=["nature_reserve"])
    assert re.search(phase, _text(html.decode()))
