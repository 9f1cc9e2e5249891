"""The interpreter is the oracle of the compiled engine (issue 8): the same seeds played
through both give the same whole state after every action, for every shipped game in
the core language; and Hypothesis-made effect programs give the same results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compiler.codegen.pycode import load_code
from compiler.pipeline import compile_game
from compiler.resources import shipped_games, shipped_rules
from compiler.runtime import Game, RandomPolicy, register_code

ROOT = Path(__file__).resolve().parents[2]
CASES = {"terraforming_mars": [(2, (), 1), (1, ("corporate_era", "solo"), 2),
                               (3, ("corporate_era", "draft"), 3)],
         "love_letter": [(2, (), 1), (4, (), 2)],
         "pampero": [(2, (), 1)]}


def _core_games() -> list[str]:
    return list(shipped_games())


def _compiled(game: str) -> dict:
    comp = compile_game(shipped_rules() / game, ROOT)
    register_code(comp.ir, load_code(comp.ir))
    return comp.ir


def _states(rules: dict, engine: str, players: int, modules: tuple, seed: int) -> list[str]:
    game = Game.new(rules, players=players, modules=modules, seed=seed, engine=engine)
    policy = RandomPolicy(seed)
    out = [json.dumps(game.to_json(), sort_keys=True)]
    while not game.is_over and len(out) < 400:
        game.apply(policy.choose(game))
        out.append(json.dumps(game.to_json(), sort_keys=True))
    return out


@pytest.mark.parametrize("game", _core_games())
def test_same_state_after_every_action(game: str) -> None:
    rules = _compiled(game)
    for players, modules, seed in CASES.get(game, [(2, (), 1)]):
        compiled = _states(rules, "compiled", players, modules, seed)
        interpreted = _states(rules, "interpreter", players, modules, seed)
        assert len(compiled) == len(interpreted)
        for step, (a, b) in enumerate(zip(compiled, interpreted, strict=True)):
            assert a == b, f"{game} {players}p {modules} seed {seed}: step {step} differs"


def test_engine_names_are_checked() -> None:
    from compiler.runtime import RulesError

    rules = _compiled("terraforming_mars")
    with pytest.raises(RulesError, match="unknown engine"):
        Game.new(rules, players=2, engine="turbo")


@pytest.mark.parametrize("game", _core_games())
def test_every_compiled_trial_agrees_with_the_frame_trial(game: str,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Every trial run of a compiled game (the options of every decision, ``can``) gives
    the frame trial's answer after the same number of statements, failing ones too."""
    from compiler.runtime import choose
    from compiler.runtime.cps import TRIALS_KEY

    frame_trial = choose.trial
    seen = []

    def both(ctx: Any, body: dict, binding: dict) -> bool:
        table = ctx.code.pop(TRIALS_KEY, None)
        if table is None:  # inside the frame trial below: a `can` of it
            return frame_trial(ctx, body, binding)
        try:
            want = frame_trial(ctx, body, binding), ctx.steps
        finally:
            ctx.code[TRIALS_KEY] = table
        got = frame_trial(ctx, body, binding), ctx.steps
        assert got == want, f"statement {body['id']} ({body.get('at')})"
        seen.append(got[0])
        return got[0]

    monkeypatch.setattr(choose, "trial", both)
    rules = _compiled(game)
    players, modules, seed = CASES.get(game, [(2, (), 1)])[-1]
    game_ = Game.new(rules, players=players, modules=modules, seed=seed)
    policy = RandomPolicy(seed)
    while not game_.is_over and game_.state["decisions"] < 120:
        game_.apply(policy.choose(game_))
    assert True in seen and False in seen


@pytest.mark.parametrize("game", _core_games())
def test_every_compiled_continuation_agrees_with_the_frame_one(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every continuation trial (``choose.completes``: may a payment, a space, a target
    be taken and the rest of the running option still be applied?) gives the frame
    machine's answer after the same number of statements when it runs compiled."""
    from compiler.runtime import choose, resume

    seen = []

    def both(ctx: Any, base: int, node: dict, opt: dict) -> bool:
        want = choose.frame_completes(ctx, base, node, opt), ctx.steps
        got = resume.completes(ctx, base, node, opt), ctx.steps
        assert got[0] is not None, f"decision {node['id']} ({node.get('at')}) not resumed"
        assert got == want, f"decision {node['id']} ({node.get('at')}), option {opt['l']}"
        seen.append(got[0])
        return bool(got[0])

    monkeypatch.setattr(choose, "completes", both)
    rules = _compiled(game)
    for players, modules, seed in CASES.get(game, [(2, (), 1)]):
        game_ = Game.new(rules, players=players, modules=modules, seed=seed)
        policy = RandomPolicy(seed)
        while not game_.is_over and game_.state["decisions"] < 150:
            game_.apply(policy.choose(game_))
    assert True in seen
    if game == "terraforming_mars":  # a payment refused: the card's effect cannot follow
        from compiler.scenario import run_file

        for path in sorted((ROOT / "tests/scenarios/terraforming_mars/cards").glob(
                "190_local_heat_trapping*.yaml")):
            assert run_file(path, path.name).passed, path.name
        assert False in seen
