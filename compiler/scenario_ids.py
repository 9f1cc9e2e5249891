"""The record ids a scenario's ``given`` writes: each must be a record of the kind the
state entry holds, so that a misspelt id fails instead of testing nothing.

Entry point: ``unknown_id(rules, parts, value) -> str``: the first id in ``value`` that
is not a record of its declared kind, said with the closest id, or '' when all are known
(or the path's type is not declared: then only the JSON types are checked).
``parts`` is the path below the state (``["players", "0", "hand"]``); ``rules`` the
composed or uncomposed rules (their ``state`` types and ``records``).
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import did_you_mean

__all__ = ["unknown_id"]


def unknown_id(rules: dict[str, Any], parts: list[str], value: Any) -> str:
    """See the module docstring."""
    state = rules.get("state") or {}
    if len(parts) >= 3 and parts[0] == "players":
        entry, rest = (state.get("player") or {}).get(parts[2]), parts[3:]
    else:
        entry, rest = (state.get("game") or {}).get(parts[0]), parts[1:]
    t = entry.get("type") if isinstance(entry, dict) else None
    for part in rest:
        t = _below(t, part)
        if t is None:
            return ""
    return _first_unknown(rules.get("records") or {}, t, value)


def _below(t: Any, part: str) -> Any:
    """The type one step below ``t`` along ``part`` (a map key, list index, field)."""
    t = _plain(t)
    if not isinstance(t, list) or not t:
        return None
    if t[0] == "map":
        return t[2]
    if t[0] == "list":
        return t[1]
    if t[0] == "obj":
        return next((ft for name, ft in t[1] if name == part), None)
    return None


def _plain(t: Any) -> Any:
    while isinstance(t, list) and t and t[0] == "opt":
        t = t[1]
    return t


def _first_unknown(records: dict[str, Any], t: Any, value: Any) -> str:
    t = _plain(t)
    if not isinstance(t, list) or not t or value is None:
        return ""
    if t[0] == "id":
        table = records.get(t[1])
        if table is None or not isinstance(value, str) or value in table:
            return ""
        hint = did_you_mean(value, list(table))
        return f"'{value}' is not an id of {t[1]}" + (f" ({hint})" if hint else "")
    if t[0] == "list" and isinstance(value, list):
        return next((p for v in value if (p := _first_unknown(records, t[1], v))), "")
    if t[0] == "map" and isinstance(value, dict):
        for k, v in value.items():
            problem = _first_unknown(records, t[1], k) or _first_unknown(records, t[2], v)
            if problem:
                return problem
        return ""
    if t[0] == "obj" and isinstance(value, dict):
        fields = dict((name, ft) for name, ft in t[1])
        return next((p for k, v in value.items()
                     if k in fields and (p := _first_unknown(records, fields[k], v))), "")
    return ""
