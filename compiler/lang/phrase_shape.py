"""The shape of a definition's phrase: words (a-z, 0-9, _) and ``{holes}``, not starting
with a keyword that starts a core form nor holding one that ends a phrase (R031 says
what is wrong; ``compiler.lang.declare`` reports it).

Entry point: ``phrase_parts(phrase) -> (parts, problem)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ENDS_A_PHRASE", "HOLE", "STARTS_A_FORM", "Hole", "phrase_parts"]

HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_WORD = re.compile(r"^[a-z_][a-z0-9_]*$")


@dataclass(frozen=True)
class Hole:
    name: str


STARTS_A_FORM = frozenset([
    "if", "for", "while", "repeat", "choose", "let", "with", "require", "emit", "grant",
    "do", "skip", "stop", "not", "true", "false", "none"])
"""Keywords that start a statement or a value (docs/dsl.md, 'Keywords')."""
ENDS_A_PHRASE = frozenset(["in", "for", "where", "as", "and", "or", "then", "else"])
"""Keywords that end a phrase after its first word."""


def phrase_parts(phrase: str) -> tuple[tuple[str | Hole, ...], str]:
    """Split ``"gain {n} {r} production"`` into words and holes; or say what is wrong."""
    parts: list[str | Hole] = []
    for word in phrase.split():
        hole = HOLE.fullmatch(word)
        if hole:
            parts.append(Hole(hole.group(1)))
        elif _WORD.match(word):
            parts.append(word)
        else:
            return (), f"'{word}' is neither a word (a-z, 0-9, _) nor a {{hole}}"
    if not parts:
        return (), "the phrase is empty"
    if isinstance(parts[0], str) and parts[0] in STARTS_A_FORM:
        return (), (f"it starts with '{parts[0]}', a keyword that starts a form of the "
                    "core; a text using the phrase would read as that form")
    inner = [p for p in parts[1:] if isinstance(p, str) and p in ENDS_A_PHRASE]
    if inner:
        return (), (f"'{inner[0]}' ends a phrase in the core (after a word, 'in', 'for', "
                    "'where', 'as', 'and', 'or', 'then', 'else' start another part)")
    if not any(isinstance(p, str) for p in parts):
        return (), "a phrase needs at least one word besides its holes"
    return tuple(parts), ""
