"""Helpers of the Terraforming Mars tests (this module holds no tests).

The games run on ``compiler.runtime`` through its public API only: ``Game.new``,
``pending``/``legal_actions``/``apply``, ``scores``, ``to_json`` and ``replace_state`` (a
test sets up a position by editing a copy of the state, ``edit``). The rules are the
shipped data compiled once per session (``rules()``); ``probe_rules()`` adds the cards
and probes of ``tests/fixtures/tm_probe`` (an expansion in the core language: cards
that isolate one rule each, outside the project deck, and quantities written in the
game's words that ``quantity`` reads with ``compiler.runtime.values.ev``).
``invariants`` states what must hold after every action of any game.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any

from compiler.pipeline import compile_game
from compiler.runtime import Game
from compiler.runtime.ctx import Ctx
from compiler.runtime.index import Index
from compiler.runtime.values import ev
from tests.conftest import ROOT, TM_RULES

PROBE = ROOT / "tests" / "fixtures" / "tm_probe"
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")


def _compiled(rules_dir: Any, base: Any = None) -> dict[str, Any]:
    comp = compile_game(rules_dir, ROOT, base=base)
    errors = [d.format() for d in comp.diagnostics if d.severity.value == "error"]
    assert errors == [], errors
    return comp.ir


@functools.lru_cache(maxsize=1)
def rules() -> dict[str, Any]:
    """The Terraforming Mars IR, as ``generated/terraforming_mars`` carries it."""
    return _compiled(TM_RULES)


@functools.lru_cache(maxsize=1)
def probe_rules() -> dict[str, Any]:
    """The rules with the test cards and probes of ``tests/fixtures/tm_probe``."""
    return _compiled(PROBE, base=TM_RULES)


def bare(ir: dict[str, Any]) -> dict[str, Any]:
    """``ir`` without ``required_for_players``: a test of one mechanic may then use a
    single player without the solo variant (whose setup would get in the way)."""
    out = copy.deepcopy(ir)
    for module in out["records"]["modules"].values():
        module.pop("required_for_players", None)
    out["modules"] = out["records"]["modules"]
    return out


@functools.lru_cache(maxsize=2)
def _bare(probes: bool) -> dict[str, Any]:
    return bare(probe_rules() if probes else rules())


def new(players: int = 2, modules: tuple[str, ...] = (), seed: int = 0,
        probes: bool = False) -> Game:
    """A game on the shipped rules (``probes``: with the test cards); one player
    without "solo" plays the rules without ``required_for_players``."""
    if players == 1 and "solo" not in modules:
        base = _bare(probes)
    else:
        base = probe_rules() if probes else rules()
    return Game.new(base, players=players, modules=modules, seed=seed)


def spaces() -> dict[str, Any]:
    """The board's spaces {id: record} (``row``, ``pos``, ``type``, ``next_to``...)."""
    return rules()["records"]["spaces"]


def ocean_spaces() -> list[str]:
    return [sid for sid, sp in spaces().items() if sp["type"] == "ocean"]


def edit(game: Game, change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """Apply ``change`` to a copy of the state and go on from it (the open decision is
    asked again with fresh options); returns the new live state."""
    state = game.to_json()
    change(state)
    game.replace_state(state)
    return game.state


def tile(state: dict[str, Any], sid: str, kind: str, owner: int | None) -> None:
    """Put a tile on space ``sid`` of ``state`` (an ocean also moves its parameter)."""
    state["board"][sid] = {"tile": kind, "owner": owner, "card": None}
    if kind == "ocean":
        state["params"]["oceans"] += 1


def pick(game: Game, **fields: Any) -> Any:
    """Apply the first legal option whose keys include ``fields``; return it."""
    matches = [o for o in game.legal_actions()
               if isinstance(o, dict) and all(o.get(k) == v for k, v in fields.items())]
    assert matches, f"no option with {fields} in {game.legal_actions()}"
    game.apply(matches[0])
    return matches[0]


def options(game: Game, key: str) -> set[Any]:
    """The values of ``key`` over the legal options that have it."""
    return {o[key] for o in game.legal_actions() if isinstance(o, dict) and key in o}


def kind(game: Game) -> str | None:
    pending = game.pending()
    return pending["kind"] if pending else None


def player(game: Game) -> int:
    pending = game.pending()
    assert pending is not None, "the game is over"
    return int(pending["player"])


def play_until(game: Game, stop: Callable[[Game], bool], policy: Any) -> None:
    """Let ``policy`` answer until ``stop(game)`` holds or the game is over."""
    while not game.is_over and not stop(game):
        game.apply(policy.choose(game))


def quantity(game: Game, probe: str, you: int) -> Any:
    """The value of probe ``probe`` (tests/fixtures/tm_probe/probes.yaml) for player
    ``you``, evaluated on a copy of the game's state."""
    node = probe_rules()["records"]["probes"][probe]["value"]
    ctx = Ctx(game.rules, game.to_json(), Index(game.rules))
    with ctx.scope({"you": you}):
        return ev(ctx, node)


def constant(name: str) -> Any:
    return rules()["records"]["constants"][name]["value"]


def project_cards(game: Game) -> list[str]:
    """Every project card of the game wherever it is (deck, discard, hands, cards
    looked at or drafted, in play, events)."""
    s = game.state
    out = list(s["deck"]) + list(s["discard"])
    for pl in s["players"]:
        for zone in ("hand", "tableau", "events", "offer", "pack"):
            out += pl[zone]
    return out


def invariants(game: Game) -> None:
    """What holds after every action (raises AssertionError naming the broken one)."""
    records, s = game.rules["records"], game.state
    for i, pl in enumerate(s["players"]):
        assert all(v >= 0 for v in pl["stock"].values()), (i, pl["stock"])
        for res, v in pl["prod"].items():
            assert v >= records["resources"][res]["production_min"], (i, res, v)
        assert all(v >= 0 for v in pl["card_res"].values()), (i, pl["card_res"])
        assert pl["tracks"]["tr"] >= 0, (i, pl["tracks"])
    for pid, par in records["parameters"].items():
        assert par["min"] <= s["params"][pid] <= par["max"], (pid, s["params"][pid])
        if par.get("tile"):
            tiles = sum(1 for t in s["board"].values() if t["tile"] == par["tile"])
            assert tiles == s["params"][pid], (pid, tiles)
    assert len(s["milestones"]) <= constant("milestone_max")
    assert len(s["awards"]) <= len(constant("award_costs"))
    assert len({a["id"] for a in s["awards"]}) == len(s["awards"])
    if kind(game) in ("action", None):  # between actions no card is on its way
        cards = project_cards(game)
        assert len(cards) == len(set(cards)), "a card is in two places"
        deck = {c for c, rec in records["cards"].items() if rec.get("deck") == "project"}
        assert set(cards) == deck, ("cards lost or made", set(cards) ^ deck)
    assert s["warnings"] == [], s["warnings"]
    _spacing(game)


def _spacing(game: Game) -> None:
    """No tile next to a tile its ``not_next_to`` bans, except on ``except_on`` spaces;
    oceans only on ocean spaces; a reserved space only holds its card's tile."""
    board = game.state["board"]
    records = game.rules["records"]
    for sid, placed in board.items():
        space = records["spaces"][sid]
        if placed["tile"] == "ocean" and placed["card"] != "artificial_lake":  # on land
            assert space["type"] == "ocean", (sid, placed)
        if space.get("reserved"):
            assert placed["card"] == space["reserved"], (sid, placed)
        rule = records["tiles"][placed["tile"]].get("not_next_to")
        if not rule or sid in (rule.get("except_on") or []):
            continue
        for n in records["spaces"][sid]["next_to"]:
            # Urbanized Area's city goes next to 2 cities: the spacing rule is not its.
            if "urbanized_area" in (placed["card"], board.get(n, {}).get("card")):
                continue
            if n in board and n not in (rule.get("except_on") or []):
                assert board[n]["tile"] not in rule["tiles"], (sid, n)
