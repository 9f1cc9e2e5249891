"""Resolve bare names: locals, state entries, constants, record ids, exposed keys, kind
names and core values, in that order (docs/dsl.md, 'Names').

Entry point: ``name_ref(rc, syn, name, scope, want) -> (IR, type)``; ``want`` picks a
record of the kind the place expects. Errors: R001 unknown name (with the closest known
name), R003 an effect used as a value or an id of several kinds, R032 a player's entry
where no player acts, R037 a record only an inactive module declares.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.diagnostics import did_you_mean
from compiler.lang.scope import IR, RC, Scope
from compiler.lang.syntax import Syn
from compiler.lang.types import Type, strip_opt

__all__ = ["CORE_VALUES", "default_of", "kind_wanted", "lit", "name_hint", "name_ref",
           "record_id", "state_ref", "unknown"]

CORE_VALUES = {"players": ("list", "player"), "player_count": "int", "round": "int",
               "active_modules": ("list", ("id", "modules")), "leaders": ("list", "player")}


TEXT = ":text"
"""``Fail.kind`` of an unknown name where a text is wanted (no kind id is spelt so)."""


def lit(v: Any, t: Type) -> tuple[IR, Type]:
    return {"op": "lit", "v": v}, t


def name_ref(rc: RC, syn: Syn, name: str, scope: Scope, want: Type) -> tuple[IR, Type]:
    """What a bare name means here (see docs/dsl.md, 'Names')."""
    bound = scope.lookup(name)
    if bound is not None:
        if bound.code:
            raise rc.fail(syn, "R003", f"'{name}' is an effect, used here as a value",
                          hint=f"run it as a statement: '{name}'")
        return bound.read(), bound.type
    decls = rc.decls
    for scope_name in ("player", "game"):
        entry = decls.state[scope_name].get(name)
        if entry is not None:
            return state_ref(rc, syn, name, scope_name, entry.type, scope)
    if name in decls.constants:
        value = decls.constants[name]
        return lit(value, _type_of_value(value))
    kinds = rc.kind_of(name)
    want_kind = kind_wanted(want)
    if want_kind in kinds:
        return record_id(rc, syn, name, want_kind)
    exposed = _exposed(rc, syn, name, scope)
    if exposed is not None:
        return exposed
    if name in decls.kinds or name == "spaces":
        # a kind's name reads its ids, even when a record of another kind has that id
        # (a module `corporations`): that record is `modules.corporations`
        return {"op": "ids", "kind": name}, ("list", ("id", name))
    kinds = [k for k in kinds if k not in ("definitions",)]
    if len(kinds) == 1:
        return record_id(rc, syn, name, kinds[0])
    if len(kinds) > 1:
        raise rc.fail(syn, "R003", f"'{name}' is the id of several kinds: "
                      f"{', '.join(kinds)}", hint=f"write {kinds[0]}.{name} (kind.id)")
    if name in CORE_VALUES:
        return {"op": "core", "n": name}, CORE_VALUES[name]
    from compiler.lang.phrases import phrase

    return phrase(rc, syn, [syn], scope, want, statement=False)


def _type_of_value(value: Any) -> Type:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, list):
        return ("list", _type_of_value(value[0]) if value else "any")
    return "any"


def _exposed(rc: RC, syn: Syn, name: str, scope: Scope) -> tuple[IR, Type] | None:
    """A key of a state map declared ``expose: true`` reads as its value (``heat`` is
    the acting player's stock of heat). Of an entry whose ``each`` names no kind (R030
    reported), every record id reads so: its uses are no follow-on errors."""
    if rc.exposed is None:
        rc.exposed = [(scope_name, entry) for scope_name in ("player", "game")
                      for entry in rc.decls.state[scope_name].values()
                      if entry.spec.get("expose")]
    for scope_name, entry in rc.exposed:
        each = entry.spec.get("each")
        record = rc.decls.records.get(each or "", {}).get(name)
        if (entry.spec.get("lost_each") and rc.kind_of(name)) or \
                (record is not None and _where_holds(entry.spec.get("where"), record.data)):
            base, t = state_ref(rc, syn, entry.name, scope_name, entry.type, scope)
            return {"op": "key", "of": base, "k": {"op": "lit", "v": name},
                    "d": default_of(t[2])}, t[2]
    return None


_WHERE = re.compile(r"^\s*it\.([a-z_][a-z0-9_]*)\s*==\s*([a-z_][a-z0-9_]*)\s*$")


def _where_holds(where: Any, data: dict[str, Any]) -> bool:
    """Whether a record is among an exposed entry's keys: a ``where`` of the form
    ``it.FIELD == WORD`` is read here; any other filter exposes every record."""
    match = _WHERE.match(where) if isinstance(where, str) else None
    return match is None or str(data.get(match.group(1))) == match.group(2)


def record_id(rc: RC, syn: Syn, name: str, kind: str) -> tuple[IR, Type]:
    """The id ``name`` of ``kind``; R037 when only a module that may be off declares it."""
    record = rc.decls.record(kind, name)
    module = record.data.get("module") if record is not None else None
    if module:
        rc.depends("modules")
    if module and module not in rc.modules:
        where = f"module '{sorted(rc.modules)[0]}'" if rc.modules else "the base game"
        raise rc.fail(syn, "R037", f"{kind} '{name}' exists only with module '{module}', "
                      f"but {where} may be played without it",
                      hint=f"add 'module: {module}' to this record, or 'requires: "
                      f"[{module}]' to its module")
    return lit(name, ("id", kind))


def kind_wanted(want: Type) -> str | None:
    want = strip_opt(want)
    if isinstance(want, tuple) and want[0] == "id":
        return str(want[1])
    if isinstance(want, tuple) and want[0] == "list":
        return kind_wanted(want[1])
    return None


def state_ref(rc: RC, syn: Syn, name: str, scope_name: str, t: Type,
           scope: Scope, player: IR | None = None) -> tuple[IR, Type]:
    if scope_name == "game":
        return {"op": "st", "k": name}, t
    if player is None:
        you = scope.lookup("you")
        if you is None:
            raise rc.fail(syn, "R032", f"'{name}' belongs to a player, but no player "
                          "acts here", hint=f"name the player: 'p.{name}', or use an "
                          "each_player step")
        player = you.read()
    return {"op": "st", "k": name, "p": player}, t


def unknown(rc: RC, syn: Syn, name: str, scope: Scope, want: Type = "any") -> Any:
    """The diagnostic for a name nothing declares, with the closest known name (while
    phrases are only being tried, ``rc.quiet``, without the costly hint)."""
    kind = kind_wanted(want) or (TEXT if strip_opt(want) == "text" else None)
    fail = rc.fail(syn, "R001", f"unknown name '{name}'",
                   hint="" if rc.quiet else name_hint(rc, name, scope, kind))
    fail.kind = kind
    return fail


def name_hint(rc: RC, name: str, scope: Scope, kind: str | None = None) -> str:
    """The closest declared name to ``name``, or how to declare it. Where the place wants
    a record of ``kind``, its ids come first ("gain 5 dollars" wants a resource: its
    closest resource, not a record of another kind that is spelt nearer)."""
    decls = rc.decls
    if kind == TEXT:
        return f'a text is expected here: write "{name}" in quotes'
    ids = list(decls.records.get(kind) or ()) if kind else []
    if ids:
        close = did_you_mean(name, ids)
        if close:
            return close
        if len(ids) <= 12:
            return f"a {kind} id is expected here: {', '.join(ids)}"
    known = scope.visible() + list(decls.state["game"]) + list(decls.state["player"]) + \
        list(decls.constants) + list(decls.kinds) + list(CORE_VALUES) + \
        [i for k, recs in decls.records.items() if k != "definitions" for i in recs]
    return did_you_mean(name, known) or "declare it (a record, a state entry, a constant) " \
        "or a definition whose phrase is this word"


def default_of(t: Type) -> Any:
    """What a missing value reads as: 0, false, [], {}; a missing condition holds; a
    missing optional value is none."""
    if strip_opt(t) == "condition":
        return True
    if isinstance(t, tuple) and t[0] == "opt":
        return None
    if t in ("int", "number"):
        return 0
    if t == "condition":
        return True
    if t == "bool":
        return False
    if isinstance(t, tuple) and t[0] == "list":
        return []
    if isinstance(t, tuple) and t[0] in ("map", "obj"):
        return {}
    return None
