"""The definitions closest to words that no definition matches (R033's hint).

Entry point: ``closest(decls, definitions, items)``. The text's parts and a phrase's
parts are aligned in order (a weighted longest common subsequence), each pair earning
what it shares:

- the same word: its weight (a content word 1, a function word such as ``the``, ``by``,
  ``di`` a quarter: ``FUNCTION_WORDS``); a misspelt word (``gian``, ``gain``: a
  ``difflib`` ratio of 0.75 or more) most of it;
- a word that names a record of the kind a hole takes (``temperature`` for ``{p}``, a
  parameter): the mean of both weights; a content word no phrase of the game has and no
  record is named (``planet``) a little, as it may stand for one under another name;
- a number in a number's hole, a parenthesised part in any hole: half.

A phrase's closeness is twice what the pairs earn over the weight of both sides (a
weighted Dice coefficient), so a short phrase that shares the same parts is closer
than a long one. Nothing here knows a game: the words are the game's own.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Any

from compiler.lang.declare import Decls, Hole
from compiler.lang.syntax import Syn
from compiler.lang.types import strip_opt

__all__ = ["FUNCTION_WORDS", "closest"]

FUNCTION_WORDS = frozenset(str.split(
    "a an the of to in on at by for from with into onto up down out off over as and or "
    "but if then than so is are be was were has have had it its this that these those "
    "you your yours my his her their each any all some every no not "
    "il lo la gli le un uno una di del dello della dei degli delle da dal dalla dai al "
    "allo alla ai agli alle nel nella nei su sul sulla sui con tra fra ed che"))
"""English and Italian words that carry little meaning of their own (articles,
prepositions, particles, pronouns): a shared one says less than a shared content word."""

_FUNCTION, _HOLE, _TYPO, _STAND_IN = 0.25, 0.5, 0.75, 0.25


def closest(decls: Decls, definitions: list[Any], items: list[Syn], limit: int = 4
            ) -> list[Any]:
    """Up to ``limit`` of ``definitions`` closest to ``items`` (closest first; in data
    order when as close); none that shares nothing with them."""
    words = {p for d in definitions for p in d.parts if isinstance(p, str)}
    text = [_token(i) for i in items]
    scored = [(_closeness(decls, words, text, d), n, d) for n, d in enumerate(definitions)]
    return [d for score, _n, d in sorted(scored, key=lambda s: (-s[0], s[1]))
            if score > 0][:limit]


def _token(item: Syn) -> tuple[str, Any]:
    """A part of the text: ``("word", w)``, ``("int", n)`` or ``("group", None)``."""
    if item.op in ("name", "int"):
        return ("word" if item.op == "name" else "int", item.kids[0])
    return ("group", None)


def _weight(token: tuple[str, Any] | str | Hole) -> float:
    """What a part of the text or of a phrase weighs."""
    if isinstance(token, Hole):
        return _HOLE
    word = token if isinstance(token, str) else token[1] if token[0] == "word" else None
    if word is None:
        return _HOLE
    return _FUNCTION if str(word) in FUNCTION_WORDS else 1.0


def _closeness(decls: Decls, words: set[str], text: list[tuple[str, Any]], d: Any
               ) -> float:
    """The weighted Dice coefficient of ``text`` and ``d``'s phrase (0 to 1)."""
    parts = d.parts
    best = [[0.0] * (len(parts) + 1) for _ in range(len(text) + 1)]
    for i, token in enumerate(text, 1):
        for j, part in enumerate(parts, 1):
            pair = _pair(decls, words, token, part, d.params)
            best[i][j] = max(best[i - 1][j], best[i][j - 1],
                             best[i - 1][j - 1] + pair if pair else 0.0)
    total = sum(map(_weight, text)) + sum(map(_weight, parts))
    return 2 * best[-1][-1] / total if total else 0.0


def _pair(decls: Decls, words: set[str], token: tuple[str, Any], part: str | Hole,
          params: dict[str, Any]) -> float:
    """What a part of the text and a part of the phrase share."""
    kind, value = token
    if isinstance(part, str):
        if kind != "word":
            return 0.0
        if value == part:
            return _weight(part)
        typo = SequenceMatcher(None, str(value), part).ratio() >= _TYPO
        return _TYPO * _weight(part) if typo and min(len(value), len(part)) > 2 else 0.0
    hole = strip_opt(params.get(part.name, "any"))
    if kind == "int":
        return _HOLE if hole in ("int", "number") else 0.0
    if kind == "group":
        return _HOLE
    if not (isinstance(hole, tuple) and hole[0] == "id"):
        return 0.0
    if value in decls.records.get(hole[1], {}):
        return (1.0 + _HOLE) / 2
    if value in FUNCTION_WORDS or value in words or decls.kind_of(str(value)):
        return 0.0
    return _STAND_IN
