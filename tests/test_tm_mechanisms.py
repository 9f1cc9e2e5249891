"""The Terraforming Mars mechanisms of docs/terraforming_mars.md that cards 001-070 do
not use yet (the scenarios in tests/scenarios/terraforming_mars/ test the others): the
next card's discount and tolerance, a tolerance modifier, a number X, a volcanic space,
a tile next to a given tile, a standard project as a trigger, a played card's cost and
tags as a filter. The ``t_*`` cards are tests/fixtures/tm_probe's; numbers from the
facts (Indentured Workers -8 M€, Special Design and Adaptation Technology +/- 2 steps)."""

from __future__ import annotations

from compiler.runtime import Game
from tests.tm_helpers import edit, kind, new, options, pick, spaces


def _game(hand: list[str], tableau: tuple[str, ...] = (), money: int = 60, **params: int
          ) -> Game:
    game = new(2, probes=True)
    me = game.pending()["player"]

    def change(s: dict) -> None:
        s["players"][me]["hand"] = hand
        s["players"][me]["tableau"] = list(tableau)
        s["players"][me]["stock"]["megacredits"] = money
        s["params"].update(params)
    edit(game, change)
    return game


def _me(game: Game) -> dict:
    return game.state["players"][game.pending()["player"]]


def test_next_card_discount_lasts_for_one_card():
    # "the next card you play costs 8 less": Deep Well Heating 13 -> 5; then full price
    game = _game(["t_workers", "deep_well_heating", "adapted_lichen"], money=40)
    me = _me(game)
    pick(game, act="play", card="t_workers")          # cost 0: not the next card itself
    pick(game, act="play", card="deep_well_heating")   # the turn's second action
    assert me["stock"]["megacredits"] == 35
    assert game.state["grants"] == []
    pick(game, act="pass")                               # the other player
    assert {"act": "play", "card": "adapted_lichen"} in game.legal_actions()
    pick(game, act="play", card="adapted_lichen")
    assert me["stock"]["megacredits"] == 26              # 9 M€: no discount left


def test_next_card_discount_ends_with_the_generation():
    game = _game(["t_workers"], money=20)
    pick(game, act="play", card="t_workers")
    assert len(game.state["grants"]) == 1
    pick(game, act="end_turn")
    pick(game, act="pass")
    pick(game, act="pass")
    assert game.state["grants"] == []


def test_next_card_tolerance():
    # +/- 2 steps for the next card: Colonizer Training Camp (oxygen at most 5 %) at 7 %
    game = _game(["t_design", "colonizer_training_camp"], oxygen=7)
    assert {"act": "play", "card": "colonizer_training_camp"} not in game.legal_actions()
    pick(game, act="play", card="t_design")
    assert {"act": "play", "card": "colonizer_training_camp"} in game.legal_actions()


def test_tolerance_modifier_both_ways():
    # Adaptation Technology: +/- 2 steps; at least -12 °C holds at -16 °C, not at -18 °C
    game = _game(["eos_chasma_national_park"], ("t_adapt",), temperature=-16)
    assert {"act": "play", "card": "eos_chasma_national_park"} in game.legal_actions()
    game = _game(["eos_chasma_national_park"], ("t_adapt",), temperature=-18)
    assert {"act": "play", "card": "eos_chasma_national_park"} not in game.legal_actions()


def test_number_x_up_to_what_can_be_lost():
    game = _game(["t_insulation"])
    me = _me(game)
    me_id = game.pending()["player"]
    edit(game, lambda s: s["players"][me_id]["prod"].update(heat=3))
    me = _me(game)
    pick(game, act="play", card="t_insulation")
    # X = 0 would change nothing: a choice never offers an option that can do nothing
    assert kind(game) == "amount" and options(game, "amount") == {1, 2, 3}
    pick(game, amount=2)
    assert me["prod"]["heat"] == 1 and me["prod"]["megacredits"] == 3


def test_volcanic_space():
    game = _game(["t_lava"])
    pick(game, act="play", card="t_lava")
    volcanic = {sid for sid, sp in spaces().items() if sp.get("volcanic")}
    assert options(game, "space") == volcanic == {"s09", "s14", "s21", "s29"}


def test_tile_next_to_a_given_tile():
    game = _game(["t_next_to_ocean"])
    me_id = game.pending()["player"]
    edit(game, lambda s: (s["board"].update(s07={"tile": "ocean", "owner": None, "card": None}),
                          s["params"].update(oceans=1)))
    pick(game, act="play", card="t_next_to_ocean")
    # s06 and s13 are ocean spaces: s12 is the only one, taken without a question
    assert game.state["board"]["s12"] == {"tile": "greenery", "owner": me_id,
                                          "card": "t_next_to_ocean"}


def test_standard_project_trigger():
    game = _game([], ("t_standard_tech",), money=30)
    me = _me(game)
    pick(game, act="project", id="power_plant")
    assert me["stock"]["megacredits"] == 30 - 11 + 3


def test_played_cost_and_tags_filter():
    # any player's card of 20 M€ or more with a Jovian tag (Asteroid Mining: 30 M€, Jovian)
    game = _game(["asteroid_mining", "adapted_lichen"], ("t_costly_watch",))
    me = _me(game)
    pick(game, act="play", card="adapted_lichen")
    assert me["stock"]["titanium"] == 0
    pick(game, act="play", card="asteroid_mining")
    assert me["stock"]["titanium"] == 1


def test_tile_next_to_two_given_tiles():
    # Urbanized Area: a city next to at least 2 cities (its spacing rule does not apply)
    game = _game(["t_between_cities"])
    city = {"tile": "city", "owner": None, "card": None}
    edit(game, lambda s: s["board"].update(s22=city, s24=city))
    pick(game, act="play", card="t_between_cities")
    assert game.state["board"]["s23"]["tile"] == "city"   # the only space next to both


def test_trigger_on_a_kind_of_space():
    # a greenery on an ocean space (Mangrove) triggers it; one on land does not
    game = _game(["mangrove"], ("t_ocean_space_watch",), temperature=4)
    me = _me(game)
    pick(game, act="play", card="mangrove")
    pick(game, space="s07")
    assert me["stock"]["heat"] == 1
    pick(game, act="project", id="greenery")   # next to own greenery: s12, land, no question
    assert game.state["board"]["s12"]["tile"] == "greenery"
    assert me["stock"]["heat"] == 1
