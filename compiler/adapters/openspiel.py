"""An OpenSpiel (pyspiel) Python game over a generated game: ``load(game, players=N)``.

    from open_spiel.python.algorithms import mcts
    game = load("terraforming_mars", players=2, seed=1)
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, 2.0, 50, mcts.RandomRolloutEvaluator(1))
    while not state.is_terminal():
        state.apply_action(bot.step(state) if state.current_player() == 0
                           else random.choice(state.legal_actions()))

Action k is the k-th legal option (features.py). The game's own randomness (shuffles)
is fixed by ``seed``, so OpenSpiel sees no chance nodes; the information is imperfect
(hands, decks: the ``hidden`` field), and observation strings and tensors are the
per-player observation. Returns at the end: +1 each winner, -1 the others
(features.outcome: no winner is a draw, 0, or in a solo game a loss, -1). MCTS on this
game searches the true state (it is not an information-set search). Needs the
``playtest`` extra.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import numpy as np
import pyspiel

from compiler.adapters.features import (
    MAX_OPTIONS,
    features,
    option_of,
    outcome,
    selected_modules,
)
from compiler.adapters.observation import observation
from compiler.playtest.games import Names, game_package

__all__ = ["RulesGame", "RulesState", "ScoreEvaluator", "load"]

MAX_GAME_LENGTH = 5000


def load(game: str, players: int = 2, seed: int = 0,
         modules: tuple[str, ...] | str = ()) -> RulesGame:
    """The pyspiel game of a built game (``generated/<game>``), registered with pyspiel
    as ``python_rulesc_<game>`` (parameters players, seed, modules) so that states can be
    cloned and pickled. ``modules="all"``: every module that composes for ``players``."""
    name = f"python_rulesc_{game}"
    if name not in _REGISTERED:
        package = game_package(game)
        limits = (package.RULES.get("game") or {}).get("players") or {}
        gtype = _game_type(game, str(package.GAME_ID), int(limits.get("min", 1)),
                           int(limits.get("max", players)))
        cls = type(f"RulesGame_{game}", (RulesGame,), {"GAME": game, "TYPE": gtype})
        pyspiel.register_game(gtype, cls)
        _REGISTERED.add(name)
    return pyspiel.load_game(name, {"players": players, "seed": seed, "modules":
                                    modules if isinstance(modules, str) else ",".join(modules)})


_REGISTERED: set[str] = set()


def _game_type(game: str, title: str, lo: int, hi: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"python_rulesc_{game}", long_name=f"rulesc {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi, min_num_players=lo,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"players": 2, "seed": 0, "modules": ""})


class RulesGame(pyspiel.Game):
    """One rulesc game for a fixed player count, module selection and seed."""

    GAME = ""  # set on the subclass registered for each game (see ``load``)
    TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {"players": 2, "seed": 0, "modules": "", **(params or {})}
        self.package = game_package(self.GAME)
        self.players, self.seed = int(params["players"]), int(params["seed"])
        self.modules = selected_modules(self.package.RULES, str(params["modules"]),
                                        self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_OPTIONS, max_chance_outcomes=0, num_players=self.players,
            min_utility=-1.0, max_utility=1.0, utility_sum=None,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(self.TYPE, info, params)
        self.names = Names(self.package.RULES)

    def new_initial_state(self) -> RulesState:
        return RulesState(self, self.package.new_game(
            players=self.players, modules=self.modules, seed=self.seed),
            self.package, self.names)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer()


class RulesState(pyspiel.State):
    """A position: a rulesc ``Game`` behind the pyspiel State interface."""

    def __init__(self, game: pyspiel.Game, rules_game: Any, package: Any,
                 names: Names) -> None:
        super().__init__(game)
        self.box = _Box(rules_game, package, names)  # pyspiel clones by deep-copying
        self.players = game.num_players()           # the attributes

    @property
    def game(self) -> Any:
        """The rulesc ``Game`` of this position."""
        return self.box.game

    @property
    def names(self) -> Names:
        return self.box.names

    def current_player(self) -> int:
        if self.game.is_over:
            return pyspiel.PlayerId.TERMINAL
        return int(self.game.pending()["player"])

    def _legal_actions(self, player: int) -> list[int]:
        pending = self.game.pending()
        if pending is None or pending["player"] != player:
            return []
        return list(range(len(pending["options"])))

    def _apply_action(self, action: int) -> None:
        self.game.apply(option_of(self.game, action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The option's label (``play: Lichen``); OpenSpiel wants one string per legal
        action, so a label two options share (two copies of a card) gets the option's
        JSON added: ``play: Build a wind farm, top row {"act": ..., "card": "a2"...}``."""
        options = self.game.legal_actions()
        if not 0 <= action < len(options):
            return f"action {action}"
        label = self.names.label(options[action])
        if sum(self.names.label(o) == label for o in options) > 1:
            label += " " + json.dumps(options[action], sort_keys=True)
        return label

    def is_terminal(self) -> bool:
        return bool(self.game.is_over)

    def returns(self) -> list[float]:
        if not self.game.is_over:
            return [0.0] * self.players
        return outcome(self.game, self.players)

    def observation_string(self, player: int) -> str:
        return json.dumps(observation(self.game, player), sort_keys=True)

    def __str__(self) -> str:
        pending = self.game.pending()
        return "game over" if pending is None else \
            f"player {pending['player']} · {pending['kind']}: {pending['prompt']}"


class _Box:
    """The rulesc game of a state; a deep copy saves and loads it (``to_json``/``load``)
    and shares the package and names; a pickle holds the package's name and the saved
    state (the compiled functions are not picklable)."""

    def __init__(self, game: Any, package: Any, names: Names) -> None:
        self.game, self.package, self.names = game, package, names

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.package.load(self.game.to_json()), self.package, self.names)

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        return _unpickle_box, (self.package.__name__, self.game.to_json())


def _unpickle_box(package_name: str, state: dict[str, Any]) -> _Box:
    """The box a pickle of ``_Box`` holds: ``state`` loaded by the package named."""
    package = importlib.import_module(package_name)
    return _Box(package.load(state), package, Names(package.RULES))


class Observer:
    """Observation tensor (the hashed per-player features) and string for a player."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: RulesState, player: int) -> None:
        self.tensor = features(state.game, player)
        self.dict = {"observation": self.tensor}

    def string_from(self, state: RulesState, player: int) -> str:
        return json.dumps(observation(state.game, player), sort_keys=True)


class ScoreEvaluator:
    """An MCTS evaluator without rollouts: each player's value is ``tanh`` of their score
    so far (``Game.scores()``) minus the best other score, over ``scale``; priors are
    uniform. Cheap enough for tests; ``mcts.RandomRolloutEvaluator`` plays out instead."""

    def __init__(self, scale: float = 10.0) -> None:
        self.scale = scale

    def evaluate(self, state: RulesState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        totals = [row["total"] for row in state.game.scores()["players"]]
        best_other = [max([t for j, t in enumerate(totals) if j != i] or [0])
                      for i in range(len(totals))]
        return np.tanh((np.array(totals) - np.array(best_other)) / self.scale)

    def prior(self, state: RulesState) -> list[tuple[int, float]]:
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]
