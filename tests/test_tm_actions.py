"""Turn actions (rulebook "Fase 3: Azione", Azioni 1-7), with the rulebook's numbers,
played on the kernel through the public API. Cards named ``t_*`` are the test cards of
tests/fixtures/tm_probe (each isolates one rule)."""

from __future__ import annotations

from typing import Any

import pytest

from compiler.runtime import Game, RulesError
from tests.tm_helpers import (
    edit,
    kind,
    new,
    ocean_spaces,
    pick,
    player,
    quantity,
    spaces,
    tile,
)

# Azione 2: Progetto standard (M€)
COSTS = {"power_plant": 11, "asteroid": 14, "aquifer": 18, "greenery": 23, "city": 25}


def _quiet_space(game: Game) -> None:
    """Answer a space decision with a space without placement bonus or adjacent tile."""
    board = game.state["board"]
    for opt in game.legal_actions():
        sp = spaces()[opt["space"]]
        if not sp.get("bonus") and not any(n in board for n in sp["next_to"]):
            game.apply(opt)
            return
    raise AssertionError("no quiet space")


def _solo_player(money: int = 100, seed: int = 2) -> Game:
    """One player (without the solo variant's setup) holding ``money`` M€."""
    game = new(1, seed=seed)
    edit(game, lambda s: s["players"][0]["stock"].update(megacredits=money))
    return game


@pytest.mark.parametrize("aid", sorted(COSTS))
def test_standard_project_costs(aid):
    game = _solo_player()
    s = game.state
    pl = s["players"][0]
    prod, tr = dict(pl["prod"]), pl["tracks"]["tr"]
    pick(game, act="project", id=aid)
    if kind(game) == "space":
        _quiet_space(game)
    assert pl["stock"]["megacredits"] == 100 - COSTS[aid]
    effects = {
        "power_plant": lambda: pl["prod"]["energy"] == prod["energy"] + 1,
        "asteroid": lambda: s["params"]["temperature"] == -28 and pl["tracks"]["tr"] == tr + 1,
        "aquifer": lambda: s["params"]["oceans"] == 1 and pl["tracks"]["tr"] == tr + 1,
        "greenery": lambda: s["params"]["oxygen"] == 1 and pl["tracks"]["tr"] == tr + 1,
        "city": lambda: pl["prod"]["megacredits"] == prod["megacredits"] + 1,
    }
    assert effects[aid]()


def test_sell_patents_gives_one_per_card():
    """Vendita di brevetti: "Scartare carte dalla propria mano. Guadagna 1 milione di euro
    per carta" (at least one card; then stop)."""
    game = _solo_player(0)
    pl = game.state["players"][0]
    pick(game, act="project", id="sell_patents")
    assert {"sell": None} not in game.legal_actions()  # nothing sold yet: no stop
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    pick(game, sell=None)
    assert pl["stock"]["megacredits"] == 3 and len(pl["hand"]) == 7
    assert len(game.state["discard"]) == 3


def test_conversions_cost_eight():
    """Azioni 6 e 7: 8 plants -> greenery (+oxygen, +TR); 8 heat -> temperature (+TR)."""
    game = _solo_player(0)
    acts = lambda: {a.get("id") for a in game.legal_actions()}  # noqa: E731
    edit(game, lambda s: s["players"][0]["stock"].update(plants=7, heat=7))
    assert not {"plants_to_greenery", "heat_to_temperature"} & acts()
    edit(game, lambda s: s["players"][0]["stock"].update(plants=8, heat=9))
    pl = game.state["players"][0]
    pick(game, act="convert", id="heat_to_temperature")
    assert pl["stock"]["heat"] == 1 and game.state["params"]["temperature"] == -28
    pick(game, act="convert", id="plants_to_greenery")
    _quiet_space(game)
    assert pl["stock"]["plants"] == 0 and game.state["params"]["oxygen"] == 1
    assert pl["tracks"]["tr"] == 22


def test_parameter_at_max_blocks_its_standard_project():
    """A parameter at its maximum cannot be raised: Asteroid is not offered at +8 °C."""
    game = _solo_player()
    edit(game, lambda s: s["params"].update(temperature=8))
    assert {"act": "project", "id": "asteroid"} not in game.legal_actions()
    assert {"act": "project", "id": "power_plant"} in game.legal_actions()


def test_milestone_claim():
    """Azione 3: 8 M€, condition met, one claimant each, at most 3, 5 VP each."""
    game = new(2, seed=3)
    p = player(game)

    def terraformer(s):
        s["players"][p]["tracks"]["tr"] = 35
        s["players"][p]["stock"]["megacredits"] = 20
    state = edit(game, terraformer)
    pick(game, act="milestone", id="terraformer")
    assert state["players"][p]["stock"]["megacredits"] == 12
    assert game.scores()["players"][p]["breakdown"]["milestones"] == 5
    assert player(game) == p
    assert not [a for a in game.legal_actions() if a.get("id") == "terraformer"]

    def two_more(s):
        s["milestones"].update(mayor=1 - p, gardener=1 - p)
        s["players"][p]["tracks"]["tr"] = 40
        s["players"][p]["stock"]["megacredits"] = 100
    edit(game, two_more)
    assert not [a for a in game.legal_actions() if a["act"] == "milestone"]


def test_milestone_needs_its_condition_and_eight_megacredits():
    """Azione 3: "Completare tutti i criteri" (Terraformer: TR 35) and pay 8 M€."""
    game = new(2, seed=3)
    p = player(game)
    edit(game, lambda s: s["players"][p]["tracks"].update(tr=34))
    assert {"act": "milestone", "id": "terraformer"} not in game.legal_actions()

    def rich_but_poor(s):
        s["players"][p]["tracks"]["tr"] = 35
        s["players"][p]["stock"]["megacredits"] = 7
    edit(game, rich_but_poor)
    assert {"act": "milestone", "id": "terraformer"} not in game.legal_actions()


def test_award_costs_rise_and_stop_at_three():
    """Azione 4: 8, 14, 20 M€; only 3 awards can be funded, each once."""
    game = new(3, seed=4)
    paid = []
    while len(game.state["awards"]) < 3:
        p = player(game)
        money = game.state["players"][p]["stock"]["megacredits"]
        funded = {a["id"] for a in game.state["awards"]}
        option = next(a for a in game.legal_actions() if a["act"] == "award")
        assert option["id"] not in funded
        game.apply(option)
        paid.append(money - game.state["players"][p]["stock"]["megacredits"])
    assert paid == [8, 14, 20]

    def rich(s):
        for pl in s["players"]:
            pl["stock"]["megacredits"] = 100
    edit(game, rich)
    assert not [a for a in game.legal_actions() if a["act"] == "award"]


@pytest.mark.parametrize("prods, points", [
    ([4, 2, 1], [5, 2, 0]),     # 1st 5 VP, 2nd 2 VP
    ([3, 3, 1], [5, 5, 0]),     # tie for first: both 5, no second place
    ([4, 2, 2], [5, 2, 2]),     # tie for second: both 2
    ([4, 2], [5, 0]),           # second place only with more than 2 players
])
def test_award_points(prods, points):
    """Il conteggio finale, Ricompense: 5 VP to the first, 2 VP to the second (not in a
    2-player game); ties share the place and the next place is not given."""
    game = new(len(prods), seed=1)

    def banker(s):
        for pl, prod in zip(s["players"], prods, strict=True):
            pl["prod"]["megacredits"] = prod
        s["awards"].append({"id": "banker", "by": 0})
    edit(game, banker)
    result = game.scores()["players"]
    assert [row["breakdown"]["awards"] for row in result] == points


def _holding(hand: list[str], money: int = 0, players: int = 1, **stock: int) -> Game:
    """Player 0 of a game with the test cards, holding ``hand`` plus 5 filler cards (so
    the turn does not end by itself: a decision with one option answers itself)."""
    game = new(players, seed=3, probes=True)

    def holding(s: dict[str, Any]) -> None:
        pl = s["players"][player(game)]
        pl["hand"] = list(hand) + pl["hand"][:5]
        pl["stock"].update(megacredits=money, **stock)
    edit(game, holding)
    return game


def _skip_research(game: Game) -> None:
    while kind(game) == "buy_card":
        pick(game, keep=False)


def test_steel_pays_two_per_cube_for_building_cards():
    """Acciaio: 2 M€ per cube for a card with a building tag; no cube superfluous."""
    game = _holding(["t_building"], money=4, steel=5)
    pick(game, act="play", card="t_building")
    assert kind(game) == "payment"
    got = sorted((o["megacredits"], o["steel"]) for o in game.legal_actions())
    assert got == [(0, 5), (2, 4), (4, 3)]
    pick(game, steel=4)
    pl = game.state["players"][0]
    assert (pl["stock"]["megacredits"], pl["stock"]["steel"], pl["stock"]["plants"]) == (2, 1, 1)
    assert pl["tableau"] == ["t_building"] and kind(game) == "action"


def test_titanium_pays_three_and_gives_no_change():
    """Titanio: 3 M€ per cube for a space card; "Il resto non viene restituito" (4 cubes
    = 12 M€ pay a 10 M€ card)."""
    game = _holding(["t_space"], money=0, titanium=4)
    pick(game, act="play", card="t_space")
    assert kind(game) == "action"
    pl = game.state["players"][0]
    assert pl["stock"]["titanium"] == 0 and pl["stock"]["megacredits"] == 0
    assert pl["tableau"] == ["t_space"]


def test_steel_does_not_pay_for_other_cards():
    game = _holding(["t_space"], money=9, steel=5)
    assert {"act": "play", "card": "t_space"} not in game.legal_actions()


def test_unpayable_or_unmet_card_is_not_playable():
    """Passo 1: the requirement must hold (oxygen 5 %), and the cost must be paid."""
    game = _holding(["t_oxygen_building"], money=50)
    play = {"act": "play", "card": "t_oxygen_building"}
    assert play not in game.legal_actions()
    edit(game, lambda s: s["params"].update(oxygen=5))
    assert play in game.legal_actions()
    edit(game, lambda s: s["players"][0]["stock"].update(megacredits=9))
    assert play not in game.legal_actions()


def test_own_production_loss_must_be_payable():
    """Production changes "Sono obbligatorie finché si è in grado di applicarle";
    M€ production may go down to -5."""
    game = _holding(["t_loss", "t_mc"], money=10)

    def low(energy: int, megacredits: int) -> set[Any]:
        edit(game, lambda s: s["players"][0]["prod"].update(energy=energy,
                                                            megacredits=megacredits))
        return {a.get("card") for a in game.legal_actions()}
    plays = low(0, -2)
    assert "t_loss" not in plays and "t_mc" in plays
    plays = low(1, -3)
    assert "t_loss" in plays and "t_mc" not in plays


def test_taking_from_another_player_is_optional():
    """Icone con bordo rosso: "si può scegliere di non togliere risorse"; a player with
    fewer loses what they have."""
    game = _holding(["t_steal"], players=2)
    p = player(game)
    state = edit(game, lambda s: s["players"][1 - p]["stock"].update(plants=2))
    pick(game, act="play", card="t_steal")
    assert kind(game) == "target_player"
    assert {"target": None} in game.legal_actions()
    pick(game, target=1 - p)
    assert state["players"][1 - p]["stock"]["plants"] == 0


def test_taking_nothing_leaves_the_other_player_alone():
    game = _holding(["t_steal"], players=2)
    p = player(game)
    state = edit(game, lambda s: s["players"][1 - p]["stock"].update(plants=2))
    pick(game, act="play", card="t_steal")
    pick(game, target=None)
    assert state["players"][1 - p]["stock"]["plants"] == 2
    assert state["players"][p]["tableau"] == ["t_steal"]


def test_event_goes_to_its_own_pile_and_its_tags_do_not_count():
    """Carta Evento: "Il loro indicatore si applica solo quando la carta viene giocata"."""
    game = _holding(["t_event"], money=0)
    pick(game, act="play", card="t_event")
    pl = game.state["players"][0]
    assert pl["events"] == ["t_event"] and pl["tableau"] == []
    assert pl["stock"]["plants"] == 1
    assert quantity(game, "science_tags", 0) == 0
    edit(game, lambda s: s["players"][0].update(tableau=["t_sci"]))
    assert quantity(game, "science_tags", 0) == 1  # a card in play counts


def test_own_tags_count_only_after_the_card_is_played():
    """"+1 plant production per plant tag": the card being played is not in play yet."""
    game = _holding(["t_new"])
    state = edit(game, lambda s: s["players"][0].update(tableau=["t_old"]))
    prod = state["players"][0]["prod"]["plants"]
    pick(game, act="play", card="t_new")
    assert state["players"][0]["prod"]["plants"] == prod + 1
    assert quantity(game, "plant_tags", 0) == 2


def test_place_ocean_at_max_is_skipped_but_card_playable():
    """Passo 1: playable when "Tutte le tessere Oceano sono state piazzate"; the rest of
    the card applies, no tile and no TR."""
    game = _holding(["t_ocean"])

    def nine_oceans(s):
        for sid in ocean_spaces()[:9]:
            tile(s, sid, "ocean", None)
    s = edit(game, nine_oceans)
    assert s["params"]["oceans"] == 9
    tr = s["players"][0]["tracks"]["tr"]
    pick(game, act="play", card="t_ocean")
    assert s["params"]["oceans"] == 9 and s["players"][0]["stock"]["plants"] == 1
    assert sum(t["tile"] == "ocean" for t in s["board"].values()) == 9
    assert s["players"][0]["tracks"]["tr"] == tr


def test_triggers_fire_for_their_owner():
    """Carta attiva, "Effetto permanente": a card in play reacts to what anyone does
    (an ocean placed by another player) and to its owner's plays, not to its own play.
    (t_lab's trigger is written "played where event.by == you and event.card != this
    and science in event.tags": the exclusion of the card itself is in the data.)"""
    game = _holding(["t_lab", "t_sci"], money=100, players=2)
    p = player(game)
    state = edit(game, lambda s: s["players"][1 - p].update(tableau=["t_algae"]))
    me, other = state["players"][p], state["players"][1 - p]
    pick(game, act="play", card="t_lab")
    assert me["stock"]["heat"] == 0  # a card does not trigger on itself
    pick(game, act="play", card="t_sci")
    assert me["stock"]["heat"] == 1
    pick(game, act="pass")  # the other player
    pick(game, act="project", id="aquifer")
    _quiet_space(game)
    assert other["stock"]["plants"] == 2 and me["stock"]["plants"] == 0


def test_card_action_once_per_generation():
    """Carta attiva: "Azione una volta per generazione"; its cost is paid first."""
    game = _holding([], money=5)
    edit(game, lambda s: s["players"][0].update(tableau=["t_act"]))
    option = {"act": "card_action", "card": "t_act", "index": 0}
    game.apply(option)
    assert option not in game.legal_actions()
    pl = game.state["players"][0]
    assert pl["stock"]["heat"] == 1 and pl["stock"]["megacredits"] == 4
    pick(game, act="end_turn")
    pick(game, act="pass")
    _skip_research(game)
    assert option in game.legal_actions()  # reset at the end of the generation


def test_choose_offers_only_applicable_alternatives():
    """A choice never offers an option that cannot be applied: with 1 microbe only "add"
    is possible (no decision); with 2, both."""
    game = _holding([], money=5)

    def microbes(s):
        s["players"][0].update(tableau=["t_microbes"], card_res={"t_microbes": 1})
    state = edit(game, microbes)
    pick(game, act="card_action", card="t_microbes")
    assert state["players"][0]["card_res"]["t_microbes"] == 2
    pick(game, act="end_turn")
    pick(game, act="pass")
    _skip_research(game)
    pick(game, act="card_action", card="t_microbes")
    assert kind(game) == "choose" and len(game.legal_actions()) == 2
    pick(game, option=1)
    assert game.state["players"][0]["card_res"]["t_microbes"] == 0
    assert game.state["params"]["oxygen"] == 1


def test_illegal_action_is_refused():
    game = new(2, seed=1)
    with pytest.raises(RulesError):
        game.apply({"act": "play", "card": "no_such_card"})
