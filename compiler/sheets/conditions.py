"""Conditions, comparisons, measures (sums), VP amounts and triggers in words."""

from __future__ import annotations

from typing import Any

from compiler.sheets.counts import compared_value, count_text, per_text
from compiler.sheets.phrases import phrase
from compiler.sheets.vocab import Names

Node = dict[str, Any]


def condition_text(node: Node, lang: str, names: Names) -> str:
    """"ossigeno al massimo 5 % e almeno 2 indicatori scienza"."""
    parts = [comparison_text(p, lang, names) for p in node.get("parts") or []]
    return phrase(lang, "and").join(parts)


def comparison_text(node: Node, lang: str, names: Names) -> str:
    """One comparison: the count with its bound ("almeno 3 tessere Città possedute")."""
    terms = (node.get("left") or {}).get("terms") or []
    if node.get("op") == "named_comparison":
        from compiler.sheets.board_text import number

        right_text = number({"op": "named_quantity", "name": node.get("name")}, names, lang)
        cmp = phrase(lang, f"cmp_{node.get('compare')}", v=right_text)
        if len(terms) == 1:
            return count_text(terms[0], lang, names, "num", n=cmp)
        return phrase(lang, "sum_cmp", terms=_terms(terms, lang, names), cmp=cmp)
    right = int(node.get("right") or 0)
    first = terms[0] if terms else {}
    cmp = phrase(lang, f"cmp_{node.get('compare')}",
                 v=compared_value(first, right, names, lang) if len(terms) == 1 else right)
    if len(terms) == 1:
        return count_text(first, lang, names, "num", n=cmp, single=right == 1)
    return phrase(lang, "sum_cmp", terms=_terms(terms, lang, names), cmp=cmp)


def sum_text(node: Node, lang: str, names: Names) -> str:
    """A measure: "acciaio + titanio"."""
    return _terms(node.get("terms") or [], lang, names)


def _terms(terms: list[Node], lang: str, names: Names) -> str:
    return phrase(lang, "plus").join(count_text(t, lang, names, "bare") for t in terms)


def amount_text(node: Node, lang: str, names: Names) -> str:
    """"1 PV ogni 2 risorse su questa carta", "-1 PV"."""
    if node.get("op") == "named_amount":
        from compiler.sheets.board_text import number

        text = f"{number(node, names, lang)} {names.currency_name(lang)}"
        per = node.get("per")
        return f"{text} {per_text(per, lang, names)}" if per else text
    text = phrase(lang, "vp", n=int(node.get("n") or 0))
    per = node.get("per")
    return f"{text} {per_text(per, lang, names)}" if per else text


def trigger_text(node: Node, lang: str, names: Names) -> str:
    """"Quando un giocatore qualsiasi piazza una tessera Oceano"."""
    event, ident = node.get("event"), str(node.get("name"))
    who = "anyone" if node.get("who") == "anyone" else "you"
    if event == "place":
        word = names.of("tiles", ident, lang)
        return phrase(lang, f"on_place_{who}", tile=word, art=article(word, lang))
    if event == "play_tag":
        word = names.of("tags", ident, lang)
        return phrase(lang, f"on_play_tag_{who}", tag=word, art=article(word, lang))
    kind = names.value_kind(ident)
    name = names.short(kind, ident, lang) if kind == "tracks" else names.of(kind, ident, lang)
    return phrase(lang, f"on_raise_{who}", name=name)


def article(word: str, lang: str) -> str:
    """The indefinite article before ``word`` ("a"/"an"; Italian frames carry their own)."""
    return phrase(lang, "art_vowel" if word[:1].lower() in "aeiou" else "art")
