"""Diagnostics: the one error/warning type every pipeline stage reports.

A diagnostic names a position in the rules data (``path:line:col``, 1-based), a stable
code (documented in ``docs/diagnostics.md``), a message that says what is wrong and a hint
that says how to fix it.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Span:
    """A position in a source file: 1-based line and column."""

    path: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in the rules data.

    ``related`` holds other positions that take part (e.g. both sides of a conflict).
    """

    span: Span
    code: str
    message: str
    severity: Severity = Severity.ERROR
    hint: str = ""
    related: tuple[Span, ...] = field(default=())

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.span.path, self.span.line, self.span.col, self.code)

    def format(self, source_line: str | None = None) -> str:
        """Render as ``path:line:col: severity[CODE]: message`` with caret and hint."""
        out = [f"{self.span}: {self.severity.value}[{self.code}]: {self.message}"]
        if source_line is not None:
            text = source_line.rstrip("\r\n").expandtabs(1)
            if len(text) > 200:
                start = max(0, self.span.col - 80)
                text = text[start : start + 160]
                caret_col = self.span.col - start
            else:
                caret_col = self.span.col
            out.append(f"    {text}")
            out.append("    " + " " * max(0, caret_col - 1) + "^")
        for rel in self.related:
            out.append(f"  note: see also {rel}")
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)

    def to_dict(self) -> dict[str, object]:
        return {
            "path": self.span.path,
            "line": self.span.line,
            "col": self.span.col,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "related": [str(r) for r in self.related],
        }


class DiagnosticError(Exception):
    """Raised by a stage that cannot go on; carries every diagnostic found so far."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=Diagnostic.sort_key)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """Return a hint naming the closest candidate, or an empty string."""
    close = difflib.get_close_matches(name, sorted(set(candidates)), n=3, cutoff=0.6)
    if not close:
        return ""
    return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"


def has_errors(diags: Iterable[Diagnostic], strict: bool = False) -> bool:
    """True when any diagnostic is an error (or any at all, with ``strict``)."""
    return any(strict or d.severity is Severity.ERROR for d in diags)


def to_json(diags: Iterable[Diagnostic]) -> str:
    return json.dumps([d.to_dict() for d in diags], indent=2, ensure_ascii=False)
