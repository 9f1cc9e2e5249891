"""A scoring section's slots are a checked kind (devqa9 F11): `deal ... to the SLOT of
SECTION` names one of section_slots.yaml's ids (event, scoring, reward: what lies above,
on and below a section in the Events, base and CO2 rules), so a misspelt slot is an error
of `rulesc check` with its position, not a tile put where no scoring looks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.pipeline import compile_game
from generated import pampero

ROOT = Path(__file__).resolve().parents[1]
LINE = "deal 1 of scoring_tiles to the scoring of first_scoring;"


def _errors(tmp_path: Path, new: str) -> list[str]:
    rules = tmp_path / "pampero"
    shutil.copytree(ROOT / "rules_data" / "pampero", rules)
    flow = rules / "flow.yaml"
    text = flow.read_text("utf-8")
    assert LINE in text
    flow.write_text(text.replace(LINE, new), "utf-8")
    comp = compile_game(rules, tmp_path, use_cache=False)
    return [d.format() for d in comp.diagnostics if d.severity.name == "ERROR"]


def test_a_misspelt_slot_is_an_error_with_a_did_you_mean(tmp_path: Path) -> None:
    found = _errors(tmp_path, "deal 1 of scoring_tiles to the scorng of first_scoring;")
    assert len(found) == 1, found
    assert "flow.yaml:37:" in found[0] and "unknown name 'scorng'" in found[0]
    assert "did you mean 'scoring'" in found[0]


def test_a_slot_written_as_any_text_is_an_error(tmp_path: Path) -> None:
    """devqa9's boom_events module wrote `to the \"evnt\" of first_scoring`: checked clean,
    and its tile was never scored."""
    found = _errors(tmp_path, 'deal 1 of scoring_tiles to the "evnt" of first_scoring;')
    assert len(found) == 1, found
    assert "flow.yaml:37:" in found[0] and "section_slots id is expected" in found[0]


SLOTS = "the section_slots ids, written without quotes: event, scoring, reward"


@pytest.mark.parametrize("slot, hint", [("scorin", f"did you mean 'scoring'? {SLOTS}"),
                                        ("xyz", SLOTS),
                                        ("scoring", "an id is written without quotes: scoring")])
def test_a_quoted_slot_is_hinted_with_the_slot_ids(tmp_path: Path, slot: str,
                                                   hint: str) -> None:
    """A quoted slot got R003's general hint ("check the names and the phrase used
    here"); it names the slots as R001 names a wanted kind's ids: the one spelt alike,
    and sections.yaml's three, event, scoring and reward, to write without quotes."""
    found = _errors(tmp_path, f'deal 1 of scoring_tiles to the "{slot}" of first_scoring;')
    assert len(found) == 1, found
    assert "error[R003]" in found[0] and "flow.yaml:37:" in found[0]
    assert found[0].rstrip().endswith(f"hint: {hint}"), found[0]


@pytest.mark.parametrize("section", ["first_scoring", "second_scoring", "final_scoring"])
def test_each_section_resolves_event_scoring_reward_in_order(section: str) -> None:
    """"above the first scoring section" (event), the scoring icons, the CO2 reward tile
    "below the first scoring tile": sections.yaml's order."""
    records = pampero.RULES["records"]
    assert list(records["section_slots"]) == ["event", "scoring", "reward"]
    assert records["sections"][section]["slots"] == ["event", "scoring", "reward"]


def test_the_setup_deals_scoring_tiles_into_the_scoring_slot() -> None:
    """Base setup: 1 tile on the 1st scoring icon, 1 on the 2nd, 2 end-of-game tiles."""
    sections = pampero.new_game(players=2, seed=1).to_json()["sections"]
    assert {s: len(sections[s].get("scoring", [])) for s in sections} == \
        {"first_scoring": 1, "second_scoring": 1, "final_scoring": 2}
