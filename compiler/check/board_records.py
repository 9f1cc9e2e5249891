"""Record references and flow steps of slot-row, piece-board and marker-track games,
and W010 for placeholder content (texts the sources do not give).

``BOARD_REFS`` extends ``records.REFS``; ``BOARD_STEP_FIELDS`` extends
``records.STEP_FIELDS`` (step kind -> required fields).
"""

from __future__ import annotations

from compiler.diagnostics import Diagnostic, Severity
from compiler.load import Document

R = "records"
BOARD_REFS: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] = [
    ("areas", (R, "*", "zone"), ("area",), "a sector's zone"),
    ("board", ("spaces", "*", "area"), ("area",), "a space's area"),
    ("pieces", (R, "*", "on", "*"), ("space_type",), "where a piece goes"),
    ("pieces", (R, "*", "needs"), ("piece",), "a piece a build needs"),
    ("pieces", (R, "*", "near", "piece"), ("piece",), "a piece it goes next to"),
    ("pieces", (R, "*", "near", "with"), ("piece",), "a piece it goes next to"),
    ("pieces", (R, "*", "near", "on", "*"), ("space_type",), "a piece it goes next to"),
    ("slot_rows", (R, "*", "slots", "*", "zone"), ("area",), "a slot's zone"),
    ("slot_rows", (R, "*", "holder"), ("deck_item",), "a slot row's holder"),
    ("action_cards", (R, "*", "deck"), ("deck",), "a card's deck"),
    ("contracts", (R, "*", "deck"), ("deck",), "a contract's deck"),
    ("contracts", (R, "*", "kind"), ("contract_kind",), "a contract's kind"),
    ("contracts", (R, "*", "arrows", "*"), ("track",), "income arrows"),
    ("deck_items", (R, "*", "deck"), ("deck",), "an item's deck"),
    ("contract_kinds", (R, "*", "spaces", "*"), ("space_type",), "a contract kind's spaces"),
    ("contract_kinds", (R, "*", "gate"), ("track",), "a contract kind's gate"),
    ("markets", (R, "*", "piles", "*"), ("deck",), "a market's piles"),
    ("markets", (R, "*", "zone"), ("area",), "a market's zone"),
    ("bonus_boards", (R, "*", "tiles"), ("deck",), "a bonus board's tiles"),
    ("bonus_boards", (R, "*", "cover"), ("deck",), "a bonus board's covering tiles"),
    ("bonus_boards", (R, "*", "spaces", "*", "area"), ("area",), "a bonus space's area"),
    ("tracks", (R, "*", "exclusive_with"), ("track",), "exclusive_with"),
    ("tracks", (R, "*", "fill", "pair"), ("track",), "a fill pair"),
    ("tracks", (R, "*", "top", "pile"), ("deck",), "a track top's pile"),
    ("tracks", (R, "*", "top", "measure"), ("resource",), "a track top's measure"),
    ("tracks", (R, "*", "top", "gain"), ("resource",), "a track top's gain"),
    ("tracks", (R, "*", "opens", "*", "areas", "*"), ("area",), "a gate's areas"),
    ("resources", (R, "*", "module"), ("module",), "a resource's module"),
    ("tracks", (R, "*", "module"), ("module",), "a track's module"),
    ("flow", ("setup", "*", "pile"), ("deck",), "a dealt pile"),
    ("flow", ("setup", "*", "piles", "*"), ("deck",), "a dealt pile"),
    ("flow", ("setup", "*", "board"), ("bonus_board",), "a dealt board"),
    ("flow", ("setup", "*", "counts", "*"), ("section",), "a scoring section"),
    ("flow", ("phases", "*", "track"), ("track",), "an ordering track"),
    ("flow", ("phases", "*", "first"), ("track",), "an ordering track"),
    ("modules", (R, "*", "setup", "add", "*", "pile"), ("deck",), "a dealt pile"),
    ("modules", (R, "*", "setup", "replace", "*", "pile"), ("deck",), "a dealt pile"),
]
for _kind in ("areas", "pieces", "grid_columns", "action_cards", "contracts", "deck_items", "decks",
              "markets", "sections", "replacements", "board"):
    _path = ("spaces", "*", "module") if _kind == "board" else (R, "*", "module")
    BOARD_REFS.append((_kind, _path, ("module",), "a record's module"))

BOARD_STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("to",), "random_turn_order": (), "action_rounds": ("rounds",),
    "return_markers": (), "order_by_track": ("track",), "section_scoring": (),
    "score_items": ("use",), "balance": ("measure", "against", "surplus", "pay", "missing"),
}


def placeholders(doc: Document) -> list[Diagnostic]:
    """W010 for every ``placeholder: <reason>`` (content the sources do not give)."""
    return [Diagnostic(doc.span(path), "W010", f"placeholder content: {v['placeholder']}",
                       Severity.WARNING, hint="replace it with the rulebook's text when known")
            for path, v in doc.walk()
            if isinstance(v, dict) and isinstance(v.get("placeholder"), str)]
