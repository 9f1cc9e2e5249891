"""The game's own vocabulary, read from the IR: names of records in a language.

Every word the sheets put around the phrase frames (resources, tiles, tags, parameters,
tracks, spaces...) comes from here, i.e. from the rules data.
"""

from __future__ import annotations

import re
from typing import Any

VALUE_KINDS = ("parameters", "tracks", "resources", "card_resources")


def unwrap(value: Any) -> Any:
    """The plain value of ``{provisional: X, reason: ...}`` (X); other values unchanged."""
    if isinstance(value, dict) and "provisional" in value:
        return value["provisional"]
    return value


class Names:
    """Record names of one compiled game, with language fallback."""

    def __init__(self, ir: dict[str, Any]):
        self.ir = ir
        game = ir.get("game") or {}
        self.rulebook_lang = str(game.get("language") or "en")
        self.currency = str(game.get("currency") or "")

    def pick(self, name: Any, lang: str, default: str = "") -> str:
        """``name`` (a str or a {lang: text} dict) in ``lang``, else the rulebook's, else any."""
        if isinstance(name, str):
            return name
        if isinstance(name, dict) and name:
            for key in (lang, self.rulebook_lang, "en"):
                if isinstance(name.get(key), str):
                    return name[key]
            return str(next(iter(name.values())))
        return default

    def has_lang(self, kind: str, ident: str, lang: str) -> bool:
        """True when the record's name is given in ``lang`` itself."""
        name = self.record(kind, ident).get("name")
        return isinstance(name, str) or isinstance(name, dict) and lang in name

    def record(self, kind: str, ident: str) -> dict[str, Any]:
        table = self.ir.get(kind) or {}
        rec = table.get(ident) if isinstance(table, dict) else None
        return rec if isinstance(rec, dict) else {}

    def of(self, kind: str, ident: str | None, lang: str, n: int | None = None) -> str:
        """The name of record ``ident`` of ``kind`` in ``lang`` (its id when it has none).

        With ``n == 1`` a record's optional singular ``name_one`` is used when given.
        """
        if ident is None:
            return ""
        rec = self.record(kind, ident)
        if n == 1 and rec.get("name_one"):
            return self.pick(rec["name_one"], lang, ident)
        return self.pick(rec.get("name"), lang, ident)

    def short(self, kind: str, ident: str, lang: str) -> str:
        """The name without a trailing parenthesised gloss: "NT (livello...)" -> "NT"."""
        return re.sub(r"\s*\([^()]*\)\s*$", "", self.of(kind, ident, lang)) or ident

    def value_kind(self, ident: str) -> str:
        """Which kind a bare name (``value_of``, ``raise``) refers to."""
        for kind in VALUE_KINDS:
            if self.record(kind, ident):
                return kind
        return "resources"

    def space(self, ident: str) -> dict[str, Any]:
        for sp in (self.ir.get("board") or {}).get("spaces") or []:
            if isinstance(sp, dict) and sp.get("id") == ident:
                return sp
        return {}

    def space_name(self, ident: str, lang: str) -> str:
        return self.pick(self.space(ident).get("name"), lang, ident)

    def space_types(self) -> list[str]:
        return [t for t in (self.ir.get("board") or {}).get("space_types") or []
                if isinstance(t, str)]

    def tiles_on(self, space_type: str) -> list[str]:
        """Ids of the tiles that go on spaces of ``space_type``."""
        return [t for t, rec in (self.ir.get("tiles") or {}).items()
                if isinstance(rec, dict) and rec.get("space") == space_type]

    def reserved_for(self, space_type: str) -> str | None:
        """The one tile a space type is reserved for (only that tile goes there), if any."""
        tiles = self.tiles_on(space_type)
        return tiles[0] if len(tiles) == 1 else None

    def round_name(self, lang: str) -> str:
        rnd = (self.ir.get("flow") or {}).get("round") or {}
        if rnd.get("name"):
            return self.pick(rnd["name"], lang)
        return self.of("tracks", rnd.get("track"), lang) if rnd.get("track") else ""

    def currency_name(self, lang: str) -> str:
        return self.of("resources", self.currency, lang) if self.currency else ""
