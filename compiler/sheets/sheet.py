"""The rule-reference sheet of a game in the core language: everything the template shows.

``context(ir, lang)`` -> plain dicts and strings. The frame is the core's: the flow
(setup, phases, end, scoring) and the modules. The sections between them are the game's:
``game.yaml``'s ``sheet.sections``, each showing the records of one kind as a table, a
list or cards, with texts whose ``{field}`` holes take the record's fields in words
(``Fields``). Every rule text comes from the text trees through ``Speaker``.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.sheets.fields import Fields, _records, citation, provisional, with_constants
from compiler.sheets.flow import flow
from compiler.sheets.grammar import plural
from compiler.sheets.modules import changed_part, modules
from compiler.sheets.select import changed_by
from compiler.sheets.speak import Speaker, lower_first, upper_first

__all__ = ["Fields", "context", "section_items"]

Item = dict[str, Any]



# ---- sections ---------------------------------------------------------------------------

def _order(rec: dict[str, Any], field: str | None) -> tuple[str, str]:
    value = rec.get(field) if field else None
    return (str(value if value is not None else "").zfill(8), str(rec.get("id", "")))


def section_items(sp: Speaker, section: dict[str, Any],
                  only: str | None = None) -> list[Item]:
    """The records of ``section`` in words (``only``: one record id)."""
    kind = str(section.get("kind"))
    recs = _records(sp.ir, kind)
    ids = list(recs)
    if section.get("order"):
        ids.sort(key=lambda i: _order(recs[i], section["order"]))
    return [_item(sp, section, kind, rid, recs[rid]) for rid in ids
            if (only is None or rid == only) and (only or not sp.player or recs[rid].get("name"))]


def _rows(f: Fields, rows: list[dict[str, Any]], capital: bool = True,
          run: bool = False) -> list[dict[str, Any]]:
    """One entry per row: ``{label, texts}`` (a list field gives one text per item).
    ``run``: the rows are run on in one line after the record's name, joined by "; "
    (a ``list`` section): only the first text may start with a capital, every later one
    and every later label starts lower-case ("Reward: at 3, take ...; at 6, take ...")."""
    out: list[dict[str, Any]] = []
    for row in rows:
        label = f.sp.pick(row.get("label")) if row.get("label") else ""
        later = run and any(r["texts"] for r in out)
        label = lower_first(label) if later else label
        cap = capital and not label
        n = len(f.rec.get(str(row["each"])) or []) if row.get("each") else 1
        texts = [f.text(row["text"], (str(row["each"]), i) if row.get("each") else None,
                        cap, upper=not (later or run and i)) for i in range(n)]
        out.append({"label": label, "texts": [t for t in texts if t]})
    return out


def _item(sp: Speaker, section: dict[str, Any], kind: str, rid: str,
          rec: dict[str, Any]) -> Item:
    f = Fields(sp, kind, rid, rec, section)
    module = rec.get("module")
    item: Item = {"id": rid, "name": sp.pick(rec.get("name"), rid),
                  # a record with no name at all (shown by its id, on a designer's page)
                  # is no name in another language
                  "translated": sp.has_lang(rec.get("name")) or not rec.get("name"),
                  "by_id": not rec.get("name"),
                  "source": citation(sp, rec), "prov": provisional(sp, kind, rid),
                  "module": sp.w["only_with"].format(module=sp.name("modules", module,
                                                                    gloss=True))
                  if module else "",
                  "group": str(rec.get(section["group"]) or "") if section.get("group")
                  else "", "errata": errata(sp, kind, rid)}
    # a placeholder (content the sources do not give) says so, not only by its mark
    item["stand"] = str(sp.w["stand_in"]) if isinstance(rec.get("placeholder"), str) else ""
    item["name"] = upper_first(item["name"])   # a name heads its row, line or card
    if section.get("layout") == "table":
        item["cells"] = [r["texts"] for r in _rows(f, [{**c, "label": ""} for c in
                                                      section.get("columns") or []])]
    else:
        cards = section.get("layout") == "cards"
        item["lines"] = [r for r in _rows(f, section.get("lines") or [], cards, not cards)
                         if r["texts"]]
        if item["stand"]:
            item["lines"].insert(0, {"label": "", "texts": [item["stand"]], "stand": True})
    if section.get("layout") == "cards":
        item["class"] = re.sub(r"[^a-z0-9_]", "", str(rec.get(section.get("class") or "")
                                                      or ""))
        for key in ("corner", "head", "foot"):
            item[key] = f.text(section[key]) if section.get(key) else ""
        item["meta"] = [m for m in (f.text(t) for t in section.get("meta") or []) if m]
        item["meta"] = [lower_first(m) if i else m for i, m in enumerate(item["meta"])]
    return item


def errata(sp: Speaker, kind: str, rid: str) -> str:
    """The mark of a record a module changes: "Changed by: M" when M is chosen (the record
    shows its new values); on the sheet of the whole box, what M makes of it ("with Solo
    game: start 14", the parts of its sheet text that change), else "Changes with: M"."""
    marks = sp.ir.get("sheet_marks") or {}
    if marks.get("selected") is not None:
        mids = ((marks.get("changed") or {}).get(kind) or {}).get(rid) or []
        frame = sp.w["errata_mark"]
    else:
        mids = changed_by(sp.ir, kind, rid)
        frame = sp.w["changed_mark"]
    if not mids:
        return ""
    if marks.get("selected") is None:   # the whole box: what each module makes of it
        parts = [(m, changed_part(sp, m, kind, rid)) for m in mids]
        if all(part for _, part in parts):
            return sp.w["list_sep"].join(sp.w["changed_to"].format(
                module=sp.name("modules", m), text=part) for m, part in parts)
    return frame.format(module=sp.w["list_sep"].join(sp.name("modules", m) for m in mids))


def _intro(sp: Speaker, section: dict[str, Any]) -> str:
    if not section.get("intro"):
        return ""
    return with_constants(sp, section["intro"])[0]


def sections(sp: Speaker) -> list[dict[str, Any]]:
    """The game's own sections, grouped when a section says so."""
    out = []
    for section in ((sp.ir.get("game") or {}).get("sheet") or {}).get("sections") or []:
        if not isinstance(section, dict):
            continue
        kind = str(section.get("kind"))
        items = section_items(sp, section)
        if not items:
            continue
        title = sp.pick(section.get("title")) if section.get("title") else \
            upper_first(sp.kind_name(kind))
        groups: dict[str, list[Item]] = {}
        for it in items:
            groups.setdefault(it["group"], []).append(it)
        names = section.get("groups") or {}
        columns = [sp.pick(c.get("label")) for c in section.get("columns") or []]
        parts = [{"title": sp.pick(names.get(g), title) if g else title, "count": len(its),
                  **_filled(its, columns)}
                 for g, its in groups.items()]
        notes = [sp.w["names_note"]] if any(not i["translated"] for i in items) else []
        notes += [sp.w["ids_note"]] if any(i["by_id"] for i in items) else []
        note = " ".join(notes)
        out.append({"id": kind, "layout": section.get("layout"), "title": title,
                    "intro": _intro(sp, section), "note": note, "groups": parts,
                    "columns": columns})
    return out


def _filled(items: list[Item], columns: list[str]) -> dict[str, Any]:
    """A table's records and columns without the columns empty on every row (a group of
    tiles none of which has a condition or a score shows no such columns)."""
    if not columns or not all("cells" in i for i in items):
        return {"items": items, "columns": columns}
    keep = [c for c in range(len(columns)) if any(c < len(i["cells"]) and i["cells"][c]
                                                  for i in items)]
    return {"items": [{**i, "cells": [i["cells"][c] for c in keep]} for i in items],
            "columns": [columns[c] for c in keep]}


# ---- the whole sheet ----------------------------------------------------------------------

def context(ir: dict[str, Any], lang: str, audience: str = "designer") -> dict[str, Any]:
    """Everything the reference sheet template shows, in ``lang``, for ``audience``
    (``player``: no sources, ids or data; ``designer``: all of them)."""
    sp = Speaker(ir, lang, audience)
    c = {**frame(sp), "flow": flow(sp), "rows": rows(sections(sp)), "modules": modules(sp)}
    return {**c, "leaks": sorted(sp.leaks)}


def frame(sp: Speaker) -> dict[str, Any]:
    """The title, players and marks every aid shows."""
    game = sp.ir.get("game") or {}
    players = dict(game.get("players") or {})
    chosen = (sp.ir.get("sheet_marks") or {}).get("selected")
    for mid in chosen or []:   # a selection plays with the player counts all its modules allow
        allowed = (((sp.ir.get("records") or {}).get("modules") or {}).get(mid) or {}) \
            .get("players") or {}
        if allowed.get("min") is not None:
            players["min"] = max(players.get("min", 1), allowed["min"])
        if allowed.get("max") is not None:
            players["max"] = min(players.get("max", allowed["max"]), allowed["max"])
    return {
        "lang": sp.lang,
        "player": sp.player,
        "title": sp.pick(game.get("title"), str(game.get("id", ""))),
        "players": _players(sp, players) if players else "",
        # a module's name keeps its "(gloss)": "Extra Scoring Tiles (Clear Skies)"
        "selection": sp.w["selection"].format(what=sp.w["list_sep"].join(
            sp.name("modules", m, gloss=True) for m in chosen) or sp.w["base_game"])
        if chosen is not None else "",
    }


def _players(sp: Speaker, players: dict[str, Any]) -> str:
    """"2–4 giocatori", "1 giocatore", "da 2 giocatori in su"."""
    low = players.get("min", 1)
    if players.get("max") is None:
        return str(sp.w["players_min"].format(min=low))
    if players["max"] == low:
        return str(sp.w["players_one"][plural(sp.lang, low)].format(n=low))
    return str(sp.w["players"].format(min=low, max=players["max"]))


def rows(secs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The order of the page: two list sections in a row (each its heading across the
    page and its items in two columns); the modules before the first section of cards,
    else last. No section forces a page break (a forced one left pages nearly blank)."""
    out: list[dict[str, Any]] = []
    for sec in secs:
        if sec["layout"] == "cards" and not any(r.get("modules") for r in out):
            out.append({"modules": True, "sections": []})
        last = out[-1] if out else None
        if sec["layout"] == "list" and last and len(last["sections"]) == 1 and \
                last["sections"][0]["layout"] == "list":
            last["sections"].append(sec)
        else:
            out.append({"modules": False, "sections": [sec]})
    if not any(r.get("modules") for r in out):
        out.append({"modules": True, "sections": []})
    return out
