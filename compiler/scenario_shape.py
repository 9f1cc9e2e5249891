"""The shape of a scenario file: its top-level keys and the JSON type of each.

A mistake here is T001 (docs/diagnostics.md): an unknown or missing key, or a value of
the wrong type, each reported, all in one run. Entry points: ``header(doc)`` -> the
failures, ``not_loaded(shown, diags)`` for a file that is no mapping; and how a failure
shows actions: ``as_json(value)``, ``legal_now(game)`` (the options open, for a hint).
"""

from __future__ import annotations

import json
from typing import Any

from compiler.diagnostics import Span, did_you_mean
from compiler.load import Document
from compiler.scenario_state import Failure

__all__ = ["KEYS", "NEEDED_TO_START", "SHAPE", "SHAPES", "as_json", "header", "legal_now",
           "not_loaded"]

SHAPE = "T001"
KEYS = ("scenario", "source", "game", "players", "modules", "seed", "play_until", "given",
        "when", "then")
# top-level key -> (JSON types allowed, what it must be): a wrong one is T001
SHAPES: dict[str, tuple[tuple[type, ...], str]] = {
    "scenario": ((str,), "a title in quotes"),
    "source": ((dict,), "a citation {doc: DOC, section: \"...\"}"),
    "game": ((str,), "a game id"), "players": ((int,), "a whole number of players"),
    "seed": ((int,), "a whole number"),
    "modules": ((list,), "a list of module ids, like [a, b]"),
    "play_until": ((str,), "a decision kind or a flow step id"),
    "given": ((dict,), "a mapping of dotted paths to values (path: value, one per line)"),
    "when": ((list,), "a list of answers, one per decision (each line starts with '- ', "
                      "like '- {act: pass}')"),
    "then": ((dict,), "a mapping of dotted paths to expected values (path: value)"),
}
NEEDED_TO_START = ("game", "players", "seed", "modules", "play_until")


def not_loaded(shown: str, diags: list[Any]) -> Failure:
    """The failure of a file that is no YAML mapping: its load error (an L code), or
    T001 for an empty file or another YAML value."""
    real = [d for d in diags if d.code != "L007"]
    if real:
        return Failure(real[0].span, real[0].code, real[0].message, real[0].hint)
    return Failure(diags[0].span if diags else Span(shown), SHAPE,
                   "a scenario is a YAML mapping, and this file is not one",
                   "start it with 'scenario: \"...\"', 'game: GAME' and 'players: N' "
                   "(README, \"Rules tests as data\")")


def header(doc: Document) -> tuple[list[Failure], set[str]]:
    """Every unknown, missing or mistyped top-level key (T001), and the keys whose value
    cannot be used (a mistyped one: its section is not run; one of ``NEEDED_TO_START``
    stops the scenario before the game is set up)."""
    out, unusable = [], set()
    for key in doc.data:
        if key not in KEYS:
            hint = did_you_mean(str(key), KEYS) or "allowed: " + ", ".join(KEYS)
            out.append(Failure(doc.key_span((key,)), SHAPE,
                               f"unknown scenario key '{key}'", hint))
            continue
        types, what = SHAPES[key]
        value: Any = doc.data[key]
        if value is None and key in ("given", "when", "then", "modules", "play_until"):
            continue   # written with nothing after it: none
        if isinstance(value, bool) or not isinstance(value, types) or isinstance(value, list) \
                and key == "modules" and not all(isinstance(m, str) for m in value):
            out.append(Failure(doc.span((key,)), SHAPE, f"{key}: {value!r} is not {what}"))
            unusable.add(key)
    for key in ("game", "players"):
        if key not in doc.data:
            out.append(Failure(doc.span(()), SHAPE, f"the scenario needs '{key}:'"))
            unusable.add(key)
    return out, unusable


def legal_now(game: Any, most: int = 40) -> str:
    """The options open now, as JSON (at most ``most``), for a refused step's hint."""
    items = game.legal_actions()
    if not items:
        return "no decision is open now"
    shown = ", ".join(as_json(x) for x in items[:most])
    more = f", ... ({len(items) - most} more)" if len(items) > most else ""
    return f"the options now: [{shown}{more}]"


def as_json(value: Any) -> str:
    """``value`` (an action, an option) as one line of JSON, its keys in their order and
    non-ASCII letters kept, as a scenario's messages quote it."""
    return json.dumps(value, ensure_ascii=False, sort_keys=False)
