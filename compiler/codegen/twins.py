"""Copies of a record compiled once: a part whose IR is an earlier part's but for its
node numbers and lines gets that part's functions renamed, not compiled again.

Entry points: ``Twins()`` (one per ``part_sources`` run), ``Twins.walk(ir)`` -> the
expression roots and statements of a part's IR (as ``pycode._walk``) and its shape,
``Twins.renamed(...)`` -> the function texts of a twin (``Renamed``, made when asked).

The shape (``walk``) is every node the code generator reads, in walk order: keys and
values of the nodes inside an operation, node numbers ``x`` and ``id`` as offsets from
the part's first one (so a twin's numbers are the first's moved by one amount each), and
a subtree that holds no numbered node and no ``at`` (``compiler.lang.copies`` makes
the copies of a card share those) by its object's identity, walked once in the run.
Outside operations only the nesting counts (a record's id, name, lines: the code does
not read them). Two parts of one shape compile to the same texts but for the numbers
(function names, ``MEMO`` keys), the base ``B`` and the lines in the comments; what
would put a number or a line elsewhere in a text keeps its part out (``can``: a
statement id literal; ``repeat``: the line in its budget error).
"""

from __future__ import annotations

from collections.abc import Callable
from math import isfinite
from typing import Any

from compiler.codegen.dedupe import TOKENS
from compiler.codegen.pyliteral import comment

__all__ = ["Renamed", "Twins"]

Found = list[tuple[dict[str, Any], str]]
_PLAIN = {str, int, bool, type(None)}
"""Types of the leaves of plain JSON data (a float too, when finite)."""


class Twins:
    """Parts' shapes in one run, and the subtrees met that hold nothing numbered."""

    def __init__(self) -> None:
        self.clean: set[int] = set()
        self.first: dict[tuple[Any, ...], Any] = {}
        self.plain = True
        """Whether every part walked so far is plain JSON data (``_Walker.odd``): then
        ``parts.records_source`` need not decode a record's JSON text to check it."""

    def walk(self, ir: Any) -> tuple[Found, list[dict[str, Any]], tuple[Any, ...]]:
        """Expression roots with the ``at`` of their nearest holder, statements, and the
        shape of ``ir`` (see the module's docstring)."""
        walker = _Walker(self.clean)
        if walker.walk(ir, "", False):
            self.clean.add(id(ir))
        self.plain = self.plain and not walker.odd
        found = [(n, at) for n, at in walker.found if n["op"] not in ("lit", "var")]
        return found, walker.stmts, tuple(walker.shape)

    @staticmethod
    def renamed(twin: Any, found: Found, nodes: list[dict[str, Any]], base: int | None
                ) -> Renamed | None:
        """``twin``'s functions (a ``pycode._Module`` of the same shape) for a part
        whose roots are ``found`` and statements ``nodes``, numbered from ``base``,
        renamed when asked (``Renamed``); None if the twin's bodies call a function not
        its own."""
        return Renamed(twin, found, nodes, base) if _closed(twin) else None


class Renamed:
    """A twin's functions for one part, renamed each time they are asked for: nothing
    is held but what the part holds anyway (its IR's nodes), where the names, ``MEMO``
    keys and def lines renamed once and kept took about 10 kB a card (1 GB for a
    100,000-card build)."""

    def __init__(self, twin: Any, found: Found, nodes: list[dict[str, Any]],
                 base: int | None) -> None:
        self.twin, self.found, self.nodes, self.base = twin, found, nodes, base

    def names(self) -> dict[str, str]:
        """{the twin's function name: the part's}."""
        names: dict[str, str] = {}
        for (a, _), (b, _) in zip(self.twin.found, self.found, strict=True):
            names[f"x_{a['x']}"] = f"x_{b['x']}"
        for a, b in zip(self.twin.nodes, self.nodes, strict=True):
            for p in "dt":
                names[f"{p}_{a['id']}"] = f"{p}_{b['id']}"
        return names

    def functions(self) -> tuple[list[tuple[str, str]], Callable[[str], str]]:
        """The part's def lines (a copy's functions are nearly always bound to the
        shared ones, ``dedupe.emit``, so a body is renamed only when asked), and the
        whole text of one of them."""
        names = self.names()
        memo = {str(a["x"]): str(b["x"])
                for (a, _), (b, _) in zip(self.twin.found, self.found, strict=True)}
        notes = {f"x_{b['x']}": f"  # {_at(at)}" for b, at in self.found}
        for b in self.nodes:
            note = comment(b.get("at"))
            for p in "dt":
                notes[f"{p}_{b['id']}"] = f"  # {note}" if note else ""
        heads = []
        for name, text in self.twin.unit.functions:
            head = text.partition("\n")[0]
            mine = names[name]
            params = head[head.index("("):head.index(")") + 1]
            if self.base is not None and ", B=" in params:
                params = params[:params.index(", B=")] + f", B={self.base})"
            heads.append((mine, f"def {mine}{params}:{notes[mine]}\n"))

        def sub(m: Any) -> str:
            if m["name"]:
                return names[m["name"]]
            if m["memo"]:
                return f"MEMO(ctx, ({memo[m['memo']]},"
            return str(m[0])

        def whole(mine: str) -> str:
            back = {v: k for k, v in names.items()}
            body = dict(self.twin.unit.functions)[back[mine]].partition("\n")[2]
            return dict(heads)[mine] + TOKENS.sub(sub, body)

        return heads, whole


def _closed(twin: Any) -> bool:
    """Whether ``twin``'s bodies call only its own functions (kept on it)."""
    closed = getattr(twin, "closed", None)
    if closed is None:
        own = {f"x_{n['x']}" for n, _ in twin.found} | \
            {f"{p}_{n['id']}" for n in twin.nodes for p in "dt"}
        closed = twin.closed = all(m["name"] in own for _, text in twin.unit.functions
                                   for m in TOKENS.finditer(text.partition("\n")[2])
                                   if m["name"])
    return bool(closed)


def _at(at: str) -> str:
    from compiler.codegen.pycode import _comment

    return _comment(at)


class _Walker:
    """One walk of ``Twins.walk`` (an object, not a closure: a recursive closure refers
    to itself, and the collector is paused while the parts are generated)."""

    def __init__(self, clean: set[int]) -> None:
        self.clean = clean
        self.found: Found = []
        self.stmts: list[dict[str, Any]] = []
        self.shape: list[Any] = []
        self.base: list[int | None] = [None, None]
        self.odd = False
        """Whether a value met is not plain JSON data: a key not a string, a tuple, a
        float NaN or infinite, a type not JSON's (a subtree met in an earlier walk of the
        run is not walked again: that walk saw it)."""

    def walk(self, node: Any, at: str, in_op: bool) -> bool:
        """Walk ``node``; whether it holds nothing numbered and no ``at``."""
        kind = type(node)
        if kind is not dict and kind is not list:
            if kind not in _PLAIN and not (kind is float and isfinite(node)):
                self.odd = True
            return True
        key, shape = id(node), self.shape
        if key in self.clean:
            if in_op:
                shape.append(key)
            return True
        mark = len(shape)
        ok = True
        kids: list[int] = []  # its clean containers (kept if it is not clean)
        if kind is list:
            shape.append("[")
            for v in node:
                if not self.walk(v, at, in_op):
                    ok = False
                elif type(v) is dict or type(v) is list:
                    kids.append(id(v))
        else:
            here = node.get("at", at)
            at = here if isinstance(here, str) else at
            op = node.get("op")
            if op is not None:
                in_op = True
                if "x" in node:
                    self.found.append((node, at))
                if isinstance(node.get("id"), int):
                    self.stmts.append(node)
                if op == "can":
                    shape.append(object())  # a statement id in an expression
                elif op == "rep":
                    shape.append(node.get("at"))  # its line in the body
            shape.append("{")
            for k, v in node.items():
                vt = type(v)
                if type(k) is not str or (vt not in _PLAIN and vt is not dict and vt is not
                                          list and not (vt is float and isfinite(v))):
                    self.odd = True
                if k in ("x", "id", "at"):
                    self.odd = self.odd or vt is dict or vt is list  # not walked below
                    ok = False
                    if k == "at" or not isinstance(v, int):
                        shape.append((k, v) if k != "at" and in_op else k)
                        continue
                    i = k == "id"
                    first = self.base[i]
                    if first is None:
                        first = self.base[i] = v
                    shape.append((k, v - first))
                elif vt is dict or vt is list:
                    shape.append(k if in_op else "")
                    if self.walk(v, at, in_op):
                        kids.append(id(v))
                    else:
                        ok = False
                elif in_op:
                    shape.append((k, vt, repr(v) if vt is float else v))
        shape.append("}")
        if ok:
            del shape[mark:]
            if in_op:
                shape.append(key)
        else:
            self.clean.update(kids)  # the largest clean subtrees only (less memory)
        return ok
