"""Effects that checked clean and then silently did nothing (QA finding F16): a ``stop``
with no loop around it (R045), ``with you = N`` of a seat the game has not (R046 when the
number is written, a rules failure naming the YAML line when it is computed, in both
engines), and a list read past its end (docs/dsl.md, Values: the default, none).

Each game is the tutorial of docs/dsl.md ("A new game from scratch", 2-4 players) with
the Statue's effect replaced and its cost 0, so it is bought at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from compiler.codegen.pycode import load_code
from compiler.pipeline import compile_game
from compiler.runtime import Game, RulesError, register_code
from tests.core.test_tutorial import _tutorial_files

STATUE = 'cost: 5, effect: "gain 4 points"'


def _game(tmp_path: Path, effect: str, players: str = "") -> tuple[Path, Any]:
    files = _tutorial_files()
    assert STATUE in files["cards.yaml"]
    files["cards.yaml"] = files["cards.yaml"].replace(STATUE, f'cost: 0, effect: "{effect}"')
    if players:
        files["game.yaml"] = files["game.yaml"].replace("players: {min: 2, max: 4}", players)
    for name, body in files.items():
        (tmp_path / name).write_text(body, "utf-8")
    return tmp_path, compile_game(tmp_path, tmp_path)


def _column(folder: Path, needle: str) -> tuple[int, int]:
    """Line and column (1-based) of ``needle`` in the game's cards.yaml."""
    for number, line in enumerate((folder / "cards.yaml").read_text("utf-8").splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(needle)


def _buy_statue(comp: Any, engine: str) -> Game:
    """A 2-player game in which the first player buys the Statue (its first decision)."""
    if engine == "compiled":
        register_code(comp.ir, load_code(comp.ir))
    game = Game.new(comp.ir, players=2, seed=1, engine=engine)
    me = game.pending()["player"]
    game.state["players"][me]["hand"] = ["statue"]
    game.apply({"act": "buy", "card": "statue"})
    return game


def test_a_stop_outside_any_loop_is_r045_at_the_stop(tmp_path: Path) -> None:
    """``stop; gain 1 points`` would gain the point (stop leaves only a loop)."""
    folder, comp = _game(tmp_path, "gain 1 points; stop")
    assert [(d.code, d.span.line, d.span.col) for d in comp.diagnostics] == \
        [("R045", *_column(folder, "stop\""))]
    assert "loop" in comp.diagnostics[0].hint


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_a_stop_inside_a_loop_leaves_it(tmp_path: Path, engine: str) -> None:
    """``repeat 3: (gain 1 points; stop)``: one point, the loop left at once."""
    _, comp = _game(tmp_path, "repeat 3: (gain 1 points; stop)")
    assert comp.diagnostics == []
    game = _buy_statue(comp, engine)
    assert [p["stock"]["points"] for p in game.state["players"]] == [1, 0]


def test_a_definitions_stop_is_checked_where_it_is_used(tmp_path: Path) -> None:
    """A word whose body is ``stop`` ends the loop it is used in: fine inside one, R045
    (at the definition's stop, the use as a note) outside, whichever use comes first."""
    words = '  - {id: halt, phrase: "halt now", params: {}, effect: "stop", ' \
        'text: {en: "stop"}}\n'
    for order, (mine, statue) in enumerate((("halt now; gain 3 coins",
                                             "repeat 2: (gain 1 points; halt now)"),
                                            ("repeat 2: (gain 1 coins; halt now)",
                                             "halt now; gain 1 points"))):
        files = _tutorial_files()
        files["definitions.yaml"] += words
        files["cards.yaml"] = files["cards.yaml"].replace(
            'effect: "gain 3 coins"', f'effect: "{mine}"').replace(
            STATUE, f'cost: 0, effect: "{statue}"')
        folder = tmp_path / str(order)
        folder.mkdir()
        for name, body in files.items():
            (folder / name).write_text(body, "utf-8")
        diags = compile_game(folder, folder).diagnostics
        outside = "mine" if order == 0 else "statue"
        line = next(n for n, text in enumerate(files["cards.yaml"].splitlines(), 1)
                    if f"id: {outside}" in text)
        assert [(d.code, Path(d.span.path).name) for d in diags] == \
            [("R045", "definitions.yaml")], [d.format() for d in diags]
        assert [r.line for r in diags[0].related] == [line]


def test_a_written_seat_the_game_has_not_is_r046_at_the_number(tmp_path: Path) -> None:
    """A 2-player game has seats 0 and 1: ``with you = 7`` (player 8) and ``with you =
    -1`` name no player; ``with you = 1`` does."""
    for effect, needle in (("with you = 7: gain 1 points", "7:"),
                           ("with you = -1: gain 1 points", "-1:")):
        (tmp_path / needle[:-1]).mkdir()
        folder, comp = _game(tmp_path / needle[:-1], effect, "players: {min: 2, max: 2}")
        assert [(d.code, d.span.line, d.span.col) for d in comp.diagnostics] == \
            [("R046", *_column(folder, needle))], [d.format() for d in comp.diagnostics]
        assert "0 to 1" in comp.diagnostics[0].hint
    (tmp_path / "ok").mkdir()
    _, comp = _game(tmp_path / "ok", "with you = 1: gain 1 points", "players: {min: 2, max: 2}")
    assert comp.diagnostics == []


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
@pytest.mark.parametrize("seat, said", [("(player_count + 5)", "no player 8 in a 2-player game"),
                                        ("(0 - 1)", "no seat -1 in a 2-player game")])
def test_a_computed_seat_the_game_has_not_is_a_rules_failure(
        tmp_path: Path, engine: str, seat: str, said: str) -> None:
    """Never a silent no-op: the failure names the seat and the YAML line."""
    folder, comp = _game(tmp_path, f"with you = {seat}: gain 1 points")
    assert comp.diagnostics == []
    line, _ = _column(folder, "with you")
    with pytest.raises(RulesError) as err:
        _buy_statue(comp, engine)
    assert said in str(err.value) and f"cards.yaml:{line}" in str(err.value)


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_a_list_read_past_its_end_is_none_and_a_negative_position_counts_back(
        tmp_path: Path, engine: str) -> None:
    """docs/dsl.md, Values: ``[1, 2].(9)`` reads none (gains nothing), ``[10, 20].(-1)``
    the last item (20 coins beside the 5 of the setup)."""
    _, comp = _game(tmp_path, "gain ([1, 2].(9)) points; gain ([10, 20].(-1)) coins")
    assert comp.diagnostics == []
    game = _buy_statue(comp, engine)
    first = game.state["players"][0]["stock"]
    assert (first["points"], first["coins"]) == (0, 5 + 20)
