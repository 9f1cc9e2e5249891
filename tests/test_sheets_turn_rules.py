"""The sheets state the core turn rules and count the printed components, as the rulebooks
do: Pampero's three turn choices ("Choose an action": 1. Play an action card, put "in the
leftmost empty space of either row"; "move your turn-order disc to the lower row"), Love
Letter's turn (rules sheet "Taking a turn": draw a card, then play one of the two), the
module component lists (Project Verne "Events Components": "15x event tiles"), the
module pages of a chosen selection, and where a provisional mark goes (Terraforming Mars
"Vincere la partita": the M€ tie-break is the provisional constant; Love Letter "End of a
round": players still tied after the discard total, a provisional rule).

Expected words and numbers come from the rulebooks (``shared/sources``) or the Love Letter
rules sheet the data transcribes, never from the output.
"""

from __future__ import annotations

import re

import pytest

from compiler import sheets
from compiler.cli.selection import choose
from compiler.sheets.audit import visible_text


def text(html: bytes) -> str:
    return re.sub(r"\s+", " ", visible_text(html))


def section(html: bytes, anchor: str) -> str:
    """The raw HTML from ``anchor`` to the end of its section."""
    raw = html.decode("utf-8")
    at = raw.index(anchor)
    return raw[at:raw.index("</section>", at)]


# ---- 1. the core turn rules ------------------------------------------------------------

@pytest.mark.parametrize("aid", ["quick", "reference"])
@pytest.mark.parametrize("lang, words", [
    ("en", ["Play an action card", "leftmost empty space of either row"]),
    ("it", ["Gioca una carta azione", "spazio vuoto più a sinistra di una delle file"])])
def test_pampero_turn_choices_include_playing_an_action_card(irs, aid, lang, words):
    """"Choose one: 1. Play an action card" and "Put the card in the leftmost empty
    space of either row": the first turn choice, with the two others."""
    page = text(sheets.page(irs["pampero"], aid, lang))
    for w in words:
        assert w in page, w


@pytest.mark.parametrize("aid", ["quick", "reference"])
@pytest.mark.parametrize("lang, words", [
    ("en", ["draw a card", "play one of your two cards"]),
    ("it", ["pesca una carta", "giocane una delle due"])])
def test_love_letter_turns_say_draw_then_play(irs, aid, lang, words):
    """"Taking a turn": draw the top card of the deck, then play one of the two."""
    page = text(sheets.page(irs["love_letter"], aid, lang))
    for w in words:
        assert w in page, w


# ---- 2. the turn-order disc --------------------------------------------------------------

@pytest.mark.parametrize("lang, says, never", [
    ("en", "Move your turn-order disc to the lower row", "on the lower row 1 space"),
    ("it", "Sposta il tuo disco dell'ordine di turno nella fila inferiore",
     "nella fila inferiore di 1 casella")])
def test_pampero_turn_order_disc_moves_to_the_lower_row(irs, lang, says, never):
    """Choose an action 2 and 3: "move your turn-order disc to the lower row"."""
    page = text(sheets.page(irs["pampero"], "reference", lang))
    assert says in page and never not in page
    tracks = text(section(sheets.page(irs["pampero"], "reference", lang),
                          'id="tracks"').encode())
    assert "turn-order disc" not in tracks and "ordine di turno" not in tracks


# ---- 3. module components counted by printed pieces ---------------------------------------

def test_module_page_counts_every_printed_tile(irs):
    """Events Components: "15x event tiles" (three sets of five); Extra Scoring Tiles
    Components (Project Verne): "4x wide scoring tiles"."""
    html = sheets.page(irs["pampero"], "modules", "en")
    assert "15 cards and tiles" in text(section(html, 'id="module-events"').encode())
    verne = text(section(html, 'id="module-verne_extra_scoring_tiles"').encode())
    assert "4 cards and tiles" in verne


# ---- 4. a selection keeps each module's rules ---------------------------------------------

@pytest.mark.parametrize("game, chosen, lang, anchor, words", [
    ("terraforming_mars", ["corporate_era"], "en", 'id="module-corporate_era"',
     "Without the step"),
    ("pampero", "all", "it", 'id="module-nature_reserve"', "Cambia «reddito»")])
def test_a_selection_keeps_the_steps_its_modules_change(irs, game, chosen, lang, anchor,
                                                        words):
    """Corporate Era leaves out a setup step, Nature Reserve changes the income step: the
    module page of a selection says so as the whole box's does."""
    ir = irs[game]
    mods = choose(ir, "all", None).modules if chosen == "all" else chosen
    whole = text(section(sheets.page(ir, "modules", lang), anchor).encode())
    picked = text(section(sheets.page(ir, "modules", lang, modules=mods), anchor).encode())
    assert words in whole and words in picked


# ---- 5. provisional marks where the provisional rule is ------------------------------------

@pytest.mark.parametrize("lang, tie, solo", [("it", "più M€.", "In solitario"),
                                             ("en", "most M€.", "Solo game")])
def test_tm_mark_follows_the_megacredit_tie_break(irs, lang, tie, solo):
    """"Vincere la partita": the M€ tie-break is the provisional value, not the solo
    sentence; the mark sits between them."""
    raw = section(sheets.page(irs["terraforming_mars"], "quick", lang), 'id="winner"')
    assert re.search(re.escape(tie) + r'<sup class="pmark">\*</sup> ' + solo, raw), raw


@pytest.mark.parametrize("lang, words", [("en", "still tied, all of them win the round"),
                                         ("it", "ancora in parità, vincono il round tutti")])
def test_love_letter_still_tied_rule_is_stated_and_marked(irs, lang, words):
    """"End of a round": the discard total breaks a tie; past it the data lets the tied
    players share the round (constants.yaml's still_tied_share_the_round, provisional)."""
    raw = section(sheets.page(irs["love_letter"], "quick", lang), 'id="turn"')
    step = raw[raw.rindex("<dd>"):]
    assert words in step and 'class="pmark"' in step
    designer = sheets.page(irs["love_letter"], "reference", lang, "designer").decode()
    assert "still_tied_share_the_round = 1" in designer


# ---- 6. Italian wording --------------------------------------------------------------------

def test_italian_says_ed_before_e_accented(irs):
    page = text(sheets.page(irs["terraforming_mars"], "reference", "it"))
    assert " e è " not in page and " ed è " in page


def test_pampero_income_names_the_track_once(irs):
    """Nature Reserve: "collect for both the remote income marker and the nature reserve
    income marker" during consolidation."""
    it = text(sheets.page(irs["pampero"], "reference", "it"))
    en = text(sheets.page(irs["pampero"], "reference", "en"))
    assert "reddito di reddito" not in it
    assert "Incassa il reddito della riserva naturale" in it
    assert "income of nature reserve income" not in en
    assert "Collect the nature reserve income" in en


@pytest.mark.parametrize("lang, take, objective", [
    ("en", "At least 1 battery in the supply", "At least 5 of your batteries"),
    ("it", "Almeno 1 batteria nella riserva", "Almeno 5 tue batterie")])
def test_pampero_battery_conditions_read_as_counts(irs, lang, take, objective):
    """Choose an action 3: "Take one battery, if the supply has one"; Objective Cards
    Explained: "Have 5 or more batteries"."""
    page = text(sheets.page(irs["pampero"], "reference", lang))
    assert take in page and objective in page


def test_only_with_tells_apart_modules_of_one_name(irs):
    """Clear Skies and Project Verne each have an "Extra Scoring Tiles" module: a card's
    "Only with" keeps the module's gloss, so the two are told apart."""
    page = text(sheets.page(irs["pampero"], "reference", "en"))
    assert "Only with: Extra Scoring Tiles (Clear Skies)" in page
    assert "Only with: Extra Scoring Tiles (Project Verne)" in page


@pytest.mark.parametrize("lang, words", [
    ("en", ["Phase 1: Action rounds", "Phase 2: Consolidation: action markers",
            "Phase 7: Turn order"]),
    ("it", ["Fase 1: Round di azione", "Fase 6: Consolidamento: disco del tempo",
            "Fase 7: Ordine di turno"])])
def test_pampero_phases_are_named_as_the_rulebook_orders_them(irs, lang, words):
    """Pampero base summary: "Choose an action" in each of the year's three action
    rounds, then "Consolidation and turn order" steps 1-5 and the turn-order phase."""
    page = text(sheets.page(irs["pampero"], "reference", lang))
    for w in words:
        assert w in page, w
