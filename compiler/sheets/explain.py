"""The generated text of one item (card, action, milestone, ...) for ``rulesc explain``.

It reuses the sheet builders, so ``explain`` prints exactly what the sheets show. Decks,
which the sheets show only as the titles of their groups, are described here: what a
pile holds, how many lie face up, whose it is and where a taken item goes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.sheets import cards, flow, sections
from compiler.sheets.items import Item, item, num, records
from compiler.sheets.phrases import phrase
from compiler.sheets.vocab import Names

IR = dict[str, Any]

# explain kind -> IR table holding its records (flow steps are found separately)
KINDS = {"card": "cards", "action": "actions", "milestone": "milestones", "award": "awards",
         "tile": "tiles", "parameter": "parameters", "track": "tracks",
         "resource": "resources", "module": "modules", "action_card": "action_cards",
         "contract": "contracts", "item": "deck_items", "replacement": "replacements",
         "deck": "decks"}
FLOW = {"setup": "setup", "phase": "phases", "scoring": "scoring"}
ALL_KINDS = (*KINDS, *FLOW)
SHOWN = 8  # a deck's contents are named up to this many
DECK_TEXT: dict[str, dict[str, Any]] = {
    "en": {"holds": "Holds {n}: {items}", "face_up": "{n} face up",
           "refill": "refilled from the deck", "per_player": "Each player has their own copy",
           "to": "A taken item goes to: {to}", "empty": "Holds nothing yet",
           "places": {"hand": "the hand", "held": "in front of the player"}},
    "it": {"holds": "Contiene {n}: {items}", "face_up": "{n} scoperti",
           "refill": "rimpiazzati dal mazzo", "per_player": "Ogni giocatore ne ha una copia",
           "to": "Un elemento preso va: {to}", "empty": "Ancora vuoto",
           "places": {"hand": "in mano", "held": "davanti al giocatore"}},
}


def find(ir: IR, query: str) -> list[tuple[str, str]]:
    """``(kind, id)`` of every item named ``query`` (or ``kind:id``), in a fixed order."""
    kind_filter, _, ident = query.rpartition(":")
    found = [(k, ident) for k, table in KINDS.items() if ident in (ir.get(table) or {})]
    found += [(k, ident) for k, sec in FLOW.items()
              if any(s.get("id") == ident for s in _steps(ir, sec))]
    return [f for f in found if not kind_filter or f[0] == kind_filter]


def candidates(ir: IR) -> list[str]:
    """Every id ``explain`` knows (for did-you-mean)."""
    ids = [i for table in KINDS.values() for i in (ir.get(table) or {})]
    return ids + [str(s.get("id")) for sec in FLOW.values() for s in _steps(ir, sec)]


def _steps(ir: IR, section: str) -> list[dict[str, Any]]:
    return [s for s in (ir.get("flow") or {}).get(section) or [] if isinstance(s, dict)]


def record(ir: IR, kind: str, ident: str) -> dict[str, Any]:
    """The IR record of an explained item."""
    if kind in KINDS:
        return (ir.get(KINDS[kind]) or {}).get(ident) or {}
    return next((s for s in _steps(ir, FLOW[kind]) if s.get("id") == ident), {})


def step_index(ir: IR, kind: str, ident: str) -> int:
    """The position of a flow step in its section (for its YAML line)."""
    return next(i for i, s in enumerate(_steps(ir, FLOW[kind])) if s.get("id") == ident)


def lines(ir: IR, kind: str, ident: str, lang: str) -> list[str]:
    """The item's name and text in ``lang``, one line per field."""
    names = Names(ir)
    item = _ITEMS[kind](ir, ident, lang, names)
    head = item.get("title") or ""
    name = item.get("name") or ""
    out = [" ".join(x for x in (head, name) if x) or ident]
    out += [f"{phrase(lang, label)}: {v}" if label else str(v)
            for label, v in _FIELDS[kind](item, ir, lang) if v]
    out += [f"{phrase(lang, 'provisional_note')}: {p}" for p in item.get("prov") or []]
    return out


def _pick(items: list[Item], ident: str) -> Item:
    return next(i for i in items if i["id"] == ident)


def _step(section: str) -> Callable[[IR, str, str, Names], Item]:
    def build(ir: IR, ident: str, lang: str, names: Names) -> Item:
        rec = record(ir, section, ident)
        if section == "scoring":
            return flow.scoring_item(rec, lang, names, ir)
        title = phrase(lang, "phase", n=step_index(ir, section, ident) + 1) \
            if section == "phase" else phrase(lang, "sec_setup")
        return flow.step_item(rec, lang, names, title)
    return build


def _component(table: str) -> Callable[[IR, str, str, Names], Item]:
    def build(ir: IR, ident: str, lang: str, names: Names) -> Item:
        return cards.component_item(ir[table][ident], table, lang, names)
    return build


def _deck(ir: IR, ident: str, lang: str, names: Names) -> Item:
    """A deck: its name, what it holds (with copies), the display, whose, where to."""
    rec = ir["decks"][ident]
    text = DECK_TEXT.get(lang, DECK_TEXT["en"])
    held = [(table, r) for table in cards.COMPONENT_KINDS for r in records(ir, table)
            if r.get("deck") == ident]
    count = sum(int(num(r.get("copies")) or 1) for _, r in held)
    shown = [names.of(table, str(r.get("id")), lang) for table, r in held[:SHOWN]]
    facts = [text["holds"].format(n=count, items=", ".join(shown)
                                  + (", …" if len(held) > SHOWN else ""))
             if held else text["empty"]]
    if rec.get("display") is not None:
        facts.append(text["face_up"].format(n=num(rec["display"]))
                     + (", " + text["refill"] if rec.get("refill") else ""))
    if rec.get("per_player"):
        facts.append(text["per_player"])
    if rec.get("to"):
        facts.append(text["to"].format(to=text["places"].get(rec["to"], rec["to"])))
    out = item(rec, "decks", lang, names, facts=facts)
    if not rec.get("name"):
        out["name"] = ident.replace("_", " ").capitalize()
    return out


_ITEMS: dict[str, Callable[[IR, str, str, Names], Item]] = {
    "card": lambda ir, i, lang, n: cards.card_item(ir["cards"][i], lang, n),
    "action": lambda ir, i, lang, n: _pick([x for g in sections.actions(ir, lang, n)
                                            for x in g["items"]], i),
    "milestone": lambda ir, i, lang, n: _pick(sections.milestones(ir, lang, n)["items"], i),
    "award": lambda ir, i, lang, n: _pick(sections.awards(ir, lang, n)["items"], i),
    "tile": lambda ir, i, lang, n: _pick(sections.tiles(ir, lang, n), i),
    "parameter": lambda ir, i, lang, n: _pick(sections.parameters(ir, lang, n), i),
    "track": lambda ir, i, lang, n: _pick(sections.tracks(ir, lang, n), i),
    "resource": lambda ir, i, lang, n: _pick(sections.resources(ir, lang, n), i),
    "module": lambda ir, i, lang, n: _pick(sections.modules(ir, lang, n), i),
    "setup": _step("setup"), "phase": _step("phase"), "scoring": _step("scoring"),
    "deck": _deck,
    **{kind: _component(table) for kind, table in KINDS.items()
       if table in cards.COMPONENT_KINDS},
}

Fields = list[tuple[str, Any]]


def _card(c: Item, ir: IR, lang: str) -> Fields:
    head = f"#{c['number']} · {c['cost']} {c['currency']} · {c['type']}"
    return [("", head), ("card_tags", ", ".join(c["tags"])), ("card_requires", c["requires"]),
            ("card_effect", c["effect"]), *[("card_action", a) for a in c["actions"]],
            *[("card_effect", t) for t in c["triggers"]], ("card_vp", c["vp"]),
            ("card_resource", c["resource"]), ("", c["module"])]


def _ranked(section: str) -> Callable[[Item, IR, str], Fields]:
    def fields(i: Item, ir: IR, lang: str) -> Fields:
        rules = getattr(sections, section)(ir, lang, Names(ir))["rules"]
        return [("", i["text"]), ("", rules)]
    return fields


_FIELDS: dict[str, Callable[[Item, IR, str], Fields]] = {
    "card": _card,
    "action": lambda a, ir, lang: [("col_requires", a["requires"]), ("col_cost", a["cost"]),
                                   ("col_effect", a["effect"])],
    "milestone": _ranked("milestones"), "award": _ranked("awards"),
    "tile": lambda t, ir, lang: [("col_placement", t["placement"]), ("", t["owner"]),
                                 ("", t["supply"]), ("col_effect", t["effect"])],
    "parameter": lambda p, ir, lang: [("col_start", p["start"]), ("col_range", p["range"]),
                                      ("col_step", p["step"]), ("", p["tr"]),
                                      *[("col_bonus", b) for b in p["bonuses"]]],
    "track": lambda t, ir, lang: [("", t["scope"]), ("", t["limits"])],
    "resource": lambda r, ir, lang: [("col_production", r["production"]),
                                     ("col_use", r["use"])],
    "module": lambda m, ir, lang: [("", f) for f in m["facts"]],
    "deck": lambda d, ir, lang: [("", f) for f in d["facts"]],
    "setup": lambda s, ir, lang: [("", s["text"])],
    "phase": lambda s, ir, lang: [("", s["text"])],
    "scoring": lambda s, ir, lang: [("", s["text"])],
    **{kind: lambda c, ir, lang: [("", f"#{c['number']}" if c["number"] else ""),
                                  ("card_requires", c["requires"]), ("card_effect", c["effect"]),
                                  ("comp_after", c["after"]), ("comp_scored", c["scored"]),
                                  ("", c["module"])]
       for kind, table in KINDS.items() if table in cards.COMPONENT_KINDS},
}
