"""Reactions, modifiers and grants: what active records and lasting effects do.

A record is *active* when it sits in a state entry declared ``active: true`` (owned by
that entry's player, or by nobody for a game entry) or its kind is declared active.
Its ``reactions`` fields (``{on, w, b}``) answer events; its ``modifiers`` fields
(``{mod, by, w, anyone}``) change a modifiable value. ``grant SPEC until E, ...`` adds a
lasting reaction or modifier (``state["grants"]``), ended by the first of those events.

``emit`` collects the reactions that answer an event (their filter holds with ``event``,
``you`` = owner and ``this`` = the record), then queues them: owners in seat order from
the player who acted, and when one owner has several, that owner chooses the order
(rulebook: simultaneous effects are ordered by their owner). Trials fire them as the
game does (an owner's order tried as a decision is), so what a trial finds legal can
be played, and what it refuses cannot."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from compiler.runtime.ctx import Ctx, Frame
from compiler.runtime.errors import MAX_EVENT_DEPTH, check_bound
from compiler.runtime.lazy import LazyTable
from compiler.runtime.machine import start
from compiler.runtime.straight import NotStraight
from compiler.runtime.values import ev, ev_in, num

__all__ = ["NeedFrames", "OrderBranch", "emit", "grant", "modified", "modsum",
           "reaction_bodies", "step_react"]

Active = tuple[Any, str, str, dict[str, Any]]   # (owner, kind, record id, record)


def active_records(ctx: Ctx, only: dict[str, set[str]] | None = None) -> Iterator[Active]:
    """Every active record with its owner (see the module docstring); with ``only``,
    those of its kinds and ids alone (in the same order)."""
    records = ctx.rules["records"]
    for scope, entry, kind in ctx.index.zones:
        if only is not None and kind not in only:
            continue
        table = records.get(kind)
        wanted: Any = (table or {}) if only is None else only[kind]  # (ids of table)
        holders = enumerate(ctx.state["players"]) if scope == "player" else [(None, ctx.state)]
        for owner, holder in holders:
            ids = holder.get(entry) or ()
            if only is not None and wanted.isdisjoint(ids):  # (most entries: none)
                continue
            for rid in ids:
                if rid in wanted:
                    yield owner, kind, rid, table[rid]
    for kind in ctx.index.always:
        if only is None or kind in only:
            for rid, rec in (records.get(kind) or {}).items():
                if only is None or rid in only[kind]:
                    yield None, kind, rid, rec


class OrderBranch(Exception):
    """A trial met an owner's choice of the reaction run first: try each (``args[0]``)."""


class NeedFrames(Exception):
    """A compiled trial met reactions it does not run inline: run it again as frames."""


def emit(ctx: Ctx, event: str, fields: dict[str, Any], straight: bool = False) -> bool:
    """Queue the reactions that answer ``event`` (a ``react`` frame), then end the grants
    it ends (a trial logs nothing). In a statement run ``straight`` (straight.py), they
    stop the run; in a compiled trial (``straight`` and dry) they run at once, by their
    compiled functions, as ``step_react`` runs them (False: a requirement failed;
    NeedFrames when one has a decision or an owner has several: an order to choose)."""
    log = ctx.state.get("log")
    if ctx.dry:   # an event said in a trial is a change (ctx.changed), as the log has it
        ctx.put({}, "event", event)
    elif isinstance(log, list):
        ctx.put(ctx.state, "log", log + [{"event": event, **fields}])
    found = _answering(ctx, event, fields)
    if found and straight and not ctx.dry:
        raise NotStraight(event)
    _expire(ctx, event, fields)
    if not found:
        return True
    check_bound(f"events answering events ({ctx.index.nodes[found[0]['n']].get('at')})",
                sum(f["k"] == "react" for f in ctx.frames) + 1, MAX_EVENT_DEPTH)
    items, frames, mark = _ordered(ctx, found, ctx.env().get("you")), ctx.frames, len(ctx.frames)
    frames.append({"k": "react", "ev": fields, "items": items})
    if not straight:
        return True
    table = ctx.code["trials"]
    owners = [item["o"] for item in found if isinstance(item["o"], int)]
    try:
        if len(set(owners)) < len(owners) or \
                not all(hasattr(table.get(item["n"]), "direct") for item in found):
            raise NeedFrames(event)
        for item in items:
            frames.append({"k": "scope", "env": _env(item, fields)})
            if table[item["n"]].direct(ctx, frames[-1]["env"]) is False:
                return False
            frames.pop()
        return True
    finally:
        del frames[mark:]


def _answering(ctx: Ctx, event: str, fields: dict[str, Any]) -> list[dict[str, Any]]:
    """The reactions of active records and grants that answer ``event`` now, unordered:
    ``{o: owner, this, n: body id, l: label, env?}``."""
    found: list[dict[str, Any]] = []
    for owner, kind, rid, rec in _active(ctx, "on", event):
        for field in ctx.index.reactions.get(kind, []):
            for k, reaction in enumerate(rec.get(field) or []):
                if reaction and reaction.get("on") == event and \
                        _holds(ctx, reaction, owner, rid, fields):
                    found.append({"o": owner, "this": rid, "n": reaction["b"]["id"],
                                  "l": f"{rid}:{field}:{k}"})
    for g, item in enumerate(ctx.state.get("grants") or []):
        spec = ctx.index.nodes[item["n"]]["spec"]
        if spec.get("on") == event and _holds(ctx, spec, item["env"].get("you"),
                                               item["env"].get("this"), fields, item["env"]):
            found.append({"o": item["env"].get("you"), "this": item["env"].get("this"),
                          "n": spec["b"]["id"], "l": f"grant:{g}", "env": item["env"]})
    return found


def reaction_bodies(ctx: Ctx, event: str) -> Iterator[dict[str, Any]]:
    """The statement of every record's reaction to ``event``, active or not."""
    for kind, rids in _having(ctx, "on", event).items():
        yield from (r["b"] for rid in rids for field in ctx.index.reactions[kind]
                    for r in ctx.rules["records"][kind][rid].get(field) or []
                    if r and r.get("on") == event)


def _holds(ctx: Ctx, spec: dict[str, Any], owner: Any, rid: Any, fields: dict[str, Any],
           env: dict[str, Any] | None = None) -> bool:
    if "w" not in spec:
        return True
    return bool(ev_in(ctx, spec["w"], {**(env or {}), "you": owner, "this": rid,
                                        "event": fields}))


def _ordered(ctx: Ctx, found: list[dict[str, Any]], actor: Any) -> list[dict[str, Any]]:
    n = ctx.player_count()
    first = actor if isinstance(actor, int) else 0

    def seat(item: dict[str, Any]) -> int:
        o = item["o"]
        return -1 if not isinstance(o, int) else (o - first) % n

    return sorted(found, key=seat)


def step_react(ctx: Ctx, f: Frame) -> None:
    """Run the queued reactions; an owner with several chooses which runs next."""
    if "ans" in f:
        label = f.pop("ans").get("reaction")
        item = next((i for i in f["items"] if i["l"] == label), None)
        if item is not None:
            _run(ctx, f, item)
        return
    if not f["items"]:
        ctx.pop(f)
        return
    owner = f["items"][0]["o"]
    mine = [i for i in f["items"] if i["o"] == owner]
    if len(mine) == 1 or not isinstance(owner, int):
        _run(ctx, f, mine[0])
        return
    answers = [{"reaction": i["l"]} for i in mine]
    if ctx.dry:
        raise OrderBranch(answers)
    from compiler.runtime.choose import order_completes

    answers = [a for a in answers if order_completes(ctx, a)] or answers
    if len(answers) == 1:
        f["ans"] = answers[0]
        return
    ctx.state["pending"] = {"player": owner, "kind": "reaction_order",
                            "prompt": _said(ctx, "reaction_order_prompt",
                                            "which effect resolves first"),
                            "options": answers}


def _said(ctx: Ctx, key: str, english: str) -> str:
    """The game's words for ``key`` (game.yaml ``labels``) in its language, else English."""
    game = ctx.rules.get("game") or {}
    words = (game.get("labels") or {}).get(key)
    if isinstance(words, dict):
        return str(words.get(game.get("language") or "en") or words.get("en") or english)
    return english


def _run(ctx: Ctx, f: Frame, item: dict[str, Any]) -> None:
    f["items"] = [i for i in f["items"] if i is not item]
    ctx.push({"k": "scope", "env": _env(item, f["ev"])})
    start(ctx, ctx.index.nodes[item["n"]])


def _env(item: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """The names a queued reaction runs with (a grant's own, then you, this, event)."""
    return {**(item.get("env") or {}), "you": item["o"], "this": item["this"], "event": fields}


def grant(ctx: Ctx, node: dict[str, Any]) -> None:
    """Add a lasting reaction or modifier, with a copy of the names it reads."""
    env = {k: copy.deepcopy(v) for k, v in ctx.env().items()}
    grants = list(ctx.state.get("grants") or []) + [{"n": node["id"], "env": env}]
    ctx.touch("grants")
    ctx.put(ctx.state, "grants", grants)


def _expire(ctx: Ctx, event: str, fields: dict[str, Any]) -> None:
    grants = ctx.state.get("grants") or []
    keep = [g for g in grants if not any(
        u["ev"] == event and _holds(ctx, u, g["env"].get("you"), g["env"].get("this"),
                                    fields, g["env"]) for u in ctx.index.nodes[g["n"]]["until"])]
    if len(keep) != len(grants):
        ctx.touch("grants")
        ctx.put(ctx.state, "grants", keep)


def modified(ctx: Ctx, name: str, params: dict[str, Any], base: int) -> int:
    """``base`` plus every active modifier of value ``name`` that applies."""
    you = ctx.env().get("you")
    for owner, rid, mod in _modifiers(ctx, name):
        base += _modifier(ctx, mod, owner, rid, params, you, {})
    return base + _granted(ctx, name, params, you)


def _modifiers(ctx: Ctx, name: str) -> Iterator[tuple[Any, str, dict[str, Any]]]:
    """(owner, record id, modifier) of every active modifier of ``name``, in order."""
    for owner, kind, rid, rec in _active(ctx, "mod", name):
        for field in ctx.index.modifiers.get(kind, []):
            for mod in rec.get(field) or []:
                if mod and mod.get("mod") == name:
                    yield owner, rid, mod


def modsum(ctx: Ctx, name: str, params: dict[str, Any], base: Any, lo: Any) -> int:
    """``modified`` for compiled code (``exports.MODV``: ``num(base)`` plus the same
    modifiers in the same order, at least ``lo`` unless None). Each value's active
    modifiers are kept by the versions of the entries holding active records, found
    again (with whether there are grants) only when ``ctx.version`` moves (``ctx.mods``)."""
    kept = ctx.mods  # (version, memo, {value: its modifiers}, grants?): a new memo, anew
    if kept[0] != ctx.version or kept[1] is not ctx.memo:
        by = ctx.memo.setdefault((modsum, ctx.index.stamps_of(ctx.stamps)), {})
        kept = ctx.mods = (ctx.version, ctx.memo, by, bool(ctx.state.get("grants")))
    mods = kept[2].get(name)
    if mods is None:
        mods = kept[2][name] = list(_modifiers(ctx, name))
    if type(base) is not int:
        base = num(base)
    if mods:
        you = ctx.env().get("you")
        for owner, rid, mod in mods:
            base += _modifier(ctx, mod, owner, rid, params, you, {})
    if kept[3]:
        base += _granted(ctx, name, params, ctx.env().get("you"))
    return base if lo is None or base >= lo else lo


def _granted(ctx: Ctx, name: str, params: dict[str, Any], you: Any) -> int:
    """The sum of the grants' modifiers of ``name`` that apply."""
    total = 0
    for item in ctx.state.get("grants") or []:
        spec = ctx.index.nodes[item["n"]]["spec"]
        if spec.get("mod") == name:
            env = item["env"]
            total += _modifier(ctx, spec, env.get("you"), env.get("this"), params, you, env)
    return total


def _active(ctx: Ctx, field: str, name: str) -> list[Active]:
    """The active records with a modifier of ``name`` ("mod") or a reaction to it ("on"),
    kept by the versions of the state entries that hold active records."""
    named = _having(ctx, field, name)
    if not named:
        return []
    key = (field, name, *[ctx.stamps.get(entry, 0) for _, entry, _ in ctx.index.zones])
    hit = ctx.memo.get(key)
    if hit is None:
        hit = ctx.memo[key] = list(active_records(ctx, named))
    return hit


def _having(ctx: Ctx, field: str, name: str) -> dict[str, set[str]]:
    """Per kind, the records with a modifier of value ``name`` (``field`` "mod") or a
    reaction to event ``name`` ("on"); the others do nothing to it and are not looked
    at (most events have no reaction at all)."""
    cache = ctx.index.modified_by if field == "mod" else ctx.index.reacting_to
    if name not in cache:
        kinds = ctx.index.modifiers if field == "mod" else ctx.index.reactions
        cache[name] = {kind: rids for kind, fields in kinds.items()
                       if (rids := _ids(ctx.rules["records"].get(kind) or {}, fields, field,
                                        name))}
    return cache[name]


def _ids(table: Any, fields: list[str], field: str, name: str) -> set[str]:
    def has(rec: Any) -> bool:
        return isinstance(rec, dict) and any(x and x.get(field) == name
                                             for f in fields for x in rec.get(f) or [])

    return table.having(field, name, has) if isinstance(table, LazyTable) else \
        {rid for rid, rec in table.items() if has(rec)}


def _modifier(ctx: Ctx, mod: dict[str, Any], owner: Any, rid: Any, params: dict[str, Any],
              you: Any, env: dict[str, Any]) -> int:
    if not mod.get("anyone") and owner != you:
        return 0
    names = {**env, **params, "you": owner, "this": rid}
    with ctx.scope(names):
        if "w" in mod and not ev(ctx, mod["w"], names):
            return 0
        return num(ev(ctx, mod["by"], names))
