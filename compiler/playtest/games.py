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

from compiler.diagnostics import did_you_mean
from compiler.resources import engine_available, shipped_games

__all__ = ["Names", "SetupError", "game_package", "select_modules"]


class SetupError(Exception):
    """A wrong game, module or agent name (the command line's usage error)."""


def game_package(game: str) -> ModuleType:
    """The engine package ``generated.<game>``: the project's own ``generated/`` (made by
    ``rulesc build``) first, else the engine shipped with rulesc; SetupError when none."""
    from compiler.cli.common import project_root  # here: the CLI imports this module
    if not re.fullmatch(r"[a-z][a-z0-9_]*", game):
        raise SetupError(f"'{game}' is not a game id")
    root = project_root()
    if (root / "generated" / game / "__init__.py").is_file():
        _own_engines_first(root / "generated")
    if engine_available(game):
        return importlib.import_module(f"generated.{game}")
    raise SetupError(_unknown(root, game))


def _own_engines_first(folder: Path) -> None:
    """Make the project's ``generated/`` folder the first place ``generated.<game>`` is
    looked for, also when the ``generated`` package already came from an installed wheel
    (whose own folder would otherwise hide it: ``rulesc play my_game`` after
    ``rulesc build --rules my-game``)."""
    if str(folder.parent) not in sys.path:
        sys.path.insert(0, str(folder.parent))
    import generated

    path = generated.__path__
    if str(folder) not in path and isinstance(path, list):
        path.insert(0, str(folder))
        importlib.invalidate_caches()


def _unknown(root: Path, game: str) -> str:
    """Why there is no engine for ``game``, and what to do about it."""
    if (root / "rules_data" / game).is_dir():
        return f"no engine for '{game}' yet: run `rulesc build {game}` first"
    known = set(shipped_games())
    if (root / "generated").is_dir():
        known |= {p.name for p in (root / "generated").iterdir()
                  if (p / "__init__.py").is_file()}
    hint = did_you_mean(game, known)
    return (f"unknown game '{game}'" + (f"; {hint}" if hint else "")
            + f" (games: {', '.join(sorted(known)) or 'none'})")


def select_modules(rules: dict[str, Any], text: str, players: int) -> list[str]:
    """Module ids from ``a,b`` or ``all`` (each module that composes with the others).

    ``rules`` is the package's ``RULES``. Raises SetupError for an unknown module.
    """
    known = list(rules.get("modules") or {})
    if text.strip() == "all":
        from compiler.cli.selection import composable  # here: the CLI imports this module

        return composable(rules, players).modules
    wanted = [m.strip() for m in text.split(",") if m.strip()]
    for mid in wanted:
        if mid not in known:
            raise SetupError(f"unknown module '{mid}' (known: {', '.join(known) or 'none'})")
    return wanted


PLAYER_WORD = {"it": "giocatore", "en": "player"}
YES_NO = {"it": ("sì", "no"), "en": ("yes", "no")}
NONE_WORD = {"it": "nessuno", "en": "none"}
"""An option's part with no value (``{target: none}``: no player to target)."""
"""The word before a player's number in texts for people (other languages: English)."""


class Names:
    """Record names in one language, read from any ``{id: {"name": {lang: text}}}`` table
    of the rules, so options can be shown as ``play: Licheni`` instead of JSON."""

    def __init__(self, rules: dict[str, Any], lang: str | None = None) -> None:
        game = rules.get("game") or {}
        self.lang = lang or str(game.get("language") or "en")
        self.rules = rules
        self.seats = set(rules.get("player_labels") or [])
        self.positions = set(rules.get("position_labels") or [])
        """Option keys that hold a 0-based position: shown from 1 (``azione n. 1``)."""
        """Option keys that hold a player: shown numbered from 1 (``target player 2``)."""
        self.table: dict[str, str] = {}
        self.labels: dict[str, str] = {}
        """The game's label words (game.yaml ``labels``) in this language."""
        for word, names in (game.get("labels") or {}).items():   # the game's label words
            names = names if isinstance(names, dict) else {"en": names}
            self._add(word, {"name": names})
            said = names.get(self.lang) or names.get("en") or next(iter(names.values()), None)
            if isinstance(said, str):
                self.labels[str(word)] = said
        self.entries: dict[str, str] = {}
        """Names of the state entries (``name`` in state.yaml), by entry id."""
        for scope in (rules.get("state") or {}).values():
            for key, entry in (scope or {}).items() if isinstance(scope, dict) else ():
                name = entry.get("name") if isinstance(entry, dict) else None
                if isinstance(name, dict) and (name.get(self.lang) or name):
                    self.entries[str(key)] = str(name.get(self.lang)
                                                 or next(iter(name.values())))
        rnd = ((rules.get("flow") or {}).get("round") or {}).get("name")
        if isinstance(rnd, dict) and rnd and "round" not in self.entries:
            self.entries["round"] = str(rnd.get(self.lang) or next(iter(rnd.values())))
        self._steps(rules.get("flow"))
        self._steps([m for m in (rules.get("modules") or {}).values() if isinstance(m, dict)])
        core = rules.get("records")  # a game in the core language keeps its records there
        tables = list(rules.values()) + (list(core.values()) if isinstance(core, dict) else [])
        for records in tables:
            if isinstance(records, dict):
                for rid, rec in records.items():
                    self._add(rid, rec)
        self._unnamed(tables)
        self.kinds: dict[str, dict[str, str]] = {}
        """Names by kind, for an id several kinds share (Pampero's action card ``a1`` and
        sector ``a1``): a label's words say which one it is (``_kind_named``)."""
        for kind, records in (core.items() if isinstance(core, dict) else ()):
            if isinstance(records, dict):
                self.kinds[str(kind)] = {str(rid): name for rid, rec in records.items()
                                         if (name := _name_of(rec, self.lang)) is not None}

    def _unnamed(self, tables: list[Any]) -> None:
        """A record with no name of its own (a placeholder standing for cards the
        sources do not give) is called by its deck's name for one (``name_one``, else
        ``name``): "CO2 reward tile", not ``co2_reward``; one in no deck by its id and the
        names of the records it points to: "a2_t1 (tower site, sector A2)"."""
        self.described: set[str] = set()
        """Ids named by their id and what they point to (a label keeps its key word)."""
        one = {str(rid): _name_of({"name": rec["name_one"]}, self.lang)
               for records in tables if isinstance(records, dict)
               for rid, rec in records.items()
               if isinstance(rec, dict) and isinstance(rec.get("name_one"), dict)}
        for records in tables:
            for rid, rec in records.items() if isinstance(records, dict) else ():
                deck = rec.get("deck") if isinstance(rec, dict) else None
                if isinstance(deck, str) and str(rid) not in self.table:
                    name = one.get(deck) or self.table.get(deck)
                    if name is not None:
                        self.table[str(rid)] = name
        for records in tables:  # else by the named records it points to: a board space
            for rid, rec in records.items() if isinstance(records, dict) else ():
                said = [self.table[v] for k, v in rec.items() if k not in ("id", "module")
                        and isinstance(v, str) and v in self.table] \
                    if isinstance(rec, dict) and str(rid) not in self.table else []
                if said:
                    self.table[str(rid)] = f"{rid} ({', '.join(said)})"
                    self.described.add(str(rid))

    def _steps(self, node: Any) -> None:
        """Names of the flow's and modules' steps and of the labels a scoring line books
        under (``line_names``): what money was booked under reads as words."""
        if isinstance(node, dict):
            if isinstance(node.get("id"), str):
                self._add(node["id"], node)
            for key, names in (node.get("line_names") or {}).items():
                self._add(key, {"name": names})
            for value in node.values():
                self._steps(value)
        elif isinstance(node, list):
            for value in node:
                self._steps(value)

    def _add(self, rid: Any, rec: Any) -> None:
        name = _name_of(rec, self.lang)
        if name is not None:
            self.table.setdefault(str(rid), name)

    def of(self, value: Any) -> str:
        """The name of an id (or of a label word: ``labels`` in game.yaml), or the value
        itself as short text (``none`` for no value when the game names it)."""
        if isinstance(value, str):
            return self.table.get(value, value)
        if value is None and "none" in self.table:
            return self.table["none"]
        return json.dumps(value, ensure_ascii=False)

    def key(self, key: str) -> str:
        """A map's key in a view: its name, else the id with spaces for underscores (a
        record the data leaves unnamed: Pampero's ``lower_row`` track, "lower row")."""
        return self.table.get(key) or key.replace("_", " ")

    def label(self, option: Any) -> str:
        """One option as short text: ``{"act": "play", "card": "lichen"}`` -> ``play: Lichen``.

        Words of the label (``act``, keys) are named by the data when a record or state
        entry has that id, else shown with spaces (``end turn``); a part whose value is
        none is left out when the label has others, else reads ``target none`` (or the
        game's label ``target_none``: ``stop moving``); list and map values read as
        names, never JSON."""
        if not isinstance(option, dict):
            return self.word(option) if isinstance(option, str) else self.of(option)
        head = [self.word(option["act"])] if "act" in option else []
        parts = {k: v for k, v in option.items() if k != "act"}
        if head or any(v is not None for v in parts.values()):
            parts = {k: v for k, v in parts.items() if v is not None}
        words = [str(k) for k in parts] + ([option["act"]] if isinstance(option.get("act"),
                                                                         str) else [])
        text = ", ".join(self._pair(k, v, words) for k, v in parts.items())
        return f"{head[0]}: {text}" if head and text else (head[0] if head else text)

    def _kind_named(self, value: str, words: list[str]) -> str | None:
        """The name of ``value`` in the kind a label's words point to, when several kinds
        have that id: ``{act: play, card: a3}`` names the action card ("card" is in
        ``action_cards``), ``{act: project, id: greenery}`` the standard project (its
        ``group`` is ``standard_project``), not the tile; None when one kind or none has
        it, or the words point to no single kind."""
        having = [k for k, table in self.kinds.items() if value in table]
        if len(having) < 2:
            return None
        pointed = [k for k in having if any(len(w) > 2 and w in text for w in words
                                            for text in (k, *self._plain_words(k, value)))]
        return self.kinds[pointed[0]][value] if len(pointed) == 1 else None

    def _plain_words(self, kind: str, rid: str) -> list[str]:
        """The short text fields of a record (``group: standard_project``)."""
        rec = ((self.rules.get("records") or {}).get(kind) or {}).get(rid)
        return [v for k, v in rec.items() if isinstance(v, str) and
                k not in ("id", "at") and len(v) < 40] if isinstance(rec, dict) else []

    def of_kind(self, kind: str, rid: str) -> str:
        """The name of record ``rid`` of ``kind`` (an id several kinds share is named by
        the kind asked for: Pampero's module ``wind_farm_maintenance``, not its step);
        ``word(rid)`` when that kind does not name it."""
        return self.kinds.get(kind, {}).get(rid) or self.word(rid)

    def word(self, key: str) -> str:
        """A word of a label: the name of the record or state entry ``key``, else ``key``
        with spaces for underscores."""
        return self.table.get(key) or self.entries.get(key) or key.replace("_", " ")

    def entry(self, key: str) -> str:
        """A state entry's name (``key`` itself when the data gives none)."""
        return self.entries.get(key, key)

    def said(self, key: str, english: str, **holes: Any) -> str:
        """A text of the player's view in the game's language: the game's label ``key``
        (game.yaml ``labels``, ``{hole}``s filled from ``holes``), else ``english``."""
        text = self.labels.get(key, english)
        for hole, value in holes.items():
            text = text.replace("{" + hole + "}", str(value))
        return text

    def decision(self, pending: dict[str, Any]) -> str:
        """Who decides what, in the game's words: the player, the decision's kind (its
        label in game.yaml ``labels``, else the id with spaces: ``discard tile``) and its
        prompt: ``giocatore 1 · azione: ...``."""
        head = f"{self.player(pending['player'])} · {self.word(pending['kind'])}"
        prompt = pending.get("prompt")
        return f"{head}: {prompt}" if prompt else head

    def yes_no(self, value: bool) -> str:
        return YES_NO.get(self.lang, ("yes", "no"))[0 if value else 1]

    def player(self, seat: int) -> str:
        """Seat ``seat`` (0-based) as people number it: ``player 1`` for seat 0."""
        return f"{PLAYER_WORD.get(self.lang, 'player')} {seat + 1}"

    def _pair(self, key: str, value: Any, words: list[str] | None = None) -> str:
        if value is None and f"{key}_none" in self.labels:
            return self.labels[f"{key}_none"]   # game.yaml labels: {from_none: stop moving}
        if key in self.seats and isinstance(value, int) and not isinstance(value, bool):
            return f"{self.word(key)} {self.player(value)}"
        if isinstance(value, str) and value in self.described:
            return f"{self.word(key)} {self.table[value]}"   # "space a2_t1 (tower site, ...)"
        if isinstance(value, str) and value in self.table:
            return self._kind_named(value, words or [key]) or self.table[value]
        if key in self.positions and isinstance(value, int) and not isinstance(value, bool):
            return f"{self.word(key)} {value + 1}"
        if isinstance(value, bool):
            word = self.table.get("true" if value else "false") or self.yes_no(value)
            return f"{self.word(key)}: {word}"
        return f"{self.word(key)} {self._value(value)}"

    def _value(self, value: Any) -> str:
        """A value inside a label: names, lists joined, a map as ``name value`` pairs."""
        if value is None:
            return NONE_WORD.get(self.lang, "none")
        if isinstance(value, list):
            return ", ".join(self._value(v) for v in value)
        if isinstance(value, dict):
            return ", ".join(f"{self.of(k)} {self._value(v)}" for k, v in value.items())
        if isinstance(value, str) and value not in self.table and ":" in value:
            head, *rest = value.split(":")  # a reaction: RECORD:field:index
            if head in self.table:
                n = rest[-1] if rest and rest[-1].isdigit() else "0"
                return self.table[head] + (f" #{int(n) + 1}" if n != "0" else "")
        return self.of(value)


def _name_of(rec: Any, lang: str) -> str | None:
    """A record's ``name`` in ``lang`` (else its first language); None without one."""
    if not isinstance(rec, dict) or not isinstance(rec.get("name"), dict):
        return None
    name = rec["name"].get(lang) or next(iter(rec["name"].values()), None)
    return name if isinstance(name, str) else None
