"""A PettingZoo AEC environment over a generated game: ``env(game, players=N, seed=S)``.

    from compiler.adapters.pettingzoo import env
    e = env("terraforming_mars", players=2, seed=1)
    e.reset()
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        mask = obs["action_mask"]
        e.step(None if term or trunc else int(np.flatnonzero(mask)[0]))

Agents are ``player_0``..; an observation is ``{"observation": float32[OBS_SIZE],
"action_mask": int8[MAX_OPTIONS]}`` (see features.py: what a player cannot see is
hidden, per the game's ``hidden`` field); action k is the k-th legal option. Rewards
come at the end: +1 to each winner, -1 to every other player (no winner: 0 to all, a
draw, or -1 in a solo game, a loss; features.outcome). ``info["options"]`` lists the
open decision's options and ``info["kind"]`` its kind, in the deciding agent's info only
(the others' are empty). Needs the ``playtest`` extra.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from compiler.adapters.features import (
    MAX_OPTIONS,
    OBS_SIZE,
    action_mask,
    features,
    option_of,
    outcome,
    selected_modules,
)
from compiler.playtest.games import game_package

__all__ = ["RulesEnv", "env"]


def env(game: str, players: int = 2, seed: int = 0, modules: tuple[str, ...] | str = (),
        render_mode: str | None = None) -> RulesEnv:
    """The AEC environment of a built game (``generated/<game>``); ``modules="all"``: every
    module that composes for ``players`` (features.selected_modules)."""
    return RulesEnv(game, players, seed, modules, render_mode)


class RulesEnv(AECEnv):
    """One game of ``game`` per episode; ``reset(seed=S)`` sets up game seed S, and
    ``reset()`` the env's seed first, then the seed after the last episode's (a new deal
    each episode, reproducible)."""

    metadata = {"name": "rulesc_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int, seed: int, modules: tuple[str, ...] | str,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.package = game_package(game)
        self.players, self.seed = players, seed
        self.modules = selected_modules(self.package.RULES, modules, players)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (MAX_OPTIONS,), np.int8)})
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(MAX_OPTIONS) for a in self.possible_agents}
        self.game: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.seed = seed
        elif self.game is not None:   # as Gymnasium: no seed, a new game (the next seed)
            self.seed += 1
        self.game = self.package.new_game(players=self.players, modules=self.modules,
                                          seed=self.seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        return {"observation": features(self.game, seat),
                "action_mask": action_mask(self.game, seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(option_of(self.game, action))
        self._clear_rewards()
        if self.game.is_over:
            self._end()
        else:
            self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        pending = self.game.pending()
        self.agent_selection = self.possible_agents[pending["player"]]
        self.infos = {agent: {} for agent in self.agents}   # no agent keeps stale options
        self.infos[self.agent_selection] = {"options": pending["options"],
                                            "kind": pending["kind"]}

    def _end(self) -> None:
        for agent, reward in zip(self.possible_agents, outcome(self.game, self.players),
                                 strict=True):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            self.infos[agent] = {}

    def render(self) -> str | None:
        """``ansi``: the open decision as text (None when no render mode is set)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        pending = self.game.pending()
        return "game over" if pending is None else \
            f"player {pending['player']} · {pending['kind']}: {pending['prompt']}"

    def close(self) -> None:
        self.game = None
