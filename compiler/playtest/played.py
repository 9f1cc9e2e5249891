"""Dead rules, found by playing: what never fired in N seeded random games.

Entry point: ``never_fired(rules, games, players, selections, seed)`` for a game in the
core language. For each module selection it plays ``games`` seeded random games with
the kernel's trace on (``Game.new(..., trace=True)``: how often each statement ran and
each option of a decision was taken, trial runs excluded), then lists:

- records whose texts never ran (a card never played, a tile whose effect never came, a
  space whose bonus was never taken), by kind;
- reactions (triggers) that never answered an event;
- options of decisions that were never taken (a standard project nobody used, an
  alternative of a card's choice), with the YAML line of the decision.

Only records present in a selection count for it (a module's cards with that module).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from compiler.runtime import Game, RandomPolicy, compose

__all__ = ["format_played", "never_fired"]


def never_fired(rules: dict[str, Any], games: int, players: int,
                selections: list[list[str]], seed: int = 1) -> dict[str, Any]:
    """``{"selections": [{"modules", "games", "records": {kind: [ids]}, "triggers":
    [...], "options": [...]}]}`` of what never fired."""
    out = []
    for modules in selections:
        fired: Counter[Any] = Counter()
        for k in range(games):
            game = Game.new(rules, players=players, modules=modules, seed=seed + k,
                            trace=True)
            RandomPolicy(seed + k).play(game)
            fired.update(game.fired)
        composed = compose(rules, modules, players)
        out.append({"modules": list(composed["active_modules"]), "games": games,
                    **_dead(composed, fired)})
    return {"selections": out}


def _dead(rules: dict[str, Any], fired: Counter[Any]) -> dict[str, Any]:
    records: dict[str, list[str]] = {}
    triggers: list[str] = []
    options: list[str] = []
    for kind, table in (rules.get("records") or {}).items():
        if kind == "modules":
            continue
        reaction_fields = set((rules.get("kinds") or {}).get(kind, {}).get("reactions") or [])
        for rid, rec in table.items():
            roots = [(f, n) for f, v in rec.items() if f not in reaction_fields
                     for n in _statements(v)]
            if roots and not any(fired[n["id"]] for _, n in roots):
                records.setdefault(kind, []).append(rid)
            for field in reaction_fields:
                for k, reaction in enumerate(rec.get(field) or []):
                    body = (reaction or {}).get("b") or {}
                    if body.get("id") is not None and not fired[body["id"]]:
                        triggers.append(f"{kind} {rid}: {field}[{k}] (on {reaction['on']})")
    for node in _all_chooses(rules):
        for k, alt in enumerate(node["alts"]):
            if not fired[(node["id"], k)] and fired[node["id"]]:
                options.append(f"{node.get('at', '?')}: {_label(alt)}")
    return {"records": records, "triggers": triggers, "options": sorted(set(options))}


def _statements(value: Any) -> Iterator[dict[str, Any]]:
    """The statement roots inside a record's field (effects, actions' effects...)."""
    if isinstance(value, dict):
        if "op" in value and "id" in value:
            yield value
            return
        for v in value.values():
            yield from _statements(v)
    elif isinstance(value, list):
        for v in value:
            yield from _statements(v)


def _all_chooses(rules: Any) -> Iterator[dict[str, Any]]:
    seen: set[int] = set()
    todo = [rules]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if node.get("op") == "choose" and node.get("id") not in seen:
                seen.add(node["id"])
                yield node
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)


def _label(alt: dict[str, Any]) -> str:
    label = alt.get("label") or {}
    if label.get("op") == "lit":
        return str(label["v"])
    if label.get("op") == "obj":
        fixed = {k: a["v"] for k, a in zip(label["k"], label["a"], strict=True)
                 if a.get("op") == "lit"}
        return str(fixed) if fixed else "an option"
    return "an option"


def format_played(report: dict[str, Any]) -> str:
    """The report as text, one block per selection."""
    lines = []
    for sel in report["selections"]:
        mods = ", ".join(sel["modules"]) or "no modules"
        lines.append(f"== {mods}: {sel['games']} games; never fired:")
        for kind, ids in sorted(sel["records"].items()):
            lines.append(f"  {kind} ({len(ids)}): {', '.join(ids)}")
        for t in sel["triggers"]:
            lines.append(f"  trigger {t}")
        for o in sel["options"]:
            lines.append(f"  option {o}")
        if not (sel["records"] or sel["triggers"] or sel["options"]):
            lines.append("  nothing: every record, trigger and option fired")
    return "\n".join(lines)
