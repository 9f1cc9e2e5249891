"""Colour for terminal output: on a terminal only, never with ``NO_COLOR`` or when piped.

``colour(stream)`` decides once per stream (https://no-color.org: ``NO_COLOR`` set to any
non-empty value turns colour off; ``TERM=dumb`` too; ``FORCE_COLOR`` turns it on even
when piped). ``paint(text, style, stream)`` wraps text in ANSI codes when colour is on.
"""

from __future__ import annotations

import os
import re
from typing import TextIO

STYLES = {"error": "1;31", "warning": "1;33", "ok": "1;32", "hint": "36", "note": "2",
          "caret": "1;32", "bold": "1"}
_SEVERITY = re.compile(r": (error|warning)\[([A-Z]+[0-9]+)\]:")


def colour(stream: TextIO) -> bool:
    """True when ``stream`` should get ANSI colours."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str, style: str, stream: TextIO) -> str:
    """``text`` in ``style`` (a key of STYLES) when ``stream`` gets colour, else as is."""
    if not text or not colour(stream):
        return text
    return f"\033[{STYLES[style]}m{text}\033[0m"


def diagnostic(text: str, stream: TextIO) -> str:
    """A formatted diagnostic (``Diagnostic.format``) with its severity, caret and hint
    coloured; unchanged when ``stream`` gets no colour."""
    if not colour(stream):
        return text
    lines = text.split("\n")
    lines[0] = _SEVERITY.sub(lambda m: ": " + paint(f"{m[1]}[{m[2]}]", m[1], stream) + ":",
                             lines[0], count=1)
    for i, line in enumerate(lines[1:], 1):
        if line.strip() == "^":
            lines[i] = paint(line, "caret", stream)
        elif line.startswith("  hint: "):
            lines[i] = "  " + paint("hint:", "hint", stream) + line[len("  hint:"):]
        elif line.startswith("  note: "):
            lines[i] = paint(line, "note", stream)
    return "\n".join(lines)
