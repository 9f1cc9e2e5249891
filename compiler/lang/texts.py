"""Text trees: what a text of the rules wrote, as the resolver understood it.

The sheets and ``rulesc explain`` write rule text from the same parse as the engine.
While a text field is resolved (``compiler.lang.fields``), the resolver notes two kinds
of decisions (``Notes``): which definition each phrase matched, with the items that fill
each hole (``phrases.phrase``), and what each bare name turned out to be
(``expr._name``). Only the surface of the text is noted, not the bodies of the
definitions it uses. Right after the field is resolved, its syntax tree and these notes
become a *text tree*, plain JSON data that the kernel never reads:

==================================================  ====================================
node                                                meaning
==================================================  ====================================
``{"def": ID, "args": {hole: tree}}``               a use of the game's definition ID
``{"fn": F, "a": [tree]}``                          a core phrase (count, sum, max, ...)
``{"lit": V}``                                      a number, text, true/false or none
``{"rec": ID, "kind": K}``                          a record's id
``{"val": ID, "kind": K, "state": E}``              a state value named by a record
                                                    (``heat``: the acting player's heat)
``{"const": NAME, "v": V}``                         a constant of the game
``{"state": NAME}`` (``"of": tree``)                a state entry (of another player)
``{"var": NAME}`` (``"kind": K``)                   a local, ``you``, ``this``, ``event``
``{"kind": K}``                                     every record of kind K
``{"core": NAME}``                                  players, player_count, round, ...
``{"form": OP, ...}``                               a core form; OP and its keys follow
                                                    ``compiler.lang.syntax`` (seq ``b``;
                                                    if ``c t e``; for ``v src w b``; ...)
``{"form": "on", "ev": EVENT, "w": tree}``          a trigger
==================================================  ====================================

``compile_core`` puts the trees in ``ir["texts"]`` (``table``), with what the sheets need
besides: ``records`` {kind: {id: {"field.path": tree}}}, ``flow`` {"setup.0.do": tree},
``defs`` {id: {text, text_one, text_inf, params}}, ``kinds`` {kind: {name, name_one, fields}} and
``events`` {id: {name, words}}. Code generation leaves ``texts`` out of the engine.
"""

from __future__ import annotations

from typing import Any

from compiler.lang.marks import record_marks
from compiler.lang.syntax import Syn

__all__ = ["Notes", "table"]

Tree = dict[str, Any]


class Notes:
    """Decisions of the resolver on the text being resolved, and the finished trees."""

    def __init__(self) -> None:
        self.on = False
        self.phrases: dict[tuple[int, int], tuple[Syn, Any, dict[str, tuple[int, int]]]] = {}
        self.names: dict[int, tuple[Syn, dict[str, Any], Any]] = {}
        self.reads: dict[int, tuple[Syn, Syn]] = {}
        self.trees: dict[tuple[str, tuple[Any, ...]], Tree] = {}

    def start(self) -> None:
        """A new text field: forget the notes of the last one."""
        self.phrases.clear()
        self.names.clear()
        self.reads.clear()
        self.on = True

    def phrase(self, items: list[Syn], d: Any, spans: dict[str, tuple[int, int]]) -> None:
        """``items`` matched definition (or core phrase) ``d``; hole -> (start, end)."""
        if self.on and items:
            self.phrases[(id(items[0]), len(items))] = (items[0], d, dict(spans))

    def read_as(self, syn: Syn, other: Syn) -> None:
        """The resolver read ``syn`` as ``other`` (``temperature at least -24``, parsed
        as a subtraction, is the phrase with the number -24): the text is ``other``'s."""
        if self.on:
            self.reads[id(syn)] = (syn, other)

    def name(self, syn: Syn, ir: dict[str, Any], t: Any) -> None:
        """Bare name ``syn`` resolved to ``ir`` of type ``t``."""
        if self.on:
            self.names[id(syn)] = (syn, ir, t)

    def keep(self, doc_path: str, path: tuple[Any, ...], syn: Syn | None,
             trigger: bool = False) -> None:
        """The tree of the text just resolved at ``path`` of ``doc_path``."""
        if syn is not None:
            tree = self._trigger(syn) if trigger else self.tree(syn)
            self.trees[(doc_path, tuple(path))] = tree
        self.on = False
        self.phrases.clear()
        self.names.clear()
        self.reads.clear()

    # ---- building ---------------------------------------------------------------------

    def _trigger(self, syn: Syn) -> Tree:
        out: Tree = {"form": "on", "ev": syn.kids[0]}
        if syn.kids[1] is not None:
            out["w"] = self.tree(syn.kids[1])
        return out

    def tree(self, syn: Any) -> Any:
        """The text tree of syntax node ``syn``."""
        if not isinstance(syn, Syn):
            return syn
        read = self.reads.get(id(syn))
        if read is not None:
            return self.tree(read[1])
        if syn.op == "app":
            return self.items(list(syn.kids))
        if syn.op == "name":
            return self.items([syn])
        if syn.op in ("int", "str"):
            return {"lit": syn.kids[0]}
        if syn.op in ("true", "false", "none"):
            return {"lit": {"true": True, "false": False, "none": None}[syn.op]}
        if syn.op == "group":
            inner = syn.kids[0]
            return self.tree(inner.kids[0] if inner.op == "seq" and len(inner.kids) == 1
                             else inner)
        return _FORMS.get(syn.op, _generic)(self, syn)

    def items(self, items: list[Syn]) -> Any:
        """Words side by side: a phrase the resolver matched, or one item."""
        noted = self.phrases.get((id(items[0]), len(items))) if items else None
        if noted is not None:
            _, d, spans = noted
            params = dict(d.params)
            args = {hole: self.items(items[a:b]) for hole, (a, b) in spans.items()}
            for hole, arg in args.items():
                if params.get(hole) == "kind" and "lit" in arg:
                    args[hole] = {"kind": arg["lit"]}
            fn = getattr(d, "fn", None)
            if fn is not None and not hasattr(d, "record"):
                return {"fn": fn, "a": [args[p.name] for p in d.parts
                                        if not isinstance(p, str)]}
            return {"def": d.id, "args": args}
        if len(items) == 1:
            syn = items[0]
            if syn.op == "name":
                return self._name(syn)
            return self.tree(syn)
        return {"form": "words", "a": [self.tree(i) for i in items]}

    def _name(self, syn: Syn) -> Tree:
        noted = self.names.get(id(syn))
        word = str(syn.kids[0])
        if noted is None:
            return {"lit": word}
        _, ir, t = noted
        return _from_ir(word, ir, t)


def _from_ir(word: str, ir: dict[str, Any], t: Any) -> Tree:
    op = ir.get("op")
    kind = t[1] if isinstance(t, tuple) and len(t) == 2 and t[0] == "id" else None
    if op == "lit":
        if kind is not None:
            return {"rec": ir["v"], "kind": kind}
        return {"const": word, "v": ir["v"]} if ir["v"] != word else {"lit": word}
    if op == "var":
        out: Tree = {"var": word}
        if kind is not None:
            out["kind"] = kind
        return out
    if op == "st":
        return {"state": ir["k"]}
    if op == "key" and ir["of"].get("op") == "st" and ir["k"].get("op") == "lit":
        return {"val": ir["k"]["v"], "state": ir["of"]["k"]}
    if op == "ids":
        return {"kind": ir["kind"]}
    if op == "core":
        return {"core": ir["n"]}
    return {"lit": word}


def _generic(notes: Notes, syn: Syn) -> Tree:
    return {"form": syn.op, "a": [notes.tree(k) for k in syn.kids]}


def _seq(notes: Notes, syn: Syn) -> Tree:
    return {"form": "seq", "b": [notes.tree(k) for k in syn.kids]}


def _if(notes: Notes, syn: Syn) -> Tree:
    c, t, e = syn.kids
    out: Tree = {"form": "if", "c": notes.tree(c), "t": notes.tree(t)}
    if e is not None:
        out["e"] = notes.tree(e)
    return out


def _for(notes: Notes, syn: Syn) -> Tree:
    v, src, w, b = syn.kids
    out: Tree = {"form": "for", "v": v, "src": notes.tree(src), "b": notes.tree(b)}
    if w is not None:
        out["w"] = notes.tree(w)
    return out


def _loop(notes: Notes, syn: Syn) -> Tree:
    key = "n" if syn.op == "repeat" else "c"
    return {"form": syn.op, key: notes.tree(syn.kids[0]), "b": notes.tree(syn.kids[1])}


def _choose(notes: Notes, syn: Syn) -> Tree:
    count, up_to, kind, alts = syn.kids
    out: Tree = {"form": "choose", "alts": [notes.tree(a.kids[0]) for a in alts]}
    if count is not None:
        out["n"] = notes.tree(count)
        out["upto"] = bool(up_to)
    if kind:
        out["kind"] = kind
    return out


def _binary(notes: Notes, syn: Syn) -> Tree:
    o, a, b = syn.kids
    return {"form": syn.op, "o": o, "a": notes.tree(a), "b": notes.tree(b)}


def _logic(notes: Notes, syn: Syn) -> Tree:
    flat: list[Any] = []
    for k in syn.kids:
        sub = notes.tree(k)
        flat += sub["a"] if isinstance(sub, dict) and sub.get("form") == syn.op else [sub]
    return {"form": syn.op, "a": flat}


def _assign(notes: Notes, syn: Syn) -> Tree:
    t, o, e = syn.kids
    return {"form": "assign", "t": notes.tree(t), "o": o, "e": notes.tree(e)}


def _field(notes: Notes, syn: Syn) -> Tree:
    of, name = syn.kids
    if of.op == "name" and id(of) not in notes.names:   # kind.id
        return {"rec": name, "kind": of.kids[0]}
    return {"form": "field", "of": notes.tree(of), "f": name}


def _member(notes: Notes, syn: Syn) -> Tree:
    return {"form": "in", "a": notes.tree(syn.kids[0]), "b": notes.tree(syn.kids[1]),
            "neg": syn.op == "notin"}


def _let(notes: Notes, syn: Syn) -> Tree:
    out: Tree = {"form": syn.op, "v": syn.kids[0], "e": notes.tree(syn.kids[1])}
    if syn.op == "with":
        out["b"] = notes.tree(syn.kids[2])
    return out


def _one(notes: Notes, syn: Syn) -> Tree:
    return {"form": syn.op, "a": notes.tree(syn.kids[0]) if syn.kids else None}


def _emit(notes: Notes, syn: Syn) -> Tree:
    return {"form": "emit", "ev": syn.kids[0]}


def _filter(notes: Notes, syn: Syn) -> Tree:
    v, src, w = syn.kids
    out: Tree = {"form": "filter", "v": v, "src": notes.tree(src)}
    if w is not None:
        out["w"] = notes.tree(w)
    return out


def _map(notes: Notes, syn: Syn) -> Tree:
    e, v, src, w = syn.kids
    out: Tree = {"form": "map", "e": notes.tree(e), "v": v, "src": notes.tree(src)}
    if w is not None:
        out["w"] = notes.tree(w)
    return out


def _obj(notes: Notes, syn: Syn) -> Tree:
    keys, values = syn.kids
    return {"form": "obj", "k": list(keys), "a": [notes.tree(v) for v in values]}


_FORMS: dict[str, Any] = {
    "seq": _seq, "if": _if, "for": _for, "repeat": _loop, "while": _loop,
    "choose": _choose, "cmp": _binary, "arith": _binary, "and": _logic, "or": _logic,
    "assign": _assign, "field": _field, "in": _member, "notin": _member, "let": _let,
    "with": _let, "require": _one, "do": _one, "not": _one, "neg": _one, "skip": _one,
    "stop": _one, "emit": _emit, "filter": _filter, "map": _map, "obj": _obj,
}


# ---- the table in the IR ----------------------------------------------------------------

def table(notes: Notes, decls: Any, docs: list[Any]) -> dict[str, Any]:
    """``ir["texts"]``: the trees by record and flow path, and the words around them."""
    owners = {(r.doc.path, tuple(r.path)): (kind, rid)
              for kind, recs in decls.records.items() for rid, r in recs.items()}
    flow = decls.singles.get("flow")
    records: dict[str, dict[str, dict[str, Tree]]] = {}
    flow_trees: dict[str, Tree] = {}
    for (doc_path, path), tree in notes.trees.items():
        owner = owners.get((doc_path, tuple(path[:2])))
        if owner is not None:
            kind, rid = owner
            key = ".".join(str(p) for p in path[2:])
            records.setdefault(kind, {}).setdefault(rid, {})[key] = tree
        elif flow is not None and doc_path == flow.path:
            flow_trees[".".join(str(p) for p in path)] = tree
    defs = {d.id: {"text": d.record.get("text") or {}, "text_one": d.record.get("text_one"),
                   "text_inf": d.record.get("text_inf"),
                   "gender": d.record.get("gender"),
                   "on_sheets": d.record.get("on_sheets", True),
                   "params": {p: _plain(t) for p, t in d.params.items()}}
            for d in decls.definitions}
    kinds: dict[str, Any] = {}
    events: dict[str, Any] = {}
    for doc in docs:
        for rec in (doc.data.get("records") or []) if isinstance(doc.data, dict) else []:
            if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
                continue
            if doc.kind == "kinds" and rec["id"] in decls.kinds:
                kinds[rec["id"]] = {"name": rec.get("name"), "name_one": rec.get("name_one"),
                                    "fields": {f: _plain(t) for f, t in
                                               decls.kinds[rec["id"]].fields.items()}}
            elif doc.kind == "events":
                events[rec["id"]] = {"name": rec.get("name"), "words": rec.get("words")}
    provisional = record_marks(decls)
    return {"records": records, "flow": flow_trees, "defs": defs, "kinds": kinds,
            "events": events, "provisional": {k: v for k, v in provisional.items() if v}}


def _plain(t: Any) -> Any:
    if isinstance(t, tuple):
        return [_plain(x) for x in t]
    return t
