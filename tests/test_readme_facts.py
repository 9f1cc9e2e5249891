"""What the README says about the shipped games' data agrees with the data."""

from __future__ import annotations

from tests.conftest import ROOT


def _modules(game: str) -> dict:
    from compiler.playtest.games import game_package
    return game_package(game).RULES["modules"]


def test_pampero_extra_scoring_tile_modules_as_the_readme_says():
    """Clear Skies: the alternate setup rules use the Clear Skies extra scoring tiles
    (the module requires them); both conflict with the Project Verne tiles, which take
    the same scoring sections."""
    mods = _modules("pampero")
    alt = mods["cs_extra_scoring_alternate"]
    assert "cs_extra_scoring_tiles" in alt.get("requires", [])
    assert "verne_extra_scoring_tiles" in alt.get("conflicts", [])
    assert "verne_extra_scoring_tiles" in mods["cs_extra_scoring_tiles"].get("conflicts", [])
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "exclude each other" not in readme
    assert "alternate setup is a module of its own that requires them, and both exclude " \
           "the Project Verne extra scoring tiles" in readme
