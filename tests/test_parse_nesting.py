"""D003, parentheses nested past ``MAX_NESTING`` (12): found at the opening that goes
past it, whether or not the text has more openings than the limit elsewhere
(``parse.parse`` walks a text for its depth only when it has more than 12 openings)."""

from __future__ import annotations

from compiler.lang.parse import MAX_NESTING, parse


def _codes(text: str) -> list[tuple[str, int, int]]:
    _tree, diags = parse("expr", text, lambda offset: (1, offset + 1), "t.yaml")
    return [(d.code, d.span.line, d.span.col) for d in diags]


def test_thirteen_deep_is_d003_at_the_thirteenth_opening() -> None:
    text = "(" * 13 + "1" + ")" * 13
    assert MAX_NESTING == 12
    assert _codes(text) == [("D003", 1, 13)]


def test_twelve_deep_is_allowed_beside_other_openings() -> None:
    text = "(" * 12 + "1" + ")" * 12 + " + (2) + [3][0]"
    assert _codes(text) == []


def test_many_openings_side_by_side_are_allowed() -> None:
    assert _codes(" + ".join(["(1)"] * 20)) == []


def test_mixed_brackets_count_together() -> None:
    text = "[" * 6 + "(" * 7 + "1" + ")" * 7 + "]" * 6
    assert [c for c, _, _ in _codes(text)] == ["D003"]
