"""Expansions kept by (definition, arguments) and reused with their local names moved.

Entry points: ``Frame``, ``Entry``, ``key_of``, ``data_of``, ``canonical``, ``kept``,
``keep`` and ``rebase``; used by ``compiler.lang.expand``.

Fresh local names (``rc.fresh``: ``n~17``) are numbered in one sequence (for the run,
restarting at one number for each record: ``compiler.lang._records``), so every name an
expansion makes lies in the range of numbers taken while it was resolved (``Entry.base``
and ``Entry.count``, failed phrase attempts included), above its caller's names.
Apart from those, its IR holds only the caller's names that reach it inside by-name
arguments. The key of an expansion's inputs writes those caller names as placeholders
(``~#0``, ``~#1`` in order of appearance, ``canonical``), so it depends only on the
definition and what the use gives it, not on where the use is or what was numbered
before it.

An expansion that resolved, reported nothing and read nothing of an enclosing use (a
decision's prompt may say an outer use, ``use_text``) is kept under that key. Another
use with the same key takes the next ``count`` numbers of the run and gets a copy of the
kept IR with its own names moved into them and the first use's caller names replaced by
its own (``rebase``): the IR resolving the body again would give, numbers included (a
resolution takes the same count of numbers each time). What else an expansion read of
where it is used (``Frame.aspects``) is kept under the key, and the expansion under the
key and the values of what it read.

A string of the IR that is written like a fresh name (``[a-z_][a-z0-9_]*~N``) is taken
for one: a text's string literal written so, with a number the expansion took, would be
renumbered with the names (no game writes one; the grammar's names hold no ``~``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from marshal import dumps, loads
from typing import Any

__all__ = ["Entry", "Frame", "Memo", "canonical", "data_of", "keep", "kept", "key_of", "loads",
           "rebase"]


@dataclass
class Frame:
    """One expansion being resolved: the definitions expanded inside (``used``),
    whether a prompt inside read an enclosing use (``outer``: then it is not kept), and
    what else of where it is used it read (``aspects``: ``own``, a prompt said the use
    itself: its literal arguments and text tree; ``you``, ``this``, ``event``: the type
    of that name; ``modules``, the modules surely on): it is kept by those too."""

    used: set[str] = field(default_factory=set)
    outer: bool = False
    aspects: set[str] = field(default_factory=set)
    depth: int = 0
    """How deep the uses inside nest (``compiler.lang.bounds``)."""


@dataclass
class Entry:
    """A kept expansion: its IR (marshalled), its type, the first fresh number before
    it (``base``) and how many it took (``count``), the caller names its by-name
    arguments held (``callers``, in placeholder order), the definitions expanded inside
    (a use inside one of them must still fail as recursive), and the aspects of where it
    was used that it read (``Frame.aspects``)."""

    data: bytes
    type: Any
    base: int
    count: int
    callers: tuple[str, ...]
    used: frozenset[str]
    aspects: frozenset[str] = frozenset()
    size: int = 0
    """Its statements (``compiler.lang.bounds.statements``)."""
    depth: int = 1
    """How deep the uses in it nest, its own counted (``compiler.lang.bounds``)."""
    nest: tuple[int, ...] = (0, 0, 0)
    """How deep its statements nest, its values from its top, and its values anywhere
    (``compiler.lang.bounds.measure``)."""
    spots: list[tuple[int, int, str, str, int]] | None = None
    """Where ``data`` holds fresh names (``_names``), found at the first reuse."""


Memo = dict[bytes, "Entry | frozenset[str]"]
"""Kept expansions by key; under a key alone, the aspects its expansions read."""


def kept(memo: Memo, key: bytes | None, where: dict[str, Any]) -> Entry | None:
    """The expansion kept for ``key`` (a use's inputs) and the values ``where`` of the
    aspects of the use that the expansions of those inputs read, if any."""
    if key is None:
        return None
    found = memo.get(key)
    if isinstance(found, frozenset):
        full = key_of(key, *(where[a] for a in sorted(found)))
        found = memo.get(full) if full is not None else None
    return found if isinstance(found, Entry) else None


def keep(memo: Memo, key: bytes, where: dict[str, Any], entry: Entry) -> None:
    """Keep ``entry`` for ``key`` and the values of the aspects it read: the aspects of
    all the expansions of ``key`` so far are kept under ``key``."""
    found = memo.get(key)
    aspects = entry.aspects | (found if isinstance(found, frozenset) else frozenset())
    if not aspects:
        memo[key] = entry
        return
    full = key_of(key, *(where[a] for a in sorted(aspects)))
    if full is not None:
        memo[key] = aspects
        memo[full] = entry


def key_of(*parts: Any) -> bytes | None:
    """The memo key of an expansion's inputs (plain data), or None if it cannot be
    written (then the expansion is not kept)."""
    return data_of(parts)


def data_of(value: Any) -> bytes | None:
    """``value`` marshalled (version 2 writes no references: equal values give equal
    bytes, mostly), or None if it is not marshal data."""
    try:
        return dumps(value, 2)
    except ValueError:
        return None


def canonical(data: bytes, names: dict[str, str]) -> bytes:
    """Marshalled IR ``data`` (an argument's) with each fresh name written as its
    placeholder ``~#j`` (``names``: each name met so far to its placeholder, in order):
    a key, not read back."""
    def placeholder(name: str) -> str:
        kept = names.get(name)
        if kept is None:
            kept = names[name] = f"~#{len(names)}"
        return kept

    return _rewrite(data, [(start, end, placeholder(name)) for start, end, name, _, _
                           in _names(data)])


_HEAD = re.compile(rb"[ut][\x00-\xff]{4}(?=[a-z0-9_]*~[0-9])")
"""Where a marshalled string (version 2: ``u`` or ``t``, a 4-byte length, UTF-8) may
start that holds a fresh name; the length read there decides (``_names``)."""
_NAME = re.compile(rb"([a-z_][a-z0-9_]*~)([0-9]+)")


def rebase(entry: Entry, base: int, callers: dict[str, str]) -> Any:
    """A copy of ``entry``'s IR for a use whose names start after ``base``: the entry's
    own names moved by ``base - entry.base``, its caller names replaced (``callers``:
    the entry's caller name to this use's). Done on the marshalled IR: each string
    that is a fresh name is rewritten with its new length, then the IR is read."""
    lo, hi, delta = entry.base, entry.base + entry.count, base - entry.base
    if entry.spots is None:  # the places of its own names and of its caller names
        first = set(entry.callers)
        entry.spots = [(start, end, name, prefix, number)
                       for start, end, name, prefix, number in _names(entry.data)
                       if name in first or lo < number <= hi]
    return loads(_rewrite(entry.data, [
        (start, end, callers.get(name, name) if lo >= number or number > hi
         else f"{prefix}{number + delta}")
        for start, end, name, prefix, number in entry.spots]))


def _rewrite(data: bytes, spots: list[tuple[int, int, str]]) -> bytes:
    """``data`` with the string at each (start, end) replaced by the text given."""
    out: list[bytes] = []
    done = 0
    for start, end, text in spots:
        raw = text.encode()
        out += [data[done:start + 1], len(raw).to_bytes(4, "little"), raw]
        done = end
    out.append(data[done:])
    return b"".join(out)


def _names(data: bytes) -> list[tuple[int, int, str, str, int]]:
    """The strings of marshalled ``data`` that are fresh names: (start of the string's
    record, its end, the name, the part before its number, its number). A candidate
    start is taken only when the length it reads spans exactly a name. The leftmost
    candidate of a string is its own record (a length under 2**24 has a zero byte,
    which no name holds, so no candidate starts before it and reads into its text); a
    candidate inside a name reads four name bytes as its length, far past the end."""
    found: list[tuple[int, int, str, str, int]] = []
    for m in _HEAD.finditer(data):
        start = m.start()
        end = start + 5 + int.from_bytes(data[start + 1:start + 5], "little")
        name = _NAME.fullmatch(data, start + 5, end) if end <= len(data) else None
        if name is not None:
            found.append((start, end, name.group().decode(), name.group(1).decode(),
                          int(name.group(2))))
    return found
