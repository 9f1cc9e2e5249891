"""What a player may see of a Terraforming Mars game (Variante bozza, Fase 2: Ricerca):
the cards another player holds to draft or to buy stay hidden from every other player,
also while the machine's frames (`stack`, seen by the player deciding) are open."""

from __future__ import annotations

import json
from typing import Any

import generated.terraforming_mars as tm
from compiler.adapters.observation import observation
from tests.tm_helpers import kind, new, pick, player


def _to_draft(game: Any) -> None:
    """Play generation 1 (everyone passes) up to generation 2's first draft pick."""
    while kind(game) == "action":
        pick(game, act="pass")
    assert kind(game) == "draft_pick"


def _draft_leaks(game: Any) -> list[tuple[int, str]]:
    """Every (decider, card) seen in the decider's observation while in another
    player's draft pack and never in the decider's own pack, over the whole draft."""
    held: dict[int, set[str]] = {}
    leaks = []
    while kind(game) == "draft_pick":
        me = player(game)
        state = game.to_json()
        for p, pl in enumerate(state["players"]):
            held.setdefault(p, set()).update(pl["pack"])
        secret = {c for p, pl in enumerate(state["players"]) if p != me
                  for c in pl["pack"]} - held[me]
        seen = json.dumps(observation(game, me))
        leaks += [(me, c) for c in sorted(secret) if f'"{c}"' in seen]
        game.apply(game.legal_actions()[0])
    return leaks


def test_draft_packs_of_others_stay_hidden_interpreter():
    """Each player sees the pack handed to them, never a pack still on its way."""
    game = new(3, ("draft",), seed=3)
    _to_draft(game)
    assert _draft_leaks(game) == []


def test_draft_packs_of_others_stay_hidden_compiled():
    """The generated engine keeps them hidden too (its frames are the same)."""
    game = tm.new_game(players=4, modules=("draft",), seed=5)
    _to_draft(game)
    assert _draft_leaks(game) == []



def test_the_discard_pile_is_face_down():
    """"Ogni carta non conservata viene scartata a faccia in giù" (Fase 2: Ricerca): the
    cards a player declines are seen by nobody, so no player's observation names a card
    of the discard pile (QA qa11 Q22: the pile was shown face up to every player)."""
    game = tm.new_game(players=3, seed=4)
    declined: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
    while len(game.to_json()["discard"]) < 6:   # generation 2's research: declined
        if kind(game) == "action":
            pick(game, act="pass")
        else:
            assert kind(game) == "buy_card"
            option = {**game.legal_actions()[0], "keep": False}
            declined[player(game)].add(option["card"])
            game.apply(option)
    discard = set(game.to_json()["discard"])
    for me in range(3):
        seen = json.dumps(observation(game, me))
        others = discard - declined[me]   # a player knows the cards they declined
        assert others and not [c for c in others if f'"{c}"' in seen], me
