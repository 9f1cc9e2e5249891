"""Trial runs look at the options of an inner decision one at a time (and stop at the
first that applies): the lazy listing gives the same options as the full listing, the
likely shortest first: ``stop``, then the alternatives without generators, then the
others, each in data order (a trial's answer does not depend on the order)."""

from __future__ import annotations

from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy
from compiler.runtime.choose import _lazy_options, options
from tests.core.helpers import TINY


def test_lazy_options_are_the_full_options() -> None:
    rules = compile_game(TINY, TINY.parent).ir
    seen = 0
    for seed in (2, 3):   # two games: a none dealt from the empty deck no longer is a card
        seen += _compare_every_decision(rules, seed)
    assert seen > 10


def _compare_every_decision(rules: dict, seed: int) -> int:
    """Play one 3-player game, comparing the listings at each decision; how many."""
    game = Game.new(rules, players=3, seed=seed)
    policy = RandomPolicy(seed)
    seen = 0
    while not game.is_over:
        ctx = game._ctx
        frame = ctx.frames[-1]
        if frame.get("k") == "ch":
            node = ctx.index.nodes[frame["n"]]
            alts = node["alts"]
            found = sorted(options(ctx, node, [], trial_each=False),
                           key=lambda o: bool(alts[o["a"]]["gens"]))
            full = [{"stop": True}] if node.get("upto") else []
            full += [o["l"] for o in found]
            assert [o["l"] for o in _lazy_options(ctx, node, [])] == full
            seen += 1
        game.apply(policy.choose(game))
    return seen
