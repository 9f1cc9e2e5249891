"""One record's fields in words, for the texts of a sheet section (``Fields``), and the
small facts every aid shows beside a record: its rulebook citation and its provisional
values.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.sheets.speak import Speaker, sentence, upper_first

__all__ = ["Fields", "citation", "provisional", "with_constants"]

Item = dict[str, Any]

def _records(ir: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    table = (ir.get("records") or {}).get(kind) or {}
    return {k: v for k, v in table.items() if isinstance(v, dict)}


def provisional(sp: Speaker, kind: str, rid: str) -> list[str]:
    """The record's provisional values, ``field = value: reason`` (a badge on the sheet)."""
    marks = ((sp.ir.get("texts") or {}).get("provisional") or {}).get(kind) or {}
    return list(marks.get(rid) or [])


def with_constants(sp: Speaker, text: Any) -> tuple[str, list[str]]:
    """``text`` ({lang: text} or a text) with each ``{constant}`` hole filled by the
    constant's value (a list of numbers reads "8/14/20"), and the constants it named."""
    consts = _records(sp.ir, "constants")
    named: list[str] = []

    def arg(name: str, form: str | None, article: str) -> tuple[str, Any]:
        named.append(name)
        value = (consts.get(name) or {}).get("value")
        return (sp.value({"lit": value}) if value is not None else ""), value

    return sp.fill(sp.pick(text), arg), named


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
             capital: bool = True, upper: bool = True) -> str:
        """``template`` (a text or {lang: text}) filled from this record (and from item
        ``(field, index)`` of a list field first); a capital letter (unless not
        ``capital``), and a full stop when it holds a statement, which starts with a
        capital too unless not ``upper`` (a part run on after "; "). A text whose every
        hole is empty is empty."""
        self.clause = False
        said_mod = self._said_modifier(item)   # a modifier in words: a sentence
        words = said_mod or self.sp.pick(template)
        alone = re.fullmatch(r"\{[a-z_][a-z0-9_.]*\}", words.strip()) is not None
        said: list[str] = []
        colon = set(re.findall(r":\s*\{([a-z_][a-z0-9_.]*)\}", words))   # "{on}: {effect}"

        def arg(name: str, form: str | None, art: str) -> tuple[str, Any]:
            self.sp.after_colon = name in colon
            out = self.hole(name, form, art, item, alone)
            self.sp.after_colon = False
            said.append(out[0])
            return out

        text = self.sp.fill(words, arg)
        if not text or said and not any(said):   # "#{number}" of a card with no number
            return ""
        if self.clause or said_mod:
            whole = sentence(text)   # a name keeps its capital: "Energific row ..."
            return whole if upper or not text[:1].islower() else text[:1] + whole[1:]
        return upper_first(text) if capital else text

    def _said_modifier(self, item: tuple[str, int] | None) -> str:
        """A modifier item's whole line when the section's word for what it changes
        (``values.mod.<definition>``) has holes of its own: "resources cannot be removed
        from a card[ if {where}]" says the change in words, where the line's template
        would say "{mod}: {by:signed}"; "" otherwise."""
        if item is None:
            return ""
        entries = self.rec.get(item[0])
        entry = entries[item[1]] if isinstance(entries, list) and item[1] < len(entries) \
            else None
        mod = entry.get("mod") if isinstance(entry, dict) else None
        word = ((self.section.get("values") or {}).get("mod") or {}).get(str(mod))
        said = self.sp.pick(word) if word else ""
        return said if "{" in said else ""

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
        tree = self.inline(tree)
        form = tree.get("form") if isinstance(tree, dict) else None
        if form == "on":
            return self.sp.trigger(tree)
        if _strip(t) == "effect" or form == "seq":
            if alone:
                return self.sp.effect(tree)
            self.clause = True
            return self.sp.clause(tree)
        return self.sp.value(tree)

    def inline(self, tree: Any, seen: frozenset[str] = frozenset()) -> Any:
        """``tree`` with each ``do this.F`` (the record running an effect field of its
        own) said as that field's text, so a part written once in its own field reads in
        place; a sequence inside a sequence is flattened (one sentence each)."""
        if isinstance(tree, list):
            return [self.inline(x, seen) for x in tree]
        if not isinstance(tree, dict):
            return tree
        target = tree.get("a") if tree.get("form") == "do" else None
        if isinstance(target, dict) and target.get("form") == "field" and \
                (target.get("of") or {}).get("var") == "this":
            name = str(target.get("f"))
            own = self.trees.get(name)
            if own is not None and name not in seen:
                return self.inline(own, seen | {name})
        out = {k: self.inline(v, seen) for k, v in tree.items()}
        if out.get("form") == "seq":
            flat: list[Any] = []
            for b in out.get("b") or []:
                flat.extend(b["b"] if isinstance(b, dict) and b.get("form") == "seq" else [b])
            out["b"] = flat
        return out

    def plain(self, field: str, value: Any, t: Any, form: str | None, article: str) -> str:
        """A field that is data, not a text of the language."""
        if isinstance(value, dict) and value.get("op") == "lit":
            value = value.get("v")
        if value is None or value == [] or value == "":
            return ""
        t = _strip(t)
        words = (self.section.get("values") or {}).get(field) or {}
        # {list:or}: "Re o Principe"; {list:or:the}: each item with its article, "il Re o
        # il Principe"
        conj = next((a for a in article.split("+") if a in ("or", "and")), "")
        article = next((a for a in article.split("+") if a not in ("or", "and")), "")
        if isinstance(t, list) and t[0] == "id":
            return self.sp.name(t[1], value, form, article)
        if isinstance(t, list) and t[0] == "list" and isinstance(value, list):
            return self.sp.listed([self.plain(field, v, t[1], form, article if conj else "")
                                   for v in value], conj)
        if t == "names" or isinstance(value, dict) and not isinstance(t, list):
            words_ = self.sp.pick(value)   # "tessera|tessere": agrees with a number
            return words_.split("|")[0 if form == "one" else -1]
        if isinstance(value, bool):
            key = "true" if value else "false"
            return self.sp.pick(words.get(key) or words.get(value)) if words.get(key) or \
                words.get(value) else str(self.sp.w[key])
        if str(value) in words:
            return self.sp.pick(words[str(value)])
        if field == "mod" and str(value) in self.sp.defs:  # what a modifier changes
            return modified(self.sp, str(value))
        if isinstance(value, dict):
            return ""
        return str(value)




def modified(sp: Speaker, did: str) -> str:
    """What a modifier of the modifiable definition ``did`` changes: its text, each
    parameter that is a record said as one of its kind ("the price of {c}": "the price of
    a card"; "of cards" when the kind has no ``name_one``); its id when it has no text."""
    d = sp.defs.get(did) or {}
    params = d.get("params") or {}

    def arg(name: str, form: str | None, article: str) -> tuple[str, Any]:
        t = params.get(name.split(".")[0])
        if not (isinstance(t, list) and t[:1] == ["id"] and len(t) == 2):
            return name, None
        decl = sp.kinds.get(t[1]) or {}
        if not decl.get("name_one"):
            return sp.kind_name(str(t[1])), None
        one = sp.kind_name(str(t[1]), "one")
        return sp.article(one, decl, False, "a") + one, None

    text = sp.pick(d.get("text"), "")
    return sp.fill(text, arg) if text else did
