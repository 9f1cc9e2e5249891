"""A saved state (``Game.to_json()``) names its game, and a state that is not a whole
saved game is refused at load with a RulesError naming what is wrong (devqa9 F19, F20):
a developer who loads the wrong file, or edited or truncated one, is told so at once,
not by a KeyError or a game that loops."""

from __future__ import annotations

import pytest

from compiler.runtime import RulesError, load_game
from generated import love_letter, terraforming_mars


def _ll_state():
    game = love_letter.new_game(players=2, seed=3)
    game.apply(game.legal_actions()[0])
    return game.to_json()


def test_a_saved_state_names_its_game():
    assert _ll_state()["game"] == "love_letter"


def test_another_games_state_is_refused_by_load():
    with pytest.raises(RulesError, match="a saved game of love_letter, not terraforming_mars"):
        terraforming_mars.load(_ll_state())


def test_another_games_state_is_refused_by_replace_state():
    game = terraforming_mars.new_game(players=2, seed=1)
    state = _ll_state()
    state["modules"] = game.to_json()["modules"]   # only the game id tells them apart
    with pytest.raises(RulesError, match="a saved game of love_letter, not terraforming_mars"):
        game.replace_state(state)


def test_a_state_saved_before_game_ids_still_loads_and_plays_the_same():
    game = love_letter.new_game(players=3, seed=5)
    policy = love_letter.RandomPolicy(seed=5)
    for _ in range(4):
        game.apply(policy.choose(game))
    old = game.to_json()
    del old["game"]
    resumed = love_letter.load(old)
    assert resumed.legal_actions() == game.legal_actions()
    while not game.is_over:
        action = policy.choose(game)
        game.apply(action)
        resumed.apply(action)
    assert resumed.scores() == game.scores()


@pytest.mark.parametrize("key", ["stack", "players", "pending", "modules", "round", "seed",
                                 "rng_uses", "log", "over", "decisions"])
def test_a_state_missing_a_kernel_key_names_it(key):
    state = _ll_state()
    del state[key]
    with pytest.raises(RulesError, match=f"'{key}'.*missing"):
        love_letter.load(state)


@pytest.mark.parametrize(("key", "value"), [("stack", {}), ("players", "two"), ("seed", "x"),
                                            ("round", None), ("pending", [])])
def test_a_state_with_a_key_of_the_wrong_type_names_it(key, value):
    state = _ll_state()
    state[key] = value
    with pytest.raises(RulesError, match=f"'{key}'"):
        love_letter.load(state)


def test_a_state_without_players_is_refused_not_played():
    """Love Letter is for 2 to 4 players (rules_data/love_letter/game.yaml)."""
    state = _ll_state()
    state["players"] = []
    with pytest.raises(RulesError, match="this game is for 2-4 players, not 0"):
        love_letter.load(state)


def test_a_state_missing_a_games_own_entry_names_it():
    state = _ll_state()
    del state["deck"]
    del state["players"][1]["hand"]
    with pytest.raises(RulesError, match=r"'deck', 'players\.1\.hand'"):
        love_letter.load(state)


def test_a_state_that_is_not_a_mapping_is_refused():
    for state in (None, [], "saved.json"):
        with pytest.raises(RulesError, match="not a saved game"):
            load_game(love_letter.RULES, state)
