"""The player aids beside the reference sheet, each from the same data and words.

- ``quick``: one page: the phases of a round, what a player chooses among and what it
  costs, the end of the game and the final count. The middle part is every short table
  of the game's sheet (at most 8 records: Terraforming Mars's standard projects,
  milestones, awards; Pampero's turn choices and pieces), else the first short
  section of cards (Love Letter's eight cards are its actions). The core knows no
  "action" kind, so the length decides.
- ``modules``: one page per module: who plays it, what it changes in the setup and in
  the rules, the components it brings (counted, by kind) and those it removes or
  replaces, what it requires and what it conflicts with.
- ``cards``: card-size proxies (63 x 88 mm, nine to a sheet, crop marks) of every
  record the game's sheet lays out as cards.

``CONTEXTS[aid](ir, lang, audience)`` -> what the aid's template shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.sheets.flow import flow
from compiler.sheets.modules import PARTS, modules
from compiler.sheets.sheet import context, frame, section_items, sections
from compiler.sheets.speak import Speaker

__all__ = ["CONTEXTS", "PER_PAGE"]

IR = dict[str, Any]
PER_PAGE = 9
"""Card proxies on one sheet of paper: three rows of three."""
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
        labels = sec.get("columns") or []
        for g in sec["groups"]:
            out.append({"title": g["title"], "entries": [_entry(x, labels)
                                                         for x in g["items"]]})
    return out


def _entry(x: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    """One record of the quick reference: name, first column, the rest labelled."""
    cells = x.get("cells") or []
    first = " ".join(cells[0]) if cells else x.get("corner") or ""
    start = 1
    if len(first) > _BESIDE:   # a long first column reads as a line of its own
        first, start = "", 0
    rest = [{"label": labels[i] if 0 < i < len(labels) - 1 else "", "text": " ".join(c)}
            for i, c in enumerate(cells[start:], start) if c]
    rest += [{"label": line["label"], "text": " ".join(line["texts"])}
             for line in x.get("lines") or []]
    return {"name": x["name"], "first": first, "rest": rest, "prov": x["prov"],
            "errata": x["errata"]}


def quick(ir: IR, lang: str, audience: str) -> dict[str, Any]:
    """The one-page quick reference."""
    sp = Speaker(ir, lang, audience)
    c = {**frame(sp), "flow": flow(sp), "choices": _choices(sp)}
    return {**c, "leaks": sorted(sp.leaks)}


def module_pages(ir: IR, lang: str, audience: str) -> dict[str, Any]:
    """One page per module, its facts grouped (``modules.PARTS``)."""
    sp = Speaker(ir, lang, audience)
    pages = []
    for m in modules(sp):
        parts = [{"title": sp.w[f"part_{key}"], "facts": m["parts"][key]} for key in PARTS
                 if m["parts"][key]]
        pages.append({**m, "groups": parts})
    return {**frame(sp), "pages": pages, "leaks": sorted(sp.leaks)}


def proxies(ir: IR, lang: str, audience: str) -> dict[str, Any]:
    """The card proxies, nine to a page, in the order of the game's sheet."""
    sp = Speaker(ir, lang, audience)
    cards: list[dict[str, Any]] = []
    for section in ((ir.get("game") or {}).get("sheet") or {}).get("sections") or []:
        if isinstance(section, dict) and section.get("layout") == "cards":
            cards += section_items(sp, section)
    pages = [cards[i:i + PER_PAGE] for i in range(0, len(cards), PER_PAGE)]
    return {**frame(sp), "pages": pages, "leaks": sorted(sp.leaks)}


CONTEXTS: dict[str, Callable[[IR, str, str], dict[str, Any]]] = {
    "reference": context, "quick": quick, "modules": module_pages, "cards": proxies}
