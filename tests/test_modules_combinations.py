"""Module combinations: a selection (R023-R025), each module alone and every allowed pair
(R015, R022-R026), on the small game ``tests/fixtures/modules/energy`` (over ``_base``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.check.combinations import combinations_checked
from compiler.check.module_index import show_range
from compiler.check.selection import UnknownModule, check_selection
from compiler.cli import main
from compiler.diagnostics import Diagnostic
from compiler.pipeline import Compilation, compile_game
from tests.conftest import ROOT, TM_RULES

BASE = ROOT / "tests" / "bad_input" / "_base"
ENERGY = ROOT / "tests" / "fixtures" / "modules" / "energy"


def energy(tmp_path: Path, edits: dict[str, list[tuple[str, str]]] | None = None) -> Path:
    """``_base`` with the energy fixture over it; ``edits``: per file, (old, new) texts."""
    rules = tmp_path / "energy"
    shutil.copytree(BASE, rules)
    for file in ENERGY.iterdir():
        shutil.copy(file, rules / file.name)
    for name, changes in (edits or {}).items():
        text = (rules / name).read_text("utf-8")
        for old, new in changes:
            assert old in text, f"{old!r} not in {name}"
            text = text.replace(old, new, 1)
        (rules / name).write_text(text, "utf-8")
    return rules


def compiled(rules: Path) -> Compilation:
    return compile_game(rules, rules.parent)


def of(comp: Compilation | list[Diagnostic], code: str) -> list[Diagnostic]:
    diags = comp.diagnostics if isinstance(comp, Compilation) else comp
    return [d for d in diags if d.code == code]


def line_of(rules: Path, name: str, text: str) -> tuple[int, int]:
    """1-based line and column of the first ``text`` in file ``name``."""
    for n, line in enumerate((rules / name).read_text("utf-8").splitlines(), 1):
        if text in line:
            return n, line.index(text) + 1
    raise AssertionError(f"{text!r} not in {name}")


def lines_of(rules: Path, name: str, text: str) -> list[int]:
    return [n for n, line in enumerate((rules / name).read_text("utf-8").splitlines(), 1)
            if text in line]


def test_fixture_has_only_the_printed_slip_and_provisional_values(tmp_path):
    comp = compiled(energy(tmp_path))
    assert sorted(d.code for d in comp.diagnostics) == ["W001", "W001", "W001", "W002"]


def test_counts_of_what_check_covers(tmp_path):
    comp = compiled(energy(tmp_path))
    # 7 modules; pairs allowed: all 21 but cs_tiles+verne_tiles (conflict) and
    # solo_variant with cs_tiles (no player count suits both)
    assert combinations_checked(comp.docs) == (7, 19)


# ---------------------------------------------------------------- a selection

def test_missing_requirement_cites_the_requires_line_and_the_required_module(tmp_path):
    rules = energy(tmp_path)
    comp = compiled(rules)
    [d] = check_selection(comp, ["h2"])
    assert d.code == "R023"
    assert d.message == "module 'h2' requires 'co2', which is not switched on"
    assert (d.span.line, d.span.col) == line_of(rules, "modules.yaml", "co2]")
    assert d.span.path.endswith("energy/modules.yaml")
    assert [(r.line, r.col) for r in d.related] == [
        (line_of(rules, "modules.yaml", "- id: co2")[0], 9)]
    assert check_selection(comp, ["co2", "h2"]) == []


def test_conflict_in_a_selection_names_both_modules_once(tmp_path):
    rules = energy(tmp_path)
    comp = compiled(rules)
    [d] = check_selection(comp, ["verne_tiles", "cs_tiles", "co2"])
    assert d.code == "R024" and "'verne_tiles' and 'cs_tiles'" in d.message
    assert (d.span.line, d.span.col) == line_of(rules, "modules.yaml", "cs_tiles]")
    assert d.related[0].line == line_of(rules, "modules.yaml", "id: cs_tiles")[0]


def test_conflict_declared_on_both_sides_is_one_diagnostic(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("    players: {min: 2}\n",
                                                "    players: {min: 2}\n"
                                                "    conflicts: [verne_tiles]\n")]})
    comp = compiled(rules)
    [d] = check_selection(comp, ["cs_tiles", "verne_tiles"])
    assert d.related[0].line == line_of(rules, "modules.yaml", "cs_tiles]")[0]


def test_player_count_outside_a_module_and_the_game(tmp_path):
    rules = energy(tmp_path)
    comp = compiled(rules)
    [d] = check_selection(comp, ["cs_tiles"], players=1)
    assert d.code == "R025" and d.message == "module 'cs_tiles' is for 2 or more players, not 1"
    assert d.span.line == line_of(rules, "modules.yaml", "players: {min: 2}")[0]
    [d] = check_selection(comp, ["solo_variant"], players=2)
    assert d.message == "module 'solo_variant' is for 1 player, not 2"
    [d] = check_selection(comp, [], players=5)
    assert d.message == "the game is for 1-4 players, not 5"
    assert d.span.path.endswith("energy/game.yaml")
    assert check_selection(comp, ["cs_tiles", "co2"], players=3) == []


def test_selection_from_the_ir_positions_at_the_record(tmp_path):
    rules = energy(tmp_path)
    comp = compiled(rules)
    [d] = check_selection(comp.ir, ["h2"])
    assert d.code == "R023" and d.span.line == line_of(rules, "modules.yaml", "id: h2")[0]


def test_unknown_module_in_a_selection_is_a_usage_error(tmp_path):
    comp = compiled(energy(tmp_path))
    with pytest.raises(UnknownModule, match="did you mean 'co2'"):
        check_selection(comp, ["co3"])


def test_show_range():
    assert [show_range(r) for r in [(1, 1), (2, 4), (3, None), (2, 2)]] == \
        ["1 player", "2-4 players", "3 or more players", "2 players"]


# ---------------------------------------------------------------- each module alone

def test_module_using_what_only_another_brings_must_require_it(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("    requires: [co2]\n", "")]})
    comp = compiled(rules)
    [d] = of(comp, "R023")
    assert d.message == "module 'h2' replaces 'co2_wind_farm', which only module 'co2' " \
        "brings; 'h2' does not require it"
    assert (d.span.line, d.span.col) == line_of(rules, "modules.yaml", "co2_wind_farm, by")
    assert d.related[0].path.endswith("energy/cards.yaml")
    assert d.related[0].line == line_of(rules, "cards.yaml", "id: co2_wind_farm")[0]
    assert "requires: [co2]" in d.hint


def test_a_record_of_another_module_needs_the_requirement(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("      - {id: co2_wind_farm, by: h2_wind_farm}",
                                                "      - {id: action_a2, by: co2_wind_farm}")]})
    comp = compiled(rules)  # h2 requires co2, whose record co2_wind_farm it puts in
    assert of(comp, "R023") == [] and of(comp, "R015") == []
    rules = energy(tmp_path / "b", {"modules.yaml": [
        ("    replaces:\n      - {id: action_a1", "    removes: [company_01]\n"
         "    replaces:\n      - {id: action_a1")]})
    [d] = of(compiled(rules), "R023")
    assert d.message == "module 'co2' removes 'company_01', which only module 'companies' " \
        "brings; 'co2' does not require it"
    assert (d.span.line, d.span.col) == line_of(rules, "modules.yaml", "company_01]")
    assert d.related[0].path.endswith("cards_companies.yaml")


def test_removing_an_undeclared_id_is_still_r015(tmp_path):
    # a misspelt record of the module's own deck: R015, not R023
    rules = energy(tmp_path, {"modules.yaml": [("    name: {en: Companies}\n",
                                                "    name: {en: Companies}\n"
                                                "    removes: [compnay_01]\n")]})
    comp = compiled(rules)
    [d] = of(comp, "R015")
    assert d.message == "unknown id 'compnay_01'" and "'company_01'" in d.hint
    assert (d.span.line, d.span.col) == line_of(rules, "modules.yaml", "compnay_01]")
    assert of(comp, "R023") == []


def test_records_of_a_module_the_game_does_not_declare(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("  - id: companies\n", "  - id: company\n")]})
    found = sorted((d.span.path.split("/")[-1], d.span.line, d.span.col, d.message, d.hint)
                   for d in of(compiled(rules), "R001"))
    file_level = line_of(rules, "cards_companies.yaml", "companies")  # module: companies
    deck = line_of(rules, "decks.yaml", "module: companies")
    assert found == [
        ("cards_companies.yaml", file_level[0], file_level[1], "unknown module 'companies'",
         "did you mean 'company'?"),
        ("decks.yaml", deck[0], deck[1] + len("module: "), "unknown module 'companies'",
         "did you mean 'company'?")]


def test_module_requiring_modules_that_conflict_can_never_be_on(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("  - id: quick\n", "  - id: quick\n"
                                                "    requires: [cs_tiles, verne_tiles]\n")]})
    comp = compiled(rules)
    [d] = of(comp, "R024")
    assert "module 'quick' can never be switched on" in d.message
    assert d.span.line == line_of(rules, "modules.yaml", "requires: [cs_tiles")[0]
    assert d.related[0].line == line_of(rules, "modules.yaml", "conflicts: [cs_tiles]")[0]


def test_conflict_with_a_module_it_requires_through_another(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("  - id: quick\n", "  - id: quick\n"
                                                "    requires: [h2]\n    conflicts: [co2]\n")]})
    [d] = of(compiled(rules), "R024")
    assert "'quick' requires 'co2' (through its requirements)" in d.message


def test_module_no_player_count_suits(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("  - id: quick\n", "  - id: quick\n"
                                                "    requires: [solo_variant]\n"
                                                "    players: {min: 2}\n")]})
    [d] = of(compiled(rules), "R025")
    assert d.message == "module 'quick' can never be played: no player count suits it (the " \
        "game is for 1-4 players, 'solo_variant' for 1 player, 'quick' for 2 or more players)"
    assert d.span.line == lines_of(rules, "modules.yaml", "players: {min: 2}")[-1]
    assert {r.path.split("/")[-1] for r in d.related} == {"modules.yaml", "game.yaml"}


def test_module_players_written_the_wrong_way_round(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("  - id: quick\n", "  - id: quick\n"
                                                "    players: {min: 3, max: 1}\n")]})
    [d] = of(compiled(rules), "R025")
    assert d.hint == "its 'players' min (3) is more than its max (1): swap them"


# ---------------------------------------------------------------- every allowed pair

def test_two_compatible_replacements_of_one_step_clash(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("    conflicts: [cs_tiles]\n", "")]})
    [d] = of(compiled(rules), "R022")
    assert d.message == "modules 'cs_tiles' and 'verne_tiles' both replace setup step " \
        "'place_scoring_tiles'"
    lines = lines_of(rules, "modules.yaml", "id: place_scoring_tiles")
    assert d.span.line == lines[1] and d.related[0].line == lines[0]


def test_removing_what_another_replaces_or_adds_after(tmp_path):
    quick = "  - id: quick\n    name: {en: Quick start}\n    setup:\n      remove: "
    rules = energy(tmp_path, {"modules.yaml": [(quick + "[start_money]",
                                                quick + "[place_scoring_tiles]")]})
    found = {(d.message, d.span.line) for d in of(compiled(rules), "R026")}
    remove_line = line_of(rules, "modules.yaml", "remove: [place_scoring_tiles]")[0]
    assert found == {
        ("module 'quick' removes setup step 'place_scoring_tiles', which module 'co2' adds a "
         "step after", remove_line),
        ("module 'quick' removes setup step 'place_scoring_tiles', which module 'cs_tiles' "
         "replaces", remove_line),
        ("module 'quick' removes setup step 'place_scoring_tiles', which module 'verne_tiles' "
         "replaces", remove_line)}


def test_removing_a_deck_another_module_adds_records_to(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [("  - id: quick\n    name: {en: Quick start}\n",
                                                "  - id: quick\n    name: {en: Quick start}\n"
                                                "    removes: [action_cards]\n")]})
    msgs = sorted(d.message for d in of(compiled(rules), "R026"))
    assert msgs == ["module 'quick' removes 'action_cards', which module 'co2' adds records to",
                    "module 'quick' removes 'action_cards', which module 'h2' adds records to"]


def test_removing_the_same_step_twice_is_harmless(tmp_path):
    comp = compiled(energy(tmp_path))  # quick and solo_variant both remove start_money
    assert of(comp, "R022") == of(comp, "R026") == []


def test_pairs_not_allowed_together_are_not_checked(tmp_path):
    # solo_variant (1 player) and cs_tiles (2+) are never on together
    rules = energy(tmp_path, {"modules.yaml": [("      remove: [start_money]\n    source: {doc: "
                                                "base", "      remove: [place_scoring_tiles]\n"
                                                "    source: {doc: base")]})
    pairs = {d.message.split(", which module ")[1] for d in of(compiled(rules), "R026")}
    assert pairs == {"'co2' adds a step after", "'verne_tiles' replaces"}


def test_a_module_builds_on_what_it_requires(tmp_path):
    # h2 requires co2 and comes after it: removing co2's replacement card is layering
    old = "    replaces:\n      - {id: co2_wind_farm, by: h2_wind_farm}\n"
    rules = energy(tmp_path, {"modules.yaml": [(old, "    removes: [co2_wind_farm]\n")]})
    comp = compiled(rules)
    assert of(comp, "R026") == [] and of(comp, "R023") == []


def test_terraforming_mars_solo_and_corporate_era_remove_one_step_without_a_clash():
    comp = compile_game(TM_RULES, ROOT)
    assert [d for d in comp.diagnostics if d.code.startswith("R02")] == []
    # solo is for 1 player, draft for 2-5: they are never on together
    assert combinations_checked(comp.docs) == (4, 5)
    # solo requires corporate_era (R023) and is for one player (R025)
    codes = [d.code for d in check_selection(comp, ["solo", "draft"], players=2)]
    assert codes == ["R023", "R025"]


# ---------------------------------------------------------------- command line

def test_build_checks_the_selection_and_writes_nothing_on_error(tmp_path, capsys):
    rules, out = energy(tmp_path), tmp_path / "out"
    assert main(["build", "--rules", str(rules), "--out", str(out), "--modules", "h2"]) == 1
    text = capsys.readouterr().err
    assert "error[R023]: module 'h2' requires 'co2'" in text and not out.exists()
    assert "rulesc build: energy: not built: the selection (h2) has errors" in text
    assert main(["build", "--rules", str(rules), "--out", str(out), "--modules", "co2,h2",
                 "--players", "2"]) == 0
    assert (out / "energy" / "rules.py").is_file()


def test_build_and_check_selection_usage_errors(tmp_path, capsys):
    rules = energy(tmp_path)
    assert main(["build", "--rules", str(rules), "--out", str(tmp_path / "o"), "--modules",
                 "nope"]) == 2
    assert "unknown module 'nope'" in capsys.readouterr().err
    assert main(["check", "--rules", str(rules), "--players", "2"]) == 2
    assert main(["check", "--rules", str(rules), "--modules", "cs_tiles", "--players",
                 "1"]) == 1
    assert "error[R025]" in capsys.readouterr().err


def test_check_reports_what_it_covered(capsys):
    # --ignore W001: the data's one provisional value (the M€ production floor)
    assert main(["check", "terraforming_mars", "--ignore", "W001"]) == 0
    assert "the base game, 4 module(s) alone and 5 allowed pair(s)" in capsys.readouterr().out


def test_a_step_another_module_adds_needs_the_requirement(tmp_path):
    step = ("    replaces:\n      - {id: co2_wind_farm, by: h2_wind_farm}\n",
            "    setup:\n      add:\n        - {id: h2_setup, after: co2_setup, "
            "each_player: \"gain 1 money\"}\n")
    comp = compiled(energy(tmp_path, {"modules.yaml": [step, ("    requires: [co2]\n", "")]}))
    [d] = of(comp, "R023")
    assert d.message == "module 'h2' adds a step after setup step 'co2_setup', which only " \
        "module 'co2' brings; 'h2' does not require it"
    # with the requirement, neither R023 nor R014 (a step a required module adds)
    comp = compiled(energy(tmp_path / "b", {"modules.yaml": [step]}))
    assert of(comp, "R023") == of(comp, "R014") == []


def test_conflict_declared_both_ways_is_reported_once_per_module(tmp_path):
    rules = energy(tmp_path, {"modules.yaml": [
        ("    players: {min: 2}\n", "    players: {min: 2}\n    conflicts: [verne_tiles]\n"),
        ("  - id: quick\n", "  - id: quick\n    requires: [cs_tiles, verne_tiles]\n")]})
    assert len(of(compiled(rules), "R024")) == 1


def test_selection_without_a_module_the_player_count_needs():
    from compiler.check.selection import check_selection
    from compiler.pipeline import compile_game
    from tests.conftest import ROOT, TM_RULES

    comp = compile_game(TM_RULES, ROOT)
    [d] = check_selection(comp, ["corporate_era"], players=1)
    assert d.code == "R025" and "1-player game needs module 'solo'" in d.message
    assert d.span.path.endswith("modules.yaml")
    assert check_selection(comp, ["corporate_era", "solo"], players=1) == []
