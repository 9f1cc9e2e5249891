"""The comprehension forms of ``compiler.codegen.pyexpr`` (``filt``, ``mapc``,
``letx``): Python list comprehensions whose reads that no turn changes are computed once
before them (``hoist``), whose entries read more than once a turn are bound once
(``entries``), ``count`` of an equality test as ``list.count`` and ``any``/``all`` of
one that changes nothing as a generator that stops at the first answer (``quiet``).

``LoopForms`` is a part of ``ExprCompiler`` (its mixin): it reads the compiler's state
(``local``, ``loop``, ``hoists``, ``cse``...) and calls its ``code``.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["HOIST", "PLAIN", "LoopForms", "listed", "pyname", "whole"]

Node = dict[str, Any]

LISTS = ("filt", "mapc", "list", "range", "ids")
"""Forms whose source is always a Python list (``items_of`` and ``count``'s test are
not needed)."""
LIST_FNS = {"adjacent", "keys", "distinct", "sorted", "reversed"}
"""The core functions whose value is always a Python list."""
HOIST = {"st", "fld", "key", "var", "fn"}
"""Forms of a value a comprehension reads on every turn that are computed once (``hoist``):
a name bound outside it is one ``E.get`` before, not one a turn."""
PLAIN = re.compile(r"v_\w+|_[hc]\d+|-?\d+|'[\w ]*'|None|True|False")
"""Source of a value that is read again at no cost: a Python local or a literal."""


def listed(n: Node) -> bool:
    """Whether ``n``'s source is always a Python list (a form of ``LISTS``, a core
    function that gives one)."""
    return n["op"] in LISTS or (n["op"] == "fn" and n["f"] in LIST_FNS)


def whole(n: Node) -> bool:
    """Whether ``n``'s value is always an int (not a bool)."""
    return (n["op"] == "fn" and n["f"] == "count") or n["op"] == "neg" or \
        (n["op"] == "ar" and n["o"] in "-*/%") or (n["op"] == "lit" and type(n["v"]) is int)


def _nodes(node: Any) -> list[Node]:
    """Every expression node in ``node`` (the statements of a ``can`` too)."""
    out: list[Node] = []
    todo = [node]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            if "op" in x:
                out.append(x)
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)
    return out


def _names(node: Node) -> set[str]:
    """The variables ``node`` reads."""
    return {x["n"] for x in _nodes(node) if x.get("op") == "var"}


def pyname(name: str) -> str:
    """A Python identifier for IR variable ``name`` (``c~12`` -> ``v_c_12``)."""
    return "v_" + _SAFE.sub("_", name)


_SAFE = re.compile(r"[^A-Za-z0-9_]")


class LoopForms:
    """Comprehensions, ``let`` expressions and what they read once (see the module)."""

    code_fields: dict[str, set[str]]
    local: set[str]
    deps: dict[str, Any]
    temps: int
    no_temps: int
    hoists: dict[str, tuple[str, str]] | None
    cse: dict[str, str]
    loop: int

    def code(self, n: Node) -> str:
        """The source of ``n`` (``ExprCompiler.code``)."""
        raise NotImplementedError

    def bound(self, code: str) -> tuple[str, str] | None:
        """``ExprCompiler.bound``."""
        raise NotImplementedError

    def const(self, text: str) -> str:
        """``ExprCompiler.const``."""
        raise NotImplementedError

    def hoist(self, n: Node) -> str:
        """``_hN``: the value of ``n``, read inside a comprehension, computed once before
        the function's ``return`` (the same source once). Only reads that no turn changes,
        that cannot fail and change nothing (``fixed``), so computing one that the
        comprehension would not have read changes no result."""
        assert self.hoists is not None
        shape = repr(n)
        loop, no_temps, self.loop, self.no_temps = self.loop, self.no_temps, 0, 0
        try:  # (compiled again when hoisted before: what it reads joins ``deps`` here too)
            text = getattr(self, "_" + n["op"])(n)
        finally:
            self.loop, self.no_temps = loop, no_temps
        if shape not in self.hoists:
            self.hoists[shape] = (f"_h{len(self.hoists) + 1}", text)
        return self.hoists[shape][0]

    def container(self, n: Node) -> str:
        """``_hN``: fixed value ``n`` read by a comprehension's ``in`` (``IN``), computed
        once before it as itself when a list or a mapping, else ``()`` (``in`` it: False)."""
        assert self.hoists is not None
        value = self.code(n)  # (hoisted first: a name defined before this one)
        shape = "in " + repr(n)
        if shape not in self.hoists:
            text = f"({value} if isinstance({value}, (list, dict)) else ())"
            if not PLAIN.fullmatch(value):
                text = f"(_w if isinstance((_w := {value}), (list, dict)) else ())"
            self.hoists[shape] = (f"_h{len(self.hoists) + 1}", text)
        return self.hoists[shape][0]

    def table(self, kind: str) -> str:
        """``ctx.index.plain[kind]``'s source: inside a comprehension, a local read once
        before the function's ``return`` (``hoist``; the table never changes)."""
        text = f"ctx.index.plain[{kind!r}]"
        if self.loop <= 0 or self.hoists is None:
            return text
        if text not in self.hoists:
            self.hoists[text] = (f"_h{len(self.hoists) + 1}", text)
        return self.hoists[text][0]

    def fixed(self, n: Node) -> bool:
        """Whether ``n`` reads only names bound outside every comprehension, state entries
        (a seat's too), plain record fields, a mapping's entries of literal keys and the
        ``count`` of such a value."""
        op = n["op"]
        if op == "lit":
            return type(n["v"]) in (str, int, bool) or n["v"] is None
        if op == "var":
            return n["n"] not in self.local
        if op == "st":  # (the one entry an expression writes is the random counter)
            return n["k"] != "rng_uses" and ("p" not in n or self.fixed(n["p"]))
        if op == "fld":
            plain = n["kind"] in self.code_fields and n["f"] not in self.code_fields[n["kind"]]
            return plain and self.fixed(n["of"])
        if op == "fn":  # the count of a fixed value
            return n["f"] == "count" and len(n["a"]) == 1 and self.fixed(n["a"][0])
        return op == "key" and n["k"]["op"] == "lit" and self.fixed(n["k"]) and \
            self.fixed(n["of"])

    def _filt(self, n: Node) -> str:
        return self._each(n, None)

    def _mapc(self, n: Node) -> str:
        return self._each(n, n["e"])

    def _each(self, n: Node, body: Node | None, item: str | None = None) -> str:
        """The list comprehension of ``filt``/``mapc`` ``n`` (``item``: the source of each
        item instead of the variable or ``body``)."""
        self.deps["each"] = True
        self.no_temps += 1
        try:
            src = self.source(n["src"])
        finally:
            self.no_temps -= 1
        var = pyname(n["v"])
        added = n["v"] not in self.local
        self.local.add(n["v"])
        self.loop += 1
        outer = self.cse
        try:
            entries = self.entries(n, [p for p in (body, n.get("w")) if p is not None])
            self.cse = {**outer}
            for shape, entry in entries.items():  # each bound once a turn: ``for _cN in (E,)``
                self.no_temps += 1
                try:
                    text = self.code(entry)
                finally:
                    self.no_temps -= 1
                self.temps += 1
                self.cse[shape] = f"_c{self.temps}"
                entries[shape] = f" for _c{self.temps} in ({text},)"
            out = item or (self.code(body) if body is not None else var)
            cond = f" if {self.code(n['w'])}" if "w" in n else ""
        finally:
            self.cse = outer
            self.loop -= 1
            if added:
                self.local.discard(n["v"])
        items = src if listed(n["src"]) else f"items_of({src})"
        return f"[{out} for {var} in {items}{''.join(entries.values())}{cond}]"

    def entries(self, n: Node, parts: list[Node]) -> dict[str, Any]:
        """{shape: node} of the entries ``M.(v)`` that comprehension ``n`` over mapping
        ``M``'s keys ``v`` reads more than once in its test and item (``M`` read outside
        it: ``fixed``), and of the plain fields ``v.f`` it so reads: each is read once a
        turn (it is there, and reading it fails not)."""
        inner = {x["v"] for x in _nodes(parts) if x.get("op") in ("filt", "mapc", "letx")}
        seen: dict[str, list[Node]] = {}
        for x in _nodes(parts):
            if x.get("op") == "key" and x["k"].get("op") == "var" and x["k"]["n"] == n["v"] \
                    and x["of"] == n["src"] and not (_names(x["of"]) & (inner | {n["v"]})) \
                    and self.fixed(x["of"]):
                seen.setdefault(repr(x), []).append(x)
            elif x.get("op") == "fld" and x["of"] == {"op": "var", "n": n["v"]} and \
                    n["v"] not in inner and self.fixed({**x, "of": {"op": "lit", "v": ""}}):
                seen.setdefault(repr(x), []).append(x)  # a plain field of the item
        return {shape: found[0] for shape, found in seen.items() if len(found) > 1}

    def source(self, s: Node) -> str:
        """The source of a comprehension's source ``s``: a comprehension that reads only
        the rules and names of the environment (no state, no name a comprehension
        around binds) is kept by those names' values (``MEMO``, as a root is), so a scan
        of the board's spaces by type is not made again when a tile is placed."""
        if s["op"] not in ("filt", "mapc") or self.hoists is None or _names(s) & self.local:
            return self.code(s)
        outer = self.deps
        mine: dict[str, Any] = {"st": set(), "env": set(), "pure": True, "each": True,
                                 "round": False}
        self.deps = mine
        try:
            text = self.code(s)
        finally:
            self.deps = outer
        outer["st"] |= mine["st"]
        outer["env"] |= mine["env"]
        outer["pure"] = outer["pure"] and mine["pure"]
        outer["round"] = outer["round"] or mine["round"]
        if mine["st"] or mine["round"] or not mine["pure"]:
            return text
        key = [self.const(repr(repr(s)))] + [f"E.get({n!r})" for n in sorted(mine["env"])]
        return f"MEMO(ctx, ({', '.join(key)},), lambda: {text})"

    def _letx(self, n: Node) -> str:
        value = self.code(n["e"])
        var = pyname(n["v"])
        added = n["v"] not in self.local
        self.local.add(n["v"])
        try:
            body = self.code(n["b"])
        finally:
            if added:
                self.local.discard(n["v"])
        return f"(lambda {var}: {body})({value})"

    def counted(self, f: Node) -> str | None:
        """``L.count(x)`` for ``count [each v in L where v == x]`` when ``x`` reads no
        ``v`` and changes nothing (evaluated once, not once per item), else None."""
        other = self.equal_to(f)
        if other is None:
            return None
        src = self.code(f["src"])
        return f"{self.items(f['src'], src)}.count({self.code(other)})"

    def equal_to(self, f: Node) -> Node | None:
        """``x`` of a ``count``'s ``[each v in L where v == x]`` that ``counted`` writes
        as ``L.count(x)``, else None."""
        w = f.get("w") if f["op"] == "filt" else None
        if w is None or w["op"] != "cmp" or w["o"] != "==":
            return None
        mine = [s for s in (w["a"], w["b"]) if s["op"] == "var" and s["n"] == f["v"]]
        other = w["b"] if mine and mine[0] is w["a"] else w["a"] if mine else None
        if other is None or f"'n': {f['v']!r}" in repr(other) or not self.quiet(other):
            return None
        return other

    def items(self, n: Node, src: str) -> str:
        """``items_of(src)`` of node ``n``'s source: itself when always a list, a list
        tested in place when a walrus temporary may hold it (``items_of``'s first case)."""
        if listed(n):
            return src
        b = self.bound(src)
        if b is None:
            return f"items_of({src})"
        return f"({b[0]} if type({b[1]}) is list else items_of({b[0]}))"

    def some(self, n: Node) -> str | None:
        """``any(...)`` (or ``not any(...)``) for ``count [each v in L where C]`` compared
        with 0 or 1 so that only whether one item passes matters (``>= 1``, ``> 0``,
        ``!= 0``; ``== 0``, ``< 1``, ``<= 0``): a generator that stops at the first item
        that passes, when ``C`` changes nothing (``quiet``), else None."""
        a, b, o = n["a"], n["b"], n["o"]
        if b.get("op") != "lit":  # the literal on the right: ``1 <= count`` is ``count >= 1``
            a, b, o = b, a, {">=": "<=", "<=": ">=", ">": "<", "<": ">"}.get(o, o)
        f = a["a"][0] if a.get("op") == "fn" and a["f"] == "count" and len(a["a"]) == 1 \
            else None
        if f is None or f["op"] != "filt" or b.get("op") != "lit" or type(b["v"]) is not int \
                or not self.quiet(f) or self.equal_to(f) is not None:
            return None
        some = {(">=", 1), (">", 0), ("!=", 0)}
        none = {("==", 0), ("<", 1), ("<=", 0)}
        if (o, b["v"]) not in some | none:
            return None
        gen = f"any({self._each(f, None, 'True')[1:-1]})"
        return gen if (o, b["v"]) in some else f"(not {gen})"

    def quiet(self, n: Any) -> bool:
        """Whether evaluating ``n`` changes nothing and reads no text of the language (no
        random number, trial or modifier), so ``any`` and ``all`` may stop early."""
        if isinstance(n, list):
            return all(self.quiet(v) for v in n)
        if not isinstance(n, dict):
            return True
        op = n.get("op")
        if op in ("modv", "can") or (op == "fn" and n.get("f") == "random"):
            return False
        if op == "fld" and (n["kind"] not in self.code_fields
                            or n["f"] in self.code_fields[n["kind"]]):
            return False
        return all(self.quiet(v) for v in n.values())
