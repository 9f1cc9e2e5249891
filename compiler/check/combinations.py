"""Module combinations: each module alone, and every pair allowed together.

A chosen selection is checked by ``compiler.check.selection``.

``check_pairs(docs)`` is the static part of ``rulesc check``: every module alone with
what it requires, and every pair of modules allowed together (no conflict between the
two or their requirements, and some player count suits them all). An id no record
declares is reported by the resolver (R015), a step or record only another module brings
by ``compiler.check.core`` (R023):

- R024 a module can never be on, because it requires (directly or not) two modules that
  conflict, or one that conflicts with it;
- R025 a module can never be played: no player count suits it, its requirements and the
  game;
- R022 two modules of an allowed pair replace the same step or record (the result
  would depend on their order);
- R026 one module of an allowed pair removes a step or record the other replaces, adds
  a step after, puts in as a replacement, or adds records (``deck:``) to.

Removing the same step or record twice is not reported: it is idempotent. A module
applied after one it requires (modules apply in the order the data lists them) may
replace or remove what that module changed: that is layering, not a clash.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from compiler.check.module_index import (
    SECTIONS,
    USES,
    Change,
    Index,
    index_of,
    items,
    number,
    player_range,
    show_range,
)
from compiler.diagnostics import Diagnostic, Span
from compiler.load import Document

__all__ = ["added_steps", "check_pairs", "combinations_checked", "pairs_allowed"]


def deck_members(docs: Iterable[Document]) -> dict[tuple[str, str | None], list[
        tuple[Span, int]]]:
    """``{(deck, module or None): [(span of the record's id, copies)]}`` in file order.

    A record's deck is its own ``deck:`` or its document's; its module likewise.
    ``copies:`` (default 1) counts a record several times.
    """
    out: dict[tuple[str, str | None], list[tuple[Span, int]]] = {}
    for doc in docs:
        if doc.kind == "modules" or not isinstance(doc.data, dict):
            continue
        file_deck, file_module = doc.data.get("deck"), doc.data.get("module")
        for i, rec in enumerate(items(doc.data, "records")):
            if not isinstance(rec, dict):
                continue
            deck = rec.get("deck", file_deck)
            module = rec.get("module", file_module)
            if isinstance(deck, str):
                copies = number(rec.get("copies", 1))
                out.setdefault((deck, module if isinstance(module, str) else None), []).append(
                    (doc.span(("records", i, "id")), 1 if copies is None else copies))
    return out


def added_steps(docs: Iterable[Document]) -> dict[tuple[str, str], list[str]]:
    """``{(setup|phases, step id): [modules that add it]}``: steps a module brings."""
    out: dict[tuple[str, str], list[str]] = {}
    for mid, mod in Index.from_docs(docs).modules.items():
        for section in SECTIONS:
            change = mod.rec.get(section)
            for step in items(change, "add"):
                if isinstance(step, dict) and isinstance(step.get("id"), str):
                    out.setdefault((section, step["id"]), []).append(mid)
    return out


def changes(idx: Index, docs: list[Document]) -> dict[str, list[Change]]:
    """Every module's changes by name, in data order (``add``: records put in a deck)."""
    out: dict[str, list[Change]] = {mid: [] for mid in idx.modules}
    for mid, mod in idx.modules.items():
        got = out[mid]
        for section in SECTIONS:
            change = mod.rec.get(section)
            if not isinstance(change, dict):
                continue
            for j, key in enumerate(items(change, "remove")):
                if isinstance(key, str):
                    got.append(Change(mid, "remove", section, key,
                                      mod.at((section, "remove", j))))
            for op, field_, where in (("replace", "id", "replace"), ("after", "after", "add")):
                for j, step in enumerate(items(change, where)):
                    if isinstance(step, dict) and isinstance(step.get(field_), str):
                        got.append(Change(mid, op, section, step[field_],
                                          mod.at((section, where, j, field_))))
        for j, key in enumerate(items(mod.rec, "removes")):
            if isinstance(key, str):
                got.append(Change(mid, "remove", "record", key, mod.at(("removes", j))))
        for j, rep in enumerate(items(mod.rec, "replaces")):
            for op, field_ in (("replace", "id"), ("by", "by")):
                if isinstance(rep, dict) and isinstance(rep.get(field_), str):
                    got.append(Change(mid, op, "record", rep[field_],
                                      mod.at(("replaces", j, field_))))
    for (deck, module), members in deck_members(docs).items():
        if module in out:
            out[module].append(Change(module, "add", "record", deck, members[0][0]))
    return out


def check_pairs(docs: list[Document]) -> list[Diagnostic]:
    """R024 and R025 for every module alone, R022 and R026 for every allowed pair: the
    checks that need no resolver symbols (a game in the core language names its steps
    and records in ``compiler.check.core``)."""
    idx = Index.from_docs(docs)
    return _alone_and_pairs(idx, changes(idx, docs))


def _alone_and_pairs(idx: Index, by_module: dict[str, list[Change]]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    valid: set[str] = set()
    for mid in idx.modules:
        alone = _never_on(idx, mid) + _never_played(idx, mid)
        out += alone
        if not alone:
            valid.add(mid)
    for a, b in pairs_allowed(idx, valid):
        out += _clashes(idx, by_module[a], by_module[b])
    return out


def combinations_checked(source: Any) -> tuple[int, int]:
    """How many modules alone and allowed pairs ``check_combinations`` checks."""
    idx = index_of(source)
    valid = [m for m in idx.modules if not _never_on(idx, m) and not _never_played(idx, m)]
    return len(idx.modules), len(pairs_allowed(idx, valid))


def pairs_allowed(idx: Index, valid: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """Pairs of modules (data order) that may be on together, with their requirements."""
    ok = idx.ordered(valid if valid is not None else idx.modules)
    out = []
    for x, a in enumerate(ok):
        for b in ok[x + 1:]:
            sel = {a, b, *idx.closure(a), *idx.closure(b)}
            if not idx.conflicts(sel) and idx.player_limits(sel)[0] is not None:
                out.append((a, b))
    return out


def _never_on(idx: Index, mid: str) -> list[Diagnostic]:
    """R024: the module and what it requires include two modules that conflict."""
    mod = idx.modules[mid]
    sel = [mid, *idx.closure(mid)]
    out = []
    seen: set[frozenset[str]] = set()
    for x, j, c in idx.conflicts(sel):
        xmod = idx.modules[x]
        if c in {req for _j, req in xmod.ids("requires")} or frozenset((x, c)) in seen:
            continue  # R021: the same module requires and conflicts with it; or said already
        seen.add(frozenset((x, c)))
        entry = xmod.at(("conflicts", j))
        if mid in (x, c):
            other = c if x == mid else x
            how = "" if other in {r for _j, r in mod.ids("requires")} else \
                " (through its requirements)"
            msg = f"module '{x}' conflicts with '{c}', but '{mid}' requires '{other}'{how}: " \
                f"'{mid}' can never be switched on"
            related = (mod.key_at(("requires",)),)
            out.append(Diagnostic(entry, "R024", msg, hint="drop the conflict or the "
                                  "requirement", related=related))
        else:
            msg = f"module '{mid}' can never be switched on: it requires '{x}' and '{c}', " \
                "which conflict"
            out.append(Diagnostic(mod.key_at(("requires",)), "R024", msg,
                                  hint=f"drop the conflict between '{x}' and '{c}', or a "
                                  f"requirement of '{mid}'", related=(entry,)))
    return out


def _never_played(idx: Index, mid: str) -> list[Diagnostic]:
    """R025: no player count suits the module, its requirements and the game."""
    sel = [mid, *idx.closure(mid)]
    limits, limited = idx.player_limits(sel)
    if limits is not None or not limited:
        return []
    parts = [f"the game is for {show_range(idx.players)}"] + [
        f"'{m}' for {show_range(player_range(idx.modules[m].rec['players']))}"
        for m in limited]
    mod = idx.modules[mid]
    span = mod.key_at(("players",)) if mid in limited else mod.key_at(("requires",))
    related = tuple(idx.modules[m].key_at(("players",)) for m in limited if m != mid)
    if idx.players_span is not None:
        related += (idx.players_span,)
    own = mod.rec.get("players")
    lo, hi = player_range(own) if isinstance(own, dict) else (1, None)
    reversed_ = hi is not None and hi < lo   # written {min: 3, max: 1}
    hint = f"its 'players' min ({lo}) is more than its max ({hi}): swap them" if reversed_ \
        else "fix the 'players' range (or a requirement)"
    return [Diagnostic(span, "R025", f"module '{mid}' can never be played: no player count "
                       f"suits it ({', '.join(parts)})", hint=hint, related=related)]


def _clashes(idx: Index, first: list[Change], second: list[Change]) -> list[Diagnostic]:
    """R022 and R026 between two modules (``first`` listed before ``second``)."""
    out: list[Diagnostic] = []
    if not first or not second:
        return out
    a, b = first[0].module, second[0].module
    layered = a in idx.closure(b)  # b applies after a and builds on it
    for x in first:
        for y in second:
            if (x.ns, x.key) != (y.ns, y.key):
                continue
            what = f"{x.ns} step '{x.key}'" if x.ns in SECTIONS else f"'{x.key}'"
            if x.op == y.op == "replace" and not layered:
                out.append(Diagnostic(y.span, "R022", f"modules '{a}' and '{b}' both "
                                      f"replace {what}", hint=f"declare 'conflicts: [{a}]' "
                                      f"on '{b}', or change different steps",
                                      related=(x.span,)))
            elif x.op == "remove" and y.op in USES:
                out.append(_removed(x, y, what))
            elif y.op == "remove" and x.op in USES and not layered:
                out.append(_removed(y, x, what))
    return out


def _removed(rem: Change, use: Change, what: str) -> Diagnostic:
    return Diagnostic(rem.span, "R026", f"module '{rem.module}' removes {what}, which "
                      f"module '{use.module}' {USES[use.op]}", hint=f"declare 'conflicts: "
                      f"[{rem.module}]' on '{use.module}', or change different steps",
                      related=(use.span,))
