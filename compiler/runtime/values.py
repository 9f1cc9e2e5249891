"""Evaluate expression IR (``compiler.lang.expr`` lists the forms) on the live state.

Entry point: ``ev(ctx, node)``. Expressions have no decisions; the only state they
change is the random generator's counter (``random N``). Missing data reads as the
node's default (0 for counters, [] for lists), never as an error: data that ``rulesc
check`` accepts must not crash the kernel."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

__all__ = ["clone", "ev", "ev_in", "items_of", "joined", "num", "record"]

Node = dict[str, Any]
_REFS = getattr(sys, "getrefcount", lambda x: 1 << 30)  # joined: CPython's count (PyPy: copy)
_ALONE = (lambda x: _REFS(x))([]) + 1 if hasattr(sys, "getrefcount") else -(1 << 30)


def ev(ctx: Any, node: Any, env: dict[str, Any] | None = None) -> Any:
    """The value of expression ``node`` (its compiled function when the game has one).
    ``env``: the names in scope when the caller has them (``ctx.env()``), else None."""
    x = node.get("x")
    if x is not None:
        fn = ctx.code.get(x)
        if fn is not None:
            try:
                return fn(ctx, env)
            except Exception as exc:
                _locate(exc, fn)
                raise
    if env is not None and node["op"] == "var":  # env is ctx.env() (the callers' scope)
        return env.get(node["n"])
    return _OPS[node["op"]](ctx, node)


def ev_in(ctx: Any, node: Any, names: dict[str, Any]) -> Any:
    """``ev`` with ``names`` as the environment (``ctx.scope``'s frame, pushed by hand)."""
    ctx.frames.append({"k": "scope", "env": names})
    try:
        return ev(ctx, node, names)
    finally:
        ctx.frames.pop()


def _locate(exc: Exception, fn: Any) -> None:
    """Add to an error raised inside generated code the YAML line it was compiled from."""
    at = getattr(fn, "rulesc_at", None)
    notes = getattr(exc, "__notes__", [])
    if at and not any(n.startswith("rules data: ") for n in notes):
        exc.add_note(f"rules data: {at} (compiled function {fn.__name__})")


def clone(value: Any) -> Any:
    """A deep copy of JSON data (lists, mappings, scalars), faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    return value


def num(value: Any) -> int:
    """``value`` as an int (None, text and the like count as 0)."""
    if type(value) is int:
        return value
    return int(value) if isinstance(value, int) else 0  # (a bool as 0 or 1)


def items_of(value: Any) -> list[Any]:
    """The elements a loop goes over: a list's items, a mapping's keys."""
    return value if isinstance(value, list) else list(value) if isinstance(value, dict) else []


def record(ctx: Any, kind: str, rid: Any) -> dict[str, Any] | None:
    table = ctx.rules["records"].get(kind) or {}
    return table.get(rid) if isinstance(rid, str) else None


def _st(ctx: Any, n: Node) -> Any:
    if "p" not in n:
        return ctx.state.get(n["k"])
    p = ev(ctx, n["p"])
    players = ctx.state["players"]
    if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(players):
        return players[p].get(n["k"])
    return None


def _key(ctx: Any, n: Node) -> Any:
    return key_of(ev(ctx, n["of"]), ev(ctx, n["k"]), n.get("d"))


def key_of(base: Any, key: Any, default: Any) -> Any:
    """``base.(key)``: a mapping's value, a list's item (from the end when negative)."""
    if isinstance(base, dict):
        return base.get(key, default)
    if isinstance(base, list) and isinstance(key, int) and -len(base) <= key < len(base):
        return base[key]
    return default


def _fld(ctx: Any, n: Node) -> Any:
    return _fld_of(ctx, n, ev(ctx, n["of"]))


def _fld_of(ctx: Any, n: Node, rid: Any) -> Any:
    """Field ``n["f"]`` of record ``rid`` of kind ``n["kind"]``: an expression field is
    evaluated with ``this`` = the record; effects read as code references."""
    rec = record(ctx, n["kind"], rid)
    if rec is None:
        return n.get("d")
    value = rec.get(n["f"], n.get("d"))
    if isinstance(value, dict) and "op" in value and "id" not in value:
        return ev_in(ctx, value, {**ctx.env(), "this": rid})
    if not isinstance(value, (dict, list)):
        return value
    key = (n["kind"], rid, n["f"])
    cache = ctx.index.field_cache
    if key not in cache:
        cache[key] = _codes(value, rid)
    return cache[key]


def _codes(value: Any, rid: Any) -> Any:
    """Effects inside a record's data read as code references that remember the record
    (``this`` when they run)."""
    if isinstance(value, dict):
        if "op" in value and "id" in value:
            return {"code": value["id"], "this": rid}
        if "op" in value:
            return value
        return {k: _codes(v, rid) for k, v in value.items()}
    if isinstance(value, list):
        return [_codes(v, rid) for v in value]
    return value


def _ar(ctx: Any, n: Node) -> Any:
    return arith(n["o"], ev(ctx, n["a"]), ev(ctx, n["b"]), n.get("nn", False))


def arith(o: str, a: Any, b: Any, no_none: bool = False) -> Any:
    """``a o b``: numbers (``/`` rounds down, by 0 gives 0); ``+`` joins lists (with
    ``no_none``, a list whose items cannot be none, a none adds nothing: ``[first
    deck]`` of an empty deck), merges mappings."""
    if o == "+" and isinstance(a, list):
        more = b if isinstance(b, list) else [b]
        return a + ([x for x in more if x is not None] if no_none else more)
    if o == "+" and isinstance(a, dict):
        return {**a, **(b if isinstance(b, dict) else {})}
    a, b = num(a), num(b)
    if o == "+":
        return a + b
    if o == "-":
        return a - b
    if o == "*":
        return a * b
    if b == 0:
        return 0
    return a // b if o == "/" else a % b


def joined(old: Any, value: Any, op: str, nn: bool, held: int = -1) -> Any:
    """What ``place op value`` (``+=``, ``-=``) writes where ``old`` is: a number plus or
    minus it; a list with its items or without one copy of each (``nn``: none is no item),
    changed in place when only the place and the caller's ``held`` names hold it (-1: never)."""
    if not isinstance(old, list):
        return num(old) + num(value) if op == "+=" else num(old) - num(value)
    items = [x for x in (value if isinstance(value, list) else [value]) if not nn or x is not None]
    alone = held >= 0 and _REFS(old) <= _ALONE + held  # n appends copy n items, not n²/2
    if op == "+=":
        return old.__iadd__(items) if alone else old + items
    out = old if alone else list(old)   # a draw from a deck of N: no copy of the N
    for x in items:
        if x in out:
            out.remove(x)
    return out


def _cmp(ctx: Any, n: Node) -> bool:
    a, b = ev(ctx, n["a"]), ev(ctx, n["b"])
    o = n["o"]
    if o == "==":
        return bool(a == b)
    if o == "!=":
        return bool(a != b)
    a, b = num(a), num(b)
    return {">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b}[o]


def _in(ctx: Any, n: Node) -> bool:
    a, b = ev(ctx, n["a"]), ev(ctx, n["b"])
    found = a in b if isinstance(b, (list, dict)) else False
    return not found if n.get("neg") else found


def _each(ctx: Any, n: Node) -> list[Any]:
    """Comprehensions: ``filt`` keeps items where ``w`` holds; ``mapc`` maps them."""
    out: list[Any] = []
    src = items_of(ev(ctx, n["src"]))
    env = ctx.env()
    name = n["v"]
    old = env.get(name)
    had = name in env
    try:
        for item in src:
            env[name] = item
            if "w" in n and not ev(ctx, n["w"]):
                continue
            out.append(ev(ctx, n["e"]) if "e" in n else item)
    finally:
        _restore(env, name, had, old)
    return out


def _restore(env: dict[str, Any], name: str, had: bool, old: Any) -> None:
    """Give ``name`` back the value it had (none: unset it)."""
    if had:
        env[name] = old
    else:
        env.pop(name, None)


def _core(ctx: Any, n: Node) -> Any:
    name = n["n"]
    if name == "players":
        return list(range(ctx.player_count()))
    if name == "player_count":
        return ctx.player_count()
    if name == "round":
        return ctx.state["round"]
    if name == "leaders":
        return ctx.env().get("leaders") or []
    return list(ctx.state.get("modules") or [])


def _letx(ctx: Any, n: Node) -> Any:
    """``(let v = e; b)`` in an expression: bind, evaluate, restore."""
    env = ctx.env()
    name = n["v"]
    had, old = name in env, env.get(name)
    env[name] = ev(ctx, n["e"])
    try:
        return ev(ctx, n["b"])
    finally:
        _restore(env, name, had, old)


def _as(ctx: Any, n: Node) -> Any:
    """``p.(E)``: E from player p's point of view."""
    with ctx.scope({**ctx.env(), "you": ev(ctx, n["p"])}):
        return ev(ctx, n["e"])


def _can(ctx: Any, n: Node) -> bool:
    from compiler.runtime.choose import trial

    return trial(ctx, n["b"], {})


def _modv(ctx: Any, n: Node) -> int:
    from compiler.runtime.reactions import modified

    params = {k: ev(ctx, v) for k, v in n["params"].items()}
    total = modified(ctx, n["name"], params, num(ev(ctx, n["base"])))
    return max(total, n["lo"]) if "lo" in n else total


def _adjacent(ctx: Any, n: Node, rid: Any) -> list[Any]:
    rec = record(ctx, n["kind"], rid)
    return list(rec.get("next_to") or []) if rec else []


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "count": lambda ctx, n, x: len(x) if isinstance(x, (list, dict)) else 0,
    "sum": lambda ctx, n, x: sum(num(v) for v in items_of(x)),
    "max": lambda ctx, n, x: max((num(v) for v in items_of(x)), default=0),
    "min": lambda ctx, n, x: min((num(v) for v in items_of(x)), default=0),
    "any": lambda ctx, n, x: any(items_of(x)),
    "all": lambda ctx, n, x: all(items_of(x)),
    "first": lambda ctx, n, x: items_of(x)[0] if items_of(x) else None,
    "last": lambda ctx, n, x: items_of(x)[-1] if items_of(x) else None,
    "keys": lambda ctx, n, x: list(x) if isinstance(x, dict) else [],
    "distinct": lambda ctx, n, x: list(dict.fromkeys(_hashable(v) for v in items_of(x))),
    "sorted": lambda ctx, n, x: sorted(items_of(x), key=_sort_key),
    "reversed": lambda ctx, n, x: list(reversed(items_of(x))),
    "random": lambda ctx, n, x: ctx.rng().randrange(num(x)) if num(x) > 0 else 0,
    "adjacent": _adjacent,
    "position": lambda ctx, n, x, xs: items_of(xs).index(x) if x in items_of(xs) else -1,
}


def _hashable(v: Any) -> Any:
    return v if not isinstance(v, (list, dict)) else str(v)


def _sort_key(v: Any) -> tuple[int, Any]:
    return (0, v) if isinstance(v, (int, float)) and not isinstance(v, bool) else (1, str(v))


_OPS: dict[str, Callable[[Any, Node], Any]] = {
    "lit": lambda ctx, n: n["v"],
    "var": lambda ctx, n: ctx.env().get(n["n"]),
    "st": _st, "key": _key, "fld": _fld,
    "ids": lambda ctx, n: list(ctx.rules["records"].get(n["kind"]) or {}),
    "ar": _ar,
    "neg": lambda ctx, n: -num(ev(ctx, n["a"])),
    "cmp": _cmp, "in": _in,
    "and": lambda ctx, n: all(ev(ctx, a) for a in n["a"]),
    "or": lambda ctx, n: any(ev(ctx, a) for a in n["a"]),
    "not": lambda ctx, n: not ev(ctx, n["a"]),
    "list": lambda ctx, n: [ev(ctx, a) for a in n["a"]],
    "range": lambda ctx, n: list(range(num(ev(ctx, n["a"])), num(ev(ctx, n["b"])) + 1)),
    "obj": lambda ctx, n: {k: ev(ctx, a) for k, a in zip(n["k"], n["a"], strict=True)},
    "filt": _each, "mapc": _each, "core": _core,
    "fn": lambda ctx, n: FUNCTIONS[n["f"]](ctx, n, *[ev(ctx, a) for a in n["a"]]),
    "cond": lambda ctx, n: ev(ctx, n["a"]) if ev(ctx, n["c"]) else ev(ctx, n["b"]),
    "modv": _modv, "as": _as, "can": _can, "letx": _letx,
}
