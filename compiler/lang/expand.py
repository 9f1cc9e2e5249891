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
(``modify ID by N``, see ``compiler.runtime.reactions``). What the uses in one text
expand to is bounded in size and depth (``compiler.lang.bounds``: D005, D006).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Diagnostic, Span
from compiler.lang import bounds
from compiler.lang.declare import Definition
from compiler.lang.memo import Entry, Frame, canonical, data_of, keep, kept, key_of, loads, rebase
from compiler.lang.parse import parse, text_positions
from compiler.lang.scope import IR, RC, Binding, Fail, Scope, clone, var
from compiler.lang.syntax import Syn
from compiler.lang.types import Type

__all__ = ["body_of", "check_definition", "expand", "prompt_of", "use_text"]

BY_NAME = ("effect", "condition")
_HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)")


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
           scope: Scope, tree: Any = None) -> tuple[IR, Type]:
    """The IR of ``d`` used at ``syn`` with ``args`` (resolved in the caller's scope);
    ``tree``: the text tree of this use when it is written in a record's text (the
    prompts of the decisions inside say it, ``use_text``).

    The body's expansion is kept by its inputs (``compiler.lang.memo``): another use
    with the same inputs gets a copy, its local names moved to fresh ones."""
    if any(cid == d.id for cid, _ in rc.calls):
        raise rc.fail(syn, "R035", f"definition '{d.id}' uses itself",
                      hint="definitions are expanded where they are used: write the "
                      "repetition with 'repeat' or 'while'")
    body = body_of(rc, d)
    if body is None or not bounds.before_use(rc, d, syn) or d.id in rc.bad:
        return ({"op": "skip", "at": f"{rc.path}:{syn.line}"}, "effect") \
            if d.form == "effect" else ({"op": "lit", "v": None}, "any")
    site = Span(rc.path, syn.line, syn.col)
    if not rc.calls and d.record.get("checks"):
        from compiler.lang.checks import check_uses

        check_uses(rc, d, args, site, scope)
    at = f"{rc.path}:{syn.line}"
    use = _Use(d, args, site, tree, rc.fresh_count,
               Scope({n: _dynamic(scope, n) for n in DYNAMIC}))
    use.inner.reads = lambda name: rc.depends(name) if name in DYNAMIC else None
    by_value, inputs, literals = _bind(d, args, use)
    key = None if inputs is None else key_of(d.id, id(d), inputs, len(rc.bad))
    where = {"own": (literals, tree), "modules": tuple(sorted(rc.modules)),
             "loop": rc.loops > 0,
             **{n: use.inner.names[n].type for n in DYNAMIC}}
    entry, before = kept(rc.memo, key, where), rc.grown
    made = None
    if entry is None or any(cid in entry.used for cid, _ in rc.calls):
        made, entry = _resolve(rc, body, use, key, where)
    bounds.grown(rc, d, syn, before, entry)  # a kept one: before it is copied
    ir = made if made is not None else _reuse(rc, entry, use)
    if rc.frames:
        rc.frames[-1].used.update(entry.used)
        rc.frames[-1].used.add(d.id)
    pre = [{"op": "let", "v": fresh, "e": arg, "at": at} for fresh, arg in by_value]
    out = {"op": "seq", "b": pre + [ir], "at": ir.get("at", "")} if pre else ir
    return bounds.made(rc, out, ir, entry), entry.type


DYNAMIC = ("you", "this", "event")


@dataclass
class _Use:
    """One use being expanded: the definition, the arguments as the caller gave them,
    the call site, the text tree, the last fresh number before it, the body's scope,
    and the caller's fresh names in the by-name arguments (each to its placeholder)."""

    d: Definition
    args: dict[str, tuple[IR, Type, bool]]
    site: Span
    tree: Any
    base: int
    inner: Scope
    names: dict[str, str] = field(default_factory=dict)


def _bind(d: Definition, args: dict[str, tuple[IR, Type, bool]], use: _Use
          ) -> tuple[list[tuple[str, IR]], tuple[Any, ...] | None, tuple[Any, ...]]:
    """Bind the parameters in ``use.inner``: an argument passed by name is its IR; one
    passed by value is a fresh local (the use's first fresh numbers), given its value by
    a ``let`` before the body. Returns those (the local, the argument's IR), what the
    body's IR depends on of each argument (its type; by name, its IR with placeholders
    for the caller's names; None: an argument that is not plain data, so the use is not
    kept), and the literal values and types of those passed by value (a prompt inside
    that says this use says them)."""
    by_value: list[tuple[str, IR]] = []
    inputs: list[Any] = []
    literals: list[Any] = []
    plain = True
    for name, (ir, t, code) in args.items():
        declared = d.params[name]
        shown = t if declared in ("any", "value") else declared
        if d.form == "value" or code or declared in BY_NAME:
            data = data_of(ir)
            if data is not None and b"~" in data:
                data = canonical(data, use.names)
            plain = plain and data is not None
            use.inner.bind(name, Binding(ir, shown, code))
            inputs.append((name, code, t, shown, data))
        else:
            fresh = f"{name}~{use.base + len(by_value) + 1}"
            by_value.append((fresh, ir))
            use.inner.bind(name, var(fresh, shown))
            literal = data_of(("lit", ir["v"]) if ir.get("op") == "lit" else None)
            plain = plain and literal is not None
            inputs.append((name, code, shown))
            literals.append((literal, t))
    return by_value, tuple(inputs) if plain else None, tuple(literals)


def _reuse(rc: RC, entry: Entry, use: _Use) -> IR:
    """A kept expansion for ``use``: the next fresh numbers of the run taken, its IR
    copied with its names moved (``compiler.lang.memo.rebase``)."""
    rc.fresh_count += entry.count
    for aspect in entry.aspects - {"own"}:
        rc.depends(aspect)  # what the kept expansion read, its callers read too
    callers = {old: new for old, new in zip(entry.callers, use.names, strict=True)
               if old != new}
    if use.base == entry.base and not callers:
        return loads(entry.data)
    return rebase(entry, use.base, callers)


def _resolve(rc: RC, body: Syn, use: _Use, key: bytes | None, where: dict[str, Any]
             ) -> tuple[IR, Entry]:
    """Resolve the body of ``use``: its IR and what to keep of it, kept (``memo.keep``)
    when it reported nothing and read nothing of an enclosing use."""
    d = use.d
    frame = Frame()
    rc.fresh_count += sum(1 for n, (_, _, code) in use.args.items()
                          if not (d.form == "value" or code or d.params[n] in BY_NAME))
    rc.calls.append((d.id, use.site))
    rc.frames.append(frame)
    rc.texts.append(_pending(rc, d, use.args, dict(use.inner.names), use.tree))
    saved, diags, bad = rc.path, len(rc.diags), len(rc.bad)
    rc.path = d.doc.path
    try:
        ir, t = _body(rc, d, body, use.inner)
    finally:
        rc.path = saved
        rc.calls.pop()
        rc.frames.pop()
        rc.texts.pop()
    keeps = key is not None and not frame.outer and len(rc.diags) == diags \
        and len(rc.bad) == bad
    data = data_of(ir) if keeps else None  # only a kept entry is read back
    size, *nest = bounds.measure(ir, rc.made)
    entry = Entry(data or b"", t, use.base, rc.fresh_count - use.base, tuple(use.names),
                  frozenset(frame.used), frozenset(frame.aspects), size, frame.depth + 1,
                  tuple(nest))
    if key is not None and data is not None:
        keep(rc.memo, key, where, entry)
    return ir, entry


def _body(rc: RC, d: Definition, body: Syn, inner: Scope) -> tuple[IR, Type]:
    from compiler.lang.expr import expr
    from compiler.lang.stmt import stmt

    if d.form == "effect":
        return stmt(rc, body, inner), "effect"
    ir, t = expr(rc, body.kids[0] if body.op == "seq" else body, inner)
    if d.record.get("modifiable"):
        ir = {"op": "modv", "name": d.id, "base": ir,
              "params": {n: b.read() for n, b in inner.names.items() if n in d.params}}
        if "min" in d.record:
            ir["lo"] = d.record["min"]
    return ir, t


def _dynamic(scope: Scope, name: str) -> Binding:
    bound = scope.peek(name)  # its type is a key of the use (``where``), not a read
    return var(name, bound.type if bound is not None else "any")


def _pending(rc: RC, d: Definition, args: dict[str, tuple[IR, Type, bool]],
             names: dict[str, Binding], tree: Any) -> Callable[[], dict[str, Any]]:
    """``_use`` of this use, worked out when a decision inside asks for it (most uses
    hold none). Sound: ``names`` is the use's bindings as they are now (a ``let`` in
    the body may bind a name again later), and the arguments' IR is not changed while
    texts are resolved (nodes are numbered after)."""
    return lambda: _use(rc, d, args, names, tree)


def _use(rc: RC, d: Definition, args: dict[str, tuple[IR, Type, bool]],
         names: dict[str, Binding], tree: Any) -> dict[str, Any]:
    """What a decision inside this use may say of it (``use_text``): the literal
    arguments; the IR that reads each other value argument at run time (``eval``, not
    copied: ``use_text`` copies the one it keeps); the text tree when written in a text.
    ``names``: the bindings of the definition's body when the use began."""
    use: dict[str, Any] = {"def": d.id, "args": {n: _literal(a[0]) for n, a in args.items()}}
    use["holes"] = sorted(_said_holes(rc, d) & set(args))
    evals = {n: names[n].ir for n, (ir, t, code) in args.items()
             if not code and d.params[n] not in BY_NAME and ir.get("op") != "lit"
             and n in names and not _many(t)}
    records = rc.decls.records
    kinds = {n: _kind(d.params[n]) for n in args if _kind(d.params[n]) in records}
    if kinds:
        use["kinds"] = kinds
    if evals:
        use["eval"] = evals
    use["code"] = [n for n, (_, _, code) in args.items() if code or d.params[n] in BY_NAME]
    if tree is not None:
        use["tree"] = tree
    return use


def _said_holes(rc: RC, d: Definition) -> frozenset[str]:
    """The holes ``{name}`` that ``d``'s texts say, in any language. Kept in
    ``rc.said`` by the definition's ``id()`` (``rc.decls`` holds every definition for
    the run, so no id is reused): a record's text does not change once loaded."""
    kept = rc.said.get(id(d))
    if kept is None:
        texts = d.record.get("text")
        said = " ".join(str(v) for v in texts.values()) if isinstance(texts, dict) else ""
        kept = rc.said[id(d)] = frozenset(_HOLE.findall(said))
    return kept


def prompt_of(rc: RC) -> dict[str, Any]:
    """``use_text`` of the uses being expanded, for a decision in the innermost one.
    An expansion that holds the decision and whose enclosing uses were looked at depends
    on where it is used (``outer``: not kept); one whose own use was looked at, on that
    use's literal arguments and text tree (``own``)."""
    lowest, _, out = _chosen(rc.texts)
    for frame in rc.frames[lowest + 1:]:
        frame.outer = True
    rc.frames[lowest].aspects.add("own")
    return out


def use_text(texts: list[Any]) -> dict[str, Any]:
    """The use of a definition whose text asks for a decision, from the uses it is
    inside (``texts``, outermost first), innermost first: the first one whose every hole
    is known: when the game is built (a literal argument, or one written in a record's
    text, whose words the build adds from ``tree``: an effect, or a value that reads no
    local and no state), or when the decision is asked (a value read then, ``eval``);
    else the innermost one (its unknown holes read "…"). An entry not yet worked out
    (``_pending``) is worked out here, in place."""
    return _chosen(texts)[2]


def _chosen(texts: list[Any]) -> tuple[int, int, dict[str, Any]]:
    """``use_text``, with the index in ``texts`` of the outermost use looked at and of
    the use said."""
    for k, use in enumerate(texts):
        if callable(use):
            texts[k] = use()
    for k in range(len(texts) - 1, -1, -1):
        use = texts[k]
        tree = use.get("tree")
        args = (tree or {}).get("args") or {}
        if all(use["args"][h] is not None for h in use["holes"]):
            said = tree if tree is not None else _literal_tree(use)
            return k, k, ({**_kept(use), "tree": said} if said is not None else _kept(use))
        if tree is not None and all(use["args"][h] is not None or h in use["code"]
                                    or not _in_play(args.get(h)) for h in use["holes"]):
            return k, k, {**_kept(use), "tree": tree}
        evals = use.get("eval") or {}
        if all(use["args"][h] is not None or h in evals for h in use["holes"]) and \
                not any(_random(e) for e in evals.values()):
            out = _kept(use)
            if evals:
                out["eval"] = copy.deepcopy(evals)
            return k, k, out
    return 0, len(texts) - 1, _kept(texts[-1])


def _literal_tree(use: dict[str, Any]) -> Any:
    """The text tree of a use whose every argument it says is a literal (``gain 1 co2``),
    so the build words its prompt as the sheets do, the noun agreeing with the number
    ("gain 1 CO2 token"); None when an argument is not a number, a word or a record."""
    args: dict[str, Any] = {}
    kinds = use.get("kinds") or {}
    for name in use["holes"]:
        value = use["args"][name]
        if isinstance(value, str) and name in kinds:
            args[name] = {"rec": value, "kind": kinds[name]}
        elif isinstance(value, (int, str)) and not isinstance(value, bool):
            args[name] = {"lit": value}
        else:
            return None
    return {"def": use["def"], "args": args}


def _kind(t: Type) -> Any:
    """The record kind of a parameter's type (``tiles`` for ``("id", "tiles")``)."""
    t = t[1] if isinstance(t, tuple) and t[0] == "opt" else t
    return t[1] if isinstance(t, tuple) and len(t) == 2 and t[0] == "id" else t


def _kept(use: dict[str, Any]) -> dict[str, Any]:
    return {k: use[k] for k in ("def", "args", "kinds") if k in use}


def _many(t: Type) -> bool:
    t = t[1] if isinstance(t, tuple) and t[0] == "opt" else t
    return isinstance(t, tuple) and t[0] in ("list", "map")


def _in_play(tree: Any) -> bool:
    """Whether a value's text tree is known only in play: anything but a literal, a
    constant, a record or a kind, or words made of those."""
    if isinstance(tree, dict):
        if tree.get("form") == "words":
            return any(_in_play(v) for v in tree.get("a") or [])
        return not ({"lit", "const", "rec", "kind"} & set(tree))
    return tree is not None


def _random(ir: Any) -> bool:
    """Whether reading ``ir`` would draw a random number (a prompt must not)."""
    if isinstance(ir, dict):
        return "random" in ir.values() or any(_random(v) for v in ir.values())
    if isinstance(ir, list):
        return any(_random(v) for v in ir)
    return False


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
        args[name] = ({"op": "skip", "at": f"{d.doc.path}:{d.span.line}"}, "effect", True) \
            if t == "effect" else ({"op": "var", "n": f"{name}~param"}, t, False)
    scope = Scope({"you": var("you", "player"), "this": var("this", "any"),
                   "event": var("event", "any")})
    saved_path, count, loops = rc.path, len(rc.diags), rc.loops
    start = Syn("app", d.span.line, d.span.col, ())
    bounds.start(rc)
    rc.path, rc.loops = d.doc.path, 1   # a stop in the body is checked where it is used
    try:
        expand(rc, d, args, start, scope)
    except Fail as exc:
        rc.diags.append(_at_definition(exc.diag, d))
        rc.bad.add(d.id)
    finally:
        rc.path, rc.loops = saved_path, loops
    if len(rc.diags) > count:
        rc.bad.add(d.id)


def _at_definition(diag: Diagnostic, d: Definition) -> Diagnostic:
    """A body error found while checking ``d`` alone: the self-call site is not a use."""
    related = tuple(s for s in diag.related if s != d.span)
    return Diagnostic(diag.span, diag.code, f"in definition '{d.id}': {diag.message}",
                      diag.severity, diag.hint, related)
