"""Grammar the sheets need beyond the data's words: plural categories (CLDR, through
Babel), Italian articles and the articles joined to a preposition ("della generazione",
"dell'anno"), and the gender of a noun the data does not give one for.

Italian articles follow gender, number and the first letters of the next word: "il
round", "lo spazio", "l'anno", "la generazione", "gli oceani", "le tessere"; the
indefinite ones "un anno", "uno spazio", "una generazione", "un'azione".
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

__all__ = ["HOLE_STYLES", "NUMBER_BEFORE", "counted", "guess_gender", "italian_article",
           "italian_indefinite", "join_articles", "parse_template", "plural", "plural_subject",
           "round_forms", "symbol_before"]


@lru_cache(maxsize=16)
def _locale(lang: str) -> Any:
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def plural(lang: str, n: Any) -> str:
    """``one`` or ``other``: the CLDR plural category of ``n`` in ``lang``."""
    if not isinstance(n, int) or isinstance(n, bool):
        return "other"
    return "one" if _locale(lang).plural_form(abs(n)) == "one" else "other"


_POSSESSED = re.compile(r"^(?:il |lo |la |l'|i |gli |le )(?=(?:tuo|tua|tuoi|tue|suo|sua|suoi|"
                       r"sue|mio|mia|miei|mie|loro) )")


def counted(lang: str, phrase: str) -> str:
    """A plural phrase after a number ("almeno 5 ..."): Italian drops the article before a
    possessive ("le tue tessere" -> "almeno 5 tue tessere"); English counts "of" it ("your
    tiles" -> "at least 5 of your tiles")."""
    if lang == "it":
        return _POSSESSED.sub("", phrase)
    if lang == "en" and re.match(r"(?:your|their|his|her|my|our) ", phrase):
        return "of " + phrase
    return phrase


def plural_subject(lang: str, subject: str) -> str:
    """``one`` or ``other``: the number of the verb after ``subject``, a phrase the data
    worded. Italian says it by the article it starts with ("le carte ... sono", "il costo
    ... è"); English by a plural possessive or article-less plural is not told, so an
    English subject is ``other`` only when it starts with "your" or "the" and its head
    noun ends in "s" before any "of"/"on"/"in"."""
    words = subject.strip().split()
    if not words:
        return "one"
    if lang == "it":
        return "other" if words[0].lower() in ("i", "gli", "le") else "one"
    if lang == "en" and words[0].lower() in ("your", "the", "all") and len(words) > 1:
        head = words[1:]
        for i, w in enumerate(head):
            if w.lower() in ("of", "on", "in", "at", "with", "that", "you") or i and \
                    w.lower().endswith(("ed", "ly")):   # "columns (completely) filled"
                head = head[:i]
                break
        return "other" if head and head[-1].lower().endswith("s") and \
            not head[-1].lower().endswith("ss") else "one"
    return "one"


def _vowel(word: str) -> bool:
    return word[:1].lower() in "aeiouàèéìòùh"


def _impure(word: str) -> bool:
    """An Italian word that takes "lo"/"uno": s + consonant, z, x, y, gn, ps, pn."""
    w = word.lower()
    return (w[:1] == "s" and w[1:2] not in ("", "a", "e", "i", "o", "u")) or \
        w[:1] in ("z", "x", "y") or w[:2] in ("gn", "ps", "pn")


def italian_indefinite(word: str, gender: str) -> str:
    """"un ", "uno ", "una " or "un'" before ``word``."""
    if gender.startswith("f"):
        return "un'" if _vowel(word) else "una "
    return "uno " if _impure(word) else "un "


def italian_article(word: str, gender: str, many: bool) -> str:
    """The Italian definite article before ``word`` ("il ", "l'", "gli "...)."""
    if gender.startswith("f"):
        return "le " if many else ("l'" if _vowel(word) else "la ")
    if many:
        return "gli " if _vowel(word) or _impure(word) else "i "
    return "l'" if _vowel(word) else "lo " if _impure(word) else "il "


_JOINED = {"di": {"il ": "del ", "lo ": "dello ", "l'": "dell'", "la ": "della ",
                  "i ": "dei ", "gli ": "degli ", "le ": "delle "},
           "da": {"il ": "dal ", "lo ": "dallo ", "l'": "dall'", "la ": "dalla ",
                  "i ": "dai ", "gli ": "dagli ", "le ": "dalle "},
           "a": {"il ": "al ", "lo ": "allo ", "l'": "all'", "la ": "alla ",
                 "i ": "ai ", "gli ": "agli ", "le ": "alle "}}


def guess_gender(word: str) -> str:
    """The usual gender of an Italian noun by its ending, for a noun the data gives no
    ``gender``: -a, -ione, -tà, -tù are feminine ("partita", "generazione"); the rest,
    loanwords included ("anno", "turno", "round"), masculine. A ``gender`` in the data
    always wins."""
    w = word.strip().lower().split(" ")[0]
    return "f" if w.endswith(("a", "ione", "tà", "tù")) else "m"


def round_forms(lang: str, name: str, gender: str | None = None) -> dict[str, str]:
    """The name of a round with the articles the sheet's frame needs: ``the`` ("la
    generazione", "l'anno"), ``a`` ("una generazione", "un anno"), ``of_the``
    ("della generazione") and ``from_the`` ("dalla generazione"). English needs none of
    them beyond "the"/"a"."""
    if lang != "it":
        a = "an " if _vowel(name) and not name.lower().startswith("h") else "a "
        return {"name": name, "the": f"the {name}", "a": a + name, "of_the": f"the {name}",
                "from_the": name}
    g = gender or guess_gender(name)
    the = italian_article(name, g, False)
    return {"name": name, "the": the + name, "a": italian_indefinite(name, g) + name,
            "of_the": _JOINED["di"][the] + name, "from_the": _JOINED["da"][the] + name}


_STEMS = {"a": "a", "da": "da", "di": "de", "in": "ne", "su": "su"}
_ARTICLES = {"il": "l", "lo": "llo", "la": "lla", "i": "i", "gli": "gli", "le": "lle",
             "l'": "ll'"}
_PAIR = re.compile(r"\b((?i:a|da|di|in|su)) (il|lo|la|i|gli|le(?=\s)|l'(?=\w))(?=\s|(?<='))")
"""A preposition and the article after it: a whole lower-case word ("di la" in "Colate di
lava" is no article, nor "di La" in a proper name "Colate di La Paz")."""


_ED = re.compile(r"(?<!\S)([eE])(?= [èÈ](?!\w))")
"""The conjunction "e" before the verb "è" (written "ed è")."""


def join_articles(text: str) -> str:
    """Italian prepositions joined to the article that follows, as Italian writes them
    when two phrases meet: "a il numero" -> "al numero", "di l'anno" -> "dell'anno",
    "in la zona" -> "nella zona", "su i" -> "sui"; "e" before "è" is "ed" ("ed è")."""
    def join(m: re.Match[str]) -> str:
        prep, art = m.group(1), m.group(2).lower()
        stem = _STEMS[prep.lower()]
        if art == "il":
            word = stem + "l"
        elif art == "i":
            word = stem + "i"
        else:
            word = stem + _ARTICLES[art]
        return word[:1].upper() + word[1:] if prep[:1].isupper() else word
    return _ED.sub(r"\1d", _PAIR.sub(join, text))


HOLE_STYLES = ("the", "a", "or", "and", "inf", "your")
"""The forms of a hole beside "one" that reach the argument's words."""


def parse_template(template: str) -> list[Any]:
    """Text, ``{holes}`` and nested ``[optional parts]`` of a template."""
    root: list[Any] = []
    stack = [root]
    for token in re.split(r"(\{[^{}]*\}|\[|\])", template):
        if token == "[":
            stack[-1].append([])
            stack.append(stack[-1][-1])
        elif token == "]" and len(stack) > 1:
            stack.pop()
        elif token:
            stack[-1].append(token)
    return root


NUMBER_BEFORE = re.compile(r"(?:^|\s)(-?\d+)\s+$")
"""A number and a space at the end of a text (the hole after it agrees with it)."""


def symbol_before(before: str, symbol: str) -> str:
    """``before`` ending in a number and a space, with ``symbol`` put before the number
    ("gain 2 " + "$" -> "gain $2"; "-2 " -> "-$2")."""
    found = NUMBER_BEFORE.search(before)
    assert found is not None
    n = found.group(1)
    sign, digits = ("-", n[1:]) if n.startswith("-") else ("", n)
    return before[:found.start(1)] + sign + symbol + digits
