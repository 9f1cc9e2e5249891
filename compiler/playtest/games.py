"""Finding a built game, choosing its modules, and naming options in the game's language.

Only the public Game API and the generated packages (``generated/<game>``) are used.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from compiler.runtime import RulesError, compose

__all__ = ["Names", "SetupError", "game_package", "select_modules"]


class SetupError(Exception):
    """A wrong game, module or agent name (the command line's usage error)."""


def game_package(game: str) -> ModuleType:
    """The generated engine package ``generated.<game>``; SetupError when there is none."""
    from compiler.cli.common import project_root  # here: the CLI imports this module
    if not re.fullmatch(r"[a-z][a-z0-9_]*", game):
        raise SetupError(f"'{game}' is not a game id")
    for root in (project_root(), Path(__file__).resolve().parents[2]):
        if (root / "generated" / game / "__init__.py").is_file():
            if str(root) not in sys.path:
                sys.path.insert(0, str(root))
            return importlib.import_module(f"generated.{game}")
    raise SetupError(f"unknown game '{game}': no generated/{game} "
                     f"(run `rulesc build --game {game}` first)")


def select_modules(rules: dict[str, Any], text: str, players: int) -> list[str]:
    """Module ids from ``a,b`` or ``all`` (each module that composes with the others).

    ``rules`` is the package's ``RULES``. Raises SetupError for an unknown module.
    """
    known = list(rules.get("modules") or {})
    if text.strip() == "all":
        chosen: list[str] = []
        for mid in known:
            try:
                compose(rules, chosen + [mid], players)
            except RulesError:
                continue
            chosen.append(mid)
        return chosen
    wanted = [m.strip() for m in text.split(",") if m.strip()]
    for mid in wanted:
        if mid not in known:
            raise SetupError(f"unknown module '{mid}' (known: {', '.join(known) or 'none'})")
    return wanted


class Names:
    """Record names in one language, read from any ``{id: {"name": {lang: text}}}`` table
    of the rules, so options can be shown as ``play: Licheni`` instead of JSON."""

    def __init__(self, rules: dict[str, Any], lang: str | None = None) -> None:
        game = rules.get("game") or {}
        self.lang = lang or str(game.get("language") or "en")
        self.table: dict[str, str] = {}
        for records in rules.values():
            if isinstance(records, dict):
                for rid, rec in records.items():
                    self._add(rid, rec)

    def _add(self, rid: Any, rec: Any) -> None:
        if not isinstance(rec, dict) or not isinstance(rec.get("name"), dict):
            return
        name = rec["name"].get(self.lang) or next(iter(rec["name"].values()), None)
        if isinstance(name, str):
            self.table.setdefault(str(rid), name)

    def of(self, value: Any) -> str:
        """The name of an id, or the value itself as short text."""
        if isinstance(value, str):
            return self.table.get(value, value)
        return json.dumps(value, ensure_ascii=False)

    def label(self, option: Any) -> str:
        """One option as short text: ``{"act": "play", "card": "lichen"}`` -> ``play: Lichen``."""
        if not isinstance(option, dict):
            return self.of(option)
        head = [self.of(option["act"])] if "act" in option else []
        rest = [self._pair(k, v) for k, v in option.items() if k != "act"]
        text = ", ".join(rest)
        return f"{head[0]}: {text}" if head and text else (head[0] if head else text)

    def _pair(self, key: str, value: Any) -> str:
        if isinstance(value, str) and value in self.table:
            return self.table[value]
        if isinstance(value, bool):
            return f"{self.of(key)}: {'yes' if value else 'no'}"
        return f"{self.of(key)} {self.of(value)}"
