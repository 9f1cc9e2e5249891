"""Syntax trees of the core language: one small node type and the Lark transformer.

A ``Syn`` is ``(op, line, col, kids)``: ``op`` names the form (table below), ``line``
and ``col`` are the 1-based position in the YAML file, ``kids`` its parts (nodes, strings,
ints or None). The transformer is purely structural (Lark's advice): names are resolved
and phrases matched later, in ``compiler.lang.resolve``.

======================  ======================================================
op                      kids
======================  ======================================================
seq                     statements
if                      cond, then, else | None
for                     var, source, where | None, body
repeat / while          count | cond, body
choose                  count | None, up_to (bool), kind | None, alts
alt                     body, label | None
let / with              var, value (, body)
require / do            expr
emit                    event, map | None
grant                   spec (gmod | greact), endings
gmod                    name, by, where | None
greact                  event, where | None, body
ending / trigger        event, where | None
skip / stop             -
assign                  target, operator (= += -=), value
or / and                left, right
not / neg               expr
cmp                     operator, left, right
in / notin              item, collection
arith                   operator, left, right
app                     items (juxtaposed: a phrase when more than one)
field                   of, name
index                   of, key (int or expression)
int / str / name        value
true / false / none     -
group                   seq
list                    items
range                   low, high
filter                  var, source, where | None
map                     expr, var, source, where | None
obj                     keys, values
======================  ======================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args

__all__ = ["Syn", "ToSyn", "walk"]


@dataclass(frozen=True)
class Syn:
    """One syntax-tree node; see the module docstring for ``op`` and ``kids``."""

    op: str
    line: int
    col: int
    kids: tuple[Any, ...] = ()

    def at(self, i: int) -> Any:
        return self.kids[i]


def walk(node: Any) -> Iterator[Syn]:
    """``node`` and every node below it, depth first."""
    if isinstance(node, Syn):
        yield node
        for kid in node.kids:
            yield from walk(kid)
    elif isinstance(node, tuple):
        for kid in node:
            yield from walk(kid)


Position = Callable[[int], tuple[int, int]]
"""Maps a character offset in the text to its (line, col) in the YAML file."""


def _pos(meta_or_token: Any) -> int:
    if isinstance(meta_or_token, Token):
        return meta_or_token.start_pos or 0
    return getattr(meta_or_token, "start_pos", 0) or 0


class ToSyn(Transformer):
    """Lark tree -> ``Syn`` nodes, with file positions from ``position``."""

    def __init__(self, position: Position) -> None:
        super().__init__(visit_tokens=False)
        self.position = position

    def _node(self, op: str, where: Any, *kids: Any) -> Syn:
        line, col = self.position(_pos(where))
        return Syn(op, line, col, kids)

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        raise ValueError(f"no syntax rule for {data}")

    # ---- statements -------------------------------------------------------------
    @v_args(meta=True)
    def effect(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("seq", meta, *kids)

    @v_args(meta=True)
    def if_(self, meta: Any, kids: list[Any]) -> Syn:
        cond, then, *rest = kids
        return self._node("if", meta, cond, then, rest[0] if rest else None)

    @v_args(meta=True)
    def for_(self, meta: Any, kids: list[Any]) -> Syn:
        var, src, *rest = kids
        where = rest[0] if len(rest) == 2 else None
        return self._node("for", meta, str(var), src, where, rest[-1])

    @v_args(meta=True)
    def repeat(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("repeat", meta, *kids)

    @v_args(meta=True)
    def while_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("while", meta, *kids)

    @v_args(meta=True)
    def choose(self, meta: Any, kids: list[Any]) -> Syn:
        count: Any = None
        up_to = False
        kind = None
        alts = []
        for kid in kids:
            if isinstance(kid, tuple):
                up_to, count = kid
            elif isinstance(kid, Token) and kid.type == "STRING":
                kind = str(kid)[1:-1]
            else:
                alts.append(kid)
        return self._node("choose", meta, count, up_to, kind, tuple(alts))

    def up_to(self, kids: list[Any]) -> tuple[bool, Any]:
        return True, self._count(kids[0])

    def exactly(self, kids: list[Any]) -> tuple[bool, Any]:
        return False, self._count(kids[0])

    def _count(self, value: Any) -> Syn:
        if isinstance(value, Token):
            return self._node("int", value, int(value))
        return value

    @v_args(meta=True)
    def path(self, meta: Any, kids: list[Any]) -> Syn:
        node = self._node("name", kids[0], str(kids[0]))
        for name in kids[1:]:
            node = Syn("field", node.line, node.col, (node, str(name)))
        return Syn("app", node.line, node.col, (node,))

    @v_args(meta=True)
    def alt_body(self, meta: Any, kids: list[Any]) -> Syn:
        return kids[0] if len(kids) == 1 else self._node("seq", meta, *kids)

    @v_args(meta=True)
    def alt(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("alt", meta, kids[0], kids[1] if len(kids) > 1 else None)

    def where(self, kids: list[Any]) -> Any:
        return kids[0]

    @v_args(meta=True)
    def let(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("let", meta, str(kids[0]), kids[1])

    @v_args(meta=True)
    def with_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("with", meta, str(kids[0]), kids[1], kids[2])

    @v_args(meta=True)
    def require(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("require", meta, kids[0])

    @v_args(meta=True)
    def do(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("do", meta, kids[0])

    @v_args(meta=True)
    def emit(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("emit", meta, str(kids[0]), kids[1] if len(kids) > 1 else None)

    @v_args(meta=True)
    def grant(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("grant", meta, kids[0], tuple(kids[1:]))

    @v_args(meta=True)
    def grant_modifier(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("gmod", meta, str(kids[0]), kids[1], kids[2] if len(kids) > 2 else None)

    @v_args(meta=True)
    def grant_reaction(self, meta: Any, kids: list[Any]) -> Syn:
        where = kids[1] if len(kids) > 2 else None
        return self._node("greact", meta, str(kids[0]), where, kids[-1])

    @v_args(meta=True)
    def ending(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("ending", meta, str(kids[0]), kids[1] if len(kids) > 1 else None)

    @v_args(meta=True)
    def trigger(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("trigger", meta, str(kids[0]), kids[1] if len(kids) > 1 else None)

    @v_args(meta=True)
    def skip(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("skip", meta)

    @v_args(meta=True)
    def stop(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("stop", meta)

    @v_args(meta=True)
    def assign(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("assign", meta, kids[0], str(kids[1]), kids[2])

    # ---- expressions --------------------------------------------------------------
    @v_args(meta=True)
    def or_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("or", meta, *kids)

    @v_args(meta=True)
    def and_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("and", meta, *kids)

    @v_args(meta=True)
    def not_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("not", meta, kids[0])

    @v_args(meta=True)
    def neg(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("neg", meta, kids[0])

    @v_args(meta=True)
    def compare(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("cmp", meta, str(kids[1]), kids[0], kids[2])

    @v_args(meta=True)
    def member(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("in", meta, kids[0], kids[1])

    @v_args(meta=True)
    def not_member(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("notin", meta, kids[0], kids[1])

    @v_args(meta=True)
    def arith(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("arith", meta, str(kids[1]), kids[0], kids[2])

    @v_args(meta=True)
    def app(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("app", meta, *kids)

    @v_args(meta=True)
    def field(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("field", meta, kids[0], str(kids[1]))

    @v_args(meta=True)
    def index(self, meta: Any, kids: list[Any]) -> Syn:
        key = kids[1]
        if isinstance(key, Token):
            key = self._node("int", key, int(key))
        return self._node("index", meta, kids[0], key)

    @v_args(meta=True)
    def int_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("int", meta, int(kids[0]))

    @v_args(meta=True)
    def string(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("str", meta, str(kids[0])[1:-1])

    @v_args(meta=True)
    def true(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("true", meta)

    @v_args(meta=True)
    def false(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("false", meta)

    @v_args(meta=True)
    def none(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("none", meta)

    @v_args(meta=True)
    def name(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("name", meta, str(kids[0]))

    @v_args(meta=True)
    def group(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("group", meta, kids[0])

    @v_args(meta=True)
    def list_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("list", meta, *[k for k in kids if k is not None])

    @v_args(meta=True)
    def range_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("range", meta, kids[0], kids[1])

    @v_args(meta=True)
    def filter_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("filter", meta, str(kids[0]), kids[1],
                          kids[2] if len(kids) > 2 else None)

    @v_args(meta=True)
    def map_(self, meta: Any, kids: list[Any]) -> Syn:
        return self._node("map", meta, kids[0], str(kids[1]), kids[2],
                          kids[3] if len(kids) > 3 else None)

    @v_args(meta=True)
    def map(self, meta: Any, kids: list[Any]) -> Syn:
        items = [k for k in kids if k is not None]
        keys = tuple(str(k) for k in items[0::2])
        return self._node("obj", meta, keys, tuple(items[1::2]))

