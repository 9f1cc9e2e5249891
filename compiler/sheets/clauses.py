"""Statements of a core game's text trees as clauses and sentences (``Speaker``'s part).

``Clauses`` says a statement tree: ``effect`` as sentences ("Guadagna 2 piante. Pesca 1
carta."), ``clause`` as one clause (statements joined by "and"), and the core forms
``choose``, ``if``, ``for``, ``repeat``/``while``, ``require``, ``let`` and assignments in
the words of ``compiler.sheets.words``; a use of a definition is the definition's own
text (``Speaker.use``). The value forms are ``compiler.sheets.forms``.
"""

from __future__ import annotations

from typing import Any

from compiler.sheets.forms import Forms, number_of
from compiler.sheets.grammar import guess_gender, italian_article

__all__ = ["STATEMENTS", "Clauses", "lower_first", "sentence", "upper_first"]

Tree = Any


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def lower_first(text: str) -> str:
    if len(text) > 1 and text[1].isupper():   # an acronym: "NT", "M€"
        return text
    return text[:1].lower() + text[1:] if text else text


def sentence(text: str) -> str:
    """``text`` with a capital letter and a full stop."""
    text = text.strip()
    if not text:
        return ""
    return upper_first(text) + ("" if text[-1] in ".!?:" else ".")


class Clauses(Forms):
    """The statement forms of ``Speaker`` (see the module docstring)."""

    kinds: dict[str, Any]
    loop: dict[str, str]
    """Loop variables in scope and the words that name them ("tessera Città")."""
    after_colon = False
    """The next statement said follows a colon of the text around it ("{on}: {effect}"):
    its own ``if``/``for`` takes a comma ("...: per ogni X, puoi ...")."""

    def event_field(self, field: str) -> str:
        """``event.f``: the field's words in events.yaml (``words: {by: {en: "the player
        who played it"}}``) of the event being filtered, or, outside a filter, the words
        every event with words for ``f`` agrees on; else "its f" ("il suo f"), the field's
        name, underscores as spaces, after the event's name ("When a card is played, if
        its by is you"): a data name, kept in ``leaks``."""
        events = [self.event] if self.event else list(self.events)
        said = {self.pick(w) for e in events
                if (w := ((self.events.get(e) or {}).get("words") or {}).get(field))}
        if len(said) == 1:
            return said.pop()
        self.leaks.add(f"field {field}")
        return str(self.w["event_field"]).format(f=field.replace("_", " "))

    def event_is_you(self, a: Tree, b: Tree) -> str | None:
        """``event.f == you`` of a field with no words: "it is by you" for a field named
        by a preposition (``by``), else "you are its f" ("se è opera tua", "se sei tu il
        suo f"); None when the field has words (``event_field`` says them) or it is not
        that comparison."""
        if not (isinstance(a, dict) and a.get("of") == {"var": "event"} and "f" in a
                and b == {"var": "you"}):
            return None
        field = str(a["f"])
        events = [self.event] if self.event else list(self.events)
        if any(((self.events.get(e) or {}).get("words") or {}).get(field) for e in events):
            return None
        frames = self.w["event_is_you"]
        if field not in frames:
            self.leaks.add(f"field {field}")
        return str(frames.get(field, frames[""])).format(f=field.replace("_", " "))

    def use(self, tree: Tree, form: str | None = None) -> str:
        raise NotImplementedError

    def frame(self, key: str) -> Any:
        raise NotImplementedError

    def kind_name(self, kind: str, form: str | None = None) -> str:
        raise NotImplementedError

    def _kind_var(self, tree: Tree) -> bool:
        """A parameter or name that stands for one record of a kind and is said by the
        kind's singular name (``card`` in a modifier's ``where``: "carta Progetto")."""
        var = tree.get("var")
        return bool(var) and bool(tree.get("kind")) and var not in self.loop \
            and var not in self.w["var"]

    def _kind_article(self, kind: str, text: str) -> str:
        """The definite article before a kind's singular name: the kind's ``gender`` in
        kinds.yaml, else guessed from the name's first word."""
        decl = self.kinds.get(kind) or {}
        gender = decl.get("gender")
        given = gender.get(self.lang) if isinstance(gender, dict) else None
        if self.lang == "it":
            word = text.split(" ", 1)[0]
            return italian_article(text, str(given or guess_gender(word)), False)
        return "the " if self.lang == "en" else ""


    def effect(self, tree: Tree) -> str:
        """An effect as sentences: "Guadagna 2 piante. Pesca 1 carta."."""
        if tree is None:
            return ""
        parts = tree["b"] if isinstance(tree, dict) and tree.get("form") == "seq" else [tree]
        return " ".join(sentence(s) for s in self.again([self.clause(p) for p in parts]))

    def again(self, said: list[str]) -> list[str]:
        """``said`` without its empty clauses, a run of equal ones said once with its
        count: Lake Marineris's two oceans read "Place an ocean tile (...), twice.", not
        the sentence twice."""
        runs: list[list[Any]] = []
        for text in (s for s in said if s.strip()):
            if runs and runs[-1][0] == text:
                runs[-1][1] += 1
            else:
                runs.append([text, 1])
        frames = self.w["again"]
        return [text if n == 1 else str(frames.get(str(n), frames["other"])).format(b=text, n=n)
                for text, n in runs]

    def clause(self, tree: Tree) -> str:
        """A statement (or several, joined by "and") as one clause, no full stop."""
        if not isinstance(tree, dict):
            return "" if tree is None else str(tree)
        form = tree.get("form")
        if form == "seq" and len(tree["b"]) == 1:
            return self.clause(tree["b"][0])
        if form not in ("if", "for", "repeat"):
            self.after_colon = False
        if form == "seq":
            return self.w["and"].join(self.again([self.clause(b) for b in tree["b"]]))
        if "def" in tree:
            return self.use(tree)
        if "fn" in tree and tree["fn"] == "shuffle":
            return self.w["shuffle"].format(self.fn_arg(tree["a"][0]))
        handler = STATEMENTS.get(str(form))
        if handler is not None:
            return str(handler(self, tree))
        return self.value(tree)

    def _choose(self, tree: Tree) -> str:
        alts = self.w["alt_sep"].join(self.clause(a) for a in tree["alts"])
        if "n" not in tree:
            return self.frame("choose").format(alts=alts)
        key = "choose_upto" if tree.get("upto") else "choose_n"
        return self.frame(key).format(n=self.value(tree["n"]), alts=alts)

    def _if(self, tree: Tree) -> str:
        if "e" in tree:
            self.after_colon = False
        if "e" in tree and number_of(tree["e"]) == 0 and number_of(tree["t"]) is not None:
            # a value that is a number or nothing: "3 se c'è almeno 1 risorsa su questa carta"
            return self.w["if_else_zero"].format(c=self.condition(tree["c"]),
                                                 t=self.value(tree["t"]))
        if "e" in tree:
            return self.w["if_else"].format(c=self.condition(tree["c"]),
                                            t=self.clause(tree["t"]), e=self.clause(tree["e"]))
        conds, body = [tree["c"]], tree["t"]
        while _plain_if(body):   # "se A: se B: t" reads "se A e B: t"
            conds.append(body["c"])
            body = body["t"]
        key = self._then("if", body)
        c = self.w["and"].join(self.condition(x) for x in conds)
        return self.w[key].format(c=c, t=self.clause(body))

    def _then(self, key: str, body: Tree) -> str:
        """``key``'s frame, or its ``_then`` form ("se A, per ogni B: ...") when the body
        has a colon of its own or the text around puts one before it (``after_colon``):
        nested forms never stack colons."""
        lead, self.after_colon = self.after_colon, False
        nested = isinstance(body, dict) and body.get("form") in _COLON
        return f"{key}_then" if (lead or nested) and f"{key}_then" in self.w else key

    def _for(self, tree: Tree) -> str:
        word = self.loop_word(tree.get("src") or {})
        key = self._then("for", tree["b"])
        self.loop[tree["v"]] = word
        try:
            who = self.predicate(tree["w"], tree["v"]) if "w" in tree else None
            body = self.clause(tree["b"])
            if who is not None:   # "for each player who is not out of the round: ..."
                return self.w["for_who"].format(v=word, p=who, b=body)
            if "w" in tree:
                return self.w["for_where"].format(v=word, w=self.value(tree["w"]), b=body)
            return self.w[key].format(v=word, b=body)
        finally:
            self.loop.pop(tree["v"], None)

    def counts(self, tree: Tree) -> list[Tree]:
        """The counts of things a value adds up (``its tags plant + its tags microbe``:
        two counts), or [] when it is not such a sum."""
        if self.countable(tree):
            return [tree]
        if isinstance(tree, dict) and tree.get("form") == "arith" and tree.get("o") == "+":
            a, b = self.counts(tree["a"]), self.counts(tree["b"])
            return a + b if a and b else []
        return []

    def each_of(self, terms: list[Tree]) -> str:
        """"indicatore pianta, ogni indicatore microbo e ogni indicatore animale": the
        singular of each count, for "per ogni ..."."""
        said = [self.value(t, "one") for t in terms]
        if len(said) == 1:
            return said[0]
        return self.w["each_sep"].join(said[:-1]) + self.w["each_last"] + said[-1]

    def _loop(self, tree: Tree) -> str:
        if tree["form"] == "repeat":
            terms = self.counts(tree["n"])
            if terms:   # "repeat (its tags science)": once for each of them
                key = self._then("for", tree["b"])
                return self.w[key].format(v=self.each_of(terms), b=self.clause(tree["b"]))
            self.after_colon = False
            return self.w["repeat"].format(n=self.value(tree["n"]), b=self.clause(tree["b"]))
        key = "while_then" if isinstance(tree["b"], dict) and \
            tree["b"].get("form") in _COLON else "while"   # never two colons in a row
        return self.w[key].format(c=self.condition(tree["c"]), b=self.clause(tree["b"]))

    def _assign(self, tree: Tree) -> str:
        t, e = tree["t"], tree["e"]
        entry = str(t.get("state", "")) if isinstance(t, dict) and set(t) == {"state"} else ""
        if entry and self.is_flag(entry) and isinstance(e, dict) and \
                isinstance(e.get("lit"), bool) and tree["o"] == "=":
            # "you are out of the round", "you are no longer out of the round"
            key = "flag_set" if e["lit"] else "flag_unset"
            return self.w[key].format(f=self.state_word(entry))
        if entry and tree["o"] in ("+=", "-=") and \
                str(self.state_spec(entry)[1].get("type", [""])[0]) == "list":
            frame = self.w["assign_list"][tree["o"]]   # "add ... to the deck"
            return self.joined(frame.format(t=self.state_the(entry), e=self.value(e)))
        frames = self.w["assign"]
        return frames.get(tree["o"], frames["="]).format(t=self.value(tree["t"]),
                                                          e=self.value(tree["e"]))


def _plain_if(tree: Tree) -> bool:
    """An ``if`` with no ``else`` (a statement, not a value)."""
    return isinstance(tree, dict) and tree.get("form") == "if" and "e" not in tree


def _said(s: Clauses, cond: Tree) -> bool:
    """A ``require``'s condition is said unless it is a use of a definition marked
    ``on_sheets: false`` (a rule the printed card leaves unsaid, docs/sheets.md)."""
    d = s.defs.get(str(cond.get("def"))) if isinstance(cond, dict) else None
    return not (isinstance(d, dict) and d.get("on_sheets") is False)


_COLON = ("choose", "if", "for", "repeat")
"""The forms said with a colon of their own ("scegli una: ...", "per ogni X: ...")."""


STATEMENTS: dict[str, Any] = {
    "choose": Clauses._choose, "if": Clauses._if, "for": Clauses._for,
    "repeat": Clauses._loop, "while": Clauses._loop, "assign": Clauses._assign,
    "require": lambda s, t: s.w["require"].format(c=s.condition(t["a"]))
    if _said(s, t["a"]) else "",
    "do": lambda s, t: s.value(t["a"]), "skip": lambda s, t: s.w["skip"],
    "stop": lambda s, t: s.w["stop"], "emit": lambda s, t: "",
    "let": lambda s, t: s.w["let"].format(v=t["v"], e=s.value(t["e"])),
    "with": lambda s, t: s.clause(t["b"]),
}
