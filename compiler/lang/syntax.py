"""Syntax trees of the core language: one small node type and the callbacks that build it.

A ``Syn`` is ``(op, line, col, kids)``: ``op`` names the form (table below), ``line``
and ``col`` are the 1-based position in the YAML file, ``kids`` its parts (nodes, strings,
ints or None). The builder is purely structural (Lark's advice): names are resolved
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

from lark import Token, Tree

__all__ = ["Position", "Syn", "SynBuilder", "located", "walk"]


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


def located(node: Any, position: Position) -> Any:
    """``node`` (built by ``SynBuilder``: ``line`` holds the character offset, ``col``
    0) with every node at its file position, as ``position`` maps offsets."""
    if type(node) is Syn:
        line, col = position(node.line)
        kids = node.kids
        op = node.op
    elif type(node) is tuple:
        kids, op = node, None
    else:
        return node
    # a kid that is neither a node nor a tuple (a name, a number) is kept as it is,
    # without a call: most kids are such
    out = tuple([located(k, position) if type(k) is Syn or type(k) is tuple else k
                 for k in kids])
    return out if op is None else Syn(op, line, col, out)


def _pos(where: Any) -> int:
    """The offset of a rule (an int) or of a token."""
    if isinstance(where, Token):
        return where.start_pos or 0
    return where or 0


_NO_OFFSET = ("up_to", "exactly", "where")
"""Rules whose method takes the kids alone (its result is not a node of its own)."""


class SynBuilder:
    """Lark's callbacks (its ``transformer`` option, run while parsing): one method per
    rule, building ``Syn`` nodes at character offsets (``located`` puts them where a text
    is). Each method gets the rule's offset (``at``: that of its first token or node, as
    Lark's ``propagate_positions`` would give) and its kids without the keywords and
    punctuation. The result depends on the text alone, so one tree serves every place
    a text is written (``compiler.lang.parse``)."""

    def __init__(self, kept: frozenset[str]) -> None:
        self.kept = kept
        """The terminals a rule's kids keep: those the grammar names (``NAME``,
        ``INT``...). Lark leaves the others out of a tree (anonymous keywords and
        punctuation, written as strings in the rules)."""

    def callbacks(self) -> Any:
        """An object whose attribute per rule name is Lark's callback for that rule: it
        gets every child (``keep_all_tokens``; None for an absent ``[...]``)."""
        out = _Callbacks()
        for name in vars(SynBuilder):
            if name.startswith("_") or name == "callbacks":
                continue
            if name in _NO_OFFSET:
                setattr(out, name, self._kids_only(getattr(self, name)))
            else:
                setattr(out, name, self._with_offset(getattr(self, name)))
        return out

    def _kids(self, raw: list[Any]) -> list[Any]:
        kept = self.kept
        return [k for k in raw if not (type(k) is Token and k.type not in kept)]

    def _with_offset(self, method: Callable[[int, list[Any]], Any]) -> Callable[..., Any]:
        def callback(raw: list[Any]) -> Any:
            for at in raw:  # the first kid given (a loop: a generator cost more)
                if at is not None:
                    break
            else:
                at = 0
            return method(at.line if type(at) is Syn else _pos(at), self._kids(raw))
        return callback

    def _kids_only(self, method: Callable[[list[Any]], Any]) -> Callable[..., Any]:
        return lambda raw: method(self._kids(raw))

    def _node(self, op: str, where: Any, *kids: Any) -> Syn:
        return Syn(op, _pos(where), 0, kids)

    # ---- statements -------------------------------------------------------------
    def effect(self, at: int, kids: list[Any]) -> Syn:
        return self._node("seq", at, *kids)

    def if_(self, at: int, kids: list[Any]) -> Syn:
        cond, then, *rest = kids
        return self._node("if", at, cond, then, rest[0] if rest else None)

    def for_(self, at: int, kids: list[Any]) -> Syn:
        var, src, *rest = kids
        where = rest[0] if len(rest) == 2 else None
        return self._node("for", at, str(var), src, where, rest[-1])

    def repeat(self, at: int, kids: list[Any]) -> Syn:
        return self._node("repeat", at, *kids)

    def while_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("while", at, *kids)

    def choose(self, at: int, kids: list[Any]) -> Syn:
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
        return self._node("choose", at, count, up_to, kind, tuple(alts))

    def up_to(self, kids: list[Any]) -> tuple[bool, Any]:
        return True, self._count(kids[0])

    def exactly(self, kids: list[Any]) -> tuple[bool, Any]:
        return False, self._count(kids[0])

    def _count(self, value: Any) -> Syn:
        if isinstance(value, Token):
            return self._node("int", value, int(value))
        return value

    def path(self, at: int, kids: list[Any]) -> Syn:
        node = self._node("name", kids[0], str(kids[0]))
        for name in kids[1:]:
            node = Syn("field", node.line, node.col, (node, str(name)))
        return Syn("app", node.line, node.col, (node,))

    def alt_body(self, at: int, kids: list[Any]) -> Syn:
        return kids[0] if len(kids) == 1 else self._node("seq", at, *kids)

    def alt(self, at: int, kids: list[Any]) -> Syn:
        return self._node("alt", at, kids[0], kids[1] if len(kids) > 1 else None)

    def where(self, kids: list[Any]) -> Any:
        return kids[0]

    def let(self, at: int, kids: list[Any]) -> Syn:
        return self._node("let", at, str(kids[0]), kids[1])

    def with_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("with", at, str(kids[0]), kids[1], kids[2])

    def require(self, at: int, kids: list[Any]) -> Syn:
        return self._node("require", at, kids[0])

    def do(self, at: int, kids: list[Any]) -> Syn:
        return self._node("do", at, kids[0])

    def emit(self, at: int, kids: list[Any]) -> Syn:
        return self._node("emit", at, str(kids[0]), kids[1] if len(kids) > 1 else None)

    def grant(self, at: int, kids: list[Any]) -> Syn:
        return self._node("grant", at, kids[0], tuple(kids[1:]))

    def grant_modifier(self, at: int, kids: list[Any]) -> Syn:
        return self._node("gmod", at, str(kids[0]), kids[1], kids[2] if len(kids) > 2 else None)

    def grant_reaction(self, at: int, kids: list[Any]) -> Syn:
        where = kids[1] if len(kids) > 2 else None
        return self._node("greact", at, str(kids[0]), where, kids[-1])

    def ending(self, at: int, kids: list[Any]) -> Syn:
        return self._node("ending", at, str(kids[0]), kids[1] if len(kids) > 1 else None)

    def trigger(self, at: int, kids: list[Any]) -> Syn:
        return self._node("trigger", at, str(kids[0]), kids[1] if len(kids) > 1 else None)

    def skip(self, at: int, kids: list[Any]) -> Syn:
        return self._node("skip", at)

    def stop(self, at: int, kids: list[Any]) -> Syn:
        return self._node("stop", at)

    def assign(self, at: int, kids: list[Any]) -> Syn:
        return self._node("assign", at, kids[0], str(kids[1]), kids[2])

    # ---- expressions --------------------------------------------------------------
    def or_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("or", at, *kids)

    def and_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("and", at, *kids)

    def not_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("not", at, kids[0])

    def neg(self, at: int, kids: list[Any]) -> Syn:
        return self._node("neg", at, kids[0])

    def compare(self, at: int, kids: list[Any]) -> Syn:
        return self._node("cmp", at, str(kids[1]), kids[0], kids[2])

    def member(self, at: int, kids: list[Any]) -> Syn:
        return self._node("in", at, kids[0], kids[1])

    def not_member(self, at: int, kids: list[Any]) -> Syn:
        return self._node("notin", at, kids[0], kids[1])

    def arith(self, at: int, kids: list[Any]) -> Syn:
        return self._node("arith", at, str(kids[1]), kids[0], kids[2])

    def app(self, at: int, kids: list[Any]) -> Syn:
        return self._node("app", at, *kids)

    def field(self, at: int, kids: list[Any]) -> Syn:
        return self._node("field", at, kids[0], str(kids[1]))

    def index(self, at: int, kids: list[Any]) -> Syn:
        key = kids[1]
        if isinstance(key, Token):
            key = self._node("int", key, int(key))
        return self._node("index", at, kids[0], key)

    def int_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("int", at, int(kids[0]))

    def string(self, at: int, kids: list[Any]) -> Syn:
        return self._node("str", at, str(kids[0])[1:-1])

    def true(self, at: int, kids: list[Any]) -> Syn:
        return self._node("true", at)

    def false(self, at: int, kids: list[Any]) -> Syn:
        return self._node("false", at)

    def none(self, at: int, kids: list[Any]) -> Syn:
        return self._node("none", at)

    def name(self, at: int, kids: list[Any]) -> Syn:
        return self._node("name", at, str(kids[0]))

    def group(self, at: int, kids: list[Any]) -> Syn:
        return self._node("group", at, kids[0])

    def list_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("list", at, *[k for k in kids if k is not None])

    def range_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("range", at, kids[0], kids[1])

    def filter_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("filter", at, str(kids[0]), kids[1],
                          kids[2] if len(kids) > 2 else None)

    def map_(self, at: int, kids: list[Any]) -> Syn:
        return self._node("map", at, kids[0], str(kids[1]), kids[2],
                          kids[3] if len(kids) > 3 else None)

    def map(self, at: int, kids: list[Any]) -> Syn:
        items = [k for k in kids if k is not None]
        keys = tuple(str(k) for k in items[0::2])
        return self._node("obj", at, keys, tuple(items[1::2]))



class _Callbacks:
    """The callbacks ``SynBuilder.callbacks`` gives Lark, by rule name."""

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        """Lark's own rules (``__app_plus_4`` for ``postfix+``...): a tree, whose
        children Lark puts in its parent's."""
        if not str(data).startswith("_"):
            raise ValueError(f"no syntax rule for {data}")
        return Tree(data, children)
