"""What each module changes, fact by fact, in words (the modules list of the reference
sheet, the module pages and ``rulesc explain``)."""

from __future__ import annotations

import re
from typing import Any

from compiler.sheets.fields import Fields, _records, citation, provisional
from compiler.sheets.flow import step_parts, step_text, when_text
from compiler.sheets.speak import Speaker, lower_first, sentence

__all__ = ["module_facts", "modules"]

Item = dict[str, Any]

def _players(sp: Speaker, spec: Any) -> str:
    lo, hi = (spec or {}).get("min"), (spec or {}).get("max")
    if lo is not None and lo == hi:
        frames = sp.w["players_one"]
        return frames["one" if lo == 1 else "other"].format(n=lo)
    if hi is None:
        return sp.w["players_min"].format(min=lo if lo is not None else 1)
    return sp.w["module_players"].format(min=lo if lo is not None else 1, max=hi)


def _sheet_section(sp: Speaker, kind: str) -> dict[str, Any] | None:
    for section in ((sp.ir.get("game") or {}).get("sheet") or {}).get("sections") or []:
        if isinstance(section, dict) and section.get("kind") == kind:
            return section
    return None


def _templates(section: dict[str, Any]) -> list[Any]:
    """Every text of a sheet section that shows one of a record's fields."""
    rows = [r["text"] for r in (section.get("lines") or []) + (section.get("columns") or [])
            if not r.get("each")]
    return rows + [section[k] for k in ("corner", "head", "foot") if section.get(k)] + \
        list(section.get("meta") or [])


def _shown(sp: Speaker, change: dict[str, Any], trees: dict[str, Any] | None, index: int,
           base: bool = False) -> list[str]:
    """The sheet texts of a changed record that show a changed field, with the module's
    values (with the base values when ``base``)."""
    kind, rid = str(change.get("kind")), str(change.get("id"))
    new = change.get("set") or {}
    rec = dict(_records(sp.ir, kind).get(rid) or {})
    if not base:
        rec.update(new)
    section = _sheet_section(sp, kind) or {}
    f = Fields(sp, kind, rid, rec, section)
    if not base:
        f.trees = {k: v for k, v in f.trees.items() if k.split(".")[0] not in new}
        prefix = f"changes.{index}.set."
        f.trees.update({k[len(prefix):]: v for k, v in (trees or {}).items()
                        if k.startswith(prefix)})
    shown = [t for t in _templates(section)
             if any("{" + field in sp.pick(t) for field in new)]
    return [x for x in (f.text(t) for t in shown) if x]


def changed_text(sp: Speaker, change: dict[str, Any], trees: dict[str, Any] | None = None,
                 index: int = 0) -> str:
    """A module's change of a record: "Name: <each sheet text that shows a changed field,
    with its new value>". ``trees``: the module's own text trees (a changed rule text is
    said from its tree ``changes.<index>.set.<field>``)."""
    kind, rid = str(change.get("kind")), str(change.get("id"))
    new = change.get("set") or {}
    text = "; ".join(lower_first(x) for x in _shown(sp, change, trees, index))
    if not text and not sp.player:   # a field no sheet section shows: its data
        text = ", ".join(f"{k} {v}" for k, v in new.items())
    return f"{sp.name(kind, rid)}: {text}" if text else ""


_PART = re.compile(r"[,;:]\s+")


def _segments(text: str) -> list[str]:
    return [s for s in (x.strip(" .") for x in _PART.split(text)) if s]


def changed_part(sp: Speaker, mid: str, kind: str, rid: str) -> str:
    """What module ``mid`` changes in record ``kind:rid``, only the parts of its sheet
    texts that differ from the base game's: "inizio 14" where the line reads "per
    giocatore: inizio 20, minimo 0"; '' when no sheet text shows the change."""
    m = _records(sp.ir, "modules").get(mid) or {}
    trees = (((sp.ir.get("texts") or {}).get("records") or {}).get("modules") or {}) \
        .get(mid) or {}
    parts: list[str] = []
    for i, change in enumerate(m.get("changes") or []):
        if not isinstance(change, dict) or change.get("kind") != kind or \
                change.get("id") != rid:
            continue
        old = {seg for t in _shown(sp, change, trees, i, base=True) for seg in _segments(t)}
        parts += [seg for t in _shown(sp, change, trees, i) for seg in _segments(t)
                  if seg not in old and seg not in parts]
    return sp.w["list_sep"].join(lower_first(p) for p in parts)


_LISTED = 10
"""A module's components of one kind are named up to this many, else only counted."""

PARTS = ("play", "setup", "rules", "components", "removed")
"""The groups of a module's facts, in the order a module page shows them."""


def _names(sp: Speaker, ids: list[Any], kind: str | None = None) -> str:
    """The names of records, those without one left out on a player's sheet; a module's
    name keeps its "(gloss)": two modules may differ only there ("Extra Scoring Tiles
    (Clear Skies)", "... (Project Verne)")."""
    gloss = kind == "modules"
    seen = [sp.name(kind, i, gloss=gloss) for i in ids if not sp.player or sp.named(kind, i)]
    counts = {n: seen.count(n) for n in seen}   # two cards of one name: "Name ×2"
    # names with commas of their own (a tile named by its rule: "Begin the game with
    # $30, instead of $25") are kept apart by semicolons
    sep = "; " if any("," in n for n in counts) else sp.w["list_sep"]
    return sep.join(n if c == 1 else f"{n} ×{c}" for n, c in counts.items())


def copies(rec: dict[str, Any]) -> int:
    """How many printed pieces a record stands for: its ``copies`` (default 1; a
    provisional number counts as its value), as ``rulesc coverage`` counts them."""
    value = rec.get("copies", 1)
    if isinstance(value, dict):
        value = value.get("provisional", value.get("value", 1))
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 \
        else 1


def _play(sp: Speaker, m: dict[str, Any]) -> list[str]:
    w, out = sp.w, []
    if m.get("players"):
        out.append(_players(sp, m["players"]))
    if m.get("requires"):
        out.append(w["module_requires"].format(what=_names(sp, m["requires"], "modules")))
    if m.get("conflicts"):
        out.append(w["module_conflicts"].format(what=_names(sp, m["conflicts"], "modules")))
    if m.get("required_for_players"):
        out.append(w["module_required_for"].format(
            players=_players(sp, m["required_for_players"])))
    return out


def _steps(sp: Speaker, mid: str, m: dict[str, Any], sections: tuple[str, ...],
           only: str | None = None) -> list[str]:
    """The module's changes to the steps of ``sections`` (setup, phases, end_steps);
    with ``only``, those of the step with that id (``rulesc explain phase:ID``)."""
    w, out = sp.w, []
    trees = (((sp.ir.get("texts") or {}).get("records") or {}).get("modules") or {}) \
        .get(mid) or {}
    whole = sp.ir.get("base_flow") or {}   # a selection: the steps before composing
    base_trees = whole.get("texts") or (sp.ir.get("texts") or {}).get("flow") or {}
    base = whole.get("flow") or sp.ir.get("flow") or {}
    where = {"setup": ("setup", base.get("setup")), "phases": ("phases", base.get("phases")),
             "end_steps": ("end.steps", (base.get("end") or {}).get("steps"))}
    for section in sections:
        prefix, steps = where[section]
        change = m.get(section) or {}
        index = {s.get("id"): i for i, s in enumerate(steps or []) if isinstance(s, dict)}
        for sid in change.get("remove") or []:
            if only is not None and sid != only:
                continue
            step = (steps or [])[index[sid]] if sid in index else {}
            what = sp.pick(step.get("name")) or lower_first(
                step_text(sp, base_trees, f"{prefix}.{index.get(sid)}")) or \
                ("" if sp.player else str(sid))
            if what:
                out.append(w["module_remove"].format(step=what.rstrip(".")))
        for key in ("replace", "add"):
            for i, s in enumerate(change.get(key) or []):
                if only is not None and s.get("id") != only:
                    continue
                who, text = step_parts(sp, trees, f"{section}.{key}.{i}")
                text = lower_first(text)
                if f"{section}.{key}.{i}.when" in trees:
                    text += " " + when_text(sp, trees[f"{section}.{key}.{i}.when"])
                # "Changes «X»" names the step X replaced, as the base game calls it
                # (the replacement's own name when that one has none); a step with no
                # name is said by its text alone (never by its id)
                named = s.get("name")
                if key == "replace" and s.get("id") in index:
                    base_step = (steps or [])[index[s.get("id")]]
                    named = (base_step.get("name") if isinstance(base_step, dict) else None) \
                        or named
                name = sp.pick(named) if named else ""
                frame = w[f"module_{key}"] if name else w[f"module_{key}_plain"]
                out.append(frame.format(step=name, text=text, who=who))
    return out


def step_changes(sp: Speaker, section: str, sid: str) -> list[tuple[str, str]]:
    """``(module id, text)`` of every module that removes, replaces or adds the step
    ``sid`` of ``section`` (setup, phases, end_steps), in the order of the modules."""
    mods = (sp.ir.get("records") or {}).get("modules") or {}
    return [(mid, text) for mid, m in mods.items() if isinstance(m, dict)
            for text in _steps(sp, mid, m, (section,), only=sid)]


def _rules(sp: Speaker, mid: str, m: dict[str, Any]) -> list[str]:
    w = sp.w
    trees = (((sp.ir.get("texts") or {}).get("records") or {}).get("modules") or {}) \
        .get(mid) or {}
    out = [t for t in (changed_text(sp, c, trees, i) for i, c in
                       enumerate(m.get("changes") or []) if isinstance(c, dict)) if t]
    phases, ends = _steps(sp, mid, m, ("phases",)), _steps(sp, mid, m, ("end_steps",))
    # a step added alike to the phases and to the end (a count made in a phase and again
    # at the end of the game) is one fact that says both
    out += [w["module_both"].format(fact=f.rstrip(".")) if f in ends else f for f in phases]
    out += [f for f in ends if f not in phases]
    if m.get("round_limit"):
        out.append(w["round_limit"].format(**sp.rounds, n=m["round_limit"]))
    if m.get("disable"):
        out.append(w["module_disable"].format(
            what=w["list_sep"].join(sp.kind_name(k) for k in m["disable"])))
    return out


def _components(sp: Speaker, mid: str) -> list[str]:
    """The records that come with the module, by kind: "3 tessere evento: A, B, C"."""
    out = []
    for kind, table in (sp.ir.get("records") or {}).items():
        if kind in ("modules", "constants") or not isinstance(table, dict):
            continue
        ids = [rid for rid, r in table.items() if isinstance(r, dict) and r.get("module") == mid]
        named = [rid for rid in ids if sp.named(kind, rid)]
        if sp.player and ids and not named and sp.kind_named(kind):
            out.append(_counted(sp, kind, len(ids)))   # records with no name: "10 spazi"
        ids = named if sp.player else ids
        if not ids:
            continue
        # the printed pieces: a record with ``copies: N`` is N of them ("Name ×N")
        printed = [rid for rid in ids for _ in range(copies(table[rid]))]
        n = len(printed)
        names = _names(sp, printed, kind) if len(ids) <= _LISTED else ""
        if sp.kind_named(kind) and not names:
            out.append(sp.w["module_count"].format(
                n=n, kind=sp.kind_name(kind, "one" if n == 1 else None)))
        elif sp.kind_named(kind):
            label = sp.kind_name(kind, "one" if n == 1 else None)
            out.append(sp.w["module_component"].format(n=n, kind=label, what=names))
        else:
            out.append(sp.w["module_cards"].format(what=names))
    # the module's own named pieces that no deck holds (boards, wooden pieces): "5 wooden
    # nature reserves"
    mod = _records(sp.ir, "modules").get(mid) or {}
    named = [c for c in mod.get("components") or []
             if isinstance(c, dict) and c.get("name") and not c.get("deck")]
    pieces = [f"{c.get('count', 1)} {sp.pick(c['name'])}" for c in named]
    sp.foreign.update(sp.pick(c["name"]) for c in named if not sp.has_lang(c["name"]))
    if pieces:
        out.append(sp.w["module_pieces"].format(what=sp.w["list_sep"].join(pieces)))
    return out


def _counted(sp: Speaker, kind: str, n: int) -> str:
    """``n`` records of ``kind`` by the kind's name: "6 spazi", "1 spazio"."""
    return str(sp.w["module_count"]).format(n=n, kind=sp.kind_name(kind, "one" if n == 1
                                                                    else None))


def _removed(sp: Speaker, m: dict[str, Any]) -> list[str]:
    w, out = sp.w, []
    tables = (sp.ir.get("records") or {}).items()
    removes = m.get("removes") or []
    taken = (sp.ir.get("base_records") or sp.ir.get("records") or {}).items()
    gone = _names(sp, removes)
    if sp.player:   # the records with no name, counted by kind: "Toglie: 6 spazi"
        kinds = [next((k for k, t in taken if isinstance(t, dict) and i in t), None)
                 for i in removes]
        unnamed = [k for i, k in zip(removes, kinds, strict=True) if k and
                   sp.kind_named(k) and not sp.named(k, i)]
        gone = w["list_sep"].join([gone] * bool(gone) + [_counted(sp, k, unnamed.count(k))
                                                         for k in dict.fromkeys(unnamed)])
    if gone:
        out.append(w["module_removes"].format(what=gone))
    for rep in m.get("replaces") or []:
        old, new = rep.get("id"), rep.get("by")
        kind = next((k for k, t in tables if isinstance(t, dict) and new in t), None)
        if sp.player and not (sp.named(kind, old) and sp.named(kind, new)):
            continue
        out.append(w["module_replaces"].format(old=sp.name(kind, old, gloss=True),
                                               new=sp.name(kind, new, gloss=True)))
    counts = {f: out.count(f) for f in out}   # two copies replaced alike: one fact, "×2"
    return [f if c == 1 else f"{f} ×{c}" for f, c in counts.items()]


def module_parts(sp: Speaker, mid: str, m: dict[str, Any]) -> dict[str, list[str]]:
    """What a module changes, fact by fact, in the groups of ``PARTS``."""
    parts = {"play": _play(sp, m), "setup": _steps(sp, mid, m, ("setup",)),
             "rules": _rules(sp, mid, m), "components": _components(sp, mid),
             "removed": _removed(sp, m)}
    return {k: [sentence(f) for f in v if f] for k, v in parts.items()}


def module_facts(sp: Speaker, mid: str, m: dict[str, Any]) -> list[str]:
    """What a module changes, fact by fact."""
    parts = module_parts(sp, mid, m)
    return [f for key in PARTS for f in parts[key]]


def modules(sp: Speaker) -> list[Item]:
    """Every module (or the chosen ones), with its facts."""
    out = []
    for mid, m in _records(sp.ir, "modules").items():
        said, sp.foreign = sp.foreign, set()
        parts = module_parts(sp, mid, m)
        out.append({"id": mid, "name": sp.pick(m.get("name"), mid),
                    "facts": [f for key in PARTS for f in parts[key]], "parts": parts,
                    "note": sp.w["names_note"] if sp.foreign else "",
                    "source": citation(sp, m), "prov": provisional(sp, "modules", mid)})
        sp.foreign |= said
    return out
