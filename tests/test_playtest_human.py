"""The terminal player: answers by number or prefix, undo, quit, and a whole game."""

from __future__ import annotations

import io
import json

import pytest

from compiler.cli import main
from compiler.playtest.agents import QuitGame, make_agents, parse_answer
from compiler.playtest.gamelog import read_log
from compiler.playtest.games import SetupError

LABELS = ["play: Lichen", "play: Lichen Farm", "project: Asteroid", "pass"]


@pytest.mark.parametrize("line, expected", [
    ("3\n", 2), (" PASS ", 3), ("proj", 2), ("play: lichen", 0), ("play: lichen f", 1),
    ("undo", "undo"), ("view", "view"),
])
def test_answers(line, expected):
    assert parse_answer(line, LABELS) == (expected, "")


@pytest.mark.parametrize("line, why", [
    ("9", "no option 9: choose 1-4"), ("play", "fits 2 options"), ("x", "no option starts"),
    ("", "type a number"),
])
def test_answers_that_ask_again(line, why):
    answer, message = parse_answer(line, LABELS)
    assert answer is None and why in message


def test_equal_options_are_one_choice():
    """Two copies of a card in hand are two equal options: the menu lists the choice once,
    so its name typed in full is an answer (it fitted "2 options") and the numbers are
    the choices (they listed "buy: Market" twice)."""
    from compiler.playtest.agents import HumanAgent

    market, pas = {"act": "buy", "card": "market"}, {"act": "pass"}

    class Game:
        def pending(self):
            return {"player": 0, "kind": "action", "prompt": "buy or pass",
                    "options": [market, dict(market), pas]}

    out = io.StringIO()
    agent = HumanAgent(lambda g, p: "view", lambda o: " ".join(map(str, o.values())),
                       io.StringIO("buy market\n2\n"), out)
    assert agent.choose(Game()) == market
    assert agent.choose(Game()) == pas
    assert out.getvalue().count("buy market") == 2  # one row in each of the two menus


def test_quit_stops():
    with pytest.raises(QuitGame):
        parse_answer("quit", LABELS)


def test_agent_list_must_fit_the_players():
    assert [a.name for a in make_agents("random", 3, 1)] == ["random"] * 3
    with pytest.raises(SetupError, match="2 agents for 3 players"):
        make_agents("random,random", 3, 1)
    with pytest.raises(SetupError, match="unknown agent 'bot'"):
        make_agents("bot", 2, 1)


def _play_human(monkeypatch, capsys, answers: str, *args: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["play", "pampero", "--agent", "human,random", "--seed", "1", *args])
    return code, capsys.readouterr().out


def test_human_game_to_the_end_with_undo(monkeypatch, capsys, tmp_path):
    log = tmp_path / "h.jsonl"
    code, out = _play_human(monkeypatch, capsys, "1\nundo\n2\nundo\nundo\n" + "1\n" * 400,
                            "--log", str(log))
    assert code == 0 and "winner:" in out
    assert "undone: back to step" in out and "nothing to undo" in out
    assert "p2.hand: " in out and " hidden" in out  # the opponent's hand is counted only
    game = read_log(log)
    assert game.agents == ["human", "random"] and game.end is not None
    assert len(game.steps) == game.end["steps"]
    assert main(["replay", str(log), "--quiet"]) == 0


def test_end_of_input_stops_and_keeps_the_log(monkeypatch, capsys, tmp_path):
    log = tmp_path / "h.jsonl"
    code, _ = _play_human(monkeypatch, capsys, "1\n", "--log", str(log))
    assert code == 1
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows[0]["agents"] == ["human", "random"] and "end" not in rows[-1]
    assert main(["replay", str(log), "--quiet"]) == 0


def test_players_in_options_and_views_are_numbered_from_1():
    """README: players are numbered from 1 in every text output; the engine's seats
    are 0-based. Love Letter's Guard targets a player (a label key of type player)."""
    import generated.love_letter as ll
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view

    names = Names(ll.RULES)
    assert names.label({"target": 1, "name": "priest"}) == "target player 2, Priest"
    game = ll.new_game(2, (), 2)
    view = player_view(game, 0, names)
    assert "player who starts the round: player " in view and "starter" not in view


def test_a_view_shows_names_not_json_and_tells_what_changed():
    """A board entry reads as its values in words (no JSON braces), and a human is told
    what changed since their last decision, the other player's doings included."""
    import io

    import generated.terraforming_mars as tm
    from compiler.playtest.agents import HumanAgent
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view, value_text

    names = Names(tm.RULES, "en")
    game = tm.new_game(2, (), 1)
    out = io.StringIO()
    human = HumanAgent(lambda g, p: player_view(g, p, names), names.label,
                       io.StringIO("1\n1\n"), out)
    while game.pending()["player"] != 0:
        game.apply(game.legal_actions()[0])
    game.apply(human.choose(game))
    while game.pending()["player"] != 0:
        game.apply(game.legal_actions()[-1])
    human.choose(game)
    text = out.getvalue()
    assert "{" not in text and "since your last decision:" in text
    board = {"s51": {"tile": "city", "owner": 1, "card": "immigrant_city"}}
    assert value_text(board, names) == "row 7, space 6 (City, 1, Immigrant City)"


def test_a_prompt_fills_holes_written_with_a_form():
    """Pampero's 'metti {p:a} in {a}': the hole with an article form is filled too."""
    from types import SimpleNamespace

    from compiler.runtime.text import prompt

    ctx = SimpleNamespace(rules={
        "game": {"language": "it"},
        "definitions": {"place": {"text": {"it": "metti {p:a} in {a}"}}},
        "records": {"pieces": {"tower": {"name": {"it": "torre"}}}}})
    node = {"prompt": {"def": "place", "args": {"p": "tower", "a": "A2"}}}
    assert prompt(ctx, node) == "metti torre in A2"


def _prompts(node, out):
    """Every decision's prompt info inside an IR node."""
    if isinstance(node, dict):
        if node.get("op") == "choose" and "prompt" in node:
            out.append(node["prompt"])
        for value in node.values():
            _prompts(value, out)
    elif isinstance(node, list):
        for value in node:
            _prompts(value, out)
    return out


def _ctx(rules):
    from types import SimpleNamespace
    return SimpleNamespace(rules=rules)


def test_a_prompt_says_the_effects_a_card_orders():
    """Comet's 'both (raise temperature 1; place ocean) (lose 3 plants from any player)':
    the order decision says both effects (the build words them as the sheets do)."""
    from compiler.runtime.text import prompt
    from generated import terraforming_mars as tm

    first = _prompts(tm.RULES["records"]["cards"]["comet"], [])[0]
    node = {"prompt": first}
    assert prompt(_ctx(tm.RULES), node) == (
        "nell'ordine che preferisci: aumenta la temperatura e la NT di 1 e piazza una "
        "tessera Oceano (guadagna un eventuale bonus di piazzamento; aumenta gli oceani e "
        "la NT di 1); togli fino a 3 piante a un qualsiasi giocatore")


def test_a_choice_of_unlabelled_options_says_each_option():
    """Regolith Eaters (cards.json): "Action: Add 1 microbe to this card, or remove 2
    microbes from this card to raise oxygen level 1 step." Its options have no labels of
    their own ("opzione 1", "opzione 2"): the prompt says both, in the option order."""
    from compiler.playtest.games import Names
    from compiler.runtime.text import prompt
    from generated import terraforming_mars as tm

    [info] = [p for p in _prompts(tm.RULES["records"]["cards"]["regolith_eaters"], [])
              if "def" not in p]
    said = prompt(_ctx(tm.RULES), {"prompt": info})
    add, remove = said.index("aggiungi 1 microbo"), said.index("togli 2 microbi")
    assert add < remove and "ossigeno e la NT di 1" in said[remove:]
    assert Names(tm.RULES).label({"option": 0}) == "opzione 1"

def test_a_prompt_says_the_use_written_on_the_card():
    """Research Outpost 'place city next to no other tile': the space decision is asked
    inside 'place {t} on one of {l}', whose holes are a local and a list; the prompt is
    the card's own use, every hole known."""
    from compiler.runtime.text import prompt
    from generated import terraforming_mars as tm

    [info] = _prompts(tm.RULES["records"]["cards"]["research_outpost"], [])
    assert prompt(_ctx(tm.RULES), {"prompt": info}) == \
        "piazza una tessera Città non adiacente ad alcuna altra tessera (guadagna un " \
        "eventuale bonus di piazzamento)"


def test_a_prompt_reads_values_known_only_in_play():
    """A payment says the price and the values of steel and titanium of this payment."""
    import re

    from compiler.runtime import RandomPolicy
    from generated import terraforming_mars as tm

    game = tm.new_game(2, (), 3)
    policy = RandomPolicy(3)
    seen = []
    while not game.is_over and len(seen) < 3:
        pending = game.pending()
        assert "…" not in pending["prompt"], pending["prompt"]
        if pending["kind"] == "payment":
            seen.append(pending["prompt"])
        game.apply(policy.choose(game))
    assert seen and all(re.fullmatch(r"paga \d+ M€ \(acciaio a \d M€, titanio a \d M€\)", p)
                        for p in seen), seen


def test_a_prompt_agrees_words_and_names_pieces():
    """'{k|space|spaces}' agrees with k; an object argument reads as the records it names;
    a record is named from its parameter's kind first."""
    from compiler.runtime.text import prompt

    ctx = _ctx({"game": {"language": "en"},
                "definitions": {"adv": {"text": {"en": "advance {t} {k} {k|space|spaces}"}},
                                "move": {"text": {"en": "move the {h} to {s}"}}},
                "records": {"spaces": {"ocean": {"name": {"en": "ocean space"}}},
                            "tracks": {"income": {"name": {"en": "income"}}},
                            "tiles": {"ocean": {"name": {"en": "Ocean"}}},
                            "pieces": {"tower": {"name": {"en": "tower"}}}}})
    one = {"prompt": {"def": "adv", "args": {"t": "income", "k": 1}}}
    two = {"prompt": {"def": "adv", "args": {"t": "income", "k": 2}}}
    assert prompt(ctx, one) == "advance income 1 space"
    assert prompt(ctx, two) == "advance income 2 spaces"
    move = {"prompt": {"def": "move", "args": {"h": {"piece": "tower", "owner": 1},
                                               "s": "ocean"}, "kinds": {"s": "tiles"}}}
    assert prompt(ctx, move) == "move the tower to Ocean"


def test_option_labels_show_no_raw_values():
    """A none value is left out beside other parts, else read as a word; label words are
    the data's names (records, state entries) or read with spaces; lists and maps are
    names, not JSON."""
    from compiler.playtest.games import Names

    rules = {"game": {"language": "it"},
             "state": {"player": {"stock": {"name": {"it": "riserva"}}}},
             "cards": {"comet": {"name": {"it": "Cometa"}}},
             "resources": {"steel": {"name": {"it": "acciaio"}}}}
    names = Names(rules)
    assert names.label({"target": None}) == "target nessuno"
    assert names.label({"card": "comet", "target": None}) == "Cometa"
    assert names.label({"act": "end_turn"}) == "end turn"
    assert names.label({"stock": {"steel": 2}}) == "riserva acciaio 2"
    assert names.label({"spaces": ["comet", "x_1"]}) == "spaces Cometa, x_1"
    assert names.label({"card": "comet", "keep": True}) == "Cometa, keep: sì"
    assert Names(rules, "en").label({"sell": None}) == "sell none"
    assert names.label({"reaction": "comet:triggers:0"}) == "reaction Cometa"  # its card
    assert names.label({"reaction": "comet:triggers:1"}) == "reaction Cometa #2"


@pytest.mark.parametrize("game", ["terraforming_mars", "love_letter", "pampero"])
def test_every_state_entry_has_a_name_in_each_language(game):
    """The human's view names every entry (no 'turn_actions' or 'game_tracks')."""
    import importlib

    rules = importlib.import_module(f"generated.{game}").RULES
    langs = rules["game"].get("languages") or [rules["game"]["language"]]
    for scope in ("game", "player"):
        for key, entry in rules["state"][scope].items():
            assert set(langs) <= set(entry.get("name") or {}), (scope, key)


def test_a_view_leaves_out_bookkeeping_and_names_entries():
    """Terraforming Mars: the actions of this turn and the last space placed on are the
    rules' notes (bookkeeping), not shown; the global parameters are, by their name."""
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view
    from generated import terraforming_mars as tm

    game = tm.new_game(2, (), 1)
    while game.pending()["player"] != 0:
        game.apply(game.legal_actions()[0])
    view = player_view(game, 0, Names(tm.RULES))
    assert "parametri globali: temperatura -30" in view and "generazione: 1" in view
    for key in ("turn_actions", "last_space", "first_action_taken", "azioni del turno",
                "params", "game_tracks", "tr_raised", "prima azione fatta"):
        assert key not in view


def test_steps_and_booking_labels_have_names_in_a_view():
    """Pampero's money earned is booked under steps and labels: the view names them."""
    from compiler.playtest.games import Names
    from compiler.playtest.session import value_text
    from generated import pampero

    names = Names(pampero.RULES)
    assert value_text({"starting_money": 25, "fees": -2}, names) == \
        "starting money 25, fees -2"


def test_a_list_of_record_entries_reads_as_names_in_a_view():
    """Terraforming Mars's funded awards (``[{id: banker, by: 0}, ...]``) read as the
    awards' names, each with its other fields in parentheses: the view said "id
    Banchiere, by giocatore 1, id Proprietario, by giocatore 2" (a raw key ``id``, and
    fields and items both split by commas)."""
    import generated.terraforming_mars as tm
    from compiler.playtest.games import Names
    from compiler.playtest.session import value_text

    names = Names(tm.RULES, "en")
    awards = [{"id": "banker", "by": "player 1"}, {"id": "landlord", "by": None}]
    assert value_text(awards, names) == "Banker (funded by player 1), Landlord"


def test_who_funded_an_award_reads_in_the_views_language():
    """QA qa9 H13: the Italian view said "Minatore (by giocatore 2)", the key ``by`` of a
    funded award in English. Terraforming Mars's labels name it: "finanziata da" (Azione
    4, "finanziamento di una ricompensa")."""
    import generated.terraforming_mars as tm
    from compiler.playtest.games import Names
    from compiler.playtest.session import value_text

    awards = [{"id": "miner", "by": "giocatore 2"}]
    assert value_text(awards, Names(tm.RULES, "it")) == "Minatore (finanziata da giocatore 2)"


def test_a_track_with_no_name_reads_as_words_in_a_view():
    """Pampero's turn-order disc row (track ``lower_row``, no name in tracks.yaml: "move
    your turn-order disc to the lower row") reads "lower row 1" in a player's tracks, as
    a label word with no name does (README: "the word with spaces for underscores")."""
    from compiler.playtest.games import Names
    from compiler.playtest.session import value_text
    from generated import pampero

    text = value_text({"time": 0, "lower_row": 1}, Names(pampero.RULES))
    assert text == "time disc 0, lower row 1"


def test_the_italian_game_labels_its_options_in_italian():
    """game.yaml's `labels` give the words of the labels' keys and values and of the
    decisions' kinds: Terraforming Mars (an Italian rulebook) offers 'gioca: ...' and
    'progetto standard: ...' ("Azione 1: giocare una carta dalla mano", "Azione 2:
    Utilizzare un progetto standard"), and the menu names the player and the decision
    in Italian."""
    import generated.terraforming_mars as tm
    from compiler.playtest.agents import _menu
    from compiler.playtest.games import Names

    names = Names(tm.RULES)
    assert names.label({"act": "play", "card": "lichen"}) == "gioca: Lichen"
    assert names.label({"act": "project", "id": "asteroid"}).startswith("progetto standard: ")
    assert names.label({"card": "lichen", "keep": True}) == "Lichen, tieni: sì"
    assert names.label({"target": None}) == "bersaglio nessuno"
    head = _menu({"player": 0, "kind": "action", "prompt": "p"}, [], names).splitlines()[0]
    assert head == "giocatore 1 · azione: p"
    english = Names(tm.RULES, "en")
    assert english.label({"act": "play", "card": "lichen"}) == "play: Lichen"
    assert english.label({"act": "end_turn"}) == "end turn"


def test_an_italian_game_s_view_and_prompts_are_in_italian():
    """Terraforming Mars is an Italian-language game: the view's header, the prefixes
    of a player's entries (the player's own and the others'), a hidden list, what changed
    and the prompt asking which reaction resolves first come from game.yaml's labels in
    Italian; in English they read as before ("player 1's view", ``you.``, ``p2.``)."""
    import io
    from types import SimpleNamespace

    import generated.terraforming_mars as tm
    from compiler.playtest.agents import HumanAgent
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view
    from compiler.runtime.reactions import _said

    game = tm.new_game(2, (), 1)
    while game.pending()["player"] != 0:
        game.apply(game.legal_actions()[0])
    view = player_view(game, 0, Names(tm.RULES))
    assert view.startswith("--- vista del giocatore 1 (passo ")
    assert "\ntu.mano: " in view and "\ng2.mano: " in view and " nascoste" in view
    assert "player 1's view" not in view and "you." not in view and "p2." not in view
    english = player_view(game, 0, Names(tm.RULES, "en"))
    assert english.startswith("--- player 1's view (step ")
    assert "\nyou.hand: " in english and "\np2.hand: " in english and " hidden" in english
    names = Names(tm.RULES)
    out = io.StringIO()
    human = HumanAgent(lambda g, p: player_view(g, p, names), names.label,
                       io.StringIO("1\n1\n"), out, names)
    game.apply(human.choose(game))
    while game.pending()["player"] != 0:
        game.apply(game.legal_actions()[-1])
    human.choose(game)
    assert "dalla tua ultima decisione:" in out.getvalue()
    assert "since your last decision" not in out.getvalue()
    assert _said(SimpleNamespace(rules=tm.RULES), "reaction_order_prompt", "x") == \
        "quale effetto si risolve per primo"
    assert _said(SimpleNamespace(rules={"game": {"language": "en"}}),
                 "reaction_order_prompt", "which effect resolves first") == \
        "which effect resolves first"


def test_menu_words_in_the_game_language(monkeypatch, capsys):
    # Terraforming Mars's labels give the menu's words in Italian (annulla, vista, esci);
    # the English ones work too.
    monkeypatch.setattr("sys.stdin", io.StringIO("999\nzzz\nvista\nannulla\n1\nundo\nesci\n"))
    code = main(["play", "terraforming_mars", "--agent", "human,random", "--seed", "1"])
    out = capsys.readouterr().out
    assert code != 0  # the human quit
    assert "(numero o inizio di un'opzione; annulla, vista, esci)" in out
    assert "nessuna opzione 999: scegli da 1 a" in out
    assert "nessuna opzione comincia con «zzz»" in out
    assert "niente da annullare" in out and "annullato: di nuovo al passo" in out


def test_the_closing_line_is_in_the_game_language(monkeypatch, capsys):
    """QA qa11 Q11: "rulesc play: stopped (quit)" closed an Italian game in English; the
    game's labels ``play_quit`` / ``play_input_ended`` say it, and the menu's ``? N`` in
    Italian (``view_explain``); an English game keeps "stopped (quit)"."""
    monkeypatch.setattr("sys.stdin", io.StringIO("esci\n"))
    assert main(["play", "terraforming_mars", "--agent", "human,random", "--seed", "1"]) == 1
    got = capsys.readouterr()
    assert "rulesc play: partita interrotta (esci)" in got.err and "stopped" not in got.err
    assert "(? N: che cosa fa l'opzione N)" in got.out
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "terraforming_mars", "--agent", "human,random", "--seed", "1"]) == 1
    assert "rulesc play: partita interrotta (fine dell'input)" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "love_letter", "--agent", "human,random", "--seed", "1"]) == 1
    assert "rulesc play: stopped (quit)" in capsys.readouterr().err


def test_a_long_line_of_the_view_is_wrapped_not_cut():
    """Setup ("Impostazione"): each player holds 10 project cards in generation 1; a view
    40 columns wide still names all of them."""
    import generated.terraforming_mars as tm
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view

    names = Names(tm.RULES)
    game = tm.new_game(2, (), 1)
    hand = game.to_json()["players"][0]["hand"]
    assert len(hand) == 10
    view = player_view(game, 0, names, width=40)
    assert "…" not in view
    assert all(len(line) <= 40 for line in view.splitlines() if " " in line.strip())
    flat = " ".join(view.split())
    assert all(names.of(card) in flat for card in hand)


def test_an_id_two_kinds_share_is_named_by_the_label_words():
    """Pampero's action card a3 and sector a3 share an id; a played card's label names the
    card. Terraforming Mars's greenery standard project ("Verde", 23 M€) shares its id with
    the greenery tile ("tessere Verdi")."""
    import generated.pampero as pampero
    import generated.terraforming_mars as tm
    from compiler.playtest.games import Names

    records = pampero.RULES["records"]
    card = records["action_cards"]["a3"]["name"]["en"]
    area = records["areas"]["a3"]["name"]["en"]
    assert card != area
    assert Names(pampero.RULES).label({"act": "play", "card": "a3", "row": "top"}) == \
        f"play: {card}, top row"
    project = tm.RULES["records"]["actions"]["greenery"]["name"]["it"]
    assert Names(tm.RULES).label({"act": "project", "id": "greenery"}) == \
        f"progetto standard: {project}"


def test_prompt_and_menu_wrap_at_the_terminal_width(monkeypatch):
    """Love Letter's Guard ("name a card other than a Guard and choose another player")
    and every menu line fit a 45-column terminal: wrapped, never cut."""
    import io

    import generated.love_letter as ll
    from compiler.playtest.agents import HumanAgent
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view

    monkeypatch.setenv("COLUMNS", "45")
    names = Names(ll.RULES, "en")
    game = ll.new_game(2, (), 2)
    out = io.StringIO()
    human = HumanAgent(lambda g, p: player_view(g, p, names), names.label,
                       io.StringIO("1\n"), out, names)
    human.choose(game)
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 45 for line in lines if " " in line.strip()), \
        [line for line in lines if len(line) > 45]
    assert "…" not in out.getvalue()


def test_a_record_without_a_name_is_called_by_its_deck():
    """Placeholder records stand for cards the sources do not give (Project Verne: "6x
    CO2 reward tiles", texts not given): the view calls one by its deck's name for one,
    "CO2 reward tile", not by its id."""
    from compiler.playtest.games import Names
    from generated import pampero

    names = Names(pampero.RULES)
    assert names.of("co2_reward") == "CO2 reward tile"
    assert names.of("sa6") == "Specialist action card"   # a name of its own is kept


def test_pampero_turn_choices_read_as_actions():
    """Pampero's turn: "Choose an action: ... 3. Take one battery" (base summary); the
    option is no "project" (a Terraforming Mars word)."""
    from compiler.playtest.games import Names
    from generated import pampero

    assert Names(pampero.RULES).label({"act": "project", "id": "take_battery"}) == \
        "action: Take one battery"


def test_a_view_names_ids_by_the_kind_the_entry_holds():
    """Pampero: the hand holds action cards; card A1 is "Build a wind farm" (action card
    A1 of the base game), not sector A1 (an area with the same id). One's own empty mat
    slots are empty, not hidden."""
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view
    from generated import pampero

    game = pampero.new_game(2, (), 1)
    seat = game.pending()["player"]
    view = player_view(game, seat, Names(pampero.RULES, "en"))
    hand = next(line for line in view.splitlines() if line.startswith("you.hand: "))
    assert "Build a wind farm" in hand and "sector A1" not in hand
    mat = next(line for line in view.splitlines() if line.startswith("you.mat: "))
    assert "hidden" not in mat


def test_an_option_whose_part_is_none_reads_as_the_game_names_it():
    # Pampero's "skip as {from: none}" stops moving (Pampero summary, "Move bulldozers":
    # "move up to 2"); a menu line "from none" told a player nothing (QA finding F14)
    from compiler.playtest.games import Names
    from generated import love_letter as ll
    from generated import pampero

    names = Names(pampero.RULES, "en")
    assert names.label({"from": None}) == "stop moving"
    assert names.label({"item": None}) == "the top card of the deck"
    assert Names(pampero.RULES, "it").label({"from": None}) == "smetti di spostare"
    assert Names(ll.RULES, "en").label({"target": None}) == "target none"  # no label: as written
