"""Dead rules found by playing (`rulesc coverage --played`): records, triggers and options
that never fire in seeded random games are listed; what fires is not."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline import compile_game
from compiler.playtest.played import format_played, never_fired
from tests.core.helpers import tiny_copy


def test_a_card_nobody_can_afford_never_fires(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        '{id: statue, name: {en: Statue}, cost: 5, effect: "gain 4 points"}',
        '{id: statue, name: {en: Statue}, cost: 99, effect: "gain 4 points"}')})
    rules = compile_game(folder, folder.parent).ir
    report = never_fired(rules, games=4, players=2, selections=[[]], seed=1)
    dead = report["selections"][0]["records"].get("cards", [])
    assert "statue" in dead          # 99 coins: never bought
    assert "mine" not in dead        # bought in at least one of 4 games
    assert "zoo" not in dead         # not in this selection (module zoo is off)
    text = format_played(report)
    assert "no modules: 4 games; never fired" in text and "statue" in text


def test_a_module_selection_counts_its_own_cards(tmp_path: Path) -> None:
    rules = compile_game(tiny_copy(tmp_path), tmp_path).ir
    report = never_fired(rules, games=6, players=3, selections=[["zoo"]], seed=2)
    sel = report["selections"][0]
    assert sel["modules"] == ["zoo"]
    assert "zoo" not in sel["records"].get("cards", [])   # bought at least once
