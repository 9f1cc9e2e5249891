"""The parts of a generated engine: big record tables written one record at a time.

Entry points: ``plan(ir)`` -> the ``Part`` list of ``ir`` and ``without_parts(ir, parts)``
-> the IR whose parted tables are empty (what ``rules.py`` and ``engine.py`` hold).

A record kind with at least ``PART_MIN`` records is written in parts: one module per
record, ``parts/<kind>_<id>.py``, in the table's order, holding the record (``RECORDS``,
as JSON text: ``records_source``) and its compiled functions (``CODE``, ``AT``,
``TRIALS``); the functions two records or more have alike are written once, in
``parts/_common.py`` (``compiler.codegen.dedupe``). ``rules.py`` holds the table as
``lazy_table`` of the parts' ``entry`` (``compiler.runtime.lazy``): a part is imported
when a game first reads its record, and its functions join the engine's then. A new game
reads the records it deals and no other (a game of 10,000 cards: about 30 modules of a
few kB, 0.06 ms each to import, where a module of 250 records took 7 ms), a module
compiles in little memory, and importing the engine reads none.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from compiler.codegen.pyliteral import comment, render

__all__ = ["PART_MIN", "Part", "entry", "entry_source", "plan", "records_of",
           "records_source", "without_parts"]

PART_MIN = 100
"""A kind with fewer records stays whole in ``rules.py`` and ``engine.py``."""
NAME_MAX = 120
"""Characters of a part's name at most, before its number (``_name``)."""


@dataclass(frozen=True)
class Part:
    """The records ``ids`` (one) of kind ``kind`` from the YAML file ``source``."""

    kind: str
    name: str
    source: str
    ids: tuple[str, ...]


def plan(ir: dict[str, Any]) -> list[Part]:
    """The parts of ``ir``'s big record tables, kinds and records in data order."""
    out: list[Part] = []
    names: set[str] = set()
    for kind, table in (ir.get("records") or {}).items():
        if kind == "modules" or len(table) < PART_MIN:
            continue
        for rid, rec in table.items():
            at = rec.get("at") if isinstance(rec, dict) else None
            source = at.split(":")[0] if isinstance(at, str) else ""
            out.append(Part(kind, _name(kind, rid, names), source, (rid,)))
    return out


def _name(kind: str, rid: str, taken: set[str]) -> str:
    """A module name for a record's part: kind and id, with a number when needed (two
    ids alike once written with ``[a-z0-9_]`` only, or cut to ``NAME_MAX`` characters: a
    file name has at most 255 bytes)."""
    base = re.sub(r"[^a-z0-9_]", "_", f"{kind}_{rid}".lower()).strip("_")[:NAME_MAX]
    name, count = base, 2
    while name in taken:
        name = f"{base}_{count}"
        count += 1
    taken.add(name)
    return name


def without_parts(ir: dict[str, Any], parts: list[Part]) -> dict[str, Any]:
    """``ir`` with every parted kind's table empty (shallow: nothing else is copied)."""
    kinds = {p.kind for p in parts}
    if not kinds:
        return ir
    records = {k: ({} if k in kinds else t) for k, t in (ir.get("records") or {}).items()}
    return {**ir, "records": records}


def records_of(ir: dict[str, Any], part: Part) -> dict[str, Any]:
    """The records of ``part`` (their table, in order)."""
    table = ir["records"][part.kind]
    return {rid: table[rid] for rid in part.ids}


def records_source(records: dict[str, Any], plain: bool = False) -> str:
    """The source of a part's ``RECORDS``: ``{id: the record as JSON text}``, one line
    a record after a comment naming its YAML line; ``compiler.runtime.lazy`` decodes a record
    when a game first reads it. A string literal compiles and loads at the speed of
    its bytes (a 250-card part's records: 5 ms to byte-compile, against 275 ms for the
    same records as a Python literal of 6 MB, whose every node a part's import built).
    A record JSON would not give back equal (a key that is not a string, a NaN) is
    written as a Python literal instead; ``plain``: the records are known to be plain JSON
    data (``twins.Twins.plain``), so the text is not decoded to check it (half the time of
    this function). Strings are written with ``repr``: data never becomes code."""
    out = ["{"]
    for rid, rec in records.items():
        text = json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
        at = comment(rec.get("at")) if isinstance(rec, dict) else ""
        value = repr(text) if plain or json.loads(text) == rec else render(rec, 1)
        out += [f"    # {at}"] if at else []
        out.append(f"    {rid!r}: {value},")
    return "\n".join(out + ["}"])


def entry(ir: dict[str, Any], part: Part) -> list[Any]:
    """``part`` as ``rules.py`` lists it for ``compiler.runtime.lazy_table``: ``[name,
    first statement ids, {id: plain fields}, ids, {value: ids}, {event: ids}]``: each
    record's first statement id (None: it has none), the records with a modifier of each
    value and those reacting to each event (``_having``); a record's plain fields are
    those its kind does not declare as holding IR (``kinds[kind]["code"]``), the ones the
    compiled engine reads with ``GET`` and composition with ``module``/``players``."""
    records = records_of(ir, part)
    code = set(((ir.get("kinds") or {}).get(part.kind) or {}).get("code") or [])
    plain = {rid: {f: v for f, v in rec.items() if f not in code}
             for rid, rec in records.items() if isinstance(rec, dict)}
    firsts = [_first_statement(rec) for rec in records.values()]
    return [part.name, firsts, plain, list(part.ids),
            _having(ir, part.kind, records, "modifiers", "mod"),
            _having(ir, part.kind, records, "reactions", "on")]


def entry_source(found: list[Any]) -> str:
    """The source of an ``entry`` in ``rules.py``'s table: a comment naming its first
    record's YAML line, then the entry as one string of JSON text (decoded by
    ``lazy_table``), or as a Python literal if JSON would not give it back equal. A
    100,000-record table as one Python literal took 2.4 GB and about 9 s to byte-compile
    (its every node is one of the syntax tree); as strings, about the bytes."""
    text = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
    ats = [r.get("at") for r in found[2].values() if isinstance(r, dict)]
    at = comment(ats[0]) if ats else ""
    value = repr(text) if json.loads(text) == found else render(found, 1)
    return (f"    # {at}\n" if at else "") + f"    {value},\n"


def _having(ir: dict[str, Any], kind: str, records: dict[str, Any], fields_of: str,
            key: str) -> dict[str, Any]:
    """{value: ids of the records with a modifier of it} (``fields_of`` "modifiers",
    ``key`` "mod") or {event: ids of the records reacting to it} ("reactions", "on"):
    the ``kinds[kind][fields_of]`` fields, what ``runtime.reactions`` looks for without
    loading a part."""
    fields = ((ir.get("kinds") or {}).get(kind) or {}).get(fields_of) or []
    out: dict[str, list[str]] = {}
    for rid, rec in records.items():
        names = {x[key] for f in fields for x in (rec.get(f) or [])
                 if isinstance(x, dict) and isinstance(x.get(key), str)}
        for name in sorted(names):
            out.setdefault(name, []).append(rid)
    return dict(sorted(out.items()))


def _first_statement(node: Any) -> int | None:
    """The id of the first statement under ``node``, None if none: statements are
    numbered depth first in data order (``lang.number_nodes``), so the first met so is
    the least, and the walk stops there."""
    todo = [node]
    while todo:
        node = todo.pop()
        if type(node) is dict:
            if "op" in node and type(node.get("id")) is int:
                return int(node["id"])
            todo.extend(reversed(node.values()))
        elif type(node) is list:
            todo.extend(reversed(node))
    return None
