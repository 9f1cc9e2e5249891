"""R035 for a record whose effect fields run each other for ever (QA qa12 S22).

``do this.F`` runs the record's own field ``F``. A field that runs itself, or runs
another that runs it back, with nothing on the way that could stop it (a condition, a
decision, a loop) never ends: ``production: "do this.effect"`` with ``effect: "do
this.production"`` crashed the engine (Python's recursion limit), and ``effect: "gain 1
plants; do this.effect"`` stopped at the statement budget, naming the rule that played
the card. Only statements that surely run are followed: a sequence, a ``with``, a
``do``; an ``if`` (``if plants < 9 then do this.effect``) may end the recursion.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic
from compiler.lang.declare import Decls

__all__ = ["record_cycles"]


def record_cycles(decls: Decls, records: dict[str, Any]) -> list[Diagnostic]:
    """One R035 per record with such a cycle, at the first field on it."""
    out = []
    for kind, table in records.items():
        for rid, ir in table.items():
            rec = decls.records.get(kind, {}).get(rid)
            if rec is None or not isinstance(ir, dict):
                continue
            runs = {f: _runs(v) for f, v in ir.items() if isinstance(v, dict) and "op" in v}
            loop = next((p for f in runs if (p := _cycle(runs, [f]))), None)
            if loop:
                said = ", which runs ".join(f"its {f}" for f in loop[1:])
                out.append(Diagnostic(
                    rec.doc.span(rec.path + (loop[0],)), "R035",
                    f"{kind} '{rid}': its {loop[0]} runs {said}: running it would never end",
                    hint="write the statements themselves, or put a condition on the way "
                    "(if ... then do this.F)"))
    return out


def _runs(ir: dict[str, Any]) -> set[str]:
    """The fields of ``this`` that statement ``ir`` surely runs (``do this.F``)."""
    op = ir.get("op")
    if op == "seq":
        return set().union(*(_runs(s) for s in ir.get("b") or [] if isinstance(s, dict)))
    if op == "with" and isinstance(ir.get("b"), dict):
        return _runs(ir["b"])
    e = ir.get("e") if op == "do" else None
    if isinstance(e, dict) and e.get("op") == "fld" and e.get("of") == {"op": "var", "n": "this"}:
        return {str(e.get("f"))}
    return set()


def _cycle(runs: dict[str, set[str]], path: list[str]) -> list[str] | None:
    """A path of fields from ``path[0]`` back to it, if there is one."""
    for nxt in sorted(runs.get(path[-1], ())):
        if nxt == path[0]:
            return path + [nxt]
        if nxt not in path:
            found = _cycle(runs, path + [nxt])
            if found:
                return found
    return None
