"""Pampero's rules data: it compiles, its 16 modules compose as the rulebooks say, and
printing slips stay visible as warnings."""

from __future__ import annotations

import pytest

from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy, RulesError, compose
from tests.conftest import ROOT

pytest.importorskip("generated.pampero")
from generated.pampero import RULES  # noqa: E402

PAMPERO = ROOT / "rules_data" / "pampero"
MODULES = ["private_industry", "parking_grid_boards", "specialist_card_boards",
           "investor_tendencies", "companies", "cs_extra_scoring_tiles",
           "cs_extra_scoring_alternate", "nature_reserve",
           "cardal_transmission", "co2", "h2", "innovations_freelancers",
           "tower_bonus_connection_tiles", "wind_farm_maintenance", "low_tech_towers", "events",
           "verne_extra_scoring_tiles"]


@pytest.fixture(scope="module")
def comp():
    return compile_game(PAMPERO, ROOT)


def test_compiles_without_errors(comp):
    assert [d.format() for d in comp.diagnostics if d.severity.value == "error"] == []
    assert list(comp.ir["modules"]) == MODULES


def test_provisional_values_and_placeholders_are_warnings(comp):
    codes = [d.code for d in comp.diagnostics]
    assert codes.count("W001") > 100 and codes.count("W010") > 10


def test_printing_slips_stay_visible(comp):
    slips = [d.message for d in comp.diagnostics if d.code == "W002"]
    assert any("printed 25" in m and "19" in m for m in slips), slips
    assert any("printed 14" in m and "13" in m for m in slips), slips


def test_green_hydrogen_requires_co2():
    assert RULES["modules"]["h2"]["requires"] == ["co2"]
    with pytest.raises(RulesError, match="requires module 'co2'"):
        Game.new(RULES, players=3, modules=["h2"], seed=1)


def test_extra_scoring_tiles_conflict_and_exclude_solo():
    with pytest.raises(RulesError, match="conflicts"):
        Game.new(RULES, players=3, modules=["cs_extra_scoring_tiles",
                                            "verne_extra_scoring_tiles"], seed=1)
    with pytest.raises(RulesError, match="players"):
        Game.new(RULES, players=1, modules=["cs_extra_scoring_tiles"], seed=1)
    Game.new(RULES, players=1, modules=["verne_extra_scoring_tiles"], seed=1)


def test_co2_replaces_action_cards_not_sectors():
    rules = compose(RULES, ["co2"], 3)
    assert not {"a1", "a2", "a3"} & set(rules["action_cards"])
    assert {"co2_wind_farm_1", "co2_wind_farm_2", "co2_tower"} <= set(rules["action_cards"])
    assert {"a1", "a2", "a3"} <= set(rules["areas"])


def test_low_tech_towers_removes_the_tower_tile_setup():
    setup = [s["id"] for s in compose(RULES, ["low_tech_towers"], 3)["flow"]["setup"]]
    assert "place_tower_bonus_tiles" not in setup
    assert compose(RULES, ["low_tech_towers"], 3)["bonus_boards"]["tower_bonus"]["cover"] == \
        "low_tech_tiles"


def test_wind_farm_maintenance_is_step_0_of_consolidation():
    phases = [s["id"] for s in compose(RULES, ["wind_farm_maintenance"], 3)["flow"]["phases"]]
    assert phases.index("wind_farm_maintenance") + 1 == phases.index("retrieve_action_markers")


def test_private_industry_replaces_the_a2_residential_tiles():
    rules = compose(RULES, ["private_industry"], 3)
    a2 = [c for c, r in rules["contracts"].items() if r["deck"] == "contracts_a2"]
    assert len(a2) == 6 and all(c.startswith("pi_contract_") for c in a2)


def test_parking_grid_boards_by_player_count():
    two = {s["id"] for s in compose(RULES, ["parking_grid_boards"], 2)["board"]["spaces"]
           if s["type"] == "parking"}
    four = {s["id"] for s in compose(RULES, ["parking_grid_boards"], 4)["board"]["spaces"]
            if s["type"] == "parking"}
    assert len(two) == 4 and len(four) == 6 and not two & four
    assert "parking_1" not in two | four


def test_same_seed_same_game():
    results = []
    for _ in range(2):
        game = Game.new(RULES, players=3, modules=["co2", "h2"], seed=7)
        results.append(RandomPolicy(7).play(game))
    assert results[0] == results[1]


def test_saved_game_resumes_identically():
    from generated.pampero import load

    game = Game.new(RULES, players=2, modules=["nature_reserve"], seed=3)
    policy = RandomPolicy(3)
    for _ in range(40):
        game.apply(policy.choose(game))
    resumed = load(game.to_json())
    twin = RandomPolicy(0)
    twin.rng.setstate(policy.rng.getstate())
    assert policy.play(game) == twin.play(resumed)
