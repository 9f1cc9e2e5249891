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
Line = list[str]  # [code, comment]


def comment(at: Any) -> str:
    """``path:line`` for an ``at`` value; only safe characters survive."""
    if not isinstance(at, str):
        return ""
    return _SAFE.sub("_", ":".join(at.split(":")[:2]))


def render(value: Any, level: int = 0) -> str:
    """Python source text of the expression for ``value``."""
    out = []
    for code, note in _lines(value, level):
        out.append(f"{code}  # {note}" if note else code)
    return "\n".join(out)


def _lines(value: Any, level: int) -> list[Line]:
    if isinstance(value, dict):
        return _dict(value, level)
    if isinstance(value, list | tuple):
        return _list(list(value), level)
    return [[_scalar(value), ""]]


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


def _block(opener: str, closer: str, items: list[tuple[str, Any]], note: str,
           level: int) -> list[Line]:
    pad = INDENT * (level + 1)
    lines: list[Line] = [[opener, note]]
    for prefix, v in items:
        body = _lines(v, level + 1)
        body[0][0] = pad + prefix + body[0][0]
        body[-1][0] += ","
        lines.extend(body)
    lines.append([INDENT * level + closer, ""])
    return lines


def _dict(d: dict[str, Any], level: int) -> list[Line]:
    short = _short(d)
    if short is not None:
        return [[short, ""]]
    return _block("{", "}", [(f"{k!r}: ", v) for k, v in d.items()], comment(d.get("at")),
                  level)


def _list(items: list[Any], level: int) -> list[Line]:
    short = _short(items)
    if short is not None:
        return [[short, ""]]
    return _block("[", "]", [("", v) for v in items], "", level)
