"""The record ids a scenario's ``given`` writes: each must be a record of the kind the
state entry holds, so that a misspelt id fails instead of testing nothing.

Entry points:
- ``unknown_id(rules, parts, value, box=None) -> str``: the first id in ``value``, or key
  of a map of ids in ``parts`` (``players.0.stock.megacredit``), that is not a record of
  its declared kind, said with the closest id, or '' when all are known (or the
  path's type is not declared: then only the JSON types are checked). ``parts`` is the
  path below the state (``["players", "0", "hand"]``); ``rules`` the composed or
  uncomposed rules (their ``state`` types and ``records``); ``box`` (optional) the
  whole game's: an id only a module left off has is said with the module to add.
- ``out_of_bounds(rules, parts, value) -> str``: a whole number of ``value`` below the
  state entry's literal ``min`` or above its ``max`` (state.yaml), said with the bound, or
  '' (a bound that is an expression, such as a production's per-resource minimum, is not
  judged here): a ``given`` the rules could never reach would test an impossible game.
- ``unknown_word(rules, value) -> str``: the first string of ``value`` (a key or a leaf)
  that occurs nowhere in ``rules``, for the negative list tests of ``then`` (``lacks``,
  ``has_no``): a misspelt word there would make the test pass whatever the game does.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import did_you_mean

__all__ = ["out_of_bounds", "unknown_id", "unknown_word"]


def unknown_id(rules: dict[str, Any], parts: list[str], value: Any,
               box: dict[str, Any] | None = None) -> str:
    """See the module docstring."""
    state = rules.get("state") or {}
    if len(parts) >= 3 and parts[0] == "players":
        entry, rest = (state.get("player") or {}).get(parts[2]), parts[3:]
    else:
        entry, rest = (state.get("game") or {}).get(parts[0]), parts[1:]
    t = entry.get("type") if isinstance(entry, dict) else None
    records, whole = rules.get("records") or {}, (box or rules).get("records") or {}
    for part in rest:
        key = _plain(t)  # a key of a map of ids is one of them: stock.megacredit is not
        if isinstance(key, list) and key[:1] == ["map"] and \
                (problem := _first_unknown(records, key[1], part, whole)):
            return problem
        t = _below(t, part)
        if t is None:
            return ""
    return _first_unknown(records, t, value, whole)


def out_of_bounds(rules: dict[str, Any], parts: list[str], value: Any) -> str:
    """See the module docstring."""
    state = rules.get("state") or {}
    if len(parts) >= 3 and parts[0] == "players":
        scope, name = "player", parts[2]
    else:
        scope, name = "game", parts[0] if parts else ""
    entry = (state.get(scope) or {}).get(name)
    if not isinstance(entry, dict):
        return ""
    for key, side in (("min", "below the least"), ("max", "above the greatest")):
        bound = entry.get(key)
        if not (isinstance(bound, dict) and bound.get("op") == "lit" and
                isinstance(bound.get("v"), int)):
            continue
        for n in _numbers(value):
            if (n < bound["v"]) if key == "min" else (n > bound["v"]):
                return (f"{n} is {side} value {bound['v']} of '{name}' (state.yaml {key}): "
                        "the rules never reach that state")
    return ""


def _numbers(value: Any) -> list[int]:
    """The whole numbers in ``value`` (itself, a mapping's values, a list's items)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) \
        else []
    return [n for v in items for n in _numbers(v)]


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


def _first_unknown(records: dict[str, Any], t: Any, value: Any,
                   whole: dict[str, Any]) -> str:
    """The first id of ``value`` (of type ``t``) not in ``records``; one that ``whole``
    (every module's records) has is said with its module."""
    t = _plain(t)
    if not isinstance(t, list) or not t or value is None:
        return ""
    if t[0] == "id":
        table = records.get(t[1])
        if table is None or not isinstance(value, str) or value in table:
            return ""
        module = ((whole.get(t[1]) or {}).get(value) or {}).get("module")
        if module:
            return f"'{value}' is a record of {t[1]} of module '{module}', which the " \
                f"scenario leaves off: add 'modules: [{module}]'"
        hint = did_you_mean(value, list(table))
        return f"'{value}' is not an id of {t[1]}" + (f" ({hint})" if hint else "")
    if t[0] == "list" and isinstance(value, list):
        return next((p for v in value if (p := _first_unknown(records, t[1], v, whole))), "")
    if t[0] == "map" and isinstance(value, dict):
        for k, v in value.items():
            problem = _first_unknown(records, t[1], k, whole) or \
                _first_unknown(records, t[2], v, whole)
            if problem:
                return problem
        return ""
    if t[0] == "obj" and isinstance(value, dict):
        fields = dict((name, ft) for name, ft in t[1])
        return next((p for k, v in value.items() if k in fields and
                     (p := _first_unknown(records, fields[k], v, whole))), "")
    return ""


_WORDS: dict[int, tuple[Any, set[str]]] = {}


def unknown_word(rules: dict[str, Any], value: Any) -> str:
    """See the module docstring; '' when every string of ``value`` is a word of the rules
    (an id, a label, an event, a literal of the code, a name)."""
    words = _words(rules)
    for text in _strings(value):
        if text not in words:
            hint = did_you_mean(text, sorted(w for w in words if len(w) < 40))
            return f"'{text}' is no id, label or word of the game's rules" + \
                (f" ({hint})" if hint else "") + ": a negative test of it passes whatever happens"
    return ""


def _words(rules: dict[str, Any]) -> set[str]:
    """Every string in ``rules`` (keys and leaves), kept per rules object."""
    kept = _WORDS.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    words: set[str] = set()
    stack: list[Any] = [rules]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            words.update(k for k in node if isinstance(k, str))
            stack.extend(node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend(node)
        elif isinstance(node, str):
            words.add(node)
    _WORDS.clear()  # one rules object at a time: a run tests one game
    _WORDS[id(rules)] = (rules, words)
    return words


def _strings(value: Any) -> list[str]:
    """The strings of ``value``: mapping keys and string leaves, in order."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [*_strings(k), *_strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []
