"""Diagnostics: the one error/warning type every pipeline stage reports.

A diagnostic names a position in the rules data (``path:line:col``, 1-based), a stable
code (documented in ``docs/diagnostics.md``, titled in ``CODES``), a message that says what
is wrong and a hint that says how to fix it. Output forms: text (``format``), JSON
(``to_json``) and SARIF 2.1.0 for code-scanning tools (``to_sarif``).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import PurePosixPath
from urllib.parse import quote

# Every stable code: a short title (SARIF rule name). docs/diagnostics.md explains each
# one with a bad example and its fix; tests/test_diagnostics_codes.py keeps them in step.
CODES = {
    "L001": "file too large", "L002": "file is not UTF-8 text",
    "L003": "YAML syntax error", "L004": "YAML anchor or alias",
    "L005": "YAML tag not allowed", "L006": "nesting too deep", "L007": "empty file",
    "L008": "mapping key is not a plain name", "L009": "duplicate key",
    "L010": "number with a leading zero", "L011": "YAML 1.1 yes/no word read as text",
    "L012": "rules folder not found", "L013": "file links outside the rules folder",
    "L014": "file cannot be read", "L015": "number out of range",
    "S001": "document has no kind", "S002": "unknown document kind",
    "S003": "value does not match the schema",
    "S004": "number outside its field's bounds",
    "D001": "effect language syntax error", "D002": "effect text too long",
    "D003": "effect nested too deeply", "D005": "definitions expand too large",
    "D006": "nested too deeply once definitions are expanded",
    "R001": "unknown name", "R002": "id declared twice", "R003": "name of the wrong kind",
    "R004": "second copy of a single document",
    "R012": "board adjacency is not mutual",
    "R014": "module changes a step the flow does not have",
    "R015": "module removes or replaces something that does not exist",
    "R016": "required document missing", "R020": "module dependency cycle",
    "R021": "module requires what it conflicts with",
    "R022": "two modules replace the same step",
    "R023": "missing module dependency",
    "R024": "conflicting modules together",
    "R025": "player count outside a module's range",
    "R026": "one module removes what another changes", "R027": "module conflicts with itself",
    "R017": "unknown source document", "R030": "bad type notation",
    "R031": "bad definition phrase", "R032": "a player's entry where no player acts",
    "R033": "no definition matches the phrase", "R034": "phrase matches two definitions",
    "R035": "definition uses itself", "R036": "assignment to something not a place",
    "R037": "name only a module declares", "R038": "a definition's check fails",
    "R040": "a player's page would show a data name",
    "R041": "the sheet names a field its kind does not have",
    "R042": "a list by player count has no item for a player count",
    "R043": "event emitted without a field it declares",
    "R044": "definition text names no parameter",
    "R045": "stop outside any loop",
    "R046": "a seat the game does not have",
    "R047": "state entry named as a runtime key",
    "D004": "statement where a value is expected, or a value where a statement is",
    "W003": "record without a rulebook source",
    "W004": "definition text without a language of the game",
    "W005": "rules file not named *.yaml",
    "W006": "invisible bidirectional control character",
    "W007": "line break or tab in a name",
    "W008": "hidden path that matches nothing",
    "W009": "a sheet character no installed font has",
    "W001": "provisional value", "W002": "printed count differs from the records",
    "W010": "placeholder content",
    "W011": "event never emitted",
    # failures of `rulesc test` (compiler/scenario*.py), "Scenario failures" in the docs
    "T001": "scenario key unknown, missing or of the wrong type",
    "T002": "scenario setup refused", "T003": "play_until never reached",
    "T004": "given value cannot be set", "T005": "a when step was refused",
    "T006": "a refused step was accepted", "T007": "an expectation does not hold",
    "T008": "a then path, list test or refused step names nothing the rules have",
    "T009": "scenario tests nothing", "T010": "the engine crashed",
}
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True, slots=True)
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
        """Order by file, line, column, then code."""
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
        """Plain data for ``--format json``: path, line, col, severity, code, message..."""
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
    """A JSON list of diagnostics (``Diagnostic.to_dict`` each)."""
    return json.dumps([d.to_dict() for d in diags], indent=2, ensure_ascii=False)


def to_sarif(diags: Iterable[Diagnostic], version: str = "0") -> str:
    """A SARIF 2.1.0 log with one run of ``rulesc`` (for code-scanning upload).

    Relative paths stay relative (resolved against the repository root by the viewer);
    absolute paths become ``file://`` URIs. Columns count Unicode code points.
    """
    diags = list(diags)
    codes = sorted({d.code for d in diags})
    rules = [{"id": c, "name": _rule_name(c), "shortDescription": {"text": CODES.get(c, c)},
              "help": {"text": f"See docs/diagnostics.md, section {c}."}} for c in codes]
    results = [_sarif_result(d, codes.index(d.code)) for d in diags]
    run = {"tool": {"driver": {"name": "rulesc", "version": version, "rules": rules}},
           "columnKind": "unicodeCodePoints", "results": results}
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False)


def _rule_name(code: str) -> str:
    words = CODES.get(code, code).replace("-", " ").split()
    return "".join(w[:1].upper() + w[1:] for w in words if w.isalnum()) or code


def _sarif_result(d: Diagnostic, index: int) -> dict[str, object]:
    text = d.message + (f" (hint: {d.hint})" if d.hint else "")
    result: dict[str, object] = {
        "ruleId": d.code, "ruleIndex": index,
        "level": "error" if d.severity is Severity.ERROR else "warning",
        "message": {"text": text}, "locations": [_sarif_location(d.span)]}
    if d.related:
        result["relatedLocations"] = [{"id": i, **_sarif_location(r)}
                                      for i, r in enumerate(d.related)]
    return result


def _sarif_location(span: Span) -> dict[str, object]:
    path = PurePosixPath(span.path)
    uri = "file://" + quote(str(path)) if path.is_absolute() else quote(str(path))
    return {"physicalLocation": {"artifactLocation": {"uri": uri},
                                 "region": {"startLine": max(1, span.line),
                                            "startColumn": max(1, span.col)}}}
