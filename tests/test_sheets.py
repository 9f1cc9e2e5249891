"""Rule-reference sheets: generated rule text checked against the Italian rulebook."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from compiler import sheets
from compiler.diagnostics import Span
from compiler.dsl import parse
from compiler.dsl.lower import lower
from compiler.pipeline import compile_game, render_outputs
from compiler.sheets import phrases, sections
from compiler.sheets.text import describe, describe_trigger
from compiler.sheets.vocab import Names

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def ir():
    comp = compile_game(ROOT / "rules_data" / "terraforming_mars", ROOT)
    assert not comp.failed(), [d.format() for d in comp.diagnostics]
    return comp.ir


@pytest.fixture(scope="module")
def html(ir):
    return {k: v.decode("utf-8") for k, v in sheets.render(ir).items()}


def text(ir, node, lang="it"):
    return describe(node, lang, Names(ir))


def dsl(kind, source):
    node, diags = parse(kind, source, Span("rules_data/x.yaml", 1, 1))
    assert diags == [], diags
    return lower(node, "rules_data/x.yaml")


def test_standard_project_power_plant(ir):
    # Azione 2, Centrale elettrica: "Paga 11 milioni di euro. Aumenta la produzione di energia."
    pp = ir["actions"]["power_plant"]
    assert text(ir, pp["cost"]) == "Paga 11 M€."
    assert text(ir, pp["effect"]) == "+1 produzione di energia."
    assert text(ir, pp["cost"], "en") == "Pay 11 M€."
    assert text(ir, pp["effect"], "en") == "+1 energy production."


def test_standard_projects_costs_match_rulebook(ir):
    # Asteroide 14, Falda acquifera 18, Verde 23, Città 25 (milioni di euro).
    costs = {a: text(ir, ir["actions"][a]["cost"]) for a in ("asteroid", "aquifer", "greenery",
                                                             "city")}
    assert costs == {"asteroid": "Paga 14 M€.", "aquifer": "Paga 18 M€.",
                     "greenery": "Paga 23 M€.", "city": "Paga 25 M€."}
    assert text(ir, ir["actions"]["aquifer"]["effect"]) == "Piazza una tessera Oceano."
    assert "+1 produzione di M€" in text(ir, ir["actions"]["city"]["effect"])


def test_conversions_spend_eight(ir):
    # Azione 6: 8 risorse vegetali -> 1 tessera Verde; Azione 7: 8 calore -> +1 temperatura.
    assert text(ir, ir["actions"]["plants_to_greenery"]["cost"]) == "Spendi 8 piante."
    heat = ir["actions"]["heat_to_temperature"]
    assert text(ir, heat["effect"]) == "Aumenta temperatura di 1 tacca (+2 °C; +1 NT)."


def test_award_banker_measure(ir):
    # Banchiere: "Il giocatore con la maggiore produzione di M€."
    assert text(ir, ir["awards"]["banker"]["measure"]) == "produzione di M€"
    banker = next(a for a in sections.awards(ir, "it", Names(ir))["items"] if a["id"] == "banker")
    assert banker["text"] == "Vince chi ha più produzione di M€"
    assert text(ir, ir["awards"]["miner"]["measure"], "en") == "steel + titanium"


def test_award_rules_costs_and_places(ir):
    rules = sections.awards(ir, "it", Names(ir))["rules"]
    assert "Costo 8/14/20 M€" in rules and "1° posto 5 PV, 2° posto 2 PV" in rules


def test_milestones_conditions(ir):
    # Terraformer "NT 35 minimo", Sindaco "3 tessere città", Pianificatore "16 carte in mano".
    ms = ir["milestones"]
    assert text(ir, ms["terraformer"]["condition"]) == "NT almeno 35"
    assert text(ir, ms["mayor"]["condition"]) == "almeno 3 tessere Città possedute"
    assert text(ir, ms["planner"]["condition"]) == "almeno 16 carte in mano"
    assert text(ir, ms["builder"]["condition"], "en") == "8 or more building tags"
    rules = sections.milestones(ir, "it", Names(ir))["rules"]
    assert "Costo 8 M€" in rules and "5 PV" in rules


def test_global_parameters_ranges_and_units(ir):
    # Ossigeno 0 -> 14 %, temperatura -30 -> +8 °C (2 °C per tacca), 9 tessere Oceano.
    params = {p["id"]: p for p in sections.parameters(ir, "it", Names(ir))}
    assert params["oxygen"]["range"] == "da 0 a 14 %"
    assert params["temperature"]["range"] == "da -30 a 8 °C"
    assert params["temperature"]["step"] == "2 °C"
    assert params["temperature"]["steps"] == "19 tacche"
    assert params["oceans"]["range"] == "da 0 a 9 tessere"
    assert params["oxygen"]["bonuses"] == ["a 8 %: Aumenta temperatura di 1 tacca (+2 °C; +1 NT)."]


def test_resources_pay_for_tags(ir):
    # Acciaio: 2 M€ per cubo per carte edificio; titanio: 3 M€ per carte spaziali.
    res = {r["id"]: r for r in sections.resources(ir, "it", Names(ir))}
    assert res["steel"]["use"] == "1 acciaio vale 2 M€ per le carte con indicatore edificio"
    assert res["titanium"]["use"] == "1 titanio vale 3 M€ per le carte con indicatore spazio"


def test_card_requirements_use_parameter_units(ir):
    cards = ir["cards"]
    assert text(ir, cards["colonizer_training_camp"]["requires"]) == "ossigeno al massimo 5 %"
    assert text(ir, cards["colonizer_training_camp"]["requires"], "en") == "oxygen 5 % or less"
    assert text(ir, cards["arctic_algae"]["requires"]) == "temperatura al massimo -12 °C"
    assert text(ir, cards["capital"]["requires"], "en") == "oceans 4 tiles or more"


def test_card_vp_and_trigger_text(ir):
    cards, names = ir["cards"], Names(ir)
    assert text(ir, cards["ants"]["vp"]) == "1 PV ogni 2 risorse su questa carta"
    assert text(ir, cards["capital"]["vp"], "en") == "1 VP per adjacent ocean tile"
    trig = cards["arctic_algae"]["triggers"][0]
    assert describe_trigger(trig["on"], trig["effect"], "it", names) == \
        "Quando un giocatore qualsiasi piazza una tessera Oceano: guadagna 2 piante"


def test_production_phase_in_words(ir):
    # Fase 4: l'energia diventa calore; M€ = produzione di M€ + NT.
    prod = next(p for p in ir["flow"]["phases"] if p["id"] == "production")
    words = text(ir, prod["each_player"])
    assert words.startswith("Tutte le risorse energia diventano calore. Guadagna 1 M€ per ogni NT.")


@pytest.mark.parametrize("source, it, en", [
    ("gain up to 2 plants", "Guadagna fino a 2 piante.", "Gain up to 2 plants."),
    ("gain 1 megacredits per 2 tag earth", "Guadagna 1 M€ ogni 2 indicatori Terra.",
     "Gain 1 M€ per 2 Earth tags."),
    ("lose 3 plants from any player", "Rimuovi fino a 3 piante a un giocatore qualsiasi.",
     "Remove up to 3 plants from any player."),
    ("lose 1 heat production from any player",
     "Riduci di 1 la produzione di calore di un giocatore qualsiasi.",
     "Decrease any player's heat production by 1."),
    ("raise tr 2", "+2 NT.", "+2 TR."),
    ("place city on s31", "Piazza una tessera Città sulla casella Città di Noctis.",
     "Place a city tile on the Noctis City space."),
    ("place greenery on ocean",
     "Piazza una tessera Verde su una casella riservata alle tessere Oceano.",
     "Place a greenery tile on a space reserved for ocean tiles."),
    ("draw 1 card", "Pesca 1 carta.", "Draw 1 card."),
    ("add 2 animal to another card", "Aggiungi 2 animali a un'altra carta.",
     "Add 2 animals to another card."),
    ("remove 1 microbe from any card", "Rimuovi 1 microbo da una carta qualsiasi.",
     "Remove 1 microbe from any card."),
    ("choose (gain 3 plants | draw 2 cards)", "Scegli una: guadagna 3 piante, oppure pesca 2 "
     "carte.", "Choose one: gain 3 plants, or draw 2 cards."),
    ("move all energy to heat", "Tutte le risorse energia diventano calore.",
     "All energy becomes heat."),
    ("produce plants, heat", "Ricevi risorse pari alla tua produzione di: piante, calore.",
     "Gain resources equal to your production of: plants, heat."),
    ("sell cards for 1 megacredits", "Scarta carte dalla mano: guadagna 1 M€ per carta.",
     "Discard cards from hand: gain 1 M€ per card."),
])
def test_every_statement_kind(ir, source, it, en):
    node = dsl("effect", source)
    assert (text(ir, node), text(ir, node, "en")) == (it, en)


@pytest.mark.parametrize("kind, source, it", [
    ("condition", "steel + titanium >= 1", "acciaio + titanio in totale almeno 1"),
    ("condition", "tag plant >= 1 and oxygen < 3", "almeno 1 indicatore pianta e ossigeno meno "
     "di 3 %"),
    ("amount", "-1", "-1 PV"),
    ("amount", "1 per tile greenery next to tile city",
     "1 PV per ogni tessera Verde adiacente a una tua tessera Città"),
    ("measure", "tile city anywhere + cards in hand",
     "tessere Città sul tabellone + carte in mano"),
    ("trigger", "on play tag earth", "Quando giochi una carta con indicatore Terra"),
    ("trigger", "on raise oxygen by anyone", "Quando un giocatore qualsiasi aumenta ossigeno"),
])
def test_conditions_amounts_measures_triggers(ir, kind, source, it):
    assert text(ir, dsl(kind, source)) == it


def test_sheets_per_language_with_sections_and_citations(html):
    assert sorted(html) == ["reference.en.html", "reference.it.html"]
    it = html["reference.it.html"]
    assert '<html lang="it">' in it
    for heading in ("Svolgimento del gioco", "Parametri globali", "Progetti standard",
                    "Obiettivi", "Ricompense", "Tessere e piazzamento", "Carte Progetto"):
        assert f"<h2>{heading}</h2>" in it
    assert "§ Azione 2: Progetto standard, Centrale elettrica (11 M€)" in it
    assert "I nomi delle carte sono in inglese" in it  # no Italian card names in the data
    assert "@page" in it and "<link" not in it  # print CSS inline, no external files


def test_no_template_leftovers(html):
    for page in html.values():
        body = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
        assert "{" not in body and "None" not in body


def test_render_is_deterministic_and_leaves_ir_alone(ir):
    before = copy.deepcopy(ir)
    first, second = sheets.render(ir), sheets.render(ir)
    assert first == second
    assert ir == before


def test_pipeline_writes_sheets(ir):
    comp = compile_game(ROOT / "rules_data" / "terraforming_mars", ROOT)
    files = render_outputs(comp, "rules_data/terraforming_mars/")
    assert "sheets/reference.it.html" in files and "sheets/reference.en.html" in files


def test_phrase_tables_have_the_same_keys_and_forms():
    it, en = phrases.table("it"), phrases.table("en")
    assert set(it) == set(en)
    for key in it:
        assert isinstance(it[key], dict) == isinstance(en[key], dict), key


def test_pampero_components_are_on_the_sheet():
    """Action cards A1 and A2 build wind farms (Project Verne, CO2 Game Setup 1); every
    deck of components gets its own heading, and provisional values are marked."""
    from compiler.pipeline import compile_game
    from compiler.sheets import render
    from tests.conftest import ROOT

    ir = compile_game(ROOT / "rules_data" / "pampero", ROOT).ir
    html = render(ir)["reference.en.html"].decode("utf-8")
    components = html[html.index('<section id="components">'):]
    for number in ("A1", "A2"):
        start = components.index(f"#{number}</span>")
        assert "Build a wind farm" in components[start:start + 400]
    assert 'id="deck-scoring_tiles"' in components
    assert "PROVISIONAL" in components.upper()
