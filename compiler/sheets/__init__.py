"""Stage 7, sheets: printable rule-reference sheets (HTML) from the IR.

Entry point: ``render(ir)`` -> ``{relative path: bytes}``.
"""

from __future__ import annotations

from typing import Any


def render(ir: dict[str, Any]) -> dict[str, bytes]:
    """Placeholder until the sheet generator lands: no files."""
    return {}
