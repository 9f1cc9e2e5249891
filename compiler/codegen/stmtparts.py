"""Helpers of ``compiler.codegen.pystmt``: the statements of the IR, a compound
statement's parts, and the bindings of a run of simple statements (a ``let`` written
out; the literals it binds read in place by the statements after it).
"""

from __future__ import annotations

import re
from typing import Any

from compiler.codegen.pyloops import PLAIN

__all__ = ["CALLED", "LITERAL", "bind", "kids", "learn", "statements", "sure"]

Node = dict[str, Any]

CALLED = ("emit", "grant", "fn")
"""Simple statements run by the machine's own runner (``STMT``)."""
LITERAL = re.compile(r"-?\d+|'[\w ]*'|None|True|False")
"""Source of a literal a ``let`` binds (read in its place by the statements after it)."""


def statements(ir: Any) -> list[Node]:
    """Every statement node of ``ir`` (a node with an ``id``), depth first in data order."""
    out: list[Node] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("id"), int) and "op" in node:
                out.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(ir)
    return out


def kids(n: Node) -> list[Node]:
    """The statements a compound statement runs."""
    if n["op"] == "seq":
        return list(n["b"])
    if n["op"] == "if":
        return [n["t"]] + ([n["e"]] if "e" in n else [])
    if n["op"] in ("for", "rep", "while", "with"):
        return [n["b"]]
    return []


def sure(n: Node) -> bool:
    """Whether statement ``n`` always runs to its end: no requirement, decision or
    statement of the machine's own runner in it."""
    return n["op"] in ("let", "skip", "set") or \
        (n["op"] in ("seq", "if", "for", "rep", "while", "with") and all(map(sure, kids(n))))


def bind(name: str, value: str) -> list[str]:
    """``LOCAL(ctx, E, name, value, True)`` written out (a ``let``'s or a loop's binding:
    no call): ``value`` (source) evaluated first, the old value journaled in a trial."""
    out = []
    if not (PLAIN.fullmatch(value) or value in ("item", "value")):
        out, value = [f"value = {value}"], "value"
    return out + ["if (J := ctx.journal) is not None:",
                  f"    J.append((E, {name}, E.get({name}, MISSING), True))",
                  f"E[{name}] = {value}"]


def learn(n: Node, lines: list[str], known: dict[str, str]) -> None:
    """Update ``known`` ({name: literal}) after simple statement ``n`` (``lines``): a
    ``let`` of a literal binds it; a write of the name, a statement the machine runs or an
    ``emit`` (which may bind anything) forgets."""
    if n["op"] in CALLED:
        known.clear()
    elif n["op"] == "set" and n["t"]["op"] == "var":
        known.pop(n["t"]["n"], None)
    elif n["op"] == "let":
        value = lines[-1].split(" = ", 1)[1]
        if LITERAL.fullmatch(value):
            known[n["v"]] = value
        else:
            known.pop(n["v"], None)
