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


def test_tutorial_deals_real_cards_to_four_players_in_both_engines(tmp_path: Path) -> None:
    """Its deck has a card for each of 4 players x 3 (it once dealt none: null cards)."""
    from compiler.codegen.pycode import load_code
    from compiler.runtime import register_code

    for name, body in _tutorial_files().items():
        (tmp_path / name).write_text(body, "utf-8")
    comp = compile_game(tmp_path, tmp_path)
    interpreted = Game.new(comp.ir, players=4, seed=5)
    register_code(comp.ir, load_code(comp.ir))
    compiled = Game.new(comp.ir, players=4, seed=5)
    for game in (interpreted, compiled):
        hands = [p["hand"] for p in game.state["players"]]
        assert [len(h) for h in hands] == [3, 3, 3, 3] and None not in sum(hands, [])
    assert interpreted.to_json() == compiled.to_json()


def test_a_none_adds_nothing_to_a_list_in_both_engines(tmp_path: Path) -> None:
    """``hand += [first deck]`` of an empty deck, and ``hand + [none]``, add nothing: a
    list never gets a none (docs/dsl.md, Values)."""
    from compiler.codegen.pycode import load_code
    from compiler.runtime import register_code

    files = _tutorial_files()
    files["flow.yaml"] = files["flow.yaml"].replace(
        "repeat 4: deck += [each c in cards]; shuffle deck",
        "deck = [each c in cards]; shuffle deck").replace(
        "(hand += [first deck]; deck -= [first deck])",
        "(hand += [first deck]; deck -= [first deck]; hand = hand + [first deck])")
    for name, body in files.items():
        (tmp_path / name).write_text(body, "utf-8")
    comp = compile_game(tmp_path, tmp_path)
    assert [d.format() for d in comp.diagnostics] == []
    interpreted = Game.new(comp.ir, players=4, seed=5)
    register_code(comp.ir, load_code(comp.ir))
    compiled = Game.new(comp.ir, players=4, seed=5)
    for game in (interpreted, compiled):
        hands = [p["hand"] for p in game.state["players"]]
        assert None not in sum(hands, []) and sum(len(h) for h in hands) >= 3
    assert interpreted.to_json() == compiled.to_json()


def test_tutorial_scenario_passes_with_rulesc_test(tmp_path: Path, capsys,
                                                   monkeypatch) -> None:
    """docs/dsl.md's commands as a new user types them (QA: it said `rulesc test`, which
    needs a scenario or a folder): the tutorial in ``rules_data/tiny/``, built, and its
    scenario (the one ```yaml scenario``` block) passed by ``rulesc test scenarios/``."""
    import os
    import sys

    import generated
    from compiler.cli import main

    # the built game is imported as generated.tiny: kept to this test (sys.path, the
    # package's __path__ and the imported modules), so other tests do not see it
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(generated, "__path__", list(generated.__path__))

    text = DOC.read_text("utf-8").split("## A new game from scratch", 1)[1]
    [scenario] = re.findall(r"```yaml scenario\n(.*?)```", text, re.S)
    assert "rulesc test scenarios/" in text
    game = tmp_path / "rules_data" / "tiny"
    game.mkdir(parents=True)
    for name, body in _tutorial_files().items():
        (game / name).write_text(body, "utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "buy.yaml").write_text(scenario, "utf-8")
    cwd = os.getcwd()
    try:
        os.chdir(tmp_path)
        assert main(["build", "tiny", "--no-cache"]) == 0
        assert main(["test", "scenarios/"]) == 0
    finally:
        os.chdir(cwd)
        for name in [m for m in sys.modules if m.split(".")[:2] == ["generated", "tiny"]]:
            del sys.modules[name]
    out = capsys.readouterr().out
    assert "1 passed, 0 failed" in out
