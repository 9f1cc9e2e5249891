"""Sheets from hand-built IR: escaping of hostile data, provisional values, PDF output."""

from __future__ import annotations

import pytest

from compiler import sheets
from compiler.sheets import pdf

HOSTILE = "<script>alert(1)</script>"
TEMPLATE = "{{ 7*7 }}"
IMG = "€<img src=x onerror=alert(2)>"


def small_ir(card_name=HOSTILE, cost=12, section="§1"):
    """A minimal game: one currency, one tag, one card."""
    src = {"doc": "rules", "section": section}
    return {
        "game": {"id": "tiny", "title": {"it": TEMPLATE, "en": TEMPLATE}, "language": "it",
                 "languages": ["it", "en"], "players": {"min": 1, "max": 2},
                 "sources": {"rules": f'Rules "{HOSTILE}"'}, "currency": "money"},
        "resources": {"money": {"id": "money", "name": {"it": IMG, "en": IMG},
                                "source": src, "at": "r.yaml:1"}},
        "tags": {"t": {"id": "t", "name": {"it": HOSTILE, "en": HOSTILE}}},
        "cards": {"c1": {"id": "c1", "number": "001", "name": {"en": card_name},
                         "type": "event", "cost": cost, "tags": ["t"],
                         "effect": {"op": "effect", "stmts": [
                             {"op": "gain", "qty": {"op": "quantity", "n": 2, "up_to": False,
                                                    "per": None, "at": "c.yaml:3:1"},
                              "resource": "money", "production": False, "at": "c.yaml:3:1"}],
                             "at": "c.yaml:3:1"},
                         "source": src, "at": "c.yaml:1"}},
    }


def rendered(ir):
    return {k: v.decode("utf-8") for k, v in sheets.render(ir).items()}


def test_hostile_names_are_literal_text():
    for page in rendered(small_ir(section=HOSTILE)).values():
        assert HOSTILE not in page
        assert "<img" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert TEMPLATE in page and "49" not in page
        assert "2 €&lt;img src=x onerror=alert(2)&gt;" in page


def test_template_syntax_in_card_name_is_not_evaluated():
    page = rendered(small_ir(card_name=TEMPLATE))["reference.it.html"]
    assert f'<span class="name">{TEMPLATE}</span>' in page


def test_provisional_value_is_marked_with_its_reason():
    ir = small_ir(cost={"provisional": 12, "reason": "cost <unknown> in rulebook"})
    it, en = rendered(ir)["reference.it.html"], rendered(ir)["reference.en.html"]
    assert '<span class="cost">12</span>' in it
    assert 'class="prov" title="cost = 12: cost &lt;unknown&gt; in rulebook">provvisorio<' in it
    assert ">provisional<" in en


def test_card_names_fall_back_to_english_with_a_note():
    it = rendered(small_ir(card_name="Tiny Card"))["reference.it.html"]
    assert "Tiny Card" in it and "I nomi delle carte sono in inglese" in it


def test_sheet_of_a_partial_ir_renders():
    out = sheets.render({"game": {"id": "bare", "language": "en"}})
    assert list(out) == ["reference.en.html"]


def test_pdf_of_a_sheet():
    pytest.importorskip("weasyprint")
    data = pdf.to_pdf(sheets.render(small_ir())["reference.it.html"])
    assert data.startswith(b"%PDF")


def test_pdf_without_weasyprint_says_how_to_install(monkeypatch):
    def missing(name):
        raise ImportError(f"No module named {name!r}")

    monkeypatch.setattr(pdf.importlib, "import_module", missing)
    with pytest.raises(pdf.PdfUnavailable, match=r"rulesc\[pdf\]"):
        pdf.to_pdf(b"<html></html>")
