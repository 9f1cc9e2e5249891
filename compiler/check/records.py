"""Semantic checks on record fields that name other records (tags, tiles, steps...)."""

from __future__ import annotations

from typing import Any

from compiler.check.board_records import BOARD_REFS, BOARD_STEP_FIELDS, placeholders
from compiler.diagnostics import Diagnostic, Severity, Span
from compiler.dsl.fields import match_paths
from compiler.load import Document
from compiler.resolve.symbols import Symbols

# (document kind, path pattern, allowed symbol kinds, what)
REFS: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] = [
    ("cards", ("records", "*", "tags", "*"), ("tag",), "a card's tags"),
    ("cards", ("records", "*", "resource"), ("card_resource",), "a card's resource"),
    ("cards", ("records", "*", "module"), ("module",), "a card's module"),
    ("resources", ("records", "*", "pays_for", "tag"), ("tag",), "pays_for"),
    ("parameters", ("records", "*", "tr_track"), ("track",), "tr_track"),
    ("parameters", ("records", "*", "tile"), ("tile",), "a parameter's tile"),
    ("tiles", ("records", "*", "space"), ("space_type",), "a tile's space"),
    ("tiles", ("records", "*", "not_next_to", "tiles", "*"), ("tile",), "not_next_to"),
    ("tiles", ("records", "*", "not_next_to", "except_on", "*"), ("space",), "except_on"),
    ("board", ("spaces", "*", "type"), ("space_type",), "a space's type"),
    ("board", ("spaces", "*", "next_to", "*"), ("space",), "a space's neighbours"),
    ("board", ("adjacency_bonuses", "*", "tile"), ("tile",), "an adjacency bonus"),
    ("game", ("currency",), ("resource",), "the game's currency"),
    ("flow", ("round", "track"), ("track",), "the round track"),
    ("flow", ("end", "final_actions", "*"), ("action",), "the final actions"),
    ("modules", ("records", "*", "requires", "*"), ("module",), "requires"),
    ("modules", ("records", "*", "conflicts", "*"), ("module",), "conflicts"),
    ("modules", ("records", "*", "tracks", "*"), ("track",), "a module's tracks"),
    ("modules", ("records", "*", "setup", "add", "*", "city"), ("tile",), "neutral_cities"),
    ("modules", ("records", "*", "setup", "add", "*", "greenery"), ("tile",), "neutral_cities"),
    ("flow", ("setup", "*", "city"), ("tile",), "neutral_cities"),
    ("flow", ("setup", "*", "greenery"), ("tile",), "neutral_cities"),
]
STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "random_first_player": (), "next_first_player": (), "draw_and_buy": ("draw", "cost"),
    "draft": ("draw", "cost", "pass"), "turns": ("actions_per_turn",),
    "neutral_cities": ("discard", "city", "greenery"),
    **BOARD_STEP_FIELDS,
}
REFS += BOARD_REFS
STEP_KINDS = set(STEP_FIELDS)
REQUIRED = ("game", "flow")


def check_records(docs: list[Document], ir: dict[str, Any], sym: Symbols,
                  folder: str = "rules_data") -> list[Diagnostic]:
    """Reference, flow, module, adjacency and provisional-value checks.

    ``folder``: the rules folder as shown, named by R016 when it has no documents at all.
    """
    _declare_steps(docs, sym)
    out: list[Diagnostic] = []
    for doc in docs:
        out.extend(_refs(doc, sym))
        out.extend(_steps(doc))
        out.extend(_module_steps(doc, sym))
        out.extend(_provisional(doc))
        out.extend(placeholders(doc))
    out.extend(_adjacency(docs))
    out.extend(_required(docs, folder))
    return out


def _refs(doc: Document, sym: Symbols) -> list[Diagnostic]:
    out = []
    for kind, pattern, kinds, what in REFS:
        if doc.kind != kind:
            continue
        for path, value in match_paths(doc.data, pattern, ()):
            if kind == "modules" and pattern[-2] == "tracks":
                value = path[-1]
                span = doc.key_span(path)
            else:
                span = doc.span(path)
            if isinstance(value, str) and not any(sym.has(k, value) for k in kinds) \
                    and not sym.uncertain(kinds):
                out.append(sym.unknown(value, kinds, span, what))
    return out


def _declare_steps(docs: list[Document], sym: Symbols) -> None:
    for doc in docs:
        if doc.kind != "flow":
            continue
        for section in ("setup", "phases"):
            for i, step in enumerate(doc.data.get(section) or []):
                if isinstance(step, dict) and isinstance(step.get("id"), str):
                    sym.declare(section, step["id"], doc.span((section, i, "id")), step)


def _steps(doc: Document) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    patterns = [("setup", "*"), ("phases", "*"), ("end", "steps", "*"),
                ("records", "*", "setup", "add", "*"),
                ("records", "*", "setup", "replace", "*"), ("records", "*", "phases", "add", "*"),
                ("records", "*", "phases", "replace", "*")]
    if doc.kind not in ("flow", "modules"):
        return out
    for pattern in patterns:
        for path, step in match_paths(doc.data, pattern, ()):
            if not isinstance(step, dict):
                continue
            kind = step.get("step")
            if kind is not None and kind not in STEP_KINDS:
                out.append(Diagnostic(doc.span(path + ("step",)), "R013",
                                      f"unknown flow step kind '{kind}'",
                                      hint="one of: " + ", ".join(sorted(STEP_KINDS))))
            elif kind is not None and [k for k in STEP_FIELDS[kind] if k not in step]:
                missing = [k for k in STEP_FIELDS[kind] if k not in step]
                out.append(Diagnostic(doc.span(path + ("step",)), "R013",
                                      f"flow step '{kind}' needs {', '.join(missing)}",
                                      hint="see docs/data-format.md, Flow steps"))
            elif kind is None and "each_player" not in step:
                out.append(Diagnostic(doc.span(path), "R013", "a flow step needs 'step:' or "
                                      "'each_player:'", hint="see docs/data-format.md, Flow steps"))
    return out


def _module_steps(doc: Document, sym: Symbols) -> list[Diagnostic]:
    if doc.kind != "modules":
        return []
    out = []
    for section in ("setup", "phases"):
        for path, value in match_paths(doc.data, ("records", "*", section, "remove", "*"), ()):
            if isinstance(value, str) and not sym.has(section, value) \
                    and not sym.uncertain((section,)):
                out.append(_missing_step(sym, section, value, doc.span(path)))
        for pat in (("records", "*", section, "replace", "*", "id"),
                    ("records", "*", section, "add", "*", "after")):
            for path, value in match_paths(doc.data, pat, ()):
                if isinstance(value, str) and not sym.has(section, value) \
                        and not sym.uncertain((section,)):
                    out.append(_missing_step(sym, section, value, doc.span(path)))
    return out


def _missing_step(sym: Symbols, section: str, value: str, span: Span) -> Diagnostic:
    d = sym.unknown(value, (section,), span, f"a module's {section} change")
    return Diagnostic(span, "R014", f"module changes {section} step '{value}', which the flow "
                      "does not have", hint=d.hint)


def _provisional(doc: Document) -> list[Diagnostic]:
    """W001 for every ``{provisional: X, reason: ...}`` (a number the rulebook does not give)."""
    return [Diagnostic(doc.span(path), "W001", f"provisional value {v['provisional']!r}: "
                       f"{v.get('reason', 'no reason given')}", Severity.WARNING,
                       hint="replace it with the rulebook's number when known")
            for path, v in doc.walk() if isinstance(v, dict) and "provisional" in v]


def _adjacency(docs: list[Document]) -> list[Diagnostic]:
    out = []
    for doc in docs:
        if doc.kind != "board":
            continue
        spaces = [s for s in doc.data.get("spaces") or [] if isinstance(s, dict)]
        nbrs = {s.get("id"): set(s.get("next_to") or []) for s in spaces}
        for i, s in enumerate(spaces):
            for j, other in enumerate(s.get("next_to") or []):
                if other in nbrs and s.get("id") not in nbrs[other]:
                    out.append(Diagnostic(doc.span(("spaces", i, "next_to", j)), "R012",
                                          f"space {s.get('id')} lists {other} as a neighbour, "
                                          f"but {other} does not list {s.get('id')}",
                                          hint=f"add {s.get('id')} to {other}'s next_to"))
    return out


def _required(docs: list[Document], folder: str) -> list[Diagnostic]:
    kinds = {d.kind for d in docs}
    first = docs[0].path if docs else folder
    return [Diagnostic(Span(first), "R016", f"the game has no '{k}' document",
                       hint=f"add a {k}.yaml with 'kind: {k}'") for k in REQUIRED if k not in kinds]
