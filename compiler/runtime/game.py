"""``Game``: the public face of the kernel (new game, decisions, save/resume, scores).

    game = Game.new(RULES, players=2, modules=("corporate_era",), seed=1)
    while not game.is_over:
        game.pending()        # {"player": i, "kind": str, "prompt": str, "options": [...]}
        game.apply(option)    # one of game.legal_actions()
    game.scores()             # see compiler.runtime.flow.scores

Everything the game needs is in ``rules`` (the IR composed with the modules) and its
state (plain JSON data); ``to_json()`` / ``load_game()`` save and resume a game at any
decision, and the resumed game plays on identically.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from compiler.runtime.compose import compose, needed_modules
from compiler.runtime.ctx import Ctx
from compiler.runtime.errors import MAX_DECISIONS, RulesError, check_bound
from compiler.runtime.flow import FORMAT, new_state, scores
from compiler.runtime.index import Index
from compiler.runtime.lazy import link_code
from compiler.runtime.machine import run
from compiler.runtime.values import clone

__all__ = ["ENGINES", "Game", "code_for", "load_game", "register_code"]

_INDEX: dict[int, tuple[dict[str, Any], Index]] = {}
_CODE: dict[int, tuple[dict[str, Any], dict[int, Any]]] = {}
ENGINES = ("compiled", "interpreter")


def register_code(rules: dict[str, Any], code: dict[int, Any]) -> None:
    """Use ``code`` (compiled expressions, ``{x: function}``) for games of ``rules``:
    generated engine packages register theirs when imported (the functions of a lazy
    table's parts are added to ``code`` as the parts load: ``lazy.link_code``)."""
    _CODE[id(rules)] = (rules, code)
    link_code(rules, code)


def code_for(rules: dict[str, Any], engine: str) -> dict[int, Any]:
    """The compiled functions for ``rules`` (none for the interpreter, or when the rules
    have no compiled engine). Raises RulesError for an unknown engine name."""
    if engine not in ENGINES:
        raise RulesError(f"unknown engine '{engine}' (one of: {', '.join(ENGINES)})")
    hit = _CODE.get(id(rules))
    return hit[1] if engine == "compiled" and hit is not None and hit[0] is rules else {}


def index_of(rules: dict[str, Any]) -> Index:
    """The lookups of composed ``rules`` (built once per composed rules)."""
    hit = _INDEX.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_INDEX) > 64:
            _INDEX.clear()
        hit = _INDEX[id(rules)] = (rules, Index(rules))
    return hit[1]


class Game:
    """One game in progress. Build it with ``Game.new`` or ``load_game``."""

    def __init__(self, rules: dict[str, Any], state: dict[str, Any],
                 code: dict[int, Any] | None = None) -> None:
        """``rules`` already composed; ``state`` as ``compiler.runtime.flow`` describes;
        ``code`` the compiled expressions (None: interpret everything)."""
        self.rules = rules
        self._ctx = Ctx(rules, state, index_of(rules))
        self._ctx.code = code or {}

    @classmethod
    def new(cls, rules: dict[str, Any], players: int = 2, modules: Iterable[str] = (),
            seed: int = 0, engine: str = "compiled", trace: bool = False) -> Game:
        """Compose ``modules``, set up a game for ``players`` players, run to the first
        decision. ``engine``: ``compiled`` (the generated functions, when the rules have
        them) or ``interpreter``. Raises RulesError for a player count outside the
        game's or a module's range, an unknown module, a missing or conflicting module."""
        code = code_for(rules, engine)
        composed = compose(rules, modules, players)
        needed_modules(rules, composed["active_modules"], players)
        game = cls(composed, new_state(composed, players, int(seed), index_of(composed)), code)
        game._ctx.trace = Counter() if trace else None
        run(game._ctx)
        return game

    @property
    def state(self) -> dict[str, Any]:
        """The live state (read it, do not change it; ``to_json`` gives a copy)."""
        return self._ctx.state

    @property
    def fired(self) -> Counter[Any]:
        """With ``trace=True``: how often each statement ran (by node id) and each option
        of a decision was taken (by ``(decision id, alternative)``); trial runs excluded."""
        return self._ctx.trace if self._ctx.trace is not None else Counter()

    @property
    def is_over(self) -> bool:
        return bool(self.state["over"])

    def pending(self) -> dict[str, Any] | None:
        """The open decision ``{"player", "kind", "prompt", "options"}``; None when over."""
        return copy.deepcopy(self.state["pending"])

    def legal_actions(self) -> list[Any]:
        """The options of the open decision (JSON data); [] when the game is over."""
        pending = self.state["pending"]
        return copy.deepcopy(pending["options"]) if pending else []

    def apply(self, action: Any) -> None:
        """Answer the open decision with ``action`` (one of ``legal_actions()``).

        Raises RulesError when the game is over, the action is not a legal option, or
        the game exceeds MAX_DECISIONS.
        """
        state, pending = self.state, self.state["pending"]
        if pending is None:
            raise RulesError("the game is over: no decision is open")
        if action not in pending["options"]:
            seat = pending["player"]  # people count players from 1, pending() from 0
            raise RulesError(f"illegal action {json.dumps(action)} for decision "
                             f"'{pending['kind']}' of player {seat + 1} (seat {seat}, "
                             f"pending()[\"player\"]): answer one of game.legal_actions(): "
                             f"{len(pending['options'])} options")
        state["decisions"] += 1
        check_bound("decisions", state["decisions"], MAX_DECISIONS)
        state["stack"][-1]["ans"] = clone(action)  # JSON data: one of the options
        state["pending"] = None
        run(self._ctx)

    def play_until_step(self, step: str, limit: int = 2000) -> bool:
        """Answer every decision with its first option until flow step ``step`` (a setup
        step, phase or end step id) is next; stop there, before it runs (scenarios set
        up a position this way). Returns False when the game ended or ``limit``
        decisions passed first. Raises RulesError when ``step`` has already begun this
        round (it would only come back in the next one) or is a setup step already done."""
        ctx = self._ctx
        _check_not_begun(self.rules, self.state, step)
        for _ in range(limit):
            ctx.pause_at = step
            run(ctx)
            if ctx.paused:
                ctx.paused = False
                return True
            if self.state["pending"] is None:
                return False
            self.apply(self.state["pending"]["options"][0])
        ctx.pause_at = None
        return False

    def scores(self) -> dict[str, Any]:
        """The final count (mid-game: the count so far); see ``flow.scores``."""
        return scores(self._ctx)

    def replace_state(self, state: dict[str, Any]) -> None:
        """Go on from ``state``, an edited copy of this game's ``to_json()``: the open
        decision is asked again with options computed from the new state.

        Raises RulesError for a state of another game, format, modules or player count,
        or not a whole saved game (``check_saved``)."""
        old = self.state
        check_saved(self.rules, state)
        if state["modules"] != old["modules"] or len(state["players"]) != len(old["players"]):
            raise RulesError("replace_state needs a state of this game (same format, "
                             "modules and players)")
        new = json.loads(json.dumps(state))
        new["pending"] = None
        if new["stack"]:
            new["stack"][-1].pop("opts", None)
        code, trace = self._ctx.code, self._ctx.trace
        self._ctx = Ctx(self.rules, new, self._ctx.index)
        self._ctx.code, self._ctx.trace = code, trace
        run(self._ctx)

    def to_json(self) -> dict[str, Any]:
        """A deep copy of the state: plain JSON data, for ``load_game``."""
        return json.loads(json.dumps(self.state))


def _check_not_begun(rules: dict[str, Any], state: dict[str, Any], step: str) -> None:
    flow = rules.get("flow") or {}
    frame = next((f for f in state["stack"] if f.get("k") == "flow"), None)
    if frame is None:
        return
    for stage, steps in (("setup", flow.get("setup") or []),
                         ("round", flow.get("phases") or [])):
        ids = [s.get("id") for s in steps]
        order = ("setup", "round", "end", "done")
        here, there = order.index(frame["s"]), order.index(stage)
        if step in ids and (here > there or (here == there and ids.index(step) < frame["i"])):
            raise RulesError(f"step '{step}' has already begun (round {state['round']}): "
                             "stop at a decision inside it (its kind) or at a step before it")


def load_game(rules: dict[str, Any], state: dict[str, Any], engine: str = "compiled") -> Game:
    """Resume a game saved with ``Game.to_json()`` under the same (uncomposed) rules
    (either engine may resume a game the other saved). Raises RulesError for a state of
    another game or format, with modules the rules lack, or not whole (``check_saved``)."""
    check_saved(rules, state)
    composed = compose(rules, state["modules"], len(state["players"]))
    check_saved(composed, state)
    return Game(composed, json.loads(json.dumps(state)), code_for(rules, engine))


_KEYS = {"seed": int, "rng_uses": int, "modules": list, "round": int, "players": list,
         "grants": list, "log": list, "warnings": list, "stack": list, "over": bool,
         "decisions": int, "pending": dict | None}


def check_saved(rules: dict[str, Any], state: Any) -> None:
    """RulesError unless ``state`` is a whole saved game of ``rules``: this kernel's
    format, the game's id (a state saved before ids were kept has none), every kernel
    key with its type and, for composed ``rules`` (the player count checked), every
    state entry (``players.1.hand`` for a player's). Checked once, at load."""
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise RulesError("not a saved game of this kernel (format mismatch)")
    want = (rules.get("game") or {}).get("id")
    if state.get("game", want) != want:
        raise RulesError(f"a saved game of {state['game']}, not {want}")
    for key, kind in _KEYS.items():
        if not isinstance(state.get(key, ...), kind):
            found = f"a {type(state[key]).__name__}" if key in state else "missing"
            name = getattr(kind, "__name__", kind)
            raise RulesError(f"a saved game's '{key}' is {found}, not {name}: load a whole "
                             "state from Game.to_json()")
    entries = rules.get("state") or {}
    lost = [f"'{k}'" for k in entries.get("game") or {} if k not in state] + \
        [f"'players.{i}.{k}'" for i, p in enumerate(state["players"])
         for k in entries.get("player") or {} if not isinstance(p, dict) or k not in p]
    if lost:
        raise RulesError(f"a saved game without {', '.join(lost)}: Game.to_json() gives them")
