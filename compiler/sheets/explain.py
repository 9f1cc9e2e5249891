"""``rulesc explain`` for a game in the core language: one record's or step's rule text.

It reuses the sheet builders (``compiler.sheets.sheet``), so ``explain`` prints
what the sheet shows. An item is a record of any kind the game declares (``KIND:ID``
picks one kind when an id is shared; the kind may be written without its final "s":
``card:asteroid``), a module, a constant (its value and why it is provisional), a
definition of the game's words (its phrase and text), an event (its fields), or a step
of the flow: ``setup``, ``phase``, ``end`` or ``scoring``.
"""

from __future__ import annotations

from typing import Any

from compiler.sheets.fields import Fields, citation, provisional
from compiler.sheets.flow import _step, score_text, when_text
from compiler.sheets.modules import _sheet_section, changed_text, module_facts, step_changes
from compiler.sheets.select import changed_by
from compiler.sheets.sheet import _intro, section_items
from compiler.sheets.speak import Speaker, lower_first, sentence

__all__ = ["candidates", "find", "lines", "location", "source"]

IR = dict[str, Any]
FLOW = {"setup": "setup", "phase": "phases", "end": "end.steps", "scoring": "scoring"}
MODULE_SECTION = {"setup": "setup", "phase": "phases", "end": "end_steps"}


def _steps(ir: IR, kind: str) -> list[dict[str, Any]]:
    flow = ir.get("flow") or {}
    steps = (flow.get("end") or {}).get("steps") if kind == "end" else flow.get(FLOW[kind])
    return [s for s in steps or [] if isinstance(s, dict)]


def _kinds(ir: IR) -> dict[str, dict[str, Any]]:
    """Record kinds, then the game's words: ``definitions`` and ``events``."""
    kinds = {k: t for k, t in (ir.get("records") or {}).items() if isinstance(t, dict)}
    for words in ("definitions", "events"):
        if isinstance(ir.get(words), dict) and words not in kinds:
            kinds[words] = ir[words]
    return kinds


def find(ir: IR, query: str) -> list[tuple[str, str]]:
    """``(kind, id)`` of every item named ``query`` (or ``kind:id``), in a fixed order."""
    prefix, _, ident = query.rpartition(":")
    found = [(k, ident) for k, table in _kinds(ir).items() if ident in table]
    found += [(k, ident) for k in FLOW if any(s.get("id") == ident for s in _steps(ir, k))]
    return [f for f in found if not prefix or prefix in (f[0], f[0].rstrip("s"))]


def kinds(ir: IR) -> list[str]:
    """The KIND of every ``KIND:ID`` explain knows: record kinds and flow sections."""
    return [*_kinds(ir), *FLOW]


def candidates(ir: IR) -> list[str]:
    """Every id ``explain`` knows (for did-you-mean)."""
    ids = [i for table in _kinds(ir).values() for i in table]
    return ids + [str(s.get("id")) for k in FLOW for s in _steps(ir, k)]


def record(ir: IR, kind: str, ident: str) -> dict[str, Any]:
    if kind in FLOW:
        return next((s for s in _steps(ir, kind) if s.get("id") == ident), {})
    rec = (_kinds(ir).get(kind) or {}).get(ident) or {}
    return rec if isinstance(rec, dict) else {"fields": rec}   # an event: its field names


def source(ir: IR, kind: str, ident: str) -> dict[str, str]:
    """The rulebook section the item cites."""
    rec = record(ir, kind, ident)
    if kind == "end" and not rec.get("source"):
        rec = (ir.get("flow") or {}).get("end") or {}
    return citation(Speaker(ir, "en"), rec)


def location(ir: IR, docs: list[Any], kind: str, ident: str) -> str:
    """``path:line`` of the item in the rules data."""
    rec = record(ir, kind, ident)
    if rec.get("at"):
        return str(rec["at"])
    for doc in (d for d in docs if d.kind == kind and isinstance(d.data, dict)):
        for i, item in enumerate(doc.data.get("records") or []):   # an event's record
            if isinstance(item, dict) and item.get("id") == ident:
                span = doc.span(("records", i))
                return f"{span.path}:{span.line}"
    doc = next((d for d in docs if d.kind == "flow"), None)
    if doc is None or kind not in FLOW:
        return "?"
    index = next(i for i, s in enumerate(_steps(ir, kind)) if s.get("id") == ident)
    path = ("end", "steps", index) if kind == "end" else (FLOW[kind], index)
    span = doc.span(path)
    return f"{span.path}:{span.line}"


def lines(ir: IR, kind: str, ident: str, lang: str) -> list[str]:
    """The item's name and text in ``lang``, one line per field."""
    sp = Speaker(ir, lang)
    if kind in FLOW:
        return _flow_lines(sp, kind, ident)
    rec = record(ir, kind, ident)
    name = sp.pick(rec.get("name"), ident)
    if kind == "modules":
        return [name] + module_facts(sp, ident, rec)
    if kind in ("definitions", "events") and kind not in (ir.get("records") or {}):
        return _word_lines(sp, kind, ident, rec)
    if kind == "constants":   # a number of the rules: its value, and why it is provisional
        marks = [f"{sp.w['provisional_note']}: {m}" for m in provisional(sp, kind, ident)]
        return [name, sp.w["explain_value"].format(value=sp.value({"lit": rec.get("value")}))] \
            + marks + changes(sp, kind, ident)
    section = _sheet_section(sp, kind)
    if section is None:
        return [name] + _fields(sp, kind, ident, rec) + changes(sp, kind, ident)
    item = section_items(sp, section, only=ident)[0]
    out = [name]
    if section.get("layout") == "cards":
        head = " · ".join(x for x in (item["head"], item["corner"]) if x)
        out.append(" · ".join(x for x in [head] + item["meta"] if x))
    labels = [sp.pick(c.get("label")) for c in section.get("columns") or []]
    for label, cell in zip(labels, item.get("cells") or [], strict=False):
        out += [f"{label}: {text}" if label else text for text in cell]
    for line in item.get("lines") or []:
        out += [f"{line['label']}: {t}" if line["label"] else t for t in line["texts"]]
    for extra in (item.get("foot"), item.get("module"), _intro(sp, section)):
        if extra:
            out.append(extra)
    return out + changes(sp, kind, ident)


def changes(sp: Speaker, kind: str, ident: str) -> list[str]:
    """One line per module that changes the record (an errata): "Con Errata: costo 9",
    or puts another record in its place ("With CO2: replaced by Build a wind farm (CO2)")."""
    out = []
    mods = (sp.ir.get("records") or {}).get("modules") or {}
    for mid in changed_by(sp.ir, kind, ident):
        trees = (((sp.ir.get("texts") or {}).get("records") or {}).get("modules") or {}) \
            .get(mid) or {}
        for i, change in enumerate(mods[mid].get("changes") or []):
            if change.get("kind") == kind and change.get("id") == ident:
                text = changed_text(sp, change, trees, i).partition(": ")[2]
                if text:
                    out.append(sp.w["explain_change"].format(module=sp.name("modules", mid),
                                                             text=text))
    records = (sp.ir.get("records") or {}).get(kind) or {}
    for mid, module in mods.items():   # a module that puts another record in its place
        for rep in (module.get("replaces") or []) if isinstance(module, dict) else []:
            if isinstance(rep, dict) and rep.get("id") == ident and rep.get("by") in records:
                out.append(sp.w["explain_change"].format(
                    module=sp.name("modules", mid),
                    text=sp.w["explain_replaced"].format(
                        by=sp.pick(records[rep["by"]].get("name"), rep["by"]))))
    return out


def _fields(sp: Speaker, kind: str, ident: str, rec: dict[str, Any]) -> list[str]:
    """A record no sheet section shows: each field that is a text of the rules, and each
    item of a list field (``triggers``, ``actions``) as its parts joined by colons, as a
    section of game.yaml's ``sheet`` writes them ("{on}: {effect}")."""
    f = Fields(sp, kind, ident, rec, {})
    parts: dict[tuple[str, int], list[str]] = {}
    for key in f.trees:
        head, _, rest = key.partition(".")
        index, _, sub = rest.partition(".")
        parts.setdefault((head, int(index)) if index.isdigit() and sub else (key, -1),
                         []).append(sub)
    return [f"{head}: {f.text('{' + key + '}')}" if i < 0 else
            f"{head}: {f.text(_item_template(sp, rec, head, i, subs), item=(head, i))}"
            for (head, i), subs in parts.items() for key in [head]]


def _item_template(sp: Speaker, rec: dict[str, Any], head: str, i: int,
                   subs: list[str]) -> str:
    """How ``_fields`` says item ``i`` of list field ``head``: a modifier (``mod``: the
    definition it changes) as "the price of a card: -1 if ..."; another as its texts
    joined by colons."""
    items = rec.get(head)
    item = items[i] if isinstance(items, list) and i < len(items) else None
    if isinstance(item, dict) and "mod" in item:
        return str(sp.w["modifier_item"])
    return ": ".join("{" + s + "}" for s in subs)


def _flow_lines(sp: Speaker, kind: str, ident: str) -> list[str]:
    steps = _steps(sp.ir, kind)
    index = next(i for i, s in enumerate(steps) if s.get("id") == ident)
    step = steps[index]
    trees = (sp.ir.get("texts") or {}).get("flow") or {}
    if kind == "scoring":
        tree = trees.get(f"scoring.{index}.amount", trees.get(f"scoring.{index}.lines"))
        return [sp.pick(step.get("name"), ident), sentence(score_text(sp, tree))]
    prefix = "end.steps" if kind == "end" else FLOW[kind]
    title = sp.w["phase"].format(n=index + 1) if kind == "phase" else \
        sp.w["sec_end" if kind == "end" else "sec_setup"]
    item = _step(sp, step, trees, f"{prefix}.{index}", title)
    head = f"{title}: {item['name']}" if item["name"] else title
    out = [head, item["text"]]
    if kind == "end" and "end.when" in trees:
        out.append(sp.w["end_when"].format(cond=lower_first(sp.value(trees["end.when"]))))
    if f"{prefix}.{index}.when" in trees and item["text"] == "":
        out.append(when_text(sp, trees[f"{prefix}.{index}.when"]))
    if kind in MODULE_SECTION:  # "Con Variante draft: Cambia «Ricerca (draft)»: ..."
        out += [sp.w["explain_change"].format(module=sp.name("modules", mid), text=text)
                for mid, text in step_changes(sp, MODULE_SECTION[kind], ident)]
    return out


def _word_lines(sp: Speaker, kind: str, ident: str, rec: dict[str, Any]) -> list[str]:
    """A definition: its phrase (how rules write it) and its text in ``sp``'s language
    (how sheets say it, ``{hole}``s unfilled); an event: its fields."""
    if kind == "events":
        return [ident, f"{sp.w['explain_fields']}: {', '.join(map(str, rec['fields']))}"]
    out = [ident, f"{sp.w['explain_phrase']}: {rec.get('phrase', '')}"]
    text = sp.pick(rec.get("text")) if rec.get("text") else ""
    return out + ([f"{sp.w['explain_text']}: {text}"] if text else [])
