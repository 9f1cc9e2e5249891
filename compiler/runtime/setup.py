"""A new game's state (rulebook "Impostazione"), as plain JSON data.

State shape (every key is saved by ``Game.to_json``)::

    {"format": 1, "seed": int, "rng_uses": int, "modules": [ids], "round": generation no.,
     "players": [{"stock": {res: cubes}, "prod": {res: steps}, "tracks": {track: steps},
                  "hand": [card ids], "tableau": [cards in play], "events": [events played],
                  "card_res": {card: count}, "used": [cards whose action was used]}],
     "params": {parameter: value in its unit}, "game_tracks": {track: value},
     "board": {space: {"tile", "owner", "card"}}, "deck": [ids], "discard": [ids],
     "milestones": {id: player}, "awards": [{"id", "by"}], "first_player": int,
     "stack": [frames], "pending": decision or None, "over": bool,
     "decisions": int, "turn_actions": int}

Parameters and tracks start at their ``start``; stock and production at 0 (the flow's
setup steps give the rest: production 1 each, 42 M€, 10 cards); the project deck is
shuffled with the seed.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import Ctx, Index
from compiler.runtime.deck import new_deck
from compiler.runtime.flow import setup_frames
from compiler.runtime.mechanisms import extend_state
from compiler.runtime.values import num

__all__ = ["OPEN_MAPS", "new_state"]

# State maps keyed by ids that grow during play (board spaces, claimed milestones, card
# resources, pieces on places, ...): a scenario's ``given`` may add keys to these only.
OPEN_MAPS = ("board", "milestones", "card_res",
             # games with pieces on spaces, contract grids, piles and ledgers
             "places", "grid", "contracts", "tiles_on", "bonus_tiles", "covers", "line_tiles",
             "ledger", "display", "sections", "reached", "slot_zones", "ventures")

FORMAT = 1


def _player(rules: dict[str, Any], index: Index) -> dict[str, Any]:
    res = rules["resources"]
    return {"stock": {r: 0 for r in res},
            "prod": {r: 0 for r, rec in res.items() if rec.get("production_min") is not None},
            "tracks": {t: num(rules["tracks"][t].get("start", 0)) for t in index.player_tracks},
            "hand": [], "tableau": [], "events": [], "card_res": {}, "used": []}


def new_state(rules: dict[str, Any], players: int, seed: int, index: Index) -> dict[str, Any]:
    """The state before the setup steps run; its stack holds the setup frames."""
    state: dict[str, Any] = {
        "format": FORMAT, "seed": seed, "rng_uses": 0,
        "modules": list(rules.get("active_modules") or []), "round": 1,
        "players": [_player(rules, index) for _ in range(players)],
        "params": {pid: p["start"] for pid, p in (rules.get("parameters") or {}).items()},
        "game_tracks": {t: num(r.get("start", 0)) for t, r in rules["tracks"].items()
                        if r.get("scope", "player") == "game"},
        "board": {}, "deck": [], "discard": [], "milestones": {}, "awards": [],
        "first_player": 0, "stack": [], "pending": None, "over": False,
        "decisions": 0, "turn_actions": 0,
    }
    ctx = Ctx(rules, state, index)
    state["deck"] = new_deck(ctx)
    extend_state(ctx)
    ctx.push(*setup_frames(ctx))
    return state
