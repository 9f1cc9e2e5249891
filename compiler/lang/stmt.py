"""Resolve statements -> IR (docs/dsl.md, 'Statements').

Entry point: ``stmt(rc, syn, scope)``. Statement IR (``op``): ``seq b``, ``if c t [e]``,
``for v src [w] b``, ``rep n b``, ``while c b``, ``choose alts [n upto] kind [prompt]``
(each alt ``{gens: [{v, src, w, label}], b, label}``), ``let v e``, ``with v e b``,
``set t o e [b]``, ``req c``, ``do e``, ``emit ev f``, ``grant spec until``, ``skip``,
``stop``, ``fn f a`` (a core statement such as shuffle).
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import did_you_mean
from compiler.lang.checks import check_seat
from compiler.lang.expand import prompt_of
from compiler.lang.expr import binder, expr, want_bool
from compiler.lang.hints import not_a_statement
from compiler.lang.scope import IR, RC, Fail, Scope, var
from compiler.lang.syntax import Syn
from compiler.lang.types import Type, compatible, element, no_none, show, strip_opt

__all__ = ["stmt"]


def stmt(rc: RC, syn: Syn, scope: Scope) -> IR:
    """The IR of statement ``syn``; raises ``Fail`` (sequences at the top of a text
    record the failure and go on with the next statement)."""
    handler = _HANDLERS.get(syn.op, _expression)
    ir = handler(rc, syn, scope)
    if "at" not in ir:
        ir["at"] = f"{rc.path}:{syn.line}"
    return ir


def _seq(rc: RC, syn: Syn, scope: Scope) -> IR:
    inner = scope.child()
    out: list[IR] = []
    for kid in syn.kids:
        try:
            ir = stmt(rc, kid, inner)
        except Fail as exc:
            if rc.calls or rc.quiet:
                raise
            rc.diags.append(exc.diag)
            continue
        out += ir["b"] if ir["op"] == "seq" else [ir]
    return out[0] if len(out) == 1 else {"op": "seq", "b": out}


def _group(rc: RC, syn: Syn, scope: Scope) -> IR:
    return stmt(rc, syn.kids[0], scope)


def _if(rc: RC, syn: Syn, scope: Scope) -> IR:
    cond, then, other = syn.kids
    ir: IR = {"op": "if", "c": want_bool(rc, cond, scope), "t": stmt(rc, then, scope.child())}
    if other is not None:
        ir["e"] = stmt(rc, other, scope.child())
    return ir


def _for(rc: RC, syn: Syn, scope: Scope) -> IR:
    name, src, where, body = syn.kids
    isrc, tsrc = expr(rc, src, scope, "collection")
    v, inner = binder(rc, scope, name, element(tsrc))
    ir: IR = {"op": "for", "v": v, "src": isrc}
    if where is not None:
        ir["w"] = want_bool(rc, where, inner)
    ir["b"] = looped(rc, body, inner)
    return ir


def _repeat(rc: RC, syn: Syn, scope: Scope) -> IR:
    n = _count(rc, syn.kids[0], scope, "repeat")
    return {"op": "rep", "n": n, "b": looped(rc, syn.kids[1], scope.child())}


def _count(rc: RC, syn: Syn, scope: Scope, what: str) -> IR:
    """A count of ``repeat`` or ``choose``; S004 when it is written below 1: the
    statement would do nothing (QA qa12 S4: "Repeat -1 times")."""
    n, _ = expr(rc, syn, scope, "int")
    if n.get("op") == "lit" and type(n.get("v")) is int and n["v"] < 1:
        raise rc.fail(syn, "S004", f"{what} {n['v']}: the count {n['v']} is below the least "
                      "value 1: it would do nothing", hint=f"write how many, 1 or more, or "
                      f"leave the {what.split()[0]} out")
    return n


def _while(rc: RC, syn: Syn, scope: Scope) -> IR:
    return {"op": "while", "c": want_bool(rc, syn.kids[0], scope),
            "b": looped(rc, syn.kids[1], scope.child())}


def _choose(rc: RC, syn: Syn, scope: Scope) -> IR:
    count, up_to, kind, alts = syn.kids
    ir: IR = {"op": "choose", "alts": [_alt(rc, a, k, scope) for k, a in enumerate(alts)],
              "kind": kind or _kind_of(alts)}
    if count is not None:
        ir["n"] = _count(rc, count, scope, "choose up to" if up_to else "choose")
        ir["upto"] = bool(up_to)
    if rc.texts:
        ir["prompt"] = prompt_of(rc)
    elif rc.notes is not None and rc.notes.on and any("label" not in _plain_alt(a)
                                                       for a in alts):
        # a choice written in a record's own text, with an option that has no label of
        # its own ("option 1"): asked in the sheets' words of the whole choice
        ir["prompt"] = {"tree": rc.notes.tree(syn)}
    return ir


def _plain_alt(alt: Syn) -> dict[str, Any]:
    """An alternative's label and generators as present: ``{"label": ...}`` when it has a
    label or a ``for each`` (its options then say their items)."""
    body, label = alt.kids
    return {"label": label} if label is not None or body.op == "for" else {}


def _kind_of(alts: tuple[Syn, ...]) -> str:
    """A decision's kind when the text names none: the generator's variable (``space``
    for ``for each space in ...``), else ``choose``."""
    body = alts[0].kids[0]
    if len(alts) == 1 and body.op == "for":
        return str(body.kids[0])
    return "choose"


def _alt(rc: RC, syn: Syn, k: int, scope: Scope) -> IR:
    body, label = syn.kids
    gens: list[IR] = []
    positions: set[Any] = set()
    inner = scope
    while body.op == "for":
        name, src, where, rest = body.kids
        isrc, tsrc = expr(rc, src, inner, "collection")
        v, inner = binder(rc, inner, name, element(tsrc))
        if strip_opt(element(tsrc)) == "player":
            rc.player_labels.add(str(name))
        if _positions(isrc):
            positions.add(v)   # [0 .. count L - 1]: a position in L, shown from 1
        gen: IR = {"v": v, "src": isrc, "label": name}
        if where is not None:
            gen["w"] = want_bool(rc, where, inner)
        gens.append(gen)
        body = rest
    ir: IR = {"gens": gens, "b": looped(rc, body, inner.child())}
    if label is not None:
        ir["label"], lt = expr(rc, label, inner)
        if isinstance(lt, tuple) and lt[0] == "obj":
            rc.player_labels.update(k for k, t in lt[1] if strip_opt(t) == "player")
        if ir["label"].get("op") == "obj":   # option keys that hold a 0-based position
            rc.position_labels.update(
                str(k) for k, a in zip(ir["label"]["k"], ir["label"]["a"], strict=True)
                if a.get("op") == "var" and a.get("n") in positions)
    elif gens:
        ir["label"] = {"op": "obj", "k": [g["label"] for g in gens],
                       "a": [{"op": "var", "n": g["v"]} for g in gens]}
    else:
        ir["label"] = {"op": "lit", "v": {"option": k}}
        rc.position_labels.add("option")   # shown to people as "option 1", "option 2"
    return ir


def _let(rc: RC, syn: Syn, scope: Scope) -> IR:
    name, value = syn.kids
    ir, t = expr(rc, value, scope)
    fresh = rc.fresh(name) if rc.calls else name
    scope.bind(name, var(fresh, t))
    return {"op": "let", "v": fresh, "e": ir}


def _with(rc: RC, syn: Syn, scope: Scope) -> IR:
    name, value, body = syn.kids
    want = ("opt", "player") if name == "you" else "any"
    ir, t = expr(rc, value, scope, want)
    if name == "you":
        check_seat(rc, value, ir)
    v, inner = binder(rc, scope, name, t)
    return {"op": "with", "v": v, "e": ir, "b": stmt(rc, body, inner)}


def _require(rc: RC, syn: Syn, scope: Scope) -> IR:
    return {"op": "req", "c": want_bool(rc, syn.kids[0], scope)}


def _do(rc: RC, syn: Syn, scope: Scope) -> IR:
    ir, t = expr(rc, syn.kids[0], scope)
    if not compatible(t, "effect"):
        raise rc.fail(syn, "R003", f"'do' runs an effect, not {show(t)}",
                      hint="do reads an effect field of a record: do c.effect")
    return {"op": "do", "e": ir}


def _emit(rc: RC, syn: Syn, scope: Scope) -> IR:
    event, fields = syn.kids
    declared = rc.decls.events.get(event)
    if declared is None:
        raise rc.fail(syn, "R001", f"unknown event '{event}'",
                      hint=did_you_mean(event, list(rc.decls.events))
                      or "declare it in events.yaml")
    out: dict[str, IR] = {}
    if fields is not None:
        for key, value in zip(fields.kids[0], fields.kids[1], strict=True):
            if key not in declared:
                raise rc.fail(value, "R001", f"event '{event}' has no field '{key}'",
                              hint=did_you_mean(key, list(declared)) or
                              "fields: " + ", ".join(declared))
            out[key], _ = expr(rc, value, scope, declared[key])
    missing = [k for k, t in declared.items()
               if k not in out and not (isinstance(t, tuple) and t[0] == "opt")]
    if missing:
        raise rc.fail(syn, "R043", f"event '{event}' is emitted without its field "
                      f"'{missing[0]}' ({show(declared[missing[0]])})",
                      hint=f"give every field the event declares: emit {event} {{"
                      + ", ".join(f"{k}: ..." for k in declared) + "}; a field that may "
                      "be left out is declared with '?' in events.yaml")
    return {"op": "emit", "ev": event, "f": out}


def event_scope(rc: RC, syn: Syn, event: str, scope: Scope) -> Scope:
    """``scope`` with ``event`` bound to the fields of the declared event."""
    declared = rc.decls.events.get(event)
    if declared is None:
        raise rc.fail(syn, "R001", f"unknown event '{event}'",
                      hint=did_you_mean(event, list(rc.decls.events)) or
                      "declare it in events.yaml")
    return scope.child(event=var("event", ("obj", tuple(declared.items()))))


def _grant(rc: RC, syn: Syn, scope: Scope) -> IR:
    spec, endings = syn.kids
    until = []
    for end in endings:
        inner = event_scope(rc, end, end.kids[0], scope)
        item: IR = {"ev": end.kids[0]}
        if end.kids[1] is not None:
            item["w"] = want_bool(rc, end.kids[1], inner)
        until.append(item)
    return {"op": "grant", "spec": _grant_spec(rc, spec, scope), "until": until}


def _grant_spec(rc: RC, spec: Syn, scope: Scope) -> IR:
    if spec.op == "gmod":
        name, by, where = spec.kids
        inner = modifier_scope(rc, spec, name, scope)
        out: IR = {"mod": name, "by": expr(rc, by, inner, "int")[0]}
        if where is not None:
            out["w"] = want_bool(rc, where, inner)
        return out
    event, where, body = spec.kids
    inner = event_scope(rc, spec, event, scope)
    out = {"on": event, "b": looped(rc, body, inner.child(), 0)}
    if where is not None:
        out["w"] = want_bool(rc, where, inner)
    return out


def modifier_scope(rc: RC, syn: Syn, name: str, scope: Scope) -> Scope:
    """``scope`` plus the parameters of modifiable definition ``name``."""
    d = next((d for d in rc.decls.definitions if d.id == name), None)
    if d is None or not d.record.get("modifiable"):
        known = [x.id for x in rc.decls.definitions if x.record.get("modifiable")]
        raise rc.fail(syn, "R001", f"'{name}' is not a modifiable value",
                      hint=did_you_mean(name, known) or "mark a value definition "
                      "'modifiable: true' to let reactions change it")
    return scope.child(**{p: var(p, t) for p, t in d.params.items()})


def _skip(rc: RC, syn: Syn, scope: Scope) -> IR:
    return {"op": syn.op}


def _stop(rc: RC, syn: Syn, scope: Scope) -> IR:
    """``stop`` leaves the innermost loop or decision's option (docs/dsl.md,
    'Statements'); outside one, in its text or around the use of the definition it is
    in, it would do nothing: R045."""
    if rc.frames:
        rc.depends("loop")   # an expansion's stop is sound only where the use is looped
    if rc.loops <= 0:
        raise rc.fail(syn, "R045", "'stop' outside any loop: it would do nothing",
                      hint="stop leaves the innermost for each, repeat, while or option "
                      "of a choose; delete it, or put it inside the loop it should end")
    return {"op": "stop"}


def looped(rc: RC, syn: Syn, scope: Scope, loops: int | None = None) -> IR:
    """``stmt`` of a loop's body (one loop more around it), or with ``loops`` around it
    (0: a lasting reaction's body, which runs on its own)."""
    saved = rc.loops
    rc.loops = saved + 1 if loops is None else loops
    try:
        return stmt(rc, syn, scope)
    finally:
        rc.loops = saved


def _assign(rc: RC, syn: Syn, scope: Scope) -> IR:
    target, o, value = syn.kids
    it, tt = expr(rc, target, scope)
    if not _is_place(it):
        raise rc.fail(target, "R036", "this cannot be assigned to",
                      hint="assign to a local (let), a state entry or an element of one")
    want: Type = tt
    if o != "=":
        base = strip_opt(tt)
        if isinstance(base, tuple) and base[0] == "list":
            want = "any"
        elif not compatible(tt, "int"):
            raise rc.fail(syn, "R003", f"'{o}' needs a number or a list, not {show(tt)}",
                          hint="")
    iv, tv = expr(rc, value, scope, want)
    if o == "=" and strip_opt(tt) == "player":  # starter = 5 in a 2-4 player game
        check_seat(rc, value, iv)
    if want == "any" and not (compatible(_ids(tv), _ids(tt)) or
                              compatible(_ids(tv), _ids(element(tt)))):
        raise rc.fail(value, "R003", f"'{o}' on {show(tt)} needs {show(tt)} or one of its "
                      f"items, not {show(tv)}", hint="add or remove items of the list's kind")
    ir: IR = {"op": "set", "t": it, "o": o, "e": iv}
    if o != "=" and no_none(tt):
        ir["nn"] = True   # a none is no item of this list (runtime.machine.assign)
    bounds = _bounds_of(it)
    if bounds:
        ir["bd"] = bounds
    return ir


def _ids(t: Type) -> Type:
    """``t`` with every record kind forgotten: a pile may hold records of several kinds
    (Pampero's decks), but never numbers where ids belong."""
    if isinstance(t, tuple):
        if t[0] == "id":
            return ("id", "")
        return tuple(_ids(x) for x in t)
    return t


def _is_place(ir: IR) -> bool:
    if ir["op"] in ("var", "st"):
        return True
    return ir["op"] == "key" and _is_place(ir["of"])


def _bounds_of(ir: IR) -> list[str] | None:
    """``[scope, entry]`` of the counter a set writes (its min/max clamp the value)."""
    if ir["op"] == "st":
        return ["player" if "p" in ir else "game", ir["k"], ""]
    if ir["op"] == "key" and ir["of"]["op"] == "st":
        base = _bounds_of(ir["of"])
        return base[:2] + ["key"] if base else None
    return None


def _expression(rc: RC, syn: Syn, scope: Scope) -> IR:
    from compiler.lang.phrases import phrase

    items = list(syn.kids) if syn.op == "app" else [syn]
    if len(items) == 1 and items[0].op == "group":
        return stmt(rc, items[0].kids[0], scope)
    if len(items) == 1 and items[0].op == "name":
        bound = scope.lookup(items[0].kids[0])
        if bound is not None and bound.code:
            return bound.read()
    if len(items) == 1 and items[0].op not in ("name", "app"):
        return not_a_statement(rc, syn, scope)
    ir, _ = phrase(rc, syn, items, scope, "effect", statement=True)
    return ir


def _positions(src: IR) -> bool:
    """Whether ``src`` is ``[0 .. count L - 1]``, the positions of a list (its items are
    0-based indexes: text output numbers them from 1)."""
    if src.get("op") != "range" or src.get("a") != {"op": "lit", "v": 0}:
        return False
    b = src.get("b") or {}
    return b.get("op") == "ar" and b.get("o") == "-" and \
        b.get("b") == {"op": "lit", "v": 1} and \
        (b.get("a") or {}).get("op") == "fn" and (b.get("a") or {}).get("f") == "count"


_HANDLERS: dict[str, Any] = {
    "seq": _seq, "group": _group, "if": _if, "for": _for, "repeat": _repeat,
    "while": _while, "choose": _choose, "let": _let, "with": _with, "require": _require,
    "do": _do, "emit": _emit, "grant": _grant, "skip": _skip, "stop": _stop,
    "assign": _assign,
}
