"""Rule-reference sheets: generated rule text checked against the Italian rulebook.

Terraforming Mars is written in the core language: its texts come from the text trees
(``compiler.lang.texts``) and its definitions' ``text``; the numbers asserted here are
the rulebook's (``shared/sources``, Terraforming Mars Regole), not read off the output.
"""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import pytest

from compiler import sheets
from compiler.pipeline import compile_game, render_outputs
from compiler.sheets import flow as core_flow
from compiler.sheets import modules as core_modules
from compiler.sheets import sheet as core_sheet
from compiler.sheets.speak import Speaker
from compiler.sheets.words import WORDS

ROOT = Path(__file__).resolve().parents[1]
TM = ROOT / "rules_data" / "terraforming_mars"
HOSTILE = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def ir():
    comp = compile_game(TM, ROOT)
    assert not comp.failed(), [d.format() for d in comp.diagnostics]
    return comp.ir


@pytest.fixture(scope="module")
def html(ir):
    return {k: v.decode("utf-8") for k, v in sheets.render(ir).items()}


def say(ir, kind, rid, field, lang="it"):
    """The text of one field of a record, as the sheet says it."""
    tree = ir["texts"]["records"][kind][rid][field]
    sp = Speaker(ir, lang)
    if tree.get("form") == "on":
        return sp.trigger(tree)
    return sp.effect(tree) if tree.get("form") == "seq" else sp.value(tree)


def items(ir, kind, lang="it"):
    sp = Speaker(ir, lang)
    section = next(s for s in ir["game"]["sheet"]["sections"] if s["kind"] == kind)
    return {i["id"]: i for i in core_sheet.section_items(sp, section)}


def test_text_tree_keeps_the_definition_and_its_arguments(ir):
    # "gain 1 energy production" is a use of definition gain_production, n=1, r=energy.
    tree = ir["texts"]["records"]["actions"]["power_plant"]["effect"]
    assert tree == {"form": "seq", "b": [{"def": "gain_production", "args": {
        "n": {"lit": 1}, "r": {"rec": "energy", "kind": "resources"}}}]}
    assert "texts" not in (ROOT / "generated" / "terraforming_mars" / "rules.py").read_text()


def test_standard_project_power_plant(ir):
    # Azione 2, Centrale elettrica: "Paga 11 milioni di euro. Aumenta la produzione di energia."
    assert items(ir, "actions")["power_plant"]["cells"][0] == ["11 M€"]
    assert items(ir, "actions", "en")["power_plant"]["cells"][0] == ["11 M€"]
    assert say(ir, "actions", "power_plant", "effect") == \
        "Aumenta di 1 la produzione di energia."
    assert say(ir, "actions", "power_plant", "effect", "en") == \
        "Raise your energy production by 1."


def test_standard_projects_costs_match_rulebook(ir):
    # Asteroide 14, Falda acquifera 18, Verde 23, Città 25 (milioni di euro).
    table = items(ir, "actions")
    costs = {a: table[a]["cells"][0] for a in ("asteroid", "aquifer", "greenery", "city")}
    assert costs == {"asteroid": ["14 M€"], "aquifer": ["18 M€"],
                     "greenery": ["23 M€"], "city": ["25 M€"]}
    # Azione 2: "Falda acquifera: ... Posiziona una tessera Oceano, guadagna un eventuale
    # bonus di piazzamento e 1 NT"; "Verde: ... Posizionare una tessera Verde, guadagnare
    # 1 NT, aumentare il livello di ossigeno ... e guadagnare qualsiasi bonus di
    # piazzamento"; "Città: ... Piazzare una tessera Città, guadagnare eventuali bonus di
    # piazzamento e aumentare di 1 la produzione di M€" (the bonus first, as it is given)
    assert say(ir, "actions", "aquifer", "effect") == \
        "Piazza una tessera Oceano (guadagna un eventuale bonus di piazzamento; aumenta gli " \
        "oceani e la NT di 1)."
    assert say(ir, "actions", "greenery", "effect") == \
        "Piazza una tessera Verde (guadagna un eventuale bonus di piazzamento; aumenta " \
        "l'ossigeno e la NT di 1)."
    assert say(ir, "actions", "aquifer", "effect", "en") == \
        "Place an ocean tile (gain any placement bonus; raise the oceans and your TR 1 step)."
    assert say(ir, "actions", "city", "effect") == \
        "Piazza una tessera Città (guadagna un eventuale bonus di piazzamento). Aumenta di 1 " \
        "la produzione di M€."
    assert table["power_plant"]["cells"] == [["11 M€"],
                                             ["Aumenta di 1 la produzione di energia."]]


def test_conversions_spend_eight(ir):
    # Azione 6: 8 risorse vegetali -> 1 tessera Verde; Azione 7: 8 calore -> "Aumenta la
    # temperatura e la propria NT di una tacca".
    assert items(ir, "actions")["plants_to_greenery"]["cells"][0] == ["8 piante"]
    assert say(ir, "actions", "heat_to_temperature", "effect") == \
        "Aumenta la temperatura e la NT di 1."
    assert say(ir, "actions", "heat_to_temperature", "effect", "en") == \
        "Raise the temperature and your TR 1 step."


def test_award_banker_measure(ir):
    # Banchiere: "Il giocatore con la maggiore produzione di M€."
    assert say(ir, "awards", "banker", "measure") == "produzione di M€"
    assert items(ir, "awards")["banker"]["cells"] == [["Vince chi ha più produzione di M€"]]
    assert say(ir, "awards", "miner", "measure", "en") == "steel + titanium"


def test_award_rules_costs_and_places(html):
    # Azione 4: 8, 14, 20 M€; conteggio finale: 5 PV al primo, 2 PV al secondo (3+ giocatori).
    it = html["reference.it.html"]
    assert "Costo 8/14/20 M€" in it and "1° posto 5 PV, 2° posto 2 PV" in it
    assert "solo con almeno 3 giocatori" in it
    assert "Cost 8/14/20 M€" in html["reference.en.html"]


def test_milestones_conditions(ir, html):
    # Terraformer "NT 35 minimo", Sindaco "3 tessere città", Pianificatore "16 carte in mano".
    assert say(ir, "milestones", "terraformer", "condition") == "NT almeno 35"
    assert say(ir, "milestones", "mayor", "condition") == "almeno 3 tessere Città possedute"
    assert say(ir, "milestones", "planner", "condition") == "almeno 16 carte in mano"
    assert say(ir, "milestones", "builder", "condition", "en") == \
        "at least 8 building tags in play"
    it = html["reference.it.html"]
    assert "Costo 8 M€" in it and "Ogni obiettivo vale 5 PV" in it


def test_global_parameters_ranges_and_units(ir):
    # Ossigeno 0 -> 14 %, temperatura -30 -> +8 °C (2 °C per tacca), 9 tessere Oceano.
    params = items(ir, "parameters")
    assert params["oxygen"]["cells"][1] == ["Da 0 a 14 %"]
    assert params["temperature"]["cells"][:3] == [["-30 °C"], ["Da -30 a 8 °C"],
                                                  ["2 °C; ogni tacca +1 NT"]]
    assert params["oceans"]["cells"][1] == ["Da 0 a 9 tessere"]
    assert params["oceans"]["cells"][2] == ["1 tessera; ogni tacca +1 NT"]
    assert params["oxygen"]["cells"][3] == ["A 8 %: aumenta la temperatura e la NT di 1."]


def test_resources_pay_for_tags(ir):
    # Acciaio: 2 M€ per cubo per carte edificio; titanio: 3 M€ per carte spaziali.
    res = items(ir, "resources")
    assert res["steel"]["lines"][0]["texts"] == [
        "produzione minima 0; 1 acciaio vale 2 M€ per le carte con indicatore edificio"]
    assert "1 titanio vale 3 M€ per le carte con indicatore spazio" in \
        res["titanium"]["lines"][0]["texts"][0]


def test_card_requirements_use_parameter_units(ir):
    assert say(ir, "cards", "colonizer_training_camp", "requires") == "ossigeno al massimo 5 %"
    assert say(ir, "cards", "colonizer_training_camp", "requires", "en") == \
        "oxygen at most 5 %"
    assert say(ir, "cards", "arctic_algae", "requires") == "temperatura al massimo -12 °C"
    assert say(ir, "cards", "capital", "requires", "en") == "at least 4 ocean tiles"
    assert say(ir, "cards", "advanced_ecosystems", "requires") == (
        "almeno 1 indicatore pianta in gioco e almeno 1 indicatore animale in gioco e "
        "almeno 1 indicatore microbo in gioco")


def test_card_vp_and_trigger_text(ir):
    assert say(ir, "cards", "ants", "vp") == "1 ogni 2 risorse su questa carta"
    assert say(ir, "cards", "fish", "vp") == "1 per ogni risorsa su questa carta"
    assert say(ir, "cards", "capital", "vp", "en") == \
        "1 per ocean tile next to this card's tile"
    card = items(ir, "cards")["arctic_algae"]
    effects = [ln["texts"] for ln in card["lines"] if ln["label"] == "Effetto"]
    assert effects == [["Quando viene piazzata una tessera, se è una tessera Oceano: "
                        "guadagna 2 piante."]]
    herbivores = items(ir, "cards", "en")["herbivores"]
    assert ["When a tile is placed, if it is a greenery tile and you placed it: add 1 "
            "animal to this card."] in [ln["texts"] for ln in herbivores["lines"]]


def test_card_entry_has_cost_tags_actions_and_vp(ir):
    card = items(ir, "cards")["restricted_area"]
    assert (card["corner"], card["head"]) == ("11", "#199")
    assert card["meta"] == ["Attiva", "indicatori: scienza"]
    assert card["module"] == "Solo con: Era corporativa"
    assert {"label": "Azione", "texts": ["Paga 2 M€ → pesca 1 carta."]} in card["lines"]
    assert items(ir, "cards")["ants"]["foot"] == "PV: 1 ogni 2 risorse su questa carta"


def test_production_box_is_said_in_place(ir):
    """A card's effect applies its own `production` field (`do this.production`): the
    sheet says the box's steps where the effect applies it (Capital, cards.json #008:
    energy -2, M€ +5; Eos Chasma National Park, #026: M€ +2 after its other icons)."""
    texts = [ln["texts"] for ln in items(ir, "cards", "en")["capital"]["lines"]]
    assert ["Lower your energy production by 2. Raise your M€ production by 5. "
            "Place a Capital tile (gain any placement bonus)."] in texts
    texts = [ln["texts"] for ln in items(ir, "cards")["eos_chasma_national_park"]["lines"]]
    assert any(t[0].endswith("Aumenta di 2 la produzione di M€.") for t in texts if t)


def test_number_agreement(ir):
    # "1 pianta" / "2 piante", "1 carta" / "2 carte": name_one and {n|carta|carte}.
    assert say(ir, "cards", "arctic_algae", "effect") == "Guadagna 1 pianta."
    assert say(ir, "cards", "algae", "effect") == \
        "Aumenta di 2 la produzione di piante. Guadagna 1 pianta."
    assert say(ir, "cards", "research", "effect") == "Pesca 2 carte."
    assert say(ir, "cards", "convoy_from_europa", "effect", "en") == \
        "Place an ocean tile (gain any placement bonus; raise the oceans and your TR 1 " \
        "step). Draw 1 card."


def test_a_statement_written_twice_is_said_once_with_its_count(ir):
    """Lake Marineris (cards.json #053: "Place 2 ocean tiles"), ``place ocean; place
    ocean``: one sentence with its count, not the same sentence twice."""
    it = say(ir, "cards", "lake_marineris", "effect")
    assert it == "Piazza una tessera Oceano (guadagna un eventuale bonus di piazzamento; " \
        "aumenta gli oceani e la NT di 1), due volte."
    assert say(ir, "cards", "lake_marineris", "effect", "en").endswith("step), twice.")


def test_the_quick_reference_says_the_placement_bonus(html):
    """Azione 2, "Falda acquifera ... guadagna un eventuale bonus di piazzamento": the
    quick reference says it where the standard projects place a tile."""
    body = re.sub(r"<[^>]+>", " ", html["quick.it.html"])
    text = " ".join(body.replace("&#39;", "'").split())
    for project in ("Falda acquifera", "Verde", "Città"):
        at = text.index(project + " ")
        assert "guadagna un eventuale bonus di piazzamento" in text[at:at + 200], project


def test_production_phase_in_words(ir, html):
    # Fase 4: l'energia diventa calore; M€ = produzione di M€ + NT.
    flow = core_flow.flow(Speaker(ir, "it"))
    production = flow["phases"][3]
    assert production["text"].startswith(
        "Ogni giocatore: tutta l'energia diventa calore. Guadagna 1 M€ per ogni NT.")
    assert flow["phases"][0]["text"].endswith("Dalla generazione 2 in poi.")
    scoring = {s["id"]: s["text"] for s in flow["scoring"]}
    assert scoring["milestones"] == "5 PV per ogni obiettivo acquisito"   # "vale 5 PV"
    assert scoring["greenery"] == "1 PV per ogni tessera Verde posseduta"


def test_modules_say_what_they_change(ir):
    modules = {m["id"]: m["facts"] for m in core_modules.modules(Speaker(ir, "it"))}
    assert "1 giocatore." in modules["solo"]
    assert "NT: per giocatore, inizio 14, minimo 0." in modules["solo"]
    assert "Senza: obiettivi, ricompense." in modules["solo"]
    assert "Senza il passo «Produzione iniziale»." in modules["corporate_era"]
    # the Corporate Era cards, counted, under the kind's own name
    era = [c for c in ir["records"]["cards"].values() if c.get("module") == "corporate_era"]
    assert any(f.startswith(f"{len(era)} carte Progetto") for f in modules["corporate_era"])


# ---- every kind of statement, in both languages ---------------------------------------

STATEMENTS = [
    ("gain 2 plants", "Guadagna 2 piante.", "Gain 2 plants."),
    ("gain 1 megacredits per tag earth", "Guadagna 1 M€ per ogni indicatore Terra in gioco.",
     "Gain 1 M€ per Earth tag in play."),
    ("lose 3 plants from any player", "Togli fino a 3 piante a un qualsiasi giocatore.",
     "Remove up to 3 plants from any player."),
    ("lose 1 heat production from any player",
     "Diminuisci di 1 la produzione di calore di un qualsiasi giocatore.",
     "Lower any player's heat production by 1."),
    ("raise tr 2", "Aumenta il NT di 2.", "Raise the TR 2 steps."),
    ("place city on s31", "Piazza una tessera Città sulla casella Città di Noctis (guadagna "
     "un eventuale bonus di piazzamento).",
     "Place a city tile on the Noctis City space (gain any placement bonus)."),
    ("place greenery on ocean",
     "Piazza una tessera Verde su una casella oceano (guadagna un eventuale bonus di "
     "piazzamento; aumenta l'ossigeno e la NT di 1).",
     "Place a greenery tile on an ocean space (gain any placement bonus; raise the oxygen "
     "and your TR 1 step)."),
    ("draw 1 cards", "Pesca 1 carta.", "Draw 1 card."),
    ("add 2 animal to another card", "Aggiungi 2 animali a un'altra carta.",
     "Add 2 animals to another card."),
    ("remove 1 microbe from any card", "Togli 1 microbo da una carta qualsiasi.",
     "Remove 1 microbe from any card."),
    ("choose (gain 3 plants | draw 2 cards)",
     "Scegli una: guadagna 3 piante, oppure pesca 2 carte.",
     "Choose one: gain 3 plants, or draw 2 cards."),
    ("choose up to 2 (gain 1 heat | gain 1 steel)",
     "Scegli fino a 2: guadagna 1 calore, oppure guadagna 1 acciaio.",
     "Choose up to 2: gain 1 heat, or gain 1 steel."),
    ("move all energy to heat", "Tutta l'energia diventa calore.", "All energy becomes heat."),
    ("produce", "Ogni risorsa aumenta della sua produzione.",
     "Each resource gains its production."),
    ("sell cards at 1 megacredits each", "Scarta carte dalla mano per 1 M€ l'una.",
     "Discard cards for 1 M€ each."),
    ("if heat >= 3 then gain 1 plants else draw 1 cards",
     "Se calore è almeno 3: guadagna 1 pianta; altrimenti pesca 1 carta.",
     "If heat is at least 3: gain 1 plant; otherwise draw 1 card."),
    ("repeat 2: gain 1 titanium", "Ripeti 2 volte: guadagna 1 titanio.",
     "Repeat 2 times: gain 1 titanium."),
    ("require oxygen < 3 and not (tag plant >= 1); gain 1 steel",
     "Solo se l'ossigeno è sotto 3 % e non almeno 1 indicatore pianta in gioco. "
     "Guadagna 1 acciaio.",
     "Only if oxygen is under 3 % and not at least 1 plant tag in play. Gain 1 steel."),
    # 1 M€ for each Earth tag and for each space tag
    ("gain 1 megacredits per (tag earth + tag space) ",
     "Guadagna 1 M€ per ogni indicatore Terra in gioco e ogni indicatore spazio in gioco.",
     "Gain 1 M€ per Earth tag in play and each space tag in play."),
]


@pytest.fixture(scope="module")
def extra(tmp_path_factory):
    """Terraforming Mars with one more card per statement, a hostile card name, a hostile
    section and a hostile definition text."""
    rules = tmp_path_factory.mktemp("tm") / "terraforming_mars"
    shutil.copytree(TM, rules)
    lines = ["kind: cards", "deck: project", "records:"]
    for i, (source, _, _) in enumerate(STATEMENTS):
        lines += [f"  - id: x{i:02d}", f'    number: "9{i:02d}"', "    type: event",
                  "    cost: 1", f"    effect: {source!r}",
                  "    source: {doc: tm-rules-it, section: test}"]
    lines += ["  - id: hostile", '    number: "999"', f"    name: {{en: {HOSTILE!r}}}",
              "    type: event", "    cost: 1", '    effect: "shout"',
              f"    source: {{doc: tm-rules-it, section: {HOSTILE!r}}}"]
    (rules / "cards" / "zz_statements.yaml").write_text("\n".join(lines) + "\n")
    (rules / "definitions" / "zz_hostile.yaml").write_text(
        "kind: definitions\nrecords:\n  - id: shout\n    phrase: shout\n    params: {}\n"
        '    effect: "gain 1 heat"\n'
        f"    text: {{it: {HOSTILE!r}, en: '{{{{ 7*7 }}}} <b>x</b>'}}\n")
    comp = compile_game(rules, ROOT)
    assert not comp.failed(), [d.format() for d in comp.diagnostics if d.severity.name ==
                               "ERROR"]
    return comp.ir


@pytest.mark.parametrize("i, source, it, en",
                         [(i, *row) for i, row in enumerate(STATEMENTS)])
def test_every_statement_kind(extra, i, source, it, en):
    assert (say(extra, "cards", f"x{i:02d}", "effect"),
            say(extra, "cards", f"x{i:02d}", "effect", "en")) == (it, en)


def test_data_strings_cannot_inject_markup(extra):
    for name, page in ((k, v.decode("utf-8")) for k, v in sheets.render(extra).items()):
        assert HOSTILE not in page and "<b>x</b>" not in page
        if name.startswith(("reference.", "designer.", "cards.")):   # they show every card
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "49" not in page.replace("#049", "").replace("#149", "")  # card numbers


def test_sheets_per_language_with_sections_and_citations(html):
    assert sorted(html) == sorted(f"{aid}.{lang}.html" for lang in ("it", "en") for aid in
                                  ("reference", "quick", "modules", "cards", "designer"))
    it = html["designer.it.html"]
    assert '<html lang="it">' in it
    for heading in ("Svolgimento del gioco", "Parametri globali", "Progetti standard",
                    "Obiettivi", "Ricompense", "Tessere e piazzamento", "Carte Progetto",
                    "Varianti"):
        assert f"<h2>{heading}</h2>" in it
    assert "§ Azione 2: Progetto standard, Centrale elettrica (11&nbsp;M€)" in it   # kept together
    assert "Alcuni nomi non sono noti in italiano" in it  # no Italian card names in the data
    assert "@page" in it and "<link" not in it  # print CSS inline, no external files
    assert "§" not in html["reference.it.html"]   # a player's sheet cites no sources


def test_no_template_leftovers_ids_or_code(html, ir):
    ids = {i for table in ir["records"].values() for i in table if "_" in i}
    for page in html.values():
        body = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
        # the designer's provisional notes name the data they stand on, as Pampero's do
        # ("tie_break_megacredits = 1: ..."): the player's pages never show them
        text = re.sub(r"<[^>]+>", " ", re.sub(r'<span class="provnote">[^<]*</span>', "",
                                              body))
        assert "{" not in body and "None" not in text and "|" not in text
        assert " → tile" not in text and "~" not in text
        leaked = [i for i in ids if re.search(rf"\b{i}\b", text)]
        assert leaked == []


def test_render_is_deterministic_and_leaves_ir_alone(ir):
    before = copy.deepcopy(ir)
    first, second = sheets.render(ir), sheets.render(ir)
    assert first == second
    assert ir == before


def test_pipeline_writes_sheets():
    comp = compile_game(TM, ROOT)
    files = render_outputs(comp, "rules_data/terraforming_mars/")
    assert "sheets/reference.it.html" in files and "sheets/reference.en.html" in files


def test_core_word_tables_have_the_same_keys_and_forms():
    it, en = WORDS["it"], WORDS["en"]
    assert set(it) == set(en)
    for key in it:
        assert type(it[key]) is type(en[key]), key
        if isinstance(it[key], dict):
            assert set(it[key]) == set(en[key]), key


def _pampero_sheet() -> str:
    from compiler.pipeline import compile_game
    from compiler.sheets import render
    from tests.conftest import ROOT

    ir = compile_game(ROOT / "rules_data" / "pampero", ROOT).ir
    return render(ir)["designer.en.html"].decode("utf-8")


def test_pampero_components_are_on_the_sheet():
    """Action cards A1 and A2 build wind farms (Project Verne, CO2 Game Setup 1); every
    deck of components gets its own heading (game.yaml's sheet groups them by deck)."""
    html = _pampero_sheet()
    cards = html[html.index('<section id="action_cards"'):]
    for number in ("A1", "A2"):
        start = cards.index(f"#{number}</span>")
        assert "Build a wind farm" in cards[start:start + 400]
    items = html[html.index('<section id="deck_items"'):]
    assert "<h2>Scoring tiles</h2>" in items
    assert 'id="deck_items-score_wind_farms"' in items


def test_pampero_provisional_values_are_marked():
    """A provisional number (here the tower count per colour) carries the badge, with the
    field, the value and the reason the data gives."""
    html = _pampero_sheet()
    pieces = html[html.index('<section id="pieces"'):]
    pieces = pieces[:pieces.index("</section>")]
    assert 'class="prov"' in pieces
    import yaml

    from tests.conftest import ROOT

    data = yaml.safe_load((ROOT / "rules_data" / "pampero" / "pieces.yaml").read_text())
    tower = next(r for r in data["records"] if r["id"] == "tower")["per_player"]
    assert f"per_player = {tower['provisional']}: {tower['reason']}" in pieces
