"""Identical generated functions written once: the others are names bound to it.

Entry points: ``groups(units)`` -> ``{name: group}`` of the functions of one or more
modules (``Unit``), ``shared(units, group)`` -> the groups found in more than one module
and their one function, ``emit(unit, group, bound)`` -> a module's functions, each
written once, and ``common(units, group, bound)`` -> the functions the modules share.

Two functions are in one group when their bodies are equal after naming each function
they call (``x_N``, ``d_N``, ``t_N``, outside strings) by its group, each constant
``K[i]`` by its text and a ``MEMO`` key's node number by nothing (the two compute the
same value from the same inputs, so they may share it), and a statement function's base
``B``'s default (a part's, ``pystmt.StmtCompiler``) by nothing: a part binds a shared one
to a copy with its own base (``rebased``). Functions are compared callees
first, so a statement whose parts are identical is identical too. In a module, a group's
function written is its first in output order, and the others follow it as ``NAME =
FIRST  # at``: the output stays deterministic. A traceback in a shared body names the
YAML line of the function written (``at`` of an alias: its comment).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["COMMON", "REBASED", "Unit", "common", "emit", "groups", "shared"]

COMMON = "_C"
"""The name a part module gives the module of the shared functions."""
STRING = r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|#[^\n]*"""
"""A string or a comment (kept as it is)."""
TOKENS = re.compile(r"""(?P<skip>(?:""" + STRING + r"""|[^'"#xdtKM]+|\B[xdtK]|"""
                    r"""[xdt](?!_\d)|K(?!\[\d)|M(?!EMO\(ctx, \(\d))+)|"""
                    r"""\b(?P<name>[xdt]_\d+)\b|MEMO\(ctx, \((?P<memo>\d+),|"""
                    r"""\bK\[(?P<k>\d+)\]""")
"""A run of text with nothing to rename (``skip``: strings, comments, and characters no
token starts at, kept as they are: one match, not one a string), function names, a
``MEMO`` key's number and a constant."""
QUICK = re.compile(r"_\d|K\[|MEMO\(")
"""What a body with something for ``TOKENS`` to rename holds (and a few with nothing:
a name's own pattern scans 3x slower, and renaming nothing changes nothing)."""
BASE = re.compile(r", B=-?\d+$")
"""A statement function's base parameter, last of its parameters."""
REBASED = '''def rebased(f, base):
    """Shared statement function ``f`` with ``base`` as its base ``B``'s default: the
    function of a part whose nodes are numbered from ``base`` (compiler.codegen.dedupe)."""
    return type(f)(f.__code__, f.__globals__, f.__name__, f.__defaults__[:-1] + (base,))
'''
"""The function of ``_common`` a part binds a shared statement function with."""


@dataclass
class Unit:
    """One module's functions: ``(name, text)`` in output order, ``order`` their names
    callees first (a callee met later is compared by its own name: it matches nothing),
    ``consts`` the texts of its constants ``K``, ``base`` its statement functions' base
    (``B``; None: they have none); ``twin``: an earlier unit whose functions these are,
    and a ``twins.Renamed`` that renames them when asked (its ``names()``: {the earlier
    unit's name: this one's}; its ``functions()``: the def lines, and a function giving
    one's whole text); ``functions`` and ``order`` are then empty (``listed``)."""

    functions: list[tuple[str, str]]
    order: list[str]
    consts: list[str]
    base: int | None = None
    twin: tuple[Unit, Any] | None = None

    def listed(self) -> tuple[list[tuple[str, str]], Callable[[str], str] | None]:
        """The functions (a twin's: their def lines) and, for a twin, the function
        giving one's whole text."""
        if self.twin is None:
            return self.functions, None
        heads, whole = self.twin[1].functions()
        return heads, whole

    def own(self) -> Unit:
        """The unit whose functions' names this one's groups and calls are those of:
        a twin's first (its names are only renamed), else itself."""
        return self if self.twin is None else self.twin[0]


def groups(units: list[Unit], calls: dict[str, list[str]] | None = None) -> dict[str, str]:
    """{name: its group} (a group: the first function of its body met, callees first);
    ``calls`` gets {name: the functions it calls} (not a twin's: its first's renamed)."""
    group: dict[str, str] = {}
    seen: dict[tuple[str, str, str], str] = {}
    calls = {} if calls is None else calls
    for unit in units:
        if unit.twin is not None:  # its functions' groups are its twin's (met before)
            first, names = unit.twin[0], unit.twin[1].names()
            for name in first.order:  # (its calls: its first's, renamed; see ``shared``)
                group[names[name]] = group[name]
            continue
        texts = dict(unit.functions)
        for name in unit.order:
            head, _, body = texts[name].partition("\n")
            callees = calls[name] = []
            if QUICK.search(body):  # else nothing to rename (half the functions)
                body = _normal(body, name, group, unit.consts, callees)
            key = (name[0], BASE.sub("", head[head.index("("):head.index(")")]), body)
            group[name] = seen.setdefault(key, name)
    return group


def shared(units: list[Unit], group: dict[str, str],
           calls: dict[str, list[str]]) -> dict[str, str]:
    """{group: the name of its one function} of the groups with functions in more than
    one unit, whose callees' groups are such too (so the shared functions call only
    one another; ``calls`` as ``groups`` gives it). A twin's functions and calls are
    its first's renamed, in the same groups: they are read by its first's names."""
    where: dict[str, set[int]] = {}
    first: dict[str, str] = {}
    for i, unit in enumerate(units):  # a twin's by its first's names: the same groups
        for name, _ in unit.own().functions:
            where.setdefault(group[name], set()).add(i)
            first.setdefault(group[name], name)
    out: dict[str, str] = {}
    for unit in units:
        for name in unit.own().order:
            g = group[name]
            if len(where[g]) > 1 and all(group.get(c) in out for c in calls[name]
                                         if c != name):
                out.setdefault(g, first[g])
    return out


def emit(unit: Unit, group: dict[str, str], bound: dict[str, str]) -> tuple[str, set[str]]:
    """The source of ``unit``'s functions: those of a group in ``bound`` (``{group:
    name}``) bound to ``COMMON.name``, the others written once; and the names bound."""
    functions, whole = unit.listed()
    first: dict[str, str] = {}
    for name, _ in functions:
        first.setdefault(group[name], name)
    out: list[str] = []
    aliases: set[str] = set()
    for name, text in functions:
        g = group[name]
        target = f"{COMMON}.{bound[g]}" if g in bound else first[g]
        joint = "\n\n" if out else ""
        if target == name:
            out.append(joint + (text if whole is None else whole(name)))
            continue
        head = text.partition("\n")[0]
        if g in bound and ", B=" in head:  # its own base (one a unit: a local alias keeps it)
            target = f"{COMMON}.rebased({target}, {unit.base})"
        note = head[head.index("  #"):] if "  #" in head else ""
        joint = "" if out and not out[-1].lstrip("\n").startswith("def ") else joint
        out.append(f"{joint}{name} = {target}{note}\n")
        aliases.add(name)
    return "".join(out), aliases


def common(units: list[Unit], group: dict[str, str],
           bound: dict[str, str]) -> tuple[str, list[str], dict[str, str]]:
    """The shared functions (``bound``'s), each as its first one is written, calling
    the others by their shared names; their constants ``K``; {name: its def line}."""
    consts: dict[str, int] = {}
    out: list[str] = []
    heads: dict[str, str] = {}
    for unit in units:  # a twin's groups are its first's, met before: none is written here
        for name, text in unit.functions:
            if bound.get(group[name]) != name:
                continue

            def sub(m: re.Match[str], unit: Unit = unit) -> str:
                if m["k"]:
                    c = unit.consts[int(m["k"])]
                    return f"K[{consts.setdefault(c, len(consts))}]"
                if m["name"]:
                    return bound.get(group.get(m["name"], ""), m["name"])
                return m[0]

            head, _, body = text.partition("\n")
            heads[name] = head
            out.append(head + "\n" + TOKENS.sub(sub, body))
    return "\n\n".join(out), list(consts), heads


def _normal(body: str, name: str, group: dict[str, str], consts: list[str],
            callees: list[str]) -> str:
    """``body`` with each callee (added to ``callees``) named by its group, the function
    itself by ``@``, each constant by its text."""

    def sub(m: re.Match[str]) -> str:
        if m["memo"]:
            return "MEMO(ctx, (#,"
        if m["k"]:
            return "K<" + consts[int(m["k"])] + ">"
        callee = m["name"]
        if callee is None:
            return m[0]
        callees.append(callee)
        return "@" if callee == name else "@" + group.get(callee, callee)

    return TOKENS.sub(sub, body)
