"""Every expression the kernel may evaluate has a compiled function, also the
expressions of statements inside an expression (``can (S)``): none falls back to the
interpreter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from compiler.codegen.pycode import load_code
from compiler.diagnostics import has_errors
from compiler.pipeline import compile_game
from tests.core.helpers import tiny_copy

CHOICE = ('  - {id: choice, name: {en: Choice}, cost: 1,'
          ' effect: "choose (gain 2 points | gain 1 coins)"}')
CARD = (CHOICE, CHOICE + '\n  - {id: check, name: {en: Check}, cost: 1,'
        ' effect: "require can (let k = count hand + 1; gain k coins); gain 1 points"}')


def _expression_roots(node: Any, out: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        if "x" in node and node.get("op") not in ("lit", "var"):
            out.append(node)
        for value in node.values():
            _expression_roots(value, out)
    elif isinstance(node, list):
        for value in node:
            _expression_roots(value, out)
    return out


def test_statements_inside_can_are_compiled(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": CARD})
    comp = compile_game(folder, folder.parent)
    assert not has_errors(comp.diagnostics), [d.format() for d in comp.diagnostics]
    code = load_code(comp.ir)
    card = comp.ir["records"]["cards"]["check"]
    inside = _expression_roots(card, [])
    assert len(inside) >= 3  # the can, and the count and the gain inside it
    assert all(n["x"] in code for n in _expression_roots(comp.ir, []))
