"""What generated engines may call: the kernel's exports (a test enforces the list).

Generated code (``generated/<game>/engine/*.py``, made by ``compiler.codegen.pycode``)
compiles each statement and expression of the IR into a Python function; the functions
use only the names below, as Jinja2's generated templates use only its runtime's
exports. Each helper does exactly what the interpreter (``values.py``, ``machine.py``)
does for the same node, so both engines give the same states."""

from __future__ import annotations

from typing import Any

from compiler.runtime.choose import trial
from compiler.runtime.cps import ASSIGN, CHOOSE, CPS, DO, EMIT, KEYPLACE, LOCAL, SET, STMT, UNSET
from compiler.runtime.cps import MUST as MUST  # (one line: the runtime's line budget)
from compiler.runtime.ctx import MISSING
from compiler.runtime.errors import TRIAL_STEPS
from compiler.runtime.machine import TrialBudget
from compiler.runtime.machine import seat as SEAT  # noqa: N812
from compiler.runtime.machine import you_seat as YOU  # noqa: N812
from compiler.runtime.reactions import modsum as MODV  # noqa: N812  # (ctx, name, params, base, lo)
from compiler.runtime.values import FUNCTIONS, _core, _fld_of, arith, ev, ev_in, items_of, num
from compiler.runtime.values import key_of as KEY  # noqa: N812

__all__ = ["ADJ", "AR", "AS", "ASSIGN", "CAN", "CHOOSE", "CORE", "CPS", "DO", "EMIT", "FLD", "FN",
           "GET", "IDS", "IN", "KEY", "KEYPLACE", "LOCAL", "MEMO", "MISSING", "MODV", "MUST",
           "NOREC", "PL", "RANGE", "SEAT", "SET", "STMT", "TRIAL_STEPS", "TrialBudget", "UNSET",
           "YOU", "ev", "items_of", "num"]

_NONE = object()
NOREC: dict[str, Any] = {}
"""No record (inlined ``GET``: ``ctx.index.plain[kind].get(rid, NOREC).get(field, d)``)."""
MEMO_SIZE = 50_000


def MEMO(ctx: Any, key: tuple[Any, ...], compute: Any) -> Any:  # noqa: N802
    """The value of a costly expression, kept by the state versions and names it reads
    (``key``) until one of them changes. One that reads only the rules (``key`` is its
    number alone) is kept for every game of the same composed rules (``Index.memo``):
    values are never changed in place."""
    memo = ctx.memo if len(key) > 1 else ctx.index.memo
    try:
        hit = memo.get(key, _NONE)
    except TypeError:  # a name holds a list: kept by its items (a mapping: not kept)
        try:
            hit = memo.get(key := tuple(tuple(k) if type(k) is list else k for k in key), _NONE)
        except TypeError:
            return compute()
    if hit is not _NONE:
        return hit
    value = compute()
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = value
    return value


def PL(ctx: Any, p: Any) -> dict[str, Any]:  # noqa: N802
    """Player ``p``'s state (an empty mapping for anything that is not a seat)."""
    players = ctx.state["players"]
    return players[p] if type(p) is int and 0 <= p < len(players) else {}  # not a bool


def FLD(ctx: Any, node: dict[str, Any], rid: Any) -> Any:  # noqa: N802
    """A record's field (the interpreter's ``fld``, with ``rid`` already evaluated), its
    lookup kept per rules (``Index.field_cache``; an absent one as MISSING: the default is
    the caller's); an expression is evaluated each time."""
    if type(rid) is not str:
        return node.get("d")
    key = (FLD, node["kind"], rid, node["f"])
    if (hit := ctx.index.field_cache.get(key)) is None:
        rec = (ctx.rules["records"].get(node["kind"]) or {}).get(rid) or {}
        value = rec.get(node["f"], MISSING)
        expr = isinstance(value, dict) and "op" in value and "id" not in value
        hit = ctx.index.field_cache[key] = \
            (expr, value if expr or value is MISSING else _fld_of(ctx, node, rid))
    if hit[0]:
        return ev_in(ctx, hit[1], {**ctx.env(), "this": rid})
    if hit[1] is not MISSING:
        return hit[1]
    return _fld_of(ctx, node, rid) if isinstance(d := node.get("d"), (dict, list)) else d


def GET(ctx: Any, kind: str, rid: Any, field: str, default: Any) -> Any:  # noqa: N802
    """A plain data field of a record (one that holds no text of the language; a lazy
    table answers it without loading the record's part)."""
    if type(rid) is not str:
        return default
    rec = ctx.index.plain[kind].get(rid)
    return default if rec is None else rec.get(field, default)


def IDS(ctx: Any, kind: str) -> list[Any]:  # noqa: N802
    """The ids of kind ``kind``, kept in the index (never changed in place)."""
    if (hit := ctx.index.field_cache.get((IDS, kind))) is None:
        hit = ctx.index.field_cache[(IDS, kind)] = list(ctx.rules["records"].get(kind) or {})
    return hit


AR = arith  # AR(o, a, b, no_none=False)


def IN(a: Any, b: Any) -> bool:  # noqa: N802
    return a in b if isinstance(b, (list, dict)) else False


def RANGE(a: Any, b: Any) -> list[int]:  # noqa: N802
    return list(range(num(a), num(b) + 1))


FN = FUNCTIONS  # the core functions by name: FN["count"](ctx, None, x)


def ADJ(ctx: Any, kind: str, rid: Any) -> list[Any]:  # noqa: N802
    """Record ``rid``'s ``next_to`` ids, kept in the index (rules never change; the list
    is never changed in place)."""
    if type(rid) is not str:
        return []
    key = (ADJ, kind, rid)
    hit = ctx.index.field_cache.get(key)
    if hit is None:
        rec = (ctx.rules["records"].get(kind) or {}).get(rid)
        hit = ctx.index.field_cache[key] = list(rec.get("next_to") or []) if rec else []
    return hit


def CORE(ctx: Any, name: str) -> Any:  # noqa: N802
    return _core(ctx, {"n": name})


def AS(ctx: Any, p: Any, body: Any) -> Any:  # noqa: N802
    """``p.(E)``: ``body(env)`` with ``you`` = p."""
    with ctx.scope({**ctx.env(), "you": p}):
        return body(ctx.env())


def CAN(ctx: Any, node: int, binding: dict[str, Any]) -> bool:  # noqa: N802
    """``can (S)``: a trial run of statement ``node`` (by id) with ``binding``."""
    return trial(ctx, ctx.index.nodes[node], binding)
