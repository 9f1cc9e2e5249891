"""Kept expansions (``compiler.lang.memo``) change nothing: every game compiles to the
same IR, with the same local names, and the same diagnostics, whether a use of a
definition reuses a kept expansion or resolves the body again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compiler.lang import expand
from compiler.pipeline import compile_game
from tests.core.helpers import tiny_copy

ROOT = Path(__file__).resolve().parents[2]


Compiled = tuple[str, list[tuple[str, str, str, str]]]


def _compiled(folder: Path, root: Path) -> Compiled:
    comp = compile_game(folder, root)
    return json.dumps(comp.ir, default=repr), \
        [(str(d.span), d.code, d.message, d.hint) for d in comp.diagnostics]


def _both(folder: Path, root: Path, monkeypatch: pytest.MonkeyPatch
          ) -> tuple[Compiled, Compiled]:
    kept = _compiled(folder, root)
    with monkeypatch.context() as patch:
        patch.setattr(expand, "kept", lambda *_: None)  # resolve every use again
        again = _compiled(folder, root)
    return kept, again


@pytest.mark.parametrize("game", ["love_letter", "pampero"])
def test_game_ir_and_diagnostics_do_not_depend_on_kept_expansions(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kept, again = _both(ROOT / "rules_data" / game, ROOT, monkeypatch)
    assert kept[1] == again[1]
    assert kept[0] == again[0]


def test_the_same_broken_use_is_reported_at_each_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same use written on two cards, wrong on both (neither card holds microbes):
    reported at both places, as without kept expansions."""
    wrong = "add 1 microbe to this card"
    folder = tiny_copy(tmp_path, {"cards.yaml": ('effect: "gain 3 coins"', f'effect: "{wrong}"')})
    text = (folder / "cards.yaml").read_text("utf-8")
    (folder / "cards.yaml").write_text(
        text.replace('effect: "gain 4 points"', f'effect: "{wrong}"'), "utf-8")
    kept, again = _both(folder, folder.parent, monkeypatch)
    assert kept == again
    places = {span.split(":")[1] for span, code, _, _ in kept[1] if code == "R038"}
    assert places == {"4", "5"}  # the lines of Mine and Statue in cards.yaml


def test_reused_expansion_gets_its_own_local_names() -> None:
    """Two uses of a definition with the same arguments: the second is reused, and its
    locals are not the first one's (the runtime keeps one environment per frame)."""
    comp = compile_game(ROOT / "rules_data" / "love_letter", ROOT)
    names: list[str] = []
    _lets(comp.ir, names)
    assert len(names) == len(set(names)), "a local name is bound twice"


def _lets(node: Any, out: list[str]) -> None:
    """Every local bound by ``let`` or a loop, in data order."""
    if isinstance(node, dict):
        if node.get("op") in ("let", "for", "filt", "with") and "~" in str(node.get("v")):
            out.append(node["v"])
        for value in node.values():
            _lets(value, out)
    elif isinstance(node, list):
        for value in node:
            _lets(value, out)
