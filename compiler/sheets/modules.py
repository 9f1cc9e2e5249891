"""What each module changes, fact by fact, in words (the modules list of the reference
sheet, the module pages and ``rulesc explain``)."""

from __future__ import annotations

from typing import Any

from compiler.sheets.fields import Fields, _records, citation, provisional
from compiler.sheets.flow import step_text, when_text
from compiler.sheets.speak import Speaker, lower_first, sentence

__all__ = ["module_facts", "modules"]

Item = dict[str, Any]

def _players(sp: Speaker, spec: Any) -> str:
    lo, hi = (spec or {}).get("min"), (spec or {}).get("max")
    if lo is not None and lo == hi:
        frames = sp.w["players_one"]
        return frames["one" if lo == 1 else "other"].format(n=lo)
    return sp.w["module_players"].format(min=lo, max=hi)


def _sheet_section(sp: Speaker, kind: str) -> dict[str, Any] | None:
    for section in ((sp.ir.get("game") or {}).get("sheet") or {}).get("sections") or []:
        if isinstance(section, dict) and section.get("kind") == kind:
            return section
    return None


def _changed(sp: Speaker, change: dict[str, Any]) -> str:
    """A module's change of a record, said as the record's sheet line with the change."""
    kind, rid = str(change.get("kind")), str(change.get("id"))
    rec = dict(_records(sp.ir, kind).get(rid) or {})
    rec.update(change.get("set") or {})
    section = _sheet_section(sp, kind)
    rows = (section or {}).get("lines") or (section or {}).get("columns") or []
    f = Fields(sp, kind, rid, rec, section or {})
    f.trees = {}
    texts = [f.text(r["text"]) for r in rows if not r.get("each")]
    text = "; ".join(lower_first(t) for t in texts if t) or ", ".join(
        f"{k} {v}" for k, v in (change.get("set") or {}).items())
    return f"{sp.name(kind, rid)}: {text}"


def module_facts(sp: Speaker, mid: str, m: dict[str, Any]) -> list[str]:
    """What a module changes, fact by fact."""
    w = sp.w
    names = lambda ids, kind=None: w["list_sep"].join(  # noqa: E731
        sp.name(kind, i) if kind else sp.name(None, i) for i in ids)
    trees = (((sp.ir.get("texts") or {}).get("records") or {}).get("modules") or {}) \
        .get(mid) or {}
    facts = []
    if m.get("players"):
        facts.append(_players(sp, m["players"]))
    if m.get("requires"):
        facts.append(w["module_requires"].format(what=names(m["requires"], "modules")))
    if m.get("conflicts"):
        facts.append(w["module_conflicts"].format(what=names(m["conflicts"], "modules")))
    if m.get("required_for_players"):
        facts.append(w["module_required_for"].format(
            players=_players(sp, m["required_for_players"])))
    facts += [_changed(sp, c) for c in m.get("changes") or [] if isinstance(c, dict)]
    if m.get("round_limit"):
        facts.append(w["round_limit"].format(round=sp.round, n=m["round_limit"]))
    if m.get("disable"):
        facts.append(w["module_disable"].format(
            what=w["list_sep"].join(sp.kind_name(k) for k in m["disable"])))
    if m.get("removes"):
        facts.append(w["module_removes"].format(what=names(m["removes"])))
    for rep in m.get("replaces") or []:
        facts.append(w["module_replaces"].format(old=sp.name(None, rep.get("id")),
                                                 new=sp.name(None, rep.get("by"))))
    base = sp.ir.get("flow") or {}
    for section, steps in (("setup", base.get("setup")), ("phases", base.get("phases")),
                           ("end_steps", (base.get("end") or {}).get("steps"))):
        change = m.get(section) or {}
        by_id = {s.get("id"): s for s in steps or [] if isinstance(s, dict)}
        for sid in change.get("remove") or []:
            facts.append(w["module_remove"].format(
                step=sp.pick((by_id.get(sid) or {}).get("name"), str(sid))))
        for key in ("replace", "add"):
            for i, s in enumerate(change.get(key) or []):
                text = lower_first(step_text(sp, trees, f"{section}.{key}.{i}"))
                if f"{section}.{key}.{i}.when" in trees:
                    text += " " + when_text(sp, trees[f"{section}.{key}.{i}.when"])
                facts.append(w[f"module_{key}"].format(step=sp.pick(s.get("name"), s.get("id")),
                                                       text=text))
    cards = [sp.pick(r.get("name"), rid) for kind, table in (sp.ir.get("records") or {}).items()
             if kind != "modules" for rid, r in (table or {}).items()
             if isinstance(r, dict) and r.get("module") == mid]
    if cards:
        facts.append(w["module_cards"].format(what=w["list_sep"].join(cards)))
    return [sentence(f) for f in facts]


def modules(sp: Speaker) -> list[Item]:
    out = []
    for mid, m in _records(sp.ir, "modules").items():
        out.append({"id": mid, "name": sp.pick(m.get("name"), mid),
                    "facts": module_facts(sp, mid, m), "source": citation(sp, m),
                    "prov": provisional(sp, "modules", mid)})
    return out


