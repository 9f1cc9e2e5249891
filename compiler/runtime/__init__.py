"""The generic rules engine that generated game packages run on.

It knows no game by name: every fact (resources, parameters, tiles, cards, costs, flow
steps, scoring) comes from the compiled rules (the IR). Generated packages import only
the names below. Entry points: ``Game.new(rules, players, modules, seed)``,
``load_game(rules, state)``, ``RandomPolicy(seed).choose(game)``, ``compose``.
"""

from compiler.runtime.compose import compose
from compiler.runtime.engine import Game, load_game
from compiler.runtime.errors import RulesError
from compiler.runtime.policy import RandomPolicy

__all__ = ["Game", "RandomPolicy", "RulesError", "compose", "load_game"]
