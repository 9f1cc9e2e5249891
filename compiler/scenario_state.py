"""A scenario's reads and writes of a game's state: ``given`` (set a value at a dotted
path, of the same JSON type) and ``then`` (read a value, compare it, run list tests).

Failures are ``Failure(span, code, message, hint)``; the codes (T001-T010) are titled in
``compiler.diagnostics.CODES`` and documented with an example each in docs/diagnostics.md ("Scenario
failures"). Entry points: ``set_path`` (given), ``then_failures`` (then), ``Fail``,
``Failure``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Span, did_you_mean
from compiler.load import Document
from compiler.scenario_ids import unknown_word

__all__ = ["Fail", "Failure", "LIST_TESTS", "compare", "get_path", "list_test_problem",
           "said", "set_path", "then_failures"]

LIST_TESTS = ("contains", "lacks", "length", "within", "has", "has_no")
# The codes of `rulesc test` failures (compiler.diagnostics.CODES titles them too).
GIVEN, REFUSED, ACCEPTED, DIFFERS, UNKNOWN, CRASH = \
    "T004", "T005", "T006", "T007", "T008", "T010"


@dataclass(frozen=True)
class Failure:
    """One failure of a scenario: where (the file's line and column), its stable code,
    what is wrong and, when known, how to fix it."""

    span: Span
    code: str
    message: str
    hint: str = ""

    def format(self) -> str:
        """``path:line:col: FAIL[CODE]: message`` and, below, ``hint: ...``."""
        out = f"{self.span}: FAIL[{self.code}]: {self.message}"
        return out + (f"\n    hint: {self.hint}" if self.hint else "")


class Fail(Exception):
    """Raised where a scenario cannot go on; ``code`` '' is filled in by the caller
    (a seat out of range is a ``given``, ``when`` or ``then`` mistake, as it occurs)."""

    def __init__(self, span: Span, message: str, code: str = "", hint: str = ""):
        super().__init__(message)
        self.span, self.message, self.code, self.hint = span, message, code, hint

    def failure(self, code: str) -> Failure:
        """This failure, with ``code`` unless it has its own."""
        return Failure(self.span, self.code or code, self.message, self.hint)


def set_path(state: dict[str, Any], parts: list[str], value: Any, span: Span, path: str,
             maps: tuple[str, ...]) -> None:
    """Set ``value`` at ``parts`` of ``state`` (``given``); Fail when the path does not
    exist or the value is of another JSON type than the one there (``maps``: state maps
    that may get new keys)."""
    if parts and parts[0] == "state":
        parts = parts[1:]
    if not parts or "" in parts:
        raise Fail(span, f"{path!r}: an empty path or an empty part of one",
                   GIVEN, "write a dotted path into Game.to_json(), like players.@0.hand")
    node: Any = state
    for part in parts[:-1]:
        node = child(node, part, span, path)
    last = parts[-1]
    if isinstance(node, list) and last.isdigit() and int(last) < len(node):
        node[int(last)] = _typed(node[int(last)], value, span, path, maps)
    elif isinstance(node, dict) and last in node:
        node[last] = _typed(node[last], value, span, path, maps)
    elif isinstance(node, dict) and (parts[-2:-1] and parts[-2] in maps or not node):
        node[last] = value
    else:
        child(node, last, span, path)  # raises with a did-you-mean


def _typed(old: Any, new: Any, span: Span, path: str, maps: tuple[str, ...]) -> Any:
    """``new`` in place of ``old``: same JSON type; a mapping is merged key by key."""
    if old is None or new is None or isinstance(old, str) and isinstance(new, str):
        return new
    if isinstance(old, dict) and isinstance(new, dict):
        merged = dict(old)
        for k, v in new.items():
            if k not in old and path.split(".")[-1] not in maps and old:
                hint = did_you_mean(str(k), map(str, old)) or "have: " + keys_of(old)
                raise Fail(span, f"{path}: no '{k}' here ({hint})")
            merged[k] = _typed(old[k], v, span, f"{path}.{k}", maps) if k in old else v
        return merged
    same = type(old) is type(new) or {type(old), type(new)} <= {int, float}
    if not same:
        raise Fail(span, f"{path}: {said(new)} is {_a(new)}, but the value here is "
                   f"{_a(old)} ({said(old)})")
    return new


_TYPES = {bool: "true or false", int: "a whole number", float: "a number", str: "a text",
          list: "a list", dict: "a mapping", type(None): "null"}


def _a(value: Any) -> str:
    """What ``value`` is, in a scenario's words: "a whole number", "a text", "a list"."""
    return _TYPES.get(type(value), type(value).__name__)


def get_path(roots: dict[str, Any], parts: list[str], span: Span, path: str,
             absent: dict[str, Any] | None = None) -> Any:
    """The value at ``parts`` (``then``). With ``absent`` (the rules), a key missing from
    a mapping is null if it and the keys below it are words of the rules: an empty space
    has no entry ("board.s08.tile: null" holds; "board.s08.tile: city" is a value that
    differs, T007, not a path that does not exist); a typo still fails (T008)."""
    if not parts or "" in parts:
        raise Fail(span, f"{path!r}: an empty path or an empty part of one", UNKNOWN,
                   "write a dotted path, like players.@0.hand or scores.winner")
    node = roots[parts.pop(0)] if parts[0] in roots else roots["state"]
    for i, part in enumerate(parts):
        if absent is not None and isinstance(node, dict) and part not in node and \
                not any(unknown_word(absent, p) for p in parts[i:]):
            return None
        node = child(node, part, span, path)
    return node


def absent_below(roots: dict[str, Any], parts: list[str], path: str) -> str:
    """Why a ``then`` path read as null, when a key above its last is missing (more
    likely a misspelt key than an empty entry): `` (no 'production' under
    players.@0: have ...)``; '' when only the last key is missing or none is."""
    node = roots[parts[0]] if parts[0] in roots else roots["state"]
    shown = path.split(".")
    start = 1 if parts[0] in roots else 0
    for i in range(start, len(parts) - 1):
        if isinstance(node, list) and parts[i].lstrip("-").isdigit():
            node = node[int(parts[i])] if -len(node) <= int(parts[i]) < len(node) else None
            continue
        if not isinstance(node, dict):
            return ""
        if parts[i] not in node:
            hint = did_you_mean(parts[i], map(str, node)) or "have: " + keys_of(node)
            return f" (no '{shown[i]}' under {'.'.join(shown[:i]) or 'the state'}: {hint})"
        node = node[parts[i]]
    return ""


def child(node: Any, part: str, span: Span, path: str) -> Any:
    """``node``'s entry ``part`` (a key, or a list index, negative from the end)."""
    is_index = part.lstrip("-").isdigit()
    if isinstance(node, list) and is_index and -len(node) <= int(part) < len(node):
        return node[int(part)]
    if isinstance(node, dict) and part in node:
        return node[part]
    hint = did_you_mean(part, map(str, node)) if isinstance(node, dict) else ""
    raise Fail(span, f"{path}: no '{part}' here ({hint or 'have: ' + keys_of(node)})")


def keys_of(node: Any) -> str:
    """What ``node`` holds, for a message: its first keys, or its length."""
    if isinstance(node, dict):
        return ", ".join(sorted(map(str, node))[:12]) or "nothing"
    if isinstance(node, list):
        return f"a list of {len(node)}"
    return repr(node)


def list_test_problem(rules: dict[str, Any], expected: Any) -> str:
    """A mistake in a list test of ``then`` itself ('' when none): an unknown test, a
    ``length`` that is no whole number, a ``within`` that is no list, or a ``lacks`` /
    ``has_no`` of a word the rules never use (it would pass whatever the game did)."""
    if not isinstance(expected, dict):
        return ""
    unknown = sorted(map(str, set(expected) - set(LIST_TESTS)))
    if unknown:
        return f"unknown list test '{unknown[0]}' (use: {', '.join(LIST_TESTS)})"
    length = expected.get("length", 0)
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        return f"length: {length!r} is not a whole number of items"
    if not isinstance(expected.get("within", []), list):
        return f"within: {expected['within']!r} is not a list of the items allowed"
    for test in ("lacks", "has_no"):
        if test in expected:
            problem = unknown_word(rules, expected[test])
            if problem:
                return f"unknown list test value: {test}: {problem}"
    return ""


def compare(actual: Any, expected: Any) -> str:
    """'' when ``actual`` is ``expected`` (or passes its list tests, for a list and a
    mapping); else what differs."""
    if not (isinstance(actual, list) and isinstance(expected, dict)):
        return "" if actual == expected else f"is {said(actual)}, expected {said(expected)}"
    for want in _each(expected.get("contains"), actual):
        if want not in actual:
            return f"does not contain {said(want)}"
    for want in _each(expected.get("has"), actual):
        if not any(_partial(want, x) for x in actual):
            return f"has no item with {said(want)}"
    for want in _each(expected.get("has_no"), actual):
        if any(_partial(want, x) for x in actual):
            return f"has an item with {said(want)}"
    for want in _each(expected.get("lacks"), actual):
        if want in actual:
            return f"contains {said(want)}"
    if "length" in expected and len(actual) != expected["length"]:
        return f"has {len(actual)} items, expected {expected['length']}"
    outside = [x for x in actual if x not in (expected.get("within") or actual)]
    return f"has {said(outside[0])}, which is not in the 'within' list" if outside else ""


def _each(value: Any, actual: list[Any]) -> list[Any]:
    """The items a list test names: one item, or a list of items (each tested; a list
    that is itself an item of ``actual`` is that item); none when the test is absent."""
    if value is None:
        return []
    return value if isinstance(value, list) and value not in actual else [value]


def said(value: Any) -> str:
    """``value`` as a scenario writes it, in YAML's flow style: true, false, null, 3,
    'text', [a, b], {key: value} (Python would print True, None)."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, list):
        return "[" + ", ".join(map(said, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {said(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _partial(part: Any, item: Any) -> bool:
    """``item`` holds every key of mapping ``part`` with the same value."""
    if isinstance(part, dict) and isinstance(item, dict):
        return all(k in item and item[k] == v for k, v in part.items())
    return bool(part == item)


def then_failures(game: Any, doc: Document, seats: Any, box: dict[str, Any],
          structural: bool = False) -> list[Failure]:
    """The expectations that fail: T007 a value that differs, T008 a path, list test or
    word that does not exist. ``structural`` (after a ``given`` entry that could not be
    set or a failed ``when`` step): only the
    T008 mistakes of the file itself, not the values. ``box``: the rules of every
    module (a ``lacks`` may name a record of a module the scenario leaves off)."""
    failures = []
    state = game.to_json()
    roots = {"state": state, "scores": game.scores(), "pending": game.pending(),
             "legal": game.legal_actions(), "log": state.get("log", []),
             "warnings": state.get("warnings", [])}
    for key, expected in (doc.data.get("then") or {}).items():
        span = doc.key_span(("then", key))
        try:
            expected = seats.values(expected, span)
            parts = seats.path(str(key), span)
            actual = get_path(roots, list(parts), span, str(key), box)
        except Fail as exc:
            failures.append(exc.failure(UNKNOWN))
            continue
        mistake = list_test_problem(box, expected) if isinstance(actual, list) else ""
        if mistake:
            failures.append(Failure(span, UNKNOWN, f"{key}: {mistake}"))
            continue
        problem = compare(actual, expected)
        if problem and actual is None:
            problem += absent_below(roots, parts, str(key))
        if problem and not structural:
            failures.append(Failure(span, DIFFERS, f"{key}: {problem}"))
    return failures
