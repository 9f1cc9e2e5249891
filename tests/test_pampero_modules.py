"""Pampero's rules data: it compiles, its 16 modules compose as the rulebooks say, and
printing slips stay visible as warnings."""

from __future__ import annotations

import pytest
import yaml

from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy, RulesError, compose
from generated.pampero import RULES
from tests.conftest import ROOT

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
    assert comp.ir["core"] and list(comp.ir["modules"]) == MODULES


def test_provisional_values_and_placeholders_are_warnings(comp):
    codes = [d.code for d in comp.diagnostics]
    assert codes.count("W001") > 100 and codes.count("W010") > 10


def test_printing_slips_stay_visible(comp):
    slips = [d.message for d in comp.diagnostics if d.code == "W002"]
    assert any("printed 25" in m and "19" in m for m in slips), slips
    assert any("printed 14" in m and "13" in m for m in slips), slips


def test_printed_word_slips_are_kept_in_the_data():
    """INDEX.md's slips of wording: "nature reseon card" (Nature), "price tacks"
    (Innovations and Freelancers) and "5x battery tiles" listed for both Innovations and
    Freelancers and Tower Bonus Special Connection Tiles are kept as printed, in notes."""
    records = yaml.safe_load((PAMPERO / "modules.yaml").read_text())["records"]
    modules = {r["id"]: r for r in records}
    cards = yaml.safe_load((PAMPERO / "modules" / "nature_cards.yaml").read_text())["records"]
    card = next(r for r in cards if r["id"] == "nature_reserve_card")
    assert "nature reseon card" in card["note"]
    assert "nature reseon card" in modules["nature_reserve"]["note"]
    steps = modules["innovations_freelancers"]["end_steps"]["add"]
    assert "price tacks" in next(s for s in steps if s["id"] == "pay_price_tracks")["note"]
    for both in ("innovations_freelancers", "tower_bonus_connection_tiles"):
        assert "5x battery tiles" in modules[both]["note"]
        names = [c.get("name", {}).get("en", "") for c in modules[both]["components"]]
        assert any("5x battery tiles" in name for name in names)


def test_green_hydrogen_requires_co2():
    assert RULES["records"]["modules"]["h2"]["requires"] == ["co2"]
    with pytest.raises(RulesError, match="requires module 'co2'"):
        Game.new(RULES, players=3, modules=["h2"], seed=1)


def test_extra_scoring_tiles_conflict_and_exclude_solo():
    with pytest.raises(RulesError, match="conflicts"):
        Game.new(RULES, players=3, modules=["cs_extra_scoring_tiles",
                                            "verne_extra_scoring_tiles"], seed=1)
    with pytest.raises(RulesError, match="players"):
        Game.new(RULES, players=1, modules=["cs_extra_scoring_tiles"], seed=1)
    Game.new(RULES, players=1, modules=["verne_extra_scoring_tiles"], seed=1)


def test_special_connection_tiles_conflict_with_low_tech_towers():
    """Project Verne: the special connection tower bonus tiles replace the 'X' tiles laid at
    Game Setup step 11, which Low Tech Towers leaves out ("no tiles were placed on the board
    during setup"): no rule brings them to the board, so the modules are declared to
    conflict (issue 7)."""
    for pair in (["tower_bonus_connection_tiles", "low_tech_towers"],
                 ["low_tech_towers", "tower_bonus_connection_tiles"]):
        with pytest.raises(RulesError, match="conflicts"):
            Game.new(RULES, players=3, modules=pair, seed=1)


def test_co2_replaces_action_cards_not_sectors():
    records = compose(RULES, ["co2"], 3)["records"]
    assert not {"a1", "a2", "a3"} & set(records["action_cards"])
    assert {"co2_wind_farm_1", "co2_wind_farm_2", "co2_tower"} <= set(records["action_cards"])
    assert {"a1", "a2", "a3"} <= set(records["areas"])


def test_low_tech_towers_removes_the_tower_tile_setup():
    rules = compose(RULES, ["low_tech_towers"], 3)
    assert "place_tower_bonus_tiles" not in [s["id"] for s in rules["flow"]["setup"]]
    assert rules["records"]["bonus_boards"]["tower_bonus"]["cover"] == "low_tech_tiles"


def test_wind_farm_maintenance_is_step_0_of_consolidation():
    phases = [s["id"] for s in compose(RULES, ["wind_farm_maintenance"], 3)["flow"]["phases"]]
    assert phases.index("wind_farm_maintenance") + 1 == phases.index("retrieve_action_markers")


def test_objectives_are_the_last_step_of_a_scoring_phase():
    rules = compose(RULES, ["investor_tendencies"], 3)
    phases = [s["id"] for s in rules["flow"]["phases"]]
    assert phases[-3:] == ["scoring", "scoring_cards", "score_objectives"]
    # at the end: "End Game Scoring step 4 - Pay Back Your Investors. Score the cards prior to
    # paying back investors": after every other end-game scoring step (the tiles, the
    # scoring cards, the end-of-game tower bonus tiles), just before the payback
    ends = [s["id"] for s in rules["flow"]["end"]["steps"]]
    assert ends[-2:] == ["final_objectives", "pay_back_investors"]


def test_private_industry_replaces_the_a2_residential_tiles():
    records = compose(RULES, ["private_industry"], 3)["records"]
    a2 = [c for c, r in records["contracts"].items() if r["deck"] == "contracts_a2"]
    assert len(a2) == 6 and all(c.startswith("pi_contract_") for c in a2)


def test_private_industry_deals_five_tiles_to_a2_and_one_back_to_the_box():
    """Clear Skies, Private Industry > Setup 2: "Randomly place the Private Industry contract
    tiles on the 5 standard contract locations in spaces A1 through A5 in sector A2 ...
    Return the unused contract tile to the box": the other sectors keep their own tiles."""
    for seed in range(4):
        state = Game.new(RULES, players=3, modules=["private_industry"], seed=seed).state
        tiles = state["tiles_on"]
        a2 = [tiles[s] for s in ("a2_k1", "a2_k2", "a2_k3", "a2_k4", "a2_k5")]
        assert all(t.startswith("pi_contract_") for t in a2)
        assert tiles["a3_k1"].startswith("a3_contract_")
        assert tiles["c_k3"].startswith("c_contract_")


def test_parking_grid_boards_by_player_count():
    def parking(players: int) -> set[str]:
        spaces = compose(RULES, ["parking_grid_boards"], players)["records"]["spaces"]
        return {s for s, r in spaces.items() if r["type"] == "parking"}
    two, four = parking(2), parking(4)
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
