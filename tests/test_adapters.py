"""The bot adapters: PettingZoo AEC env (api_test), OpenSpiel game (playouts, MCTS)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from compiler.adapters.features import features  # noqa: E402
from compiler.adapters.openspiel import ScoreEvaluator, load  # noqa: E402
from compiler.adapters.pettingzoo import env  # noqa: E402
from generated import terraforming_mars  # noqa: E402


@pytest.mark.parametrize("game, players", [("terraforming_mars", 2), ("pampero", 3)])
def test_pettingzoo_api_test(game, players):
    api_test(env(game, players=players, seed=1), num_cycles=150)


def test_pettingzoo_episode_ends_with_rewards_of_the_winners():
    e = env("pampero", players=2, seed=3)
    e.reset()
    rng = random.Random(3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        assert obs["action_mask"].sum() == len(info["options"])
        e.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) in ([-1.0, 1.0], [1.0, 1.0])


def test_features_do_not_see_an_opponents_hand():
    game = terraforming_mars.new_game(players=2, seed=4)
    state = game.to_json()
    hand, deck = state["players"][1]["hand"], state["deck"]
    hand[:3], deck[:3] = deck[:3], hand[:3]
    other = terraforming_mars.load(state)
    assert np.array_equal(features(other, 0), features(game, 0))
    assert not np.array_equal(features(other, 1), features(game, 1))


@pytest.mark.parametrize("game, players", [("terraforming_mars", 3), ("pampero", 2)])
def test_openspiel_random_playouts(game, players):
    spiel_game = load(game, players=players, seed=2)
    assert spiel_game.num_players() == players
    state = spiel_game.new_initial_state()
    rng = random.Random(2)
    copy = state.clone()
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions == list(range(len(actions)))
        state.apply_action(rng.choice(actions))
    assert not copy.is_terminal() and copy.history() == []
    assert set(state.returns()) <= {-1.0, 0.0, 1.0} and max(state.returns()) == 1.0
    assert '"hand"' in copy.observation_string(0)


def test_openspiel_mcts_with_random_rollouts_runs():
    game = load("pampero", players=2, seed=5)
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, 2.0, 3, mcts.RandomRolloutEvaluator(1, np.random.RandomState(5)),
                       random_state=np.random.RandomState(5))
    action = bot.step(state)
    assert action in state.legal_actions()
    state.apply_action(action)


@pytest.mark.parametrize(("name", "title", "games", "sims"), [
    ("terraforming_mars", "Terraforming Mars", 2, 4), ("love_letter", "Love Letter", 4, 8)])
def test_mcts_against_random(name, title, games, sims, capsys):
    """Reports MCTS's win rate (seat 0, a few simulations, score evaluator); no
    assertion on it: it is a measurement, not a property."""
    wins = 0.0
    for seed in range(1, games + 1):
        game = load(name, players=2, seed=seed)
        bot = mcts.MCTSBot(game, 2.0, sims, ScoreEvaluator(), solve=False,
                           random_state=np.random.RandomState(seed))
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(bot.step(state) if player == 0
                               else rng.choice(state.legal_actions()))
        returns = state.returns()
        wins += 1 / returns.count(1.0) if returns[0] == 1.0 else 0.0
    with capsys.disabled():
        print(f"\nMCTS ({sims} simulations) vs random, {title}: won {wins:g} of {games}")


def test_only_the_deciding_agent_has_options_in_its_info():
    """pettingzoo.py: ``info["options"]`` is the open decision's, in the deciding agent's
    info only; another agent keeps no options of an earlier decision."""
    e = env("love_letter", players=2, seed=1)
    e.reset()
    for _ in range(6):
        agent = e.agent_selection
        assert e.infos[agent]["options"] == e.game.legal_actions()
        assert all(not info for other, info in e.infos.items() if other != agent)
        e.step(0)


def test_no_observation_shows_another_players_cards():
    """Every Terraforming Mars project card is unique, so a card in one player's hand
    (dealt, drafted or kept) is in no other player's observation: not in the machine's
    frames either (the ten cards dealt to buy from at setup, "giocatori esperti")."""
    from compiler.adapters.observation import observation
    modules = ("corporate_era", "draft", "standard_corporations")
    game = terraforming_mars.new_game(players=3, modules=modules, seed=1)
    policy = terraforming_mars.RandomPolicy(seed=1)
    for _ in range(40):
        state = game.to_json()
        for owner in range(3):
            secret = set(state["players"][owner]["hand"])
            for other in {0, 1, 2} - {owner}:
                text = json.dumps(observation(game, other))
                assert not [card for card in secret if f'"{card}"' in text], (owner, other)
        game.apply(policy.choose(game))


def test_reset_without_a_seed_deals_a_new_game():
    """Gymnasium's reset: with no seed, a new episode is not the same game again (a bot
    trained over many episodes would otherwise see one deal); reset(seed=S) repeats S."""
    e = env("love_letter", players=2, seed=1)
    e.reset()
    first = e.game.to_json()
    e.reset()
    assert e.game.to_json()["deck"] != first["deck"]
    e.reset(seed=1)
    assert e.game.to_json() == first


class _Seen:
    """A stand-in game: ``to_json`` returns the state given (no hidden entries)."""

    rules: dict = {}

    def __init__(self, state):
        self.state = state

    def to_json(self):
        return json.loads(json.dumps(self.state))


def test_the_deciding_players_vector_tells_its_options_apart():
    """Action k is the k-th option: the decider's vector must change when option k names
    another card (else a bot cannot learn what an action number means); another player,
    who may not see the options, gets the same vector."""
    def state(card):
        return {"players": [{"hand": []}, {"hand": []}],
                "pending": {"player": 0, "kind": "play", "prompt": "play a card",
                            "options": [{"card": card}, {"card": "guard"}]}}
    priest, baron = _Seen(state("priest")), _Seen(state("baron"))
    assert not np.array_equal(features(priest, 0), features(baron, 0))
    assert np.array_equal(features(priest, 1), features(baron, 1))
