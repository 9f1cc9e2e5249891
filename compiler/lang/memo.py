"""Local names per expansion, and expansions kept by (definition, arguments).

Entry points: ``Frame``, ``key_of``, ``lift``, ``place`` and ``Entry``; used by
``compiler.lang.expand``.

Every use of a definition is expanded in a ``Frame``: the fresh names its body binds
(``rc.fresh``) are numbered from 1 within the frame (``n~@1``), so the body's IR depends
only on the definition and what the use gives it. Names of the caller that reach the body
inside by-name arguments are lifted one level on the way in (``n~@3`` -> ``n~^@3``), so
they cannot be taken for the body's own; each is renamed to a placeholder of the use
(``~^#0``, numbered in order of appearance), so that two uses whose arguments differ
only in the caller's names give the same body. When the expansion is placed into its caller,
``place`` renames its own names into the caller's frame (after the names the caller has
made so far), puts the caller's names back for the placeholders, and lowers the names a
prompt lifted from an enclosing use; at the top (no caller frame) the names
get the run's numbers (``n~17``), as every name of the IR had before.

An expansion that resolved, reported nothing and read nothing of an enclosing use (a
decision's prompt may say an outer use, ``use_text``) is kept by ``key_of`` its inputs;
another use with the same inputs gets a copy of it, placed the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from marshal import dumps, loads
from typing import Any

__all__ = ["Entry", "Frame", "canonical", "data_of", "has_locals", "key_of", "lift",
           "loads", "place", "placed_name"]

_MARKS = (b"~@", b"~^")


@dataclass
class Frame:
    """The fresh names of one expansion being resolved: ``count`` names made so far
    (nested expansions' names included, once placed), the definitions expanded inside
    (``used``), whether a prompt inside read an enclosing use (``outer``: then it is
    not kept), and what else of where it is used it read (``aspects``: ``own``, a
    prompt said the use itself: its literal arguments and text tree; ``you``, ``this``,
    ``event``: the type of that name; ``modules``, the modules surely on): it is kept
    by those too."""

    count: int = 0
    used: set[str] = field(default_factory=set)
    outer: bool = False
    aspects: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Entry:
    """A kept expansion: its IR in its own frame's names (marshalled), its type, how
    many names it made, the definitions expanded inside (a use inside one of them must
    still fail as recursive), whether its IR holds any local name at all, and the
    aspects of where it was used that it read (``Frame.aspects``)."""

    data: bytes
    type: Any
    count: int
    used: frozenset[str]
    local: bool
    aspects: frozenset[str] = frozenset()


def has_locals(data: bytes) -> bool:
    """Whether marshalled IR holds a frame-local name (own or lifted)."""
    return _MARKS[0] in data or _MARKS[1] in data


def key_of(*parts: Any) -> bytes | None:
    """The memo key of an expansion's inputs (plain data), or None if it cannot be
    written (then the expansion is not kept)."""
    try:
        return dumps(parts, 2)
    except ValueError:
        return None


def data_of(value: Any) -> bytes | None:
    """``value`` marshalled (no references: equal values give equal bytes, mostly), or
    None if it is not marshal data."""
    try:
        return dumps(value, 2)
    except ValueError:
        return None


def lift(value: Any, levels: int) -> Any:
    """``value`` (IR) with every frame-local name moved ``levels`` frames out (a copy)."""
    return _walk(value, lambda s: _lifted(s, levels))


def canonical(value: Any, names: dict[str, str]) -> Any:
    """``value`` (an argument's IR, in the caller's names) with each fresh name of the
    caller renamed to the use's placeholder ``~^#j`` (``j``: its position in
    ``names``, which maps each caller name met so far to its placeholder; a copy)."""
    return _walk(value, lambda s: _placeholder(s, names))


def place(value: Any, base: int, top: bool, names: list[str]) -> Any:
    """``value`` (IR of an expansion, in its own frame's names) with its own names
    renamed after the caller's first ``base`` names (``top``: the run's numbers, no
    frame), its placeholders back to the caller's ``names``, and the names lifted from
    enclosing uses lowered one level (a copy)."""
    return _walk(value, lambda s: _placed(s, base, top, names))


def _placeholder(s: str, names: dict[str, str]) -> str:
    i = s.rfind("~")
    tail = s[i + 1:]
    if not (tail.isdigit() or tail[:1] in ("@", "^")):
        return s  # not a fresh name (``n~param``)
    kept = names.get(s)
    if kept is None:
        kept = names[s] = f"~^#{len(names)}"
    return kept


def _lifted(s: str, levels: int) -> str:
    i = s.rfind("~")
    if i < 0 or i + 1 >= len(s) or s[i + 1] not in "@^":
        return s
    return s[:i + 1] + "^" * levels + s[i + 1:]


def _placed(s: str, base: int, top: bool, names: list[str]) -> str:
    i = s.rfind("~")
    if i < 0 or i + 1 >= len(s):
        return s
    mark = s[i + 1]
    if mark == "@" and s[i + 2:].isdigit():
        number = base + int(s[i + 2:])
        return f"{s[:i]}~{number}" if top else f"{s[:i]}~@{number}"
    if mark == "^":
        if s[i + 2:i + 3] == "#":
            return names[int(s[i + 3:])]
        return s[:i + 1] + s[i + 2:]
    return s


def placed_name(name: str, number: int, base: int, top: bool) -> str:
    """The name ``place`` gives the frame's own ``name~@number``."""
    return f"{name}~{base + number}" if top else f"{name}~@{base + number}"


def _walk(value: Any, rename: Any) -> Any:
    """A copy of IR data with every string containing '~' passed through ``rename``
    (dict keys too)."""
    kind = type(value)
    if kind is str:
        return rename(value) if "~" in value else value
    if kind is dict:
        return {(rename(k) if type(k) is str and "~" in k else k): _walk(v, rename)
                for k, v in value.items()}
    if kind is list:
        return [_walk(v, rename) for v in value]
    if kind is tuple:
        return tuple(_walk(v, rename) for v in value)
    return value
