"""Diagnostics as a product: text, JSON and SARIF output, --strict, --rules elsewhere."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from compiler.cli import main
from compiler.diagnostics import Diagnostic, Severity, Span, to_sarif

BASE = Path(__file__).resolve().parent / "bad_input" / "_base"
# One provisional value (W001), then a card with a misspelt key: the key is unknown and
# the required cost is missing (two S003).
CARDS = ("kind: cards\nsource: {doc: rules, section: Cards}\nrecords:\n"
         "  - {id: mine, name: {en: Mine}, cost: {provisional: 2, reason: guess}}\n"
         "  - {id: lion, name: {en: Lion}, cost: 4, module: zoo}\n"
         "  - {id: bonus, name: {en: Bonus}, colour: 1, effect: \"gain 1 money\"}\n")


def at(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` in ``text``."""
    before = text[:text.index(needle)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


PROVISIONAL = at(CARDS, "{provisional")
RECORD = at(CARDS, "{id: bonus")  # the record missing its cost
UNKNOWN = at(CARDS, "colour")
# The parts of SARIF 2.1.0 that code-scanning upload requires.
SARIF_SUBSET = {
    "type": "object", "required": ["version", "runs"],
    "properties": {
        "version": {"const": "2.1.0"},
        "runs": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["tool", "results"],
            "properties": {
                "tool": {"type": "object", "required": ["driver"], "properties": {
                    "driver": {"type": "object", "required": ["name", "rules"]}}},
                "results": {"type": "array", "items": {
                    "type": "object", "required": ["ruleId", "message", "locations", "level"],
                    "properties": {
                        "level": {"enum": ["error", "warning", "note", "none"]},
                        "message": {"type": "object", "required": ["text"]},
                        "locations": {"type": "array", "items": {
                            "type": "object", "required": ["physicalLocation"],
                            "properties": {"physicalLocation": {
                                "type": "object", "required": ["artifactLocation", "region"],
                                "properties": {"region": {
                                    "type": "object", "required": ["startLine"],
                                    "properties": {"startLine": {"minimum": 1},
                                                   "startColumn": {"minimum": 1}}}}}}}}}}}}}}},
}


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    folder = tmp_path / "rules"
    shutil.copytree(BASE, folder)
    (folder / "cards.yaml").write_text(CARDS)
    return folder


def _check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_has_position_source_caret_hint_and_order(rules: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _check(capsys, "--rules", str(rules))
    assert code == 1 and out == ""  # diagnostics go to stderr
    heads = re.findall(r"^(\S+):(\d+):(\d+): (error|warning)\[(\w+)\]: ", err, re.M)
    assert [(int(h[1]), int(h[2]), h[4]) for h in heads] == [
        (*PROVISIONAL, "W001"), (*RECORD, "S003"), (*UNKNOWN, "S003")]
    assert {h[0] for h in heads} == {str(rules / "cards.yaml")}
    source = CARDS.splitlines()[UNKNOWN[0] - 1]
    assert f"    {source}\n    " + " " * (UNKNOWN[1] - 1) + "^\n" in err
    assert "error[S003]: card 'bonus': missing required key 'cost'" in err
    assert "error[S003]: unknown key 'colour' in card 'bonus'" in err
    assert "  hint: allowed keys here: " in err  # colour is close to no key
    assert err.endswith("2 error(s), 1 warning(s)\n  2  S003  error: value does not match the "
                        "schema\n  1  W001  warning: provisional value\n")


def test_strict_turns_warnings_into_errors(rules: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    (rules / "cards.yaml").write_text(CARDS.replace("colour", "cost"))
    assert _check(capsys, "--rules", str(rules))[0] == 0
    code, _, err = _check(capsys, "--rules", str(rules), "--strict")
    assert code == 1 and "error[W001]" in err


def test_json_format(rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(capsys, "--rules", str(rules), "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert [d["code"] for d in data] == ["W001", "S003", "S003"]
    assert (data[2]["line"], data[2]["col"]) == UNKNOWN and data[2]["hint"]


def test_sarif_format(rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(capsys, "--rules", str(rules), "--format", "sarif")
    log = json.loads(out)
    assert code == 1
    Draft202012Validator(SARIF_SUBSET).validate(log)
    run = log["runs"][0]
    rule_ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert rule_ids == ["S003", "W001"]
    assert [r["ruleId"] for r in run["results"]] == ["W001", "S003", "S003"]
    for result in run["results"]:
        assert rule_ids[result["ruleIndex"]] == result["ruleId"]
    first = run["results"][2]["locations"][0]["physicalLocation"]
    assert first["region"] == {"startLine": UNKNOWN[0], "startColumn": UNKNOWN[1]}
    assert first["artifactLocation"]["uri"].endswith("/rules/cards.yaml")
    assert [r["level"] for r in run["results"]] == ["warning", "error", "error"]


def test_sarif_uris_relative_and_escaped() -> None:
    diag = Diagnostic(Span("rules_data/my game/x.yaml", 2, 3), "R001", "m",
                      Severity.ERROR, "h", (Span("rules_data/a.yaml", 1, 1),))
    log = json.loads(to_sarif([diag]))
    result = log["runs"][0]["results"][0]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == \
        "rules_data/my%20game/x.yaml"
    assert result["relatedLocations"][0]["id"] == 0
    assert "(hint: h)" in result["message"]["text"]


def test_clean_data_gives_an_empty_sarif_log(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(capsys, "--rules", str(BASE), "--format", "sarif")
    assert code == 0 and json.loads(out)["runs"][0]["results"] == []


def test_rules_folder_outside_the_repo(tmp_path: Path) -> None:
    """Run from a folder with no rules_data/: paths are shown relative to it."""
    game = tmp_path / "my_game"
    shutil.copytree(BASE, game)
    cmd = [sys.executable, "-m", "compiler", "check", "--rules", "my_game"]
    proc = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok: my_game checked" in proc.stdout
    (game / "cards.yaml").write_text(CARDS)
    proc = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    line, col = UNKNOWN
    assert proc.returncode == 1
    assert f"\nmy_game/cards.yaml:{line}:{col}: error[S003]" in proc.stderr


def test_rules_folder_of_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("one", "two"):
        shutil.copytree(BASE, tmp_path / "games" / name)
    code, out, _ = _check(capsys, "--rules", str(tmp_path / "games"))
    assert code == 0 and "ok: one, two checked" in out


def test_missing_rules_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _check(capsys, "--rules", str(tmp_path / "nope"))
    assert code == 1 and f"{tmp_path / 'nope'}:1:1: error[L012]" in err


def test_unreadable_file_shows_its_source_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(BASE, tmp_path / "rules")
    (tmp_path / "rules" / "x.yaml").write_bytes(b"kind: tags\nrecords: [\x1b[31m\n")
    code, _, err = _check(capsys, "--rules", str(tmp_path / "rules"))
    assert code == 1 and "error[L003]" in err
    assert "\x1b" not in err, "terminal escapes from the file must not reach the output"
    assert "records: [?[31m" in err
