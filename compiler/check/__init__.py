"""Stage 4, check: semantic checks over the whole game, beyond name resolution.

Entry point: ``check(docs, ir)``: provisional values (W001), placeholders (W010), records
without a source (W003) and unknown source documents (R017), module cycles and
contradictions (R020, R021), the steps and records modules name (R014, R023), every
module alone and every allowed pair (R022, R024-R026), printed component counts (W002),
adjacency that is not mutual (R012), required documents (R016), sheet fields and
definition text holes (R041, R044). Resolution
(``compiler.lang``) reports names, types and phrases.
"""

from __future__ import annotations

from typing import Any

from compiler.check.core import check_core
from compiler.diagnostics import Diagnostic
from compiler.load import Document

__all__ = ["check"]


def check(docs: list[Document], ir: dict[str, Any],
          layer: frozenset[str] = frozenset(), folder: str = "rules") -> list[Diagnostic]:
    """Every diagnostic of the checks above (order does not matter: sorted later);
    ``layer``: the paths of an expansion's documents, when checked on a shipped game;
    ``folder``: the rules folder as shown, where a folder with no document is reported."""
    return check_core(docs, ir, layer, folder)
