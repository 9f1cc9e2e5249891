"""The tutorial game of docs/dsl.md ("A new game from scratch"), the first game a new user
writes, gets a readable rule sheet and ``explain`` text, although its flow.yaml names no
round and its scoring line has no name: "at the end of round 3" (``end: {max_rounds:
3}``), the scoring line named by the record of its id ("Points"), and the Market's
trigger (``on: played ...``, ``effect: gain 1 coins``) in ``explain``."""

from __future__ import annotations

import re
from pathlib import Path

from compiler.pipeline import compile_game
from compiler.sheets import explain, page
from tests.core.test_tutorial import _tutorial_files


def _tutorial(tmp_path: Path) -> dict:
    for name, body in _tutorial_files().items():
        (tmp_path / name).write_text(body, "utf-8")
    comp = compile_game(tmp_path, tmp_path)
    assert [d.format() for d in comp.diagnostics] == []
    return comp.ir


def _text(html: str) -> str:
    body = re.sub(r"<style.*?</style>", "", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


def test_the_sheet_names_the_round_limit_and_the_scoring_line(tmp_path: Path) -> None:
    ir = _tutorial(tmp_path)
    for aid in ("reference", "quick"):
        html = page(ir, aid, "en").decode("utf-8")
        text = _text(html)
        assert "at the end of round 3." in text, aid
        assert "<b></b>" not in html and "<li>: " not in html, aid
        assert re.search(r"<b>Points</b>: 1 per point", html), aid
        # `for each you in players where ...`: one player at a time, not "the players"
        assert "for each the players" not in text and "for each player such that" in text


def test_the_italian_frame_names_the_round_too(tmp_path: Path) -> None:
    """Italian ("round", as Love Letter's Italian names it): "alla fine del round 3"."""
    ir = _tutorial(tmp_path)
    assert "alla fine del round 3." in _text(page(ir, "reference", "it").decode("utf-8"))


def test_explain_shows_a_cards_trigger(tmp_path: Path) -> None:
    ir = _tutorial(tmp_path)
    lines = explain.lines(ir, "cards", "market", "en")
    assert any(line.strip().startswith("triggers: When played") and
               line.rstrip().endswith(": gain 1 coin.") for line in lines), lines
