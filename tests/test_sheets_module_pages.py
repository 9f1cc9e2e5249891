"""The module pages (``rulesc sheet GAME --aid modules --modules X``) say what the
module's tiles and cards do, not only their names (QA finding F15).

The expected words come from the rulebooks (``shared/sources``): Project Verne, Tower Bonus
Special Connection Tiles: "Gain these extra connection tower bonus tiles ... When gained,
also take one of the available extra connection tiles"; Clear Skies, Investor Tendencies:
"The reward for all Investor Tendencies objective cards is $10 plus $10 for each venture
capital tile"; Clear Skies, Extra Scoring Tiles: "Score $2 for each piece in your color
in sector A1".
"""

from __future__ import annotations

import re

import pytest

from compiler import sheets
from compiler.sheets.audit import visible_text


def module_page(ir: dict, mid: str, lang: str = "en") -> str:
    """The plain text of the module pages of the selection ``[mid]``."""
    html = sheets.page(ir, "modules", lang, "player", modules=[mid])
    return re.sub(r"\s+", " ", visible_text(html))


@pytest.mark.parametrize("mid, name, does", [
    ("tower_bonus_connection_tiles", "Extra connection tower bonus tile",
     "take 1 extra connection tile"),
    ("investor_tendencies", "The sum of all your income markers must be $30 or more",
     "gain $10 and gain $10 per your venture capital tile"),
    ("cs_extra_scoring_tiles", "$2 for each piece in your color in sector A1",
     "$2 per your piece in sector A1"),
])
def test_a_module_page_says_what_its_tiles_do(irs, mid, name, does):
    page = module_page(irs["pampero"], mid)
    assert "What its pieces do" in page
    said = page[page.index("What its pieces do"):]
    assert f"{name}: " in said
    entry = said[said.index(f"{name}: "):]
    assert does.lower() in entry[:300].lower()


def test_the_italian_module_page_says_them_too(irs):
    page = module_page(irs["pampero"], "investor_tendencies", "it")
    assert "Cosa fanno i suoi pezzi" in page
    # Clear Skies: the reward is $10 plus $10 for each venture capital tile
    assert "$10" in page[page.index("Cosa fanno i suoi pezzi"):]


def test_a_stand_in_effect_says_it_is_one(irs):
    # Project Verne gives no event tile texts ("15x event tiles"): the effect printed is a
    # stand-in, and the page says so where it prints it
    page = module_page(irs["pampero"], "events")
    said = page[page.index("What its pieces do"):]
    assert "Event tile of set I: rule text not in the rulebook (stand-in)" in said


def test_a_module_of_many_cards_leaves_them_to_the_card_proxies(irs):
    # shared/data: Corporate Era (module "corpera") brings 71 project cards and 2
    # corporations, Teractor (starting_megacredits 60) and Saturn Systems: its page says
    # the corporations and only counts the cards (said on the card proxies)
    page = module_page(irs["terraforming_mars"], "corporate_era", "it")
    assert "71 carte" in page
    said = page[page.index("Cosa fanno i suoi pezzi"):]
    assert "Teractor: inizio: 60 M€" in said and "Saturn Systems: " in said
    assert said.count(": inizio: ") == 2   # the two corporations, no project card


@pytest.mark.parametrize("lang, zones", [
    ("en", ["Zone A: a second wind farm gives 1 energy", "Zone B: a second wind farm gives 2 "
            "energy", "Zone C: a second wind farm gives 4 energy"]),
    ("it", ["Zona A: un secondo parco eolico dà 1 energia"]),
])
def test_a_module_page_says_a_changed_field_in_words(irs, lang, zones):
    """QA qa11 Q20: the Parking Grid Boards page showed only its boards. Clear Skies,
    Parking Grid Board Icon Reference: "Build a second wind farm where you already have
    one, and gain energy: 1 energy for zone A, 2 energy for zone B, 4 energy for zone C"
    (the module's `changes` of the zones' second_farm_energy), said by the sheet's words,
    never by the field's name."""
    page = module_page(irs["pampero"], "parking_grid_boards", lang)
    for zone in zones:
        assert zone in page, page
    assert "second_farm_energy" not in page and "parking_" not in page


def test_a_module_page_counts_the_records_it_adds_or_removes_without_names(irs):
    """Q20: records with no name (board spaces, contract tiles) were left out of a player's
    module page. Clear Skies, Private Industry > Setup: "set aside the sector A2 standard
    residential contract tiles ... replace them with the six Private Industry residential
    contract tiles" on "the 5 standard contract locations": counted by their kind."""
    page = module_page(irs["pampero"], "private_industry")
    assert "Removes: 5 contract tiles." in page and "6 contract tiles." in page
    assert "a2_contract" not in page
    # the parking spaces: as many as the module's records of the kind, and as it removes
    from pathlib import Path

    import yaml
    root = Path(__file__).resolve().parents[1] / "rules_data" / "pampero"
    spaces = yaml.safe_load((root / "board.yaml").read_text(encoding="utf-8"))["records"]
    added = sum(1 for s in spaces if s.get("module") == "parking_grid_boards")
    removed = next(m for m in yaml.safe_load((root / "modules.yaml").read_text(
        encoding="utf-8"))["records"] if m["id"] == "parking_grid_boards")["removes"]
    page = module_page(irs["pampero"], "parking_grid_boards")
    assert f"{added} spaces." in page and f"Removes: {len(removed)} spaces." in page
