"""Checks a definition asks of each use, decided while compiling when they can be.

A definition may carry ``checks: [{that: CONDITION, says: {lang: text}}]``. At each use
the condition is evaluated with the arguments and, in a record's text, ``this`` = that
record. When it can be decided from the rules alone (records, literals, comparisons)
and is false, the use is an error R038 whose message is ``says`` with the holes filled:
"add 1 animal to this card" on a card that holds no animals. A condition the rules
alone cannot decide (it needs the game state, or a comparison of numbers) is not
checked: write such rules as ``require`` in the definition's body.

``check_compared`` (R003): ``==`` or ``!=`` between a ``one_of`` text field (kinds.yaml)
and a text that is none of its words never or always holds: ``this.type == automatc``;
(R046, ``check_seat``) nor does a player compared with a seat number the game has not.

``check_by_players`` (R042): a literal list (a constant written by player count) read at
an index made of ``player_count`` and numbers must hold an item for every player count
the game allows: ``tokens_to_win.(player_count - 2)`` with ``[7, 5]`` in a 2-4 player
game has nothing for 4 players (the engine would read none there).
"""

from __future__ import annotations

import re
from typing import Any

from compiler.diagnostics import Diagnostic, Span, did_you_mean
from compiler.lang.declare import Definition
from compiler.lang.scope import IR, RC, Binding, Fail, Scope, var
from compiler.lang.types import Type, show, strip_opt

__all__ = ["check_by_players", "check_compared", "check_seat", "check_uses", "check_zero"]

UNKNOWN = object()
_HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def check_uses(rc: RC, d: Definition, args: dict[str, tuple[IR, Type, bool]],
               site: Span, scope: Scope) -> None:
    """R038 for every check of ``d`` that is false at this use."""
    for check in d.record.get("checks") or []:
        ir = _condition(rc, d, check.get("that", "true"), args, scope)
        if ir is not None and _static(rc, ir) is False:
            lang = (rc.decls.singles["game"].data.get("language", "en")
                    if "game" in rc.decls.singles else "en")
            says = check.get("says") or {}
            text = says.get("en") or says.get(lang) or f"'{d.id}' cannot be used here"
            values = {n: a[0].get("v") for n, a in args.items() if a[0].get("op") == "lit"}
            message = _fill(text, values)
            rc.diags.append(Diagnostic(site, "R038", message,
                                       hint=f"see definition '{d.id}' ({d.span})",
                                       related=(d.span,)))


def check_compared(rc: RC, o: str, sides: tuple[tuple[IR, Any, Type], ...]) -> None:
    """R003 at the text of ``sides`` (``(ir, syn, type)`` of ``a o b``) when the other side
    reads a field whose words kinds.yaml lists and the text is none of them (QA qa12 S1:
    the card was never playable); R046 at a seat number compared with a player."""
    never = {"==": "never", "!=": "always"}.get(o)
    for (field, _, t), (text, at, _) in (sides, sides[::-1]) if never else ():
        if strip_opt(t) == "player":
            check_seat(rc, at, text)
        decl = rc.decls.kinds.get(field.get("kind", "")) if field.get("op") == "fld" else None
        allowed = ((decl.bounds.get(field["f"]) or {}).get("one_of") or []) if decl else []
        value = text.get("v") if text.get("op") == "lit" else None
        if allowed and isinstance(value, str) and value not in allowed:
            raise rc.fail(at, "R003", f"'{value}' is no {field['f']} of {field['kind']} (one "
                          f"of: {', '.join(allowed)}): '{o}' would {never} hold",
                          hint=did_you_mean(value, allowed) or "write one of them")


def check_zero(rc: RC, syn: Any, ir: IR, what: str) -> None:
    """S004 when a number written in the text makes a value always 0: ``random 0`` (or
    below), and ``/ 0`` or ``% 0`` (``1 per 0 resource here`` scored 0: QA qa12 S4, S14)."""
    v = ir.get("v") if ir.get("op") == "lit" else None
    if type(v) is int and (v < 1 if what == "random" else v == 0):
        said = f"random {v}: {v} is below the least value 1" if what == "random" else \
            f"'{what} 0' divides by 0"
        raise rc.fail(syn, "S004", f"{said}: the value is always 0", hint="write a number of 1 "
                      "or more, or leave it out (docs/dsl.md, Values: '/' and '%' by 0 give 0)")


def check_seat(rc: RC, syn: Any, ir: IR) -> None:
    """R046 when a number written in the text (``with you = N``, ``event.by == N``) is a
    seat no game of game.yaml's ``players`` has (seats count from 0; a seat computed at
    run time out of range is a rules failure there)."""
    negative = ir.get("op") == "neg"
    lit = ir.get("a") if negative else ir
    if not isinstance(lit, dict) or lit.get("op") != "lit" or type(lit.get("v")) is not int:
        return
    seat = -lit["v"] if negative else lit["v"]
    game = rc.decls.singles.get("game")
    limits = (game.data.get("players") if game is not None else None) or {}
    most = limits.get("max") if isinstance(limits, dict) else None
    if seat >= 0 and (type(most) is not int or seat < most):
        return
    who = f"player {seat + 1} (seat {seat})" if seat >= 0 else f"seat {seat}"
    raise rc.fail(syn, "R046", f"no {who} in a game of "
                  + (f"at most {most} players" if type(most) is int else "players"),
                  hint="seats count from 0, the first player's is 0"
                  + (f": 0 to {most - 1} here" if type(most) is int else "")
                  + "; the next player is (you + 1) % player_count")


def _fill(text: str, values: dict[str, Any]) -> str:
    return _HOLE.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)


def _condition(rc: RC, d: Definition, text: str, args: dict[str, tuple[IR, Type, bool]],
               scope: Scope) -> IR | None:
    from compiler.lang.expr import expr
    from compiler.lang.parse import parse

    syn, errs = parse("expr", str(text), lambda i: (d.span.line, d.span.col), d.doc.path)
    if syn is None:
        rc.diags.extend(errs)
        return None
    inner = Scope({n: Binding(a[0], a[1], a[2]) for n, a in args.items()})
    for name in ("you", "this", "event"):
        bound = scope.lookup(name)
        inner.bind(name, bound if bound is not None else var(name, "any"))
    saved = rc.path
    rc.path = d.doc.path
    try:
        return expr(rc, syn, inner, "bool")[0]
    except Fail as exc:
        rc.diags.append(exc.diag)
        return None
    finally:
        rc.path = saved


def _static(rc: RC, ir: IR) -> Any:
    """The value of ``ir`` from the rules alone, or UNKNOWN."""
    op = ir.get("op")
    if op == "lit":
        return ir["v"]
    if op == "var" and ir["n"] == "this":
        if rc.this_reads is not None:  # the id itself: copies differ (``copies``)
            rc.this_reads.append(None)
        return rc.this if rc.this is not None else UNKNOWN
    of = ir.get("of") if op == "fld" else None
    if isinstance(of, dict) and of.get("op") == "var" and of.get("n") == "this" and \
            rc.this_reads is not None:
        value = this_field(rc, ir["kind"], ir["f"], ir.get("d"))
        rc.this_reads.append((ir["kind"], ir["f"], ir.get("d"), value))
        return value
    if op == "fld":
        rid = _static(rc, ir["of"])
        record = rc.decls.record(ir["kind"], rid) if isinstance(rid, str) else None
        return record.data.get(ir["f"], ir.get("d")) if record is not None else UNKNOWN
    if op == "cmp" and ir["o"] in ("==", "!="):
        a, b = _static(rc, ir["a"]), _static(rc, ir["b"])
        if UNKNOWN in (a, b):
            return UNKNOWN
        return (a == b) == (ir["o"] == "==")
    if op == "in":
        a, b = _static(rc, ir["a"]), _static(rc, ir["b"])
        if UNKNOWN in (a, b) or not isinstance(b, (list, dict)):
            return UNKNOWN
        return (a in b) != bool(ir.get("neg"))
    if op in ("and", "or"):
        values = [_static(rc, x) for x in ir["a"]]
        if op == "and" and False in values or op == "or" and True in values:
            return op == "or"
        return UNKNOWN if UNKNOWN in values else op == "and"
    if op == "not":
        v = _static(rc, ir["a"])
        return UNKNOWN if v is UNKNOWN else not v
    return UNKNOWN


def this_field(rc: RC, kind: str, f: str, default: Any) -> Any:
    """Field ``f`` of record ``this`` (of ``kind``) as ``_static`` reads it."""
    record = rc.decls.record(kind, rc.this) if rc.this is not None else None
    return record.data.get(f, default) if record is not None else UNKNOWN


def check_by_players(rc: RC, syn: Any, items: list[Any], key: IR) -> None:
    """Raise R042 when ``key`` (an index of literal list ``items``, at ``syn``) depends
    only on ``player_count`` and numbers and falls outside the list for a player count
    the game allows (game.yaml ``players``)."""
    game = rc.decls.singles.get("game")
    players = game.data.get("players") if game is not None else None
    if not isinstance(players, dict) or not _counted(key):
        return
    low, high = players.get("min"), players.get("max")
    if not isinstance(low, int) or not isinstance(high, int):
        return
    for n in range(low, high + 1):
        i = _at(key, n)
        if isinstance(i, int) and not -len(items) <= i < len(items):
            raise rc.fail(syn, "R042", f"with {n} players the index is {i}, past the list "
                          f"{items} (indexes 0 to {len(items) - 1}): there is no value",
                          hint=f"give one value per player count ({low}-{high})")


def _counted(ir: Any) -> bool:
    """Whether ``ir`` is made of numbers, ``player_count`` and arithmetic, and reads it."""
    text = repr(ir)
    return "player_count" in text and _at(ir, 2) is not None


def _at(ir: Any, n: int) -> int | None:
    """``ir`` with ``player_count`` = ``n``; None for anything else."""
    if not isinstance(ir, dict):
        return None
    op = ir.get("op")
    if op == "lit":
        v = ir.get("v")
        return v if isinstance(v, int) and not isinstance(v, bool) else None
    if op == "core":
        return n if ir.get("n") == "player_count" else None
    if op == "ar":
        a, b = _at(ir.get("a"), n), _at(ir.get("b"), n)
        if a is None or b is None:
            return None
        ops = {"+": a + b, "-": a - b, "*": a * b}
        return ops.get(str(ir.get("o")))
    return None


def no_items(rc: RC, syn: Any, base: IR, t: Type) -> None:
    """Raise R003 when ``base.N`` indexes a value with no items (``t`` a number, a yes/no,
    none): ``2.5`` parses as item 5 of the number 2, which would gain nothing."""
    if t not in ("int", "bool", "none"):
        return
    if base.get("op") == "lit" and isinstance(base.get("v"), int):
        number = f"{base['v']}.{syn.kids[1].kids[0] if syn.kids[1].kids else '...'}"
        raise rc.fail(syn, "R003", f"'{number}' is not a number of the rules: they count in "
                      "whole numbers", hint=f"write a whole number ({base['v']} or "
                      f"{base['v'] + 1}); a '.' after a value reads an item of a list or a field")
    raise rc.fail(syn, "R003", f"{show(t)} has no items ('.' reads an item of a list or a "
                  "map)", hint="")
