"""Identical generated functions are written once (``compiler.codegen.dedupe``): the
others become names bound to the first, each with its own YAML line as a comment."""

from __future__ import annotations

from compiler.codegen.dedupe import Unit, emit, groups, shared
from compiler.codegen.pycode import engine_source, load_code
from compiler.pipeline import compile_game
from tests.core.helpers import TINY


def _fn(name: str, body: str, at: str) -> tuple[str, str]:
    return name, f"def {name}(ctx, E=None):  # {at}\n    return {body}\n"


def _unit(*functions: tuple[str, str], consts: list[str] | None = None) -> Unit:
    return Unit(list(functions), [n for n, _ in functions], consts or [])


def test_an_identical_body_is_bound_to_the_first_with_its_own_line() -> None:
    unit = _unit(_fn("x_1", "IDS(ctx, 'cards')", "a.yaml:1"),
                 _fn("x_2", "IDS(ctx, 'cards')", "a.yaml:7"),
                 _fn("x_3", "IDS(ctx, 'tiles')", "a.yaml:9"))
    text, aliases = emit(unit, groups([unit]), {})
    assert aliases == {"x_2"}
    assert "x_2 = x_1  # a.yaml:7\n" in text
    assert text.count("def ") == 2 and text.index("def x_1") < text.index("x_2 = x_1")


def test_callers_of_identical_callees_are_identical() -> None:
    unit = Unit([_fn("x_1", "1", "a.yaml:1"), _fn("x_2", "1", "a.yaml:2"),
                 _fn("d_3", "x_1(ctx, E)", "a.yaml:3"), _fn("d_4", "x_2(ctx, E)", "a.yaml:4")],
                ["x_1", "x_2", "d_4", "d_3"], [])
    assert emit(unit, groups([unit]), {})[1] == {"x_2", "d_4"}


def test_a_name_inside_a_string_is_data_not_a_callee() -> None:
    unit = _unit(_fn("x_1", "1", "a.yaml:1"), _fn("x_2", "1", "a.yaml:2"),
                 _fn("x_3", "GET(ctx, 'x_1')", "a.yaml:3"),
                 _fn("x_4", "GET(ctx, 'x_2')", "a.yaml:4"))
    assert emit(unit, groups([unit]), {})[1] == {"x_2"}


def test_only_whole_names_outside_strings_and_comments_are_callees() -> None:
    # after a quote escaped in a string, a word character or before one, a name is not
    # a call: x_4 and x_5 differ only there, so they are not alike
    unit = _unit(_fn("x_1", "1", "a.yaml:1"), _fn("x_2", "1", "a.yaml:2"),
                 _fn("x_4", "(GET(ctx, 'it\\'s x_1'), ax_1, x_1a, d_9)  # x_1", "a.yaml:4"),
                 _fn("x_5", "(GET(ctx, 'it\\'s x_2'), ax_2, x_2a, d_9)  # x_2", "a.yaml:5"),
                 _fn("x_6", "(GET(ctx, 'it\\'s'), x_1(ctx), K[0], MEMO(ctx, (6, 1)))",
                     "a.yaml:6"),
                 _fn("x_7", "(GET(ctx, 'it\\'s'), x_2(ctx), K[1], MEMO(ctx, (7, 1)))",
                     "a.yaml:7"), consts=["'cost'", "'cost'"])
    calls: dict[str, list[str]] = {}
    group = groups([unit], calls)
    assert emit(unit, group, {})[1] == {"x_2", "x_7"}
    assert calls["x_4"] == ["d_9"] and calls["x_6"] == ["x_1"]


def test_constants_compare_by_their_text_across_modules() -> None:
    one = _unit(_fn("x_1", "FLD(ctx, K[0], 2)", "a.yaml:1"), consts=["'cost'"])
    two = _unit(_fn("x_2", "FLD(ctx, K[1], 2)", "b.yaml:1"), consts=["'tags'", "'cost'"])
    three = _unit(_fn("x_3", "FLD(ctx, K[0], 2)", "c.yaml:1"), consts=["'tags'"])
    calls: dict[str, list[str]] = {}
    group = groups([one, two, three], calls)
    bound = shared([one, two, three], group, calls)
    assert group["x_2"] == group["x_1"] != group["x_3"]
    assert emit(two, group, bound)[0] == "x_2 = _C.x_1  # b.yaml:1\n"


def test_the_tiny_game_compiles_with_aliases_that_name_their_lines() -> None:
    ir = compile_game(TINY, TINY.parent).ir
    text = engine_source(ir, "tests/fixtures/core_tiny/")
    aliases = [ln for ln in text.splitlines() if " = x_" in ln and ln.startswith("x_")]
    assert all("  # core_tiny/" in ln and ".yaml:" in ln for ln in aliases)
    code = load_code(ir)
    for line in aliases:
        name, first = line.split("  #")[0].split(" = ")
        assert code[int(name[2:])] is code[int(first[2:])]
