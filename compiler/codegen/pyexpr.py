"""Compile IR expressions to Python source: one function per expression root.

Entry point: ``ExprCompiler().function(node)`` -> the source of ``def x_N(ctx, E=None)``
for a root expression (a node with ``x``; ``compiler.lang.number_nodes``).
Sub-expressions are inlined as Python expressions; comprehension and ``let`` variables
become Python locals; names of the environment (``you``, ``this``, statement locals)
are read from ``E`` (``ctx.env()`` unless the caller passes it); what a comprehension
reads on every turn that no turn changes is computed once before it (``hoist``), and
``any``/``all`` of one that changes nothing stop at the first answer. Only the names of
``compiler.runtime.exports`` are called. Data never becomes code: every string from
the rules is written with ``repr``.

Each form does what ``compiler.runtime.values`` does for it: the interpreter stays the
oracle, and the differential test compares both.
"""

from __future__ import annotations

from typing import Any

from compiler.codegen.pyloops import HOIST, PLAIN, LoopForms, listed, pyname, whole

__all__ = ["ExprCompiler", "pyname"]

Node = dict[str, Any]
CMP = {">=", "<=", ">", "<"}
INLINE_MAX = 160
"""The longest body (characters) of a plain root a statement writes in place of a call."""


class ExprCompiler(LoopForms):
    """Compiles expression nodes; ``consts`` collects literal lists and mappings, hoisted
    to module level (never changed in place: the kernel replaces values, not edits)."""

    def __init__(self, code_fields: dict[str, set[str]] | None = None) -> None:
        self.code_fields = code_fields or {}
        """Per kind, the fields that hold IR (read through FLD); others are plain data."""
        self.consts: list[str] = []
        self._const_at: dict[str, int] = {}
        self.local: set[str] = set()
        self.deps: dict[str, Any] = {}
        self.temps = 0
        """Walrus temporaries of the function being compiled (``_wN``)."""
        self.no_temps = 0
        """Inside a comprehension's iterable (or a statement's place): no walrus there."""
        self.hoists: dict[str, tuple[str, str]] | None = None
        """While a function is compiled: {node: (name, source)} of the values its comprehensions
        read on every turn that no turn changes, computed once before (``hoist``)."""
        self.cse: dict[str, str] = {}
        """{shape: name} of the entries the comprehensions being compiled read once a turn
        (``entries``)."""
        self.loop = 0
        """Inside a comprehension's test or item (or an ``as``: -1000, nothing hoisted)."""
        self.impure: set[int] = set()
        """The roots whose value may read anything (a text of the language, a modifier,
        ``can``): ``compiler.codegen.pystmt`` counts the statements around them apart."""
        self.known: dict[str, str] = {}
        """{name: literal source} of the names a run of statements bound to a literal just
        before (``StmtCompiler.straight``): read as the literal, not from ``E``."""
        self.plain: dict[int, str] = {}
        """{root: its body} of the short pure roots with nothing kept (no ``MEMO``, nothing
        hoisted): a statement writes the body where it would call ``x_N`` (the call
        costs more than most such bodies; the function stays, for the interpreter)."""

    def const(self, text: str) -> str:
        """``K[i]``: the module constant written ``text`` (each written once)."""
        if text not in self._const_at:
            self._const_at[text] = len(self.consts)
            self.consts.append(text)
        return f"K[{self._const_at[text]}]"

    def function(self, node: Node) -> str:
        """``def x_N(ctx, E=None):`` returning the value of root expression ``node`` (``E``:
        the environment when the caller has it, else ``ctx.env()``). A costly
        one (a comprehension) that reads only state entries, names and the rules keeps
        its result by the entries' versions and the names' values (``MEMO``)."""
        self.local = set()
        self.deps = {"st": set(), "env": set(), "pure": True, "each": False,
                     "round": False}
        self.temps = 0
        self.hoists = {}
        try:
            body = self.code(node)
            hoisted = [f"{name} = {text}\n" for name, text in self.hoists.values()]
        finally:
            self.hoists = None
        if not self.deps["pure"]:
            self.impure.add(node["x"])
        env = "    if E is None:\n        E = ctx.env()\n" \
            if "E.get(" in body or any("E.get(" in h for h in hoisted) else ""
        if self.deps["pure"] and self.deps["each"]:
            parts = [str(node["x"])]
            parts += [f"E.get({n!r})" for n in sorted(self.deps["env"])]
            parts += [f"ctx.stamps.get({k!r}, 0)" for k in sorted(self.deps["st"])]
            if self.deps["round"]:
                parts.append("ctx.state['round']")
            key = "(" + ", ".join(parts) + ",)"
            if hoisted:
                return f"def x_{node['x']}(ctx, E=None):\n{env}    def compute():\n" + \
                    "".join("        " + h for h in hoisted) + \
                    f"        return {body}\n    return MEMO(ctx, {key}, compute)\n"
            return f"def x_{node['x']}(ctx, E=None):\n{env}    return MEMO(ctx, {key}, " \
                   f"lambda: {body})\n"
        if self.deps["pure"] and not hoisted and len(body) <= INLINE_MAX:
            self.plain[node["x"]] = body
        lines = "".join("    " + h for h in hoisted)
        return f"def x_{node['x']}(ctx, E=None):\n{env}{lines}    return {body}\n"

    def code(self, n: Node) -> str:
        if self.cse and n["op"] in ("key", "fld") and (name := self.cse.get(repr(n))):
            return name
        if self.loop > 0 and self.hoists is not None and n["op"] in HOIST and self.fixed(n):
            return self.hoist(n)
        return getattr(self, "_" + n["op"])(n)

    def bound(self, code: str) -> tuple[str, str] | None:
        """``(name, first)`` to read ``code``'s value several times in an inlined kernel
        helper: ``first`` (evaluated first) binds it to ``name``. A local or a literal
        is itself; else a walrus temporary, or None where Python forbids one."""
        if PLAIN.fullmatch(code):
            return code, code
        if self.no_temps:
            return None
        self.temps += 1
        return f"_w{self.temps}", f"(_w{self.temps} := {code})"

    # ---- leaves --------------------------------------------------------------------
    def _lit(self, n: Node) -> str:
        v = n["v"]
        if isinstance(v, (list, dict)):
            return self.const(repr(v))
        return repr(v)

    def _var(self, n: Node) -> str:
        name = n["n"]
        if name in self.local:
            return pyname(name)
        if name in self.known:
            return self.known[name]
        self.deps["env"].add(name)
        return f"E.get({name!r})"

    def _core(self, n: Node) -> str:
        if n["n"] in ("round", "leaders"):
            self.deps["round" if n["n"] == "round" else "pure"] = n["n"] == "round"
        if n["n"] == "players":
            return "list(range(len(ctx.state['players'])))"
        if n["n"] == "player_count":
            return "len(ctx.state['players'])"
        if n["n"] == "round":
            return "ctx.state['round']"
        return f"CORE(ctx, {n['n']!r})"

    def _ids(self, n: Node) -> str:
        return f"IDS(ctx, {n['kind']!r})"

    # ---- reading state and records ---------------------------------------------------
    def _st(self, n: Node) -> str:
        self.deps["st"].add(n["k"])
        if "p" not in n:
            return f"ctx.state.get({n['k']!r})"
        p = self.code(n["p"])
        b = self.bound(p)
        if b is None:
            return f"PL(ctx, {p}).get({n['k']!r})"
        seat = f"type({b[1]}) is int and 0 <= {b[0]} < len(ctx.state['players'])"
        return f"(ctx.state['players'][{b[0]}] if {seat} else {{}}).get({n['k']!r})"

    def _key(self, n: Node) -> str:
        """``KEY``, a mapping's ``get`` inlined (the helper for anything else)."""
        base, key, d = self.code(n["of"]), self.code(n["k"]), repr(n.get("d"))
        b = self.bound(base)
        if b is None:
            return f"KEY({base}, {key}, {d})"
        return f"({b[0]}.get({key}, {d}) if type({b[1]}) is dict else KEY({b[0]}, {key}, {d}))"

    def _fld(self, n: Node) -> str:
        kind, field = n["kind"], n["f"]
        if kind in self.code_fields and field not in self.code_fields[kind]:
            rid, d = self.code(n["of"]), repr(n.get("d"))
            table = self.table(kind)
            if n["of"]["op"] == "lit" and type(n["of"]["v"]) is str:
                return f"{table}.get({rid}, NOREC).get({field!r}, {d})"
            b = self.bound(rid)
            if b is None:
                return f"GET(ctx, {kind!r}, {rid}, {field!r}, {d})"
            return f"({table}.get({b[0]}, NOREC).get({field!r}, {d}) " \
                   f"if type({b[1]}) is str else {d})"
        self.deps["pure"] = False  # a text of the language may read any state
        shape = {k: n[k] for k in ("kind", "f", "d") if k in n}
        return f"FLD(ctx, {self.const(repr(shape))}, {self.code(n['of'])})"

    # ---- operators -------------------------------------------------------------------
    def number(self, n: Node) -> str:
        """``num(E)``'s source; an int literal is itself, an int value is not passed to
        ``num`` (inlined where a walrus temporary may hold it)."""
        if n["op"] == "lit" and type(n["v"]) is int:
            return repr(n["v"]) if n["v"] >= 0 else f"({n['v']!r})"
        code = self.code(n)
        if whole(n) or (n["op"] == "modv" and type(n.get("lo", 0)) is int):
            return code  # an int already (``MODV``'s sum, at least ``lo``)
        b = self.bound(code) if n["op"] != "lit" else None
        if b is None:
            return f"num({code})"
        return f"({b[0]} if type({b[1]}) is int else num({b[0]}))"

    def _ar(self, n: Node) -> str:
        o = n["o"]
        if o in ("-", "*"):
            return f"({self.number(n['a'])} {o} {self.number(n['b'])})"
        a, b = self.code(n["a"]), self.code(n["b"])
        call = "AR({!r}, {}, {}, True)" if n.get("nn") else "AR({!r}, {}, {})"
        ba = self.bound(a) if o == "+" else None
        bb = self.bound(b) if ba is not None else None
        if ba is None or bb is None:
            return call.format(o, a, b)
        # two ints add as ints (``arith``'s last case); both are evaluated, in order
        return f"({ba[0]} + {bb[0]} if type({ba[1]}) is type({bb[1]}) is int " \
               f"else {call.format(o, ba[0], bb[0])})"

    def _neg(self, n: Node) -> str:
        return f"(-{self.number(n['a'])})"

    def _cmp(self, n: Node) -> str:
        o = n["o"]
        if (some := self.some(n)) is not None:
            return some
        if o in CMP:
            return f"({self.number(n['a'])} {o} {self.number(n['b'])})"
        return f"({self.code(n['a'])} {o} {self.code(n['b'])})"

    def _in(self, n: Node) -> str:
        """``IN``; inlined when the item is a name or a literal (read after the
        container then: neither has an effect)."""
        if self.loop > 0 and self.hoists is not None and self.fixed(n["b"]):
            test = f"({self.code(n['a'])} in {self.container(n['b'])})"
            return f"(not {test})" if n.get("neg") else test
        a, b = self.code(n["a"]), self.code(n["b"])
        bb = self.bound(b) if n["a"]["op"] in ("lit", "var") else None
        test = f"IN({a}, {b})" if bb is None else \
            f"({a} in {bb[0]} if type({bb[1]}) in (list, dict) else IN({a}, {bb[0]}))"
        return f"(not {test})" if n.get("neg") else test

    def _and(self, n: Node) -> str:
        return "(True if " + " and ".join(f"({self.code(a)})" for a in n["a"]) + " else False)"

    def _or(self, n: Node) -> str:
        return "(True if " + " or ".join(f"({self.code(a)})" for a in n["a"]) + " else False)"

    def _not(self, n: Node) -> str:
        return f"(not {self.code(n['a'])})"

    def _cond(self, n: Node) -> str:
        return f"({self.code(n['a'])} if {self.code(n['c'])} else {self.code(n['b'])})"

    # ---- building values ---------------------------------------------------------------
    def _list(self, n: Node) -> str:
        return "[" + ", ".join(self.code(a) for a in n["a"]) + "]"

    def _range(self, n: Node) -> str:
        return f"RANGE({self.code(n['a'])}, {self.code(n['b'])})"

    def _obj(self, n: Node) -> str:
        pairs = ", ".join(f"{k!r}: {self.code(a)}" for k, a in zip(n["k"], n["a"], strict=True))
        return "{" + pairs + "}"

    # ---- calls into the kernel -----------------------------------------------------------
    def _fn(self, n: Node) -> str:
        if n["f"] == "random":
            self.deps["pure"] = False
        if n["f"] == "count" and len(n["a"]) == 1 and (counted := self.counted(n["a"][0])):
            return counted
        if n["f"] in ("max", "min") and len(n["a"]) == 1 and n["a"][0]["op"] == "list" \
                and len(n["a"][0]["a"]) >= 2:  # FN's, of a list written out: no list made
            return f"{n['f']}(" + ", ".join(self.number(a) for a in n["a"][0]["a"]) + ")"
        args = ", ".join(self.code(a) for a in n["a"])
        if n["f"] == "sum" and len(n["a"]) == 1 and n["a"][0]["op"] == "mapc" and \
                whole(n["a"][0]["e"]):
            return f"sum({args})"  # FN's, of a list of ints
        if n["f"] in ("any", "all") and len(n["a"]) == 1 and n["a"][0]["op"] in ("filt", "mapc") \
                and self.quiet(n["a"][0]):
            return f"{n['f']}({args[1:-1]})"  # a generator: stops at the first answer
        if n["f"] in ("count", "any", "all") and len(n["a"]) == 1 and listed(n["a"][0]):
            return f"{'len' if n['f'] == 'count' else n['f']}({args})"  # FN's, of a list
        if n["f"] == "adjacent":
            return f"ADJ(ctx, {n['kind']!r}, {args})"
        if n["f"] == "count" and len(n["a"]) == 1 and (b := self.bound(args)) is not None:
            return f"(len({b[0]}) if isinstance({b[1]}, (list, dict)) else 0)"  # FN's
        return f"FN[{n['f']!r}](ctx, None, {args})"

    def _modv(self, n: Node) -> str:
        self.deps["pure"] = False
        values = n["params"].values()
        if all(v["op"] == "lit" and not isinstance(v["v"], (list, dict)) for v in values):
            params = self.const(repr({k: v["v"] for k, v in n["params"].items()}))
        else:  # (the kernel reads params, never changes them: a literal one is a constant)
            params = "{" + ", ".join(f"{k!r}: {self.code(v)}"
                                     for k, v in n["params"].items()) + "}"
        return f"MODV(ctx, {n['name']!r}, {params}, {self.code(n['base'])}, " \
               f"{n.get('lo')!r})"

    def _as(self, n: Node) -> str:
        self.deps["pure"] = False
        p = self.code(n["p"])
        self.loop -= 1000  # its E is another: nothing in it is hoisted
        try:
            return f"AS(ctx, {p}, lambda E: {self.code(n['e'])})"
        finally:
            self.loop += 1000

    def _can(self, n: Node) -> str:
        self.deps["pure"] = False
        binding = ", ".join(f"{name!r}: {pyname(name)}" for name in sorted(self.local))
        return f"CAN(ctx, {n['b']['id']}, {{{binding}}})"
