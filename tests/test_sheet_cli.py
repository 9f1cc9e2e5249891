"""``rulesc sheet``: the printable sheet as HTML or PDF, written whole or not at all."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from compiler.cli import main
from tests.conftest import ROOT


def test_html_sheet_is_the_built_one(tmp_path, capsys):
    out = tmp_path / "tm.html"
    assert main(["sheet", "terraforming_mars", "--lang", "en", "--out", str(out)]) == 0
    built = ROOT / "generated" / "terraforming_mars" / "sheets" / "reference.en.html"
    assert out.read_bytes() == built.read_bytes()


def _has_weasyprint() -> bool:
    try:
        return importlib.util.find_spec("weasyprint") is not None and \
            importlib.import_module("weasyprint") is not None
    except (ImportError, OSError):  # OSError: the package is there but Pango is not
        return False


@pytest.mark.skipif(not _has_weasyprint(), reason="PDF needs the optional WeasyPrint extra")
def test_pdf_sheet(tmp_path, capsys):
    out = tmp_path / "tm.pdf"
    assert main(["sheet", "terraforming_mars", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF-")
    assert ", it," in capsys.readouterr().out   # the rulebook's language by default


def test_unknown_language_and_unwritable_folder(tmp_path, capsys):
    assert main(["sheet", "terraforming_mars", "--lang", "fr", "--out",
                 str(tmp_path / "x.html")]) == 2
    capsys.readouterr()
    # a folder that does not exist is said before anything is rendered, with the status
    # of every other command line mistake (as `play --log` and `simulate --out`)
    assert main(["sheet", "terraforming_mars", "--out", str(tmp_path / "no" / "x.html")]) == 2
    assert "rulesc sheet: --out: no folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_aid_paper_audience_and_modules(tmp_path, capsys):
    out = tmp_path / "quick.html"
    assert main(["sheet", "terraforming_mars", "--aid", "quick", "--paper", "letter",
                 "--lang", "en", "--out", str(out)]) == 0
    assert "size: letter" in out.read_text("utf-8")
    assert "(quick, player, en, letter," in capsys.readouterr().out
    out = tmp_path / "designer.html"
    assert main(["sheet", "pampero", "--audience", "designer", "--out", str(out)]) == 0
    assert "§ " in out.read_text("utf-8")
    # solo needs Corporate Era: it is added, and said in one line on stderr
    assert main(["sheet", "terraforming_mars", "--modules", "solo", "--out", str(out)]) == 0
    assert "added module(s) corporate_era (solo requires it)" in capsys.readouterr().err


def test_modules_that_do_not_fit_are_a_usage_error(tmp_path, capsys):
    out = tmp_path / "x.html"
    assert main(["sheet", "pampero", "--modules", "nope", "--out", str(out)]) == 2
    assert "unknown module 'nope'" in capsys.readouterr().err
    # Clear Skies' and Project Verne's extra scoring tiles exclude each other
    assert main(["sheet", "pampero", "--modules",
                 "cs_extra_scoring_tiles,verne_extra_scoring_tiles", "--out", str(out)]) == 2
    assert "conflicts with" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.skipif(not _has_weasyprint(), reason="PDF needs the optional WeasyPrint extra")
def test_pdf_is_byte_identical_across_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (first, second):
        assert main(["sheet", "love_letter", "--aid", "quick", "--out", str(out)]) == 0
    assert first.read_bytes() == second.read_bytes()
    import os
    assert "SOURCE_DATE_EPOCH" not in os.environ   # put back as it was
    assert capsys.readouterr().err == ""   # no progress when stderr is not a terminal


@pytest.mark.skipif(not _has_weasyprint(), reason="PDF needs the optional WeasyPrint extra")
def test_progress_is_reported_per_page():
    from compiler.sheets.pdf import to_pdf

    seen: list[str] = []
    to_pdf(b"<p>one</p><p style='break-before: page'>two</p>", seen.append)
    assert any("Page 2" in line for line in seen)


def test_note_says_which_language_untranslated_names_are_shown_in(tmp_path, capsys):
    # Terraforming Mars's rulebook is Italian, but its card names are known in English
    # only: the Italian sheet shows them in English, and the note says so
    out = tmp_path / "tm.html"
    assert main(["sheet", "terraforming_mars", "--lang", "it", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "the sheet shows them in 'en'" in err
    assert "rulebook's language" not in err


@pytest.mark.parametrize("aid", ["cards"])
def test_an_aid_with_nothing_to_print_writes_nothing_and_exits_1(tmp_path, capsys, aid):
    """A game whose game.yaml `sheet` lays nothing out as cards has no card proxy: say
    so, write nothing, exit 1 (README: 1 is "nothing to do")."""
    out = tmp_path / "x.pdf"
    tiny = ROOT / "tests" / "fixtures" / "core_tiny"
    assert main(["sheet", "core_tiny", "--rules", str(tiny), "--aid", aid,
                 "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"nothing to print for --aid {aid}" in err and "not written" in err
    assert not out.exists() and "laid out as `cards`" in err


@pytest.mark.skipif(not _has_weasyprint(), reason="needs WeasyPrint")
def test_module_pages_are_packed(tmp_path, capsys):
    """Pampero's 17 modules, many of one line ("Plance del parcheggio: 1 plancia ..."),
    fill a few pages, not one page each: two modules or more to a page on the whole (with
    what their pieces do: 19 Clear Skies scoring tiles, 16 objectives); each module stays
    whole."""
    from weasyprint import HTML
    html = (ROOT / "generated" / "pampero" / "sheets" / "modules.it.html").read_text()
    pages = len(HTML(string=html).render().pages)
    assert 1 < pages <= 17 // 2, pages
    assert ".module { break-inside: avoid;" in html and "break-before: page" not in html
