"""``require can (S); S`` (Pampero's ``must``) in a trial runs S once (``cps.MUST``,
``choose.frame_must``): the answer stays the two runs' where they could part (a way
through S that changes nothing but lets the rest apply while another changes something
and does not; an S that cannot change anything), the same in both engines."""

from __future__ import annotations

import json
from typing import Any

import pytest

from compiler.codegen.pycode import load_code
from compiler.diagnostics import has_errors
from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy, choose, register_code
from compiler.runtime.cps import TRIALS_KEY
from tests.core.helpers import tiny_copy

S1 = "choose (gain 0 points | gain 1 coins)"
S2 = "choose (gain 0 points | require coins > 99; gain 1 coins)"
EFFECTS = {
    # the rest applies only after the way that changes nothing
    "late": f"must ({S1}); require coins < 1; gain 1 points",
    # a change only when coins > 99
    "rich": f"must ({S2}); gain 1 points",
    "plain": "must (choose (gain 1 points | gain 1 coins))",
}
MUST = """  - id: must_apply
    phrase: "must {e}"
    params: {e: effect}
    effect: "require can (e); e"
    text: {en: "{e}"}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tiny_copy(tmp_path_factory.mktemp("must"))
    with (folder / "definitions.yaml").open("a", encoding="utf-8") as out:
        out.write(MUST)  # as Pampero's: S written twice, a copy of one text
    with (folder / "cards.yaml").open("a", encoding="utf-8") as out:
        for name, effect in EFFECTS.items():
            out.write(f"  - {json.dumps({'id': name, 'cost': 0, 'effect': effect})}\n")
    comp = compile_game(folder, folder.parent)
    assert not has_errors(comp.diagnostics), [d.format() for d in comp.diagnostics]
    register_code(comp.ir, load_code(comp.ir))
    return comp.ir


def _effect(ctx: Any, card: str) -> dict[str, Any]:
    return next(n for n in ctx.index.nodes.values() if n["op"] == "seq"
                and n["b"][0]["op"] == "req" and n["b"][0]["c"]["op"] == "can"
                and str(n.get("at", "")).endswith(f":{_line(card)}"))


def _line(card: str) -> int:
    return 17 + list(EFFECTS).index(card)  # the fixture's records (16 lines), then ours


@pytest.mark.parametrize(("card", "coins", "want"), [
    ("late", 0, True), ("late", 5, False), ("rich", 0, False), ("rich", 100, True),
    ("plain", 0, True)])
def test_must_answers_as_the_two_runs(rules: dict[str, Any], card: str, coins: int,
                                      want: bool) -> None:
    game = Game.new(rules, players=2, seed=1, engine="compiled")
    ctx = game._ctx
    ctx.state["players"][0]["stock"]["coins"] = coins
    body = _effect(ctx, card)
    assert "MUST" in ctx.code[TRIALS_KEY][body["id"]].__code__.co_names  # S run once
    got = choose.trial(ctx, body, {"you": 0}), ctx.steps
    table = ctx.code.pop(TRIALS_KEY)
    try:
        frames = choose.trial(ctx, body, {"you": 0}), ctx.steps  # frame_must
    finally:
        ctx.code[TRIALS_KEY] = table
    assert got == frames and got[0] is want  # the same statements counted too


def test_both_engines_play_the_same_games(rules: dict[str, Any]) -> None:
    for seed in (1, 2, 3, 4):
        states = []
        for engine in ("compiled", "interpreter"):
            game = Game.new(rules, players=2, seed=seed, engine=engine)
            RandomPolicy(seed).play(game)
            states.append(json.dumps(game.to_json(), sort_keys=True))
        assert states[0] == states[1]
