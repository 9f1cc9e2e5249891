"""The card reference: one entry per card with every field in words."""

from __future__ import annotations

import re
from typing import Any

from compiler.sheets.items import Item, item, num, records
from compiler.sheets.phrases import has, phrase
from compiler.sheets.text import describe, describe_action, describe_trigger
from compiler.sheets.vocab import Names

Card = dict[str, Any]


def card_item(card: Card, lang: str, names: Names) -> Item:
    """A card: number, name, cost, type, tags, requirement, effect, actions, triggers, VP."""
    kind = f"card_type_{card.get('type')}"
    module = card.get("module")
    return item(
        card, "cards", lang, names,
        number=str(num(card.get("number")) or ""),
        translated=names.has_lang("cards", str(card.get("id")), lang),
        cost=num(card.get("cost")),
        currency=names.currency_name(lang),
        type_id=re.sub(r"[^a-z0-9_]", "", str(card.get("type") or "")),
        type=phrase(lang, kind) if has(lang, kind) else str(card.get("type") or ""),
        tags=[names.of("tags", t, lang) for t in card.get("tags") or []],
        requires=describe(card.get("requires"), lang, names),
        effect=describe(card.get("effect"), lang, names),
        actions=[describe_action(a.get("cost"), a.get("effect") or {}, lang, names)
                 for a in card.get("actions") or [] if isinstance(a, dict)],
        triggers=[describe_trigger(t.get("on") or {}, t.get("effect") or {}, lang, names)
                  for t in card.get("triggers") or [] if isinstance(t, dict)],
        vp=describe(card.get("vp"), lang, names) if card.get("vp") is not None else "",
        resource=names.of("card_resources", card["resource"], lang)
        if card.get("resource") else "",
        module=phrase(lang, "card_module", module=names.of("modules", module, lang))
        if module else "",
    )


def _order(card: Card) -> tuple[str, str]:
    return (str(num(card.get("number")) or "").zfill(6), str(card.get("id", "")))


def cards_section(ir: dict[str, Any], lang: str, names: Names) -> dict[str, Any]:
    """All cards by number, and a note when some names are not given in ``lang``."""
    items = [card_item(c, lang, names) for c in sorted(records(ir, "cards"), key=_order)]
    untranslated = any(not c["translated"] for c in items)
    return {"items": items, "note": phrase(lang, "cards_name_note") if untranslated else ""}


# Record kinds shown as components (action cards, contracts, tiles and cards of decks).
COMPONENT_KINDS = ("action_cards", "contracts", "deck_items", "replacements")


def component_item(rec: Card, kind: str, lang: str, names: Names) -> Item:
    """A component: number, name, module, requirement/condition, effect, scoring."""
    module = rec.get("module")
    requires = rec.get("requires") or rec.get("condition")
    scored = rec.get("score") or rec.get("measure")
    return item(
        rec, kind, lang, names,
        number=str(num(rec.get("number")) or ""),
        requires=describe(requires, lang, names) if requires else "",
        effect=describe(rec.get("effect"), lang, names) if rec.get("effect") else "",
        after=describe(rec.get("after"), lang, names) if rec.get("after") else "",
        scored=describe(scored, lang, names) if scored else "",
        copies=num(rec.get("copies")) or "",
        module=phrase(lang, "card_module", module=names.of("modules", module, lang))
        if module else "",
    )


def components_section(ir: dict[str, Any], lang: str, names: Names) -> list[dict[str, Any]]:
    """Components grouped by deck (or by kind when a record names no deck), data order."""
    groups: dict[str, dict[str, Any]] = {}
    for kind in COMPONENT_KINDS:
        for rec in records(ir, kind):
            deck = str(rec.get("deck") or "")
            key = deck or kind
            if key not in groups:
                groups[key] = {"id": re.sub(r"[^a-z0-9_]", "", key),
                               "title": _group_title(ir, deck, kind, lang, names),
                               "items": []}
            groups[key]["items"].append(component_item(rec, kind, lang, names))
    return list(groups.values())


def _group_title(ir: dict[str, Any], deck: str, kind: str, lang: str, names: Names) -> str:
    if deck and (ir.get("decks") or {}).get(deck, {}).get("name"):
        return names.of("decks", deck, lang)
    if deck:
        return deck.replace("_", " ").capitalize()
    return phrase(lang, f"sec_{kind}") if has(lang, f"sec_{kind}") else kind
