"""Pampero's module components against the rulebooks' component lists: every count the
Clear Skies, Nature and Project Verne texts print is in the data, as printed (slips kept), and
the player components "in four player colors" count four of each colour's pieces."""

from __future__ import annotations

import pytest
import yaml

from tests.conftest import ROOT

PAMPERO = ROOT / "rules_data" / "pampero"
COLOURS = 4  # "Player components (in four player colors)"

# The counts each module's Components section prints, in order (per-colour counts times 4).
PRINTED: dict[str, list[int]] = {
    # Clear Skies, Private Industry > Components: 6 tiles, 6 price markers, 9 market cards,
    # 1 specialist action card, 1 specialist scoring card
    "private_industry": [6, 6, 9, 1, 1],
    # Parking Grid Boards > Components: 1 two-player board, 1 3-4 player board
    "parking_grid_boards": [1, 1],
    "specialist_card_boards": [2],
    "investor_tendencies": [16],
    # Companies > Components: "14x company tiles" (printed; 13 plus Energific), 3 connection
    # tiles, 1 Energific tile
    "companies": [14, 3, 1],
    # Extra Scoring Tiles > Components: "25x scoring tiles" (printed; 19 listed)
    "cs_extra_scoring_tiles": [25],
    # Nature, Nature Reserve: 5 reserves, 1 connection tile, 1 + 1 specialist cards; per
    # colour 1 action card and 1 wooden income marker
    "nature_reserve": [5, 1, 1, 1, 1 * COLOURS, 1 * COLOURS],
    # Cardal: 21 poles, 1 + 1 specialist cards; per colour 1 pole card and 1 player aid card
    "cardal_transmission": [21, 1, 1, 1 * COLOURS, 1 * COLOURS],
    # Project Verne, CO2: 40 tokens, 1 connection tile, 6 reward tiles, 1 + 1 specialist
    # cards; per colour 3 CO2 action cards
    "co2": [40, 1, 6, 1, 1, 3 * COLOURS],
    # H2 Components: connection tile, 5 market cards, H2 marker, 2 specialist cards, CO2
    # marker, 20 barrels, the overlay
    "h2": [1, 5, 1, 1, 1, 1, 20, 1],
    # Innovations and Freelancers Components; per colour 2 discs and "5x battery tiles"
    "innovations_freelancers": [2, 10, 10, 28, 28, 28, 28, 62, 28, 22, 28,
                                2 * COLOURS, 5 * COLOURS],
    # Tower Bonus Special Connection Tiles: 6 + 9; per colour "5x battery tiles" (again)
    "tower_bonus_connection_tiles": [6, 9, 5 * COLOURS],
    "low_tech_towers": [18],
    "events": [15],
    "verne_extra_scoring_tiles": [4],
}


@pytest.fixture(scope="module")
def modules() -> dict[str, dict]:
    records = yaml.safe_load((PAMPERO / "modules.yaml").read_text())["records"]
    return {r["id"]: r for r in records}


@pytest.mark.parametrize("module", sorted(PRINTED))
def test_module_components_match_the_printed_list(modules, module):
    counts = [c["count"] for c in modules[module].get("components", [])]
    assert sorted(counts) == sorted(PRINTED[module]), module


def test_modules_without_components(modules):
    """Wind Farm Maintenance: "There are no new components associated with this module";
    the Clear Skies alternate setup uses the Extra Scoring Tiles module's own tiles."""
    bare = {"wind_farm_maintenance", "cs_extra_scoring_alternate"}
    assert set(modules) == set(PRINTED) | bare
    assert all(not modules[m].get("components") for m in bare)
