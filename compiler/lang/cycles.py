"""Rules that would never end or never run, found on the whole IR (QA qa12).

``record_cycles``: R035 for a record whose effect fields run each other for ever (S22).

``do this.F`` runs the record's own field ``F``. A field that runs itself, or runs
another that runs it back, with nothing on the way that could stop it (a condition, a
decision, a loop) never ends: ``production: "do this.effect"`` with ``effect: "do
this.production"`` crashed the engine (Python's recursion limit), and ``effect: "gain 1
plants; do this.effect"`` stopped at the statement budget, naming the rule that played
the card. Only statements that surely run are followed: a sequence, a ``with``, a
``do``; an ``if`` (``if plants < 9 then do this.effect``) may end the recursion.

A reaction with no filter whose effect surely emits the event it answers is R035 too (S6).

``silent_events``: W011 at the declaration of an event that no rule emits (the kernel
emits ``round_start`` and ``round_end``): the reactions to it never run and a grant
lasting until it lasts for ever (S5: an expansion's own event, answered but never said).
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic, Severity
from compiler.lang.declare import Decls

__all__ = ["record_cycles", "silent_events"]

KERNEL_EVENTS = frozenset({"round_start", "round_end"})


def record_cycles(decls: Decls, records: dict[str, Any]) -> list[Diagnostic]:
    """One R035 per record with such a cycle, at the first field on it."""
    out = []
    for kind, table in records.items():
        for rid, ir in table.items():
            rec = decls.records.get(kind, {}).get(rid)
            if rec is None or not isinstance(ir, dict):
                continue
            out += _echoes(kind, rid, rec, ir)
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


def _echoes(kind: str, rid: str, rec: Any, ir: dict[str, Any]) -> list[Diagnostic]:
    """R035 for a reaction with no filter whose effect surely emits the event it answers:
    it answers itself for ever (S6: the engine stopped after 1000 events)."""
    out = []
    for field, reactions in ir.items():
        for i, r in enumerate(reactions if isinstance(reactions, list) else []):
            if isinstance(r, dict) and isinstance(r.get("b"), dict) and "w" not in r and \
                    r.get("on") in _runs(r["b"], "emit"):
                out.append(Diagnostic(
                    rec.doc.span(rec.path + (field, i, "on")), "R035", f"{kind} '{rid}': its "
                    f"reaction to {r['on']} emits {r['on']} again, which it answers: running "
                    "it would never end", hint=f"filter it ({r['on']} where event.card != "
                    "this, or an if:), or emit another event"))
    return out


def _runs(ir: dict[str, Any], what: str = "do") -> set[str]:
    """The fields of ``this`` that statement ``ir`` surely runs (``do this.F``), or with
    ``what="emit"`` the events it surely emits."""
    op = ir.get("op")
    if op == "seq":
        return set().union(*(_runs(s, what) for s in ir.get("b") or [] if isinstance(s, dict)))
    if op == "with" and isinstance(ir.get("b"), dict):
        return _runs(ir["b"], what)
    if op == "emit" == what:
        return {str(ir.get("ev"))}
    e = ir.get("e") if op == "do" == what else None
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


def silent_events(decls: Decls, ir: dict[str, Any]) -> list[Diagnostic]:
    """W011 for each declared event nothing emits, with the reactions that wait for it."""
    said, waits = _events_of(ir, set(), {})
    return [Diagnostic(decls.event_spans[ev], "W011", f"event '{ev}' is never emitted (no "
                       f"rule says emit {ev} {{...}}): " + (
                           f"its {waits[ev]} reaction(s) never run" if waits.get(ev) else
                           "nothing answering it would run") + ", a grant until it lasts for ever",
                       hint=f"emit it where it happens (emit {ev} {{...}}), or answer an "
                       "event the rules emit", severity=Severity.WARNING)
            for ev in decls.events if ev not in said | KERNEL_EVENTS and ev in decls.event_spans]


def _events_of(x: Any, said: set[str], waits: dict[str, int]) -> tuple[set[str], dict[str, int]]:
    """The events ``x`` emits, and how many reactions answer each (``{on: EVENT}``)."""
    if isinstance(x, dict):
        if x.get("op") == "emit":
            said.add(str(x.get("ev")))
        if isinstance(x.get("on"), str):
            waits[x["on"]] = waits.get(x["on"], 0) + 1
        for v in x.values():
            _events_of(v, said, waits)
    elif isinstance(x, list):
        for v in x:
            _events_of(v, said, waits)
    return said, waits
