"""Rules tests as data: run a scenario file against a game's generated engine.

A scenario (YAML)::

    scenario: "Award tie: both players 5 VP, no second place"
    source: {doc: tm-rules-it, section: "Azione 4: finanziamento di una ricompensa"}
    game: terraforming_mars
    players: 3
    modules: []
    seed: 1
    given:                 # state set after setup: dotted path into Game.to_json() -> value
      players.0.stock.heat: 9
    when:                  # answers to the open decisions, in order
      - {act: award, id: thermalist}
      - {refused: {act: milestone, id: mayor}}    # must be rejected (RulesError)
    then:                  # dotted path -> expected value; roots: state (default),
      scores.players.0.breakdown.awards: 5        # scores (Game.scores()), pending, legal
      legal: {contains: {act: pass}}              # list tests: contains / lacks

Entry point: ``run_file(path, root)`` -> list of ``Outcome`` (one per failed or passed
expectation group); a failure names the scenario file and the line of the expectation.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.diagnostics import Span
from compiler.load import Document, load_text

__all__ = ["Outcome", "run_file"]


@dataclass
class Outcome:
    """The result of one scenario: ``failures`` are (span, message) pairs."""

    path: str
    title: str
    failures: list[tuple[Span, str]]

    @property
    def passed(self) -> bool:
        return not self.failures


class _Fail(Exception):
    def __init__(self, span: Span, message: str):
        super().__init__(message)
        self.span, self.message = span, message


def run_file(path: Path, shown: str) -> Outcome:
    """Run the scenario in ``path`` (``shown`` is the path printed in messages)."""
    doc, diags = load_text(shown, path.read_bytes())
    if doc is None or not isinstance(doc.data, dict):
        span = diags[0].span if diags else Span(shown)
        msg = diags[0].message if diags else "a scenario must be a YAML mapping"
        return Outcome(shown, "?", [(span, msg)])
    title = str(doc.data.get("scenario", path.stem))
    try:
        game = _new_game(doc)
        pending = game.pending() or {}
        _SEATS.update(first=int(pending.get("player", 0)), n=len(game.to_json()["players"]))
        _given(game, doc)
        game = _when(game, doc)
        failures = _then(game, doc)
    except _Fail as exc:
        failures = [(exc.span, exc.message)]
    except Exception as exc:  # an engine crash is a failed scenario, not a traceback
        failures = [(doc.span(()), f"the engine crashed: {type(exc).__name__}: {exc}")]
    finally:
        _SEATS.clear()
    return Outcome(shown, title, failures)


def _new_game(doc: Document) -> Any:
    data = doc.data
    for key in ("game", "players"):
        if key not in data:
            raise _Fail(doc.span(()), f"the scenario needs '{key}:'")
    try:
        pkg = importlib.import_module(f"generated.{data['game']}")
    except ImportError:
        raise _Fail(doc.span(("game",)), f"no generated engine for game {data['game']!r}; "
                    "run `rulesc build`") from None
    return _guard(doc, ("game",), lambda: pkg.new_game(
        players=int(data["players"]), modules=tuple(data.get("modules") or ()),
        seed=int(data.get("seed", 0))))


def _guard(doc: Document, where: tuple[Any, ...], fn: Any) -> Any:
    from compiler.runtime import RulesError

    try:
        return fn()
    except RulesError as exc:
        raise _Fail(doc.span(where), f"the engine refused: {exc}") from None


def _given(game: Any, doc: Document) -> None:
    given = doc.data.get("given") or {}
    if not given:
        return
    state = game.to_json()
    for key, value in given.items():
        _set(state, str(key), _seat_values(value), doc.key_span(("given", key)))
    game.replace_state(state)


def _when(game: Any, doc: Document) -> Any:
    from compiler.runtime import RulesError

    for i, step in enumerate(doc.data.get("when") or []):
        span = doc.span(("when", i))
        refused = isinstance(step, dict) and set(step) == {"refused"}
        action = _seat_values(step["refused"] if refused else step)
        try:
            game.apply(action)
        except RulesError as exc:
            if refused:
                continue
            legal = game.legal_actions()[:8]
            raise _Fail(span, f"step {i + 1} was refused: {exc}; legal now: {legal}") from None
        if refused:
            raise _Fail(span, f"step {i + 1} {action} was accepted, but must be refused")
    return game


def _seat_values(action: Any) -> Any:
    """``"@k"`` values in an action (e.g. a target player) become seat numbers."""
    if isinstance(action, dict):
        return {k: _seat_values(v) for k, v in action.items()}
    if isinstance(action, str) and action[:1] == "@" and action[1:].isdigit() and _SEATS:
        return (_SEATS["first"] + int(action[1:])) % _SEATS["n"]
    return action


def _then(game: Any, doc: Document) -> list[tuple[Span, str]]:
    failures = []
    roots = {"state": game.to_json(), "scores": game.scores(), "pending": game.pending(),
             "legal": game.legal_actions()}
    for key, expected in (doc.data.get("then") or {}).items():
        span = doc.key_span(("then", key))
        try:
            actual = _get(roots, str(key), span)
        except _Fail as exc:
            failures.append((exc.span, exc.message))
            continue
        problem = _compare(actual, _seat_values(expected))
        if problem:
            failures.append((span, f"{key}: {problem}"))
    return failures


def _compare(actual: Any, expected: Any) -> str:
    if isinstance(expected, dict) and set(expected) <= {"contains", "lacks"}:
        if not isinstance(actual, list):
            return f"is {actual!r}, not a list"
        if "contains" in expected and expected["contains"] not in actual:
            return f"does not contain {expected['contains']!r}"
        if "lacks" in expected and expected["lacks"] in actual:
            return f"contains {expected['lacks']!r}"
        return ""
    return "" if actual == expected else f"is {actual!r}, expected {expected!r}"


_SEATS: dict[str, int] = {}


def _steps(path: str) -> list[str]:
    """Split a dotted path; ``@k`` is the seat k places after the first player to act."""
    parts = [p for p in path.split(".") if p]
    if _SEATS:
        first, n = _SEATS["first"], _SEATS["n"]
        parts = [str((first + int(p[1:])) % n) if p[:1] == "@" and p[1:].isdigit() else p
                 for p in parts]
    return parts


def _get(roots: dict[str, Any], path: str, span: Span) -> Any:
    parts = _steps(path)
    node = roots[parts.pop(0)] if parts and parts[0] in roots else roots["state"]
    for part in parts:
        node = _child(node, part, span, path)
    return node


def _child(node: Any, part: str, span: Span, path: str) -> Any:
    is_index = part.lstrip("-").isdigit()
    if isinstance(node, list) and is_index and -len(node) <= int(part) < len(node):
        return node[int(part)]
    if isinstance(node, dict) and part in node:
        return node[part]
    raise _Fail(span, f"{path}: no '{part}' here (have: {_keys(node)})")


def _keys(node: Any) -> str:
    if isinstance(node, dict):
        return ", ".join(sorted(map(str, node))[:12])
    if isinstance(node, list):
        return f"a list of {len(node)}"
    return repr(node)


def _set(state: dict[str, Any], path: str, value: Any, span: Span) -> None:
    parts = _steps(path)
    if parts and parts[0] == "state":
        parts.pop(0)
    if not parts:
        raise _Fail(span, "an empty path")
    node: Any = state
    for part in parts[:-1]:
        node = _child(node, part, span, path)
    last = parts[-1]
    if isinstance(node, list) and last.isdigit():
        node[int(last)] = value
    elif isinstance(node, dict):
        node[last] = value
    else:
        raise _Fail(span, f"{path}: cannot set '{last}' on {_keys(node)}")
