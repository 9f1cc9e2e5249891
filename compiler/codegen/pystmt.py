"""Compile IR statements to Python functions for trial runs (``compiler.runtime.cps``).

Entry point: ``StmtCompiler(exprs).module(ir)`` -> the source of one function per
statement node of ``ir`` and the ``TRIALS`` table, for the engine module that
``compiler.codegen.pycode`` writes (the expression functions ``x_N`` it calls are
there). A statement without decisions (no ``choose``, ``do`` or ``stop`` inside) becomes
``d_N(ctx, E=None)``, run straight through (loops are Python loops); the others
become ``t_N(ctx, k, s=None, E=None)`` in continuation-passing style: ``k()`` runs the
rest of the trial and returns whether it applied in full and changed something, ``s()``
leaves the innermost loop (``stop``), ``E`` is the environment (the caller's, passed down: a
statement's parts run in their parent's scope; None: ``ctx.env()``). ``TRIALS`` maps
every statement id to its trial function. A ``d_N`` also runs in a real game
(``compiler.runtime.straight``); its ``emit`` fires there, and in a trial runs the
reactions that answer (``EMIT``: False when a requirement of theirs failed).

Each function counts its statements as ``machine.start`` does in a trial (a run of
simple statements at once, before the first of them: the same count wherever a
``require`` fails or a ``can`` starts its own trial) and checks TRIAL_STEPS once, on
entry (and once per turn of a loop it runs inline): the budget stops runaway trials, one
check per function bounds them as well. It writes only through the journal (``ctx.put``,
the machine's statement runners): the interpreter's frame trial stays the oracle.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.codegen.pyexpr import ExprCompiler
from compiler.codegen.pyliteral import comment
from compiler.codegen.pyloops import PLAIN
from compiler.codegen.stmtparts import CALLED, bind, kids, learn, statements, sure
from compiler.runtime.cps import must_pair
from compiler.runtime.machine import root_entry

__all__ = ["StmtCompiler", "statements"]

Node = dict[str, Any]
DECIDES = ("choose", "do", "stop")
"""Statements that need the rest of the trial (a decision tries each option with it)."""
SIMPLE = ("let", "req", "skip", "set") + CALLED
USES_ENV = re.compile(r"\bE\b")
CHECK = ["if ctx.steps > TRIAL_STEPS:", "    raise TrialBudget()"]
COUNT = "ctx.steps += "
APART = re.compile(r"\b(?:STMT|CAN|FLD|MODV|AS|EMIT)\(")
"""Calls that may run statements or a trial of their own (which sets ``ctx.steps``)."""
IND = "    "
INLINE_LINES = 12
"""The longest body (lines) of an ``if`` or a run of statements without decisions that the
statement around it writes in place of a call of its ``d_N`` (the function stays)."""


def _indent(lines: list[str], depth: int = 1) -> list[str]:
    return [IND * depth + ln if ln else ln for ln in lines]


class StmtCompiler:
    """Compiles statement nodes; expressions are the ``x_N`` functions of ``exprs``
    (literals and names inline), literal lists join its module constants.

    ``base`` (a record's part: its least statement id): every statement function takes
    a last parameter ``B=base`` and writes each node id as ``B + offset``, and passes
    ``B`` to the statement functions it calls. Copies of a record then compile to equal
    functions but for ``B``'s default (``dedupe`` shares them and binds a copy to its own
    base); node ids themselves (in saved states) do not change. None: ids as literals."""

    def __init__(self, exprs: ExprCompiler, base: int | None = None) -> None:
        self.exprs = exprs
        self.base = base
        self.b = "" if base is None else ", B"
        """The base passed on to a statement function called."""
        self._direct: dict[int, bool] = {}

    def nid(self, n: Node) -> str:
        """Python source of statement ``n``'s id."""
        if self.base is None:
            return str(n["id"])
        off = n["id"] - self.base
        return "B" if off == 0 else f"B + {off}" if off > 0 else f"B - {-off}"

    def module(self, ir: Any) -> str:
        """The trial functions of every statement of ``ir`` and the ``TRIALS`` table."""
        nodes = statements(ir)
        functions = [self.function(n) for n in nodes]
        table = "TRIALS = {\n" + "".join(
            f"    {n['id']}: {self.trial_name(n)},\n" for n in nodes) + "}\n"
        return "\n\n".join(functions) + "\n\n" + table

    def direct(self, n: Node) -> bool:
        """Whether ``n`` runs without needing the rest of the trial (no decision inside)."""
        hit = self._direct.get(n["id"])
        if hit is None:
            hit = n["op"] not in DECIDES and all(self.direct(k) for k in kids(n))
            self._direct[n["id"]] = hit
        return hit

    def trial_name(self, n: Node) -> str:
        return f"CPS(d_{n['id']})" if self.direct(n) else f"t_{n['id']}"

    def function(self, n: Node) -> str:
        """``def d_N(ctx, E=None)`` or ``def t_N(ctx, k, s=None, E=None)`` for ``n``."""
        note = comment(n.get("at"))
        note = f"  # {note}" if note else ""
        b = "" if self.base is None else f", B={self.base}"
        self.exprs.temps = 0  # (a place's walrus temporaries: numbered per function)
        if self.direct(n):
            head = f"def d_{n['id']}(ctx, E=None{b}):{note}"
            body = getattr(self, "_d_" + n["op"], self._d_simple)(n)
        else:
            head = f"def t_{n['id']}(ctx, k, s=None, E=None{b}):{note}"
            body = getattr(self, "_t_" + n["op"])(n)
        env = ["if E is None:", "    E = ctx.env()"] \
            if any(USES_ENV.search(ln) for ln in body) else []
        steps = 1
        if body and body[0].startswith(COUNT):  # the first run of statements counted too
            steps += int(body.pop(0)[len(COUNT):])
        return "\n".join([head] + _indent([f"{COUNT}{steps}"] + CHECK + env + body)) + "\n"

    # ---- expressions ---------------------------------------------------------------
    def ex(self, e: Node) -> str:
        """Python source of expression ``e``'s value: a short pure root's body in place
        (``ExprCompiler.plain``: its walrus temporaries are read only inside it), else a
        call of its function."""
        if e["op"] == "lit":
            v = e["v"]
            return self.exprs.const(repr(v)) if isinstance(v, (list, dict)) else repr(v)
        if e["op"] == "var":
            return self.exprs.known.get(e["n"]) or f"E.get({e['n']!r})"
        body = self.exprs.plain.get(e["x"])
        return f"x_{e['x']}(ctx, E)" if body is None else f"({body})"

    def inline(self, e: Node, temps: bool = False) -> str:
        """Python source of a sub-expression (no function of its own: a place's parts;
        ``temps``: walrus temporaries allowed, as in a statement of its own)."""
        self.exprs.local = set()
        self.exprs.deps = {"st": set(), "env": set(), "pure": True, "each": False,
                           "round": False}
        self.exprs.no_temps += 0 if temps else 1
        try:
            return self.exprs.code(e)
        finally:
            self.exprs.no_temps -= 0 if temps else 1

    # ---- straight-through statements: d_N(ctx) -> False when a requirement fails -----
    def run(self, n: Node, loop: bool = False) -> list[str]:
        """Lines that run direct statement ``n`` inside another one (simple ones inline;
        ``loop``: once per turn of a loop, so the budget is checked there)."""
        if n["op"] in SIMPLE:
            return [f"{COUNT}1"] + (CHECK if loop else []) + self._simple(n)
        if n["op"] in ("if", "seq"):  # written in place when short: no call
            body = getattr(self, "_d_" + n["op"])(n)[:-1]  # (its last line: return True)
            if len(body) <= INLINE_LINES:
                steps = 1 + (int(body.pop(0)[len(COUNT):]) if body and
                             body[0].startswith(COUNT) else 0)
                note = comment(n.get("at"))
                return [f"{COUNT}{steps}", CHECK[0] + (f"  # {note}" if note else ""),
                        CHECK[1]] + body
        return [f"if not d_{n['id']}(ctx, E{self.b}):", "    return False"]

    def straight(self, kids: list[Node]) -> list[str]:
        """Lines that run direct statements ``kids`` one after another: each run of
        simple ones counted at once, up to a ``require`` or a call that may count
        statements itself (``APART``)."""
        out: list[str] = []
        run: list[str] = []
        count = 0
        known: dict[str, str] = {}  # the names bound to a literal by the run so far
        for kid in kids:
            if kid["op"] not in SIMPLE:
                out += ([f"{COUNT}{count}"] + run if count else []) + self.run(kid)
                run, count = [], 0
                known.clear()
                continue
            self.exprs.known = known
            try:
                lines = self._simple(kid)
            finally:
                self.exprs.known = {}
            learn(kid, lines, known)
            run, count = run + lines, count + 1
            if kid["op"] == "req" or self._apart(lines):
                out += [f"{COUNT}{count}"] + run
                run, count = [], 0
        return out + ([f"{COUNT}{count}"] + run if count else [])

    def _apart(self, lines: list[str]) -> bool:
        """Whether ``lines`` may run statements or a trial of their own."""
        text = "\n".join(lines)
        return bool(APART.search(text)) or any(
            int(x) in self.exprs.impure for x in re.findall(r"\bx_(\d+)\(", text))

    def _simple(self, n: Node) -> list[str]:
        if n["op"] == "let":
            return bind(repr(n["v"]), self.ex(n["e"]))
        if n["op"] == "req":
            return [f"if not {self.ex(n['c'])}:", "    return False"]
        if n["op"] == "skip":
            return []
        if n["op"] == "emit":  # reactions run in a trial; a game run straight through stops
            fields = ", ".join(f"{k!r}: {self.ex(v)}" for k, v in n["f"].items())
            return [f"if not EMIT(ctx, {n['ev']!r}, {{{fields}}}):", "    return False"]
        if n["op"] == "set":
            return self._set(n)
        return [f"STMT(ctx, {self.nid(n)})"]

    def _set(self, n: Node) -> list[str]:
        """``set``: the place (as ``machine._place``), then the value, then the write
        (``SET`` with the node's entry, operator, no-none flag and bounds; a local's
        plain ``=`` by ``LOCAL``)."""
        t, nid, value = n["t"], self.nid(n), self.ex(n["e"])
        if t["op"] == "var":
            if n["o"] == "=" and "bd" not in n:
                return [f"LOCAL(ctx, E, {t['n']!r}, {value})"]
            return [f"ASSIGN(ctx, {nid}, E, {t['n']!r}, {value})"]
        entry, args = root_entry(t), self._set_args(n)
        if t["op"] == "st" and "p" not in t:
            return [f"SET(ctx, {entry!r}, ctx.state, {t['k']!r}, {value}{args})"]
        if t["op"] == "st":  # SEAT written out
            p = self.inline(t["p"])
            out = [] if PLAIN.fullmatch(p) else [f"p = {p}"]
            p = p if out == [] else "p"
            out += [f"c, key = (ctx.state['players'][{p}] if type({p}) is int and 0 <= {p} < "
                    f"len(ctx.state['players']) else None), {t['k']!r}"]
        else:
            d = self.exprs.const(repr({"d": t["d"]} if "d" in t else {}))
            out = [f"c, key = KEYPLACE(ctx, {d}, {self.inline(t['of'], True)}, "
                   f"{self.inline(t['k'])})"]
        return out + ["if c is not None:", f"    SET(ctx, {entry!r}, c, key, {value}{args})"]

    def _set_args(self, n: Node) -> str:
        """``SET``'s arguments after the value: the operator, ``nn``, the bounds."""
        args = [repr(n["o"]), repr(bool(n.get("nn"))),
                self.exprs.const(repr(n["bd"])) if "bd" in n else "None"]
        while args and args[-1] in ("None", "False", "'='"):
            args.pop()
        return "".join(", " + a for a in args)

    def _d_simple(self, n: Node) -> list[str]:
        return self._simple(n) + ["return True"]

    def _d_seq(self, n: Node) -> list[str]:
        return self.straight(n["b"]) + ["return True"]

    def _d_if(self, n: Node) -> list[str]:
        out = [f"if {self.ex(n['c'])}:"] + _indent(self.run(n["t"]) or ["pass"])
        if "e" in n:
            out += ["else:"] + _indent(self.run(n["e"]) or ["pass"])
        return out + ["return True"]

    def _d_for(self, n: Node) -> list[str]:
        v = repr(n["v"])
        out = [f"items = list(items_of({self.ex(n['src'])}))",
               f"old = E.get({v}, MISSING)",
               "for item in items:"] + _indent(bind(v, "item"))
        if "w" in n:
            out += [f"    if {self.ex(n['w'])}:"] + _indent(self.run(n["b"], True), 2)
        else:
            out += _indent(self.run(n["b"], True))
        return out + [f"UNSET(ctx, E, {v}, old)", "return True"]

    def _d_rep(self, n: Node) -> list[str]:
        """``repeat N``: each time round takes a step at least and checks the budget,
        so a body that cannot fail (no requirement, nothing run by the machine) repeated
        more times than the steps left (and one) stops at once, as it would later
        (``repeat card.copies`` of a card of 10^8 copies: an error now, not hours)."""
        head = [f"left = num({self.ex(n['n'])})"]
        if sure(n["b"]):
            at = repr(str(n.get("at", "")))   # named by the game's error (run_straight)
            head += ["if left > TRIAL_STEPS - ctx.steps + 1:", f"    raise TrialBudget({at})"]
        return head + ["while left > 0:", "    left -= 1"] + _indent(self.run(n["b"], True)) + \
            ["return True"]

    def _d_while(self, n: Node) -> list[str]:
        return [f"while {self.ex(n['c'])}:"] + _indent(self.run(n["b"], True)) + \
            ["return True"]

    def _you(self, n: Node) -> list[str]:
        """``with you = E``: a seat the game has not is a rules failure (``machine._with``)."""
        return [f"YOU(ctx, value, {str(n.get('at'))!r})"] if n["v"] == "you" else []

    def _d_with(self, n: Node) -> list[str]:
        v = repr(n["v"])
        return [f"value = {self.ex(n['e'])}", *self._you(n), f"old = E.get({v}, MISSING)",
                *bind(v, "value")] + self.run(n["b"]) + \
            [f"UNSET(ctx, E, {v}, old)", "return True"]

    # ---- statements with decisions: t_N(ctx, k, s=None) -> the trial's result ----------
    def call(self, n: Node, k: str, s: str = "s") -> str:
        """An expression running statement ``n``, then continuation ``k``."""
        if self.direct(n):
            return f"d_{n['id']}(ctx, E{self.b}) and {k}()"
        return f"t_{n['id']}(ctx, {k}, {s}, E{self.b})"

    def _t_seq(self, n: Node) -> list[str]:
        segments: list[tuple[list[Node], Node | None]] = [([], None)]
        for kid in n["b"]:
            if self.direct(kid):
                segments[-1][0].append(kid)
            else:
                segments[-1] = (segments[-1][0], kid)
                segments.append(([], None))
        if not segments[-1][0]:
            segments.pop()
        out: list[str] = []
        for j in range(1, len(segments)):
            out += [f"def r{j}():"] + _indent(self._segment(segments, j)) + [""]
        return out + self._segment(segments, 0)

    def _segment(self, segments: list[tuple[list[Node], Node | None]], j: int) -> list[str]:
        plain, last = segments[j]
        if last is None:
            return self.straight(plain) + ["return k()"]
        k = f"r{j + 1}" if j + 1 < len(segments) else "k"
        if plain and must_pair(None, plain[-1], last):  # the require counted, its trial not run
            return self.straight(plain[:-1]) + [
                f"{COUNT}1", f"return MUST(ctx, lambda k2: {self.call(last, 'k2')}, {k})"]
        return self.straight(plain) + [f"return {self.call(last, k)}"]

    def _t_if(self, n: Node) -> list[str]:
        out = [f"if {self.ex(n['c'])}:", f"    return {self.call(n['t'], 'k')}"]
        if "e" in n:
            out += [f"return {self.call(n['e'], 'k')}"]
        else:
            out += ["return k()"]
        return out

    def _t_for(self, n: Node) -> list[str]:
        v = repr(n["v"])
        body = f"return {self.call(n['b'], 'lambda i=i: nxt(i)', 'brk')}"
        loop = ["item = items[i]", "i += 1", *bind(v, "item")]
        loop += [f"if {self.ex(n['w'])}:", IND + body] if "w" in n else [body]
        return [f"items = list(items_of({self.ex(n['src'])}))",
                f"old = E.get({v}, MISSING)", "",
                "def brk():", f"    UNSET(ctx, E, {v}, old)", "    return k()", "",
                "def nxt(i):", "    while i < len(items):"] + _indent(loop, 2) + \
            ["    return brk()", "", "return nxt(0)"]

    def _t_rep(self, n: Node) -> list[str]:
        return ["def nxt(left):", "    if left <= 0:", "        return k()",
                f"    return {self.call(n['b'], 'lambda: nxt(left - 1)', 'k')}", "",
                f"return nxt(num({self.ex(n['n'])}))"]

    def _t_while(self, n: Node) -> list[str]:
        return ["def nxt():", f"    if {self.ex(n['c'])}:",
                f"        return {self.call(n['b'], 'nxt', 'k')}", "    return k()", "",
                "return nxt()"]

    def _t_with(self, n: Node) -> list[str]:
        v = repr(n["v"])
        return [f"value = {self.ex(n['e'])}", *self._you(n), f"old = E.get({v}, MISSING)",
                *bind(v, "value"), "",
                "def after():", f"    UNSET(ctx, E, {v}, old)", "    return k()", "",
                "def brk():", f"    UNSET(ctx, E, {v}, old)", "    return s()", "",
                f"return {self.call(n['b'], 'after', 'None if s is None else brk')}"]

    def _t_do(self, n: Node) -> list[str]:
        return [f"return DO(ctx, {self.ex(n['e'])}, k)"]

    def _t_stop(self, n: Node) -> list[str]:
        return ["return k() if s is None else s()"]

    def _t_choose(self, n: Node) -> list[str]:
        if "n" not in n:
            return [f"return CHOOSE(ctx, {self.nid(n)}, None, [], k)"]
        return [f"left = num({self.ex(n['n'])})", "if left <= 0:", "    return k()",
                f"return CHOOSE(ctx, {self.nid(n)}, left, [], k)"]
