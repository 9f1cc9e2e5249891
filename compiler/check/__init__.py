"""Stage 5, check: semantic checks over the resolved game.

Entry point: ``check(docs, parsed, ir, symbols)``. Returns every diagnostic in one list:
unknown names (R001, with did-you-mean), names of the wrong kind (R003), production on a
resource with no production track (R005), broken record references (R010-R019), module
cycles, missing and clashing replacements (R015, R020-R022) and provisional values (W001).
"""

from __future__ import annotations

from typing import Any

from compiler.check.modules import check_modules
from compiler.check.names import check_names
from compiler.check.records import check_records
from compiler.diagnostics import Diagnostic
from compiler.load import Document
from compiler.resolve import Symbols

__all__ = ["check", "check_core"]


def check(docs: list[Document], parsed: dict[tuple[str, tuple[Any, ...]], Any],
          ir: dict[str, Any], symbols: Symbols, shadow: set[str] | None = None,
          folder: str = "rules_data") -> list[Diagnostic]:
    """Run every semantic check; the order of the result does not matter (sorted later).

    ``folder``: the rules folder as shown in diagnostics.
    ``shadow``: ids that files which did not load probably declare; unknown-name
    diagnostics (R001) about them are left out, as they follow from that first error.
    """
    diags: list[Diagnostic] = []
    by_path = {d.path: d for d in docs}
    for (path, _vpath), node in parsed.items():
        doc = by_path.get(path)
        diags.extend(check_names(path, node, symbols, doc.line_text if doc else _no_line))
    diags.extend(check_records(docs, ir, symbols, folder))
    diags.extend(check_modules(docs, symbols))
    hidden = shadow or set()
    return [d for d in diags if not (d.code == "R001" and _named(d.message) in hidden)]


def _no_line(_n: int) -> None:
    return None


def _named(message: str) -> str:
    """The quoted name in an unknown-name message."""
    parts = message.split("'")
    return parts[1] if len(parts) > 2 else ""


def check_core(docs: list[Document], ir: dict[str, Any]) -> list[Diagnostic]:
    """Semantic checks of a game in the core language that name resolution does not
    make: provisional values (W001), placeholders, module combinations, sources."""
    from compiler.check.core import check_core as run

    return run(docs, ir)
