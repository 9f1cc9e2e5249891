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

from compiler.sheets.speak import Speaker, lower_first, sentence, upper_first

__all__ = ["Fields", "context", "section_items"]

Item = dict[str, Any]


def _records(ir: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    table = (ir.get("records") or {}).get(kind) or {}
    return {k: v for k, v in table.items() if isinstance(v, dict)}


def provisional(sp: Speaker, kind: str, rid: str) -> list[str]:
    """The record's provisional values, ``field = value: reason`` (a badge on the sheet)."""
    marks = ((sp.ir.get("texts") or {}).get("provisional") or {}).get(kind) or {}
    return list(marks.get(rid) or [])


def citation(sp: Speaker, rec: Any) -> dict[str, str]:
    """The rulebook section a record cites, and the title of its source document."""
    src = rec.get("source") if isinstance(rec, dict) else None
    if not isinstance(src, dict):
        return {"section": "", "doc": ""}
    docs = (sp.ir.get("game") or {}).get("sources") or {}
    doc = str(src.get("doc") or "")
    entry = docs.get(doc, doc)
    title = entry.get("title", doc) if isinstance(entry, dict) else entry
    return {"section": str(src.get("section") or ""), "doc": str(title)}


def _type_at(fields: dict[str, Any], path: list[str]) -> Any:
    """The declared type of ``a.b`` in a kind's fields (plain JSON types)."""
    t: Any = {"obj": fields}
    for key in path:
        t = _strip(t)
        if isinstance(t, dict):
            t = t["obj"].get(key)
        elif isinstance(t, list) and t and t[0] == "obj":
            t = dict((k, v) for k, v in t[1]).get(key)
        else:
            return None
    return t


def _strip(t: Any) -> Any:
    return t[1] if isinstance(t, list) and len(t) == 2 and t[0] == "opt" else t


class Fields:
    """The words of one record's fields, for the texts of its sheet section."""

    def __init__(self, sp: Speaker, kind: str, rid: str, rec: dict[str, Any],
                 section: dict[str, Any]) -> None:
        self.sp = sp
        self.kind = kind
        self.rid = rid
        self.rec = rec
        self.section = section
        self.types = ((sp.ir.get("texts") or {}).get("kinds") or {}).get(kind, {}) \
            .get("fields") or {}
        self.trees = (((sp.ir.get("texts") or {}).get("records") or {}).get(kind) or {}) \
            .get(rid) or {}
        self.clause = False

    def text(self, template: Any, item: tuple[str, int] | None = None,
             capital: bool = True) -> str:
        """``template`` (a text or {lang: text}) filled from this record (and from item
        ``(field, index)`` of a list field first); a capital letter (unless not
        ``capital``), and a full stop when it holds a statement."""
        self.clause = False
        words = self.sp.pick(template)
        alone = re.fullmatch(r"\{[a-z_][a-z0-9_.]*\}", words.strip()) is not None
        text = self.sp.fill(words, lambda name, form, art: self.hole(name, form, art,
                                                                     item, alone))
        if not text:
            return ""
        if self.clause:
            return sentence(text)
        return upper_first(text) if capital else text

    def hole(self, name: str, form: str | None, article: str,
             item: tuple[str, int] | None, alone: bool) -> tuple[str, Any]:
        path = name.split(".")
        if item is not None:
            field, index = item
            entries = self.rec.get(field) or []
            entry = entries[index] if index < len(entries) else {}
            item_type = _type_at(self.types, [field])
            elem = _strip(item_type)
            elem = _strip(elem[1]) if isinstance(elem, list) and elem[0] == "list" else elem
            declared = isinstance(elem, list) and elem[0] == "obj" and \
                path[0] in dict((k, v) for k, v in elem[1])
            if declared or isinstance(entry, dict) and path[0] in entry:
                return self.say([field, str(index)] + path, entry, path, form, article,
                                alone, item_type=item_type)
        return self.say(path, self.rec, path, form, article, alone)

    def say(self, full: list[str], data: Any, path: list[str], form: str | None,
            article: str, alone: bool, item_type: Any = None) -> tuple[str, Any]:
        """The words of ``data``'s field ``path`` (tree path ``full``)."""
        value: Any = data
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if item_type is not None:
            elem = _strip(item_type)
            elem = elem[1] if isinstance(elem, list) and elem[0] == "list" else elem
            t = _type_at({"x": elem}, ["x"] + path)
        else:
            t = _type_at(self.types, path)
        tree = self.trees.get(".".join(full))
        if tree is not None:
            return self._tree(tree, t, alone), value if isinstance(value, int) else None
        if path == ["name"] or path == ["name_one"]:
            if path == ["name_one"] and not value:
                value = self.rec.get("name")
            return self.sp.pick(value, self.rid), None
        if path == ["module"] and value:
            return self.sp.name("modules", value), None
        return self.plain(path[-1], value, t, form, article), value

    def _tree(self, tree: Any, t: Any, alone: bool) -> str:
        form = tree.get("form") if isinstance(tree, dict) else None
        if form == "on":
            return self.sp.trigger(tree)
        if _strip(t) == "effect" or form == "seq":
            if alone:
                return self.sp.effect(tree)
            self.clause = True
            return self.sp.clause(tree)
        return self.sp.value(tree)

    def plain(self, field: str, value: Any, t: Any, form: str | None, article: str) -> str:
        """A field that is data, not a text of the language."""
        if isinstance(value, dict) and value.get("op") == "lit":
            value = value.get("v")
        if value is None or value == [] or value == "":
            return ""
        t = _strip(t)
        words = (self.section.get("values") or {}).get(field) or {}
        if isinstance(t, list) and t[0] == "id":
            return self.sp.name(t[1], value, form, article)
        if isinstance(t, list) and t[0] == "list" and isinstance(value, list):
            return self.sp.w["list_sep"].join(self.plain(field, v, t[1], form, "")
                                             for v in value)
        if t == "names" or isinstance(value, dict) and not isinstance(t, list):
            words_ = self.sp.pick(value)   # "tessera|tessere": agrees with a number
            return words_.split("|")[0 if form == "one" else -1]
        if isinstance(value, bool):
            key = "true" if value else "false"
            return self.sp.pick(words.get(key) or words.get(value)) if words.get(key) or \
                words.get(value) else str(self.sp.w[key])
        if str(value) in words:
            return self.sp.pick(words[str(value)])
        if isinstance(value, dict):
            return ""
        return str(value)


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
            if only is None or rid == only]


def _rows(f: Fields, rows: list[dict[str, Any]], capital: bool = True
          ) -> list[dict[str, Any]]:
    """One entry per row: ``{label, texts}`` (a list field gives one text per item)."""
    out = []
    for row in rows:
        label = f.sp.pick(row.get("label")) if row.get("label") else ""
        cap = capital and not label
        if row.get("each"):
            field = str(row["each"])
            texts = [f.text(row["text"], (field, i), cap)
                     for i in range(len(f.rec.get(field) or []))]
        else:
            texts = [f.text(row["text"], capital=cap)]
        out.append({"label": label, "texts": [t for t in texts if t]})
    return out


def _item(sp: Speaker, section: dict[str, Any], kind: str, rid: str,
          rec: dict[str, Any]) -> Item:
    f = Fields(sp, kind, rid, rec, section)
    module = rec.get("module")
    item: Item = {"id": rid, "name": sp.pick(rec.get("name"), rid),
                  "translated": sp.has_lang(rec.get("name")),
                  "source": citation(sp, rec), "prov": provisional(sp, kind, rid),
                  "module": sp.w["only_with"].format(module=sp.name("modules", module))
                  if module else "",
                  "group": str(rec.get(section["group"]) or "") if section.get("group")
                  else ""}
    if section.get("layout") == "table":
        item["name"] = upper_first(item["name"])
        item["cells"] = [r["texts"] for r in _rows(f, [{**c, "label": ""} for c in
                                                      section.get("columns") or []])]
    else:
        item["lines"] = [r for r in _rows(f, section.get("lines") or [],
                                          section.get("layout") == "cards") if r["texts"]]
    if section.get("layout") == "cards":
        item["class"] = re.sub(r"[^a-z0-9_]", "", str(rec.get(section.get("class") or "")
                                                      or ""))
        for key in ("corner", "head", "foot"):
            item[key] = f.text(section[key]) if section.get(key) else ""
        item["meta"] = [m for m in (f.text(t) for t in section.get("meta") or []) if m]
        item["meta"] = [lower_first(m) if i else m for i, m in enumerate(item["meta"])]
    return item


def _intro(sp: Speaker, section: dict[str, Any]) -> str:
    if not section.get("intro"):
        return ""
    consts = _records(sp.ir, "constants")

    def arg(name: str, form: str | None, article: str) -> tuple[str, Any]:
        value = (consts.get(name) or {}).get("value")
        return (sp.value({"lit": value}) if value is not None else ""), value

    return sp.fill(sp.pick(section["intro"]), arg)


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
        parts = [{"title": sp.pick(names.get(g), title) if g else title, "items": its}
                 for g, its in groups.items()]
        note = sp.w["names_note"] if any(not i["translated"] for i in items) else ""
        out.append({"id": kind, "layout": section.get("layout"), "title": title,
                    "intro": _intro(sp, section), "note": note, "groups": parts,
                    "columns": [sp.pick(c.get("label")) for c in section.get("columns") or []]})
    return out


# ---- flow -------------------------------------------------------------------------------

def step_text(sp: Speaker, trees: dict[str, Any], prefix: str) -> str:
    """What one step does: its ``do`` or ``each_player`` text."""
    if f"{prefix}.each_player" in trees:
        return sp.w["each_player"].format(
            effect=lower_first(sp.effect(trees[f"{prefix}.each_player"])))
    return sp.effect(trees.get(f"{prefix}.do"))


def when_text(sp: Speaker, tree: Any) -> str:
    """A step's condition: "From generation 2 on." for ``round > 1``, else in words."""
    if isinstance(tree, dict) and tree.get("form") == "cmp" and \
            tree.get("a") == {"core": "round"} and "lit" in (tree.get("b") or {}):
        first = tree["b"]["lit"] + (1 if tree["o"] == ">" else 0)
        if tree["o"] in (">", ">=") and sp.round:
            return sp.w["from_round"].format(round=sp.round, n=first)
    return sp.w["step_when"].format(cond=sp.value(tree))


def score_text(sp: Speaker, tree: Any) -> str:
    """A line of the final count: "1 per each <thing counted>", or the amount in words."""
    if tree is None:
        return ""
    each = sp.w["score_each_unit"] if sp.score_unit else sp.w["score_each"]
    if sp.countable(tree) or isinstance(tree, dict) and ("val" in tree or "rec" in tree):
        return each.format(x=sp.value(tree, "one"), unit=sp.score_unit)
    return sp.value(tree)


def _step(sp: Speaker, step: dict[str, Any], trees: dict[str, Any], prefix: str,
          title: str = "") -> Item:
    text = step_text(sp, trees, prefix)
    if f"{prefix}.when" in trees:
        text = f"{text} {when_text(sp, trees[prefix + '.when'])}".strip()
    return {"id": str(step.get("id", "")), "title": title,
            "name": sp.pick(step.get("name")) if step.get("name") else "",
            "text": text, "source": citation(sp, step), "prov": []}


def flow(sp: Speaker) -> dict[str, Any]:
    """Setup, phases, end and final scoring."""
    fl = sp.ir.get("flow") or {}
    trees = (sp.ir.get("texts") or {}).get("flow") or {}
    setup = [_step(sp, s, trees, f"setup.{i}") for i, s in enumerate(fl.get("setup") or [])]
    phases = [_step(sp, s, trees, f"phases.{i}", sp.w["phase"].format(n=i + 1))
              for i, s in enumerate(fl.get("phases") or [])]
    end = fl.get("end") or {}
    lines = []
    if "end.when" in trees:
        lines.append(sp.w["end_when"].format(cond=sp.value(trees["end.when"])))
    if end.get("finish_round") and sp.round:
        lines.append(sp.w["finish_round"].format(round=sp.round))
    if end.get("max_rounds"):
        lines.append(sp.w["round_limit"].format(round=sp.round, n=end["max_rounds"]))
    steps = [_step(sp, s, trees, f"end.steps.{i}") for i, s in enumerate(end.get("steps")
                                                                          or [])]
    if steps:
        lines.append(sp.w["end_steps"].format(steps=" ".join(
            f"{s['name']}: {lower_first(s['text'])}" if s["name"] else s["text"]
            for s in steps)))
    scoring = []
    for i, s in enumerate(fl.get("scoring") or []):
        tree = trees.get(f"scoring.{i}.amount", trees.get(f"scoring.{i}.lines"))
        scoring.append({"id": str(s.get("id", "")), "name": sp.pick(s.get("name")),
                        "text": score_text(sp, tree),
                        "source": citation(sp, s), "prov": []})
    phases_title = sp.w["sec_phases"].format(round=sp.round) if sp.round \
        else sp.w["sec_phases_plain"]
    return {"setup": setup, "phases": phases, "phases_title": phases_title,
            "end": {"id": "end", "text": " ".join(lines), "source": citation(sp, end),
                    "prov": []},
            "scoring": scoring}


# ---- modules ----------------------------------------------------------------------------

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


# ---- the whole sheet ----------------------------------------------------------------------

def context(ir: dict[str, Any], lang: str) -> dict[str, Any]:
    """Everything the core sheet template shows, in ``lang``."""
    sp = Speaker(ir, lang)
    game = ir.get("game") or {}
    players = game.get("players") or {}
    return {
        "lang": lang,
        "title": sp.pick(game.get("title"), str(game.get("id", ""))),
        "players": sp.w["players"].format(min=players.get("min"), max=players.get("max"))
        if players else "",
        "flow": flow(sp),
        "rows": rows(sections(sp)),
        "modules": modules(sp),
    }


def rows(secs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The order of the page: two list sections side by side; the modules before the
    first section of cards (which starts a page), else last."""
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
