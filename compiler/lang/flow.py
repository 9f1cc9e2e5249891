"""Resolve the game's flow, its modules and its state declarations into IR.

Flow (``flow.yaml``): ``setup``, ``phases`` and ``end.steps`` are lists of steps
``{id, name, do | each_player, when, source}``; ``each_player: E`` is
``for each you in ORDER: E`` with ``order`` the flow's turn order (default: players).
``end: {when, finish_round, max_rounds}``, ``scoring: [{id, name, amount | lines}]``,
``winner`` (the players who win; default: the highest total; ``winner_text`` says it on
the sheets), ``results`` (more named values in the final count). Modules change steps by
id (``setup``/``phases``/``end_steps``: ``{remove, replace, add}``) and records
(``removes``, ``replaces``, ``changes``), checked here like the data they change.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic, did_you_mean
from compiler.lang import bounds
from compiler.lang.expr import expr
from compiler.lang.fields import parse_text, resolve_value
from compiler.lang.scope import IR, RC, Fail, Scope, var
from compiler.lang.types import Type, bound_hint, strip_opt, with_core_bounds
from compiler.load import Document

__all__ = ["resolve_flow", "resolve_modules", "resolve_state"]

NO_PLAYER = Scope({})
A_PLAYER = Scope({"you": var("you", "player")})


def resolve_state(rc: RC) -> dict[str, Any]:
    """State entries with their ``value``/``where``/``min``/``max`` texts resolved;
    ``it`` is the record of the ``each`` kind."""
    out: dict[str, Any] = {"game": {}, "player": {}}
    for scope_name, entries in rc.decls.state.items():
        for name, entry in entries.items():
            spec = dict(entry.spec)
            each = spec.get("each")
            scope = Scope({"it": var("it", ("id", each))}) if each else Scope({})
            if scope_name == "player":
                scope.bind("you", var("you", "player"))
            item: dict[str, Any] = {"type": _plain(entry.type)}
            for key in ("each", "hidden", "active", "name", "gender", "bookkeeping"):
                if key in spec:
                    item[key] = spec[key]
            for key, want in (("value", "value"), ("where", "condition"), ("min", "number"),
                              ("max", "number")):
                if key in spec:
                    item[key] = resolve_value(rc, entry.doc, entry.path + (key,),
                                              spec[key], want, scope)
            out[scope_name][name] = item
    return out


def _plain(t: Type) -> Any:
    """A type as JSON data (lists for tuples)."""
    if isinstance(t, tuple):
        return [_plain(x) for x in t]
    return t


def resolve_flow(rc: RC) -> dict[str, Any]:
    doc = rc.decls.singles.get("flow")
    if doc is None:
        return {"setup": [], "phases": [], "end": {}, "scoring": []}
    data = doc.data
    order = _order(rc, doc)
    out: dict[str, Any] = {"order": order}
    for section in ("setup", "phases"):
        out[section] = [step(rc, doc, (section, i), s, order)
                        for i, s in enumerate(data.get(section) or [])]
    end = dict(data.get("end") or {})
    if "when" in end:
        end["when"] = resolve_value(rc, doc, ("end", "when"), end["when"], "condition",
                                    NO_PLAYER)
    end["steps"] = [step(rc, doc, ("end", "steps", i), s, order)
                    for i, s in enumerate(end.get("steps") or [])]
    out["end"] = end
    out["scoring"] = [_scoring(rc, doc, i, s) for i, s in enumerate(data.get("scoring") or [])]
    for key, _want in (("winner", ("list", "player")),):
        if key in data:
            out[key] = resolve_value(rc, doc, (key,), data[key], "value", NO_PLAYER)
    out["results"] = {k: resolve_value(rc, doc, ("results", k), v, "value", NO_PLAYER)
                      for k, v in (data.get("results") or {}).items()}
    for key in ("round", "winner_text"):   # words of the sheets
        if key in data:
            out[key] = data[key]
    return out


def _order(rc: RC, doc: Document) -> IR:
    text = doc.data.get("order")
    if text is None:
        return {"op": "core", "n": "players"}
    return resolve_value(rc, doc, ("order",), text, "value", NO_PLAYER) or \
        {"op": "core", "n": "players"}


def step(rc: RC, doc: Document, path: tuple[Any, ...], data: dict[str, Any],
         order: IR) -> dict[str, Any]:
    """One flow step: ``{id, name, b: statement IR, w: condition IR, source, at}``."""
    out: dict[str, Any] = {k: data[k] for k in ("id", "name", "source") if k in data}
    out["at"] = f"{doc.path}:{doc.span(path).line}"
    if "do" in data:
        out["b"] = resolve_value(rc, doc, path + ("do",), data["do"], "effect", NO_PLAYER)
    elif "each_player" in data:
        body = resolve_value(rc, doc, path + ("each_player",), data["each_player"],
                             "effect", A_PLAYER)
        out["b"] = {"op": "for", "v": "you", "src": order, "b": body,
                    "at": out["at"]}
    if "when" in data:
        out["w"] = resolve_value(rc, doc, path + ("when",), data["when"], "condition",
                                 NO_PLAYER)
    for key in ("after", "before"):
        if key in data:
            out[key] = data[key]
    return out


def _scoring(rc: RC, doc: Document, i: int, data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: data[k] for k in ("id", "name", "source", "line_names")
                           if k in data}
    for key, want in (("amount", "number"), ("lines", "value")):
        if key in data:
            out[key] = resolve_value(rc, doc, ("scoring", i, key), data[key], want, A_PLAYER)
    return out


def resolve_modules(rc: RC) -> dict[str, Any]:
    """Module records with their steps and changes resolved and checked."""
    out: dict[str, Any] = {}
    for mid, rec in rc.decls.records.get("modules", {}).items():
        data = dict(rec.data)
        base = rec.path
        rc.modules = rc.on_with(mid)
        for section in ("setup", "phases", "end_steps"):
            change = dict(data.get(section) or {})
            for key in ("add", "replace"):
                change[key] = [step(rc, rec.doc, base + (section, key, i), s,
                                    {"op": "core", "n": "players"})
                               for i, s in enumerate(change.get(key) or [])]
            if data.get(section):
                data[section] = change
        data["changes"] = [_change(rc, rec.doc, base + ("changes", i), c)
                           for i, c in enumerate(data.get("changes") or [])]
        for i, rid in enumerate(data.get("removes") or []):
            _known_id(rc, rec.doc, base + ("removes", i), rid)
        for i, rep in enumerate(data.get("replaces") or []):
            _known_id(rc, rec.doc, base + ("replaces", i, "id"), rep.get("id"))
            _known_id(rc, rec.doc, base + ("replaces", i, "by"), rep.get("by"))
        data["at"] = f"{rec.doc.path}:{rec.span.line}"
        out[mid] = data
    rc.modules = frozenset()
    return out


def _change(rc: RC, doc: Document, path: tuple[Any, ...], change: dict[str, Any]) -> Any:
    """``{kind, id, set}``: the kind, the record and every field set must exist."""
    from compiler.lang.fields import record_scope

    kind, rid = change.get("kind"), change.get("id")
    decl = rc.decls.kinds.get(str(kind))
    if decl is None:
        rc.diags.append(Diagnostic(doc.span(path + ("kind",)), "R001",
                                   f"unknown record kind '{kind}'",
                                   hint=did_you_mean(str(kind), list(rc.decls.kinds))))
        return change
    _known_id(rc, doc, path + ("id",), rid, str(kind))
    if isinstance(rid, str) and rid in rc.decls.records.get(str(kind), {}):
        from compiler.lang.names import record_id
        from compiler.lang.syntax import Syn

        span = doc.span(path + ("id",))
        try:
            record_id(rc, Syn("name", span.line, span.col, (rid,)), rid, str(kind))
        except Fail as exc:
            rc.diags.append(exc.diag)
    out = dict(change)
    out["set"] = {}
    for key, value in (change.get("set") or {}).items():
        if key not in decl.fields:
            rc.diags.append(Diagnostic(doc.span(path + ("set", key)), "R001",
                                       f"{kind} records have no field '{key}'",
                                       hint=did_you_mean(key, list(decl.fields)) or
                                       f"the fields of {kind}: "
                                       f"{', '.join(sorted(decl.fields)) or 'none'}"))
            continue
        if _wrong_plain(rc, doc, path + ("set", key), value, decl.fields[key],
                        f"{kind} '{rid}'"):
            continue
        out["set"][key] = resolve_value(rc, doc, path + ("set", key), value,
                                        decl.fields[key], record_scope(str(kind)))
        _within(rc, doc, path + ("set", key), value,
                with_core_bounds(key, decl.fields[key], decl.bounds.get(key) or {}),
                f"{kind} '{rid}'")
    return out


_PLAIN = {"int": (int, "an integer"), "bool": (bool, "true or false"), "text": (str, "a text")}


def _wrong_plain(rc: RC, doc: Document, path: tuple[Any, ...], value: Any, t: Type,
                 record: str) -> bool:
    """S003 when a change sets an int, bool or text field to another type, as a record
    of the kind would be told (QA qa12 S20: ``cost: "5"`` made the card free)."""
    plain = strip_opt(t)
    want = _PLAIN.get(plain) if isinstance(plain, str) else None
    if isinstance(value, dict) and "provisional" in value:
        value = value["provisional"]
    if want is None or value is None or (isinstance(value, want[0]) and
                                         (want[0] is bool or not isinstance(value, bool))):
        return False
    rc.diags.append(Diagnostic(doc.span(path), "S003", f"{record}: {path[-1]}: {value!r} is "
                               f"not {want[1]}", hint=f"write {want[1]}" + (
                                   " without quotes" if isinstance(value, str) else "")))
    return True


def _within(rc: RC, doc: Document, path: tuple[Any, ...], value: Any,
            bounds: dict[str, Any], record: str) -> None:
    """S004 when a module sets a bounded field (kinds.yaml ``min``/``max``) outside its
    bounds, S003 when it sets a ``one_of`` text to another word, as a record of the kind
    would be told."""
    field = str(path[-1])
    allowed = bounds.get("one_of")
    if isinstance(allowed, list) and isinstance(value, str) and value not in allowed:
        near = did_you_mean(value, allowed)
        rc.diags.append(Diagnostic(
            doc.span(path), "S003", f"{record}: {field}: {value!r} is not one of the "
            "allowed values", hint=(near + " " if near else "") + "one of: " +
            ", ".join(allowed)))
        return
    if isinstance(value, dict) and "provisional" in value:
        value = value["provisional"]
        path = path + ("provisional",)
    if isinstance(value, bool) or not isinstance(value, int):
        return
    for key, bad in (("min", value < bounds.get("min", value)),
                     ("max", value > bounds.get("max", value))):
        if bad:
            side = "below the least" if key == "min" else "above the greatest"
            rc.diags.append(Diagnostic(
                doc.span(path), "S004", f"{record}: {field}: {value} is {side} value "
                f"{bounds[key]}",
                hint=bound_hint(field, key, bounds[key])))


def _known_id(rc: RC, doc: Document, path: tuple[Any, ...], rid: Any,
              kind: str | None = None) -> None:
    kinds = [kind] if kind else [k for k in rc.decls.records]
    if any(rid in rc.decls.records.get(k, {}) for k in kinds):
        return
    known = [i for k in kinds for i in rc.decls.records.get(k, {})]
    what = f"{kind} id" if kind else "id"
    rc.diags.append(Diagnostic(doc.span(path), "R015", f"unknown {what} '{rid}'",
                               hint=did_you_mean(str(rid), known) or "check the spelling"))


def parse_condition(rc: RC, doc: Document, path: tuple[Any, ...], text: str) -> IR | None:
    syn = parse_text(rc, doc, path, text, "expr")
    if syn is None:
        return None
    bounds.start(rc)
    try:
        return expr(rc, syn, NO_PLAYER, "bool")[0]
    except Fail as exc:
        rc.diags.append(exc.diag)
        return None
