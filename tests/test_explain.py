"""``rulesc explain``: one item's generated text with its YAML line and rulebook section."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.cli import main

ROOT = Path(__file__).resolve().parents[1]
GAME = "terraforming_mars"


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def explain(capsys, *args):
    code = main(["explain", GAME, *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_standard_project_in_italian(capsys):
    # Azione 2, Centrale elettrica: "Paga 11 milioni di euro. Aumenta la produzione di energia."
    code, out, _ = explain(capsys, "power_plant", "--lang", "it")
    assert code == 0
    assert "Costo: 11 M€" in out
    assert "Effetto: Aumenta di 1 la produzione di energia." in out
    assert "rules_data/terraforming_mars/actions.yaml:17" in out
    assert "§ Azione 2: Progetto standard, Centrale elettrica (11 M€)" in out
    assert "[en]" not in out


def test_both_languages_by_default(capsys):
    code, out, _ = explain(capsys, "banker")
    assert code == 0
    assert "[it] Banchiere" in out and "Vince chi ha più produzione di M€" in out
    assert "[en] Banker" in out and "Most M€ production" in out
    # Azione 4 and the final count: 8/14/20 M€, 5 VP first, 2 VP second
    assert "Costo 8/14/20 M€" in out and "1° posto 5 PV, 2° posto 2 PV" in out


def test_card_with_requirement_and_vp(capsys):
    code, out, _ = explain(capsys, "ants", "--lang", "it")
    assert code == 0
    assert "Requisito: ossigeno almeno 4 %" in out
    assert "PV: 1 ogni 2 risorse su questa carta" in out
    assert "Azione: Togli 1 microbo da un'altra carta qualsiasi → aggiungi 1 microbo" in out
    assert "#035 · 9 · Attiva · indicatori: microbo" in out
    assert "cards/001-070.yaml:" in out


def test_shared_id_lists_every_item_and_kind_prefix_picks_one(capsys):
    _, out, _ = explain(capsys, "asteroid", "--lang", "en")
    assert "cards asteroid" in out and "actions asteroid" in out
    _, out, _ = explain(capsys, "action:asteroid", "--lang", "en")
    assert "actions asteroid" in out and "cards asteroid" not in out
    assert "Cost: 14 M€" in out   # Asteroide: 14 milioni di euro


def test_flow_step_and_parameter(capsys):
    code, out, _ = explain(capsys, "production", "--lang", "it")
    assert code == 0
    assert "Fase 4: Produzione" in out and "flow.yaml:" in out
    assert "§ Fase 4: Produzione" in out and "tutta l'energia diventa calore" in out
    _, out, _ = explain(capsys, "oxygen", "--lang", "it")
    assert "Da 0 a 14 %" in out and "parameters.yaml:" in out


def test_module_setup_step_and_scoring(capsys):
    code, out, _ = explain(capsys, "solo", "--lang", "en")
    assert code == 0 and "modules.yaml:" in out
    assert "1 player." in out and "Without: milestones, awards." in out
    _, out, _ = explain(capsys, "setup:first_player", "--lang", "it")
    assert "Si sceglie a caso il primo giocatore." in out
    _, out, _ = explain(capsys, "scoring:greenery", "--lang", "it")
    assert "1 PV per ogni tessera Verde posseduta." in out
    _, out, _ = explain(capsys, "final_conversions", "--lang", "en")
    assert "end final_conversions" in out and "every global parameter" in out


def test_unknown_id_suggests_the_closest(capsys):
    code, _, err = explain(capsys, "plnner")
    assert code == 1 and "did you mean 'planner'" in err


def test_unknown_language_is_a_usage_error(capsys):
    code, _, err = explain(capsys, "planner", "--lang", "de")
    assert code == 2 and "unknown language" in err


def test_unknown_game_is_a_usage_error(capsys):
    assert main(["explain", "no_such_game", "city"]) == 2
    assert "no game 'no_such_game'" in capsys.readouterr().err


def test_rules_with_errors_exit_1(capsys, tmp_path):
    rules = tmp_path / GAME
    shutil.copytree(ROOT / "rules_data" / GAME, rules)
    actions = rules / "actions.yaml"
    actions.write_text(actions.read_text().replace('"gain 1 energy production"',
                                                   '"gain 1 unobtainium production"'))
    code = main(["explain", GAME, "power_plant", "--rules", str(rules)])
    out = capsys.readouterr()
    assert code == 1 and out.out == ""
    assert "unobtainium" in out.err and "has errors" in out.err


def test_explain_a_pampero_action_card(capsys):
    # Project Verne, CO2 Game Setup 1: action card A1 builds a wind farm.
    assert main(["explain", "pampero", "a1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "rules_data/pampero/cards/action_cards.yaml:" in out
    assert "CO2 > Game Setup" in out and "wind farm" in out.lower()


def test_modules_named_apart_by_their_gloss(capsys):
    # Clear Skies and Project Verne both have "Extra Scoring Tiles" (the two rulebooks);
    # the Clear Skies alternate setup requires the first and cannot go with the second
    assert main(["explain", "pampero", "cs_extra_scoring_alternate", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Requires: Extra Scoring Tiles (Clear Skies)." in out
    assert "Not with: Extra Scoring Tiles (Project Verne)." in out


def test_a_phase_lists_the_modules_that_change_it(capsys):
    # Variante bozza: in the research phase each player keeps one of 4 cards and passes
    # the rest, "in senso orario" or "antiorario" by generation; the solo variant has no
    # first player to pass (phase 1 only moves the generation on).
    code, out, _ = explain(capsys, "phase:research", "--lang", "it")
    assert code == 0
    # "Cambia" names the step the variant changes, as the base game calls it (Fase 2)
    assert "Con Variante draft: Cambia «Ricerca»:" in out
    assert "passa le altre al giocatore successivo" in out
    _, out, _ = explain(capsys, "phase:player_order", "--lang", "en")
    assert "With Solo game: Changes “Player order”:" in out
    _, out, _ = explain(capsys, "setup:beginner_corporation", "--lang", "en")
    assert "With Standard corporations: Changes “Beginner corporation” (each player):" in out
    _, out, _ = explain(capsys, "setup:first_player", "--lang", "en")
    assert "With " not in out  # no module changes it


def _pampero(capsys, rid: str) -> str:
    """The rule text of ``rid`` (both languages), without the header of ids and files."""
    assert main(["explain", "pampero", rid]) == 0
    out = capsys.readouterr().out
    return out[out.index("  [en]"):]


@pytest.mark.parametrize("mid", ["cs_extra_scoring_tiles", "cs_extra_scoring_alternate",
                                 "verne_extra_scoring_tiles", "innovations_freelancers",
                                 "companies", "tower_bonus_connection_tiles", "events"])
def test_module_steps_and_items_are_named_never_ids(capsys, mid):
    """A module's steps and items read by their names in both languages ("Changes
    “Scoring tiles”", never “place_scoring_tiles”; "Project Verne wide scoring tile",
    never wide_scoring_tile)."""
    import re
    body = _pampero(capsys, f"modules:{mid}")
    assert not re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", body), body


def test_extra_scoring_steps_say_their_names(capsys):
    out = _pampero(capsys, "cs_extra_scoring_tiles")
    assert "Changes “Scoring tiles”: put 1 scoring tile by first scoring." in out
    assert "Adds “Clear Skies end-game scoring tile”: put 1 Clear Skies scoring tile" in out
    assert "Cambia «Tessere punteggio»: metti 1 tessera punteggio presso il primo " \
           "conteggio." in out
    # Project Verne, Extra Scoring Tiles Components: "4x wide scoring tiles" (one record,
    # four printed tiles)
    out = _pampero(capsys, "verne_extra_scoring_tiles")
    assert "4 cards and tiles: Project Verne wide scoring tile ×4." in out


def test_a_module_that_replaces_the_record_is_named(capsys):
    # Project Verne, CO2 Game Setup 1: "Replace the A1 and A2 wind farm action cards with
    # the CO2 wind farm action cards" (modules.yaml: replaces a1 by co2_wind_farm_1).
    assert main(["explain", "pampero", "a1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "With CO2: replaced by Build a wind farm (CO2)" in out
    assert main(["explain", "pampero", "a1", "--lang", "it"]) == 0
    assert "Con CO2: al suo posto Costruisci un parco eolico (CO2)" in capsys.readouterr().out


def test_module_parts_without_a_name_read_as_their_deck(capsys):
    # Project Verne, CO2 > Components: "6x CO2 reward tiles", "1x CO2 crown tile"; the
    # data's placeholders for them have no name of their own, so they read as their
    # deck's name for one, never as their ids; the six reward tiles count six.
    code = main(["explain", "pampero", "modules:co2", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0
    assert "CO2 reward tile ×6, CO2 crown tile" in out
    assert "co2_reward" not in out and "co2_crown_reward" not in out


def test_a_constant_shows_its_value_and_why_it_is_provisional(capsys):
    # Love Letter "Winning the game": 7 tokens of affection with 2 players, 5 with 3, 4
    # with 4. TM's M€ tie-break is provisional ("Il giocatore con il maggior numero di VP
    # vince la partita" gives none).
    assert main(["explain", "love_letter", "tokens_to_win", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Value: 7/5/4" in out and "rules_data/love_letter/constants.yaml:" in out
    assert main(["explain", GAME, "tie_break_megacredits", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert "Valore: 1" in out and "Valore provvisorio: " in out


def test_an_item_by_its_printed_name(capsys):
    """QA: a new user types the name on the card or in the rulebook, not the data's id.
    "Centrale elettrica" (Azione 2, standard projects) is the power plant project, in
    any case and spacing; "Power Plant" is both the project and card #141 (cards.json)."""
    code, out, _ = explain(capsys, "centrale  Elettrica", "--lang", "it")
    assert code == 0 and out.startswith("actions power_plant\n") and "Costo: 11 M€" in out
    code, out, _ = explain(capsys, "Power Plant", "--lang", "en")
    assert code == 0 and "actions power_plant" in out and "cards power_plant" in out
    code, _, err = explain(capsys, "Centrale nucleare")
    assert code == 1 and "no item 'Centrale nucleare'" in err


def test_a_definition_and_an_event_of_the_game_words(capsys):
    # A designer checks how a word of the game reads (QA finding F19). Love Letter's
    # "Card: Guard": "name a card other than a Guard"; its event `played` carries the card
    # and who played it (rules_data/love_letter/events.yaml).
    code = main(["explain", "love_letter", "definitions:guard", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0 and "definitions/cards.yaml:" in out
    assert "In the rules: guess the card of another player" in out
    assert "On the sheets: name a card other than a Guard" in out
    code = main(["explain", "love_letter", "played", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0 and "events.yaml:" in out and "Fields: by, card" in out


def test_a_modifier_says_what_it_modifies(capsys, tmp_path):
    """QA qa9 H10: the small game with a modifiable 'price of {c}' ("the price of {c}")
    and a card that lowers it by 1: explain printed "modifiers: -1". It says what the
    modifier changes, by the definition's text: "the price of a card: -1"."""
    rules = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", rules)
    kinds, cards, defs = (rules / f for f in ("kinds.yaml", "cards.yaml", "definitions.yaml"))
    kinds.write_text(kinds.read_text().replace("effect: effect}", "effect: effect, "
                                               "modifiers: modifiers}"))
    cards.write_text(cards.read_text().replace(
        'effect: "gain 3 money"}', 'effect: "gain 3 money", modifiers: [{modify: price, '
        'by: "-1"}, {modify: price, by: "-2", where: "c.cost > 3"}]}'))
    defs.write_text(defs.read_text() + '  - {id: price, phrase: "price of {c}", params: '
                    '{c: cards}, value: "c.cost", modifiable: true, text: {en: "the price '
                    'of {c}"}}\n')
    assert main(["explain", "--rules", str(rules), "mini", "mine"]) == 0
    out = capsys.readouterr().out
    assert "modifiers: The price of cards: -1\n" in out, out  # the kind has no name_one
    assert "modifiers: The price of cards: -2 if " in out, out
    kinds.write_text(kinds.read_text().replace("{id: cards,", "{id: cards, name: {en: cards}, "
                                               "name_one: {en: card},"))
    assert main(["explain", "--rules", str(rules), "mini", "mine"]) == 0
    out = capsys.readouterr().out
    assert "modifiers: The price of a card: -1\n" in out, out


def test_a_module_of_one_award_says_it_in_the_singular(capsys, tmp_path):
    """QA devqa9 F25: a module adding one award and one milestone read "1 awards",
    "1 milestones". The rulebook's words: "una ricompensa", "un obiettivo"."""
    ex = tmp_path / "ex"
    ex.mkdir()
    (ex / "modules.yaml").write_text(
        "kind: modules\nrecords:\n  - id: eco\n    name: {en: Eco pack, it: Pacchetto eco}\n")
    (ex / "milestones.yaml").write_text(
        "kind: milestones\nmodule: eco\nrecords:\n  - {id: ecologist, name: {it: Ecologista,"
        " en: Ecologist}, condition: \"tag plant >= 4\"}\n")
    (ex / "awards.yaml").write_text(
        "kind: awards\nmodule: eco\nrecords:\n  - {id: botanist, name: {it: Botanico,"
        " en: Botanist}, measure: \"plants production\"}\n")
    code, out, err = explain(capsys, "eco", "--rules", str(ex), "--on", GAME)
    assert code == 0, err
    assert "1 award: Botanist." in out and "1 milestone: Ecologist." in out
    assert "1 ricompensa: Botanico." in out and "1 obiettivo: Ecologista." in out
