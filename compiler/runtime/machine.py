"""The machine: run statement IR as frames until a decision is open or nothing is left.

A frame is plain data (``{"k": kind, ...}``); the stack lives in the state (a game
paused at a decision is its state). ``start(ctx, node)`` runs a simple statement, or
pushes a compound one's frame; ``run(ctx)`` steps the top frame until a decision.
Frames: ``seq`` (next statement ``i``), ``for`` (items, ``i``, the loop variable's old
value), ``rep`` (``left``), ``while``, ``with`` (the old value to restore), ``scope``
(an environment: ``do``, a reaction, a flow step), ``ch`` (a decision, see choose.py),
``react`` (reactions to run, see reactions.py), ``flow`` (the game, see flow.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from compiler.runtime.ctx import MISSING, Ctx, DryFail, Frame
from compiler.runtime.errors import MAX_STEPS, TRIAL_STEPS, RulesError, TrialBudget, check_bound
from compiler.runtime.straight import COMPOUND, STRAIGHT, plain, run_straight, straight
from compiler.runtime.values import ev, items_of, joined, num

__all__ = ["START", "STEPS", "TrialBudget", "abort", "bind", "dry_run", "run", "start", "unbind"]

Node = dict[str, Any]


def dry_run(ctx: Ctx, frames: list[Frame], floor: int, body: Callable[..., bool],
            *args: Any) -> bool:
    """``body(*args)`` as a trial run on ``frames`` down to ``floor`` (see choose.py): every
    write journaled and rolled back, the frames, journal and open decision restored. A
    run too long (TrialBudget) or too deep for Python's stack counts as applied (True);
    a failed ``require`` (DryFail) as not (False)."""
    saved = ctx.frames, ctx.journal, ctx.dry, ctx.floor
    ctx.frames = frames
    ctx.journal, ctx.dry, ctx.steps, ctx.floor = [], True, 0, floor
    pending = ctx.state["pending"]
    try:
        return body(*args)
    except (TrialBudget, RecursionError):  # too long or too deep to finish: allowed
        ctx.cut = True
        return True
    except DryFail:
        return False
    finally:
        ctx.undo(0)
        ctx.state["pending"] = pending
        ctx.frames, ctx.journal, ctx.dry, ctx.floor = saved


def run(ctx: Ctx) -> None:
    """Step the top frame until a decision is pending or the stack is empty."""
    frames = ctx.frames
    for _ in range(MAX_STEPS):
        if ctx.state["pending"] is not None or not frames or ctx.paused:
            return
        top = frames[-1]
        STEPS[top["k"]](ctx, top)
    loop = next((f for f in reversed(frames) if f["k"] in ("while", "rep", "for")), {"n": -1})
    at = ctx.index.nodes.get(loop["n"], {}).get("at")  # the loop that never ends, by its line
    check_bound("statements without a decision" + (f" ({at})" if at else ""), MAX_STEPS + 1,
                MAX_STEPS)


def start(ctx: Ctx, node: Node) -> None:
    """Begin statement ``node``: simple ones run now, compound ones push a frame."""
    if ctx.dry:
        ctx.steps += 1
        if ctx.steps > TRIAL_STEPS:
            raise TrialBudget()
    elif ctx.trace is not None:
        ctx.trace[node["id"]] += 1
    elif ctx.code and node["op"] in STRAIGHT:
        hit = straight(ctx, node)
        if hit is not None:
            if node["op"] not in COMPOUND:  # a lone let or set: within any budget
                ctx.steps = 0
                hit[0](ctx)
                return
            if run_straight(ctx, *hit):
                return
    _START[node["op"]](ctx, node)


def bind(ctx: Ctx, name: str, value: Any) -> Any:
    """Set a name of the environment; returns its old value (MISSING if unset)."""
    env = ctx.env()
    old = env.get(name, MISSING)
    ctx.put(env, name, value, quiet=True)
    return old


def unbind(ctx: Ctx, name: str, old: Any) -> None:
    env = ctx.env()
    if old is MISSING or old == "__missing__":
        if name in env:
            ctx.put(env, name, None, quiet=True)
            env.pop(name, None)
    else:
        ctx.put(env, name, old, quiet=True)


def _saved(old: Any) -> Any:
    return "__missing__" if old is MISSING else old


def _step_seq(ctx: Ctx, f: Frame) -> None:
    """The next statement; compiled, the ones after it too while each is done at once."""
    body = ctx.index.nodes[f["n"]]["b"]
    while True:
        i = f["i"]
        if i >= len(body):
            ctx.pop(f)
            return
        f["i"] = i + 1
        start(ctx, body[i])
        frames = ctx.frames
        if not ctx.code or not frames or frames[-1] is not f:
            return


def _if(ctx: Ctx, n: Node) -> None:
    if ev(ctx, n["c"]):
        start(ctx, n["t"])
    elif "e" in n:
        start(ctx, n["e"])


def _for(ctx: Ctx, n: Node) -> None:
    items = list(items_of(ev(ctx, n["src"])))
    ctx.push({"k": "for", "n": n["id"], "items": items, "i": 0,
              "old": _saved(ctx.env().get(n["v"], MISSING))})


def _step_for(ctx: Ctx, f: Frame) -> None:
    node = ctx.index.nodes[f["n"]]
    while f["i"] < len(f["items"]):
        item = f["items"][f["i"]]
        f["i"] += 1
        bind(ctx, node["v"], item)
        if "w" not in node or ev(ctx, node["w"]):
            start(ctx, node["b"])
            return
    unbind(ctx, node["v"], f["old"])
    ctx.pop(f)


def _rep(ctx: Ctx, n: Node) -> None:
    left = num(ev(ctx, n["n"]))
    if left > MAX_STEPS and not ctx.dry and plain(n["b"]):  # a step a turn: sure to pass
        check_bound(f"statements without a decision ({n.get('at')})", left, MAX_STEPS)
    ctx.push({"k": "rep", "n": n["id"], "left": left})


def _step_rep(ctx: Ctx, f: Frame) -> None:
    if f["left"] <= 0:
        ctx.pop(f)
        return
    f["left"] -= 1
    start(ctx, ctx.index.nodes[f["n"]]["b"])


def _step_while(ctx: Ctx, f: Frame) -> None:
    node = ctx.index.nodes[f["n"]]
    if ev(ctx, node["c"]):
        start(ctx, node["b"])
    else:
        ctx.pop(f)


def _with(ctx: Ctx, n: Node) -> None:
    value = ev(ctx, n["e"])
    if n["v"] == "you":
        you_seat(ctx, value, n.get("at"))
    ctx.push({"k": "with", "v": n["v"], "old": _saved(bind(ctx, n["v"], value))})
    start(ctx, n["b"])


def _step_with(ctx: Ctx, f: Frame) -> None:
    unbind(ctx, f["v"], f["old"])
    ctx.pop(f)


def _set(ctx: Ctx, n: Node) -> None:
    container, key = _place(ctx, n["t"])
    if container is None:
        return
    assign(ctx, n, container, key, ev(ctx, n["e"]))


def assign(ctx: Ctx, n: Node, container: Any, key: Any, value: Any) -> None:
    """The write of ``set`` ``n`` once its place is found and its value computed."""
    op = n["o"]
    if op != "=":
        value = joined(container.get(key) if isinstance(container, dict) else container[key],
                       value, op, n.get("nn", False), -1 if ctx.journal is not None else 0)
    if "bd" in n and isinstance(value, int):
        value = clamp(ctx, n["bd"], key, value)
    t = n["t"]
    roots = ctx.index.roots
    entry = roots.get(n["id"], MISSING)
    if entry is MISSING:
        entry = roots[n["id"]] = root_entry(t)
    if entry is not None:
        ctx.touch(entry)
    ctx.put(container, key, value, quiet=op == "=" and t["op"] == "var" and
            t["n"] not in ctx.env())


def root_entry(t: Node) -> str | None:
    """The state entry a place belongs to (``board`` for ``board.(s).tile``); None for
    a local."""
    while t["op"] == "key":
        t = t["of"]
    return t["k"] if t["op"] == "st" else None


def _place(ctx: Ctx, t: Node) -> tuple[Any, Any]:
    """The container and key a place expression names (None when it does not exist)."""
    if t["op"] == "var":
        return ctx.env(), t["n"]
    if t["op"] == "st":
        if "p" not in t:
            return ctx.state, t["k"]
        return seat(ctx, ev(ctx, t["p"])), t["k"]
    return key_place(ctx, t, ev(ctx, t["of"]), ev(ctx, t["k"]))


def seat(ctx: Ctx, p: Any) -> dict[str, Any] | None:
    """Player ``p``'s state, None for anything that is not a seat."""
    players = ctx.state["players"]
    return players[p] if type(p) is int and 0 <= p < len(players) else None  # not a bool


def you_seat(ctx: Ctx, p: Any, at: Any) -> None:
    """``with you = p`` of a seat the game has not: a rules failure, never a no-op."""
    if p is not None and seat(ctx, p) is None:
        who = f"player {p + 1}" if type(p) is int and p >= 0 else f"seat {p!r}"
        raise RulesError(f"no {who} in a {len(ctx.state['players'])}-player game (with you"
                         f" = ..., {at})")


def key_place(ctx: Ctx, t: Node, base: Any, key: Any) -> tuple[Any, Any]:
    """The container and key of place ``base.(key)`` (target ``t``; None when it does
    not exist); a mapping gets ``t``'s default first."""
    if isinstance(base, dict) and isinstance(key, (str, int)):
        if key not in base and "d" in t:
            ctx.put(base, key, t["d"])
        return base, key
    if isinstance(base, list) and isinstance(key, int) and -len(base) <= key < len(base):
        return base, key
    return None, None


def clamp(ctx: Ctx, bd: list[str], key: Any, value: int) -> int:
    """``value`` within the bounds of entry ``bd`` (``flow.bounds``, from its cache when it
    is there: the import only the first time)."""
    key = key if bd[2] else None
    table = ctx.index.bounds.get((bd[0], bd[1]))
    if table is None:
        from compiler.runtime.flow import bounds

        lo, hi = bounds(ctx, bd[0], bd[1], key)
    else:
        lo, hi = table.get(key, (None, None))
    if lo is not None and value < lo:
        value = lo
    if hi is not None and value > hi:
        value = hi
    return value


def _req(ctx: Ctx, n: Node) -> None:
    if ctx.dry and n["c"]["op"] == "can":  # ``must``: S run once (cps.MUST)
        choose.frame_must(ctx, n)
    if not ev(ctx, n["c"]):
        if ctx.dry:
            raise DryFail()
        abort(ctx)


def abort(ctx: Ctx) -> None:
    """A requirement failed outside a trial: drop the rest of the innermost scope (and
    say so in the state's ``warnings``)."""
    warnings = list(ctx.state.get("warnings") or [])
    where = next((f for f in reversed(ctx.frames) if "n" in f), None)
    node = ctx.index.nodes.get(where["n"]) if where else None
    warnings.append({"warning": "a requirement did not hold: the rest of the effect was "
                     "skipped", "at": (node or {}).get("at"), "round": ctx.state["round"]})
    ctx.state["warnings"] = warnings[-50:]
    while ctx.frames and ctx.frames[-1]["k"] not in ("scope", "flow"):
        ctx.frames.pop()
    if ctx.frames and ctx.frames[-1]["k"] == "scope" and len(ctx.frames) > 1:
        ctx.frames.pop()


def _do(ctx: Ctx, n: Node) -> None:
    code = ev(ctx, n["e"])
    env = ctx.env()
    if isinstance(code, dict) and "op" in code and code.get("id") in ctx.index.nodes:
        code = {"code": code["id"], "this": env.get("this")}
    if not isinstance(code, dict) or code.get("code") not in ctx.index.nodes:
        return
    ctx.push({"k": "scope", "env": {"you": env.get("you"), "this": code.get("this"),
                                    "event": env.get("event")}})
    start(ctx, ctx.index.nodes[code["code"]])


def _stop(ctx: Ctx, n: Node) -> None:
    """Leave the innermost loop (never past a scope)."""
    frames = ctx.frames
    for i in range(len(frames) - 1, -1, -1):
        kind = frames[i]["k"]
        if kind in ("scope", "flow"):
            return
        if kind in ("for", "rep", "while", "ch"):
            while len(frames) > i:
                top = frames[-1]
                if top["k"] in ("with", "for"):
                    name = top["v"] if top["k"] == "with" else \
                        ctx.index.nodes[top["n"]]["v"]
                    unbind(ctx, name, top["old"])
                frames.pop()
            return


def _fn(ctx: Ctx, n: Node) -> None:
    if n["f"] == "shuffle":
        container, key = _place(ctx, n["a"][0])
        if container is not None:
            items = list(container[key] or [])
            rng: random.Random = ctx.rng()
            rng.shuffle(items)
            entry = root_entry(n["a"][0])
            if entry is not None:
                ctx.touch(entry)
            ctx.put(container, key, items)
        return
    raise RulesError(f"unknown core statement '{n['f']}'")


_START: dict[str, Callable[[Ctx, Node], object]] = {
    "seq": lambda ctx, n: ctx.push({"k": "seq", "n": n["id"], "i": 0}),
    "while": lambda ctx, n: ctx.push({"k": "while", "n": n["id"]}),
    "choose": lambda ctx, n: ctx.push({"k": "ch", "n": n["id"]}),
    "let": lambda ctx, n: ctx.put(ctx.env(), n["v"], ev(ctx, n["e"]), quiet=True),
    "grant": lambda ctx, n: reactions.grant(ctx, n), "skip": lambda ctx, n: None,
    "if": _if, "for": _for, "rep": _rep, "with": _with, "set": _set, "req": _req, "do": _do,
    "stop": _stop, "fn": _fn,  # an event: the reactions that answer run next (in a trial too)
    "emit": lambda ctx, n: reactions.emit(ctx, n["ev"], {k: ev(ctx, v) for k, v in n["f"].items()}),
}


def _steps() -> dict[str, Callable[[Ctx, Frame], None]]:
    from compiler.runtime.choose import step_choose, step_must
    from compiler.runtime.flow import step_flow
    from compiler.runtime.reactions import step_react

    return {"seq": _step_seq, "for": _step_for, "rep": _step_rep, "while": _step_while,
            "with": _step_with, "scope": lambda ctx, f: ctx.pop(f), "ch": step_choose,
            "must": step_must, "react": step_react, "flow": step_flow}


class _Steps(dict[str, Callable[[Ctx, Frame], None]]):
    def __missing__(self, key: str) -> Callable[[Ctx, Frame], None]:
        self.update(_steps())
        if key not in self:
            raise RulesError(f"unknown frame kind '{key}'")
        return self[key]


STEPS: dict[str, Callable[[Ctx, Frame], None]] = _Steps()
START = _START
"""The simple statements' runners by ``op`` (compiled trials call them: cps.STMT)."""

# last: reactions and choose import this module (attributes read when called)
from compiler.runtime import choose, reactions  # noqa: E402
