"""Resolve the values of records, flow steps, module changes and state entries.

Entry point: ``resolve_value(rc, doc, path, value, type, scope)`` turns one YAML value
of a declared type into IR data: texts of the language (``effect``, ``condition``,
``number``, ``value``, ``trigger``, reactions, modifiers) are parsed and resolved in
``scope``; ids are checked against their kind; provisional numbers become their value
(``rulesc check`` warns about them, W001); other data is kept as it is.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic, did_you_mean
from compiler.lang import bounds
from compiler.lang.expr import expr
from compiler.lang.parse import parse, text_positions
from compiler.lang.scope import IR, RC, Fail, Scope, var
from compiler.lang.stmt import event_scope, modifier_scope, stmt
from compiler.lang.syntax import Syn
from compiler.lang.types import MODIFIER, REACTION, Type, strip_opt, value_type
from compiler.load import Document

__all__ = ["parse_text", "resolve_value"]


def parse_text(rc: RC, doc: Document, path: tuple[Any, ...], text: str,
               start: str) -> Syn | None:
    """Parse the text at ``path`` of ``doc``; syntax errors go to ``rc.diags``."""
    span = doc.span(path)
    syn, errs = parse(start, text, text_positions(doc, path, span, text), doc.path)
    rc.diags.extend(errs)
    return syn


def resolve_value(rc: RC, doc: Document, path: tuple[Any, ...], value: Any, t: Type,
                  scope: Scope) -> Any:
    """The IR form of ``value`` (declared type ``t``); problems go to ``rc.diags``."""
    rc.path = doc.path
    bounds.start(rc)
    t0 = strip_opt(t)
    if value is None:
        return None
    if isinstance(value, dict) and "provisional" in value and t0 != "any":
        if t0 == "number" and isinstance(value["provisional"], int):
            return {"op": "lit", "v": value["provisional"]}
        value = value["provisional"]  # a provisional value of any type: the value itself
    try:
        return _resolve(rc, doc, path, value, t0, scope)
    except Fail as exc:
        rc.diags.append(exc.diag)
        return None


def _resolve(rc: RC, doc: Document, path: tuple[Any, ...], value: Any, t: Type,
             scope: Scope) -> Any:
    if t in ("effect", "condition", "number", "value"):
        return _text(rc, doc, path, value, t, scope)
    if t == "trigger":
        return _trigger(rc, doc, path, value, scope)[0]
    if t == REACTION:
        return _reaction(rc, doc, path, value, scope)
    if t == MODIFIER:
        return _modifier(rc, doc, path, value, scope)
    if isinstance(t, tuple) and t[0] == "id":
        _check_id(rc, doc, path, value, t[1])
        return value
    if isinstance(t, tuple) and t[0] == "list" and isinstance(value, list):
        return [resolve_value(rc, doc, path + (i,), v, t[1], scope)
                for i, v in enumerate(value)]
    if isinstance(t, tuple) and t[0] == "map" and isinstance(value, dict):
        return {k: resolve_value(rc, doc, path + (k,), v, t[2], scope)
                for k, v in value.items()}
    if isinstance(t, tuple) and t[0] == "obj" and isinstance(value, dict):
        fields = dict(t[1])
        return {k: resolve_value(rc, doc, path + (k,), v, fields.get(k, "any"), scope)
                for k, v in value.items()}
    return value


def _text(rc: RC, doc: Document, path: tuple[Any, ...], value: Any, t: Type,
          scope: Scope) -> Any:
    if not isinstance(value, str):
        if t == "effect":
            raise Fail(Diagnostic(doc.span(path), "S003", "an effect is a text",
                                  hint="write it in quotes, as a text of the language"))
        return {"op": "lit", "v": value}
    syn = parse_text(rc, doc, path, value, "effect" if t == "effect" else "expr")
    if syn is None:
        return None
    if rc.notes is not None:
        rc.notes.start()
    if t == "effect":
        ir = stmt(rc, syn, scope)
    else:
        ir = expr(rc, syn, scope, {"condition": "bool", "number": "int"}.get(t, "any"))[0]
    if rc.notes is not None:
        rc.notes.keep(doc.path, path, syn)
    bounds.check_text(rc, doc.span(path), ir)
    return ir


def _trigger(rc: RC, doc: Document, path: tuple[Any, ...], value: Any,
             scope: Scope) -> tuple[IR, Scope]:
    syn = parse_text(rc, doc, path, str(value), "trigger")
    if syn is None:
        raise Fail(Diagnostic(doc.span(path), "D001", "trigger does not parse", hint=""))
    inner = event_scope(rc, syn, syn.kids[0], scope)
    ir: IR = {"ev": syn.kids[0]}
    if rc.notes is not None:
        rc.notes.start()
    if syn.kids[1] is not None:
        ir["w"] = expr(rc, syn.kids[1], inner, "bool")[0]
    if rc.notes is not None:
        rc.notes.keep(doc.path, path, syn, trigger=True)
    return ir, inner


def _reaction(rc: RC, doc: Document, path: tuple[Any, ...], value: Any,
              scope: Scope) -> IR:
    if not isinstance(value, dict) or "on" not in value:
        raise Fail(Diagnostic(doc.span(path), "S003", "a reaction is {on, effect}",
                              hint='{on: "placed where event.tile == city", effect: ...}'))
    on, inner = _trigger(rc, doc, path + ("on",), value["on"], scope)
    out: IR = {"on": on["ev"]}
    conds = [on["w"]] if "w" in on else []
    if value.get("if"):
        conds.append(_text(rc, doc, path + ("if",), value["if"], "condition", inner))
    if conds:
        out["w"] = conds[0] if len(conds) == 1 else {"op": "and", "a": conds}
    out["b"] = _text(rc, doc, path + ("effect",), value.get("effect", "skip"), "effect",
                     inner)
    if value.get("name"):
        out["name"] = value["name"]
    return out


def _modifier(rc: RC, doc: Document, path: tuple[Any, ...], value: Any,
              scope: Scope) -> IR:
    name = str(value.get("modify")) if isinstance(value, dict) else ""
    syn = Syn("name", doc.span(path).line, doc.span(path).col, (name,))
    inner = modifier_scope(rc, syn, name, scope)
    out: IR = {"mod": name, "by": _text(rc, doc, path + ("by",), value.get("by", 0),
                                        "number", inner)}
    if value.get("where"):
        out["w"] = _text(rc, doc, path + ("where",), value["where"], "condition", inner)
    if value.get("anyone"):
        out["anyone"] = True
    return out


def _check_id(rc: RC, doc: Document, path: tuple[Any, ...], value: Any, kind: str) -> None:
    known = rc.decls.records.get(kind, {})
    if isinstance(value, str) and value not in known:
        rc.diags.append(Diagnostic(doc.span(path), "R001", f"unknown {kind} id '{value}'",
                                   hint=did_you_mean(value, list(known)) or
                                   f"declare it in the game's {kind}"))
    elif isinstance(value, str):
        from compiler.lang.names import record_id

        syn = Syn("name", doc.span(path).line, doc.span(path).col, (value,))
        try:
            record_id(rc, syn, value, kind)
        except Fail as exc:
            rc.diags.append(exc.diag)


def record_scope(kind: str) -> Scope:
    """Names every text of a record of ``kind`` sees: ``you`` and ``this``."""
    return Scope({"you": var("you", "player"), "this": var("this", ("id", kind))})


def field_type(t: Type) -> Type:
    return value_type(t)
