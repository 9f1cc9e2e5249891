"""Shared fixtures: the project root and a scratch copy of a game's rules folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TM_RULES = ROOT / "rules_data" / "terraforming_mars"


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def tm_copy(tmp_path: Path) -> Path:
    """A writable copy of rules_data/terraforming_mars in tmp_path/terraforming_mars."""
    dest = tmp_path / "terraforming_mars"
    shutil.copytree(TM_RULES, dest)
    return dest


@pytest.fixture(autouse=True)
def _plain_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests compare output text: no colour forced in by the environment (CI may set it)."""
    monkeypatch.delenv("FORCE_COLOR", raising=False)


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test compiles afresh (tests/test_cache.py turns the cache on in tmp_path): a
    test that patches a stage must not be answered from an earlier run's entry."""
    monkeypatch.setenv("RULESC_NO_CACHE", "1")
