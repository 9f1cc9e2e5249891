"""Compiled trial runs: the kernel part of the generated trial functions.

``compiler.codegen.pystmt`` compiles every statement of the IR into a Python function
for trial runs (``choose.trial``): ``t_N(ctx, k, s=None)`` in continuation-passing
style (``k()`` runs the rest of the trial and says whether it applied in full and
changed something; ``s()`` is what ``stop`` does: leave the innermost loop), or, for a
statement without decisions, ``d_N(ctx)`` run straight through (False when a
requirement failed). The generated module's ``CODE["trials"]`` holds them by statement
id (``TRIALS_KEY``).

They do what the frame machine does in a trial: the same statements counted (against
TRIAL_STEPS once per function), the same writes journaled (``ctx.undo`` rolls them back
exactly), decisions tried option by option depth first with the same lazy listing and
cap as ``choose._try_options``, reactions run at once (``reactions.emit``). The
frame trial stays as the oracle (the interpreter engine uses it; the differential test
compares both engines)."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from typing import Any

from compiler.runtime.ctx import MISSING, Ctx, DryFail
from compiler.runtime.machine import START, assign, clamp, dry_run, key_place
from compiler.runtime.values import joined

__all__ = ["ASSIGN", "CHOOSE", "CPS", "DO", "EMIT", "KEYPLACE", "LOCAL", "MUST", "SET", "STMT",
           "TRIALS_KEY", "UNSET", "run_trial"]

TRIALS_KEY = "trials"
"""The entry of a game's compiled code (``ctx.code``) that holds its trial functions."""
OPTION_CAP = 64
"""Options of one decision a trial tries at most (as ``choose._try_options``)."""
DEPTH = 60_000
"""The recursion limit during a compiled trial: continuations nest a few Python frames
per statement run, and a trial runs at most TRIAL_STEPS statements (more only through
``can`` inside it)."""

Cont = Callable[[], bool]
Trial = Callable[..., bool]


def run_trial(ctx: Ctx, fn: Trial, binding: dict[str, Any]) -> bool:
    """``choose.trial`` with a compiled statement: whether it can be applied in full and
    changes something (the same saving, budget and rollback as the frame trial)."""
    env = {**ctx.env(), **binding}  # values are never changed in place: a shallow copy
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, DEPTH))
    try:
        return dry_run(ctx, [{"k": "scope", "env": env}], 1, fn, ctx, ctx.changed, None, env)
    finally:
        sys.setrecursionlimit(limit)


def CPS(direct: Callable[..., bool]) -> Trial:  # noqa: N802 - generated-code helper
    """The trial function of a statement without decisions: run it, then the rest."""

    def trial(ctx: Ctx, k: Cont, s: Cont | None = None, E: Any = None) -> bool:  # noqa: N803
        return direct(ctx, E) and k()

    trial.__name__ = f"t{direct.__name__[1:]}"
    trial.direct = direct  # type: ignore[attr-defined]  # (straight.py runs it in a game)
    return trial


def STMT(ctx: Ctx, nid: int) -> None:  # noqa: N802
    """Run simple statement ``nid`` (set, emit, grant, a core statement) as the machine
    does (``emit`` is compiled to ``EMIT``)."""
    node = ctx.index.nodes[nid]
    START[node["op"]](ctx, node)


def EMIT(ctx: Ctx, event: str, fields: dict[str, Any]) -> bool:  # noqa: N802
    """``emit`` in a trial (reactions run at once) or in a game run straight through
    (reactions that answer stop the run): ``reactions.emit``."""
    return reactions.emit(ctx, event, fields, True)


def ASSIGN(ctx: Ctx, nid: int, container: Any, key: Any, value: Any) -> None:  # noqa: N802
    """The write of ``set`` ``nid`` (its place found, its value computed)."""
    assign(ctx, ctx.index.nodes[nid], container, key, value)


def SET(ctx: Ctx, entry: str | None, c: Any, key: Any, value: Any,  # noqa: N802
        op: str = "=", nn: bool = False, bd: Any = None) -> None:
    """``machine.assign`` of a ``set`` of no local name, the node's parts given by the
    compiler (``entry``: the state entry written, None for a local's part)."""
    old = c.get(key, MISSING) if isinstance(c, dict) else c[key]
    if op != "=":  # values.joined, with a number's sum or difference done here
        now = None if old is MISSING else old
        if type(now) is int and type(value) is int:
            value = now + value if op == "+=" else now - value
        else:
            value = joined(now, value, op, nn, -1 if ctx.journal is not None else 2)
    if bd is not None and isinstance(value, int):
        value = clamp(ctx, bd, key, value)
    journal = ctx.journal
    if entry is not None:  # ctx.touch(entry)
        ctx.version = version = ctx.version + 1
        stamps = ctx.stamps
        if journal is not None:
            journal.append((stamps, entry, stamps.get(entry, MISSING), True))
        stamps[entry] = version
    if journal is not None:
        journal.append((c, key, old, False))
    c[key] = value


def LOCAL(ctx: Ctx, env: dict[str, Any], name: str, value: Any,  # noqa: N802
          quiet: bool = False) -> None:
    """``set NAME = value`` of a local, quiet if fresh or (``quiet``) a ``let``, a loop's."""
    journal = ctx.journal
    if journal is not None:
        journal.append((env, name, env.get(name, MISSING), quiet or name not in env))
    env[name] = value


def UNSET(ctx: Ctx, env: dict[str, Any], name: str, old: Any) -> None:  # noqa: N802
    """``machine.unbind`` in environment ``env``: give ``name`` back its ``old`` value."""
    gone = old is MISSING or old == "__missing__"
    if gone and name not in env:
        return
    if ctx.journal is not None:
        ctx.journal.append((env, name, env.get(name, MISSING), True))
    if gone:
        env.pop(name)
    else:
        env[name] = old


KEYPLACE = key_place
"""A ``set``'s place ``base.(key)``: ``KEYPLACE(ctx, t, base, key)`` -> container, key
(``t``: ``{"d": default}`` or {}); ``machine.key_place`` itself (one call less)."""


def DO(ctx: Ctx, code: Any, k: Cont) -> bool:  # noqa: N802
    """``do E`` in a trial: run the code ``E`` names in its own scope, then ``k``."""
    if not isinstance(code, dict):
        return k()
    env = ctx.env()
    nodes = ctx.index.nodes
    if "op" in code and (dict.__contains__(nodes, nid := code.get("id")) or nid in nodes):
        code = {"code": code["id"], "this": env.get("this")}  # (a known node: no Python call)
    elif not (dict.__contains__(nodes, nid := code.get("code")) or nid in nodes):
        return k()
    frame = {"k": "scope", "env": {"you": env.get("you"), "this": code.get("this"),
                                   "event": env.get("event")}}
    ctx.frames.append(frame)
    fn: Trial = ctx.code[TRIALS_KEY][code["code"]]
    if (direct := getattr(fn, "direct", None)) is not None:  # CPS's: run it, then k
        return direct(ctx, frame["env"]) and (ctx.pop(frame) or k())  # type: ignore[func-returns-value]
    return fn(ctx, lambda: ctx.pop(frame) or k(), None, frame["env"])  # type: ignore[func-returns-value]


def CHOOSE(ctx: Ctx, nid: int, left: int | None, picked: list[Any],  # noqa: N802
           k: Cont) -> bool:
    """A decision in a trial: try its options depth first (an option's body, then the
    rest), stop at the first that applies; with no option it does nothing and the trial
    goes on. ``left``: picks still to make (``choose N``), None for one."""
    node = ctx.index.nodes[nid]
    opts = choose._lazy_options(ctx, node, picked, bool(picked) or (left or 0) > 1)
    first = next(opts, None)
    if first is None:
        return k()
    journal = ctx.journal
    assert journal is not None
    frames = ctx.frames
    for opt in itertools.islice(itertools.chain([first], opts), OPTION_CAP):
        mark, saved = len(journal), frames[:]
        if opt["l"] == choose.STOP:
            if k():
                return True
        elif _take(ctx, node, left, picked, opt, k):
            return True
        ctx.undo(mark)
        frames[:] = saved
    return False


def _take(ctx: Ctx, node: dict[str, Any], left: int | None, picked: list[Any],
          opt: dict[str, Any], k: Cont) -> bool:
    """Run option ``opt`` of decision ``node`` and the rest of the trial after it."""
    label = opt["l"]
    env, journal, old = ctx.env(), ctx.journal, []
    for name, value in opt["b"].items():  # machine.bind (ctx.put, quiet)
        old.append((name, was := env.get(name, MISSING)))
        journal.append((env, name, was, True))  # type: ignore[union-attr]
        env[name] = value
    body: Trial = ctx.code[TRIALS_KEY][node["alts"][opt["a"]]["b"]["id"]]

    def after() -> bool:
        for name, was in old:
            UNSET(ctx, env, name, was)
        if left is None or left - 1 <= 0:
            return k()
        return CHOOSE(ctx, node["id"], left - 1, picked + [label], k)

    try:
        return body(ctx, after, k, env)
    except DryFail:
        return False


def MUST(ctx: Ctx, body: Trial, k: Cont) -> bool:  # noqa: N802
    """``require can (S); S`` in a trial, S run once (``body(k2)``: S, then ``k2``): yes when a
    way through S changes something and a way lets the rest ``k`` apply (the two runs')."""
    seen: set[int] = set()  # 0: a way changed something, 1: the rest applied after one
    mark = len(ctx.journal or ())

    def after() -> bool:
        if 0 not in seen and ctx.changed(mark):
            seen.add(0)
        if ok := k():
            seen.add(1)
        return ok and 0 in seen

    return body(after) or len(seen) == 2  # (a DryFail before S's first decision: no way)


def must_pair(ctx: Ctx | None, req: dict[str, Any], n: dict[str, Any]) -> bool:
    """Whether ``req; n`` is ``require can (S); S`` (``must``) with S a copy of one text
    that no ``stop`` leaves (``can`` would end S there); kept in ctx's memo."""
    key, memo = ("must", req["id"]), ctx.index.memo if ctx else {}
    if key not in memo:
        c = req["c"] if req["op"] == "req" else {}
        memo[key] = c.get("op") == "can" and not _leaves(n) and _shape(c["b"]) == _shape(n)
    return bool(memo[key])


def _leaves(n: dict[str, Any]) -> bool:  # a stop not inside a loop or option of n's
    kids: list[Any] = n["b"] if n["op"] == "seq" else [n["b"]] if n["op"] == "with" else \
        [n.get("t"), n.get("e")] if n["op"] == "if" else []
    return n["op"] == "stop" or any(_leaves(kid) for kid in kids if kid)


def _shape(n: Any) -> Any:  # n without its node ids and lines
    if isinstance(n, dict):
        return {k: _shape(v) for k, v in n.items() if k not in ("id", "x", "at")}
    return [_shape(v) for v in n] if isinstance(n, list) else n


# last: choose imports this module (attributes read when a trial meets a decision)
from compiler.runtime import choose, reactions  # noqa: E402
