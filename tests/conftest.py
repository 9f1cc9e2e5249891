"""Shared fixtures: the project root, a scratch copy of a game's rules folder and the
shipped games' IRs."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TM_RULES = ROOT / "rules_data" / "terraforming_mars"
SHIPPED = ("terraforming_mars", "pampero", "love_letter")


@pytest.fixture(scope="module")
def irs() -> dict[str, Any]:
    """Each shipped game's IR by game id (compiled once per test module)."""
    from compiler.pipeline import compile_game

    out = {}
    for game in SHIPPED:
        comp = compile_game(ROOT / "rules_data" / game, ROOT)
        assert not comp.failed()
        out[game] = comp.ir
    return out


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
