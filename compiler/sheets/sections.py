"""Sheet sections for the game's components: parameters, tracks, resources, actions,
milestones, awards, tiles and board, variants. Each returns plain dicts for the template.
"""

from __future__ import annotations

from typing import Any

from compiler.sheets.counts import unit_value
from compiler.sheets.flow import step_text
from compiler.sheets.items import Item, citation, item, num, provisional, records
from compiler.sheets.phrases import has, phrase
from compiler.sheets.text import describe, space_type_text, upper_first
from compiler.sheets.vocab import Names

IR = dict[str, Any]


def parameters(ir: IR, lang: str, names: Names) -> list[Item]:
    """Global parameters: start, range and step in the unit, bonus steps, TR per step."""
    out = []
    for p in records(ir, "parameters"):
        lo, hi, step = num(p.get("min")), num(p.get("max")), num(p.get("step")) or 1
        steps = (hi - lo) // step if isinstance(lo, int) and isinstance(hi, int) else None
        bonuses = [phrase(lang, "bonus_at", at=unit_value(num(b.get("at")), p, lang),
                          effect=describe(b.get("effect"), lang, names))
                   for b in p.get("bonuses") or [] if isinstance(b, dict)]
        tr = phrase(lang, "tr_per_step", track=names.short("tracks", p["tr_track"], lang)) \
            if p.get("tr_track") else ""
        out.append(item(p, "parameters", lang, names,
                        start=unit_value(num(p.get("start")), p, lang),
                        range=phrase(lang, "range", min=lo, max=unit_value(hi, p, lang)),
                        step=unit_value(step, p, lang),
                        steps=phrase(lang, "steps_total", n=steps) if steps else "",
                        bonuses=bonuses, tr=tr))
    return out


def tracks(ir: IR, lang: str, names: Names) -> list[Item]:
    """Tracks: scope, start, minimum and maximum."""
    out = []
    for t in records(ir, "tracks"):
        limits = phrase(lang, "track_limits", start=num(t.get("start")), min=num(t.get("min")))
        if t.get("max") is not None:
            limits += phrase(lang, "track_max", max=num(t.get("max")))
        scope = f"track_scope_{t.get('scope')}"
        out.append(item(t, "tracks", lang, names, limits=limits,
                        scope=phrase(lang, scope) if has(lang, scope) else ""))
    return out


def resources(ir: IR, lang: str, names: Names) -> list[Item]:
    """Player-board resources: production minimum and what they pay for."""
    out = []
    for r in records(ir, "resources"):
        prod = phrase(lang, "production_min", n=num(r["production_min"])) \
            if r.get("production_min") is not None else phrase(lang, "no_production")
        pays = r.get("pays_for") or {}
        use = phrase(lang, "pays_for", res=names.of("resources", r["id"], lang, 1),
                     value=num(pays.get("value")), cur=names.currency_name(lang),
                     tag=names.of("tags", pays.get("tag"), lang)) if pays else ""
        out.append(item(r, "resources", lang, names, production=prod, use=use))
    return out


def actions(ir: IR, lang: str, names: Names) -> list[dict[str, Any]]:
    """Turn actions open to everyone, grouped (standard projects, conversions...)."""
    groups: dict[str, list[Item]] = {}
    for a in records(ir, "actions"):
        groups.setdefault(str(a.get("group") or ""), []).append(
            item(a, "actions", lang, names, cost=describe(a.get("cost"), lang, names),
                 effect=describe(a.get("effect"), lang, names),
                 requires=describe(a.get("requires"), lang, names)))
    return [{"title": _group_title(g, lang), "items": items} for g, items in groups.items()]


def _group_title(group: str, lang: str) -> str:
    key = f"group_{group}"
    return phrase(lang, key) if has(lang, key) else (group or phrase(lang, "sec_actions"))


def milestones(ir: IR, lang: str, names: Names) -> dict[str, Any]:
    """Milestone rules (cost, how many, VP) and each milestone's condition."""
    s = (ir.get("settings") or {}).get("milestones") or {}
    rules = phrase(lang, "milestone_rules", cost=num(s.get("cost")), max=num(s.get("max_claimed")),
                   vp=num(s.get("vp")), cur=names.currency_name(lang)) if s else ""
    items = [item(m, "milestones", lang, names,
                  text=upper_first(describe(m.get("condition"), lang, names)))
             for m in records(ir, "milestones")]
    return {"rules": rules, "prov": provisional(s), "items": items}


def awards(ir: IR, lang: str, names: Names) -> dict[str, Any]:
    """Award rules (costs, places, VP) and each award's measure."""
    s = (ir.get("settings") or {}).get("awards") or {}
    costs = "/".join(str(num(c)) for c in s.get("costs") or [])
    rules = phrase(lang, "award_rules", costs=costs, max=num(s.get("max_funded")),
                   first=num(s.get("first")), second=num(s.get("second")),
                   min=num(s.get("second_min_players")), cur=names.currency_name(lang)) \
        if s else ""
    items = [item(a, "awards", lang, names, measure=describe(a.get("measure"), lang, names),
                  text=phrase(lang, "award_measure", m=describe(a.get("measure"), lang, names)))
             for a in records(ir, "awards")]
    return {"rules": rules, "prov": provisional(s), "items": items}


def tiles(ir: IR, lang: str, names: Names) -> list[Item]:
    """Tiles: where they go, owner, supply and the effect of placing one."""
    out = []
    for t in records(ir, "tiles"):
        owner = phrase(lang, "tile_owned" if t.get("owned") else "tile_unowned")
        supply = phrase(lang, "tile_supply", n=num(t["supply"])) if t.get("supply") else ""
        out.append(item(t, "tiles", lang, names, placement=_placement(t, lang, names),
                        owner=owner, supply=supply,
                        effect=describe(t.get("effect"), lang, names)))
    return out


def _placement(tile: dict[str, Any], lang: str, names: Names) -> str:
    parts = []
    space = tile.get("space")
    parts.append(space_type_text(space, lang, names).strip() if space
                 else phrase(lang, "tile_anywhere_ok"))
    if tile.get("next_to_own"):
        parts.append(phrase(lang, "tile_next_to_own"))
    nxt = tile.get("not_next_to") or {}
    if nxt.get("tiles"):
        tiles_ = phrase(lang, "or").join(names.of("tiles", x, lang) for x in nxt["tiles"])
        text = phrase(lang, "tile_not_next_to", tiles=tiles_)
        if nxt.get("except_on"):
            spaces = phrase(lang, "list_sep").join(names.space_name(s, lang)
                                                   for s in nxt["except_on"])
            text += phrase(lang, "tile_except_on", spaces=spaces)
        parts.append(text)
    return upper_first("; ".join(parts))


def board(ir: IR, lang: str, names: Names) -> dict[str, Any]:
    """The board: adjacency bonuses and spaces reserved for a card."""
    b = ir.get("board") or {}
    if not b:
        return {}
    adjacency = [{"text": phrase(lang, "adjacency_bonus", tile=names.of("tiles", a.get("tile"),
                                                                        lang),
                                 effect=describe(a.get("effect"), lang, names)),
                  "source": citation(a, names), "prov": []}
                 for a in b.get("adjacency_bonuses") or [] if isinstance(a, dict)]
    reserved = [{"text": phrase(lang, "reserved_space", space=names.space_name(s["id"], lang),
                                card=names.of("cards", s["reserved"], lang)),
                 "source": citation(b, names), "prov": []}
                for s in b.get("spaces") or [] if isinstance(s, dict) and s.get("reserved")]
    return {"title": phrase(lang, "sec_board", name=names.pick(b.get("name"), lang,
                                                               str(b.get("id", "")))),
            "items": adjacency + reserved}


def modules(ir: IR, lang: str, names: Names) -> list[Item]:
    """Variants: what each one changes, in short."""
    return [item(m, "modules", lang, names,
                 facts=[f if f.endswith(".") else f + "." for f in _module_facts(m, lang, names)])
            for m in records(ir, "modules")]


def _module_facts(m: dict[str, Any], lang: str, names: Names) -> list[str]:
    facts = []
    if m.get("players"):
        lo, hi = num(m["players"].get("min")), num(m["players"].get("max"))
        facts.append(phrase(lang, "module_players_exact", n=lo) if lo == hi
                     else phrase(lang, "module_players", min=lo, max=hi))
    for track, change in (m.get("tracks") or {}).items():
        facts.append(phrase(lang, "module_track_start", track=names.short("tracks", track, lang),
                            start=num((change or {}).get("start"))))
    if m.get("round_limit"):
        facts.append(phrase(lang, "module_round_limit", n=num(m["round_limit"]),
                            round=names.round_name(lang)))
    if m.get("disable"):
        what = [phrase(lang, f"sec_{d}") if has(lang, f"sec_{d}") else d for d in m["disable"]]
        facts.append(phrase(lang, "module_disable", what=", ".join(what)))
    if m.get("cards") == "include":
        facts.append(phrase(lang, "module_cards"))
    for section in ("setup", "phases"):
        facts.extend(_step_changes(m.get(section) or {}, section, lang, names))
    return facts


def _step_changes(change: dict[str, Any], section: str, lang: str, names: Names) -> list[str]:
    """Removed, replaced and added flow steps, each told by what the step does."""
    flow = {s.get("id"): s for s in (names.ir.get("flow") or {}).get(section) or []
            if isinstance(s, dict)}
    out = [phrase(lang, "module_remove", step=step_text(flow[r], lang, names))
           for r in change.get("remove") or [] if r in flow]
    for key in ("replace", "add"):
        out.extend(phrase(lang, f"module_{key}", step=step_text(s, lang, names))
                   for s in change.get(key) or [] if isinstance(s, dict))
    return out
