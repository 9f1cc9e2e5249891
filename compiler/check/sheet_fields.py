"""The fields a game's sheet layout names (R041).

game.yaml's ``sheet.sections`` print the records of one kind each: ``{field}`` holes in
a section's ``corner``, ``head``, ``foot``, ``meta``, ``lines`` and ``columns`` texts,
and the fields ``order``, ``copies``, ``group`` and ``unit`` name, must be fields of that
kind (kinds.yaml) or of every record (``id``, ``name``, ``module``, ...); ``intro`` holes
(and those of flow.yaml's ``winner_text``) must be constants of the game. A misspelt one
is not an error anywhere else: the sheet would silently print nothing there (a card's
value, its copy count). A line or column with ``each: FIELD`` takes the holes of FIELD's
items first; only its ``each`` is checked.

A definition's ``text`` (``text_one``, ``text_inf``...) holes must be its parameters
(R044): ``{m}``, ``{m:the}`` or ``{m|step|steps}`` with no parameter ``m`` prints nothing.

Entry point: ``check_sheet_fields(docs) -> list[Diagnostic]``.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.check.module_index import items
from compiler.diagnostics import Diagnostic, did_you_mean
from compiler.lang.declare import RECORD_FIELDS
from compiler.load import Document

__all__ = ["check_sheet_fields"]

HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)(?:\.[a-z0-9_.]*)?(?::[^{}]*)?\}")
"""A template hole ``{field}``, ``{field.part}`` or ``{field:form}``: its field."""
TEXT_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:\.\w+)?(?:[:|][^}]*)?\}")
"""A definition text's hole ``{n}``, ``{r:the}``, ``{n|step|steps}``, ``{t.effect}``: its
parameter."""
TEXTS = ("corner", "head", "foot")
FIELDS = ("order", "copies", "group", "unit")


def check_sheet_fields(docs: list[Document]) -> list[Diagnostic]:
    """R041 for each hole or field name of a sheet section that its kind lacks, and for
    each hole of flow.yaml's ``winner_text`` that names no constant; R044 (definitions)."""
    constants = {str(r.get("id")) for d in docs if d.kind == "constants"
                 for r in items(d.data, "records") if isinstance(r, dict)}
    what = "constant of the game (constants.yaml)"
    out: list[Diagnostic] = []
    flow = next((d for d in docs if d.kind == "flow" and isinstance(d.data, dict)), None)
    if flow is not None:
        out += _holes(flow, ("winner_text",), flow.data.get("winner_text"), constants, what)
    for doc in (d for d in docs if d.kind == "definitions" and isinstance(d.data, dict)):
        out += _text_holes(doc)
    game = next((d for d in docs if d.kind == "game" and isinstance(d.data, dict)), None)
    sheet = game.data.get("sheet") if game else None
    if game is None or not isinstance(sheet, dict):
        return out
    kinds = _kind_fields(docs)
    for i, section in enumerate(sheet.get("sections") or []):
        if isinstance(section, dict) and section.get("kind") in kinds:
            fields = kinds[section["kind"]] | set(RECORD_FIELDS)
            out += _section(game, ("sheet", "sections", i), section, fields,
                            str(section["kind"]))
            out += _holes(game, ("sheet", "sections", i, "intro"), section.get("intro"),
                          constants, what)
    return out


def _kind_fields(docs: list[Document]) -> dict[str, set[str]]:
    """The declared fields of each record kind (kinds.yaml)."""
    out: dict[str, set[str]] = {}
    for doc in docs:
        if doc.kind == "kinds":
            for rec in items(doc.data, "records"):
                if isinstance(rec, dict) and isinstance(rec.get("id"), str):
                    fields = rec.get("fields")
                    out.setdefault(rec["id"], set()).update(
                        fields if isinstance(fields, dict) else ())
    return out


def _section(doc: Document, path: tuple[Any, ...], section: dict[str, Any],
             fields: set[str], kind: str) -> list[Diagnostic]:
    what = f"field of {kind} (kinds.yaml)"
    out: list[Diagnostic] = []
    for key in FIELDS:
        name = section.get(key)
        if isinstance(name, str) and name not in fields:
            out.append(_unknown(doc, path + (key,), name, fields, what))
    for key in TEXTS:
        out += _holes(doc, path + (key,), section.get(key), fields, what)
    for j, text in enumerate(section.get("meta") or []):
        out += _holes(doc, path + ("meta", j), text, fields, what)
    for key in ("lines", "columns"):
        for j, line in enumerate(section.get(key) or []):
            if not isinstance(line, dict):
                continue
            if "each" in line:
                if isinstance(line["each"], str) and line["each"] not in fields:
                    out.append(_unknown(doc, path + (key, j, "each"), line["each"],
                                        fields, what))
                continue
            out += _holes(doc, path + (key, j, "text"), line.get("text"), fields, what)
    return out


def _holes(doc: Document, path: tuple[Any, ...], text: Any, known: set[str],
           what: str) -> list[Diagnostic]:
    """R041 for each hole of ``text`` (a string or {lang: string}) not in ``known``."""
    forms = text.items() if isinstance(text, dict) else [(None, text)]
    out: list[Diagnostic] = []
    for lang, words in forms:
        for hole in HOLE.findall(words) if isinstance(words, str) else []:
            if hole not in known:
                out.append(_unknown(doc, path + ((lang,) if lang else ()), hole, known,
                                    what))
    return out


def _unknown(doc: Document, path: tuple[Any, ...], name: str, known: set[str],
             what: str) -> Diagnostic:
    hint = did_you_mean(name, sorted(known))
    return Diagnostic(doc.span(path), "R041",
                      f"the sheet names '{name}', which is no {what}: the sheet would "
                      "print nothing there",
                      hint=hint or (f"use one of: {', '.join(sorted(known))}" if known else
                                    f"none is declared: declare '{name}' as a {what}, "
                                    "or take the hole out of the sheet"))


def _text_holes(doc: Document) -> list[Diagnostic]:
    """R044 at each hole of a definition's ``text*`` that is no parameter, nor a hole of
    its phrase (one with no type in ``params`` is R031 alone)."""
    out = []
    for i, rec in enumerate(doc.data.get("records") or []):
        params = rec.get("params") if isinstance(rec, dict) else None
        params = {**(params if isinstance(params, dict) else {}), **dict.fromkeys(re.findall(
            r"\{(\w+)\}", str(rec.get("phrase") if isinstance(rec, dict) else "")))}
        for field, texts in rec.items() if isinstance(rec, dict) else ():
            for lang, text in (texts.items() if field.startswith("text") and
                               isinstance(texts, dict) else ()):
                for m in TEXT_HOLE.finditer(text if isinstance(text, str) else ""):
                    if m[1] not in params:
                        out.append(Diagnostic(
                            doc.span(("records", i, field, lang)), "R044",
                            f"definition '{rec.get('id')}': its {field} ({lang}) names "
                            f"'{{{m[1]}}}', which is no parameter: the sheets would print "
                            "nothing there", hint="use a hole of the phrase "
                            f"({', '.join(map(str, params)) or 'it has none'}), or write "
                            "the word"))
    return out
