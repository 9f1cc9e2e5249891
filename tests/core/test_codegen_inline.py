"""Two cheaper forms of the code generator (issue 8, Pampero's engine speed): ``max``/``min``
of a list written out become Python's ``max``/``min`` of the items, and a statement writes
a short pure expression's body where it would call its function. Each gives what the
interpreter (the oracle) gives."""

from __future__ import annotations

from typing import Any

import pytest

from compiler.codegen import pyexpr
from compiler.codegen.pyexpr import ExprCompiler
from compiler.codegen.pystmt import StmtCompiler
from compiler.runtime import exports
from compiler.runtime.values import FUNCTIONS


def _lit(v: Any) -> dict[str, Any]:
    return {"op": "lit", "v": v}


def _function(node: dict[str, Any]) -> Any:
    """The compiled ``x_N`` of root ``node`` (numbered 1), run with no game."""
    comp = ExprCompiler()
    text = comp.function({**node, "x": 1})
    names: dict[str, Any] = {n: getattr(exports, n) for n in exports.__all__}
    exec(compile(text, "<test>", "exec"), names)  # noqa: S102
    return names["x_1"]


@pytest.mark.parametrize("f", ["max", "min"])
@pytest.mark.parametrize("items", [[True, None, 3, -2], [None, "a"], [2, 2], [-5, False]])
def test_max_and_min_of_a_list_written_out_give_the_interpreters_value(
        f: str, items: list[Any]) -> None:
    node = {"op": "fn", "f": f, "a": [{"op": "list", "a": [_lit(v) for v in items]}]}
    text = ExprCompiler().function({**node, "x": 1})
    assert "FN[" not in text and f"{f}(" in text  # no list made, no kernel call
    assert _function(node)(None, {}) == FUNCTIONS[f](None, None, items)


def test_a_statement_writes_a_short_pure_expression_in_place() -> None:
    exprs = ExprCompiler()
    short = {"op": "cmp", "o": ">=", "a": {"op": "var", "n": "n"}, "b": _lit(2), "x": 7}
    scan = {"op": "filt", "v": "s", "src": {"op": "ids", "kind": "spaces"},
            "w": {"op": "cmp", "o": "==", "a": {"op": "var", "n": "s"}, "b": _lit("a")},
            "x": 8}
    long = {"op": "list", "a": [_lit("w" * pyexpr.INLINE_MAX)], "x": 9}
    for node in (short, scan, long):
        exprs.function(node)
    assert set(exprs.plain) == {7}  # the scan is kept (MEMO), the long one is called
    stmts = StmtCompiler(exprs)
    text = stmts.function({"op": "seq", "id": 1, "b": [
        {"op": "let", "id": 2, "v": "a", "e": short},
        {"op": "let", "id": 3, "v": "b", "e": scan},
        {"op": "let", "id": 4, "v": "c", "e": long}]})
    assert "x_7(" not in text and "x_8(ctx, E)" in text and "x_9(ctx, E)" in text
    assert "E.get('n')" in text
