"""``Game``: the public face of the runtime (new game, decisions, save/resume, scores).

    game = Game.new(RULES, players=2, modules=("corporate_era",), seed=1)
    while not game.is_over:
        game.pending()        # {"player": i, "kind": str, "prompt": str, "options": [...]}
        game.apply(option)    # one of game.legal_actions()
    game.scores()             # see scoring.scores

Everything the game needs is in ``rules`` (the IR, composed with the modules) and its
state (plain JSON data, see setup.py); ``to_json()`` / ``load_game()`` save and resume a
game at any decision, and the resumed game plays on identically.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable
from typing import Any

from compiler.runtime.compose import compose, needed_modules
from compiler.runtime.context import Ctx, Index
from compiler.runtime.errors import MAX_DECISIONS, RulesError, check_bound
from compiler.runtime.machine import run
from compiler.runtime.scoring import scores
from compiler.runtime.setup import FORMAT, new_state

__all__ = ["Game", "load_game"]

class Game:
    """One game in progress. Build it with ``Game.new`` or ``load_game``."""

    def __init__(self, rules: dict[str, Any], state: dict[str, Any]) -> None:
        """``rules`` already composed (see compose.py); ``state`` as in setup.py."""
        self.rules = rules
        self._ctx = Ctx(rules, state, Index(rules))

    @classmethod
    def new(cls, rules: dict[str, Any], players: int = 2, modules: Iterable[str] = (),
            seed: int = 0) -> Game:
        """Compose ``modules``, set up a game for ``players`` players and run the setup.

        Raises RulesError for a player count outside the game's or a module's range, an
        unknown module, a missing required module, two conflicting modules, or a module
        the player count needs left off (``required_for_players``).
        """
        if rules.get("core"):  # a game in the core language runs on compiler.kernel
            from compiler.kernel import Game as CoreGame

            return CoreGame.new(rules, players, modules, seed)  # type: ignore[return-value]
        limits = (rules.get("game") or {}).get("players") or {}
        if not limits.get("min", 1) <= players <= limits.get("max", players):
            raise RulesError(f"this game is for {limits.get('min', 1)}-"
                             f"{limits.get('max')} players, not {players}")
        composed = compose(rules, modules, players)
        needed_modules(rules, composed["active_modules"], players)
        index = Index(composed)
        game = cls.__new__(cls)
        game.rules = composed
        game._ctx = Ctx(composed, new_state(composed, players, int(seed), index), index)
        run(game._ctx)
        return game

    @property
    def state(self) -> dict[str, Any]:
        """The live state (read it, do not change it; use ``to_json`` for a copy)."""
        return self._ctx.state

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

        Raises RulesError when the game is over, the action is not a legal option, or the
        game exceeds MAX_DECISIONS.
        """
        state = self.state
        pending = state["pending"]
        if pending is None:
            raise RulesError("the game is over: no decision is open")
        if action not in pending["options"]:
            raise RulesError(f"illegal action {json.dumps(action)} for decision "
                             f"'{pending['kind']}' of player {pending['player']}")
        state["decisions"] += 1
        check_bound("decisions", state["decisions"], MAX_DECISIONS)
        state["stack"][-1]["answer"] = copy.deepcopy(action)
        state["pending"] = None
        run(self._ctx)

    def scores(self) -> dict[str, Any]:
        """The final count (also mid-game: the count so far); see scoring.scores."""
        return scores(self._ctx)

    def replace_state(self, state: dict[str, Any]) -> None:
        """Go on from ``state``, an edited copy of this game's ``to_json()`` (tests and
        scenarios set up positions this way). The open decision is asked again, with
        options computed from the new state; answers already given are kept.

        Raises RulesError for a state of another format, modules or player count.
        """
        old = self.state
        if not isinstance(state, dict) or state.get("format") != FORMAT or \
                state.get("modules") != old["modules"] or \
                len(state.get("players") or []) != len(old["players"]):
            raise RulesError("replace_state needs a state of this game (same format, "
                             "modules and players)")
        self._ctx.state = json.loads(json.dumps(state))
        self._ctx.state["pending"] = None
        run(self._ctx)

    def to_json(self) -> dict[str, Any]:
        """A deep copy of the state: plain JSON data, for ``load_game``."""
        return json.loads(json.dumps(self.state))


def load_game(rules: dict[str, Any], state: dict[str, Any]) -> Game:
    """Resume a game saved with ``Game.to_json()`` under the same (uncomposed) ``rules``.

    Raises RulesError for a state of another format or with modules the rules lack.
    """
    if rules.get("core"):
        from compiler.kernel import load_game as core_load

        return core_load(rules, state)  # type: ignore[return-value]
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise RulesError("not a saved game of this runtime (format mismatch)")
    composed = compose(rules, state["modules"], len(state["players"]))
    return Game(composed, json.loads(json.dumps(state)))
