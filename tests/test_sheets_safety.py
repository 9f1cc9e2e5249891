"""Sheets of a small game: escaping of hostile data, provisional values, names in another
language, PDF output. The game is ``tests/bad_input/_base`` with hostile names and a
sheet section of cards, compiled as ``rulesc build`` compiles it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from compiler import sheets
from compiler.pipeline import compile_game
from compiler.sheets import pdf
from compiler.sheets.words import WORDS

BASE = Path(__file__).resolve().parent / "bad_input" / "_base"
HOSTILE = "<script>alert(1)</script>"
TEMPLATE = "{{ 7*7 }}"
IMG = "€<img src=x onerror=alert(2)>"


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def small_game(tmp_path: Path, card_name: Any = None, cost: Any = 12,
               section: str = "§1", allow: tuple[str, ...] = ()) -> dict[str, Any]:
    """The IR of the base game in Italian and English, whose card ``mine`` has this name,
    cost and rulebook section, whose money is named ``IMG`` and whose title and source
    are hostile. ``allow``: error codes the test expects (the IR is built anyway)."""
    card_name = card_name or {"it": HOSTILE, "en": HOSTILE}
    rules = tmp_path / "rules"
    shutil.copytree(BASE, rules)
    (rules / "game.yaml").write_text(
        f"kind: game\nid: tiny\ntitle: {{it: {_q(TEMPLATE)}, en: {_q(TEMPLATE)}}}\n"
        "language: it\nlanguages: [it, en]\nplayers: {min: 1, max: 2}\n"
        f"sources: {{rules: {_q('Rules ' + HOSTILE)}}}\n"
        "sheet:\n  sections:\n    - {kind: cards, layout: cards, corner: \"{cost}\", "
        "lines: [{text: \"{effect}\"}]}\n", "utf-8")
    (rules / "resources.yaml").write_text(
        "kind: resources\nsource: {doc: rules, section: Resources}\nrecords:\n"
        f"  - {{id: money, name: {{it: {_q(IMG)}, en: {_q(IMG)}}}}}\n"
        "  - {id: score, name: {it: punti, en: points}}\n", "utf-8")
    (rules / "definitions.yaml").write_text(
        "kind: definitions\nrecords:\n  - id: gain\n    phrase: \"gain {n} {r}\"\n"
        "    params: {n: int, r: resources}\n    effect: \"stock.(r) += n\"\n"
        "    text: {it: \"guadagna {n} {r}\", en: \"gain {n} {r}\"}\n", "utf-8")
    (rules / "cards.yaml").write_text(
        f"kind: cards\nrecords:\n  - id: mine\n    name: {json.dumps(card_name)}\n"
        f"    cost: {json.dumps(cost)}\n    effect: \"gain 2 money\"\n"
        f"    source: {{doc: rules, section: {_q(section)}}}\n", "utf-8")
    (rules / "modules.yaml").write_text("kind: modules\nrecords: []\n", "utf-8")
    comp = compile_game(rules, tmp_path)
    assert [d.code for d in comp.diagnostics
            if d.severity.value == "error" and d.code not in allow] == []
    return comp.ir


def rendered(ir: dict[str, Any]) -> dict[str, str]:
    return {k: v.decode("utf-8") for k, v in sheets.render(ir).items()}


def test_hostile_names_are_literal_text(tmp_path: Path) -> None:
    pages = rendered(small_game(tmp_path, section=HOSTILE))
    assert set(pages) == {f"{aid}.{lang}.html" for lang in ("it", "en") for aid in
                          ("reference", "quick", "modules", "cards", "designer")}
    for name, page in pages.items():
        assert HOSTILE not in page
        assert "<img" not in page
        assert TEMPLATE in page and "49" not in page
        if name.startswith(("reference", "designer", "cards")):   # the card is shown
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
            assert "2&nbsp;€&lt;img src=x onerror=alert(2)&gt;" in page   # (a no-break space)


def test_template_syntax_in_card_name_is_not_evaluated(tmp_path: Path) -> None:
    page = rendered(small_game(tmp_path, {"it": TEMPLATE, "en": TEMPLATE}))["reference.it.html"]
    assert f'<span class="name">{TEMPLATE}</span>' in page


def test_provisional_value_is_marked_with_its_reason(tmp_path: Path) -> None:
    ir = small_game(tmp_path, cost={"provisional": 12, "reason": "cost <unknown> in rulebook"})
    it, en = rendered(ir)["designer.it.html"], rendered(ir)["designer.en.html"]
    assert '<span class="cost">12</span>' in it
    assert f'class="prov" title="cost = 12: cost &lt;unknown&gt; in rulebook">' \
        f'{WORDS["it"]["provisional"]}<' in it
    assert f'>{WORDS["en"]["provisional"]}<' in en


def test_player_sheet_marks_a_provisional_value_with_one_legend_line(tmp_path: Path) -> None:
    ir = small_game(tmp_path, cost={"provisional": 12, "reason": "cost <unknown> in rulebook"})
    it = rendered(ir)["reference.it.html"]
    assert 'class="pmark"' in it and "unknown" not in it and "cost = 12" not in it
    assert it.count(WORDS["it"]["prov_legend"]) == 1


def test_a_plain_value_has_no_provisional_mark(tmp_path: Path) -> None:
    it = rendered(small_game(tmp_path))["reference.it.html"]
    assert '<span class="cost">12</span>' in it and 'class="prov"' not in it


def test_card_names_fall_back_to_english_with_a_note(tmp_path: Path) -> None:
    pages = rendered(small_game(tmp_path, card_name={"en": "Tiny Card"}))
    it, en = pages["reference.it.html"], pages["reference.en.html"]
    assert "Tiny Card" in it and WORDS["it"]["names_note"] in it
    assert WORDS["en"]["names_note"] not in en


def test_sheet_of_a_partial_ir_renders() -> None:
    out = sheets.render({"game": {"id": "bare", "language": "en"}})
    assert sorted(out) == ["cards.en.html", "designer.en.html", "modules.en.html",
                           "quick.en.html", "reference.en.html"]


def test_pdf_of_a_sheet(tmp_path: Path) -> None:
    pytest.importorskip("weasyprint")
    data = pdf.to_pdf(sheets.render(small_game(tmp_path))["reference.it.html"])
    assert data.startswith(b"%PDF")


def test_pdf_without_weasyprint_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> None:
        raise ImportError(f"No module named {name!r}")

    monkeypatch.setattr(pdf.importlib, "import_module", missing)
    with pytest.raises(pdf.PdfUnavailable, match=r"rulesc\[pdf\]"):
        pdf.to_pdf(b"<html></html>")


def test_a_number_stays_on_the_line_of_its_unit() -> None:
    """Arctic Algae's requirement: "-12 °C" never breaks before the unit on a card proxy."""
    from tests.conftest import ROOT

    page = (ROOT / "generated" / "terraforming_mars" / "sheets" / "cards.it.html").read_text(
        "utf-8")
    assert "-12&nbsp;°C" in page and "-12 °C" not in page
