"""Copies of a record resolved once (``compiler.lang.copies``) change nothing: every game
compiles to the same IR and diagnostics as when each record's fields are resolved
again; a copy names its own lines, shares what nothing numbers, and a check that reads
a field of ``this`` record in which the copy differs is checked on the copy too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compiler.lang import copies
from compiler.pipeline import compile_game
from tests.core.helpers import tiny_copy

ROOT = Path(__file__).resolve().parents[2]

Compiled = tuple[str, list[tuple[str, str, str]]]


def _compiled(folder: Path, root: Path) -> tuple[Compiled, Any]:
    comp = compile_game(folder, root)
    return (json.dumps(comp.ir, default=repr),
            [(str(d.span), d.code, d.message) for d in comp.diagnostics]), comp.ir


def _each_again(self: Any, rc: Any, kind: str, rec: Any, key: str, value: Any, t: Any,
                scope: Any, resolve: Any) -> Any:
    return resolve(rc, rec.doc, rec.path + (key,), value, t, scope)


def _both(folder: Path, root: Path, monkeypatch: pytest.MonkeyPatch
          ) -> tuple[Compiled, Compiled, Any]:
    kept, ir = _compiled(folder, root)
    with monkeypatch.context() as patch:
        patch.setattr(copies.Copies, "resolve", _each_again)
        again, _ = _compiled(folder, root)
    return kept, again, ir


@pytest.mark.parametrize("game", ["terraforming_mars", "love_letter", "pampero"])
def test_game_ir_and_diagnostics_do_not_depend_on_copies(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kept, again, _ = _both(ROOT / "rules_data" / game, ROOT, monkeypatch)
    assert kept[1] == again[1]
    assert kept[0] == again[0]


PETS = '{id: pets, name: {en: Pets}, cost: 1, resource: animal, ' \
    'effect: "add 1 animal to this card", vp: "animals here"}'


def test_a_copy_that_differs_in_a_field_a_check_reads_is_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pets (line 14 of cards.yaml) copied twice below it: the copy that holds microbes
    is told it holds no animal (R038, "this card holds no animal"), the one that holds
    animals is not; as without copies."""
    more = PETS.replace("pets", "pets2").replace("animal,", "microbe,") + "\n  - " + \
        PETS.replace("pets", "pets3")
    folder = tiny_copy(tmp_path, {"cards.yaml": (PETS, PETS + "\n  - " + more)})
    kept, again, _ = _both(folder, folder.parent, monkeypatch)
    assert kept == again
    found = [(span.split(":")[1], code) for span, code, _ in kept[1] if code == "R038"]
    assert found == [("15", "R038")]
    assert "holds no animal" in next(m for _, c, m in kept[1] if c == "R038")


def test_a_copy_names_its_own_line_and_shares_what_is_not_numbered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Choice (line 15) copied on line 16: its statements name line 16, its numbered
    nodes are its own, and the parts of its expressions nothing numbers are Choice's."""
    choice = '{id: choice, name: {en: Choice}, cost: 1, ' \
        'effect: "choose (gain 2 points | gain 1 coins)"}'
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        choice, choice + "\n  - " + choice.replace("choice,", "choice2,"))})
    kept, again, ir = _both(folder, folder.parent, monkeypatch)
    assert kept == again
    cards = ir["records"]["cards"]
    first, copy = cards["choice"]["effect"], cards["choice2"]["effect"]
    assert first["at"] == "core_tiny/cards.yaml:15"
    assert copy["at"] == "core_tiny/cards.yaml:16"
    assert {at for at in _ats(copy) if "cards.yaml" in at} == {"core_tiny/cards.yaml:16"}
    assert {at for at in _ats(first) if "cards.yaml" in at} == {"core_tiny/cards.yaml:15"}
    own, shared = _pairs(first, copy)
    assert own and not [a for a, b in own if a is b]  # every numbered node its own
    assert shared  # and some expression part not numbered is one object


def _ats(node: Any) -> list[str]:
    if isinstance(node, dict):
        return ([node["at"]] if "at" in node else []) + \
            [a for v in node.values() for a in _ats(v)]
    if isinstance(node, list):
        return [a for v in node for a in _ats(v)]
    return []


def _pairs(a: Any, b: Any) -> tuple[list[tuple[Any, Any]], list[Any]]:
    """The numbered nodes of ``a`` and ``b`` side by side, and the containers shared."""
    own: list[tuple[Any, Any]] = []
    shared: list[Any] = []
    if a is b and isinstance(a, (dict, list)):
        return own, [a]
    if isinstance(a, dict) and isinstance(b, dict):
        if "x" in a or "id" in a:
            own.append((a, b))
        for k in a:
            o, s = _pairs(a[k], b[k])
            own, shared = own + o, shared + s
    elif isinstance(a, list) and isinstance(b, list):
        for x, y in zip(a, b, strict=True):
            o, s = _pairs(x, y)
            own, shared = own + o, shared + s
    return own, shared
