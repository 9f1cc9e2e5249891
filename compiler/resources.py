"""Where the data that ships with rulesc lives: JSON Schemas, shipped games and engines.

In a source checkout (an editable install, or ``python -m compiler`` in the tree) the
top-level folders ``schemas/`` and ``rules_data/`` beside the package are the data. A
wheel (``pip install .``, the pre-commit hook) carries copies of both inside the package,
as ``compiler/_shipped/schemas/`` and ``compiler/_shipped/rules_data/``: ``setup.py``'s
``build_py`` copies them there at build time, so the repository keeps one copy of each.
The generated engines ship as the ``generated`` package (``generated.<game>``).

Everything here is found with ``importlib.resources``; nothing depends on the current
folder. The packaged copy wins when it exists (an installed wheel never sees a checkout).
"""

from __future__ import annotations

import importlib.util
from importlib import resources
from pathlib import Path

__all__ = ["SHIPPED", "data_dir", "engine_available", "schema_dir", "shipped_game",
           "shipped_games", "shipped_rules"]

SHIPPED = "_shipped"  # folder inside the package that a wheel's build fills


def data_dir(name: str) -> Path:
    """Folder ``name`` (``schemas`` or ``rules_data``) of the data shipped with rulesc."""
    package = resources.files("compiler")
    packaged = package.joinpath(SHIPPED, name)
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(str(package)).parent / name


def schema_dir() -> Path:
    """The folder holding the JSON Schemas, ``common.schema.json`` and one per kind."""
    return data_dir("schemas")


def shipped_rules() -> Path:
    """The folder holding one rules folder per shipped game."""
    return data_dir("rules_data")


def shipped_games() -> list[str]:
    """The ids of the games that ship with rulesc (their rules folders), sorted."""
    base = shipped_rules()
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if (p / "game.yaml").is_file())


def shipped_game(game: str) -> Path | None:
    """The rules folder of shipped game ``game``, or None when no such game ships."""
    return shipped_rules() / game if game in shipped_games() else None


def engine_available(game: str) -> bool:
    """True when the generated engine ``generated.<game>`` can be imported."""
    try:
        return importlib.util.find_spec(f"generated.{game}") is not None
    except (ImportError, ValueError):
        return False
