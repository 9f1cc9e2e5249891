"""Helpers of the core-language tests: copy the small core game and edit it."""

from __future__ import annotations

import shutil
from pathlib import Path

from compiler.diagnostics import Diagnostic
from compiler.pipeline import compile_game

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "core_tiny"


def tiny_copy(tmp: Path, edits: dict[str, tuple[str, str]] | None = None) -> Path:
    """A copy of tests/fixtures/core_tiny in ``tmp``; ``edits``: file -> (old, new)."""
    dest = tmp / "core_tiny"
    shutil.copytree(TINY, dest)
    for name, (old, new) in (edits or {}).items():
        path = dest / name
        text = path.read_text("utf-8") if path.exists() else ""
        assert old in text, f"{old!r} not in {name}"
        path.write_text(text.replace(old, new, 1), "utf-8")
    return dest


def diagnostics(folder: Path) -> list[Diagnostic]:
    return compile_game(folder, folder.parent).diagnostics


def codes(folder: Path) -> list[tuple[str, str]]:
    """``(code, file:line:col)`` of every diagnostic."""
    return [(d.code, str(d.span)) for d in diagnostics(folder)]
