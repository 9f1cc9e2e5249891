"""The runtime (the kernel): runs the core language's IR. It knows no game.

Every fact (state entries, records, reactions, flow, scoring) comes from the compiled
rules; the kernel interprets the core forms only (``compiler.lang`` documents them).
Entry points: ``Game.new(rules, players, modules, seed)``, ``load_game(rules, state)``,
``RandomPolicy(seed).choose(game)``, ``compose``."""

from compiler.runtime.compose import compose
from compiler.runtime.errors import RulesError
from compiler.runtime.game import ENGINES, Game, load_game, register_code
from compiler.runtime.lazy import lazy_table
from compiler.runtime.policy import RandomPolicy

__all__ = ["ENGINES", "Game", "RandomPolicy", "RulesError", "compose", "lazy_table",
           "load_game", "register_code"]
