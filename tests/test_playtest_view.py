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
