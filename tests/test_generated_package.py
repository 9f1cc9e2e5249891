"""The generated engine package speaks to its reader: its header names the current
``rulesc build GAME``, its docstring's example uses the game's own modules (or none) and
runs; ``simulate`` without the playtest extra says how to install it, as the README does."""

from __future__ import annotations

import importlib
import re

import pytest

from tests.conftest import ROOT

GAMES = sorted(p.parent.name for p in (ROOT / "generated").glob("*/__init__.py"))


@pytest.mark.parametrize("game", GAMES)
def test_header_and_example_fit_the_game(game):
    package = importlib.import_module(f"generated.{game}")
    text = (ROOT / "generated" / game / "__init__.py").read_text("utf-8")
    assert f"run `rulesc build {game}`" in text and "--game" not in text
    example = re.search(r"\n    (from generated.*?)\n    while", text, re.S)
    assert example, "the docstring has an example"
    env: dict[str, object] = {}
    exec(re.sub(r"(?m)^    ", "", example.group(1)), env)   # noqa: S102 - our own code
    game_obj = env["game"]
    for module in game_obj.rules.get("active_modules") or []:   # type: ignore[attr-defined]
        assert module in package.MODULES
    env["policy"].choose(game_obj)   # type: ignore[attr-defined]


def test_simulate_without_the_playtest_extra_says_how_to_install(monkeypatch, tmp_path,
                                                                  capsys):
    from compiler.cli import cmd_simulate, main

    monkeypatch.setattr(cmd_simulate, "_missing_extra", lambda: "matplotlib")
    assert main(["simulate", "love_letter", "--games", "1", "--out",
                 str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert 'pip install -e ".[playtest]"' in err and 'pip install "rulesc[playtest]"' in err
