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
    locals are not the first one's (the runtime keeps one environment per frame). A
    record's code runs in a scope of its own, so a record's locals are unique within
    it, and the texts outside the records (flow, state, modules) bind none of them."""
    comp = compile_game(ROOT / "rules_data" / "love_letter", ROOT)
    records = comp.ir["records"]
    outside: list[str] = []
    _lets({k: v for k, v in comp.ir.items() if k != "records"}, outside)
    assert outside and len(outside) == len(set(outside)), "a local name is bound twice"
    for kind, table in records.items():
        if kind == "modules":
            continue
        for rid, record in table.items():
            names: list[str] = []
            _lets(record, names)
            assert len(names) == len(set(names)), f"{rid}: a local name is bound twice"
            assert not set(names) & set(outside), f"{rid} binds a name of the flow"


def test_copies_of_a_record_resolve_to_the_same_code(tmp_path: Path) -> None:
    """Two records with the same text resolve to equal IR apart from their ids, local
    names included (each record numbers its locals from the same start), so their
    compiled functions can be written once (``compiler.codegen.dedupe``)."""
    text = "gain 2 coins; gain 1 points"
    folder = tiny_copy(tmp_path, {"cards.yaml": ('effect: "gain 3 coins"', f'effect: "{text}"')})
    body = (folder / "cards.yaml").read_text("utf-8")
    (folder / "cards.yaml").write_text(
        body.replace('effect: "gain 4 points"', f'effect: "{text}"'), "utf-8")
    comp = compile_game(folder, folder.parent)
    assert not [d for d in comp.diagnostics if d.severity == "error"]
    cards = comp.ir["records"]["cards"]
    effects = [cards["mine"]["effect"], cards["statue"]["effect"]]
    names: list[list[str]] = [[], []]
    for effect, found in zip(effects, names, strict=True):
        _lets(effect, found)
    assert names[0] and names[0] == names[1]
    assert _without_ids(effects[0]) == _without_ids(effects[1])


def _without_ids(node: Any) -> Any:
    """``node`` without its node numbers (``id``, ``x``) and source lines (``at``)."""
    if isinstance(node, dict):
        return {k: _without_ids(v) for k, v in node.items() if k not in ("id", "x", "at")}
    if isinstance(node, list):
        return [_without_ids(v) for v in node]
    return node


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
