"""Per-player observations hide what the ``hidden`` field of game.yaml names."""

from __future__ import annotations

import pytest

from compiler.adapters.observation import mask, observation, placeholder
from compiler.runtime import RandomPolicy
from generated import pampero, terraforming_mars


def _swap_hand(state: dict, player: int) -> dict:
    """The same state with ``player``'s hand exchanged for the top of the deck or pile."""
    hand = state["players"][player]["hand"]
    source = state.get("deck") or state["piles"]["specialist_action"]
    n = min(len(hand), len(source))
    hand[:n], source[:n] = source[:n], hand[:n]
    return state


def _played(module, players: int, modules: tuple[str, ...], steps: int, seed: int = 3):
    game = module.new_game(players=players, modules=modules, seed=seed)
    policy = RandomPolicy(seed)
    for _ in range(steps):
        game.apply(policy.choose(game))
    return game


@pytest.mark.parametrize("steps", [0, 5, 40])
def test_tm_opponent_hand_does_not_change_the_observation(steps):
    game = _played(terraforming_mars, 2, ("corporate_era",), steps, seed=4)
    policy = RandomPolicy(4)
    while not game.to_json()["players"][1]["hand"] and not game.is_over:
        game.apply(policy.choose(game))   # the deck's cards change when cards are added
    state = game.to_json()
    assert state["players"][1]["hand"], "the test needs a hand to swap"
    other = terraforming_mars.load(_swap_hand(game.to_json(), 1))
    assert other.to_json()["players"][1]["hand"] != state["players"][1]["hand"]
    assert observation(other, 0) == observation(game, 0)
    assert observation(other, 1) != observation(game, 1)  # the owner sees the change


def test_tm_own_hand_visible_opponent_hand_counted():
    game = _played(terraforming_mars, 2, (), 0)
    seen = observation(game, 0)
    assert seen["players"][0]["hand"] == game.to_json()["players"][0]["hand"]
    assert seen["players"][1]["hand"] == [None] * len(game.to_json()["players"][1]["hand"])
    assert seen["deck"] == [None] * len(game.to_json()["deck"])
    assert seen["seed"] is None and seen["players"][1]["tableau"] is not None


def test_pending_options_only_for_the_deciding_player():
    game = _played(terraforming_mars, 2, (), 3)
    who = game.pending()["player"]
    assert observation(game, who)["pending"]["options"] == game.legal_actions()
    hidden = observation(game, 1 - who)["pending"]
    assert hidden["options"] == [None] * len(game.legal_actions())
    assert hidden["player"] == who and hidden["kind"] == game.pending()["kind"]


def test_pampero_held_items_and_piles_hidden():
    mods = ("private_industry", "specialist_card_boards", "investor_tendencies")
    game = _played(pampero, 3, mods, 30)
    state = game.to_json()
    seen = observation(game, 0)
    assert seen["players"][1]["held"] == [None] * len(state["players"][1]["held"])
    assert seen["players"][0]["held"] == state["players"][0]["held"]
    for pile, items in state["piles"].items():
        assert seen["piles"][pile] == [None] * len(items)
    other = pampero.load(_swap_hand(game.to_json(), 2))
    assert observation(other, 0) == observation(game, 0)


def test_owner_path_takes_the_matches_of_the_stars():
    state = {"players": [{}, {}],
             "stack": [{"player": 1, "secret": [1, 2]}, {"player": 0, "secret": [3]}]}
    hidden = [{"path": "stack.*.secret", "owner": "stack.*.player"}]
    assert mask(state, hidden, 0)["stack"] == [{"player": 1, "secret": [None, None]},
                                               {"player": 0, "secret": [3]}]
    assert mask(state, hidden, 1)["stack"][0]["secret"] == [1, 2]


def test_missing_paths_are_skipped_and_placeholders_keep_shape():
    assert mask({"players": []}, [{"path": "deck"}, {"path": "a.*.b"}], 0) == {"players": []}
    assert placeholder({"a": [1, 2], "b": {"c": "x"}, "d": 3}) == \
        {"a": [None, None], "b": {"c": None}, "d": None}


def test_unknown_player_is_an_error():
    with pytest.raises(ValueError, match="no player 5"):
        observation(terraforming_mars.new_game(players=2), 5)
