"""Values in records: a number field whose text is a core function call is read as a
value, and a value the rulebook does not give may be provisional whatever its type."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline import compile_game
from tests.core.helpers import tiny_copy


def test_a_number_field_calling_a_core_function_is_a_value(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        '{id: mine, name: {en: Mine}, cost: 2, effect: "gain 3 coins"}',
        '{id: mine, name: {en: Mine}, cost: 2, effect: "gain 3 coins", vp: "max [2, 5]"}')})
    comp = compile_game(folder, folder.parent)
    assert [d for d in comp.diagnostics if d.severity.value == "error"] == []
    vp = comp.ir["records"]["cards"]["mine"]["vp"]
    assert vp["op"] == "fn" and "id" not in vp  # a value, not an effect to run

    from compiler.runtime import Game

    game = Game.new(comp.ir, players=2, seed=1)
    state = game.to_json()
    state["players"][0]["tableau"] = ["mine"]
    game.replace_state(state)
    assert game.scores()["players"][0]["breakdown"]["cards"] == 5


def test_a_provisional_list(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {
        "kinds.yaml": ("resource: card_resources?, vp: number}",
                       "resource: card_resources?, vp: number, table: [int]}"),
        "cards.yaml": ('{id: mine, name: {en: Mine}, cost: 2, effect: "gain 3 coins"}',
                       '{id: mine, name: {en: Mine}, cost: 2, effect: "gain 3 coins", '
                       'table: {provisional: [1, 2, 4], reason: "not printed"}}')})
    comp = compile_game(folder, folder.parent)
    assert [d.code for d in comp.diagnostics] == ["W001"]
    assert comp.ir["records"]["cards"]["mine"]["table"] == [1, 2, 4]
