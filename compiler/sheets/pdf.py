"""HTML sheet -> PDF with WeasyPrint (optional dependency: ``pip install rulesc[pdf]``).

PDFs embed dates, so they are never written into ``generated/``; this is for printing.
"""

from __future__ import annotations

import importlib
from typing import Any


class PdfUnavailable(RuntimeError):
    """WeasyPrint is not installed."""


def _weasyprint() -> Any:
    try:
        return importlib.import_module("weasyprint")
    except (ImportError, OSError) as exc:  # pragma: no cover - missing package or Pango
        raise PdfUnavailable("PDF output needs WeasyPrint: pip install 'rulesc[pdf]' "
                             f"(import failed: {exc})") from exc


def to_pdf(html: bytes) -> bytes:
    """Render one self-contained HTML sheet (inline CSS, no external files) to PDF bytes."""
    weasyprint = _weasyprint()
    return bytes(weasyprint.HTML(string=html.decode("utf-8")).write_pdf())
