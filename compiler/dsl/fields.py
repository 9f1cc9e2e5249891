"""Which fields of which document kinds hold DSL text, and of which DSL kind.

A pattern is a path into the document; ``*`` matches any list index or mapping key.
"""

from __future__ import annotations

from compiler.load.document import Path_

DSL_FIELDS: dict[str, list[tuple[tuple[str, ...], str]]] = {
    "parameters": [(("records", "*", "bonuses", "*", "effect"), "effect")],
    "tiles": [(("records", "*", "effect"), "effect")],
    "board": [(("spaces", "*", "bonus"), "effect"),
              (("adjacency_bonuses", "*", "effect"), "effect")],
    "cards": [(("records", "*", "requires"), "condition"),
              (("records", "*", "effect"), "effect"),
              (("records", "*", "vp"), "amount"),
              (("records", "*", "actions", "*", "cost"), "effect"),
              (("records", "*", "actions", "*", "effect"), "effect"),
              (("records", "*", "triggers", "*", "on"), "trigger"),
              (("records", "*", "triggers", "*", "effect"), "effect")],
    "actions": [(("records", "*", "cost"), "effect"),
                (("records", "*", "effect"), "effect"),
                (("records", "*", "requires"), "condition")],
    "milestones": [(("records", "*", "condition"), "condition")],
    "awards": [(("records", "*", "measure"), "measure")],
    "flow": [(("setup", "*", "each_player"), "effect"),
             (("phases", "*", "each_player"), "effect"),
             (("end", "when"), "condition"),
             (("end", "steps", "*", "each_player"), "effect"),
             (("phases", "*", "measure"), "measure"),
             (("phases", "*", "against"), "measure"),
             (("phases", "*", "surplus"), "effect"),
             (("scoring", "*", "amount"), "amount")],
    # kinds of slot-row, piece-board and marker-track games
    "tracks": [(("records", "*", "locks", "*", "open"), "condition"),
               (("records", "*", "rewards", "*", "effect"), "effect"),
               (("records", "*", "spaces", "*", "*"), "effect"),
               (("records", "*", "fill", "bonuses", "*", "effect"), "effect"),
               (("records", "*", "limit"), "measure")],
    "pieces": [(("records", "*", "effect"), "effect"),
               (("records", "*", "effect_by_zone", "*"), "effect"),
               (("records", "*", "limit"), "condition")],
    "grid_columns": [(("records", "*", "cells", "*", "bonus"), "effect"),
                     (("records", "*", "tower"), "effect")],
    "action_cards": [(("records", "*", "effect"), "effect"),
                     (("records", "*", "requires"), "condition")],
    "contract_kinds": [(("records", "*", "after"), "effect")],
    "contracts": [(("records", "*", "bonus"), "effect"),
                  (("records", "*", "after"), "effect")],
    "deck_items": [(("records", "*", "effect"), "effect"),
              (("records", "*", "score"), "amount"),
              (("records", "*", "measure"), "measure"),
              (("records", "*", "condition"), "condition")],
    "bonus_boards": [(("records", "*", "spaces", "*", "bonus"), "effect")],
    "replacements": [(("records", "*", "effect"), "effect")],
    "modules": [(("records", "*", "setup", "add", "*", "each_player"), "effect"),
                (("records", "*", "setup", "replace", "*", "each_player"), "effect"),
                (("records", "*", "phases", "add", "*", "each_player"), "effect"),
                (("records", "*", "phases", "replace", "*", "each_player"), "effect"),
                (("records", "*", "phases", "add", "*", "measure"), "measure"),
                (("records", "*", "phases", "add", "*", "against"), "measure"),
                (("records", "*", "phases", "add", "*", "surplus"), "effect"),
                (("records", "*", "end_steps", "add", "*", "each_player"), "effect"),
                (("records", "*", "end_steps", "replace", "*", "each_player"), "effect")],
}


def dsl_paths(kind: str | None, data: object) -> list[tuple[Path_, str]]:
    """Every ``(path, dsl_kind)`` in ``data`` whose value is DSL text (strings only)."""
    out: list[tuple[Path_, str]] = []
    for pattern, dsl_kind in DSL_FIELDS.get(kind or "", []):
        for path, value in match_paths(data, pattern, ()):
            is_int = isinstance(value, int) and not isinstance(value, bool)
            if isinstance(value, str) or (is_int and dsl_kind == "amount"):
                out.append((path, dsl_kind))
    return out


def match_paths(data: object, pattern: tuple[str, ...], at: Path_) -> list[tuple[Path_, object]]:
    """Every ``(path, value)`` in ``data`` matching ``pattern`` (``*``: any key or index)."""
    if not pattern:
        return [(at, data)]
    head, rest = pattern[0], pattern[1:]
    if isinstance(data, dict):
        keys = list(data) if head == "*" else [head] if head in data else []
        return [m for k in keys for m in match_paths(data[k], rest, at + (k,))]
    if isinstance(data, list) and head == "*":
        return [m for i, v in enumerate(data) for m in match_paths(v, rest, at + (i,))]
    return []
