"""The provisional marks of records: what the sheets mark with "*" (a player's page) or
the value and its reason (a designer's).

A record is marked for each provisional value in its own data (``cost = 12: not
printed``), each provisional constant its fields name, and its ``placeholder`` note. A
definition is marked, besides, with the marks of the definitions its body says (their
phrases, holes matching any words), so a flow step that runs it is marked too (a step
that hands out a round's reward says the phrase that picks the round's winners, whose
last tie-break is a provisional constant).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["record_marks"]

_NAME = re.compile(r"[a-z_][a-z0-9_]*")
"""A name in a field's text (a constant a record's effect or value reads)."""


def record_marks(decls: Any) -> dict[str, dict[str, list[str]]]:
    """``{kind: {id: ["field = value: reason", ...]}}`` for every marked record."""
    uses = _provisional_constants(decls)
    marks = {kind: {rid: found for rid, r in recs.items()
                    if (found := (_marks(r.data) if _any_provisional(r.data) else [])
                        + _uses(r.data, uses, kind))}
             for kind, recs in decls.records.items()}
    if marks.get("definitions"):
        _through_calls(decls, marks["definitions"])
    return marks


def _through_calls(decls: Any, marks: dict[str, list[str]]) -> None:
    """Give each definition the marks of the marked definitions its body says, until
    nothing changes (a chain of calls)."""
    bodies = {d.id: " ".join(str(d.record.get(k) or "") for k in ("effect", "value"))
              for d in decls.definitions}
    parts = {d.id: d.parts for d in decls.definitions}
    said: dict[str, re.Pattern[str]] = {}
    words = {d.id: [p.strip() for p in d.parts if isinstance(p, str) and p.strip()]
             for d in decls.definitions}

    known: dict[tuple[str, str], bool] = {}  # each pair searched once, not each round

    def says(did: str, other: str) -> bool:
        # The regex (holes match any words) is slow on long bodies: look for its
        # literal words first, which most bodies lack; and made only then (most
        # definitions' never are: 59 searches for 203 definitions)
        body = bodies[did]
        if not all(w in body for w in words[other]):
            return False
        if (did, other) in known:
            return known[did, other]
        if other not in said:
            said[other] = re.compile(r"\s+".join(
                re.escape(p) if isinstance(p, str) else r"\S.*?" for p in parts[other]
                if not isinstance(p, str) or p.strip()), re.S)
        found = known[did, other] = bool(said[other].search(body))
        return found

    changed = True
    while changed:
        changed = False
        for did in bodies:
            for other in [o for o in list(marks) if o != did and says(did, o)]:
                new = [m for m in marks[other] if m not in marks.get(did, [])]
                if new:
                    marks[did] = marks.get(did, []) + new
                    changed = True


def _any_provisional(data: Any) -> bool:
    """Whether a record holds a provisional value anywhere (most do not: ``_marks``, which
    names the path of each, is then not walked)."""
    todo = [data]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if "provisional" in node:
                return True
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    return False


def _marks(data: Any, path: str = "") -> list[str]:
    """``"field = value: reason"`` for each provisional value in a record (the sheets mark
    them): ``cost = 12: not printed``, ``components.co2_token.count = 40: ...``."""
    if isinstance(data, dict) and "provisional" in data and path:
        return [f"{path} = {data['provisional']}: {data.get('reason', '')}"]
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = [(v.get("id") if isinstance(v, dict) and isinstance(v.get("id"), str)
                  else str(i), v) for i, v in enumerate(data)]
    else:
        return []
    return [m for key, value in items for m in _marks(value, f"{path}.{key}".lstrip("."))]


def _provisional_constants(decls: Any) -> dict[str, str]:
    """``{constant id: "id = value: reason"}`` for each constant whose value is
    provisional."""
    out = {}
    for rid, rec in (decls.records.get("constants") or {}).items():
        value = rec.data.get("value")
        if isinstance(value, dict) and "provisional" in value:
            out[rid] = f"{rid} = {value['provisional']}: {value.get('reason', '')}"
    return out


def _uses(data: Any, constants: dict[str, str], kind: str) -> list[str]:
    """The marks a record takes from the data it stands on: a provisional constant its
    fields name ("gain co2_specialist_tokens co2": the card's 2 is not confirmed), and
    a ``placeholder`` note (its text stands in for one the sources do not give)."""
    if kind == "constants" or not isinstance(data, dict):
        return []
    words: set[str] = set()
    stack: list[Any] = [v for k, v in data.items() if k not in ("name", "name_one", "source",
                                                                 "note", "placeholder")]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            words.update(_NAME.findall(node))
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    marks = [constants[w] for w in sorted(words) if w in constants]
    if isinstance(data.get("placeholder"), str):
        marks.append(f"placeholder: {data['placeholder']}")
    return marks
