"""Compiled trial runs (compiler.runtime.cps) keep the frame trial's semantics where
they differ most in shape: long loops with a decision in every round (continuations
nest, the trial budget ends them), ``stop`` inside an option and inside a loop, options
that all fail. Every trial of a game of such cards gives the frame trial's answer
after the same number of statements, and both engines play the same games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compiler.codegen.pycode import load_code
from compiler.diagnostics import has_errors
from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy, RulesError, choose, register_code
from compiler.runtime.cps import TRIALS_KEY
from tests.core.helpers import tiny_copy

EFFECTS = [
    "repeat 300: choose (gain 1 coins | gain 1 points)",
    "repeat 40: (choose (gain 1 points | require coins > 99))",
    "repeat 5: (gain 1 points; choose (stop | gain 1 coins))",
    "for each c in hand: (choose (gain 1 points | require coins > 99); stop)",
    "let n = 0; while n < 300: (n += 1; choose (gain 1 points | gain 2 points))",
    "choose (require coins > 99 | require points > 99)",
    "repeat 2: (choose 2 (gain 1 points | gain 1 coins | skip))",
]


def _rules(tmp: Path, effects: list[str] = EFFECTS) -> dict[str, Any]:
    folder = tiny_copy(tmp)
    with (folder / "cards.yaml").open("a", encoding="utf-8") as out:
        for i, effect in enumerate(effects):
            card = {"id": f"loop{i}", "cost": 0, "effect": effect}
            out.write(f"  - {json.dumps(card)}\n")
    comp = compile_game(folder, folder.parent)
    assert not has_errors(comp.diagnostics), [d.format() for d in comp.diagnostics]
    register_code(comp.ir, load_code(comp.ir))
    return comp.ir


def _play(rules: dict[str, Any], engine: str, seed: int) -> list[str]:
    game = Game.new(rules, players=2, seed=seed, engine=engine)
    policy = RandomPolicy(seed)
    out = [json.dumps(game.to_json(), sort_keys=True)]
    while not game.is_over:
        game.apply(policy.choose(game))
        out.append(json.dumps(game.to_json(), sort_keys=True))
    return out


def test_both_engines_play_the_same_games(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    for seed in (1, 2, 3):
        assert _play(rules, "compiled", seed) == _play(rules, "interpreter", seed)


def test_every_trial_agrees_with_the_frame_trial(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    frame_trial = choose.trial
    seen: list[bool] = []

    def both(ctx: Any, body: dict[str, Any], binding: dict[str, Any]) -> bool:
        table = ctx.code.pop(TRIALS_KEY, None)
        if table is None:
            return frame_trial(ctx, body, binding)
        try:
            want = frame_trial(ctx, body, binding), ctx.steps
        finally:
            ctx.code[TRIALS_KEY] = table
        got = frame_trial(ctx, body, binding), ctx.steps
        assert got == want, body.get("at")
        seen.append(got[0])
        return got[0]

    monkeypatch.setattr(choose, "trial", both)
    rules = _rules(tmp_path)
    for seed in (1, 2, 3):
        _play(rules, "compiled", seed)
    assert len(seen) > 50 and True in seen and False in seen


def test_thousands_of_nested_decisions_do_not_overflow_the_stack(tmp_path: Path) -> None:
    """Continuations nest a few Python frames per statement: a compiled trial raises
    the recursion limit for itself (the trial budget bounds the depth). The frame trial
    recurses once per decision and overflows here, so only the compiled one is run."""
    rules = _rules(tmp_path, ["repeat 3000: choose (gain 1 coins | gain 1 points)"])
    game = Game.new(rules, players=2, seed=1, engine="compiled")
    ctx = game._ctx
    loop = next(n for n in ctx.index.nodes.values()
                if n["op"] == "rep" and n["b"]["op"] == "choose")
    assert choose.trial(ctx, loop, {"you": 0})
    assert ctx.steps > 3000


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_a_game_with_thousands_of_nested_decisions_plays_to_the_end(
        tmp_path: Path, engine: str) -> None:
    """Data that check accepts never crashes the engine: a trial too deep for Python's
    stack is given the benefit of the doubt, as one over the statement budget is."""
    rules = _rules(tmp_path, ["repeat 3000: choose (gain 1 coins | gain 1 points)"])
    states = _play(rules, engine, 1)
    assert json.loads(states[-1])["over"] is True


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_a_loop_that_never_ends_is_stopped_in_a_trial_and_in_the_game(
        tmp_path: Path, engine: str) -> None:
    """A loop of simple statements that never ends: its trial is cut by the statement
    budget (checked once per turn of the loop compiled inline) and the option offered,
    and playing it stops with the bound on statements between two decisions."""
    rules = _rules(tmp_path, ["let n = 0; while n >= 0: n += 1"])
    game = Game.new(rules, players=2, seed=1, engine=engine)
    ctx = game._ctx
    loop = next(n for n in ctx.index.nodes.values() if n["op"] == "while")
    assert choose.trial(ctx, loop, {"you": 0}) and ctx.cut
    # the error names the loop's YAML line (the test game's effect text)
    with pytest.raises(RulesError, match=r"statements without a decision \(\S+\.yaml:\d+\)"):
        while not game.is_over:
            game.apply(RandomPolicy(1).choose(game))
