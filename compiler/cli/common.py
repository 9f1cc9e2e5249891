"""Helpers shared by the commands: finding the project root, games and printing."""

from __future__ import annotations

import sys
from pathlib import Path

from compiler.diagnostics import Diagnostic, Severity, to_json
from compiler.load import Document


class UsageError(Exception):
    """A wrong command line: exit code 2."""


def project_root(start: Path | None = None) -> Path:
    """The nearest folder at or above ``start`` (default: cwd) holding ``rules_data/``."""
    here = (start or Path.cwd()).resolve()
    for p in (here, *here.parents):
        if (p / "rules_data").is_dir():
            return p
    return here


def games(root: Path, rules: Path | None = None) -> list[str]:
    base = rules if rules is not None else root / "rules_data"
    if (base / "game.yaml").is_file() or rules is not None and any(base.glob("*.yaml")):
        return [base.name]
    return sorted(p.name for p in base.iterdir() if p.is_dir()) if base.is_dir() else []


def rules_dir(root: Path, game: str, rules: Path | None = None) -> Path:
    if rules is not None:
        return rules if rules.name == game or (rules / "game.yaml").is_file() else rules / game
    return root / "rules_data" / game


def print_diagnostics(diags: list[Diagnostic], docs: list[Document], fmt: str = "text",
                      strict: bool = False) -> None:
    """Print every diagnostic (text with source line and caret, or JSON) to stdout."""
    if strict:
        diags = [Diagnostic(d.span, d.code, d.message, Severity.ERROR, d.hint, d.related)
                 for d in diags]
    if fmt == "json":
        print(to_json(diags))
        return
    lines = {d.path: d for d in docs}
    for d in diags:
        doc = lines.get(d.span.path)
        print(d.format(doc.line_text(d.span.line) if doc else None))
    errors = sum(d.severity is Severity.ERROR for d in diags)
    warnings = len(diags) - errors
    if diags:
        print(f"{errors} error(s), {warnings} warning(s)", file=sys.stderr)
