"""What the commands print and write (issue 10, part 3): --select/--ignore and the count
per code, --modules all, file permissions from the umask, and the smaller frictions met
by a new user (empty scenario folder, schema without a kind, explain of decks, setup
steps and scoring lines)."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from compiler.cli import main
from compiler.output import write_tree
from tests.conftest import ROOT
from tests.test_diagnostics_output import BASE, CARDS


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    """A small game with one W001 warning and two S003 errors (cards.yaml)."""
    folder = tmp_path / "rules"
    shutil.copytree(BASE, folder)
    (folder / "cards.yaml").write_text(CARDS)
    return folder


def _check(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _codes(err: str) -> list[str]:
    return [line.split("[")[1].split("]")[0] for line in err.splitlines()
            if "]: " in line and line.split(":")[0].endswith(".yaml")]


def test_select_keeps_codes_by_prefix(rules, capsys):
    code, _, err = _check(capsys, "--rules", str(rules), "--select", "W")
    assert code == 0 and _codes(err) == ["W001"]
    code, _, err = _check(capsys, "--rules", str(rules), "--select", "s003")
    assert code == 1 and _codes(err) == ["S003", "S003"]


def test_ignore_drops_codes_and_the_exit_status_follows(rules, capsys):
    code, _, err = _check(capsys, "--rules", str(rules), "--ignore", "S003")
    assert code == 0 and _codes(err) == ["W001"]
    code, out, err = _check(capsys, "--rules", str(rules), "--select", "ALL", "--ignore",
                            "S,W001")
    assert code == 0 and err == "" and "no diagnostics" in out


def test_a_file_that_does_not_load_is_reported_whatever_the_filter(rules, capsys):
    (rules / "broken.yaml").write_text("kind: cards\nrecords: [\n")   # a YAML syntax error
    code, out, err = _check(capsys, "--rules", str(rules), "--select", "W")
    assert code == 1 and "L003" in _codes(err) and "W001" in _codes(err)
    assert "no diagnostics" not in out


def test_select_applies_to_json_too(rules, capsys):
    code, out, _ = _check(capsys, "--rules", str(rules), "--select", "S", "--format", "json")
    assert code == 1 and [d["code"] for d in json.loads(out)] == ["S003", "S003"]


@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_unknown_code_is_a_usage_error(rules, capsys, option):
    code, out, err = _check(capsys, "--rules", str(rules), option, "R9")
    assert code == 2 and out == ""
    assert err.startswith(f"rulesc check: {option}: no diagnostic code starts with 'R9'")


def test_count_per_code_closes_the_report(rules, capsys):
    _, _, err = _check(capsys, "--rules", str(rules))
    assert err.splitlines()[-3:] == ["2 error(s), 1 warning(s)",
                                     "  2  S003  error: value does not match the schema",
                                     "  1  W001  warning: provisional value"]


def test_check_modules_all(capsys):
    # --ignore W001: the data's one provisional value (the M€ production floor)
    code, out, _ = _check(capsys, "terraforming_mars", "--modules", "all", "--players", "1",
                          "--ignore", "W001")
    assert code == 0 and "and corporate_era, solo" in out
    code, out, _ = _check(capsys, "terraforming_mars", "--modules", "all", "--players", "3",
                          "--ignore", "W001")
    assert code == 0 and "and corporate_era, standard_corporations, draft" in out


def test_check_modules_named_are_checked_as_named(capsys):
    code, _, err = _check(capsys, "terraforming_mars", "--modules", "solo", "--players", "1")
    assert code == 1 and "error[R023]: module 'solo' requires 'corporate_era'" in err


def test_build_modules_all(capsys):
    assert main(["build", "terraforming_mars", "--modules", "all", "--players", "2",
                 "--check"]) == 0
    assert "terraforming_mars: up to date" in capsys.readouterr().out


@pytest.mark.parametrize("mask", [0o022, 0o027])
def test_sheet_and_build_outputs_follow_the_umask(tmp_path, capsys, mask):
    old = os.umask(mask)
    try:
        assert main(["sheet", "terraforming_mars", "--out", str(tmp_path / "s.html")]) == 0
        write_tree(tmp_path / "tree", {"a/b.txt": b"x"})
    finally:
        os.umask(old)
    mode = stat.S_IMODE
    assert mode((tmp_path / "s.html").stat().st_mode) == 0o666 & ~mask
    assert mode((tmp_path / "tree").stat().st_mode) == 0o777 & ~mask
    assert mode((tmp_path / "tree" / "a" / "b.txt").stat().st_mode) == 0o666 & ~mask


def test_test_on_an_empty_folder_says_nothing_to_test(tmp_path, capsys):
    assert main(["test", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == (f"rulesc test: nothing to test: no scenario files (*.yaml, "
                                 f"*.yml) in {tmp_path}\n")
    assert main(["test", str(tmp_path / "nope.yaml")]) == 2
    err = capsys.readouterr().err
    assert "no such scenario file or folder" in err and "PosixPath" not in err


def test_test_finds_scenarios_named_yml_in_a_folder(tmp_path, capsys):
    """QA: a scenario named ``two_cards.yml`` ran when named, but a folder of them was
    "nothing to test". Love Letter's turn: draw a card, then play one of your two."""
    (tmp_path / "two_cards.yml").write_text(
        "scenario: the first player to act holds two cards\ngame: love_letter\n"
        "players: 2\nseed: 1\nthen:\n  players.@0.hand: {length: 2}\n", "utf-8")
    assert main(["test", str(tmp_path)]) == 0
    assert "PASS" in capsys.readouterr().out


def test_test_finds_a_scenario_saved_with_a_byte_order_mark(tmp_path, capsys):
    """QA: a scenario saved by an editor that writes a BOM (Windows Notepad) ran when
    named, but a folder of them was "nothing to test" (its first key was not seen)."""
    (tmp_path / "bom.yaml").write_bytes(
        b"\xef\xbb\xbfscenario: the first player to act holds two cards\n"
        b"game: love_letter\nplayers: 2\nseed: 1\nthen:\n  players.@0.hand: {length: 2}\n")
    assert main(["test", str(tmp_path)]) == 0
    assert "PASS" in capsys.readouterr().out


def test_modules_none_is_the_base_game_in_every_command(capsys):
    """QA: `rulesc sheet --modules none` prints the base game, but `rulesc play
    --modules none` said "unknown module 'none'". It is the base game everywhere; with
    one player the solo variant and the Corporate Era it requires are still added
    (rulebook: "Variante in solitario 'Era corporativa'")."""
    assert main(["play", "love_letter", "--modules", "none", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["modules"] == []
    assert main(["play", "terraforming_mars", "--players", "1", "--modules", "none",
                 "--seed", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    assert sorted(json.loads(out)["modules"]) == ["corporate_era", "solo"]
    assert main(["check", "love_letter", "--modules", "none"]) == 0


@pytest.mark.parametrize("modules", ["all,co2", "co2,none"])
def test_all_or_none_beside_other_modules_is_a_usage_error_that_says_so(modules, capsys):
    """`--modules all,co2` said "unknown module 'all'" with the list of modules (where a
    new user sees nothing wrong with 'all'): 'all' and 'none' stand alone."""
    assert main(["play", "pampero", "--modules", modules, "--seed", "1"]) == 2
    err = capsys.readouterr().err
    word = "all" if "all" in modules else "none"
    assert f"'{word}' stands alone" in err and "unknown module" not in err


def test_a_module_is_named_by_its_id_in_any_case_or_by_its_name(capsys):
    """`--modules CO2` (the module as the Project Verne rulebook prints it) was "unknown
    module 'CO2'" with no hint; the id in any case and the module's name in any of the
    game's languages (Clear Skies: "Private Industry") name it, a slip gets a hint."""
    assert main(["play", "pampero", "--modules", "CO2,Industria privata", "--players", "2",
                 "--seed", "1", "--json"]) == 0
    assert sorted(json.loads(capsys.readouterr().out)["modules"]) == ["co2", "private_industry"]
    assert main(["play", "pampero", "--modules", "CO3", "--seed", "1"]) == 2
    assert "did you mean 'co2'?" in capsys.readouterr().err


def test_simulate_takes_a_module_by_its_name(tmp_path, capsys):
    """The Italian rulebook's "Variante Era aziendale" is the module corporate_era, by
    its English or Italian name in `rulesc simulate` as in `play`."""
    assert main(["simulate", "terraforming_mars", "--games", "1", "--modules",
                 "Era corporativa", "--out", str(tmp_path / "sim"), "--workers", "1"]) == 0
    assert capsys.readouterr().out.startswith("corporate_era: 1 games")


def test_schema_without_kind_lists_the_kinds_as_its_help_says(capsys):
    assert main(["schema"]) == 0
    assert capsys.readouterr().out.split() == ["game", "flow", "modules", "kinds", "state",
                                               "events", "definitions", "constants"]
    assert main(["schema", "--rules", str(ROOT / "rules_data" / "pampero")]) == 0
    kinds = capsys.readouterr().out.split()
    assert "flow" in kinds and "decks" in kinds and "action_cards" in kinds
    assert "without KIND: list the kinds" in " ".join(_help("schema").split())


def _help(name: str) -> str:
    import argparse

    from compiler.cli import parser
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[name].format_help()


@pytest.mark.parametrize("game,query,words", [
    ("terraforming_mars", "setup:first_player", ["setup first_player", "flow.yaml:"]),
    ("terraforming_mars", "scoring:greenery", ["scoring greenery", "1 VP per owned greenery tile"]),
    ("pampero", "deck:contracts_remote", ["decks contracts_remote", "decks.yaml:",
                                          "remote contract tiles"]),
    ("pampero", "deck:specialist_action", ["face up, refilled from the deck",
                                           "a taken item goes to: the hand"]),
])
def test_explain_setup_steps_decks_and_scoring_lines(capsys, game, query, words):
    assert main(["explain", game, query, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out


def test_simulate_fills_in_what_one_player_needs(tmp_path, capsys):
    assert main(["simulate", "terraforming_mars", "--players", "1", "--games", "1",
                 "--workers", "1", "--out", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "rulesc simulate: base: added module(s) solo (a 1-player game needs it), " \
        "corporate_era (solo requires it)" in err
    assert out.startswith("solo,corporate_era: 1 games")


def test_out_that_is_a_file_is_a_usage_error_before_any_work(tmp_path, capsys):
    """QA: `rulesc build love_letter --out afile` compiled the game, then said "cannot
    write afile/love_letter: File exists" (exit 1); `schema --out afile` likewise. As
    `simulate --out`: a usage error first (exit 2), and the file is left as it was."""
    afile = tmp_path / "afile"
    afile.write_text("keep", "utf-8")
    assert main(["build", "love_letter", "--out", str(afile)]) == 2
    assert capsys.readouterr().err == f"rulesc build: --out: {afile} is a file, not a folder\n"
    assert main(["schema", "--on", "love_letter", "--out", str(afile)]) == 2
    assert capsys.readouterr().err == f"rulesc schema: --out: {afile} is a file, not a folder\n"
    assert afile.read_text("utf-8") == "keep"
