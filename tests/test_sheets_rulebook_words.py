"""The sheets say what the rulebooks say: the winner rule, the awards, the starting money,
the card texts and the labels of the actions, on the checked-in pages
(``generated/<game>/sheets/*.html``, kept equal to the data by ``rulesc build --check``).

The expected words and numbers come from the rulebooks (``shared/sources``: Terraforming
Mars's "Vincere la partita", "Azione 4", "Azione 6/7"; Pampero's Clear Skies "Company Tiles
Explained") and the Love Letter rules sheet the data transcribes, never from the output.
"""

from __future__ import annotations

import html as htmllib
import re
import shutil
from functools import cache
from pathlib import Path

import pytest

from compiler.pipeline import compile_game

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("terraforming_mars", "pampero", "love_letter")


@cache
def page(game: str, name: str) -> str:
    """A checked-in sheet as plain text (tags out, entities decoded, spaces single)."""
    raw = (ROOT / "generated" / game / "sheets" / name).read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", " ", htmllib.unescape(raw).replace("\xa0", " "))
    return re.sub(r"\s+", " ", text)


@cache
def winner_block(game: str, name: str) -> str:
    """The winner section of a page, tags kept (up to the next section)."""
    raw = htmllib.unescape((ROOT / "generated" / game / "sheets" / name)
                           .read_text(encoding="utf-8"))
    at = raw.find('id="winner"')
    assert at >= 0, f"{game} {name}: no winner line"
    return raw[at:raw.find("</p>", at)]


# ---- 1. the winner rule --------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("aid", ["reference", "quick", "designer"])
@pytest.mark.parametrize("lang, title", [("it", "Vincere la partita"),
                                         ("en", "Winning the game")])
def test_every_sheet_states_the_winner_rule(game, aid, lang, title):
    assert title in page(game, f"{aid}.{lang}.html")
    assert winner_block(game, f"{aid}.{lang}.html")


def test_tm_winner_is_the_rulebooks():
    """"Il giocatore con il maggior numero di VP vince la partita"; the tie-break is the
    provisional constant tie_break_megacredits: a mark on the player's sheet, the reason
    on the designer's; the solo game: "completare la terraformazione prima della fine
    della generazione 14"."""
    it = winner_block("terraforming_mars", "reference.it.html")
    assert "il maggior numero di PV" in it and "M€" in it
    assert "prima della fine della generazione 14" in it
    assert 'class="pmark"' in it
    assert 'class="pmark"' in winner_block("terraforming_mars", "quick.it.html")
    assert "tie_break_megacredits = 1" in winner_block("terraforming_mars",
                                                       "designer.it.html")
    assert "most VP wins" in winner_block("terraforming_mars", "reference.en.html")


def test_pampero_winner_is_the_most_money_with_a_provisional_tie():
    en = winner_block("pampero", "reference.en.html")
    assert "most money" in en and 'class="pmark"' in en
    assert "tied_players_share_the_win = 1" in winner_block("pampero", "designer.en.html")


def test_love_letter_winner_gives_the_tokens_by_player_count():
    """Rules sheet "Winning the game": 7 tokens with 2 players, 5 with 3, 4 with 4; no
    provisional value, no mark."""
    en = winner_block("love_letter", "reference.en.html")
    assert "7/5/4 tokens of affection (with 2/3/4 players)" in en
    assert "pmark" not in en
    assert "7/5/4 gettoni affetto (con 2/3/4 giocatori)" in winner_block(
        "love_letter", "reference.it.html")


def test_a_misspelt_winner_text_hole_is_r041(tmp_path):
    """A ``{hole}`` of ``winner_text`` that names no constant is R041 at its line."""
    rules = tmp_path / "love_letter"
    shutil.copytree(ROOT / "rules_data" / "love_letter", rules)
    flow = rules / "flow.yaml"
    flow.write_text(flow.read_text(encoding="utf-8").replace(
        "collect {tokens_to_win}", "collect {tokens_to_wn}"), encoding="utf-8")
    comp = compile_game(rules, ROOT)
    found = [d for d in comp.diagnostics if d.code == "R041"]
    assert found and "tokens_to_wn" in found[0].message
    assert "flow.yaml:" in found[0].format() and "tokens_to_win" in found[0].format()


# ---- 2. Landlord counts the tiles owned --------------------------------------------------

@pytest.mark.parametrize("name", ["reference.it.html", "quick.it.html"])
def test_tm_landlord_is_one_count_of_tiles(name):
    """Azione 4: "Proprietario: Il giocatore con il maggior numero di tessere sul
    tabellone": one count of the tiles a player owns, not a list of kinds."""
    text = page("terraforming_mars", name)
    assert "Proprietario Vince chi ha più tessere possedute in gioco" in text
    assert "tessere Verdi possedute, tessere Città possedute" not in text
    assert "Landlord Most owned tiles in play" in page("terraforming_mars",
                                                       "reference.en.html")


# ---- 3. the starting money's amount --------------------------------------------------------

def test_pampero_starting_money_states_the_amount():
    """Clear Skies, Company Tiles Explained: "Begin the game with $30, instead of $25":
    the base game starts with $25, and the setup step says so."""
    assert "receive $25 of starting money" in page("pampero", "reference.en.html")
    assert "ricevi $25 di denaro iniziale" in page("pampero", "reference.it.html")
    for name in ("reference.en.html", "designer.en.html", "reference.it.html"):
        assert "receive the starting money" not in page("pampero", name)
        assert "ricevi il denaro iniziale" not in page("pampero", name)


# ---- 4. the Countess's rule with its articles ----------------------------------------------

@pytest.mark.parametrize("name", ["reference", "quick", "cards"])
def test_love_letter_countess_names_the_cards_with_articles(name):
    """Rules sheet "Card: Countess": "If you have this card and the King or Prince in your
    hand, you must discard this card": the cards take their articles ("il Re o il
    Principe"), never "anche Re o Principe"."""
    it = page("love_letter", f"{name}.it.html")
    assert "Va giocata se hai in mano anche il Re o il Principe." in it
    assert "anche Re o Principe" not in it
    assert "You must play it if you also hold the King or the Prince." in page(
        "love_letter", f"{name}.en.html")


# ---- 5. conversions are offered as conversions ------------------------------------------

def test_tm_conversions_are_labelled_as_the_sheet_lists_them():
    """"Azione 6: Convertire le piante in verde", "Azione 7: Convertire il calore in
    temperatura" are conversions (the sheet's "Conversioni"), not "Azione 2: Utilizzare un
    progetto standard": rulesc play offers them as such."""
    import generated.terraforming_mars as tm
    from compiler.playtest.games import Names

    names = Names(tm.RULES)
    plants = tm.RULES["records"]["actions"]["plants_to_greenery"]["name"]["it"]
    assert plants == "Convertire le piante in verde"
    assert names.label({"act": "convert", "id": "plants_to_greenery"}) == \
        f"conversione: {plants}"
    assert Names(tm.RULES, "en").label({"act": "convert", "id": "heat_to_temperature"}) \
        .startswith("conversion: ")
    assert names.label({"act": "project", "id": "asteroid"}).startswith("progetto standard: ")
    text = page("terraforming_mars", "reference.it.html")
    assert "Conversioni" in text and "Convertire le piante in verde" in text


def test_tm_the_engine_offers_conversions_as_convert():
    from tests.test_tm_actions import _solo_player
    from tests.tm_helpers import edit

    game = _solo_player(0)
    edit(game, lambda s: s["players"][0]["stock"].update(plants=8, heat=8))
    acts = {(a.get("act"), a.get("id")) for a in game.legal_actions()}
    assert {("convert", "plants_to_greenery"), ("convert", "heat_to_temperature")} <= acts
    assert not {a for a in acts if a[0] == "project" and a[1] in
                ("plants_to_greenery", "heat_to_temperature")}


# ---- 6. a prompt's noun agrees with its number ----------------------------------------------

def _prompts(node, out):
    """Every decision's prompt info inside an IR node."""
    if isinstance(node, dict):
        if node.get("op") == "choose" and isinstance(node.get("prompt"), dict):
            out.append(node["prompt"])
        for value in node.values():
            _prompts(value, out)
    elif isinstance(node, list):
        for value in node:
            _prompts(value, out)
    return out


def test_pampero_prompts_agree_with_their_number():
    """"CO2 > Game Setup: 2 (Give each player a CO2 token)": a decision asked inside "gain
    1 co2" (Green Hydrogen's replacement) says "gain 1 CO2 token", never "1 CO2 tokens";
    "gain 3 H2 barrels" keeps the plural. The prompts are worded when the game is built,
    in each language of the game."""
    from types import SimpleNamespace

    import generated.pampero as pampero
    from compiler.runtime.text import prompt

    said = {prompt(SimpleNamespace(rules=pampero.RULES), {"prompt": p})
            for p in _prompts(pampero.RULES, [])}
    assert "gain 1 CO2 token" in said and "gain 1 battery" in said
    assert "gain 3 H2 barrels" in said
    assert not [s for s in said if re.search(r"\b1 (CO2 tokens|batteries|H2 barrels)\b", s)]
    texts = [p["text"] for p in _prompts(pampero.RULES, []) if "text" in p]
    assert {"en": "gain 1 CO2 token", "it": "guadagna 1 gettone CO2"} in texts


# ---- 7. rulesc play's header in the game's language ---------------------------------------

def _count(rules, modules):
    from compiler.cli.scores import table

    result = {"game": rules["game"]["id"], "player_count": 2, "modules": modules, "seed": 1,
              "scores": [{"player": 0, "breakdown": {}, "total": 0}], "winner": [0],
              "rounds": 1}
    return table(result, rules, width=200).splitlines()[0]


def test_the_play_header_is_in_the_games_language():
    """Terraforming Mars's rulebook is Italian: the first line of the count names the game
    by its title and says players, variants and seed in Italian ("Variante in
    solitario", "Era corporativa": the rulebook's variants); an English game keeps
    English."""
    import generated.love_letter as ll
    import generated.terraforming_mars as tm

    assert _count(tm.RULES, []) == "Terraforming Mars: giocatori 2, varianti: nessuna, seme 1"
    assert _count(tm.RULES, ["corporate_era", "solo"]) == (
        "Terraforming Mars: giocatori 2, varianti: Era corporativa, Variante in solitario, "
        "seme 1")
    assert _count(ll.RULES, []) == "Love Letter: 2 player(s), modules: none, seed 1"
