"""The tutorial of docs/dsl.md ("A new game from scratch") works as written: its YAML
blocks make a game that checks clean, builds, and plays to the end."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy

DOC = Path(__file__).resolve().parents[2] / "docs" / "dsl.md"


def _tutorial_files() -> dict[str, str]:
    text = DOC.read_text("utf-8")
    part = text.split("## A new game from scratch", 1)[1].split("\n## ", 1)[0]
    files = {}
    for block in re.findall(r"```yaml\n(.*?)```", part, re.S):
        kind = yaml.safe_load(block)["kind"]
        files[f"{kind}.yaml"] = block
    return files


def test_tutorial_game_checks_and_plays(tmp_path: Path) -> None:
    files = _tutorial_files()
    assert {"game.yaml", "kinds.yaml", "cards.yaml", "state.yaml", "flow.yaml",
            "definitions.yaml"} <= set(files)
    for name, body in files.items():
        (tmp_path / name).write_text(body, "utf-8")
    comp = compile_game(tmp_path, tmp_path)
    assert [d.format() for d in comp.diagnostics] == []
    game = Game.new(comp.ir, players=2, seed=3)
    assert game.pending()["kind"] == "action"
    scores = RandomPolicy(3).play(game)
    assert game.state["round"] == 3                       # end: {max_rounds: 3}
    assert all(p["stock"]["coins"] >= 0 for p in game.state["players"])
    assert set(scores["winner"]) <= {0, 1}
