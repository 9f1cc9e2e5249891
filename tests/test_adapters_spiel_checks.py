"""OpenSpiel's own checks on the adapter: states pickle and resume; action strings differ."""

from __future__ import annotations

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")

from compiler.adapters.openspiel import load  # noqa: E402


def test_openspiel_random_sim_test_with_serialization():
    """``pyspiel.random_sim_test(serialize=True)`` pickles every state it visits
    (the module docstring promises states that "can be cloned and pickled")."""
    pyspiel.random_sim_test(load("love_letter", players=2, seed=1), num_sims=1,
                            serialize=True, verbose=False)


def test_a_pickled_state_resumes_the_same_game():
    game = load("love_letter", players=3, seed=2)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.game.to_json() == state.game.to_json()
    assert copy.legal_actions() == state.legal_actions()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        copy.apply_action(action)
    assert copy.returns() == state.returns()


def test_action_strings_are_distinct_where_two_options_share_a_label():
    """OpenSpiel's random_sim_test requires one string per legal action; Pampero offers
    two copies of one action card ('Build a wind farm') as two options."""
    state = load("pampero", players=2, seed=3).new_initial_state()
    for action in (3, 0, 14, 10, 1, 10):   # the history random_sim_test stopped at
        state.apply_action(action)
    player = state.current_player()
    strings = [state.action_to_string(player, a) for a in state.legal_actions()]
    assert len(set(strings)) == len(strings)


def _solo_game_lost():
    """A seeded random solo Terraforming Mars game that ends with Mars not terraformed
    (winner: nobody): its state and the actions that lead there."""
    from generated import terraforming_mars
    modules = ("solo", "corporate_era")
    for seed in range(1, 20):
        game = terraforming_mars.new_game(players=1, modules=modules, seed=seed)
        policy = terraforming_mars.RandomPolicy(seed=seed)
        while not game.is_over:
            game.apply(policy.choose(game))
        if game.scores()["winner"] == []:
            return seed
    raise AssertionError("no lost solo game in 19 seeds")


def test_a_lost_solo_game_returns_minus_one():
    """README, Bot interfaces: "+1 each winner, -1 the others"; the solo player who does
    not terraform Mars by generation 14 loses ("Variante in solitario"), which is not a
    draw."""
    from generated import terraforming_mars
    seed = _solo_game_lost()
    state = load("terraforming_mars", players=1, seed=seed,
                 modules=("solo", "corporate_era")).new_initial_state()
    policy = terraforming_mars.RandomPolicy(seed=seed)
    while not state.is_terminal():
        option = policy.choose(state.game)
        state.apply_action(state.game.legal_actions().index(option))
    assert state.returns() == [-1.0]


def test_modules_all_plays_what_rulesc_play_all_plays():
    """`--modules all` (README): every module that composes with those before it for the
    player count; of Pampero's conflicting pairs (the two extra scoring tile modules, Tower
    Bonus Special Connection Tiles and Low Tech Towers) the later one is left out."""
    from compiler.adapters.pettingzoo import env
    from generated import pampero
    expected = set(pampero.MODULES) - {"verne_extra_scoring_tiles", "low_tech_towers"}
    spiel_state = load("pampero", players=3, seed=1, modules="all").new_initial_state()
    zoo = env("pampero", players=3, seed=1, modules="all")
    zoo.reset()
    assert set(spiel_state.game.to_json()["modules"]) == expected
    assert set(zoo.game.to_json()["modules"]) == expected
