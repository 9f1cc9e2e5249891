"""A kind's text field may list its allowed words (``{type: text, one_of: [...]}``):
Terraforming Mars' card ``type`` is automated, active or event, and a typo is an S003 at
its file:line:col with a did-you-mean (it once passed as any text)."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline import compile_game
from tests.conftest import ROOT, TM_RULES
from tests.core.helpers import diagnostics, tiny_copy

CARD = """kind: cards
deck: project
source: {doc: tm-rules-it, section: "Carta Progetto"}
records:
  - id: typo_card
    number: "X20"
    name: {en: Typo Card}
    type: evnt
    cost: 1
    tags: [space]
    effect: "gain 2 plants"
"""


def test_a_card_type_typo_is_an_error_with_did_you_mean(tmp_path: Path) -> None:
    exp = tmp_path / "typo"
    exp.mkdir()
    (exp / "cards.yaml").write_text(CARD, "utf-8")
    comp = compile_game(exp, ROOT, base=TM_RULES)
    [d] = [d for d in comp.diagnostics if d.code == "S003"]
    assert (d.span.path.endswith("typo/cards.yaml"), d.span.line, d.span.col) == \
        (True, 8, 11)
    assert "'evnt'" in d.message and "did you mean 'event'?" in d.hint
    assert "automated, active, event" in d.hint


def test_every_shipped_card_type_is_one_of_the_declared_values() -> None:
    comp = compile_game(TM_RULES, ROOT)
    assert not [d for d in comp.diagnostics if d.code == "S003"]
    types = {c["type"] for c in comp.ir["records"]["cards"].values()}
    assert types == {"automated", "active", "event"}


def test_one_of_belongs_to_a_text_field(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path)
    kinds = (folder / "kinds.yaml").read_text("utf-8")
    first = next(line for line in kinds.splitlines() if "fields:" in line and "{" in line)
    bad = first.replace("fields: {", "fields: {colour: {type: int, one_of: [red]}, ", 1)
    (folder / "kinds.yaml").write_text(kinds.replace(first, bad, 1), "utf-8")
    [d] = [d for d in diagnostics(folder) if d.code == "R030"]
    assert "one_of lists the values of a text field" in d.message
