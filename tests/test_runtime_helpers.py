"""Helpers shared by the runtime tests (this module holds no tests).

The rules come from ``compile_game`` on the shipped data (compiled once per session);
``invariants`` states what must hold after every action of any game.
"""

from __future__ import annotations

import functools
from typing import Any

from compiler.pipeline import compile_game
from compiler.runtime import Game
from compiler.runtime.machine import run
from tests.conftest import ROOT, TM_RULES


@functools.lru_cache(maxsize=1)
def rules() -> dict[str, Any]:
    """The Terraforming Mars IR (plain dicts), as the generated package carries it."""
    return compile_game(TM_RULES, ROOT).ir


@functools.lru_cache(maxsize=1)
def bare_rules() -> dict[str, Any]:
    """The IR without ``required_for_players``: unit tests of one mechanic may then use a
    single player without the solo variant (whose setup would get in the way)."""
    import copy

    out = copy.deepcopy(rules())
    for module in out["modules"].values():
        module.pop("required_for_players", None)
    return out


def new(players: int = 2, modules: tuple[str, ...] = (), seed: int = 0) -> Game:
    """A game on the real rules; one player without "solo" uses ``bare_rules()``."""
    base = bare_rules() if players == 1 and "solo" not in modules else rules()
    return Game.new(base, players=players, modules=modules, seed=seed)


def refresh(game: Game) -> None:
    """Ask the open decision again after a test changed the state by hand."""
    game.state["pending"] = None
    for frame in game.state["stack"]:
        frame.pop("tmp", None)
    run(game._ctx)


def pick(game: Game, **fields: Any) -> Any:
    """Apply the one legal option whose keys include ``fields``; return it."""
    matches = [o for o in game.legal_actions()
               if isinstance(o, dict) and all(o.get(k) == v for k, v in fields.items())]
    assert matches, f"no option with {fields} in {game.legal_actions()}"
    game.apply(matches[0])
    return matches[0]


def kind(game: Game) -> str | None:
    pending = game.pending()
    return pending["kind"] if pending else None


def play_until(game: Game, stop: Any, policy: Any) -> None:
    """Let ``policy`` answer until ``stop(game)`` holds or the game is over."""
    while not game.is_over and not stop(game):
        game.apply(policy.choose(game))


def invariants(game: Game) -> None:
    """What holds after every action (raises AssertionError naming the broken one)."""
    r, s = game.rules, game.state
    for i, pl in enumerate(s["players"]):
        assert all(v >= 0 for v in pl["stock"].values()), (i, pl["stock"])
        for res, v in pl["prod"].items():
            assert v >= (r["resources"][res].get("production_min") or 0), (i, res, v)
        assert all(v >= 0 for v in pl["card_res"].values()), (i, pl["card_res"])
    for pid, par in r["parameters"].items():
        assert par["min"] <= s["params"][pid] <= par["max"], (pid, s["params"][pid])
        if par.get("tile"):
            tiles = sum(1 for t in s["board"].values() if t["tile"] == par["tile"])
            assert tiles == s["params"][pid] <= par["max"], (pid, tiles)
    milestones, awards = r["settings"]["milestones"], r["settings"]["awards"]
    assert len(s["milestones"]) <= milestones["max_claimed"]
    assert len(s["awards"]) <= awards["max_funded"]
    assert len({a["id"] for a in s["awards"]}) == len(s["awards"])
    _spacing(game)


def _spacing(game: Game) -> None:
    """No tile next to a tile its ``not_next_to`` bans, except on ``except_on`` spaces."""
    board = game.state["board"]
    spaces = {sp["id"]: sp for sp in game.rules["board"]["spaces"]}
    for sid, tile in board.items():
        rule = game.rules["tiles"][tile["tile"]].get("not_next_to")
        if not rule or sid in (rule.get("except_on") or []):
            continue
        for n in spaces[sid]["next_to"]:
            if n in board and n not in (rule.get("except_on") or []):
                assert board[n]["tile"] not in rule["tiles"], (sid, n)


def dsl(kind: str, text: str) -> Any:
    """``text`` parsed as DSL ``kind`` and lowered to IR, like the compiler does."""
    from compiler.diagnostics import Span
    from compiler.dsl import parse
    from compiler.dsl.lower import lower

    node, diags = parse(kind, text, Span("test"))
    assert not diags, diags
    return lower(node, "test")


def with_cards(*cards: dict[str, Any]) -> dict[str, Any]:
    """A copy of the rules with synthetic test cards added (DSL fields given as text)."""
    import copy

    out = copy.deepcopy(bare_rules())
    for card in cards:
        rec = {"type": "automated", "cost": 0, "tags": [], **card}
        for key, kind_ in (("effect", "effect"), ("requires", "condition"), ("vp", "amount")):
            if isinstance(rec.get(key), str):
                rec[key] = dsl(kind_, rec[key])
        for act in rec.get("actions") or []:
            for key in ("cost", "effect"):
                if isinstance(act.get(key), str):
                    act[key] = dsl("effect", act[key])
        for trig in rec.get("triggers") or []:
            trig["on"], trig["effect"] = dsl("trigger", trig["on"]), dsl("effect", trig["effect"])
        out["cards"][rec["id"]] = rec
    return out


def ctx_of(game: Game) -> Any:
    """The game's interpreter context (for calling runtime functions directly)."""
    return game._ctx
