"""The sheets of a chosen selection of modules (``rulesc sheet --modules a,b``).

``select(ir, modules)`` returns the IR as the runtime composes it (``compiler.runtime.
compose``: records of modules left off gone, removed and replaced records gone, changed
records with their new values, the flow with the modules' steps), with the text trees
moved to match: the flow's trees are keyed by step position, so each step of the
composed flow takes the trees of the step it is (a base step, or a module's added or
replacing step). ``ir["sheet_marks"]`` tells the sheets what to mark:
``changed[kind][id]`` the modules that changed the record (an errata mark), and
``selected`` the selection. Without a selection (``None``) the IR is the whole box: every
record, each module-only one marked with its module.
"""

from __future__ import annotations

import copy
from typing import Any

from compiler.runtime import compose

__all__ = ["changed_by", "select"]

IR = dict[str, Any]
_SECTIONS = (("setup", "setup", "setup"), ("phases", "phases", "phases"),
             ("end.steps", "end_steps", "end"))


def changed_by(ir: IR, kind: str, rid: str) -> list[str]:
    """The modules whose ``changes`` set a field of record ``kind:rid``, in data order."""
    mods = (ir.get("records") or {}).get("modules") or {}
    return [mid for mid, m in mods.items() if isinstance(m, dict) and any(
        isinstance(c, dict) and c.get("kind") == kind and c.get("id") == rid
        for c in m.get("changes") or [])]


def select(ir: IR, modules: list[str] | None) -> IR:
    """``ir`` with ``modules`` on (``None``: the whole box, unchanged but for the marks).
    Raises ``compiler.runtime.RulesError`` for a selection that does not compose."""
    if modules is None:
        return {**ir, "sheet_marks": {"selected": None, "changed": {}}}
    out = dict(compose(ir, modules))
    texts = dict(ir.get("texts") or {})
    texts["records"] = _record_trees(ir, out["active_modules"])
    texts["flow"] = _flow_trees(ir, out["flow"], out["active_modules"])
    out["texts"] = texts
    out["records"] = {k: v for k, v in out["records"].items()}
    out["records"]["modules"] = {mid: m for mid, m in
                                 ((ir.get("records") or {}).get("modules") or {}).items()
                                 if mid in out["active_modules"]}
    changed: dict[str, dict[str, list[str]]] = {}
    for mid in out["active_modules"]:
        for c in out["records"]["modules"][mid].get("changes") or []:
            changed.setdefault(str(c.get("kind")), {}).setdefault(str(c.get("id")), []) \
                .append(mid)
    out["sheet_marks"] = {"selected": list(out["active_modules"]), "changed": changed}
    out["base_records"] = ir.get("records") or {}   # names of what a module took out
    # the whole box's flow and its trees: a module page names the steps it removes or
    # replaces, gone from the composed flow
    out["base_flow"] = {"flow": ir.get("flow") or {},
                        "texts": (ir.get("texts") or {}).get("flow") or {}}
    return out


def _record_trees(ir: IR, chosen: list[str]) -> dict[str, Any]:
    """The records' trees, a changed field taking the tree its module gives it."""
    trees = copy.copy((ir.get("texts") or {}).get("records") or {})
    mods = (ir.get("records") or {}).get("modules") or {}
    for mid in chosen:
        mine = trees.get("modules", {}).get(mid) or {}
        for i, c in enumerate(mods[mid].get("changes") or []):
            kind, rid = str(c.get("kind")), str(c.get("id"))
            table = dict(trees.get(kind) or {})
            rec = dict(table.get(rid) or {})
            for field in c.get("set") or {}:
                rec = {k: v for k, v in rec.items()
                       if k != field and not k.startswith(field + ".")}
                for key, tree in mine.items():
                    prefix = f"changes.{i}.set.{field}"
                    if key == prefix or key.startswith(prefix + "."):
                        rec[field + key[len(prefix):]] = tree
            table[rid] = rec
            trees[kind] = table
    return trees


def _flow_trees(ir: IR, flow: dict[str, Any], chosen: list[str]) -> dict[str, Any]:
    """The flow's trees keyed by the composed flow's step positions."""
    base_trees = (ir.get("texts") or {}).get("flow") or {}
    base = ir.get("flow") or {}
    mods = (ir.get("records") or {}).get("modules") or {}
    mod_trees = ((ir.get("texts") or {}).get("records") or {}).get("modules") or {}
    out = {k: v for k, v in base_trees.items()
           if not k.startswith(("setup.", "phases.", "end.steps."))}
    for prefix, mod_key, _ in _SECTIONS:
        origin: dict[int, str] = {}
        for j, s in enumerate(_at(base, prefix)):
            origin[id(s)] = f"{prefix}.{j}"
        sources: dict[int, tuple[dict[str, Any], str]] = {
            id(s): (base_trees, origin[id(s)]) for s in _at(base, prefix)}
        for mid in chosen:
            change = mods[mid].get(mod_key) or {}
            for key in ("replace", "add"):
                for k, s in enumerate(change.get(key) or []):
                    sources[id(s)] = (mod_trees.get(mid) or {}, f"{mod_key}.{key}.{k}")
        for i, s in enumerate(_at(flow, prefix)):
            trees, old = sources.get(id(s), ({}, ""))
            for key, tree in trees.items():
                if key == old or key.startswith(old + "."):
                    out[f"{prefix}.{i}{key[len(old):]}"] = tree
    return out


def _at(flow: dict[str, Any], prefix: str) -> list[Any]:
    if prefix == "end.steps":
        return list((flow.get("end") or {}).get("steps") or [])
    return list(flow.get(prefix) or [])
