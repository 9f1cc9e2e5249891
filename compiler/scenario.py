"""Rules tests as data: run a scenario file against a game's generated engine.

A scenario (YAML)::

    scenario: "Award tie: both players 5 VP, no second place"
    source: {doc: tm-rules-it, section: "Azione 4: finanziamento di una ricompensa"}
    game: terraforming_mars
    players: 3
    modules: []
    seed: 1
    play_until: action     # optional: first options until a decision of this kind is open
    given:                 # state set after setup: dotted path into Game.to_json() -> value
      players.0.stock.heat: 9
    when:                  # answers to the open decisions, in order
      - {act: award, id: thermalist}
      - {refused: {act: milestone, id: mayor}}    # must be rejected (RulesError)
    then:                  # dotted path -> expected value; roots: state (default),
      scores.players.0.breakdown.awards: 5        # scores (Game.scores()), pending, legal,
      legal: {contains: {act: pass}}              # log (events), warnings; list tests:
      log: {has: {event: placed, tile: ocean}}    # contains, lacks, length: N, within:
                                                  # [allowed items], has / has_no (an item
                                                  # holding these keys); contains, lacks,
                                                  # has, has_no: one item or a list of them

``play_until`` names a decision kind (first options are taken until one is open; a game
that ends first fails the scenario) or, in a game of the core language, a flow step id
(first options until that step is next; the state ``given`` sets is then in place when
it runs).

``@k`` in a path or value is the seat k places after the first player to act. ``given``
may only replace a value by one of the same type (a mapping is merged key by key) and may
add keys only to the state's maps (entries of map type in the game's state.yaml), so a
typo fails instead of silently testing nothing.
Entry point: ``run_file(path, shown)`` -> ``Outcome``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.diagnostics import Severity, Span, did_you_mean
from compiler.load import Document, load_text
from compiler.scenario_ids import unknown_id, unknown_word

__all__ = ["KEYS", "Outcome", "run_file"]

KEYS = ("scenario", "source", "game", "players", "modules", "seed", "play_until", "given",
        "when", "then")
MAX_AUTO = 500
LIST_TESTS = ("contains", "lacks", "length", "within", "has", "has_no")


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


@dataclass
class _Seats:
    """``@k`` -> seat number, counted from the first player to act."""

    first: int
    n: int

    def seat(self, token: str, span: Span) -> str:
        k = int(token[1:])
        if k >= self.n:
            raise _Fail(span, f"'{token}' names a seat, but the game has {self.n} players")
        return str((self.first + k) % self.n)

    def path(self, path: str, span: Span) -> list[str]:
        return [self.seat(p, span) if _is_seat(p) else p for p in path.split(".") if p]

    def values(self, value: Any, span: Span) -> Any:
        if isinstance(value, dict):
            return {k: self.values(v, span) for k, v in value.items()}
        if isinstance(value, list):
            return [self.values(v, span) for v in value]
        return int(self.seat(value, span)) if isinstance(value, str) and _is_seat(value) \
            else value


def _is_seat(token: Any) -> bool:
    return isinstance(token, str) and token[:1] == "@" and token[1:].isdigit()


def run_file(path: Path, shown: str, rules: dict[str, Any] | None = None) -> Outcome:
    """Run the scenario in ``path`` (``shown`` is the path printed in messages).

    ``rules``: an IR to play instead of the generated ``generated.<game>`` package (an
    expansion compiled with ``rulesc test --rules PATH --on GAME``).
    """
    doc, diags = load_text(shown, path.read_bytes())
    if doc is None or not isinstance(doc.data, dict):
        span = diags[0].span if diags else Span(shown)
        msg = f"{diags[0].message} ({diags[0].hint})" if diags else \
            "a scenario must be a YAML mapping"
        return Outcome(shown, path.stem, [(span, msg)])
    title = str(doc.data.get("scenario", path.stem))
    errors = [(d.span, d.message) for d in diags if d.severity == Severity.ERROR]
    if errors:  # a duplicate key would otherwise be dropped, and test nothing
        return Outcome(shown, title, errors)
    failures: list[tuple[Span, str]] = []   # every mistake of the file, where possible
    try:
        _keys(doc)
        game, box = _new_game(doc, rules)
        failures += _source(doc, box)
        _play_until(game, doc)
        pending = game.pending() or {}
        seats = _Seats(int(pending.get("player", 0)), len(game.to_json()["players"]))
        failures += _given(game, doc, seats, box)
        refused = _when(game, doc, seats)
        failures += refused + _then(game, doc, seats, box, structural=bool(refused))
        steps = doc.data.get("when") or []
        if not doc.data.get("then") and not any(
                isinstance(s, dict) and set(s) == {"refused"} for s in steps):
            failures.append((doc.span(()), "the scenario tests nothing: add 'then:' with "
                             "the values the rulebook gives, or a 'when' step "
                             "'{refused: ...}'"))
    except _Fail as exc:
        failures.append((exc.span, exc.message))
    except Exception as exc:  # an engine crash is a failed scenario, not a traceback
        failures = [(doc.span(()), f"the engine crashed: {type(exc).__name__}: {exc}")]
    return Outcome(shown, title, failures)


def _keys(doc: Document) -> None:
    """Raise for the first unknown or missing top-level key (nothing can run then)."""
    for key in doc.data:
        if key not in KEYS:
            hint = did_you_mean(str(key), KEYS) or "allowed: " + ", ".join(KEYS)
            raise _Fail(doc.key_span((key,)), f"unknown scenario key '{key}' ({hint})")
    for key in ("game", "players"):
        if key not in doc.data:
            raise _Fail(doc.span(()), f"the scenario needs '{key}:'")


def engine(rules: dict[str, Any]) -> tuple[Any, type[Exception]]:
    """The ``Game`` class and rules-error type that run ``rules``."""
    from compiler.runtime import Game, RulesError

    return Game, RulesError


def open_maps(rules: dict[str, Any]) -> tuple[str, ...]:
    """State maps a scenario's ``given`` may add keys to: every map entry of the state
    (the game's state.yaml)."""
    entries = [e for scope in (rules.get("state") or {}).values() for e in scope.items()]
    return tuple(name for name, e in entries
                 if isinstance(e.get("type"), list) and e["type"][:1] == ["map"])


def _new_game(doc: Document, rules: dict[str, Any] | None) -> tuple[Any, dict[str, Any]]:
    """The scenario's game and the rules of the whole box it is composed from."""
    data = doc.data
    players, seed = _whole(doc, "players", 1), _whole(doc, "seed", 0)
    shipped = rules is None
    if rules is None:  # the project's own generated/ first, as `rulesc play` does
        from compiler.playtest.games import SetupError, game_package

        try:
            rules = game_package(str(data.get("game"))).RULES
        except SetupError as exc:
            raise _Fail(doc.span(("game",)), str(exc)) from None
    else:  # --rules: the scenario must be for the game those rules are
        plays = str((rules.get("game") or {}).get("id", ""))
        if plays and str(data.get("game")) != plays:
            near = did_you_mean(str(data.get("game")), [plays])
            raise _Fail(doc.span(("game",)), f"unknown game '{data.get('game')}': --rules "
                        f"plays '{plays}'" + (f"; {near}" if near else ""))
    Game, RulesError = engine(rules)
    modules = data.get("modules") or []
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise _Fail(doc.span(("modules",)), "modules: a list of module ids, like [a, b]")
    try:
        return Game.new(rules, players=players, modules=tuple(modules), seed=seed), rules
    except RulesError as exc:
        where = ("modules",) if "module" in str(exc) and "modules" in data else ("players",)
        more = f" (an expansion's module? test it with --rules PATH --on {data.get('game')})" \
            if "unknown module" in str(exc) and shipped else ""
        raise _Fail(doc.span(where), f"the engine refused the setup: {exc}{more}") from None


def _whole(doc: Document, key: str, default: int) -> int:
    value = doc.data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Fail(doc.span((key,)), f"{key}: {value!r} is not a whole number")
    return value


def _play_until(game: Any, doc: Document) -> None:
    """``play_until: KIND``: answer every open decision with its first option until a
    decision of that kind is open (e.g. ``action``: the setup's own choices are made),
    so that ``given`` edits a game whose setup is done. ``@0`` is then the player of that
    decision."""
    kind = doc.data.get("play_until")
    if not kind:
        return
    if (game.pending() or {}).get("kind") == kind:
        return  # a decision of that kind is open already (a step of the same name is then
        # under way: the decision is what the scenario waits for)
    if hasattr(game, "play_until_step") and kind in _step_ids(game.rules):
        _, RulesError = engine(game.rules)
        try:
            reached = game.play_until_step(kind, MAX_AUTO)
        except RulesError as exc:
            raise _Fail(doc.span(("play_until",)), f"play_until: {exc}") from None
        if not reached:
            raise _Fail(doc.span(("play_until",)), f"step '{kind}' did not come within "
                        f"{MAX_AUTO} decisions")
        return
    seen: list[str] = []
    for _ in range(MAX_AUTO):
        pending = game.pending()
        if pending is not None and pending["kind"] == kind:
            return
        if pending is None:
            hint = did_you_mean(str(kind), seen + sorted(_step_ids(game.rules)))
            raise _Fail(doc.span(("play_until",)), f"the game ended before a '{kind}' "
                        f"decision (decisions met: {', '.join(seen) or 'none'})"
                        + (f"; {hint}" if hint else ""))
        if pending["kind"] not in seen:
            seen.append(pending["kind"])
        game.apply(pending["options"][0])
    raise _Fail(doc.span(("play_until",)), f"no '{kind}' decision within {MAX_AUTO} decisions")


def _step_ids(rules: dict[str, Any]) -> set[str]:
    flow = rules.get("flow") or {}
    steps = (flow.get("setup") or []) + (flow.get("phases") or []) + \
        ((flow.get("end") or {}).get("steps") or [])
    return {s["id"] for s in steps if isinstance(s, dict) and "id" in s}


def _given(game: Any, doc: Document, seats: _Seats, box: dict[str, Any]
           ) -> list[tuple[Span, str]]:
    """Set each ``given`` value; the failures of those that cannot be (the others are
    set, so the scenario goes on and its other mistakes are found in the same run).
    ``box``: the whole game's rules (an id of a module left off is said so)."""
    given = doc.data.get("given") or {}
    if not given:
        return []
    state = game.to_json()
    maps = open_maps(game.rules)
    failures = []
    for key, value in given.items():
        span = doc.key_span(("given", key))
        try:
            parts, value = seats.path(str(key), span), seats.values(value, span)
            below = parts[1:] if parts[:1] == ["state"] else parts
            problem = unknown_id(game.rules, below, value, box)
            if problem:
                raise _Fail(span, f"{key}: {problem}")
            _set(state, parts, value, span, str(key), maps)
        except _Fail as exc:
            failures.append((exc.span, exc.message))
    game.replace_state(state)
    return failures


def _source(doc: Document, rules: dict[str, Any]) -> list[tuple[Span, str]]:
    """A ``source: {doc: ...}`` naming a document the game does not list (game.yaml
    ``sources``): a misspelt citation, as ``rulesc check`` reports it in rules data
    (R017). A scenario without ``source`` is allowed."""
    source = doc.data.get("source")
    known = (rules.get("game") or {}).get("sources")
    if source is None or not isinstance(known, dict) or not known:
        return []
    cited = source.get("doc") if isinstance(source, dict) else None
    if cited in known:
        return []
    hint = did_you_mean(str(cited), list(known))
    return [(doc.span(("source", "doc") if cited is not None else ("source",)),
             f"source: unknown document {cited!r} (this game's: {', '.join(known)})"
             + (f"; {hint}" if hint else ""))]


def _when(game: Any, doc: Document, seats: _Seats) -> list[tuple[Span, str]]:
    """Apply the ``when`` steps; the failure of the first wrong one (the later steps
    would follow a game that went otherwise: not run)."""
    _, RulesError = engine(game.rules)
    steps = doc.data.get("when") or []
    if not isinstance(steps, list):
        return [(doc.span(("when",)), "when: a list of answers, one per decision "
                 "(each line starts with '- ', like '- {act: pass}')")]
    for i, step in enumerate(steps):
        span = doc.span(("when", i))
        refused = isinstance(step, dict) and set(step) == {"refused"}
        try:
            action = seats.values(step["refused"] if refused else step, span)
            game.apply(action)
        except _Fail as exc:
            return [(exc.span, exc.message)]
        except RulesError as exc:
            if refused:
                continue
            return [(span, f"step {i + 1} was refused: {_refusal(game, exc)}; legal now: "
                     f"{_shorten(game.legal_actions())}")]
        if refused:
            return [(span, f"step {i + 1} {action} was accepted, but must be refused")]
    return []


def _refusal(game: Any, exc: Exception) -> str:
    """The engine's refusal with the deciding player numbered from 1, as in every text
    output (the engine's message numbers seats from 0, as its API does)."""
    pending = game.state.get("pending")
    if pending is None or " of player " not in str(exc):
        return str(exc)
    return str(exc).rsplit(" of player ", 1)[0] + f" of player {pending['player'] + 1}"


def _shorten(items: list[Any], most: int = 40) -> str:
    shown = ", ".join(map(str, items[:most]))
    return f"[{shown}, ... ({len(items) - most} more)]" if len(items) > most else f"[{shown}]"


def _then(game: Any, doc: Document, seats: _Seats, box: dict[str, Any],
          structural: bool = False) -> list[tuple[Span, str]]:
    """The expectations that fail; ``structural`` (after a failed ``when`` step): only
    the mistakes of the file itself (an unknown path, list test or word), not the
    values. ``box``: the rules of every module (a ``lacks`` may name a record of a
    module the scenario leaves off)."""
    failures = []
    state = game.to_json()
    roots = {"state": state, "scores": game.scores(), "pending": game.pending(),
             "legal": game.legal_actions(), "log": state.get("log", []),
             "warnings": state.get("warnings", [])}
    for key, expected in (doc.data.get("then") or {}).items():
        span = doc.key_span(("then", key))
        try:
            expected = seats.values(expected, span)
            actual = _get(roots, seats.path(str(key), span), span, str(key),
                          box if expected is None else None)
            problem = _unknown_negative(box, expected) or _compare(actual, expected)
        except _Fail as exc:
            failures.append((exc.span, exc.message))
            continue
        if problem and not (structural and not problem.startswith("unknown list test")):
            failures.append((span, f"{key}: {problem}"))
    return failures


def _unknown_negative(rules: dict[str, Any], expected: Any) -> str:
    """A ``lacks`` or ``has_no`` test of a word the rules never use (a misspelt id)."""
    if not isinstance(expected, dict):
        return ""
    for test in ("lacks", "has_no"):
        if test in expected:
            problem = unknown_word(rules, expected[test])
            if problem:
                return f"unknown list test value: {test}: {problem}"
    return ""


def _compare(actual: Any, expected: Any) -> str:
    if isinstance(actual, list) and isinstance(expected, dict):
        unknown = sorted(set(expected) - set(LIST_TESTS))
        if unknown:
            return f"unknown list test '{unknown[0]}' (use: {', '.join(LIST_TESTS)})"
        for want in _each(expected.get("contains"), actual):
            if want not in actual:
                return f"does not contain {want!r}"
        for want in _each(expected.get("has"), actual):
            if not any(_partial(want, x) for x in actual):
                return f"has no item with {want!r}"
        for want in _each(expected.get("has_no"), actual):
            if any(_partial(want, x) for x in actual):
                return f"has an item with {want!r}"
        for want in _each(expected.get("lacks"), actual):
            if want in actual:
                return f"contains {want!r}"
        if "length" in expected and len(actual) != expected["length"]:
            return f"has {len(actual)} items, expected {expected['length']}"
        outside = [x for x in actual if x not in (expected.get("within") or actual)]
        return f"has {outside[0]!r}, which is not in the 'within' list" if outside else ""
    return "" if actual == expected else f"is {actual!r}, expected {expected!r}"


def _each(value: Any, actual: list[Any]) -> list[Any]:
    """The items a list test names: one item, or a list of items (each tested; a list
    that is itself an item of ``actual`` is that item); none when the test is absent."""
    if value is None:
        return []
    return value if isinstance(value, list) and value not in actual else [value]


def _partial(part: Any, item: Any) -> bool:
    """``item`` holds every key of mapping ``part`` with the same value."""
    if isinstance(part, dict) and isinstance(item, dict):
        return all(k in item and item[k] == v for k, v in part.items())
    return bool(part == item)


def _get(roots: dict[str, Any], parts: list[str], span: Span, path: str,
         absent: dict[str, Any] | None = None) -> Any:
    """The value at ``parts``. With ``absent`` (the rules, when ``null`` is expected), a
    key missing from a mapping is null if it and the keys below it are words of the
    rules: an empty space has no entry ("board.s08.tile: null"), a typo still fails."""
    node = roots[parts.pop(0)] if parts and parts[0] in roots else roots["state"]
    for i, part in enumerate(parts):
        if absent is not None and isinstance(node, dict) and part not in node and \
                not any(unknown_word(absent, p) for p in parts[i:]):
            return None
        node = _child(node, part, span, path)
    return node


def _child(node: Any, part: str, span: Span, path: str) -> Any:
    is_index = part.lstrip("-").isdigit()
    if isinstance(node, list) and is_index and -len(node) <= int(part) < len(node):
        return node[int(part)]
    if isinstance(node, dict) and part in node:
        return node[part]
    hint = did_you_mean(part, map(str, node)) if isinstance(node, dict) else ""
    raise _Fail(span, f"{path}: no '{part}' here ({hint or 'have: ' + _keys_of(node)})")


def _keys_of(node: Any) -> str:
    if isinstance(node, dict):
        return ", ".join(sorted(map(str, node))[:12]) or "nothing"
    if isinstance(node, list):
        return f"a list of {len(node)}"
    return repr(node)


def _set(state: dict[str, Any], parts: list[str], value: Any, span: Span, path: str,
         maps: tuple[str, ...]) -> None:
    if parts and parts[0] == "state":
        parts = parts[1:]
    if not parts:
        raise _Fail(span, "an empty path")
    node: Any = state
    for part in parts[:-1]:
        node = _child(node, part, span, path)
    last = parts[-1]
    if isinstance(node, list) and last.isdigit() and int(last) < len(node):
        node[int(last)] = _typed(node[int(last)], value, span, path, maps)
    elif isinstance(node, dict) and last in node:
        node[last] = _typed(node[last], value, span, path, maps)
    elif isinstance(node, dict) and (parts[-2:-1] and parts[-2] in maps or not node):
        node[last] = value
    else:
        _child(node, last, span, path)  # raises with a did-you-mean


def _typed(old: Any, new: Any, span: Span, path: str, maps: tuple[str, ...]) -> Any:
    """``new`` in place of ``old``: same JSON type; a mapping is merged key by key."""
    if old is None or new is None or isinstance(old, str) and isinstance(new, str):
        return new
    if isinstance(old, dict) and isinstance(new, dict):
        merged = dict(old)
        for k, v in new.items():
            if k not in old and path.split(".")[-1] not in maps and old:
                hint = did_you_mean(str(k), map(str, old)) or "have: " + _keys_of(old)
                raise _Fail(span, f"{path}: no '{k}' here ({hint})")
            merged[k] = _typed(old[k], v, span, f"{path}.{k}", maps) if k in old else v
        return merged
    same = type(old) is type(new) or {type(old), type(new)} <= {int, float}
    if not same:
        raise _Fail(span, f"{path}: {new!r} is {_a(type(new).__name__)}, but the value "
                    f"here is {_a(type(old).__name__)} ({old!r})")
    return new


def _a(word: str) -> str:
    """``word`` with its indefinite article: "an int", "a str"."""
    return ("an " if word[:1] in "aeiou" else "a ") + word
