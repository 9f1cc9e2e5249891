"""Compiled continuation trials: the rest of a running option, as compiled functions.

``choose.completes`` asks whether taking an option of the decision on top still lets
the enclosing option (the frames from ``base`` up) be applied in full; the frame trial
(the oracle) runs those frames. ``completes`` here makes every frame from ``base`` up a
continuation of compiled trial functions (``cps``) that runs what the frame has left (a
sequence's rest, a loop's items, the option's further picks); None when it cannot
resume a frame (the caller then runs the frame trial). When nothing the rest would run
can fail (``cannot_fail``: no ``require``, ``do`` or event whose reactions may fail)
and the option's own trial applied it in full (``ctx.applied``) or it cannot fail
either, the answer is yes without running them. Frames are never changed in place: a
continuation keeps its position in its closure and only pops frames off ``ctx.frames``,
and every write goes through the journal, rolled back at the end."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from compiler.runtime.cps import CHOOSE, MUST, must_pair
from compiler.runtime.ctx import MISSING, Ctx, Frame
from compiler.runtime.index import statements
from compiler.runtime.machine import bind, dry_run, unbind
from compiler.runtime.reactions import NeedFrames, reaction_bodies
from compiler.runtime.values import ev

__all__ = ["completes"]

Cont = Callable[[], bool]
LOOPS = ("for", "rep", "while", "ch")
"""Frames that ``stop`` leaves (as ``machine._stop``)."""
RESUMED = LOOPS + ("seq", "with", "scope")


def completes(ctx: Ctx, base: int, node: dict[str, Any], opt: dict[str, Any]
              ) -> bool | None:
    """``choose.completes`` by compiled functions, or None when it cannot resume a frame
    (a frame kind other than ``RESUMED``, a statement without a compiled function)."""
    table = ctx.code.get("trials")
    frames = ctx.frames
    if not table or any(f["k"] not in RESUMED for f in frames[base:]):
        return None
    body = node["alts"][opt["a"]]["b"]
    fn = table.get(body.get("id"))
    if fn is None:
        return None
    if id(opt) in ctx.applied or _sure(ctx, body):
        ctx.rest = ctx.rest or [cannot_fail(ctx, frames[base:])]  # once a decision
        if ctx.rest[0]:
            return True

    def option_then_rest() -> bool:
        chain = _Chain(ctx, table, base)
        top = len(ctx.frames) - 1
        old = [(name, bind(ctx, name, value)) for name, value in opt["b"].items()]
        top_frame = ctx.frames[top]
        picked = (top_frame.get("picked") or []) + [opt["l"]]
        after = chain.after_option(top, node, top_frame.get("left"), picked, old)
        return bool(fn(ctx, after, chain.brk(top)))

    try:
        return dry_run(ctx, list(frames), base, option_then_rest)
    except NeedFrames:  # reactions it does not run inline: the frame trial answers
        return None


FAILS = ("req", "do")
"""Statements that may make a continuation trial fail (``do``: by the code it runs)."""


def cannot_fail(ctx: Ctx, frames: list[Frame]) -> bool:
    """Whether what ``frames`` have left to run holds no statement that can fail
    (``FAILS``), so a continuation trial of it can only succeed (frames of ``RESUMED``
    kinds; a decision's further picks run any of its options)."""
    nodes = ctx.index.nodes
    if any("on" in nodes[g["n"]]["spec"] for g in ctx.state.get("grants") or []):
        return False  # a lasting reaction: any event may fail
    for f in frames:
        kind = f["k"]
        if kind in ("with", "scope"):
            continue
        node = nodes[f["n"]]
        if kind == "seq":
            rest = node["b"][f["i"]:]
        elif kind == "ch":
            rest = [alt["b"] for alt in node["alts"]] if "n" in node else []
        else:  # for, rep, while: the body again
            rest = [node["b"]]
        if not all(_sure(ctx, kid) for kid in rest):
            return False
    return True


def _sure(ctx: Ctx, node: dict[str, Any]) -> bool:
    """Whether statement ``node`` holds no ``FAILS`` statement, no lasting reaction
    granted and no event whose reactions may fail (``_quiet``; kept by node id)."""
    table = ctx.index.sure
    hit = table.get(node["id"])
    if hit is None:
        kids = list(statements(node))
        hit = table[node["id"]] = not any(map(_fails, kids)) and \
            all(_quiet(ctx, n["ev"]) for n in kids if n["op"] == "emit")
    return hit


def _fails(n: dict[str, Any]) -> bool:
    return n["op"] in FAILS or n["op"] == "grant" and "on" in n["spec"]


def _quiet(ctx: Ctx, event: str) -> bool:
    """Whether no record's reaction to ``event``, nor to an event such a reaction emits
    (and so on), holds a ``_fails`` statement (kept in the rules' memo)."""
    key = (_quiet, event)
    if key not in ctx.index.memo:
        seen, todo, quiet = {event}, [event], True
        while todo and quiet:
            for body in reaction_bodies(ctx, todo.pop()):
                kids = list(statements(body))
                quiet = quiet and not any(map(_fails, kids))
                more = {n["ev"] for n in kids if n["op"] == "emit"} - seen
                seen |= more
                todo += more
        ctx.index.memo[key] = quiet
    return bool(ctx.index.memo[key])


class _Chain:
    """The continuations of the frames ``base`` .. top of ``ctx.frames``."""

    def __init__(self, ctx: Ctx, table: dict[int, Any], base: int) -> None:
        self.ctx, self.table, self.base = ctx, table, base
        self.frames: list[Frame] = list(ctx.frames)  # as they were: the closures' view

    def cont(self, i: int) -> Cont:
        """What runs when frame ``i`` is on top again (everything above it done)."""
        if i < self.base:
            return lambda: True
        frame = self.frames[i]
        return getattr(self, "_" + frame["k"])(i, frame)

    def run(self, nid: int, k: Cont, s: Cont | None) -> bool:
        """Statement ``nid`` by its compiled trial function, then ``k``."""
        return bool(self.table[nid](self.ctx, k, s))

    def cut(self, i: int) -> None:
        """Pop frame ``i`` and everything above it."""
        del self.ctx.frames[i:]

    # ---- stop ------------------------------------------------------------------------
    def stop_target(self, i: int) -> Cont | None:
        """What ``stop`` does in a statement run by frame ``i``: leave the innermost loop
        frame at or below ``i`` (never past a scope); None: ``stop`` does nothing."""
        for j in range(i, self.base - 1, -1):
            kind = self.frames[j]["k"]
            if kind in ("scope", "flow"):
                return None
            if kind in LOOPS:
                return self.brk(j)
        return None

    def brk(self, j: int) -> Cont:
        """Leave loop frame ``j``: unbind the ``with``/``for`` names above it, pop it."""

        def leave() -> bool:
            ctx = self.ctx
            for f in reversed(ctx.frames[j:]):
                if f["k"] == "with":
                    unbind(ctx, f["v"], f["old"])
                elif f["k"] == "for":
                    unbind(ctx, ctx.index.nodes[f["n"]]["v"], f["old"])
            self.cut(j)
            return self.cont(j - 1)()

        return leave

    # ---- the decision's option, and running options below it -------------------------
    def after_option(self, i: int, node: dict[str, Any], left: int | None,
                     picked: list[Any], old: list[tuple[str, Any]]) -> Cont:
        """The end of an option of decision frame ``i``: unbind its names, then its
        further picks (``choose N``), then the frames below."""
        ctx = self.ctx

        def after() -> bool:
            del ctx.frames[i + 1:]
            for name, was in old:
                unbind(ctx, name, was)
            self.cut(i)
            below = self.cont(i - 1)
            if left is None or "n" not in node or left - 1 <= 0:
                return below()
            return bool(CHOOSE(ctx, node["id"], left - 1, picked, below))

        return after

    def _ch(self, i: int, f: Frame) -> Cont:
        node = self.ctx.index.nodes[f["n"]]
        old = [(name, MISSING if was == "__missing__" else was)
               for name, was in (f.get("old") or {}).items()]
        return self.after_option(i, node, f.get("left"), f.get("picked") or [], old)

    # ---- the other frames (machine.py's steps, as continuations) ---------------------
    def _seq(self, i: int, f: Frame) -> Cont:
        body = self.ctx.index.nodes[f["n"]]["b"]
        s = self.stop_target(i)

        def from_(j: int) -> bool:
            if j >= len(body):
                self.cut(i)
                return self.cont(i - 1)()
            nxt = body[j + 1] if body[j]["op"] == "req" and j + 1 < len(body) else None
            if nxt is not None and must_pair(self.ctx, body[j], nxt):
                self.ctx.steps += 1  # the require (S once: cps.MUST, as pystmt writes it)
                return MUST(self.ctx, lambda k2: self.run(nxt["id"], k2, s),
                            lambda: from_(j + 2))
            return self.run(body[j]["id"], lambda: from_(j + 1), s)

        return lambda: from_(f["i"])

    def _for(self, i: int, f: Frame) -> Cont:
        ctx = self.ctx
        node = ctx.index.nodes[f["n"]]
        items, brk = f["items"], self.brk(i)

        def nxt(j: int) -> bool:
            while j < len(items):
                item = items[j]
                j += 1
                bind(ctx, node["v"], item)
                if "w" not in node or ev(ctx, node["w"]):
                    return self.run(node["b"]["id"], partial(nxt, j), brk)
            unbind(ctx, node["v"], f["old"])
            self.cut(i)
            return self.cont(i - 1)()

        return lambda: nxt(f["i"])

    def _rep(self, i: int, f: Frame) -> Cont:
        body = self.ctx.index.nodes[f["n"]]["b"]["id"]
        brk = self.brk(i)

        def nxt(left: int) -> bool:
            if left <= 0:
                self.cut(i)
                return self.cont(i - 1)()
            return self.run(body, lambda: nxt(left - 1), brk)

        return lambda: nxt(f["left"])

    def _while(self, i: int, f: Frame) -> Cont:
        ctx = self.ctx
        node = ctx.index.nodes[f["n"]]
        brk = self.brk(i)

        def nxt() -> bool:
            if ev(ctx, node["c"]):
                return self.run(node["b"]["id"], nxt, brk)
            self.cut(i)
            return self.cont(i - 1)()

        return nxt

    def _with(self, i: int, f: Frame) -> Cont:
        def end() -> bool:
            del self.ctx.frames[i + 1:]
            unbind(self.ctx, f["v"], f["old"])
            self.cut(i)
            return self.cont(i - 1)()

        return end

    def _scope(self, i: int, f: Frame) -> Cont:
        def end() -> bool:
            self.cut(i)
            return self.cont(i - 1)()

        return end

