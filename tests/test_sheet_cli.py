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
    assert main(["sheet", "terraforming_mars", "--out", str(tmp_path / "no" / "x.html")]) == 1
    assert list(tmp_path.iterdir()) == []
