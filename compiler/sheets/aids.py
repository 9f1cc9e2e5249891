"""The player aids beside the reference sheet, each from the same data and words.

- ``quick``: one page: the phases of a round, what a player chooses among and what it
  costs, the end of the game and the final count. The middle part is every short table
  of the game's sheet (at most 8 records: Terraforming Mars's standard projects,
  milestones, awards; Pampero's turn choices and pieces), else the first short
  section of cards (Love Letter's eight cards are its actions). The core knows no
  "action" kind, so the length decides.
- ``modules``: one page per module: who plays it, what it changes in the setup and in
  the rules, the components it brings (counted, by kind) and what each of them does (its
  texts on the game's sheet: a tile's effect, a scoring tile's score), those it removes
  or replaces, what it requires and what it conflicts with.
- ``cards``: card-size proxies (63 x 88 mm, nine to a sheet, crop marks) of every
  record the game's sheet lays out as cards.

``CONTEXTS[aid](ir, lang, audience)`` -> what the aid's template shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.sheets.fields import _records
from compiler.sheets.flow import flow
from compiler.sheets.modules import PARTS, modules
from compiler.sheets.sheet import context, frame, section_items, sections
from compiler.sheets.speak import Speaker, lower_first, sentence

__all__ = ["CONTEXTS", "PER_PAGE"]

IR = dict[str, Any]
PER_PAGE = 9
"""Card proxies on one sheet of paper: three rows of three."""
MAX_COPIES = 60
"""A record with more copies than this gets one proxy that keeps its "× N" head: a
print-and-play deck has a few copies of a card, and a number past this is data to count,
not paper to print (a deck of 200,000 Guards would be an 80 MB page)."""
_TABLE = 8
"""A table section of at most this many records is on the quick reference."""
_CARDS = 16
"""Without such a table, the first section of cards with at most this many records."""
_BESIDE = 14
"""A first column up to this long (a cost: "25 M€") is printed beside the name."""


def _short(sec: dict[str, Any], most: int) -> bool:
    return sum(len(g["items"]) for g in sec["groups"]) <= most


def _choices(sp: Speaker) -> list[dict[str, Any]]:
    """The groups of the quick reference's middle part (see the module docstring): each
    entry the name, the first column (a cost, a requirement) and the rest, labelled."""
    secs = sections(sp)
    found = [s for s in secs if s["layout"] == "table" and _short(s, _TABLE)]
    if not found:
        found = [s for s in secs if s["layout"] == "cards" and _short(s, _CARDS)][:1]
    out = []
    for sec in found:
        for i, g in enumerate(sec["groups"]):   # the section's intro: costs, VP
            labels = g.get("columns") or []
            out.append({"title": g["title"], "intro": sec["intro"] if i == 0 else "",
                        "entries": [_entry(x, labels) for x in g["items"]]})
    return out


def _entry(x: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    """One record of the quick reference: name, first column, the rest labelled."""
    cells = x.get("cells") or []
    first = " ".join(cells[0]) if cells else x.get("corner") or ""
    start = 1
    if len(first) > _BESIDE:   # a long first column reads as a line of its own
        first, start = "", 0
    # the last column (the effect) reads unlabelled, and so does a first one beside the
    # name; a first column on a line of its own keeps its label ("Requisito: ...")
    rest = [{"label": labels[i] if (i > 0 or start == 0) and i < len(labels) - 1 else "",
             "text": " ".join(c)}
            for i, c in enumerate(cells[start:], start) if c]
    rest += [{"label": line["label"], "text": " ".join(line["texts"])}
             for line in x.get("lines") or []]
    return {"name": x["name"], "first": first, "rest": rest, "prov": x["prov"],
            "errata": x["errata"], "head": x.get("head") or ""}


def quick(ir: IR, lang: str, audience: str) -> dict[str, Any]:
    """The one-page quick reference."""
    sp = Speaker(ir, lang, audience)
    c = {**frame(sp), "flow": flow(sp), "choices": _choices(sp)}
    return {**c, "leaks": sorted(sp.leaks)}


_SAID = 30
"""A module's records of one kind are said with their texts up to this many; more (a
deck of cards: Corporate Era's) are left to the card proxies and the reference."""


def _said(sp: Speaker, item: dict[str, Any], columns: list[str]) -> str:
    """A record as its sheet section says it: "Name: text; Label: text" (the stand-in
    note first for a placeholder); '' when the section gives it no text."""
    given = item.get("cells") or []
    cells = [(label, " ".join(c)) for label, c in zip(columns, given, strict=False) if c]
    if len(cells) == 1:   # one text: no label needed
        cells = [("", cells[0][1])]
    cells += [(line["label"], " ".join(line["texts"])) for line in item.get("lines") or []
              if line["texts"] and not line.get("stand")]
    if not cells:
        return ""
    if item.get("stand"):
        cells.insert(0, ("", item["stand"]))
    texts = [lower_first(f"{label}: {t}" if label else t).rstrip(".") for label, t in cells]
    return f"{item['name'].rstrip('.')}: " + "; ".join(texts)


def pieces(sp: Speaker) -> dict[str, list[str]]:
    """What each module's records do, by module id: each record the game's sheet shows
    with a text, as ``_said`` says it (two alike: one fact, "×2"; a kind of more than
    ``_SAID`` records of one module is left out)."""
    out: dict[str, list[str]] = {}
    for section in ((sp.ir.get("game") or {}).get("sheet") or {}).get("sections") or []:
        if not isinstance(section, dict):
            continue
        recs = _records(sp.ir, str(section.get("kind")))
        columns = [sp.pick(c.get("label")) for c in section.get("columns") or []]
        by_module: dict[str, list[str]] = {}
        for item in section_items(sp, section):
            mid = (recs.get(item["id"]) or {}).get("module")
            if mid:
                by_module.setdefault(str(mid), []).append(_said(sp, item, columns))
        for mid, said in by_module.items():
            if len(said) <= _SAID:
                out.setdefault(mid, []).extend(s for s in said if s)
    return {mid: [f if c == 1 else f"{f} ×{c}" for f, c in
                  {f: said.count(f) for f in said}.items()] for mid, said in out.items()}


def module_pages(ir: IR, lang: str, audience: str) -> dict[str, Any]:
    """One page per module, its facts grouped (``modules.PARTS``), the components'
    group followed by what they do (``pieces``)."""
    sp = Speaker(ir, lang, audience)
    pages, does = [], pieces(sp)
    for m in modules(sp):
        parts = [{"title": sp.w[f"part_{key}"], "facts": m["parts"][key]} for key in PARTS
                 if m["parts"][key]]
        if does.get(m["id"]):
            at = next((i + 1 for i, g in enumerate(parts)
                       if g["title"] == sp.w["part_components"]), len(parts))
            parts.insert(at, {"title": sp.w["part_pieces"],
                              "facts": [sentence(f) for f in does[m["id"]]]})
        pages.append({**m, "groups": parts})
    return {**frame(sp), "pages": pages, "leaks": sorted(sp.leaks)}


# ---- fitting a proxy's text in its box ----------------------------------------------------
#
# A proxy is 63 x 88 mm; its text box (the card less its padding and top band) is
# ``BOX_W`` x ``BOX_H`` mm. The text of a card is wrapped here as the page will wrap it,
# by a generous estimate of the width of a character of DejaVu Sans, and the card is
# given the largest of ``SIZES`` at which every line fits; the box clips what is left
# (``tests/test_sheets_aids.py`` lays every proxy out with WeasyPrint and checks that
# no line leaves its card).

SIZES = (7.4, 6.8, 6.2, 5.6, 5.1, 4.6, 4.2)
"""The font sizes (pt) a proxy's text may take, largest first."""
BOX_W = 63 - 2 * 3.2 - 0.6
BOX_H = 88 - 2.4 - 3 - 2.5 - 0.6
_PT = 0.3528
"""One point in mm."""
_CHAR = 0.6
"""The width of an average character of DejaVu Sans, in ems (a generous estimate)."""
_LEAD = 1.28
_HEAD, _META, _FOOT = 9 / 7.4, 6.6 / 7.4, 1.0
"""The sizes of the name line, the meta line and the foot, relative to the text's."""


def _lines(text: str, width: float, size: float) -> int:
    """How many lines ``text`` takes in a box ``width`` mm wide at ``size`` pt."""
    per = max(1, int(width / (size * _PT * _CHAR)))
    lines, used = 1, 0
    for word in text.split():
        n = len(word)
        if used and used + 1 + n <= per:
            used += 1 + n
            continue
        if used:
            lines += 1
        lines += (n - 1) // per             # a word longer than a line breaks anywhere
        used = n - (n - 1) // per * per
    return lines


def _height(k: dict[str, Any], size: float) -> float:
    """The height (mm) of proxy ``k``'s text at ``size`` pt (see ``SIZES``)."""
    head = size * _HEAD
    name = (k.get("head") or "") + " " + (k.get("name") or "")
    badge = (len(k.get("corner") or "") + 2) * head * _PT * _CHAR + 1.5
    h = _lines(name, BOX_W - badge, head) * head * _PT * _LEAD + 1
    meta = " · ".join([*(k.get("meta") or []), k.get("module") or "",
                       k.get("errata") or ""]).strip(" ·")
    if meta:
        h += _lines(meta, BOX_W, size * _META) * size * _META * _PT * _LEAD + 1
    for line in k.get("lines") or []:
        for x in line["texts"]:
            lab = (line.get("label") or "") + ": " if line.get("label") else ""
            h += _lines(lab + x, BOX_W, size) * size * _PT * _LEAD + 0.6
    if k.get("foot"):
        h += _lines(k["foot"], BOX_W, size * _FOOT) * size * _FOOT * _PT * _LEAD + 1
    return h


def fit(k: dict[str, Any]) -> float:
    """The largest of ``SIZES`` at which proxy ``k``'s text fits its box (else the least)."""
    return next((s for s in SIZES if _height(k, s) <= BOX_H), SIZES[-1])


def proxies(ir: IR, lang: str, audience: str) -> dict[str, Any]:
    """The card proxies, nine to a page, in the order of the game's sheet, each with the
    font size at which its text fits (``fit``); one proxy per physical card when the
    section names its ``copies`` field (Love Letter's 16-card deck: five Guards...)."""
    sp = Speaker(ir, lang, audience)
    cards: list[dict[str, Any]] = []
    for section in ((ir.get("game") or {}).get("sheet") or {}).get("sections") or []:
        if isinstance(section, dict) and section.get("layout") == "cards":
            field = section.get("copies")
            recs = _records(ir, str(section.get("kind")))
            # a head that says the number of copies ("× 5") says nothing on each copy
            counted = bool(field) and "{" + str(field) + "}" in str(section.get("head"))
            for k in section_items(sp, section):
                n = (recs.get(k["id"]) or {}).get(field) if field else 1
                n = n if isinstance(n, int) and 0 < n <= MAX_COPIES else 0  # 0: one, "× N" kept
                k = {**k, "head": "" if counted and n else k.get("head", "")}
                cards += [{**k, "size": fit(k)}] * (n or 1)
    pages = [cards[i:i + PER_PAGE] for i in range(0, len(cards), PER_PAGE)]
    return {**frame(sp), "pages": pages, "leaks": sorted(sp.leaks)}


CONTEXTS: dict[str, Callable[[IR, str, str], dict[str, Any]]] = {
    "reference": context, "quick": quick, "modules": module_pages, "cards": proxies}
