"""Rule text of a core game, from its text trees (``compiler.lang.texts``).

``Speaker(ir, lang)`` turns a text tree into words: a use of a definition is that
definition's ``text`` in the language, each ``{hole}`` filled by its argument's own text,
recursively; a core form gets its words from ``compiler.sheets.words``.

Grammar, all driven by the data (docs/sheets.md, "Grammar, in the data"): ``name`` and
``name_one``, ``text`` and ``text_one``; a hole right after a number agrees with it (CLDR
plural rules, through Babel); ``{x:one}``, ``{x:the}``, ``{x:a}``, ``{l:or}``,
``{l:or:the}``, ``{n|carta|carte}``; numbers are digits; a statement on its own is a
sentence (capital letter, full stop).
"""

from __future__ import annotations

import re
from typing import Any

from compiler.sheets.clauses import STATEMENTS as _STATEMENTS
from compiler.sheets.clauses import Clauses, lower_first, sentence, upper_first
from compiler.sheets.forms import VALUES, number_of
from compiler.sheets.grammar import (
    HOLE_STYLES,
    NUMBER_BEFORE,
    italian_article,
    italian_indefinite,
    join_articles,
    parse_template,
    plural,
    round_forms,
    symbol_before,
)
from compiler.sheets.words import words

__all__ = ["Speaker", "lower_first", "sentence", "upper_first"]

Tree = Any
_GLOSS = re.compile(r"\s*\([^()]*\)\s*$")


class Speaker(Clauses):
    """Words for the text trees of one compiled core game, in one language."""

    def __init__(self, ir: dict[str, Any], lang: str, audience: str = "designer") -> None:
        self.ir = ir
        self.lang = lang
        self.player = audience == "player"
        """A player's sheet: no ids, no sources, no data; nameless records left out."""
        self.leaks: set[str] = set()
        """What the text had to show by its data name (no words for it in the data)."""
        self.foreign: set[str] = set()
        """The names said in another language, for want of a form in this one (a page
        that shows one carries the ``names_note``)."""
        self.w = words(lang)
        texts = ir.get("texts") or {}
        self.defs: dict[str, Any] = texts.get("defs") or {}
        self.kinds: dict[str, Any] = texts.get("kinds") or {}
        self.events: dict[str, Any] = texts.get("events") or {}
        self.records: dict[str, Any] = ir.get("records") or {}
        game = ir.get("game") or {}
        self.book = str(game.get("language") or "en")
        sheet = game.get("sheet") or {}
        self.units = {s["kind"]: s["unit"] for s in sheet.get("sections") or []
                      if isinstance(s, dict) and s.get("unit")}
        rnd = ((ir.get("flow") or {}).get("round") or {}).get("name")
        self.round = self.pick(rnd) if rnd else str(self.w["round_word"])
        gender = ((ir.get("flow") or {}).get("round") or {}).get("gender")
        self.rounds = {"round": self.round, **round_forms(
            lang, self.round, gender.get(lang) if isinstance(gender, dict) else None)}
        """The round's name with its articles ("la generazione", "dell'anno")."""
        unit = game.get("score_unit")
        self.score_unit = self.pick(unit) if unit else ""
        """What the final count counts (VP, $), when the game names it."""
        self.first = {self.pick(r.get(k)) for t in self.records.values()
                      if isinstance(t, dict) for r in t.values()
                      if isinstance(r, dict) and r.get("symbol_first") is True
                      for k in ("name", "name_one") if r.get(k)}
        """The names written before their number ("$30"): records with ``symbol_first``."""
        self.loop: dict[str, str] = {}
        self.mood = ""
        """"inf" while an effect is said in the infinitive ("puoi {e:inf}": "puoi
        costruire ..."): a definition says its ``text_inf``, a choice its ``_inf`` words."""

    # ---- names --------------------------------------------------------------------

    def pick(self, names: Any, default: str = "") -> str:
        """``names`` ({lang: text} or a text) in this language, else the rulebook's,
        else English, else any."""
        if isinstance(names, str):
            return names
        if isinstance(names, dict) and names:
            for key in (self.lang, self.book, "en"):
                if isinstance(names.get(key), str):
                    return str(names[key])
            return str(next(iter(names.values())))
        return default

    def named(self, kind: str | None, rid: Any) -> bool:
        """Whether the record has a name a player can read (a ``name`` in any language)."""
        return bool(self.record(kind, rid).get("name"))

    def kind_named(self, kind: str) -> bool:
        """Whether the kind has a name of its own in ``kinds.yaml``."""
        return bool((self.kinds.get(kind) or {}).get("name"))

    def has_lang(self, names: Any) -> bool:
        """Whether ``names`` has a form in this language (a plain text is taken as one)."""
        return isinstance(names, str) or isinstance(names, dict) and self.lang in names

    def record(self, kind: str | None, rid: Any) -> dict[str, Any]:
        rec = (self.records.get(kind or "") or {}).get(rid) if kind else None
        if kind and not isinstance(rec, dict):   # a record the chosen modules took out
            rec = ((self.ir.get("base_records") or {}).get(kind) or {}).get(rid)
        if isinstance(rec, dict):
            return rec
        return next((t[rid] for t in self.records.values()   # the first kind that has it
                     if isinstance(t, dict) and isinstance(t.get(rid), dict)), {})

    def name(self, kind: str | None, rid: Any, form: str | None = None,
             article: bool | str = False, gloss: bool = False) -> str:
        """A record's name: singular for ``form == "one"`` (and with the indefinite
        article, which is singular); the general name otherwise; with the definite article
        when asked; a trailing "(gloss)" dropped unless ``gloss``."""
        rec = self.record(kind, rid)
        if article == "a":
            form = "one"
        if not rec:
            self.leaks.add(f"id {rid}")
            return str(rid)
        if not rec.get("name"):
            rec = self._deck_named(rec)
        one = rec.get("name_one")
        if not rec.get("name"):
            self.leaks.add(f"id {rid}")
        names = one if form == "one" and one else rec.get("name")
        text = self.pick(names, str(rid))
        if names and not self.has_lang(names):
            self.foreign.add(text)
        if not gloss:
            text = _GLOSS.sub("", text) or text
        if article and article not in ("inf", "your"):
            text = self.article(text, rec, many=bool(one) and form != "one",
                                kind=str(article)) + text
        return text

    def _deck_named(self, rec: dict[str, Any]) -> dict[str, Any]:
        """A record with no name of its own (a placeholder for cards the sources do not
        give) as its deck's name for one ("CO2 reward tile", not ``co2_reward``), as the
        play view calls it; ``rec`` itself when its deck has no such name."""
        deck = self.record(None, rec.get("deck")) if isinstance(rec.get("deck"), str) else {}
        names = deck.get("name_one") or deck.get("name")
        return {"name": names, "gender": deck.get("gender")} if names else rec

    def article(self, text: str, rec: dict[str, Any], many: bool, kind: str = "the") -> str:
        """The article before ``text`` (``kind`` "the" or "a")."""
        gender = rec.get("gender")
        word = str((gender.get(self.lang) if isinstance(gender, dict) else None) or "m")
        if self.lang == "it":
            return italian_indefinite(text, word) if kind == "a" else \
                italian_article(text, word, many)
        if self.lang == "en":
            if kind == "a":
                return "an " if text[:1].lower() in "aeiou" else "a "
            return "the "
        return ""

    def possessive(self, kind: str | None, rid: Any, form: str | None,
                   outer: str | None) -> str:
        """``{x:your}``: a record's name with the possessive that agrees with its gender and
        number. Counted (``outer``/``form`` "one": "per ogni tua tessera"; "other", after
        a number: "almeno 2 tuoi trasformatori", "at least 2 of your transformers") it
        takes no article; said alone, the plural with its article ("i tuoi trasformatori",
        "le tue tessere")."""
        one = "one" in (form, outer)
        counted = one or "other" in (form, outer)
        rec = self.record(kind, rid)
        gender = rec.get("gender")
        g = str((gender.get(self.lang) if isinstance(gender, dict) else None) or "m")[:1]
        frames = self.w["possessive"]["bare" if counted else "the"]
        frame = frames.get(g, frames["m"])["one" if one else "other"]
        return str(frame).format(x=self.name(kind, rid, "one" if one else None))

    def infinitive(self, tree: Tree) -> str:
        """An effect said in the infinitive (``{e:inf}``)."""
        was, self.mood = self.mood, "inf"
        try:
            return self.clause(tree)
        finally:
            self.mood = was

    def frame(self, key: str) -> Any:
        """The core's words for ``key``, in the infinitive while the mood asks for it."""
        moody = f"{key}_{self.mood}"
        return self.w[moody] if self.mood and moody in self.w else self.w[key]

    def state_name(self, entry: str) -> str:
        """A state entry's ``name`` in this language (state.yaml), or ''."""
        names = self.state_spec(entry)[1].get("name")
        return lower_first(self.pick(names)) if isinstance(names, dict) else ""

    def state_spec(self, entry: str) -> tuple[str, dict[str, Any]]:
        """The scope ("game", "player") and declaration of a state entry, or ("", {})."""
        for scope, specs in (self.ir.get("state") or {}).items():
            spec = (specs or {}).get(entry)
            if isinstance(spec, dict):
                return str(scope), spec
        return "", {}

    def kind_of_state(self, entry: str) -> str | None:
        return str(self.state_spec(entry)[1].get("each") or "") or None

    def kind_name(self, kind: str, form: str | None = None) -> str:
        decl = self.kinds.get(kind) or {}
        if form == "one" and decl.get("name_one"):
            return lower_first(self.pick(decl["name_one"]))
        return lower_first(self.pick(decl.get("name"), kind))

    # ---- definitions ----------------------------------------------------------------

    def use(self, tree: Tree, form: str | None = None) -> str:
        """A use of a definition: its text with every hole filled."""
        d = self.defs.get(tree["def"]) or {}
        template = self.pick(d.get("text_one")) if form == "one" and d.get("text_one") \
            else self.pick(d.get("text"), "")
        inf = d.get("text_inf")
        if self.mood == "inf" and inf and self.has_lang(inf):   # "puoi costruire ..."
            template = self.pick(inf)
        if not template:
            template = " ".join("{" + p + "}" for p in d.get("params") or {}) or tree["def"]
        # a number before a noun ("add {n} {r}") that is a count of things says "1" there
        # and "for each" of the things after: "add 1 microbe to this card per animal tag
        # of the card played"
        per: list[Tree] = []
        for name in re.findall(r"\{(\w+)\} \{", template):
            terms = self.counts(tree["args"].get(name))
            if terms:
                per += terms
                template = template.replace("{" + name + "}", "1", 1)
        text = self.fill(template, lambda name, f, art: self._arg(
            self.hole(tree["args"], name), f, art, form))
        if per:
            text += " " + self.w["per_each"].format(x=self.each_of(per))
        return text

    def fill(self, template: str, arg: Any) -> str:
        """``template`` with each ``{hole}`` replaced by ``arg(name, form, article)`` (its
        text and number); a hole right after a number agrees with it; ``[a part]`` is
        left out when a hole in it gives no text."""
        text, _ = self._fill(parse_template(template), arg, [None])
        return self.joined(re.sub(r"\s{2,}", " ", text).strip())

    def listed(self, items: list[str], conj: str = "") -> str:
        """Items joined by commas, the last by ``conj`` ("or": "Re o Principe", "and")."""
        items = [i for i in items if i]
        if conj not in ("or", "and") or len(items) < 2:
            return str(self.w["list_sep"]).join(items)
        return str(self.w["list_sep"]).join(items[:-1]) + self.w[conj] + items[-1]

    def joined(self, text: str) -> str:
        """``text`` with Italian prepositions joined to their articles ("al numero")."""
        return join_articles(text) if self.lang == "it" else text

    def _fill(self, parts: list[Any], arg: Any, number: list[Any]) -> tuple[str, bool]:
        out: list[str] = []
        empty = False
        phrase = -1   # where in ``out`` the last hole said a phrase, not a number
        for part in parts:
            if isinstance(part, list):               # [optional part]
                text, missing = self._fill(part, arg, number)
                if not missing:
                    out.append(text)
                continue
            if not (part.startswith("{") and part.endswith("}")):
                if part.strip():
                    found = NUMBER_BEFORE.search(part)
                    number[0] = int(found.group(1)) if found else None
                out.append(part)
                continue
            hole, *forms = part[1:-1].split("|")
            name, *mods = hole.split(":")   # "{p:one:the}": a form and an article
            form = "one" if "one" in mods else plural(self.lang, number[0]) \
                if number[0] is not None else None
            mod = "+".join(m for m in mods if m in HOLE_STYLES)   # "{l:or:the}": "or+the"
            text, value = arg(name, form, mod)
            if forms:   # {n|carta|carte}: the word that agrees with n
                out.append(forms[0] if plural(self.lang, value) == "one" else forms[-1])
                number[0] = None
                continue
            if text == "":
                empty = True
            number[0] = value if isinstance(value, int) and not isinstance(value, bool) \
                else None
            if "signed" in mods and re.fullmatch(r"\d+(?:[.,]\d+)?", text):
                text = "+" + text   # {by:signed}: a change, "+1" (a negative has its "-")
            if "abs" in mods:
                text = text.lstrip("-")   # {by:abs}: "costs {by:abs} M€ less", "2", not "-2"
            if text in self.first and NUMBER_BEFORE.search("".join(out)):
                out = [symbol_before("".join(out), text)]   # "$30", not "30 $"
                number[0] = None
                continue
            if text in self.first and phrase >= 0 and not "".join(out[phrase + 1:]).strip():
                # an amount said in words: "pay the price ..." (symbol_equal), not "... it $"
                out[phrase:] = [str(self.w["symbol_equal"]).format(r=text, n=out[phrase])]
                continue
            phrase = len(out) if value is None and text.strip() else -1
            out.append(text)
        return "".join(out), empty

    def _arg(self, tree: Tree, form: str | None, article: str,
             outer: str | None = None) -> tuple[str, Any]:
        """The text of an argument, and its number when it is one; ``{l:or}`` and
        ``{l:and}`` join a written list's last item with "o"/"or", "e"/"and"; ``{e:inf}``
        says an effect in the infinitive; ``{x:your}`` a record with the possessive, by
        ``outer``, the form of the text the hole is in (see ``possessive``); ``{l:or:the}``
        ("or+the") each item with its article."""
        conj = next((a for a in article.split("+") if a in ("or", "and")), "")
        article = next((a for a in article.split("+") if a not in ("or", "and")), "")
        if conj and isinstance(tree, dict) and tree.get("form") == "list":
            return self.listed([self._arg(a, None, article)[0] if article else self.value(a)
                                for a in tree.get("a") or []], conj), None
        if article == "inf":
            return self.infinitive(tree), None
        if article == "your" and isinstance(tree, dict) and ("rec" in tree or "val" in tree):
            kind = tree.get("kind") if "rec" in tree else \
                self.kind_of_state(tree.get("state", ""))
            return self.possessive(kind, tree.get("rec", tree.get("val")), form, outer), None
        if article not in ("the", "a"):
            article = ""
        if not isinstance(tree, dict):
            return ("" if tree is None else str(tree)), tree
        if "lit" in tree:
            return self.value(tree), tree["lit"]
        if "const" in tree:
            return self.value(tree), tree["v"]
        if "rec" in tree:
            return self.name(tree.get("kind"), tree["rec"], form, article), None
        if "val" in tree:
            kind = self.kind_of_state(tree.get("state", ""))
            return self.name(kind, tree["val"], form, article), None
        if "def" in tree:
            text = self.use(tree, form)
            d = self.defs.get(tree["def"]) or {}
            if article and text and d.get("gender"):   # {x:the}: "la produzione di calore"
                many = bool(d.get("text_one")) and form != "one"
                text = self.article(text, d, many, article) + text
            return text, None
        if tree.get("form") in _STATEMENTS or tree.get("form") == "seq":
            return self.clause(tree), None
        if article == "the" and self._kind_var(tree):   # "la carta Progetto", "the card"
            text = self.value(tree, "one")
            return self._kind_article(str(tree["kind"]), text) + text, None
        return self.value(tree, form), number_of(tree)

    # ---- values -------------------------------------------------------------------

    def value(self, tree: Tree, form: str | None = None) -> str:
        """A value or condition as a phrase (no capital, no full stop)."""
        if not isinstance(tree, dict):
            return "" if tree is None else str(tree)
        if "lit" in tree:
            return self._literal(tree["lit"])
        if "const" in tree:
            return self._literal(tree["v"])
        if "def" in tree:
            return self.use(tree, form)
        if "rec" in tree:
            return self.name(tree.get("kind"), tree["rec"], form)
        if "val" in tree:
            return self.name(self.kind_of_state(tree.get("state", "")), tree["val"], form)
        if "fn" in tree:
            said = self.quantified(tree)   # "at least one player is not out of the round"
            if said is not None:
                return said
            if tree["fn"] == "random" and (tree.get("a") or [{}])[0] == \
                    {"core": "player_count"}:   # a seat drawn at random: a random player
                return str(self.w["random_player"])
            frame = self.w["fn"].get(tree["fn"], "{0}")
            return self.joined(frame.format(*[self.fn_arg(a) for a in tree["a"]]))
        if "var" in tree:
            var = tree["var"]  # a loop's item, a name with words, a kind's one, itself
            return self.loop[var] if var in self.loop else str(self.w["var"][var]) \
                if var in self.w["var"] else \
                self.kind_name(tree["kind"], "one") if tree.get("kind") else var
        if "kind" in tree:
            return self.kind_name(tree["kind"])
        if "core" in tree:
            return str(self.w["core"].get(tree["core"], tree["core"])).format(round=self.round)
        if "state" in tree:
            return self.state_word(str(tree["state"]))
        form_ = tree.get("form")
        if form_ == "arith":
            return self._arith(tree, form)
        handler = VALUES.get(str(form_))
        if handler is not None:
            return str(handler(self, tree))
        if form_ in _STATEMENTS or form_ == "seq":
            return self.clause(tree)
        return " ".join(self.value(a) for a in tree.get("a") or [] if a is not None)

