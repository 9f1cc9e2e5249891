"""A flow step's ``when`` holds for every step of the flow (docs/data-format.md, flow.yaml:
``when`` on a setup, phase or end step): a setup or end step whose condition is false is
not run. It was checked on phases only; on a setup or end step it was accepted and
ignored, so such a step ran in every game (Terraforming Mars's data had to put the
condition inside the step's effect instead).

The game is docs/dsl.md's tutorial (each player starts with 5 coins), with one more
setup step and one end step that give coins only in a game of 4 players."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.codegen.pycode import load_code
from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy, register_code
from tests.core.test_tutorial import _tutorial_files

DEAL = '  - {id: deal, each_player: "gain 5 coins;'
EXTRA = ('  - {id: rich, when: "player_count == 4", each_player: "gain 100 coins"}\n')
END = "end: {max_rounds: 3}\n"
END_STEPS = ('end: {max_rounds: 3, steps: [{id: bonus, when: "player_count == 4", '
             'each_player: "gain 1000 coins"}]}\n')


def _game(tmp_path: Path, players: int, engine: str) -> Game:
    files = _tutorial_files()
    flow = files["flow.yaml"]
    assert DEAL in flow and END in flow
    at = flow.index("phases:")
    files["flow.yaml"] = (flow[:at] + EXTRA + flow[at:]).replace(END, END_STEPS)
    for name, body in files.items():
        (tmp_path / name).write_text(body, "utf-8")
    comp = compile_game(tmp_path, tmp_path)
    assert [d.format() for d in comp.diagnostics] == []
    if engine == "compiled":
        register_code(comp.ir, load_code(comp.ir))
    return Game.new(comp.ir, players=players, seed=2, engine=engine)


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_a_setup_step_runs_only_when_its_condition_holds(tmp_path: Path, engine: str) -> None:
    two = _game(tmp_path, 2, engine)
    assert [p["stock"]["coins"] for p in two.state["players"]] == [5, 5]
    four = _game(tmp_path, 4, engine)
    assert [p["stock"]["coins"] for p in four.state["players"]] == [105] * 4


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_an_end_step_runs_only_when_its_condition_holds(tmp_path: Path, engine: str) -> None:
    """The Statue and other cards cost coins, so a player ends with at most the 5 start
    coins plus what the rounds gave: never 1,000 more in a game of 2."""
    two = _game(tmp_path, 2, engine)
    RandomPolicy(1).play(two)
    assert all(p["stock"]["coins"] < 1000 for p in two.state["players"])
    four = _game(tmp_path, 4, engine)
    RandomPolicy(1).play(four)
    assert all(p["stock"]["coins"] >= 1000 for p in four.state["players"])
