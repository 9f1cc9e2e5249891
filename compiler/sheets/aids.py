"""The player aids beside the reference sheet, each from the same data and words.

- ``quick``: one page: the phases of a round, the actions and their costs, the end of
  the game and the final count. The actions are the records of kind ``actions`` when
  the game's sheet shows them, else the game's first section of cards when it is short
  (Love Letter's eight cards are its actions).
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
_SHORT = 16


def _actions(sp: Speaker) -> list[dict[str, Any]]:
    """The groups of actions the quick reference lists (see the module docstring): each
    entry the name, the first column (a cost, a requirement) and the rest, labelled."""
    secs = sections(sp)
    found = next((s for s in secs if s["id"] == "actions"), None)
    if found is None:
        found = next((s for s in secs if s["layout"] == "cards"
                      and sum(len(g["items"]) for g in s["groups"]) <= _SHORT), None)
    if found is None:
        return []
    labels = found.get("columns") or []
    out = []
    for g in found["groups"]:
        entries = []
        for x in g["items"]:
            cells = x.get("cells") or []
            first = " ".join(cells[0]) if cells else x.get("corner") or ""
            rest = [{"label": labels[i] if i < len(labels) - 1 else "", "text": " ".join(c)}
                    for i, c in enumerate(cells[1:], 1) if c]
            rest += [{"label": line["label"], "text": " ".join(line["texts"])}
                     for line in x.get("lines") or []]
            entries.append({"name": x["name"], "first": first, "rest": rest,
                            "prov": x["prov"], "errata": x["errata"]})
        out.append({"title": g["title"], "entries": entries})
    return out


def quick(ir: IR, lang: str, audience: str) -> dict[str, Any]:
    """The one-page quick reference."""
    sp = Speaker(ir, lang, audience)
    c = {**frame(sp), "flow": flow(sp), "actions": _actions(sp)}
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
