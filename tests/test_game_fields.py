"""game.yaml's fields against each other (compiler/check/game_fields.py): the tutorial
game of docs/dsl.md with players {min: 5, max: 2}, or language it where languages is [en],
is an S003 at that field (before: checked clean, then unplayable or no default sheet)."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.pipeline import compile_game
from tests.core.test_tutorial import _tutorial_files


def _check(tmp_path: Path, old: str, new: str) -> list[str]:
    for name, body in _tutorial_files().items():
        (tmp_path / name).write_text(body.replace(old, new) if name == "game.yaml" else body,
                                     "utf-8")
    comp = compile_game(tmp_path, tmp_path, use_cache=False)
    return [d.format() for d in comp.diagnostics]


@pytest.mark.parametrize("old, new, where, words", [
    ("players: {min: 2, max: 4}", "players: {min: 5, max: 2}", "game.yaml:6:",
     "players: max 2 is less than min 5"),
    ("language: en", "language: it", "game.yaml:4:",
     "language: 'it' (the rulebook's, the sheets' default) is not one of languages: en"),
])
def test_game_fields_that_contradict_each_other_are_s003(tmp_path: Path, old: str, new: str,
                                                         where: str, words: str) -> None:
    found = _check(tmp_path, old, new)
    assert len(found) == 1, found
    assert where in found[0] and "error[S003]" in found[0] and words in found[0]


def test_the_tutorial_game_fields_are_fine(tmp_path: Path) -> None:
    assert _check(tmp_path, "", "") == []


def test_a_core_document_s_bound_is_not_said_to_come_from_kinds_yaml(tmp_path: Path) -> None:
    """flow.yaml `end: {max_rounds: 0}`: S004, bounded by the core's flow schema (`rulesc
    schema flow`), not by kinds.yaml, which the hint used to name."""
    for name, body in _tutorial_files().items():
        (tmp_path / name).write_text(body.replace("max_rounds: 3", "max_rounds: 0"), "utf-8")
    [d] = compile_game(tmp_path, tmp_path, use_cache=False).diagnostics
    assert d.code == "S004" and "kinds.yaml" not in (d.hint or "")
    assert "`rulesc schema flow`" in (d.hint or "")
