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
import functools
import html as htmllib
import importlib
import json
import logging
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["FIXED_EPOCH", "PdfUnavailable", "glyph_warnings", "to_pdf", "unprintable"]

FIXED_EPOCH = "315532800"
NO_GLYPH = "W009"  # docs/diagnostics.md: a sheet character no installed font has
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


@functools.cache
def _drawable(char: str) -> bool:
    """Whether an installed font has a glyph for ``char`` (fontconfig's ``fc-list``, which
    WeasyPrint's fallback searches too); True where fontconfig is not there to ask."""
    fc = shutil.which("fc-list")
    if fc is None or char.isspace() or ord(char) < 0x80:
        return True
    found = subprocess.run([fc, f":charset={ord(char):x}", "file"], capture_output=True,
                           text=True, check=False)
    return bool(found.stdout.strip())


def unprintable(html: bytes) -> str:
    """The characters of the page's text that no installed font can draw (they would
    print as empty boxes), each once, in page order."""
    body = html.decode("utf-8").partition("</style>")[2]
    visible = htmllib.unescape(re.sub(r"<[^>]*>", " ", body))
    return "".join(dict.fromkeys(c for c in visible if not _drawable(c)))


def glyph_warnings(ir: dict[str, Any], docs: list[Any], html: bytes) -> list[str]:
    """One line per record whose text on the page holds characters no installed font
    has (``rulesc sheet``): where the record is, the characters, and what to do."""
    from compiler.sheets.explain import location
    missing, out = unprintable(html), []
    for kind, table in ((ir.get("records") or {}).items() if missing else ()):
        for rid, rec in (table.items() if isinstance(table, dict) else ()):
            text = json.dumps(rec, ensure_ascii=False)
            chars = "".join(c for c in missing if c in text)
            if chars:
                points = " ".join(f"U+{ord(c):04X}" for c in chars)
                out.append(f"{location(ir, docs, kind, rid)}: warning[{NO_GLYPH}]: no installed "
                           f"font has '{chars}' ({points}; {kind} {rid}): the sheet prints "
                           "empty boxes for them; install a font that has them (Debian: "
                           "fonts-noto-cjk for Chinese, Japanese, Korean) or write them "
                           "otherwise")
    return out or ([f"warning[{NO_GLYPH}]: no installed font has '{missing}': the sheet "
                    "prints empty boxes for them"] if missing else [])
