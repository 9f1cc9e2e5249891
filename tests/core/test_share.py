"""Equal IR subtrees become one object (``compiler.codegen.share``): the copies of a
card hold their expressions once, numbered nodes and YAML lines stay their own."""

from __future__ import annotations

import copy
from typing import Any

from compiler.codegen import generate
from compiler.codegen.share import share
from compiler.pipeline import compile_game
from tests.core.helpers import TINY


def _card(x: int, line: int, v: Any) -> dict[str, Any]:
    return {"at": f"cards.yaml:{line}", "cost": 3,
            "requires": {"op": "cmp", "o": ">=", "x": x,
                         "a": {"op": "key", "of": {"op": "st", "k": "params"},
                               "k": {"op": "lit", "v": "heat"}},
                         "b": {"op": "lit", "v": v}}}


def test_copies_share_their_unnumbered_subtrees_and_keep_their_own_nodes() -> None:
    table = {"a": _card(1, 3, 5), "b": _card(2, 9, 5), "c": _card(3, 12, 5.0)}
    before = copy.deepcopy(table)
    share(table)
    a, b, c = (table[k]["requires"] for k in "abc")
    assert table == before  # equal, as it was
    assert a is not b and a["x"] == 1 and b["x"] == 2
    assert a["a"] is b["a"] is c["a"] and a["b"] is b["b"]
    assert c["b"] is not a["b"] and type(c["b"]["v"]) is float  # 5.0 is not 5


def test_zero_and_minus_zero_and_true_and_one_stay_apart() -> None:
    nodes = [{"v": 0.0}, {"v": -0.0}, {"v": True}, {"v": 1}, [1], [True], {"v": 0.0}]
    shared = share(nodes)
    assert [str(n) for n in shared] == [str(n) for n in nodes]
    assert shared[0] is shared[6]
    assert len({id(n) for n in shared}) == 6


def test_a_game_generates_the_same_files_with_its_records_shared() -> None:
    comp = compile_game(TINY, TINY.parent)
    plain = generate(copy.deepcopy(comp.ir), "tiny/")
    share(comp.ir)
    assert generate(comp.ir, "tiny/") == plain
