"""Identical generated functions written once: the others are names bound to it.

Entry point: ``emit(functions)`` -> the source of ``functions`` (``(name, text)`` pairs,
in output order, each ``def NAME(...):  # at`` and its body), where a function whose
body is the same as an earlier one's is written ``NAME = EARLIER  # at`` instead, and
the set of the names so bound (``aliases``). Two bodies are the same when they are equal
after naming each function they call (``x_N``, ``d_N``, ``t_N`` outside strings) by its
group of identical functions, and a ``MEMO`` key's node number by nothing (the two
compute the same value from the same inputs, so they may share it). Functions are
compared callees first, so a statement whose parts are identical is identical too. Each
group's function written is its first in output order: every alias follows the ``def``
it names, and the output stays deterministic. A traceback in a shared body names the
YAML line of the first function (``at`` of an alias: its comment).
"""

from __future__ import annotations

import re

__all__ = ["emit"]

TOKENS = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|#[^\n]*|"""
                    r"""\b(?P<name>[xdt]_\d+)\b|MEMO\(ctx, \((?P<memo>\d+),""")
"""Strings and comments (kept as they are), function names and a ``MEMO`` key's number."""


def emit(functions: list[tuple[str, str]]) -> tuple[str, set[str]]:
    """The source of ``functions`` with the repeated ones bound to the first (module
    docstring) and the names bound so."""
    texts = dict(functions)
    group = _groups(texts)
    first: dict[str, str] = {}
    for name, _ in functions:
        first.setdefault(group[name], name)
    out: list[str] = []
    aliases: set[str] = set()
    for name, text in functions:
        rep = first[group[name]]
        joint = "\n\n" if out else ""
        if rep == name:
            out.append(joint + text)
            continue
        head = text.partition("\n")[0]
        note = head[head.index("  #"):] if "  #" in head else ""
        joint = "" if out and _is_alias(out[-1]) else joint
        out.append(f"{joint}{name} = {rep}{note}\n")
        aliases.add(name)
    return "".join(out), aliases


def _is_alias(piece: str) -> bool:
    """Whether an output piece is an alias line (its blank lines before it aside)."""
    return not piece.lstrip("\n").startswith("def ")


def _groups(texts: dict[str, str]) -> dict[str, str]:
    """{name: its group} (a group: the first function of the body, callees first)."""
    calls = {name: _callees(text) for name, text in texts.items()}
    group: dict[str, str] = {}
    seen: dict[tuple[str, str, str], str] = {}
    for name in _callees_first(calls):
        head, _, body = texts[name].partition("\n")
        key = (name[0], head[head.index("("):head.index(")")], _normal(body, name, group))
        group[name] = seen.setdefault(key, name)
    return group


def _callees(text: str) -> list[str]:
    return [m["name"] for m in TOKENS.finditer(text.partition("\n")[2]) if m["name"]]


def _callees_first(calls: dict[str, list[str]]) -> list[str]:
    """The names of ``calls`` ordered so that a function comes after those it calls
    (a cycle, if any, is cut where it is met)."""
    order: list[str] = []
    done: set[str] = set()
    for root in calls:
        todo = [(root, iter(calls[root]))]
        done.add(root)
        while todo:
            name, rest = todo[-1]
            callee = next((c for c in rest if c in calls and c not in done), None)
            if callee is None:
                order.append(name)
                todo.pop()
            else:
                done.add(callee)
                todo.append((callee, iter(calls[callee])))
    return order


def _normal(body: str, name: str, group: dict[str, str]) -> str:
    """``body`` with each callee named by its group, the function itself by ``@``."""

    def sub(m: re.Match[str]) -> str:
        if m["memo"]:
            return "MEMO(ctx, (#,"
        callee = m["name"]
        if callee is None:
            return m[0]
        return "@" if callee == name else "@" + group.get(callee, callee)

    return TOKENS.sub(sub, body)
