"""HTML sheet -> PDF with WeasyPrint (optional dependency: ``pip install rulesc[pdf]``).

The PDF is byte-identical from run to run: WeasyPrint writes no date unless the page asks
for one, and the only clock it reads is the font subsetter's (fontTools stamps each
embedded font's ``head`` table with ``SOURCE_DATE_EPOCH``, else with the time of the run).
``to_pdf`` sets ``SOURCE_DATE_EPOCH`` for the render when the caller has not set it
(to ``FIXED_EPOCH``), and puts the caller's value back after.

A render takes seconds (Terraforming Mars's reference about 5 s of CPU);
``to_pdf(html, progress=f)`` calls ``f(text)`` at each stage WeasyPrint reports (parsing,
styles, one call per page of layout, writing), which ``rulesc sheet`` prints on a
terminal.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["FIXED_EPOCH", "PdfUnavailable", "to_pdf"]

FIXED_EPOCH = "315532800"
"""1980-01-01 00:00 UTC, the date stamped in fonts when SOURCE_DATE_EPOCH is unset."""


class PdfUnavailable(RuntimeError):
    """WeasyPrint is not installed."""


def _weasyprint() -> Any:
    try:
        return importlib.import_module("weasyprint")
    except (ImportError, OSError) as exc:  # pragma: no cover - missing package or Pango
        raise PdfUnavailable("PDF output needs WeasyPrint: pip install 'rulesc[pdf]' "
                             f"(import failed: {exc})") from exc


class _Progress(logging.Handler):
    """Passes WeasyPrint's progress messages ("Step 5 - Creating layout - Page 3") on."""

    def __init__(self, report: Callable[[str], None]) -> None:
        super().__init__(logging.INFO)
        self.report = report

    def emit(self, record: logging.LogRecord) -> None:
        self.report(record.getMessage())


@contextlib.contextmanager
def _fixed_clock() -> Iterator[None]:
    """``SOURCE_DATE_EPOCH`` set for the render (the caller's value wins)."""
    before = os.environ.get("SOURCE_DATE_EPOCH")
    if before is None:
        os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)


@contextlib.contextmanager
def _reporting(progress: Callable[[str], None] | None) -> Iterator[None]:
    """WeasyPrint's progress logger sent to ``progress`` while rendering."""
    if progress is None:
        yield
        return
    logger = logging.getLogger("weasyprint.progress")
    handler = _Progress(progress)
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate


def to_pdf(html: bytes, progress: Callable[[str], None] | None = None) -> bytes:
    """Render one self-contained HTML sheet (inline CSS, no external files) to PDF bytes,
    the same bytes for the same HTML on every run."""
    weasyprint = _weasyprint()
    with _fixed_clock(), _reporting(progress):
        return bytes(weasyprint.HTML(string=html.decode("utf-8")).write_pdf())
