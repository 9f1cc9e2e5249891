"""``rulesc play`` and ``rulesc test`` say when the built engine of a repository game is
older than its rules (QA qa11 Q13): both ran the old generated/ engine after a rules edit
with no word. The build records a digest of the rules files (``generated/<game>/
inputs.sha256``); a checkout that only sets new file times changes nothing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from compiler.cache import DIGEST_FILE, recorded_digest, rules_digest
from compiler.cli import main
from tests.conftest import ROOT

NOTE = ("generated/love_letter is older than rules_data/love_letter: run `rulesc build "
        "love_letter`")
GUARDS = "    copies: 5\n"
"""Love Letter has 5 Guards (rules sheet, "Card: Guard"; rules_data/love_letter/cards.yaml)."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project holding a copy of Love Letter's rules and their build."""
    project = tmp_path_factory.mktemp("project")
    shutil.copytree(ROOT / "rules_data" / "love_letter", project / "rules_data" / "love_letter")
    scenario = ROOT / "tests" / "scenarios" / "love_letter"
    shutil.copy(sorted(scenario.glob("*.yaml"))[0], project / "baron.yaml")
    here = Path.cwd()
    os.chdir(project)
    try:
        assert main(["build", "love_letter", "--no-cache"]) == 0
    finally:
        os.chdir(here)
    return project


@pytest.fixture
def project(built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of ``built`` to edit, as the working folder."""
    copy = tmp_path / "p"
    shutil.copytree(built, copy, symlinks=True)
    monkeypatch.chdir(copy)
    return copy


def _stderr(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    main(args)
    return capsys.readouterr().err


def _play(capsys: pytest.CaptureFixture[str]) -> str:
    return _stderr(["play", "love_letter", "--players", "2", "--seed", "1"], capsys)


def test_the_build_records_the_digest_of_its_rules(project: Path) -> None:
    recorded = recorded_digest(project / "generated" / "love_letter")
    assert recorded is not None and len(recorded) == 64
    assert recorded == rules_digest([project / "rules_data" / "love_letter"])
    assert (project / "generated" / "love_letter" / DIGEST_FILE).is_file()


def test_no_note_while_the_build_is_up_to_date(project: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert "older than" not in _play(capsys)
    assert "older than" not in _stderr(["test", "baron.yaml"], capsys)


def test_a_rules_edit_gives_a_note_on_play_and_test(project: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """Guard copies 5 -> 4 (the QA's edit): both commands name the stale engine, once."""
    cards = project / "rules_data" / "love_letter" / "cards.yaml"
    text = cards.read_text("utf-8")
    assert GUARDS in text
    cards.write_text(text.replace(GUARDS, "    copies: 4\n", 1), "utf-8")
    err = _play(capsys)
    assert f"rulesc play: note: {NOTE}" in err and err.count("older than") == 1
    err = _stderr(["test", "baron.yaml"], capsys)
    assert f"rulesc test: note: {NOTE}" in err and err.count("older than") == 1
    assert main(["build", "love_letter", "--no-cache"]) == 0
    assert "older than" not in _play(capsys)


def test_new_file_times_alone_give_no_note(project: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A git checkout sets every file's time: the content is what counts."""
    for path in (project / "rules_data" / "love_letter").rglob("*.yaml"):
        os.utime(path, (2_000_000_000, 2_000_000_000))
    assert "older than" not in _play(capsys)


def test_an_engine_with_no_recorded_digest_gives_no_note(project: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """An engine built by an earlier rulesc records none: nothing can be said."""
    (project / "generated" / "love_letter" / DIGEST_FILE).unlink()
    (project / "rules_data" / "love_letter" / "cards.yaml").write_text(
        (project / "rules_data" / "love_letter" / "cards.yaml").read_text("utf-8")
        .replace(GUARDS, "    copies: 4\n", 1), "utf-8")
    assert "older than" not in _play(capsys)
