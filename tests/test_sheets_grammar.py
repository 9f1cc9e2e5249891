"""Italian grammar of the sheets' frame: articles by gender, number and first letters,
prepositions joined to articles, and the round's name with its article."""

from __future__ import annotations

import re

import pytest

from compiler.sheets.grammar import (
    guess_gender,
    italian_article,
    italian_indefinite,
    join_articles,
    plural,
    round_forms,
)


@pytest.mark.parametrize("word, gender, many, article", [
    ("round", "m", False, "il "), ("spazio", "m", False, "lo "), ("anno", "m", False, "l'"),
    ("generazione", "f", False, "la "), ("azione", "f", False, "l'"),
    ("oceani", "m", True, "gli "), ("tessere", "f", True, "le "), ("turni", "m", True, "i "),
    ("zaini", "m", True, "gli "),
])
def test_definite_article(word, gender, many, article):
    assert italian_article(word, gender, many) == article


@pytest.mark.parametrize("word, gender, article", [
    ("anno", "m", "un "), ("spazio", "m", "uno "), ("torre", "f", "una "),
    ("azione", "f", "un'"), ("tessera", "f", "una "),
])
def test_indefinite_article(word, gender, article):
    assert italian_indefinite(word, gender) == article   # never "una anno", "un torre"


@pytest.mark.parametrize("name, forms", [
    ("anno", ("un anno", "l'anno", "dell'anno", "dall'anno")),
    ("generazione", ("una generazione", "la generazione", "della generazione",
                     "dalla generazione")),
    ("round", ("un round", "il round", "del round", "dal round")),
])
def test_round_forms(name, forms):
    got = round_forms("it", name)
    assert (got["a"], got["the"], got["of_the"], got["from_the"]) == forms


def test_gender_given_by_the_data_wins_over_the_guess():
    assert guess_gender("mano") == "m" and round_forms("it", "mano", "f")["a"] == "una mano"


@pytest.mark.parametrize("text, joined", [
    ("da 0 a il numero di giocatori", "da 0 al numero di giocatori"),
    ("alla fine di l'anno", "alla fine dell'anno"), ("in la zona A", "nella zona A"),
    ("su i tracciati", "sui tracciati"), ("a gli altri", "agli altri"),
    ("la carta di Marte", "la carta di Marte"),
])
def test_prepositions_join_their_articles(text, joined):
    assert join_articles(text) == joined


def test_plural_categories():
    assert [plural("it", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert plural("en", "x") == "other"


def test_a_preposition_never_joins_into_a_word_or_a_proper_name():
    # "Colate di lava" (Lava Flows' tile): "la" is the start of "lava", not an article
    assert join_articles("una tessera Colate di lava") == "una tessera Colate di lava"
    assert join_articles("vicino a La Paz") == "vicino a La Paz"
    assert join_articles("da 1 a la produzione") == "da 1 alla produzione"


# ---- rule texts of the shipped games, as the rulebook or the card means them ------------

@pytest.fixture(scope="module")
def games():
    from compiler.pipeline import compile_game
    from tests.conftest import ROOT

    return {g: compile_game(ROOT / "rules_data" / g, ROOT).ir
            for g in ("terraforming_mars", "love_letter")}


def _said(ir, kind, rid, lang):
    from compiler.sheets import explain

    return " ".join(explain.lines(ir, kind, rid, lang))


@pytest.mark.parametrize("kind, rid, lang, expected", [
    # Worms: 1 plant production per 2 microbe tags, this card's own included (cards.json
    # #130; the card counts "including this")
    ("cards", "worms", "en",
     "Raise your plant production by 1 per 2 microbe tags in play, this card's included."),
    ("cards", "worms", "it",
     "Aumenta la produzione di piante di 1 ogni 2 indicatori microbo in gioco, "
     "compresi quelli di questa carta."),
    # Power Grid: 1 energy production per power tag, this one included
    ("cards", "power_grid", "it",
     "per ogni indicatore energia in gioco, compresi quelli di questa carta"),
    # Mars University: once per science tag of the card played
    ("cards", "mars_university", "en", "for each science tag of the card played, you may"),
    ("cards", "mars_university", "it", "per ogni indicatore scienza della carta giocata, "),
    # Decomposers: 1 microbe per animal, plant or microbe tag of the card played
    ("cards", "decomposers", "en",
     "add 1 microbe to this card per animal tag of the card played, each plant tag of the "
     "card played and each microbe tag of the card played"),
    # Insulation: X from 1 up to the heat production
    ("cards", "insulation", "it", "Scegli un numero X da 1 alla produzione di calore."),
    # Lava Flows places the tile "Colate di lava"
    ("cards", "lava_flows", "it", "Piazza una tessera Colate di lava"),
    # Helion: each heat is worth 1 M€ as payment (a change of its value, from 0), said in
    # words (QA qa11 Q23/Q26), never "M€ value of each heat spent as payment: +1"
    ("corporations", "helion", "en", "Each heat is worth 1 M€ more as payment."),
    # PhoboLog: titanium worth 1 M€ more (setup.json: titanium worth 4)
    ("corporations", "phobolog", "it", "La risorsa vale 1 M€ in più come pagamento se la "
     "risorsa è titanio"),
    # Advanced Alloys: steel and titanium each worth 1 M€ more
    ("cards", "advanced_alloys", "en", "The resource is worth 1 M€ more as payment if the "
     "resource is steel"),
    # Pets (cards.json #172 protected_resources; printed "Animals may not be removed from
    # this card") and Protected Habitats (#173: "Opponents may not remove your plants,
    # animals or microbes"): what the protection means, no "protected: +1"
    ("cards", "pets", "en", "Resources cannot be removed from a card if they are on this "
     "card."),
    ("cards", "protected_habitats", "it", "Le risorse di un giocatore non possono essere "
     "tolte se a toglierle è un avversario e sono le tue piante."),
    # Immigrant City (cards.json #200): playable from M€ production -4, or with Tharsis
    # Republic as corporation (QA qa11 Q25: "o Repubblica di Tharsis fra corporazione")
    ("cards", "immigrant_city", "it", "è almeno -4 o la tua corporazione è la Repubblica di "
     "Tharsis."),
    ("cards", "immigrant_city", "en", "is at least -4 or your corporation is Tharsis Republic."),
    # Mining Guild (cards.json R24): a steel OR titanium placement bonus
    ("corporations", "mining_guild", "it", "la sua casella ha un bonus di acciaio o titanio"),
    # Thorgate: the Power Plant project costs 3 M€ less ({by:abs}: "3 M€ less", not "-3")
    ("corporations", "thorgate", "en", "A standard project costs you 3 M€ less if the "
     "project is Power Plant."),
    ("corporations", "thorgate", "it", "Una carta ti costa 3 M€ in meno se la carta "
     "Progetto ha l'indicatore energia."),
    # Landlord (Regole, Azione 4: "Il giocatore con il maggior numero di tessere sul
    # tabellone"): one count of the tiles owned, not a list of kinds
    ("awards", "landlord", "it", "Vince chi ha più tessere possedute in gioco"),
    ("awards", "landlord", "en", "owned tiles in play"),
])
def test_tm_rule_text_reads_as_the_card_means(games, kind, rid, lang, expected):
    said = _said(games["terraforming_mars"], kind, rid, lang)
    assert expected in said
    assert " / " not in said and "+ 1" not in said and "volte:" not in said
    assert " times:" not in said
    assert not re.search(r"[a-z]: [+-]\d", said), said   # "protected: +1", machine wording


@pytest.mark.parametrize("rid, lang, expected", [
    # Princess: "If you discard the Princess ... you are knocked out of the round"
    ("princess", "en", "When a card is discarded, if you discarded this card"),
    ("princess", "it", "Quando viene scartata una carta, se hai scartato questa carta"),
    # Countess: held with the King or a Prince, she must be discarded
    ("countess", "it", "se hai in mano anche il Re o il Principe"),
    ("countess", "en", "if you also hold the King or the Prince"),
])
def test_love_letter_rule_text(games, rid, lang, expected):
    assert expected in _said(games["love_letter"], "cards", rid, lang)
