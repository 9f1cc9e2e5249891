"""OpenSpiel's own serialization check on the adapter: a state pickles and resumes."""

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
