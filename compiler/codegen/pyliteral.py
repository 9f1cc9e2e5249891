"""Deterministic Python-literal formatting of IR data, with source-line comments.

Every dict that carries ``"at": "path:line[:col]"`` gets a ``# path:line`` comment on its
opening line, so a traceback into generated code leads back to the YAML. Strings are
written with ``repr`` (so data can never inject code) and comments are sanitised.
"""

from __future__ import annotations

import re
from typing import Any

_SAFE = re.compile(r"[^A-Za-z0-9_./:\-]")
INDENT = "    "


def comment(at: Any) -> str:
    """``path:line`` for an ``at`` value; only safe characters survive."""
    if not isinstance(at, str):
        return ""
    return _SAFE.sub("_", ":".join(at.split(":")[:2]))


def render(value: Any, level: int = 0) -> str:
    """Python source text of the expression for ``value``."""
    out: list[str] = []
    _emit(value, level, "", "", out)
    return "\n".join(out)


def _emit(value: Any, level: int, lead: str, tail: str, out: list[str]) -> None:
    """Append the lines of ``value`` to ``out``: its first line starts with ``lead``
    (the indentation and key its holder gives it), its last line ends with ``tail``."""
    if isinstance(value, tuple):
        value = list(value)
    if not isinstance(value, dict | list):
        out.append(lead + _scalar(value) + tail)
        return
    short = _short(value)
    if short is not None:
        out.append(lead + short + tail)
        return
    pad = INDENT * (level + 1)
    if isinstance(value, dict):
        note = comment(value.get("at"))
        out.append(f"{lead}{{  # {note}" if note else lead + "{")
        for k, v in value.items():
            _emit(v, level + 1, f"{pad}{k!r}: ", ",", out)
        out.append(INDENT * level + "}" + tail)
    else:
        out.append(lead + "[")
        for v in value:
            _emit(v, level + 1, pad, ",", out)
        out.append(INDENT * level + "]" + tail)


def _scalar(value: Any) -> str:
    if value is None or isinstance(value, bool | int | float | str):
        return repr(value)
    raise TypeError(f"not IR data: {type(value).__name__}")


def _short(value: Any) -> str | None:
    """A one-line form for small flat values, else None."""
    if isinstance(value, dict):
        if "at" in value or any(isinstance(v, dict | list) for v in value.values()):
            return None
        text = "{" + ", ".join(f"{k!r}: {_scalar(v)}" for k, v in value.items()) + "}"
    elif isinstance(value, list):
        if any(isinstance(v, dict | list) for v in value):
            return None
        text = "[" + ", ".join(_scalar(v) for v in value) + "]"
    else:
        return _scalar(value)
    return text if len(text) <= 72 else None
