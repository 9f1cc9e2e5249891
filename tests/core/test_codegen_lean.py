"""Leaner generated code (issue 8's parts ratio): each form gives what the interpreter (the
oracle) gives for the same node, on a real game's context.

- ``count [each ...] >= 1`` (and ``> 0``, ``!= 0``, ``== 0``, ``< 1``, ``<= 0``) is a
  generator that stops at the first item that passes (``any``), not a list counted;
- a comprehension's ``in`` of a value it reads unchanged finds the container once
  (``()`` when it is no list or mapping: ``in`` it is False, as ``IN``);
- the ``count`` of a value that may be no list is written out (no ``FN`` call);
- a ``let`` of a literal is read as the literal by the statements after it, and the
  binding itself is written out (no ``LOCAL`` call).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from compiler.codegen.pyexpr import ExprCompiler
from compiler.codegen.pystmt import StmtCompiler
from compiler.runtime import Game, exports
from compiler.runtime.values import ev

X = 10**9
"""An expression number no game has: ``ev`` runs the interpreter on it."""


def _lit(v: Any) -> dict[str, Any]:
    return {"op": "lit", "v": v}


def _var(n: str) -> dict[str, Any]:
    return {"op": "var", "n": n}


def _compiled(node: dict[str, Any]) -> tuple[str, Any]:
    """The source and the function of root ``node`` (numbered X)."""
    comp = ExprCompiler()
    text = comp.function({**node, "x": X})
    names: dict[str, Any] = {n: getattr(exports, n) for n in exports.__all__}
    consts = "K = [" + ", ".join(comp.consts) + "]\n"  # (as the engine module writes them)
    exec(compile(consts + text, "<test>", "exec"), names)  # noqa: S102
    return text, names[f"x_{X}"]


@pytest.fixture(scope="module")
def ctx() -> Any:
    """A Love Letter game's context at its first decision (the interpreter's too)."""
    pkg = importlib.import_module("generated.love_letter")
    return Game.new(pkg.RULES, players=2, seed=3, engine="compiled")._ctx


def _both(ctx: Any, node: dict[str, Any], env: dict[str, Any]) -> tuple[Any, Any, str]:
    """(interpreter's value, compiled value, compiled source) of ``node`` with ``env``."""
    text, fn = _compiled(node)
    ctx.memo.clear()  # (values kept by number X are another node's)
    ctx.frames.append({"k": "scope", "env": env})
    try:
        return ev(ctx, {**node, "x": X}, env), fn(ctx, dict(env)), text
    finally:
        ctx.frames.pop()


def _big(items: dict[str, Any]) -> dict[str, Any]:
    """``[each x in L where x > 2]``."""
    return {"op": "filt", "v": "x", "src": _var("L"),
            "w": {"op": "cmp", "o": ">", "a": _var("x"), "b": _lit(2)}}


@pytest.mark.parametrize(("o", "k"), [(">=", 1), (">", 0), ("!=", 0), ("==", 0), ("<", 1),
                                      ("<=", 0)])
@pytest.mark.parametrize("items", [[], [1, 2], [1, 5, 2], [9, 9], "abc", None, {"a": 1}])
def test_count_against_zero_or_one_stops_at_the_first_item(ctx: Any, o: str, k: int,
                                                            items: Any) -> None:
    count = {"op": "fn", "f": "count", "a": [_big({})]}
    for node in ({"op": "cmp", "o": o, "a": count, "b": _lit(k)},
                 {"op": "cmp", "o": {">=": "<=", "<=": ">=", ">": "<", "<": ">"}.get(o, o),
                  "a": _lit(k), "b": count}):
        want, got, text = _both(ctx, node, {"L": items})
        assert got == want and type(got) is bool
        assert "any(True for" in text and "len(" not in text


def test_count_against_two_is_still_counted(ctx: Any) -> None:
    node = {"op": "cmp", "o": ">=", "a": {"op": "fn", "f": "count", "a": [_big({})]},
            "b": _lit(2)}
    want, got, text = _both(ctx, node, {"L": [3, 1, 4]})
    assert want is got is True and "any(" not in text


@pytest.mark.parametrize("container", [[1, 3], {"3": 1, 3: 2}, "13", None, 3, [], {}])
@pytest.mark.parametrize("neg", [False, True])
def test_in_of_an_unchanged_value_finds_the_container_once(ctx: Any, container: Any,
                                                          neg: bool) -> None:
    test = {"op": "in", "a": _var("x"), "b": _var("M"), **({"neg": True} if neg else {})}
    node = {"op": "filt", "v": "x", "src": _var("L"), "w": test}
    want, got, text = _both(ctx, node, {"L": [1, 2, 3, "3"], "M": container})
    assert got == want
    assert "IN(" not in text.split("return", 1)[1]  # the test a turn: a bare ``in``


@pytest.mark.parametrize("value", [[1, 2], {"a": 1}, "abc", None, 7, True])
def test_count_of_any_value_is_written_out(ctx: Any, value: Any) -> None:
    node = {"op": "fn", "f": "count", "a": [{"op": "key", "of": _var("M"), "k": _lit("k"),
                                             "d": None}]}
    want, got, text = _both(ctx, node, {"M": {"k": value}})
    assert got == want and "FN[" not in text


def test_a_let_of_a_literal_is_read_as_the_literal_after_it() -> None:
    """``let a = 2; let b = a; let c = "w"``: ``b`` is 2 with no read of ``a`` from the
    environment; every binding is journaled as ``LOCAL`` would (a quiet write)."""
    stmts = StmtCompiler(ExprCompiler())
    text = stmts.function({"op": "seq", "id": 1, "b": [
        {"op": "let", "id": 2, "v": "a", "e": _lit(2)},
        {"op": "let", "id": 3, "v": "b", "e": _var("a")},
        {"op": "let", "id": 4, "v": "c", "e": _lit("w")}]})
    assert "E.get('a')" not in text and "LOCAL(" not in text
    names: dict[str, Any] = {n: getattr(exports, n) for n in exports.__all__}
    exec(compile(text, "<test>", "exec"), names)  # noqa: S102

    class _Ctx:
        steps = 0
        journal: list[Any] = []
    env: dict[str, Any] = {"a": 0}
    assert names["d_1"](_Ctx(), env) is True
    assert env == {"a": 2, "b": 2, "c": "w"}
    assert _Ctx.journal == [(env, "a", 0, True), (env, "b", exports.MISSING, True),
                            (env, "c", exports.MISSING, True)]


def test_an_inner_scan_of_names_only_is_kept_by_their_values(ctx: Any) -> None:
    """``[each s in [each x in L where x > k] where s in M]``: the inner scan reads names
    only (kept by L's and k's values, MEMO), the outer reads M on every call: the values
    follow every change of L, k and M as the interpreter's do, with the kept values of
    earlier calls still there."""
    inner = {"op": "filt", "v": "x", "src": _var("L"),
             "w": {"op": "cmp", "o": ">", "a": _var("x"), "b": _var("k")}}
    node = {"op": "filt", "v": "s", "src": inner,
            "w": {"op": "in", "a": _var("s"), "b": _var("M")}}
    text, fn = _compiled(node)
    assert "lambda: [v_x for v_x in" in text  # the inner scan kept apart
    ctx.memo.clear()
    seen = []
    for L, k, M in [([1, 5, 7], 2, [5, 7]), ([1, 5, 7], 5, [5, 7]), ([1, 5, 7], 2, [7]),
                    ([9, 5], 2, [5, 9]), ([1, 5, 7], 2, {"5": 0, 7: 1}), ([1, 5, 7], 2, None)]:
        env = {"L": L, "k": k, "M": M}
        ctx.frames.append({"k": "scope", "env": env})
        try:
            want, got = ev(ctx, {**node, "x": X}, env), fn(ctx, dict(env))
        finally:
            ctx.frames.pop()
        assert got == want
        seen.append(got)
    assert seen == [[5, 7], [7], [7], [9, 5], [7], []]
