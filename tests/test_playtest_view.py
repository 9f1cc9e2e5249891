"""What a human seat reads at the terminal: whole entries in "since your last decision",
an opponent's empty slots as empty (not hidden), and two options of one name told apart.

Pampero ("Actions and the Year": "Put the card in the leftmost empty space of either
row"): the company mat's spaces are on the table, so an opponent's empty mat is six empty
spaces, and its two basic "Build a wind farm" cards (#A1, #A2) are two options.
"""

from __future__ import annotations

import io

import generated.pampero as pampero
from compiler.playtest.agents import HumanAgent, changes, entries, told_apart
from compiler.playtest.games import Names
from compiler.playtest.session import player_view

BEFORE = """--- player 1's view (step 0) ---
pieces on the board: a2_t1 (tower site, sector A2) (piece electrical towers, owner player 1),
    a1_w1 (wind-farm site, sector A1) (piece bulldozers, owner player 1)
you.hand: Guard, Priest"""
AFTER = """--- player 1's view (step 4) ---
pieces on the board: a2_t1 (tower site, sector A2) (piece electrical towers, owner player 1),
    a2_t2 (tower site, sector A2) (piece electrical towers, owner player 2), a1_w1 (wind-farm
    site, sector A1) (piece bulldozers, owner player 1)
you.hand: Guard, Priest"""


def test_a_changed_entry_is_said_whole_with_its_name() -> None:
    """The board entry gained a tower: the change is that entry, its wrapped lines joined
    (it was two pieces of wrapped lines with no entry name); the hand did not change."""
    assert changes(BEFORE, AFTER) == [
        "pieces on the board: a2_t1 (tower site, sector A2) (piece electrical towers, owner "
        "player 1), a2_t2 (tower site, sector A2) (piece electrical towers, owner player 2), "
        "a1_w1 (wind-farm site, sector A1) (piece bulldozers, owner player 1)"]
    assert len(entries(AFTER)) == 3


def test_an_opponents_empty_mat_is_empty_not_hidden() -> None:
    """At the start no card lies on any mat: both players' mats read as empty spaces, and
    the opponent's hand (declared hidden from the others) is still counted, not shown."""
    game = pampero.new_game(players=2, seed=1)
    view = player_view(game, 0, Names(pampero.RULES, "en"), width=1000)
    mats = [line for line in view.splitlines() if ".mat:" in line]
    assert mats == ["you.mat: top row (-, -, -, -, -, -), lower row (-, -, -, -, -, -)",
                    "p2.mat: top row (-, -, -, -, -, -), lower row (-, -, -, -, -, -)"]
    assert "p2.hand: 8 hidden" in view


def test_two_cards_of_one_name_are_told_apart_by_their_number() -> None:
    """The eight basic cards ("Your eight basic cards") include two "Build a wind farm":
    each menu line says which one (#A1, #A2); lines of one option each are unchanged."""
    names = Names(pampero.RULES, "en")
    options = [{"act": "play", "card": "a1", "row": "top"},
               {"act": "play", "card": "a2", "row": "top"},
               {"act": "play", "card": "a3", "row": "top"}]
    labels = told_apart(options, [names.label(o) for o in options], names)
    assert labels == ["play: Build a wind farm, top row (#A1)",
                      "play: Build a wind farm, top row (#A2)",
                      "play: Build an electrical tower, top row"]


def test_what_tells_options_apart_is_never_empty_or_none() -> None:
    """An option that differs from its twin only by a key it lacks keeps its label (no
    "()"); a value that is none reads "-", not "None"."""
    options = [{"act": "pass"}, {"act": "pass", "target": None}]
    assert told_apart(options, ["pass", "pass"]) == ["pass", "pass (-)"]


def test_the_menu_of_a_whole_turn_has_no_two_equal_lines() -> None:
    """A human's first turn of a 2-player game (seed 1): every menu line is different."""
    game = pampero.new_game(players=2, seed=1)
    names = Names(pampero.RULES, "en")
    while game.pending()["kind"] != "action" or game.pending()["player"] != 0:
        game.apply(game.legal_actions()[0])
    out = io.StringIO()
    human = HumanAgent(lambda g, p: player_view(g, p, names), names.label,
                       io.StringIO("1\n"), out, names)
    human.choose(game)
    rows = [line.split(". ", 1)[1] for line in out.getvalue().splitlines()
            if line[:3].strip().isdigit() and ". " in line]
    assert len(rows) > 5 and len(rows) == len(set(rows)), rows


def test_a_question_mark_prints_what_an_option_does() -> None:
    """``? 2`` (or ``explain 2``) prints the explainer's text of option 2 and asks again;
    a number past the options says so; the menu says the command exists."""
    class Game:
        def pending(self):
            return {"player": 0, "kind": "buy", "prompt": "keep it?",
                    "options": [{"card": "a", "keep": True}, {"card": "a", "keep": False}]}

    out = io.StringIO()
    human = HumanAgent(lambda g, p: "view", lambda o: str(o["keep"]),
                       io.StringIO("? 2\nexplain 1\n?7\n1\n"), out,
                       explain=lambda option: f"text of {option['keep']}")
    assert human.choose(Game()) == {"card": "a", "keep": True}
    said = out.getvalue()
    assert "(? N: what option N does)" in said
    assert "> text of False\n> text of True\n> no option 7: choose 1-2\n" in said


def test_the_explainer_says_a_cards_cost_requirement_and_effect() -> None:
    """Buying Wave Power (card #139: cost 8, requires 3 oceans, +1 energy production, 1 VP,
    shared/data cards.json), a player asks what it does: the text is the card's, in the
    rulebook's language (Italian), and the 'keep' answer names no record."""
    import argparse

    import generated.terraforming_mars as tm
    from compiler.cli.cmd_play import explainer

    names = Names(tm.RULES)
    text = explainer(argparse.Namespace(game="terraforming_mars", rules=None, on=None),
                     names)({"card": "wave_power", "keep": True})
    assert text.splitlines() == ["Wave Power", "    #139 · 8 · Automatica · indicatori: energia",
                                 "    Requisito: almeno 3 tessere Oceano",
                                 "    Aumenta di 1 la produzione di energia.", "    PV: 1"]
