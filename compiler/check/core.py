"""Semantic checks of a game in the core language, beyond what resolution reports.

Entry point: ``check_core(docs, ir)``: provisional values (W001) and placeholder
content (W010) anywhere in the data, module dependency cycles (R020) and modules that
require what they conflict with (R021), required documents (R016), adjacency that is
not mutual (R012) on any kind whose records list ``next_to``, a module's printed
component count that differs from the records of its deck (W002), and the steps and
records a module names: one the flow does not have (R014), or one only a module it does
not require brings (R023); a record's ``module:`` that names no module (R001); a field
the sheet layout names that its kind does not have (R041, sheet_fields.py); a
definition's text without a language of the game (W004); a line break or tab in a
record's name (W007); game.yaml's players and language against each other (S003,
game_fields.py); a state entry named as a runtime key (R047) and a ``hidden`` path that
matches nothing (W008, state_names.py).
"""

from __future__ import annotations

import re
from typing import Any

from compiler.check.combinations import check_pairs
from compiler.check.components import check_components
from compiler.check.game_fields import check_game_fields
from compiler.check.module_index import Index, items
from compiler.check.modules import cycles_and_contradictions
from compiler.check.sheet_fields import check_sheet_fields
from compiler.check.state_names import check_state_names
from compiler.diagnostics import Diagnostic, Severity, Span, did_you_mean
from compiler.load import Document

__all__ = ["SNAKE_WORD", "check_core"]

REQUIRED = ("game", "flow", "state")


def check_core(docs: list[Document], ir: dict[str, Any],
               layer: frozenset[str] = frozenset(), folder: str = "rules") -> list[Diagnostic]:
    """Every diagnostic of the checks above (order does not matter); ``layer``: the
    paths of an expansion's documents."""
    out: list[Diagnostic] = []
    for doc in docs:
        out += _marked(doc)
        out += _adjacency(doc)
    out += cycles_and_contradictions(docs)
    out += _module_references(docs)
    out += check_pairs(docs)
    out += check_components(docs, layer)
    out += _sources(docs)
    out += _unknown_modules(docs)
    out += _coded_names(docs)
    out += check_sheet_fields(docs)
    out += _untranslated(docs)
    out += _one_line_names(docs)
    out += check_game_fields(docs)
    out += check_state_names(docs)
    kinds = {d.kind for d in docs}
    first = docs[0].path if docs else folder   # no document at all: the folder itself
    # a folder of modules and their records but no game is an expansion checked alone
    on = " (an expansion of a game: check it with --on GAME)" if "modules" in kinds and \
        "game" not in kinds else ""
    top = min((d.path.rsplit("/", 1)[0] for d in docs if "/" in d.path), key=len,
              default=None)  # the game's own folder (its records may be in subfolders)
    out += [Diagnostic(Span(f"{top}/{k}.yaml" if top else first), "R016",
                       f"the game has no '{k}' document",
                       hint=f"add a {k}.yaml with 'kind: {k}'{on}") for k in REQUIRED
            if k not in kinds]
    return out


def _unknown_modules(docs: list[Document]) -> list[Diagnostic]:
    """R001 a record (or a file of records) whose ``module:`` names no module of the
    game: it would never be in play."""
    known = [m for m in Index.from_docs(docs).modules]
    out: list[Diagnostic] = []
    for doc in docs:
        if doc.kind == "modules" or not isinstance(doc.data, dict):
            continue
        spots: list[tuple[tuple[Any, ...], Any]] = [(("module",), doc.data.get("module"))]
        spots += [(("records", i, "module"), rec.get("module"))
                   for i, rec in enumerate(items(doc.data, "records"))
                   if isinstance(rec, dict)]
        for path, module in spots:
            if isinstance(module, str) and module not in known:
                out.append(Diagnostic(doc.span(path), "R001", f"unknown module '{module}'",
                                      hint=did_you_mean(module, known) or
                                      f"the modules: {', '.join(known) or 'none'} "
                                      "(modules.yaml)"))
    return out


SNAKE_WORD = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
"""A ``snake_case`` word: how a data name looks on a page (also the sheets' audit)."""


def _coded_names(docs: list[Document]) -> list[Diagnostic]:
    """R040 a record's name (any language) holding a ``snake_case`` word: the sheets
    print names to players, and ``rulesc build`` refuses a page showing such a word."""
    out: list[Diagnostic] = []
    for doc in docs:
        for i, rec in enumerate(items(doc.data, "records") if isinstance(doc.data, dict)
                                else []):
            for key in ("name", "name_one"):
                forms = rec.get(key) if isinstance(rec, dict) else None
                for lang, text in (forms.items() if isinstance(forms, dict) else []):
                    found = SNAKE_WORD.search(str(text))
                    if found:
                        out.append(Diagnostic(
                            doc.span(("records", i, key, lang)), "R040",
                            f"the {lang} {key} {str(text)!r} holds {found.group(0)!r}, "
                            "which reads as a data name on a player's page",
                            hint="write the name in words, with spaces instead of '_'"))
    return out


SOURCE_FREE = ("game", "kinds", "state", "events", "definitions", "constants")


def _sources(docs: list[Document]) -> list[Diagnostic]:
    """R017 a source naming a document game.yaml does not list; W003 a record of the
    rules (a card, a step, a module...) that cites no rulebook section."""
    game = next((d for d in docs if d.kind == "game"), None)
    known = set((game.data.get("sources") or {}) if game else {})
    out: list[Diagnostic] = []
    for doc in docs:
        for path, v in _own(doc):
            if path and path[-1] == "source" and isinstance(v, dict) and \
                    v.get("doc") not in known and known:
                out.append(Diagnostic(doc.span(path + ("doc",)), "R017",
                                      f"source '{v.get('doc')}' is not a document of "
                                      "game.yaml's sources",
                                      hint=did_you_mean(str(v.get("doc")), sorted(known))
                                      or "add it to sources in game.yaml"))
        if doc.kind in SOURCE_FREE or not isinstance(doc.data, dict):
            continue
        out += _unsourced(doc)
    return out


def _unsourced(doc: Document) -> list[Diagnostic]:
    if doc.data.get("source"):
        return []
    out = []
    for i, rec in enumerate(doc.data.get("records") or []):
        if isinstance(rec, dict) and not rec.get("source"):
            out.append(Diagnostic(doc.span(("records", i, "id")), "W003",
                                  f"'{rec.get('id')}' cites no rulebook section",
                                  Severity.WARNING, hint="add source: {doc: ..., section: "
                                  "...} (or one for the whole file)"))
    return out


def _own(doc: Document) -> list[tuple[tuple[Any, ...], Any]]:
    """``doc.walk()`` without the copies of file-level values that declaring the records
    put into each record (a file's wrong ``source`` is one mistake, reported once)."""
    data = doc.data if isinstance(doc.data, dict) else {}
    shared = {id(v) for k, v in data.items()
              if k not in ("kind", "records") and isinstance(v, (dict, list))}
    return [(path, v) for path, v in doc.walk()
            if len(path) <= 1 or path[0] != "records" or id(v) not in shared]


def _marked(doc: Document) -> list[Diagnostic]:
    out = []
    for path, v in _own(doc):
        if isinstance(v, dict) and "provisional" in v:
            out.append(Diagnostic(doc.span(path), "W001", f"provisional value "
                                  f"{v['provisional']!r}: {v.get('reason', 'no reason')}",
                                  Severity.WARNING,
                                  hint="replace it with the rulebook's number when known"))
        elif isinstance(v, dict) and isinstance(v.get("placeholder"), str) and path:
            out.append(Diagnostic(doc.span(path), "W010", f"placeholder content: "
                                  f"{v['placeholder']}", Severity.WARNING,
                                  hint="replace it with the rulebook's text when known"))
    return out


_BREAKS = re.compile("[\t\n\v\f\r\x85\u2028\u2029]")


def _one_line_names(docs: list[Document]) -> list[Diagnostic]:
    """W007 at a record's ``name``, ``name_one`` or field of type ``names`` (a unit, in
    kinds.yaml), in any language, that holds a line break or a tab: ``explain``, menus
    and the score table print a name on one line. A warning, not a schema rule: such a
    name is harmless data (the build still quotes it, tests/test_bad_input_names.py)."""
    named = {str(k.get("id")): [f for f, spec in (k.get("fields") or {}).items()
                                if spec in ("names", "names?")]
             for d in docs if d.kind == "kinds" for k in items(d.data, "records")
             if isinstance(k, dict) and isinstance(k.get("fields"), dict)}
    out: list[Diagnostic] = []
    for doc in docs:
        for i, rec in enumerate(items(doc.data, "records")):
            for key in ("name", "name_one", *named.get(str(doc.kind), ())):
                names = rec.get(key) if isinstance(rec, dict) else None
                for lang, text in (names.items() if isinstance(names, dict) else ()):
                    found = _BREAKS.search(text) if isinstance(text, str) else None
                    if found:
                        what = "tab" if found[0] == "\t" else "line break"
                        out.append(Diagnostic(
                            doc.span(("records", i, key, lang)), "W007",
                            f"{key} ({lang}) holds a {what} (U+{ord(found[0]):04X}): "
                            "explain and the menus would print it as it is",
                            Severity.WARNING, hint="write the name on one line"))
    return out


def _untranslated(docs: list[Document]) -> list[Diagnostic]:
    """W004 a definition's ``text`` or ``text_one`` without a language the game declares
    (game.yaml ``languages``): that language's sheets would print it in another one."""
    game = next((d for d in docs if d.kind == "game" and isinstance(d.data, dict)), None)
    langs = [str(x) for x in (game.data.get("languages") or [game.data.get("language")])
             if isinstance(x, str)] if game else []
    out: list[Diagnostic] = []
    for doc in docs:
        if doc.kind != "definitions" or not langs:
            continue
        for i, rec in enumerate(items(doc.data, "records")):
            for key in ("text", "text_one"):
                text = rec.get(key) if isinstance(rec, dict) else None
                missing = [x for x in langs if isinstance(text, dict) and x not in text]
                if missing:
                    out.append(Diagnostic(
                        doc.span(("records", i, key)), "W004",
                        f"the {key} of '{rec.get('id')}' has no {', '.join(missing)} form: "
                        f"the {', '.join(missing)} sheets print it in another language",
                        Severity.WARNING, hint=f"add {missing[0]}: \"...\" beside the "
                        "other languages"))
    return out


def _adjacency(doc: Document) -> list[Diagnostic]:
    recs = [r for r in doc.data.get("records") or [] if isinstance(r, dict)] \
        if isinstance(doc.data, dict) else []
    nbrs = {r.get("id"): set(r.get("next_to") or []) for r in recs if "next_to" in r}
    out = []
    for i, r in enumerate(recs):
        for j, other in enumerate(r.get("next_to") or []):
            if other in nbrs and r.get("id") not in nbrs[other]:
                out.append(Diagnostic(doc.span(("records", i, "next_to", j)), "R012",
                                      f"{r.get('id')} lists {other} as a neighbour, but "
                                      f"{other} does not list {r.get('id')}",
                                      hint=f"add {r.get('id')} to {other}'s next_to"))
    return out


STEP_SECTIONS = ("setup", "phases", "end_steps")
NOT_RECORDS = ("game", "flow", "modules", "kinds", "state", "events", "definitions")
"""Documents whose entries are not records a module can remove or replace."""


def _flow_steps(docs: list[Document]) -> dict[str, list[str]]:
    """The step ids of the flow, per section a module may change."""
    out: dict[str, list[str]] = {section: [] for section in STEP_SECTIONS}
    for doc in docs:
        if doc.kind == "flow" and isinstance(doc.data, dict):
            end = doc.data.get("end")
            for section, steps in (("setup", items(doc.data, "setup")),
                                   ("phases", items(doc.data, "phases")),
                                   ("end_steps", items(end, "steps"))):
                out[section] += [s["id"] for s in steps
                                 if isinstance(s, dict) and isinstance(s.get("id"), str)]
    return out


def _brought(docs: list[Document], idx: Index) -> tuple[set[str], dict[tuple[str, str],
                                                                   dict[str, Span]]]:
    """The record ids of the base game, and ``{(section or "record", id): {module: span}}``:
    the steps a module adds and the records that exist only with a module (``module:``)."""
    base: set[str] = set()
    by_module: dict[tuple[str, str], dict[str, Span]] = {}
    for mid, mod in idx.modules.items():
        base.add(mid)
        for section in STEP_SECTIONS:
            for j, new in enumerate(items(mod.rec.get(section), "add")):
                if isinstance(new, dict) and isinstance(new.get("id"), str):
                    by_module.setdefault((section, new["id"]), {}).setdefault(
                        mid, mod.at((section, "add", j, "id")))
    for doc in docs:
        if doc.kind in NOT_RECORDS or not isinstance(doc.data, dict):
            continue
        file_module = doc.data.get("module")
        for i, rec in enumerate(items(doc.data, "records")):
            if isinstance(rec, dict) and isinstance(rec.get("id"), str):
                module = rec.get("module", file_module)
                if isinstance(module, str):
                    by_module.setdefault(("record", rec["id"]), {}).setdefault(
                        module, doc.span(("records", i, "id")))
                else:
                    base.add(rec["id"])
    return base, by_module


def _references(mod: Any) -> list[tuple[tuple[str | int, ...], str, Any, str]]:
    """``(path, section or "record", id, verb)`` for each step and record a module names
    (``changes`` are resolved as names, R037)."""
    refs: list[tuple[tuple[str | int, ...], str, Any, str]] = []
    for section in STEP_SECTIONS:
        change = mod.rec.get(section)
        refs += [((section, "remove", j), section, key, "removes")
                 for j, key in enumerate(items(change, "remove"))]
        for where, field, verb in (("replace", "id", "replaces"),
                                   ("add", "after", "adds a step after"),
                                   ("add", "before", "adds a step before")):
            refs += [((section, where, j, field), section, new[field], verb)
                     for j, new in enumerate(items(change, where))
                     if isinstance(new, dict) and field in new]
    refs += [(("removes", j), "record", key, "removes")
             for j, key in enumerate(items(mod.rec, "removes"))]
    for field, verb in (("id", "replaces"), ("by", "puts in as a replacement")):
        refs += [(("replaces", j, field), "record", rep[field], verb)
                 for j, rep in enumerate(items(mod.rec, "replaces"))
                 if isinstance(rep, dict) and field in rep]
    return refs


def _module_references(docs: list[Document]) -> list[Diagnostic]:
    """R014 a module removes, replaces or adds a step next to a step the flow does not
    have (nor a module it requires adds); R023 a module names a step or a record that only
    another module brings (adds the step, or gives the record its ``module:``) and does
    not require that module. An id no record declares is R015 (``compiler.lang``)."""
    steps = _flow_steps(docs)
    idx = Index.from_docs(docs)
    base, by_module = _brought(docs, idx)
    out: list[Diagnostic] = []
    for mid, mod in idx.modules.items():
        have = {mid, *idx.closure(mid)}
        for path, ns, key, verb in _references(mod):
            if not isinstance(key, str) or key in (base if ns == "record" else steps[ns]):
                continue
            owners = by_module.get((ns, key), {})
            if have & set(owners):
                continue
            what = "" if ns == "record" else f"{ns} step "
            if owners:
                names = " or ".join(f"'{m}'" for m in owners)
                real = [m for m in owners if m in idx.modules]
                hint = (f"add 'requires: [{real[0]}]' to '{mid}', or change something of "
                        "the base game") if real else \
                    (f"no module {names} exists (R001 names the record that says so): fix "
                     f"that 'module:' first, or change something of the base game")
                out.append(Diagnostic(mod.at(path), "R023", f"module '{mid}' {verb} {what}"
                                      f"'{key}', which only module {names} brings; '{mid}' "
                                      "does not require it", hint=hint,
                                      related=tuple(owners.values())))
            elif ns != "record":
                known = steps[ns] + sorted({k for s, k in by_module if s == ns})
                out.append(Diagnostic(mod.at(path), "R014", f"module '{mid}' changes "
                                      f"{ns} step '{key}', which the flow does not have",
                                      hint=did_you_mean(key, known) or
                                      f"the {ns} steps: {', '.join(known) or 'none'}"))
    return out
