"""Trial runs fire reactions as the game does, so an option is offered exactly when it
can be applied in full (docs/dsl.md: "An option is offered only when it can be applied
in full"; reactions answer events while the game runs): a reaction that makes the rest
of an effect possible, one whose requirement fails, one with a decision (the compiled
trial runs again as frames) and an owner's choice of order (tried order by order). Both
engines list the same options and play the offer to the end without a requirement
failing (no warning in the state)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from compiler.codegen.pycode import load_code
from compiler.diagnostics import has_errors
from compiler.pipeline import compile_game
from compiler.runtime import Game, register_code
from tests.core.helpers import tiny_copy

ENGINES = ("compiled", "interpreter")
CARDS = [
    # a ping answered by its owner's reactions; then 3 coins are needed
    {"id": "toll", "cost": 0, "effect": "emit pinged {by: you}; require coins >= 3; "
     "stock.coins -= 3; gain 1 points"},
    {"id": "ping", "cost": 0, "effect": "emit pinged {by: you}; gain 1 points"},
    {"id": "fund", "cost": 9, "triggers": [{"on": "pinged where event.by == you",
                                             "effect": "gain 3 coins"}]},
    {"id": "drain", "cost": 9, "triggers": [{"on": "pinged where event.by == you",
                                              "effect": "require coins >= 5; gain 1 points"}]},
    {"id": "oracle", "cost": 9, "triggers": [{"on": "pinged where event.by == you",
                                               "effect": "choose (gain 3 coins | gain 2 points)"}]},
    {"id": "seed", "cost": 9, "triggers": [{"on": "pinged where event.by == you",
                                             "effect": "gain 1 coins"}]},
    {"id": "draw3", "cost": 0, "effect": "let before = hand; repeat 3: "
     "(hand += [first deck]; deck -= [first deck]); let n = count before; gain n points"},
    {"id": "spend", "cost": 9, "triggers": [{"on": "pinged where event.by == you",
                                              "effect": "require coins >= 1; stock.coins -= 1; "
                                              "gain 5 points"}]},
]


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tiny_copy(tmp_path_factory.mktemp("reactions"), {
        "events.yaml": ("records:\n", "records:\n  - {id: pinged, fields: {by: player}}\n")})
    with (folder / "cards.yaml").open("a", encoding="utf-8") as out:
        for card in CARDS:
            out.write(f"  - {json.dumps(card)}\n")
    comp = compile_game(folder, folder.parent)
    assert not has_errors(comp.diagnostics), [d.format() for d in comp.diagnostics]
    register_code(comp.ir, load_code(comp.ir))
    return comp.ir


def _game(rules: dict[str, Any], engine: str, hand: list[str], tableau: list[str],
          coins: int) -> Game:
    game = Game.new(rules, players=2, seed=1, engine=engine)
    state = game.to_json()
    you = state["pending"]["player"]
    seat = state["players"][you]
    seat.update(hand=hand, tableau=tableau, stock={"coins": coins, "points": 0})
    game.replace_state(state)
    return game


def _offered(game: Game, card: str) -> bool:
    return {"act": "buy", "card": card} in game.legal_actions()


def _play(game: Game, card: str) -> dict[str, Any]:
    """Buy ``card``, answer what its reactions ask with the first option, and return
    the buyer's seat once the turn moved on."""
    you = game.pending()["player"]
    game.apply({"act": "buy", "card": card})
    while game.pending()["kind"] != "action":
        game.apply(game.legal_actions()[0])
    state = game.to_json()
    assert state["warnings"] == [], state["warnings"]
    return state["players"][you]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_reaction_makes_the_rest_possible(rules: dict[str, Any], engine: str) -> None:
    assert not _offered(_game(rules, engine, ["toll"], [], 0), "toll")  # 0 < 3 coins
    game = _game(rules, engine, ["toll"], ["fund"], 0)
    assert _offered(game, "toll")  # fund's 3 coins come before the requirement
    seat = _play(game, "toll")
    assert seat["stock"] == {"coins": 0, "points": 1}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_failing_reaction_refuses_the_option(rules: dict[str, Any], engine: str) -> None:
    assert not _offered(_game(rules, engine, ["ping"], ["drain"], 4), "ping")
    game = _game(rules, engine, ["ping"], ["drain"], 5)
    assert _offered(game, "ping")
    assert _play(game, "ping")["stock"] == {"coins": 5, "points": 2}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_reaction_decision_is_tried_and_filtered(rules: dict[str, Any], engine: str) -> None:
    # Only "gain 3 coins" lets toll's requirement hold: offered, and the reaction's
    # decision in the game offers only that option (it answers itself).
    game = _game(rules, engine, ["toll"], ["oracle"], 0)
    assert _offered(game, "toll")
    assert _play(game, "toll")["stock"] == {"coins": 0, "points": 1}


@pytest.mark.parametrize("engine", ENGINES)
def test_an_order_of_reactions_is_tried_and_filtered(rules: dict[str, Any],
                                                     engine: str) -> None:
    # seed (+1 coin) must come before spend (needs 1 coin): one order of two works.
    game = _game(rules, engine, ["ping"], ["spend", "seed"], 0)
    assert _offered(game, "ping")
    assert _play(game, "ping")["stock"] == {"coins": 0, "points": 6}
    assert not _offered(_game(rules, engine, ["ping"], ["spend"], 0), "ping")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_list_grown_in_a_loop_leaves_its_old_value_alone(rules: dict[str, Any],
                                                           engine: str) -> None:
    # docs/dsl.md, "A list grows by a copy": a local bound to the hand keeps the hand
    # as it was while three cards are appended to it one at a time.
    game = _game(rules, engine, ["draw3", "mine"], [], 0)
    deck = game.to_json()["deck"]
    seat = _play(game, "draw3")
    assert seat["hand"] == ["mine"] + deck[:3]
    assert seat["stock"] == {"coins": 0, "points": 1}  # the hand held 1 card then
