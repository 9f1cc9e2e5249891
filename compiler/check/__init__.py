"""Stage 5, check: semantic checks over the resolved game.

Entry point: ``check(docs, parsed, ir, symbols)``. Returns every diagnostic in one list:
unknown names (R001, with did-you-mean), names of the wrong kind (R003), production on a
resource with no production track (R005), broken record references (R010-R019) and
provisional values (W001).
"""

from __future__ import annotations

from typing import Any

from compiler.check.names import check_names
from compiler.check.records import check_records
from compiler.diagnostics import Diagnostic
from compiler.load import Document
from compiler.resolve import Symbols

__all__ = ["check"]


def check(docs: list[Document], parsed: dict[tuple[str, tuple[Any, ...]], Any],
          ir: dict[str, Any], symbols: Symbols) -> list[Diagnostic]:
    """Run every semantic check; the order of the result does not matter (sorted later)."""
    diags: list[Diagnostic] = []
    for (path, _vpath), node in parsed.items():
        diags.extend(check_names(path, node, symbols))
    diags.extend(check_records(docs, ir, symbols))
    return diags
