"""Expand a use of a game's definition into core IR (definitions are macros).

Entry points: ``expand(rc, d, args, syn, scope)`` and ``check_definition(rc, d)``.

A definition's body is resolved where it is used, with its parameters bound to the
arguments. Effect and condition parameters are passed by name: the argument's IR takes
the parameter's place (it still reads the caller's names). Other parameters of an effect
definition are evaluated once, first, into fresh locals; value definitions substitute
all arguments (values have no side effects). Names the body binds (loops, ``let``) are
fresh, so an argument never sees them; ``you``, ``this`` and ``event`` stay dynamic: the
words of the game act for whoever is acting.

A definition with ``modifiable: true`` gives a value that reactions may change
(``modify ID by N``, see ``compiler.runtime.reactions``).
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic, Span
from compiler.lang.declare import Definition
from compiler.lang.parse import parse, text_positions
from compiler.lang.scope import IR, RC, Binding, Fail, Scope, clone, var
from compiler.lang.syntax import Syn
from compiler.lang.types import Type

__all__ = ["body_of", "check_definition", "expand"]

BY_NAME = ("effect", "condition")


def body_of(rc: RC, d: Definition) -> Syn | None:
    """The parsed body of ``d`` (parsed once; None if it does not parse)."""
    if d.id not in rc.bodies:
        text = d.record.get(d.form)
        if isinstance(text, int) and not isinstance(text, bool):
            text = str(text)
        if not isinstance(text, str):
            rc.bodies[d.id] = None
            return None
        span = d.doc.span(d.body_path)
        position = text_positions(d.doc, d.body_path, span, text)
        syn, errs = parse("effect" if d.form == "effect" else "expr", text, position,
                          d.doc.path)
        rc.diags.extend(errs)
        rc.bodies[d.id] = syn
    return rc.bodies[d.id]


def expand(rc: RC, d: Definition, args: dict[str, tuple[IR, Type, bool]], syn: Syn,
           scope: Scope) -> tuple[IR, Type]:
    """The IR of ``d`` used at ``syn`` with ``args`` (resolved in the caller's scope)."""
    if any(cid == d.id for cid, _ in rc.calls):
        raise rc.fail(syn, "R035", f"definition '{d.id}' uses itself",
                      hint="definitions are expanded where they are used: write the "
                      "repetition with 'repeat' or 'while'")
    body = body_of(rc, d)
    if body is None or d.id in rc.bad:
        return ({"op": "skip", "at": f"{rc.path}:{syn.line}"}, "effect") \
            if d.form == "effect" else \
            ({"op": "lit", "v": None}, "any")
    inner = Scope({n: _dynamic(scope, n) for n in ("you", "this", "event")})
    pre: list[IR] = []
    for name, (ir, t, code) in args.items():
        declared = d.params[name]
        shown = t if declared in ("any", "value") else declared
        if d.form == "value" or code or declared in BY_NAME:
            inner.bind(name, Binding(ir, shown, code))
        else:
            fresh = rc.fresh(name)
            pre.append({"op": "let", "v": fresh, "e": ir, "at": f"{rc.path}:{syn.line}"})
            inner.bind(name, var(fresh, shown))
    site = Span(rc.path, syn.line, syn.col)
    if not rc.calls and d.record.get("checks"):
        from compiler.lang.checks import check_uses

        check_uses(rc, d, args, site, scope)
    rc.calls.append((d.id, site))
    rc.texts.append({"def": d.id, "args": {n: _literal(a[0]) for n, a in args.items()}})
    saved = rc.path
    rc.path = d.doc.path
    try:
        return _body(rc, d, body, inner, pre)
    finally:
        rc.path = saved
        rc.calls.pop()
        rc.texts.pop()


def _body(rc: RC, d: Definition, body: Syn, inner: Scope, pre: list[IR]) -> tuple[IR, Type]:
    from compiler.lang.expr import expr
    from compiler.lang.stmt import stmt

    if d.form == "effect":
        ir = stmt(rc, body, inner)
        return ({"op": "seq", "b": pre + [ir], "at": ir.get("at", "")} if pre else ir), \
            "effect"
    ir, t = expr(rc, body.kids[0] if body.op == "seq" else body, inner)
    if d.record.get("modifiable"):
        ir = {"op": "modv", "name": d.id, "base": ir,
              "params": {n: b.read() for n, b in inner.names.items() if n in d.params}}
        if "min" in d.record:
            ir["lo"] = d.record["min"]
    return ir, t


def _dynamic(scope: Scope, name: str) -> Binding:
    bound = scope.lookup(name)
    return var(name, bound.type if bound is not None else "any")


def _literal(ir: IR) -> Any:
    return clone(ir["v"]) if ir.get("op") == "lit" else None


def check_definition(rc: RC, d: Definition) -> None:
    """Resolve ``d``'s body alone, its parameters standing for values of their types,
    so an error in it is reported once, at the definition."""
    body = body_of(rc, d)
    if body is None:
        rc.bad.add(d.id)
        return
    args: dict[str, tuple[IR, Type, bool]] = {}
    for name, t in d.params.items():
        if t == "effect":
            args[name] = ({"op": "skip", "at": f"{d.doc.path}:{d.span.line}"}, "effect", True)
        else:
            args[name] = ({"op": "var", "n": f"{name}~param"}, t, False)
    scope = Scope({"you": var("you", "player"), "this": var("this", "any"),
                   "event": var("event", "any")})
    saved_path, count = rc.path, len(rc.diags)
    start = Syn("app", d.span.line, d.span.col, ())
    rc.path = d.doc.path
    try:
        expand(rc, d, args, start, scope)
    except Fail as exc:
        rc.diags.append(_at_definition(exc.diag, d))
        rc.bad.add(d.id)
    finally:
        rc.path = saved_path
    if len(rc.diags) > count:
        rc.bad.add(d.id)


def _at_definition(diag: Diagnostic, d: Definition) -> Diagnostic:
    """A body error found while checking ``d`` alone: the self-call site is not a use."""
    related = tuple(s for s in diag.related if s != d.span)
    return Diagnostic(diag.span, diag.code, f"in definition '{d.id}': {diag.message}",
                      diag.severity, diag.hint, related)
