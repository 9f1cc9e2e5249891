"""The core's value forms in words: comparisons, arithmetic, and/or/not, membership,
lists, fields (an event's own, ``{t.field}`` holes), filters and triggers (a mixin of
``compiler.sheets.speak.Speaker``, which gives the words, the records and ``value``)."""

from __future__ import annotations

from typing import Any

from compiler.sheets.grammar import (
    counted,
    guess_gender,
    italian_article,
    plural,
    plural_subject,
)

__all__ = ["VALUES", "Forms", "number_of"]

Tree = Any


class Forms:
    """The value forms of ``Speaker`` (see the module docstring)."""

    w: dict[str, Any]
    lang: str
    defs: dict[str, Any]
    units: dict[str, Any]
    leaks: set[str]
    events: dict[str, Any]
    ir: dict[str, Any]

    def value(self, tree: Tree, form: str | None = None) -> str:
        raise NotImplementedError

    def counts(self, tree: Tree) -> list[Tree]:
        raise NotImplementedError

    def listed(self, items: list[str], conj: str = "") -> str:
        raise NotImplementedError

    def each_of(self, terms: list[Tree]) -> str:
        raise NotImplementedError

    def pick(self, names: Any, default: str = "") -> str:
        raise NotImplementedError

    def name(self, kind: str | None, rid: Any, form: str | None = None,
             article: bool | str = False, gloss: bool = False) -> str:
        raise NotImplementedError

    def record(self, kind: str | None, rid: Any) -> dict[str, Any]:
        raise NotImplementedError

    def kind_of_state(self, entry: str) -> str | None:
        raise NotImplementedError

    def state_name(self, entry: str) -> str:
        raise NotImplementedError

    def joined(self, text: str) -> str:
        raise NotImplementedError

    def state_spec(self, entry: str) -> tuple[str, dict[str, Any]]:
        raise NotImplementedError

    def state_word(self, entry: str) -> str:
        """A state entry in words: its ``name``, else its id with spaces for "_" (a leak:
        the data should name it)."""
        named = self.state_name(entry)
        if not named:
            self.leaks.add(f"state entry {entry}")
        return named or entry.replace("_", " ")

    def state_the(self, entry: str) -> str:
        """A list of the state as a thing on the table: "the deck", "your hand" ("il
        mazzo", "la tua mano": the entry's ``gender``, else guessed from the ending)."""
        word = self.state_word(entry)
        scope, spec = self.state_spec(entry)
        given = spec.get("gender")
        gender = str((given.get(self.lang) if isinstance(given, dict) else None) or
                     guess_gender(word))
        if scope == "player":
            frame = self.w["possessive"]["the"]
            return str(frame.get(gender[:1], frame["m"])["one"]).format(x=word)
        if self.lang == "it":
            return italian_article(word, gender, False) + word
        return "the " + word if self.lang == "en" else word

    def fn_arg(self, tree: Tree) -> str:
        """An argument of a function: a list of the state with its article ("the first
        of the deck", "shuffle the deck"), anything else as a value."""
        if isinstance(tree, dict) and set(tree) == {"state"} and \
                str(self.state_spec(str(tree["state"]))[1].get("type", [""])[0]) == "list":
            return self.state_the(str(tree["state"]))
        return self.value(tree)

    def is_flag(self, entry: str) -> bool:
        """Whether ``entry`` is a yes/no state entry of each player ("passed", "out of
        the round"): said as what a player is."""
        scope, spec = self.state_spec(entry)
        return scope == "player" and spec.get("type") == "bool"

    def predicate(self, tree: Tree, var: str) -> str | None:
        """``var.flag`` or ``not var.flag`` said without its subject: "is out of the
        round", "is not out of the round"; None for anything else."""
        neg = isinstance(tree, dict) and tree.get("form") == "not"
        inner = tree.get("a") if neg else tree
        if not (isinstance(inner, dict) and inner.get("form") == "field" and
                inner.get("of") == {"var": var} and self.is_flag(str(inner["f"]))):
            return None
        return str(self.w["flag_not" if neg else "flag"]).format(
            f=self.state_word(str(inner["f"])))

    def loop_word(self, src: Tree) -> str:
        """What one item of a loop's source is called: a kind's singular, "player"."""
        if isinstance(src, dict) and "kind" in src:
            return self.kind_name(str(src["kind"]), "one")
        return str(self.w["player_one"]) if src == {"core": "players"} else self.value(src)

    def kind_name(self, kind: str, form: str | None = None) -> str:
        raise NotImplementedError

    def quantified(self, tree: Tree) -> str | None:
        """``any [not p.passed for each p in players]``: "at least one player is not out
        of the round" (``all``: "every player ..."); None when the list is not a flag of
        each item."""
        arg = (tree.get("a") or [None])[0]
        if tree.get("fn") not in ("any", "all") or not isinstance(arg, dict) or \
                arg.get("form") != "map":
            return None
        said = self.predicate(arg["e"], str(arg["v"]))
        return None if said is None else str(self.w[f"{tree['fn']}_who"]).format(
            v=self.loop_word(arg.get("src")), p=said)

    event = ""
    """The event whose filter is being said (its ``event.f`` fields), else ''."""

    def event_name(self, event: str) -> str:
        return self.pick((self.events.get(event) or {}).get("name"), event)

    def event_field(self, field: str) -> str:
        raise NotImplementedError

    def event_is_you(self, a: Tree, b: Tree) -> str | None:
        raise NotImplementedError

    def _literal(self, v: Any) -> str:
        if isinstance(v, bool):
            return str(self.w["true" if v else "false"])
        if v is None:
            return str(self.w["none"])
        if isinstance(v, list):
            sep = self.w["num_sep"] if all(isinstance(x, int) for x in v) else self.w["list_sep"]
            return sep.join(self._literal(x) for x in v)
        return str(v)

    def countable(self, tree: Tree) -> bool:
        """A count of things, whose text has a singular form ("3 tessere")."""
        return isinstance(tree, dict) and "def" in tree and \
            bool((self.defs.get(tree["def"]) or {}).get("text_one"))

    def unit(self, tree: Tree) -> str:
        """The unit of a value named by a record whose kind's sheet section gives one."""
        if not isinstance(tree, dict) or "val" not in tree:
            return ""
        kind = self.kind_of_state(tree.get("state", ""))
        field = self.units.get(kind or "")
        return self.pick(self.record(kind, tree["val"]).get(field)) if field else ""

    def agree(self, words: str, number: Any) -> str:
        """``"tessera|tessere"``: the form that agrees with ``number``."""
        forms = words.split("|")
        return forms[0] if plural(self.lang, number) == "one" else forms[-1]

    def condition(self, tree: Tree) -> str:
        """A condition said as a clause, after "if" or "when": a comparison takes its verb
        ("il suo costo stampato è almeno 20", "its printed cost is at least 20"), and so
        does each comparison it joins with and/or; anything else reads as a value."""
        if isinstance(tree, dict) and tree.get("form") == "cmp":
            return self._cmp(tree, clause=True)
        if isinstance(tree, dict) and tree.get("form") in ("and", "or"):
            return self.w[tree["form"]].join(self.condition(a) for a in tree["a"])
        return self.value(tree)

    def _cmp(self, tree: Tree, clause: bool = False) -> str:
        a, b, o = tree["a"], tree["b"], tree["o"]
        number = number_of(b)
        if number is not None and self.countable(a) and o in self.w["count_cmp"]:
            if o == ">" and number == 0:   # "more than 0 resources": "at least 1 resource"
                o, number, b = ">=", 1, {"lit": 1}
            said = self.value(a, plural(self.lang, number))
            text = self.w["count_cmp"][o].format(a=counted(self.lang, said), b=self.value(b))
            frames = self.w.get("count_clause") or {}
            if clause and frames:   # "se c'è almeno 1 risorsa", "if there are at least 2 tiles"
                verb = frames.get(plural(self.lang, number)) or frames["other"]
                return str(verb).format(x=text)
            return text
        mine = self.event_is_you(a, b) if o == "==" else None
        if mine is not None:
            return mine
        right = self.value(b)
        unit = self.unit(a) if number is not None else ""
        if unit:
            right = f"{right} {self.agree(unit, number)}"
        left = self.value(a)
        frames = self.w["cmp"]
        if clause and self.w["clause_the"] and isinstance(a, dict) and \
                ("rec" in a or "val" in a):   # "se l'ossigeno è ...", when its gender is known
            kind = a.get("kind") if "rec" in a else self.kind_of_state(a.get("state", ""))
            rid = a.get("rec", a.get("val"))
            gender = self.record(kind, rid).get("gender")
            if isinstance(gender, dict) and self.lang in gender:
                left = self.name(kind, rid, None, "the")
        if clause or self.subject(a, left):   # the verb agrees: "è"/"sono", "is"/"are"
            frames = self.w["cmp_clause"][plural_subject(self.lang, left)]
        return frames.get(o, "{a} " + o + " {b}").format(a=left, b=right)

    def subject(self, tree: Tree, said: str) -> bool:
        """Whether a compared value, worded ``said``, is a subject that takes its verb
        even as a label (a table cell): arithmetic, or a phrase of the data that starts
        with an article or a possessive ("la somma dei tuoi segnalini reddito è almeno
        30"); a record's name or a bare phrase stays a label ("NT almeno 35", "produzione
        di titanio almeno 1")."""
        if not isinstance(tree, dict) or not ("def" in tree or "fn" in tree or
                                              tree.get("form") == "arith"):
            return False
        first = said.strip().split(" ", 1)[0].lower()
        first = first.split("'", 1)[0] + "'" if "'" in first else first
        return tree.get("form") == "arith" or first in self.w.get("subject_start", ())

    def _arith(self, tree: Tree, form: str | None = None) -> str:
        """Arithmetic. In the singular of "per each {k:one}", a count divided by a number
        reads "per 2 microbe tags" and a count plus a number "per power tag, counting 1
        more"; elsewhere the operator's words."""
        a, b, o = tree["a"], tree["b"], tree["o"]
        m = number_of(b)
        if form == "one" and m is not None:
            if o == "/" and (self.countable(a) or _plus_number(a, self)):
                inner = self._arith(a, plural(self.lang, m)) if _plus_number(a, self) \
                    else self.value(a, plural(self.lang, m))
                return self.w["per_group"].format(n=m, a=inner)
            if o == "+" and self.countable(a):
                return self.w["counting_more"].format(a=self.value(a, "one"), n=m)
        if form == "other" and m is not None and o == "+" and self.countable(a):
            return self.w["counting_more"].format(a=self.value(a), n=m)
        terms = self.counts(tree)
        if len(terms) > 1 and form == "one":   # "per Earth tag and each space tag"
            return self.each_of(terms)
        if len(terms) > 1:   # "greenery tiles owned, city tiles owned and special tiles owned"
            return self.listed([self.value(t, form) for t in terms], "and")
        frames = self.w["arith"]
        return frames.get(o, "{a} " + o + " {b}").format(a=self.value(a), b=self.value(b))

    def _logic(self, tree: Tree) -> str:
        return self.w[tree["form"]].join(self.value(a) for a in tree["a"])

    def _not(self, tree: Tree) -> str:
        of = tree["a"].get("of") if isinstance(tree["a"], dict) else None
        said = self.predicate(tree, str(of["var"])) if isinstance(of, dict) and \
            "var" in of else None
        if said is not None:   # "the player is not out of the round"
            return f"{self.value(of)} {said}"
        return self.w[tree["form"]].format(a=self.value(tree["a"]))

    def _member(self, tree: Tree) -> str:
        """``X in E``: "X among E"; "la tua corporazione è la Repubblica di Tharsis" when E
        is a player's entry named as one of X's kind (Terraforming Mars's ``corporation``)."""
        key = "notin" if tree.get("neg") else "in"
        a, b = tree["a"], tree["b"]
        entry = str(b.get("state")) if isinstance(b, dict) and set(b) == {"state"} else ""
        kind = str(a.get("kind")) if isinstance(a, dict) and "rec" in a else ""
        scope, spec = self.state_spec(entry)
        if entry and kind and scope == "player" and spec.get("type") == ["list", ["id", kind]] \
                and self.state_word(entry) == self.kind_name(kind, "one"):
            said = self.name(kind, a["rec"])   # its gender, else its name's: "la Repubblica"
            g = (self.record(kind, a["rec"]).get("gender") or {}).get(self.lang)
            said = italian_article(said, g or guess_gender(said), False) + said \
                if self.lang == "it" else said
            return self.w[key + "_one"].format(a=said, b=self.state_the(entry))
        return self.w[key].format(a=self.value(a), b=self.value(b))

    def _list(self, tree: Tree) -> str:
        items = [self.value(a) for a in tree.get("a") or []]
        return self.w["list_sep"].join(items) if items else str(self.w["none"])

    def _field(self, tree: Tree) -> str:
        """``a.f``: "a → name of f" when f is a record's id, else the field's own name
        (which no data names yet: a leak, see ``leaks``)."""
        field = str(tree["f"])
        of = tree["of"]
        if of == {"var": "event"}:   # "the player who played it", "its by"
            return self.event_field(field)
        if isinstance(of, dict) and "var" in of and self.state_spec(field)[0] == "player":
            said = self.predicate(tree, str(of["var"]))   # "the player is out of the round"
            return f"{self.value(of)} {said}" if said is not None else \
                str(self.w["field_of"]).format(f=self.state_word(field), x=self.value(of))
        if self.record(None, field) and isinstance(of, dict) and "state" in of and \
                len(of) == 1 and self.state_name(str(of["state"])):
            # a named state entry's key: "batterie nella riserva", "batteries in the supply"
            entry = self.state_name(str(of["state"]))
            the = italian_article(entry, guess_gender(entry), False) if self.lang == "it" \
                else "the " if self.lang == "en" else ""
            frame = str(self.w.get("key_in") or "{a} → {f}")
            return self.joined(frame.format(f=self.name(None, field), a=the + entry))
        if self.record(None, field):
            return f"{self.value(tree['of'])} → {self.name(None, field)}"
        self.leaks.add(f"field {field}")
        return f"{self.value(tree['of'])} → {field}"

    def hole(self, args: dict[str, Any], name: str) -> Tree:
        """The tree a hole says: its argument; for ``{t.field}``, the text tree of that
        field of the record the argument names ("place {t:a} tile[ and {t.effect}]": the
        tile's own effect), None (no text: its ``[part]`` is left out) when the argument
        is no record or the record has no such field."""
        base, _, field = name.partition(".")
        arg = args.get(base)
        if not field:
            return arg
        if not (isinstance(arg, dict) and "rec" in arg):
            return None
        trees = ((self.ir.get("texts") or {}).get("records") or {}).get(arg.get("kind")) or {}
        return (trees.get(arg["rec"]) or {}).get(field)

    def _filter(self, tree: Tree) -> str:
        if "w" not in tree:
            return self.value(tree["src"])
        return self.w["filter"].format(src=self.value(tree["src"]), w=self.value(tree["w"]))

    def _map(self, tree: Tree) -> str:
        word = self.loop_word(tree.get("src"))
        loop: dict[str, str] = getattr(self, "loop", {})
        loop[tree["v"]] = word
        try:
            return self.w["map"].format(e=self.value(tree["e"]), v=word)
        finally:
            loop.pop(tree["v"], None)

    def _obj(self, tree: Tree) -> str:
        return self.w["list_sep"].join(f"{k}: {self.value(v)}"
                                       for k, v in zip(tree["k"], tree["a"], strict=False))

    def trigger(self, tree: Tree) -> str:
        """A trigger: "quando <event>[, se <filter>]"."""
        if not isinstance(tree, dict):
            return ""
        ev = self.event_name(tree.get("ev", ""))
        if "w" not in tree:
            return self.w["trigger"].format(ev=ev)
        was, self.event = self.event, str(tree.get("ev", ""))
        try:   # the filter's ``event.f`` are this event's fields
            return self.w["trigger_where"].format(ev=ev, w=self.condition(tree["w"]))
        finally:
            self.event = was



def _plus_number(tree: Tree, forms: Forms) -> bool:
    """``count + 1``: a count of things plus a number."""
    return isinstance(tree, dict) and tree.get("form") == "arith" and tree.get("o") == "+" \
        and forms.countable(tree["a"]) and number_of(tree["b"]) is not None


def number_of(tree: Tree) -> int | None:
    if isinstance(tree, dict) and tree.get("form") == "neg":
        inner = number_of(tree.get("a"))
        return -inner if inner is not None else None
    if isinstance(tree, dict):
        v = tree.get("lit", tree.get("v")) if ("lit" in tree or "const" in tree) else None
        if isinstance(v, int) and not isinstance(v, bool):
            return v
    return None


VALUES: dict[str, Any] = {
    "cmp": Forms._cmp, "arith": Forms._arith, "and": Forms._logic,
    "or": Forms._logic, "not": Forms._not, "neg": Forms._not, "in": Forms._member,
    "list": Forms._list, "field": Forms._field, "filter": Forms._filter,
    "map": Forms._map, "obj": Forms._obj, "on": Forms.trigger,
}
