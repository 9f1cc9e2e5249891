"""Turn actions (rulebook "Fase 3: Azione", Azioni 1-7), with the rulebook's numbers."""

from __future__ import annotations

import pytest

from compiler.runtime import Game, RulesError
from compiler.runtime.counts import count
from tests.test_runtime_helpers import (
    bare_rules,
    ctx_of,
    kind,
    new,
    pick,
    refresh,
    rules,
    with_cards,
)

# Azione 2: Progetto standard (M€)
COSTS = {"power_plant": 11, "asteroid": 14, "aquifer": 18, "greenery": 23, "city": 25}


def _quiet_space(game: Game) -> None:
    """Answer a space decision with a space without placement bonus or adjacent tile."""
    spaces = {sp["id"]: sp for sp in rules()["board"]["spaces"]}
    board = game.state["board"]
    for opt in game.legal_actions():
        sp = spaces[opt["space"]]
        if not sp.get("bonus") and not any(n in board for n in sp["next_to"]):
            game.apply(opt)
            return
    raise AssertionError("no quiet space")


def _solo_player(money: int = 100, seed: int = 2, rules_=None) -> Game:
    game = Game.new(rules_ or bare_rules(), players=1, modules=(), seed=seed)
    game.state["players"][0]["stock"]["megacredits"] = money
    refresh(game)
    return game


@pytest.mark.parametrize("aid", sorted(COSTS))
def test_standard_project_costs(aid):
    game = _solo_player()
    pl, s = game.state["players"][0], game.state
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
    game = _solo_player(0)
    pl = game.state["players"][0]
    pick(game, act="project", id="sell_patents")
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    pick(game, sell=None)
    assert pl["stock"]["megacredits"] == 3 and len(pl["hand"]) == 7


def test_conversions_cost_eight():
    """Azioni 6 e 7: 8 plants -> greenery (+oxygen, +TR); 8 heat -> temperature (+TR)."""
    game = _solo_player(0)
    pl = game.state["players"][0]
    acts = lambda: {a.get("id") for a in game.legal_actions()}  # noqa: E731
    pl["stock"].update(plants=7, heat=7)
    refresh(game)
    assert not {"plants_to_greenery", "heat_to_temperature"} & acts()
    pl["stock"].update(plants=8, heat=9)
    refresh(game)
    pick(game, act="project", id="heat_to_temperature")
    assert pl["stock"]["heat"] == 1 and game.state["params"]["temperature"] == -28
    pick(game, act="project", id="plants_to_greenery")
    _quiet_space(game)
    assert pl["stock"]["plants"] == 0 and game.state["params"]["oxygen"] == 1
    assert pl["tracks"]["tr"] == 22


def test_parameter_at_max_blocks_its_standard_project():
    game = _solo_player()
    game.state["params"]["temperature"] = 8
    refresh(game)
    assert {"act": "project", "id": "asteroid"} not in game.legal_actions()


def test_milestone_claim():
    """Azione 3: 8 M€, condition met, one claimant each, at most 3, 5 VP each."""
    game = new(2, seed=3)
    p = game.pending()["player"]
    pl = game.state["players"][p]
    pl["tracks"]["tr"] = 35
    pl["stock"]["megacredits"] = 20
    refresh(game)
    pick(game, act="milestone", id="terraformer")
    assert pl["stock"]["megacredits"] == 12
    assert game.scores()["players"][p]["breakdown"]["milestones"] == 5
    assert not [a for a in game.legal_actions() if a.get("id") == "terraformer"]
    game.state["milestones"].update(mayor=1 - p, gardener=1 - p)
    pl["tracks"]["tr"] = 40
    refresh(game)
    assert not [a for a in game.legal_actions() if a["act"] == "milestone"]


def test_award_costs_rise_and_stop_at_three():
    """Azione 4: 8, 14, 20 M€; only 3 awards can be funded."""
    game = new(3, seed=4)
    paid = []
    while len(game.state["awards"]) < 3:
        p = game.pending()["player"]
        money = game.state["players"][p]["stock"]["megacredits"]
        funded = {a["id"] for a in game.state["awards"]}
        option = next(a for a in game.legal_actions() if a["act"] == "award")
        assert option["id"] not in funded
        game.apply(option)
        paid.append(money - game.state["players"][p]["stock"]["megacredits"])
    assert paid == [8, 14, 20]
    for pl in game.state["players"]:
        pl["stock"]["megacredits"] = 100
    refresh(game)
    assert not [a for a in game.legal_actions() if a["act"] == "award"]


@pytest.mark.parametrize("prods, points", [
    ([4, 2, 1], [5, 2, 0]),     # 1st 5 VP, 2nd 2 VP
    ([3, 3, 1], [5, 5, 0]),     # tie for first: both 5, no second place
    ([4, 2, 2], [5, 2, 2]),     # tie for second: both 2
    ([4, 2], [5, 0]),           # second place only with more than 2 players
])
def test_award_points(prods, points):
    game = new(len(prods), seed=1)
    for pl, prod in zip(game.state["players"], prods, strict=True):
        pl["prod"]["megacredits"] = prod
    game.state["awards"].append({"id": "banker", "by": 0})
    result = game.scores()["players"]
    assert [row["breakdown"]["awards"] for row in result] == points


BUILDING = {"id": "t_building", "tags": ["building"], "cost": 10, "effect": "gain 1 plants"}
SPACE = {"id": "t_space", "tags": ["space"], "cost": 10, "effect": "gain 1 heat"}


def _holding(rules_, hand, money=0, **stock) -> Game:
    """One player holding ``hand`` plus 5 filler cards (so the turn does not end by
    itself: a player with a single legal option takes it without a decision)."""
    game = Game.new(rules_, players=1, modules=(), seed=3)
    pl = game.state["players"][0]
    pl["hand"] = list(hand) + pl["hand"][:5]
    pl["stock"].update(megacredits=money, **stock)
    refresh(game)
    return game


def _skip_research(game: Game) -> None:
    while kind(game) == "buy_card":
        pick(game, keep=False)


def test_steel_pays_two_per_cube_for_building_cards():
    game = _holding(with_cards(BUILDING), ["t_building"], money=4, steel=5)
    pick(game, act="play", card="t_building")
    assert kind(game) == "payment"
    got = sorted((o["megacredits"], o["steel"]) for o in game.legal_actions())
    assert got == [(0, 5), (2, 4), (4, 3)]
    pick(game, steel=4)
    pl = game.state["players"][0]
    assert (pl["stock"]["megacredits"], pl["stock"]["steel"], pl["stock"]["plants"]) == (2, 1, 1)
    assert pl["tableau"] == ["t_building"] and kind(game) == "action"


def test_titanium_pays_three_and_gives_no_change():
    game = _holding(with_cards(SPACE), ["t_space"], money=0, titanium=4)
    pick(game, act="play", card="t_space")
    assert kind(game) == "action"
    pl = game.state["players"][0]
    assert pl["stock"]["titanium"] == 0 and pl["stock"]["megacredits"] == 0


def test_unpayable_or_unmet_card_is_not_playable():
    card = {**BUILDING, "requires": "oxygen >= 5"}
    game = _holding(with_cards(card), ["t_building"], money=50)
    assert {"act": "play", "card": "t_building"} not in game.legal_actions()
    game.state["params"]["oxygen"] = 5
    refresh(game)
    assert {"act": "play", "card": "t_building"} in game.legal_actions()
    game.state["players"][0]["stock"]["megacredits"] = 9
    refresh(game)
    assert {"act": "play", "card": "t_building"} not in game.legal_actions()


def test_own_production_loss_must_be_payable():
    """Production changes "Sono obbligatorie finché si è in grado di applicarle";
    M€ production may go down to -5."""
    rules_ = with_cards({"id": "t_loss", "effect": "lose 1 energy production"},
                        {"id": "t_mc", "effect": "lose 3 megacredits production"})
    game = _holding(rules_, ["t_loss", "t_mc"], money=10)
    pl = game.state["players"][0]
    pl["prod"].update(energy=0, megacredits=-2)
    refresh(game)
    plays = {a.get("card") for a in game.legal_actions()}
    assert "t_loss" not in plays and "t_mc" in plays
    pl["prod"].update(energy=1, megacredits=-3)
    refresh(game)
    plays = {a.get("card") for a in game.legal_actions()}
    assert "t_loss" in plays and "t_mc" not in plays


def test_taking_from_another_player_is_optional():
    rules_ = with_cards({"id": "t_steal", "effect": "lose 3 plants from any player"})
    game = Game.new(rules_, players=2, modules=(), seed=3)
    p = game.pending()["player"]
    other = game.state["players"][1 - p]
    other["stock"]["plants"] = 2
    game.state["players"][p]["hand"] = ["t_steal", "t_steal"]
    refresh(game)
    pick(game, act="play", card="t_steal")
    assert {"target": None} in game.legal_actions()
    pick(game, target=1 - p)
    assert other["stock"]["plants"] == 0  # a target with less loses what it has


def test_event_goes_to_its_own_pile_and_its_tags_do_not_count():
    rules_ = with_cards({"id": "t_event", "type": "event", "tags": ["science"],
                         "effect": "gain 1 plants"})
    game = _holding(rules_, ["t_event"], money=0)
    pick(game, act="play", card="t_event")
    pl = game.state["players"][0]
    assert pl["events"] == ["t_event"] and pl["tableau"] == []
    assert count(ctx_of(game), {"op": "tag_count", "tag": "science"}, 0) == 0


def test_own_tags_count_only_after_the_card_is_played():
    rules_ = with_cards({"id": "t_old", "tags": ["plant"]},
                        {"id": "t_new", "tags": ["plant"],
                         "effect": "gain 1 plants production per tag plant"})
    game = _holding(rules_, ["t_new"])
    pl = game.state["players"][0]
    pl["tableau"] = ["t_old"]
    prod = pl["prod"]["plants"]
    refresh(game)
    pick(game, act="play", card="t_new")
    assert pl["prod"]["plants"] == prod + 1


def test_place_ocean_at_max_is_skipped_but_card_playable():
    """Passo 1: playable when "Tutte le tessere Oceano sono state piazzate"."""
    rules_ = with_cards({"id": "t_ocean", "effect": "place ocean; gain 1 plants"})
    game = _holding(rules_, ["t_ocean"])
    s = game.state
    for sid in [sp["id"] for sp in rules()["board"]["spaces"] if sp["type"] == "ocean"][:9]:
        s["board"][sid] = {"tile": "ocean", "owner": None, "card": None}
    s["params"]["oceans"] = 9
    tr = s["players"][0]["tracks"]["tr"]
    refresh(game)
    pick(game, act="play", card="t_ocean")
    assert s["params"]["oceans"] == 9 and s["players"][0]["stock"]["plants"] == 1
    assert sum(t["tile"] == "ocean" for t in s["board"].values()) == 9
    assert s["players"][0]["tracks"]["tr"] == tr


def test_triggers_fire_for_their_owner():
    rules_ = with_cards(
        {"id": "t_algae", "type": "active",
         "triggers": [{"on": "on place ocean by anyone", "effect": "gain 2 plants"}]},
        {"id": "t_lab", "type": "active", "tags": ["science"],
         "triggers": [{"on": "on play tag science by you", "effect": "gain 1 heat"}]},
        {"id": "t_sci", "tags": ["science"]})
    game = Game.new(rules_, players=2, modules=(), seed=3)
    p = game.pending()["player"]
    me, other = game.state["players"][p], game.state["players"][1 - p]
    other["tableau"] = ["t_algae"]
    me["hand"] = ["t_lab", "t_sci"]
    me["stock"]["megacredits"] = 100
    refresh(game)
    pick(game, act="play", card="t_lab")
    assert me["stock"]["heat"] == 0  # a card does not trigger on itself
    pick(game, act="play", card="t_sci")
    assert me["stock"]["heat"] == 1
    pick(game, act="pass")  # the other player
    pick(game, act="project", id="aquifer")
    game.apply(game.legal_actions()[0])
    assert other["stock"]["plants"] == 2 and me["stock"]["plants"] == 0


def test_card_action_once_per_generation():
    rules_ = with_cards({"id": "t_act", "type": "active",
                         "actions": [{"cost": "lose 1 megacredits", "effect": "gain 1 heat"}]})
    game = _holding(rules_, [], money=5)
    game.state["players"][0]["tableau"] = ["t_act"]
    refresh(game)
    option = {"act": "card_action", "card": "t_act", "index": 0}
    game.apply(option)
    assert option not in game.legal_actions()
    assert game.state["players"][0]["stock"]["heat"] == 1
    pick(game, act="end_turn")
    pick(game, act="pass")
    _skip_research(game)
    assert option in game.legal_actions()  # reset at the end of the generation


def test_choose_offers_only_applicable_alternatives():
    rules_ = with_cards({"id": "t_microbes", "type": "active", "resource": "microbe",
                         "actions": [{"effect": "choose (add 1 microbe to this card | "
                                      "remove 2 microbe from this card; raise oxygen 1)"}]})
    game = _holding(rules_, [], money=5)
    pl = game.state["players"][0]
    pl["tableau"], pl["card_res"] = ["t_microbes"], {"t_microbes": 1}
    refresh(game)
    pick(game, act="card_action", card="t_microbes")
    assert pl["card_res"]["t_microbes"] == 2  # only "add" was possible: no decision
    pick(game, act="end_turn")
    pick(game, act="pass")
    _skip_research(game)
    pick(game, act="card_action", card="t_microbes")
    assert kind(game) == "choose"
    pick(game, option=1)
    assert pl["card_res"]["t_microbes"] == 0 and game.state["params"]["oxygen"] == 1


def test_illegal_action_is_refused():
    game = new(2, seed=1)
    with pytest.raises(RulesError):
        game.apply({"act": "play", "card": "no_such_card"})
