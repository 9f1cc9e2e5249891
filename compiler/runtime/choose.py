"""Decisions: ``choose`` posts the options that can be applied, and runs the one taken.

An option is one alternative of a ``choose``, once per binding of its generators
(``for each c in hand where ...:``), named by its label (JSON data: what
``legal_actions`` lists). An option is offered only when a trial run finds a way to
apply it in full that changes something or says an event (rulebook: "you must be able
to apply the effects"; "a choice never offers an option that can do nothing"): every
``require`` on the way holds. A decision with no option does nothing, in a trial as in
the game (so "put a resource on another card" with no such card is skipped; a rule
that needs the decision says ``require`` first). An alternative that is exactly
``skip`` is a deliberate "nothing" and is always offered.

``choose N (...)`` takes N options one after another, ``choose up to N`` also offers
``{"stop": true}``; a label is taken at most once. A decision with one option (and
no stop) answers itself.

Trial runs (``trial``) run the option on a copy of the frames with every state write
journaled, try every answer of inner decisions depth first, and roll everything back.
Reactions fire in a trial as in the game (reactions.py)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any

from compiler.runtime import resume
from compiler.runtime.cps import MUST, TRIALS_KEY, must_pair, run_trial
from compiler.runtime.ctx import Ctx, DryFail, Frame
from compiler.runtime.machine import STEPS, _saved, bind, dry_run, start, unbind
from compiler.runtime.reactions import NeedFrames, OrderBranch
from compiler.runtime.text import prompt
from compiler.runtime.values import clone, ev, ev_in, items_of, num

__all__ = ["frame_must", "options", "order_completes", "step_choose", "step_must"]

STOP = {"stop": True}
Option = dict[str, Any]


def step_choose(ctx: Ctx, f: Frame) -> None:
    """Post the decision, take an answer, or go on after the option taken has run."""
    node = ctx.index.nodes[f["n"]]
    if f.get("running"):
        _finish_option(ctx, f, node)
        if f.get("left", 1) <= 0 or "n" not in node:
            ctx.pop(f)
        return
    if "left" not in f and "n" in node:
        f["left"] = num(ev(ctx, node["n"]))
        if f["left"] <= 0:
            ctx.pop(f)
            return
    if ctx.dry:
        raise _Branch(f, node)
    if "ans" in f:
        _take(ctx, f, node, f.pop("ans"))
        return
    opts = options(ctx, node, f.get("picked") or [])
    base = _enclosing(ctx)
    if base is not None and len(opts) > 1:
        ctx.rest = []  # whether the rest cannot fail: found once (resume.completes)
        opts = [opt for opt in opts if completes(ctx, base, node, opt)]
    if node.get("upto"):
        opts.append({"l": STOP})
    if not opts:
        ctx.pop(f)
        return
    if len(opts) == 1:
        _take_option(ctx, f, node, opts[0])
        return
    f["opts"] = opts
    you = ctx.env().get("you")
    ctx.state["pending"] = {"player": you if isinstance(you, int) else 0,
                            "kind": node.get("kind", "choose"),
                            "prompt": prompt(ctx, node),
                            "options": [clone(o["l"]) for o in opts]}


def _take(ctx: Ctx, f: Frame, node: dict[str, Any], answer: Any) -> None:
    opt = next((opt for opt in f.pop("opts", []) if opt["l"] == answer), None)
    _take_option(ctx, f, node, opt) if opt is not None else ctx.pop(f)


def _take_option(ctx: Ctx, f: Frame, node: dict[str, Any], opt: Option) -> None:
    """Bind the option's generator variables and run its body above this frame."""
    f.pop("opts", None)
    if opt["l"] == STOP:
        ctx.pop(f)
        return
    f["picked"] = (f.get("picked") or []) + [opt["l"]]
    if "a" not in opt:
        ctx.pop(f)
        return
    f["running"] = True
    if ctx.trace is not None and not ctx.dry:
        ctx.trace[(f["n"], opt["a"])] += 1
    f["old"] = {k: _saved(bind(ctx, k, v)) for k, v in opt["b"].items()}
    start(ctx, node["alts"][opt["a"]]["b"])


def _finish_option(ctx: Ctx, f: Frame, node: dict[str, Any]) -> None:
    for name, old in (f.pop("old", None) or {}).items():
        unbind(ctx, name, old)
    f.pop("running", None)
    if "left" in f:
        f["left"] -= 1


def options(ctx: Ctx, node: dict[str, Any], picked: list[Any], trial_each: bool = True
            ) -> list[Option]:
    """Every option of ``node`` now, labels not in ``picked``; with ``trial_each``
    only those a trial run can apply (see the module docstring)."""
    out: list[Option] = []
    ctx.applied = set()
    for k, alt in enumerate(node["alts"]):
        body = alt["b"]
        for binding in list(_lazy_bindings(ctx, alt["gens"], 0, {})):  # every binding
            if picked:  # the label first: an option already taken is not tried
                label = _label(ctx, alt, binding)
                if label in picked:
                    continue
            ctx.cut = False
            if trial_each and body["op"] != "skip" and not trial(ctx, body, binding):
                continue
            if not picked:  # only an option that can be applied needs its label
                label = _label(ctx, alt, binding)
            out.append({"l": label, "a": k, "b": binding})
            if trial_each and not ctx.cut:  # applied, not just cut short (see resume.py)
                ctx.applied.add(id(out[-1]))
    return out


def _label(ctx: Ctx, alt: dict[str, Any], binding: dict[str, Any]) -> Any:
    """The option's label (no copy: values never change in place; the decision posted
    holds copies)."""
    return ev_in(ctx, alt["label"], {**ctx.env(), **binding})


# ---- trial runs ----------------------------------------------------------------------

class _Branch(Exception):
    """A decision inside a trial run (``args``: its frame and node): try its options."""


def trial(ctx: Ctx, body: dict[str, Any], binding: dict[str, Any]) -> bool:
    """Whether ``body`` (with ``binding``) can be applied in full and changes something
    (with the compiled engine, by the body's compiled trial function: cps.py, unless it
    meets reactions it does not run inline)."""
    table = ctx.code.get(TRIALS_KEY)
    compiled = table.get(body.get("id")) if table else None
    if compiled is not None:
        try:
            return run_trial(ctx, compiled, binding)
        except NeedFrames:
            pass
    env = clone(ctx.env())
    env.update(binding)

    def body_then_explore() -> bool:
        start(ctx, body)
        return _explore(ctx)

    return dry_run(ctx, [{"k": "scope", "env": env}], 1, body_then_explore)


def _explore(ctx: Ctx) -> bool:
    """Run the trial frames down to ``ctx.floor``; at a decision, try each option depth
    first. At the end of an option's own trial (floor 1) it must have changed something;
    a continuation (see ``completes``) only has to get there."""
    frames = ctx.frames
    try:
        while len(frames) > ctx.floor:
            top = frames[-1]
            STEPS[top["k"]](ctx, top)
        return ctx.changed() if ctx.floor == 1 else True
    except _Branch as branch:
        return _try_options(ctx, branch)
    except _Done as done:
        return bool(done.args[0])
    except OrderBranch as branch:
        return _tries(ctx, branch.args[0], partial(_answer, ctx))
    except DryFail:
        return False


class _Done(Exception):
    """The trial's answer, found by a step (``must``): ``args[0]``."""


def frame_must(ctx: Ctx, req: dict[str, Any]) -> None:
    """``cps.MUST`` on a trial's frames at ``require can (S)``: S, a ``must`` frame, the rest."""
    f = ctx.frames[-1]
    body = ctx.index.nodes[f["n"]]["b"] if f["k"] == "seq" else ()
    if f["i"] < len(body) and body[f["i"] - 1] is req and must_pair(ctx, req, body[f["i"]]):
        f["i"] += 1

        def run(k2: Callable[[], bool]) -> bool:
            ctx.push({"k": "must", "k2": k2})  # (its step: S has run to its end)
            start(ctx, body[f["i"] - 1])
            return _explore(ctx)
        raise _Done(MUST(ctx, run, partial(_explore, ctx)))


def step_must(ctx: Ctx, f: Frame) -> None:
    ctx.pop(f)
    raise _Done(f["k2"]())


def _lazy_options(ctx: Ctx, node: dict[str, Any], picked: list[Any],
                  labels: bool = True) -> Iterator[Option]:
    """The options of ``node`` one at a time, each binding found and filtered only when
    the one before it did not lead to a full application (a trial run stops at the first
    option that does, so the rest of a long list is never looked at). Without
    ``labels`` (nothing picked yet and nothing to pick after) the label is None: a
    compiled trial needs it only to leave out what is already picked. The likely shortest
    first (same answer): ``stop``, alternatives without generators ("stop selling")."""
    if node.get("upto"):
        yield {"l": STOP}
    alts, memo = node["alts"], ctx.index.memo  # (the order kept per rules)
    if (order := memo.get(("order", node["id"]))) is None:
        order = memo["order", node["id"]] = range(1) if len(alts) == 1 else \
            sorted(range(len(alts)), key=lambda k: bool(alts[k]["gens"]))
    for k in order:
        alt = alts[k]
        for binding in _lazy_bindings(ctx, alt["gens"], 0, {}):
            if not labels:
                yield {"l": None, "a": k, "b": binding}
                continue
            label = _label(ctx, alt, binding)
            if label not in picked:
                yield {"l": label, "a": k, "b": binding}


def _lazy_bindings(ctx: Ctx, gens: list[dict[str, Any]], level: int,
                   binding: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """``_bindings`` as a generator; no scope frame stays pushed while it is suspended
    (the trial runs the options it yields on the same frame stack)."""
    if level == len(gens):
        yield binding
        return
    gen = gens[level]
    names = {**ctx.env(), **binding}
    items = list(items_of(ev_in(ctx, gen["src"], names)))
    var, where, last = gen["v"], gen.get("w"), level + 1 == len(gens)
    scope = {"k": "scope", "env": names}  # pushed by hand: a trial restores the frames
    for item in items:
        if where is not None:
            names[var] = item  # the names of this level, the variable set to the item
            ctx.frames.append(scope)
            keep = ev(ctx, where, names)
            ctx.frames.pop()
            if not keep:
                continue
        if last:  # (no generator more for the last level)
            yield {**binding, var: item}
        else:
            yield from _lazy_bindings(ctx, gens, level + 1, {**binding, var: item})


def _try_options(ctx: Ctx, branch: _Branch) -> bool:
    """Try each option of a decision inside a trial; with none, the decision does
    nothing and the trial goes on (as it does in a real game)."""
    f, node = branch.args
    opts = _lazy_options(ctx, node, f.get("picked") or [])
    first = next(opts, None)
    if first is None:
        ctx.pop(f)
        return _explore(ctx)
    return _tries(ctx, itertools.islice(itertools.chain([first], opts), 64),
                  lambda opt: _take_option(ctx, ctx.frames[-1], node, opt))


def _tries(ctx: Ctx, answers: Iterable[Any], take: Callable[[Any], None]) -> bool:
    """Whether the trial applies in full after ``take`` of some answer (each rolled
    back): a decision's options, or the reactions an owner may run first."""
    assert ctx.journal is not None
    for answer in answers:
        mark = len(ctx.journal)
        saved = clone(ctx.frames)
        try:
            take(answer)
            if _explore(ctx):
                return True
        except DryFail:
            pass
        ctx.undo(mark)
        ctx.frames[:] = saved
    return False


def _answer(ctx: Ctx, answer: Any) -> None:
    ctx.frames[-1]["ans"] = answer


def order_completes(ctx: Ctx, answer: dict[str, Any]) -> bool:
    """Whether running reaction ``answer`` first (of the ``react`` frame on top) still
    lets the enclosing option be applied in full (True outside an option)."""
    base = _enclosing(ctx)
    return base is None or _rest(ctx, base, partial(_answer, ctx, answer))


def _enclosing(ctx: Ctx) -> int | None:
    """The index of the outermost option being run (a ``ch`` frame that is running)
    above the innermost flow frame (a reaction's decision too: the option that fired it
    must still complete), or None: the decision on top is then not inside an option."""
    frames = ctx.frames
    found = None
    for i in range(len(frames) - 2, -1, -1):
        kind = frames[i]["k"]
        if kind == "flow":
            break
        if kind == "ch" and frames[i].get("running"):
            found = i
    return found


def completes(ctx: Ctx, base: int, node: dict[str, Any], opt: Option) -> bool:
    """Whether taking ``opt`` of the decision on top still lets the enclosing option (the
    frames from ``base`` up) be applied in full: a trial of the option followed by the
    rest of the enclosing one, rolled back. So a payment is only offered when the card's
    effect can still be paid for after it ("you must be able to apply the effects").
    With the compiled engine the rest runs as compiled functions (``resume.py``); the
    frame trial (``frame_completes``) is the oracle."""
    if ctx.code:
        answer = resume.completes(ctx, base, node, opt)
        if answer is not None:
            return answer
    return frame_completes(ctx, base, node, opt)


def frame_completes(ctx: Ctx, base: int, node: dict[str, Any], opt: Option) -> bool:
    """``completes`` on the frame machine (the interpreter's, and the oracle)."""
    return _rest(ctx, base, lambda: _take_option(ctx, ctx.frames[-1], node, opt))


def _rest(ctx: Ctx, base: int, take: Callable[[], None]) -> bool:
    """Whether the frames from ``base`` up apply in full after ``take`` (a trial)."""

    def take_then_rest() -> bool:
        take()
        return _explore(ctx)

    return dry_run(ctx, ctx.frames[:base] + clone(ctx.frames[base:]), base, take_then_rest)
