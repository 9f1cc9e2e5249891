"""The parser's tree of a text is built once (at character offsets) and placed at each
place the text is written; compiling a game leaves no cyclic garbage for the collector
(``compiler.cache.paused_gc`` turns it off while a game compiles)."""

from __future__ import annotations

import gc
from pathlib import Path

from compiler.lang.parse import _tree, parse
from compiler.lang.syntax import Syn, walk
from compiler.pipeline import compile_game

BASE = Path(__file__).resolve().parents[1] / "bad_input" / "_base"
TEXT = "if x > 1 then choose up to 2 (gain 1 coins | skip as none); for each c in l: skip"


def _at(line: int, first: int):  # noqa: ANN202 - a Position
    return lambda offset: (line, first + offset)


def test_a_text_written_twice_is_parsed_once_and_placed_twice() -> None:
    _tree.cache_clear()
    one, errs = parse("effect", TEXT, _at(3, 10), "a.yaml")
    two, more = parse("effect", TEXT, _at(40, 1), "b.yaml")
    assert not errs and not more and one is not None and two is not None
    assert _tree.cache_info().hits == 1
    ones, twos = list(walk(one)), list(walk(two))
    assert [n.op for n in ones] == [n.op for n in twos]
    assert all(a.line == 3 and b.line == 40 and a.col - 9 == b.col
               for a, b in zip(ones, twos, strict=True))


def test_a_rule_starts_at_its_first_token_keywords_included() -> None:
    syn, _ = parse("effect", TEXT, _at(1, 1), "a.yaml")
    assert isinstance(syn, Syn)
    where = {n.op: n.col for n in walk(syn)}
    assert where["if"] == 1 and where["cmp"] == TEXT.index("x") + 1
    assert where["choose"] == TEXT.index("choose") + 1
    assert where["for"] == TEXT.index("for") + 1
    times = parse("expr", "(1 + 2) * 3", _at(1, 1), "a.yaml")[0]
    assert isinstance(times, Syn) and times.op == "arith" and times.col == 1
    group = times.kids[1].kids[0]
    assert group.op == "group" and group.col == 1  # at '(', which its kids leave out
    assert [n.col for n in walk(group) if n.op == "arith"] == [2]


def test_compiling_a_game_leaves_no_cyclic_garbage() -> None:
    compile_game(BASE, BASE.parent)  # imports done, parser built
    gc.collect()
    was_on = gc.isenabled()
    gc.disable()
    try:
        comp = compile_game(BASE, BASE.parent)
        assert comp.diagnostics == []
        del comp
        assert gc.collect() < 50
    finally:
        if was_on:
            gc.enable()
