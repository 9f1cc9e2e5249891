"""The symbol table: every id a game declares, by kind, with where it was declared."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.diagnostics import Diagnostic, Span, did_you_mean

# document kind -> symbol kind of its records
DOC_SYMBOLS = {"board": ("space", "space_type"), "flow": ("setup", "phases")}
RECORD_KINDS = {
    "resources": "resource", "parameters": "parameter", "tracks": "track", "tags": "tag",
    "card_resources": "card_resource", "tiles": "tile", "cards": "card", "actions": "action",
    "milestones": "milestone", "awards": "award", "modules": "module",
    "areas": "area", "constants": "constant", "pieces": "piece", "grid_columns": "grid_column",
    "slot_rows": "slot_row", "action_cards": "action_card", "contract_kinds": "contract_kind",
    "contracts": "contract", "decks": "deck", "deck_items": "deck_item", "markets": "market",
    "bonus_boards": "bonus_board", "sections": "section", "replacements": "replacement",
}


@dataclass
class Symbols:
    """``table[kind][id] = span`` of the declaration; ``records[kind][id]`` its raw data."""

    table: dict[str, dict[str, Span]] = field(default_factory=dict)
    records: dict[str, dict[str, dict]] = field(default_factory=dict)
    incomplete: set[str] = field(default_factory=set)
    """Symbol kinds some of whose declarations are missing because a file did not load."""

    def uncertain(self, kinds: tuple[str, ...]) -> bool:
        """True when a name of ``kinds`` may be declared in a file that did not load."""
        return bool(self.incomplete.intersection(kinds))

    def declare(self, kind: str, ident: str, span: Span, record: dict | None = None
                ) -> Diagnostic | None:
        known = self.table.setdefault(kind, {})
        if ident in known:
            first = known[ident]
            return Diagnostic(span, "R002", f"{kind} '{ident}' is declared twice "
                              f"(first at {first})", hint="rename or remove one of them",
                              related=(first,))
        known[ident] = span
        self.records.setdefault(kind, {})[ident] = record or {}
        return None

    def has(self, kind: str, ident: str) -> bool:
        return ident in self.table.get(kind, {})

    def kind_of(self, ident: str) -> list[str]:
        return sorted(k for k, ids in self.table.items() if ident in ids)

    def names(self, *kinds: str) -> list[str]:
        return sorted({i for k in kinds for i in self.table.get(k, {})})

    def unknown(self, ident: str, kinds: tuple[str, ...], span: Span, what: str) -> Diagnostic:
        """A diagnostic for a name that is not a declared ``kinds`` (R001 or R003)."""
        other = [k for k in self.kind_of(ident) if k not in kinds]
        wanted = " or ".join(k.replace("_", " ") for k in kinds)
        if other:
            return Diagnostic(span, "R003", f"'{ident}' is a {other[0].replace('_', ' ')}, "
                              f"but {what} needs a {wanted}",
                              hint=_wrong_kind_hint(ident, other[0], kinds))
        hint = did_you_mean(ident, self.names(*kinds)) or self._elsewhere(ident, kinds)
        if not hint:
            known = self.names(*kinds)
            hint = f"declare it in the game's {kinds[0].replace('_', ' ')}s" + \
                (", or use one of: " + ", ".join(known[:8]) if known else "")
        return Diagnostic(span, "R001", f"unknown {wanted} '{ident}' in {what}", hint=hint)


    def _elsewhere(self, ident: str, kinds: tuple[str, ...]) -> str:
        """A hint when a close name exists, but as another kind of thing."""
        others = [k for k in self.table if k not in kinds and k != "document"]
        close = did_you_mean(ident, self.names(*others))
        if not close:
            return ""
        name = close.split("'")[1]
        return f"{close} ('{name}' is a {self.kind_of(name)[0].replace('_', ' ')}: " + \
            _wrong_kind_hint(name, self.kind_of(name)[0], kinds) + ")"


def _wrong_kind_hint(ident: str, actual: str, wanted: tuple[str, ...]) -> str:
    if actual == "parameter" and "resource" in wanted:
        return f"raise a parameter with 'raise {ident} 1'"
    if actual == "tile":
        return f"put a tile on the board with 'place {ident}'"
    if actual == "card_resource":
        return f"card resources go on cards: 'add 1 {ident} to this card'"
    return f"use a declared {wanted[0].replace('_', ' ')} here"
