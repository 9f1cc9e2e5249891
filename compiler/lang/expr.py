"""Resolve expressions: fields, operators and comprehensions -> typed IR (bare names:
``compiler.lang.names``).

Entry point: ``expr(rc, syn, scope, want) -> (IR, type)``. ``want`` is the type the
place expects (``any`` when it does not matter); it picks between a name's meanings
(``city`` the tile or the tag). A phrase (words side by side) goes to
``compiler.lang.phrases``.

Expression IR (plain dicts): ``lit v``, ``var n``, ``st k [p]`` (a state entry; ``p`` the
player for player entries), ``key of k [d]`` (map or list element, ``d`` the default),
``fld kind of f`` (a record's field), ``ids kind`` (every id of a kind), ``ar o a b``,
``neg a``, ``cmp o a b``, ``in a b [neg]``, ``and a``, ``or a``, ``not a``, ``list a``,
``range a b``, ``obj k a``, ``filt v src w``, ``mapc v src w e``, ``fn f a`` (a core
function), ``cond c a b``, ``modv name base params`` (a value reactions may modify).
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import did_you_mean
from compiler.lang.checks import check_by_players, check_compared, check_zero, no_items
from compiler.lang.hints import bare_word, wrong_type
from compiler.lang.names import (
    default_of,
    kind_wanted,
    lit,
    name_ref,
    state_ref,
)
from compiler.lang.scope import IR, RC, Binding, Fail, Scope, var
from compiler.lang.syntax import Syn
from compiler.lang.types import Type, compatible, element, no_none, show, strip_opt, value_type
from compiler.load.yaml_reader import MAX_DIGITS

__all__ = ["expr", "name_ref", "want_bool"]

def expr(rc: RC, syn: Syn, scope: Scope, want: Type = "any") -> tuple[IR, Type]:
    """The IR and type of expression ``syn``; raises ``Fail`` with a diagnostic."""
    handler = _HANDLERS.get(syn.op)
    if handler is None:
        raise rc.fail(syn, "D004", f"a statement ('{syn.op}') where a value is expected",
                      hint="statements go in effects; put a value here")
    ir, t = handler(rc, syn, scope, want)
    if not compatible(t, want):
        message, hint = wrong_type(rc, syn, t, want)
        raise rc.fail(syn, "R003", message, hint=hint)
    return ir, t


def want_bool(rc: RC, syn: Syn, scope: Scope) -> IR:
    return expr(rc, syn, scope, "bool")[0]


def _int(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    """A whole number; L015 past ``MAX_DIGITS`` digits, the loader's rule for YAML numbers."""
    if len(str(syn.kids[0])) > MAX_DIGITS:
        raise rc.fail(syn, "L015", f"number {str(syn.kids[0])[:20]}... is out of range "
                      f"(more than {MAX_DIGITS} digits)", hint="write a smaller number")
    return lit(syn.kids[0], "int")


def _str(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    return lit(syn.kids[0], "text")


def _const(value: Any, t: Type) -> Any:
    return lambda rc, syn, scope, want: lit(value, t)


def _group(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    body = syn.kids[0]
    if len(body.kids) > 1 and all(k.op == "let" for k in body.kids[:-1]):
        return _let_value(rc, body, scope, want)
    if len(body.kids) != 1:
        raise rc.fail(syn, "D004", "statements where a value is expected",
                      hint="a value in parentheses holds one expression, after any "
                      "number of 'let NAME = VALUE;'")
    inner = body.kids[0]
    if inner.op == "if" and inner.kids[2] is not None:
        cond = want_bool(rc, inner.kids[0], scope)
        a, ta = expr(rc, inner.kids[1], scope, want)
        b, tb = expr(rc, inner.kids[2], scope, want if ta in ("any", "none") else
                     ("opt", ta) if _is_none(inner.kids[2]) else ta)
        return {"op": "cond", "c": cond, "a": a, "b": b}, ta if ta != "none" else tb
    return expr(rc, inner, scope, want)


def _let_value(rc: RC, body: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    """``(let a = X; let b = Y; VALUE)``: names for values used more than once."""
    inner = scope
    names: list[tuple[str, IR]] = []
    for let in body.kids[:-1]:
        name, value = let.kids
        ir, t = expr(rc, value, inner)
        fresh, inner = binder(rc, inner, name, t)
        names.append((fresh, ir))
    out, t = expr(rc, body.kids[-1], inner, want)
    for fresh, ir in reversed(names):
        out = {"op": "letx", "v": fresh, "e": ir, "b": out}
    return out, t


def _app(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    if len(syn.kids) == 1:
        return expr(rc, syn.kids[0], scope, want)
    from compiler.lang.phrases import phrase

    return phrase(rc, syn, list(syn.kids), scope, want, statement=False)


def _name(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    ir, t = name_ref(rc, syn, syn.kids[0], scope, want)
    if rc.notes is not None and not rc.calls:  # the text tree (compiler.lang.texts)
        rc.notes.name(syn, ir, t)
    return ir, t


def _field(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    of, name = syn.kids
    if of.op == "name" and scope.lookup(of.kids[0]) is None and \
            (of.kids[0] in rc.decls.kinds or of.kids[0] == "spaces"):
        kind = of.kids[0]
        if name not in rc.decls.records.get(kind, {}):
            raise rc.fail(syn, "R001", f"no {kind} record '{name}'",
                          hint=did_you_mean(name, list(rc.decls.records.get(kind, {}))))
        return lit(name, ("id", kind))
    base, t = expr(rc, of, scope)
    return access(rc, syn, base, t, name, scope)


def access(rc: RC, syn: Syn, base: IR, t: Type, name: str, scope: Scope) -> tuple[IR, Type]:
    """``base.name`` for a value of type ``t``."""
    t = strip_opt(t)
    if t == "player":
        entry = rc.decls.state["player"].get(name)
        if entry is None:
            raise rc.fail(syn, "R001", f"players have no state entry '{name}'",
                          hint=did_you_mean(name, list(rc.decls.state["player"])))
        return state_ref(rc, syn, name, "player", entry.type, scope, base)
    if isinstance(t, tuple) and t[0] == "id":
        return _record_field(rc, syn, base, t[1], name)
    if isinstance(t, tuple) and t[0] == "map":
        key = _key_of(rc, syn, name, t[1], scope)
        return {"op": "key", "of": base, "k": key, "d": default_of(t[2])}, t[2]
    if isinstance(t, tuple) and t[0] == "obj":
        fields = dict(t[1])
        if name not in fields:
            raise rc.fail(syn, "R001", f"no field '{name}' here",
                          hint=did_you_mean(name, list(fields)) or
                          "fields: " + ", ".join(fields))
        return {"op": "key", "of": base, "k": lit(name, "text")[0]}, fields[name]
    if t == "any":
        return {"op": "key", "of": base, "k": lit(name, "text")[0]}, "any"
    raise rc.fail(syn, "R003", f"{show(t)} has no fields ('.{name}')",
                  hint="fields are read from records, players, maps and events")


def _record_field(rc: RC, syn: Syn, base: IR, kind: str, name: str) -> tuple[IR, Type]:
    decl = rc.decls.kinds.get(kind)
    fields = dict(decl.fields) if decl else {}
    fields.setdefault("id", "text")
    fields.setdefault("name", "names")
    if kind == "spaces":
        fields.setdefault("next_to", ("list", ("id", "spaces")))
    if name not in fields:
        raise rc.fail(syn, "R001", f"{kind} records have no field '{name}'",
                      hint=did_you_mean(name, list(fields)) or
                      f"declare it in kinds.yaml under {kind}")
    ft = fields[name]
    return {"op": "fld", "kind": kind, "of": base, "f": name, "d": default_of(ft)}, \
        value_type(ft)


def _key_of(rc: RC, syn: Syn, name: str, key_type: Type, scope: Scope) -> IR:
    bound = scope.lookup(name)
    if bound is not None:
        return bound.read()
    kind = kind_wanted(key_type)
    if kind and name not in rc.decls.records.get(kind, {}):
        raise rc.fail(syn, "R001", f"'{name}' is not an id of {kind} (the keys here)",
                      hint=did_you_mean(name, list(rc.decls.records.get(kind, {}))))
    return lit(name, key_type)[0]


def _index(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    base, t = expr(rc, syn.kids[0], scope)
    t = strip_opt(t)
    no_items(rc, syn, base, t)  # ``2.5`` reads as item 5 of the number 2
    if t == "player":
        inner = scope.child(you=var("you", "player"))
        value, tv = expr(rc, syn.kids[1], inner, want)
        return {"op": "as", "p": base, "e": value}, tv
    if isinstance(t, tuple) and t[0] == "map":  # the key must be of the map's key type
        key, _ = expr(rc, syn.kids[1], scope, t[1])
        return {"op": "key", "of": base, "k": key, "d": default_of(t[2])}, t[2]
    key, kt = expr(rc, syn.kids[1], scope)
    if base.get("op") == "lit" and isinstance(base.get("v"), list):
        check_by_players(rc, syn.kids[1], base["v"], key)
    if isinstance(t, tuple) and t[0] == "list":
        return {"op": "key", "of": base, "k": key}, ("opt", t[1])
    return {"op": "key", "of": base, "k": key}, "any"


def _arith(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    o, a, b = syn.kids
    try:
        ia, ta = expr(rc, a, scope)
    except Fail:
        negative = _negative_argument(rc, syn, scope, want)
        if negative is None:
            raise
        return negative
    if o == "+" and isinstance(strip_opt(ta), tuple) and strip_opt(ta)[0] in ("list", "obj",
                                                                              "map"):
        ib, _ = expr(rc, b, scope, "any" if strip_opt(ta)[0] != "list" else ta)
        nn = {"nn": True} if no_none(ta) else {}   # a none is no item (values.arith)
        return {"op": "ar", "o": o, "a": ia, "b": ib, **nn}, ta
    if not compatible(ta, "int"):
        raise rc.fail(a, "R003", f"'{o}' needs numbers, not {show(ta)}", hint="")
    ib, tb = expr(rc, b, scope, "int")
    if o in ("/", "%"):
        check_zero(rc, b, ib, o)
    seat = "player" in (strip_opt(ta), strip_opt(tb))  # seat arithmetic: (p + 1) % n
    return {"op": "ar", "o": o, "a": ia, "b": ib}, "player" if seat else "int"


def _negative_argument(rc: RC, syn: Syn, scope: Scope,
                       want: Type) -> tuple[IR, Type] | None:
    """``temperature at least -24``: the parser reads ``(temperature at least) - 24``;
    when that phrase matches nothing, the words with the number -24 in place of the
    subtraction are tried (``-24 degrees``: with the words after it too). None when that
    matches nothing either; a failure that quotes all the words when words follow the
    number (``_whole``)."""
    o, a, b = syn.kids
    rest: tuple[Syn, ...] = ()
    if b.op == "app" and b.kids and b.kids[0].op == "int":
        b, rest = b.kids[0], b.kids[1:]
    if o != "-" or a.op != "app" or b.op != "int":
        return None
    number = Syn("int", b.line, b.col, (-b.kids[0],))
    words = Syn("app", a.line, a.col, (*a.kids, number, *rest))
    try:
        out = expr(rc, words, scope, want)
    except Fail as exc:
        if not rest or rc.quiet:
            return None
        raise _whole(rc, Syn("app", a.line, a.col, (*a.kids, number)), rest, exc, scope,
                     want) from None
    if rc.notes is not None and not rc.calls:  # the text says the phrase, not a "-"
        rc.notes.read_as(syn, words)
    return out


def _whole(rc: RC, head: Syn, rest: tuple[Syn, ...], exc: Fail, scope: Scope,
           want: Type) -> Fail:
    """R033 for ``temperature at most -16 degrees`` quoting all its words (QA F12), where
    the subtraction's left side alone was quoted; when the words up to the number are a
    phrase, the hint gives it, its negative number in parentheses."""
    said = " ".join(str(i.kids[0]) for i in (*head.kids, *rest) if i.op in ("name", "int"))
    extra = " ".join(str(i.kids[0]) for i in rest if i.op in ("name", "int"))
    notes, rc.notes = rc.notes, None
    rc.quiet += 1
    try:
        expr(rc, head, scope, want)
        fits = True
    except Fail:
        fits = False
    finally:
        rc.quiet -= 1
        rc.notes = notes
    if not fits:
        return rc.fail(head, "R033", f"no definition matches '{said}'", hint=exc.diag.hint)
    *words, n = (str(i.kids[0]) for i in head.kids)
    return rc.fail(head, "R033", f"no definition matches '{said}'",
                   hint=f"write '{' '.join(words)} ({n})': the phrase ends at the number "
                   f"(a negative number in parentheses), '{extra}' is no part of it")


def _neg(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    a, _ = expr(rc, syn.kids[0], scope, "int")
    if a["op"] == "lit":
        return lit(-a["v"], "int")
    return {"op": "neg", "a": a}, "int"


def _cmp(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    o, a, b = syn.kids
    ia, ta = expr(rc, a, scope)
    word = bare_word(rc, b, scope) if strip_opt(ta) == "text" else None
    eq = o in ("==", "!=")
    if word is not None:
        ib, tb = lit(word, "text")
    elif eq and _is_none(b):
        ib, tb = lit(None, "none")
    else:
        ib, tb = expr(rc, b, scope, ta if eq else "int")
    check_compared(rc, o, ((ia, a, ta), (ib, b, tb)))
    if o not in ("==", "!=") and not compatible(ta, "int"):
        raise rc.fail(a, "R003", f"'{o}' compares numbers, not {show(ta)}", hint="")
    return {"op": "cmp", "o": o, "a": ia, "b": ib}, "bool"


def _is_none(syn: Syn) -> bool:
    while syn.op == "app" and len(syn.kids) == 1:
        syn = syn.kids[0]
    return syn.op == "none"


def _member(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    ib, tb = expr(rc, syn.kids[1], scope)
    ia, _ = expr(rc, syn.kids[0], scope, element(tb))
    return {"op": "in", "a": ia, "b": ib, "neg": syn.op == "notin"}, "bool"


def _logic(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    parts = [want_bool(rc, k, scope) for k in syn.kids]
    if syn.op == "not":
        return {"op": "not", "a": parts[0]}, "bool"
    flat: list[IR] = []
    for p in parts:
        flat += p["a"] if p["op"] == syn.op else [p]
    return {"op": syn.op, "a": flat}, "bool"


def _list(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    inner = element(want)
    items, t = [], inner
    for k in syn.kids:
        ir, tk = expr(rc, k, scope, t)
        items.append(ir)
        t = tk if t == "any" else t
    if all(i["op"] == "lit" for i in items):
        return lit([i["v"] for i in items], ("list", t))
    return {"op": "list", "a": items}, ("list", t)


def _range(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    a, _ = expr(rc, syn.kids[0], scope, "int")
    b, _ = expr(rc, syn.kids[1], scope, "int")
    return {"op": "range", "a": a, "b": b}, ("list", "int")


def binder(rc: RC, scope: Scope, name: str, t: Type) -> tuple[str, Scope]:
    """A fresh name for a loop or comprehension variable, and the scope that sees it."""
    if name in ("you", "this"):
        return name, scope.child(**{name: var(name, t)})
    fresh = rc.fresh(name)
    return fresh, scope.child(**{name: var(fresh, t)})


def _filter(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    name, src, where = syn.kids
    isrc, tsrc = expr(rc, src, scope, "collection")
    v, inner = binder(rc, scope, name, element(tsrc))
    ir: IR = {"op": "filt", "v": v, "src": isrc}
    if where is not None:
        ir["w"] = want_bool(rc, where, inner)
    return ir, ("list", element(tsrc))


def _map(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    body, name, src, where = syn.kids
    isrc, tsrc = expr(rc, src, scope, "collection")
    v, inner = binder(rc, scope, name, element(tsrc))
    ie, te = expr(rc, body, inner, element(want))
    ir: IR = {"op": "mapc", "v": v, "src": isrc, "e": ie}
    if where is not None:
        ir["w"] = want_bool(rc, where, inner)
    return ir, ("list", te)


def _obj(rc: RC, syn: Syn, scope: Scope, want: Type) -> tuple[IR, Type]:
    keys, values = syn.kids
    fields = dict(strip_opt(want)[1]) if isinstance(strip_opt(want), tuple) and \
        strip_opt(want)[0] == "obj" else {}
    irs, types = [], []
    for k, v in zip(keys, values, strict=True):
        word = bare_word(rc, v, scope)
        ir, t = (lit(word, "text") if word is not None
                 else expr(rc, v, scope, fields.get(k, "any")))
        irs.append(ir)
        types.append((k, t))
    if all(i["op"] == "lit" for i in irs):
        return lit(dict(zip(keys, [i["v"] for i in irs], strict=True)), ("obj", tuple(types)))
    return {"op": "obj", "k": list(keys), "a": irs}, ("obj", tuple(types))


_HANDLERS: dict[str, Any] = {
    "int": _int, "str": _str, "true": _const(True, "bool"), "false": _const(False, "bool"),
    "none": _const(None, "none"), "name": _name, "group": _group, "app": _app,
    "field": _field, "index": _index, "arith": _arith, "neg": _neg, "cmp": _cmp,
    "in": _member, "notin": _member, "and": _logic, "or": _logic, "not": _logic,
    "list": _list, "range": _range, "filter": _filter, "map": _map, "obj": _obj,
}


def bind_value(name: str, ir: IR, t: Type) -> Binding:
    return Binding(ir, t)
