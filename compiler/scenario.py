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
A failure has a stable code (T001-T010, or R017 for an unknown ``source`` document, or the
L code of a file that does not load), documented in docs/diagnostics.md.
Entry point: ``run_file(path, shown)`` -> ``Outcome``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from compiler import scenario_state as st
from compiler.diagnostics import Severity, Span, did_you_mean
from compiler.load import Document, load_text
from compiler.scenario_ids import out_of_bounds, unknown_id, unknown_word
from compiler.scenario_shape import NEEDED_TO_START, as_json, header, legal_now, not_loaded
from compiler.scenario_state import Fail, Failure

__all__ = ["Failure", "Outcome", "run_file"]

MAX_AUTO = 500
SETUP, UNTIL, NOTHING = "T002", "T003", "T009"
FOLLOWS = "a given entry above could not be set (T004): this step may fail only because of it"


@dataclass
class Outcome:
    """The result of one scenario: its ``failures`` (none: it passed)."""

    path: str
    title: str
    failures: list[Failure]

    @property
    def passed(self) -> bool:
        return not self.failures


@dataclass
class _Seats:
    """``@k`` -> seat number, counted from the first player to act."""

    first: int
    n: int

    def seat(self, token: str, span: Span) -> str:
        k = int(token[1:])
        if k >= self.n:
            raise Fail(span, f"'{token}' names a seat, but the game has {self.n} players",
                       hint=f"seats are @0 to @{self.n - 1}")
        return str((self.first + k) % self.n)

    def path(self, path: str, span: Span) -> list[str]:
        return [self.seat(p, span) if _is_seat(p) else p for p in path.split(".")]

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
        return Outcome(shown, path.stem, [not_loaded(shown, diags)])
    title = str(doc.data.get("scenario", path.stem))
    errors = [Failure(d.span, d.code, d.message, d.hint) for d in diags
              if d.severity == Severity.ERROR]
    if errors:  # a duplicate key would otherwise be dropped, and test nothing
        return Outcome(shown, title, errors)
    failures, unusable = header(doc)   # every mistake of the file, where possible
    if unusable & set(NEEDED_TO_START):
        return Outcome(shown, title, failures)
    try:
        _play(doc, rules, unusable, failures)
    except Fail as exc:
        failures.append(exc.failure(SETUP))
    except Exception as exc:  # an engine crash is a failed scenario, not a traceback
        failures.append(Failure(doc.span(()), st.CRASH, f"the engine crashed: "
                                f"{type(exc).__name__}: {exc}", "report it with this "
                                "scenario: rules data `rulesc check` accepts must not crash"))
    return Outcome(shown, title, sorted(failures, key=lambda f: (f.span, f.code)))


def _play(doc: Document, rules: dict[str, Any] | None, unusable: set[str],
          failures: list[Failure]) -> None:
    """Set up the game, then ``given``, ``when`` and ``then``; add their failures to
    ``failures`` (the ``unusable`` sections, mistyped, are left out)."""
    ok = {k: k not in unusable for k in ("source", "given", "when", "then")}
    game, box = _new_game(doc, rules)
    failures += _source(doc, box) if ok["source"] else []
    _play_until(game, doc)
    pending = game.pending() or {}
    seats = _Seats(int(pending.get("player", 0)), len(game.to_json()["players"]))
    unset = _given(game, doc, seats, box) if ok["given"] else []
    refused = _when(game, doc, seats, box) if ok["when"] else []
    if unset:   # after a given not set, a step refused or accepted may follow from it
        refused = [replace(f, hint=f"{f.hint}; {FOLLOWS}".lstrip("; ")) if f.code in
                   (st.REFUSED, st.ACCEPTED) else f for f in refused]
    failures += unset + refused
    if ok["then"]:   # after a given not set, a step refused or a mistyped given or when
        failures += st.then_failures(game, doc, seats, box,  # the values would follow it
                                     structural=bool(unset or refused) or not ok["given"]
                                     or not ok["when"])
    steps = doc.data.get("when") or []
    if not doc.data.get("then") and not any(
            isinstance(s, dict) and set(s) == {"refused"} for s in steps):
        failures.append(Failure(doc.span(()), NOTHING, "the scenario tests nothing",
                                "add 'then:' with the values the rulebook gives, or a "
                                "'when' step '{refused: ...}'"))


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
    """The scenario's game and the rules of the whole box it is composed from; Fail
    (T002) for an unknown game or module, or a setup the rules refuse."""
    data = doc.data
    players, seed = data["players"], data.get("seed", 0)
    shipped = rules is None
    if rules is None:  # the project's own generated/ first, as `rulesc play` does
        from compiler.playtest.games import SetupError, game_package

        try:
            rules = game_package(str(data.get("game"))).RULES
        except SetupError as exc:
            raise Fail(doc.span(("game",)), str(exc), hint=(
                "a game of your own is played from its build: run `rulesc test` in the "
                "folder that holds its generated/ (`rulesc build` made it), or give its "
                "rules: `rulesc test SCENARIOS --rules PATH`")) from None
    else:  # --rules: the scenario must be for the game those rules are
        plays = str((rules.get("game") or {}).get("id", ""))
        if plays and str(data.get("game")) != plays:
            near = did_you_mean(str(data.get("game")), [plays])
            raise Fail(doc.span(("game",)), f"unknown game '{data.get('game')}': --rules "
                       f"plays '{plays}'" + (f"; {near}" if near else ""))
    modules = data.get("modules") or []
    _known_modules(doc, rules, modules, shipped)
    Game, RulesError = engine(rules)
    try:
        return Game.new(rules, players=players, modules=tuple(modules), seed=seed), rules
    except RulesError as exc:
        where = ("modules",) if "modules" in data and str(players) not in str(exc) \
            else ("players",)
        hint = ("write a player count the game allows (game.yaml `players`, and each "
                "module's `players`)" if where == ("players",) else
                f"the modules' `requires` and `conflicts` decide: `rulesc check "
                f"{data.get('game')} --modules {','.join(map(str, modules))}` names them")
        raise Fail(doc.span(where), f"the engine refused the setup: {exc}",
                   hint=hint) from None


def _known_modules(doc: Document, rules: dict[str, Any], modules: list[Any],
                   shipped: bool) -> None:
    """Fail (T002) at the first module id the game does not have."""
    known = [str(m) for m in rules.get("modules") or {}]
    for i, module in enumerate(modules):
        if module in known:
            continue
        near = did_you_mean(str(module), known)
        hint = f"{near} " if near else ""
        hint += f"this game's modules: {', '.join(known) or 'none'}"
        if shipped:
            hint += (f"; an expansion's module? test it with --rules PATH --on "
                     f"{doc.data.get('game')}")
        raise Fail(doc.span(("modules", i)), f"the engine refused the setup: unknown "
                   f"module {module!r}", hint=hint)


def _play_until(game: Any, doc: Document) -> None:
    """``play_until: KIND``: answer every open decision with its first option until a
    decision of that kind is open (e.g. ``action``: the setup's own choices are made),
    so that ``given`` edits a game whose setup is done. ``@0`` is then the player of that
    decision. Fail (T003) when none comes."""
    kind = doc.data.get("play_until")
    if not kind:
        return
    span = doc.span(("play_until",))
    if (game.pending() or {}).get("kind") == kind:
        return  # a decision of that kind is open already (a step of the same name is then
        # under way: the decision is what the scenario waits for)
    if hasattr(game, "play_until_step") and kind in _step_ids(game.rules):
        _, RulesError = engine(game.rules)
        try:
            reached = game.play_until_step(kind, MAX_AUTO)
        except RulesError as exc:
            raise Fail(span, f"play_until: {exc}", UNTIL) from None
        if not reached:
            raise Fail(span, f"step '{kind}' did not come within {MAX_AUTO} decisions", UNTIL)
        return
    seen: list[str] = []
    for _ in range(MAX_AUTO):
        pending = game.pending()
        if pending is not None and pending["kind"] == kind:
            return
        if pending is None:
            hint = did_you_mean(str(kind), seen + sorted(_step_ids(game.rules)))
            raise Fail(span, f"the game ended before a '{kind}' decision (decisions met: "
                       f"{', '.join(seen) or 'none'})", UNTIL, hint)
        if pending["kind"] not in seen:
            seen.append(pending["kind"])
        game.apply(pending["options"][0])
    raise Fail(span, f"no '{kind}' decision within {MAX_AUTO} decisions", UNTIL)


def _step_ids(rules: dict[str, Any]) -> set[str]:
    flow = rules.get("flow") or {}
    steps = (flow.get("setup") or []) + (flow.get("phases") or []) + \
        ((flow.get("end") or {}).get("steps") or [])
    return {s["id"] for s in steps if isinstance(s, dict) and "id" in s}


def _given(game: Any, doc: Document, seats: _Seats, box: dict[str, Any]) -> list[Failure]:
    """Set each ``given`` value; the failures (T004) of those that cannot be (the others
    are set, so the scenario goes on and its other mistakes are found in the same run).
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
            problem = (unknown_id(game.rules, below, value, box) or
                       out_of_bounds(game.rules, below, value)) if "" not in below else ""
            if problem:
                raise Fail(span, f"{key}: {problem}")
            st.set_path(state, parts, value, span, str(key), maps)
        except Fail as exc:
            failures.append(exc.failure(st.GIVEN))
    game.replace_state(state)
    return failures


def _source(doc: Document, rules: dict[str, Any]) -> list[Failure]:
    """A ``source: {doc: ...}`` naming a document the game does not list (game.yaml
    ``sources``): a misspelt citation, reported as ``rulesc check`` reports it in rules
    data (R017). A scenario without ``source`` is allowed."""
    source = doc.data.get("source")
    known = (rules.get("game") or {}).get("sources")
    if not isinstance(source, dict) or not isinstance(known, dict) or not known:
        return []
    cited = source.get("doc")
    if cited in known:
        return []
    hint = did_you_mean(str(cited), list(known))
    return [Failure(doc.span(("source", "doc") if cited is not None else ("source",)),
                    "R017", f"source: unknown document {cited!r} (this game's: "
                    f"{', '.join(known)})", hint)]


def _when(game: Any, doc: Document, seats: _Seats, box: dict[str, Any]) -> list[Failure]:
    """Apply the ``when`` steps; the failure of the first wrong one (the later steps
    would follow a game that went otherwise: not run). A step is refused (T005) when it
    is no option of the open decision (said from the decision itself, the deciding player
    numbered from 1) or the engine refuses it; a ``{refused: ...}`` step must be refused
    (T006) and must use the rules' own words (T008: a misspelt action is refused
    whatever the rules say)."""
    _, RulesError = engine(game.rules)
    for i, step in enumerate(doc.data.get("when") or []):
        span = doc.span(("when", i))
        refused = isinstance(step, dict) and set(step) == {"refused"}
        try:
            action = seats.values(step["refused"] if refused else step, span)
        except Fail as exc:
            return [exc.failure(st.REFUSED)]
        unknown = unknown_word(box, action) if refused else ""
        if unknown:
            return [Failure(span, st.UNKNOWN, f"step {i + 1}: refused: {unknown}",
                            "write the action as the engine lists it (rulesc replay LOG "
                            "--step N shows the options of a decision)")]
        pending = game.pending()
        if pending is None:   # refused or not: nothing the rules decide is tested
            return [Failure(span, st.REFUSED, f"step {i + 1}: the game is over, no "
                            "decision is open", "remove this step, or end the game later")]
        problem = _not_an_option(i, action, pending, seats)
        if not problem:
            try:
                game.apply(action)
            except RulesError as exc:
                problem = f"step {i + 1} was refused: {exc}"
        if problem and not refused:
            return [Failure(span, st.REFUSED, problem, legal_now(game))]
        if not problem and refused:
            return [Failure(span, st.ACCEPTED, f"step {i + 1} {as_json(action)} was accepted, "
                            "but must be refused", "the rules allow it: check the rulebook "
                            "and the rules data, or the state 'given' sets up")]
    return []


def _not_an_option(i: int, action: Any, pending: dict[str, Any], seats: _Seats) -> str:
    """'' when ``action`` is an option of the open decision ``pending``; else a message
    naming the decision and its player (numbered from 1, as every text output does, and
    as the scenario's ``@k``: ``player 2 (@0)`` when seat 1 acts first)."""
    if action in pending["options"]:
        return ""
    seat = int(pending["player"])
    near = _near_option(action, pending["options"])
    return (f"step {i + 1} was refused: {as_json(action)} is not an option of the "
            f"'{pending['kind']}' decision of player {seat + 1} "
            f"(@{(seat - seats.first) % seats.n})" + (f"; {near}" if near else ""))


def _near_option(action: Any, options: list[Any]) -> str:
    """``did you mean {...}?`` for the option that differs from ``action`` in one value
    only, a value like the one written (``asteroids``: ``asteroid``) or the only one
    holding it (``{act: convert, id: heat}``: ``heat_to_temperature``); else ''."""
    if not isinstance(action, dict):
        return ""
    near: dict[str, list[dict[str, Any]]] = {}
    for option in options:
        if isinstance(option, dict) and set(option) == set(action):
            differ = [k for k in action if option[k] != action[k]]
            if len(differ) == 1 and isinstance(option[differ[0]], str):
                near.setdefault(differ[0], []).append(option)
    for key, found in near.items():
        words, written = [str(o[key]) for o in found], str(action[key])
        holding = [w for w in words if written in w]
        close = difflib.get_close_matches(written, words, n=1) or \
            (holding if len(holding) == 1 else [])
        if close:
            return f"did you mean {as_json({**action, key: close[0]})}?"
    return ""
