"""Printed component counts against the records that define them (W002).

A module record or the game document may list ``components: [{id, count, name, deck}]``
with the count the rulebook prints. With ``deck`` given, the records of that deck are
counted: records of any kind whose ``deck`` (their own, or their document's file-level
``deck:``) is that id and whose ``module`` is the module's id (for the game's list:
records without a module), each counted ``copies:`` times (default 1). A difference is a
warning at the printed count, naming both numbers, related to the deck's first record:
rulebooks have such slips and the data keeps the printed number.

Checked as an expansion (``layer``: the paths of the expansion's documents), a count the
shipped game prints that the expansion's own records change is reported at those records
(the first; the others and the printed count as related), with what to do about it.
"""

from __future__ import annotations

from typing import Any

from compiler.check.combinations import deck_members
from compiler.check.module_index import items
from compiler.diagnostics import Diagnostic, Severity, Span
from compiler.load import Document

__all__ = ["check_components", "printed_counts", "printed_lists"]


def printed_lists(docs: list[Document]) -> list[tuple[Document, tuple[str | int, ...],
                                                      str | None]]:
    """``(document, path of a components list, module id or None)`` for each list."""
    out: list[tuple[Document, tuple[str | int, ...], str | None]] = []
    for doc in docs:
        if doc.kind == "game":
            out.append((doc, ("components",), None))
        elif doc.kind == "modules":
            for i, rec in enumerate(items(doc.data, "records")):
                if isinstance(rec, dict) and isinstance(rec.get("id"), str):
                    out.append((doc, ("records", i, "components"), rec["id"]))
    return out


def check_components(docs: list[Document], layer: frozenset[str] = frozenset()
                     ) -> list[Diagnostic]:
    """W002 for each ``components`` entry with a ``deck`` whose records count differently;
    ``layer``: the paths of an expansion's documents (see the module docstring)."""
    members = deck_members(docs)
    out: list[Diagnostic] = []
    for doc, path, module in printed_lists(docs):
        entries = _get(doc.data, path)
        for j, entry in enumerate(entries if isinstance(entries, list) else []):
            if not isinstance(entry, dict) or not isinstance(entry.get("deck"), str):
                continue
            count = entry.get("count")
            if isinstance(count, bool) or not isinstance(count, int):
                continue  # provisional (W001) or malformed (S003): nothing to compare
            records = members.get((entry["deck"], module), [])
            found = sum(copies for _span, copies in records)
            if found == count:
                continue
            at = doc.span(path + (j, "count"))
            added = [span for span, _copies in records if span.path in layer]
            if doc.path not in layer and added:
                out.append(_added(at, entry, module, count, found, added))
            else:
                out.append(_differs(at, entry, module, count, found,
                                    records[0][0] if records else None))
    return out


def _added(printed: Span, entry: dict[str, Any], module: str | None, count: int,
           found: int, added: list[Span]) -> Diagnostic:
    """W002 at an expansion's first record that changes a count the shipped game prints."""
    label = _label(entry, count)
    owner = f"module '{module}'" if module else "the base game"
    these = "this record" if len(added) == 1 else f"these {len(added)} records"
    them = "it" if len(added) == 1 else "them"
    hint = (f"an expansion's record belongs to its own module: give {these} 'module: <your "
            f"module>' and count {them} in that module's components ({{id, count, deck: "
            f"{entry['deck']}}}); or leave {them} out of deck '{entry['deck']}'")
    return Diagnostic(added[0], "W002", f"the shipped game prints {count} {label} (deck "
                      f"'{entry['deck']}', {owner}); with {these} of the expansion, "
                      f"{found} records define them", Severity.WARNING, hint=hint,
                      related=(printed, *added[1:]))


def _label(entry: dict[str, Any], count: int) -> str:
    label = str(entry.get("id", "component")).replace("_", " ")
    return label + "s" if count != 1 and not label.endswith("s") else label


def printed_counts(docs: list[Document]) -> list[dict[str, Any]]:
    """Each ``components`` entry with a ``deck`` and a whole-number count, as
    ``{id, name, module, deck, printed, records}`` (``records``: how many the data holds,
    copies counted; ``module`` None for the base game), in file order."""
    members = deck_members(docs)
    out: list[dict[str, Any]] = []
    for doc, path, module in printed_lists(docs):
        entries = _get(doc.data, path)
        for entry in entries if isinstance(entries, list) else []:
            count = entry.get("count") if isinstance(entry, dict) else None
            if not isinstance(entry, dict) or not isinstance(entry.get("deck"), str) or \
                    isinstance(count, bool) or not isinstance(count, int):
                continue
            found = sum(copies for _span, copies in members.get((entry["deck"], module), []))
            names = entry.get("name")
            label = (names.get("en") if isinstance(names, dict) else None) or \
                str(entry.get("id")).replace("_", " ")
            out.append({"id": entry.get("id"), "name": label,
                        "module": module, "deck": entry["deck"], "printed": count,
                        "records": found})
    return out


def _differs(span: Span, entry: dict[str, Any], module: str | None, count: int, found: int,
             first: Span | None) -> Diagnostic:
    label = _label(entry, count)
    define = "record defines" if found == 1 else "records define"
    owner = f", module '{module}'" if module else ", base game"
    hint = ("if the rulebook's number is a slip, keep it as printed (this warning records "
            "it); otherwise add or remove records of the deck (a record with 'copies: N' "
            "counts N times)")
    return Diagnostic(span, "W002", f"printed {count} {label}, {found} {define} them "
                      f"(deck '{entry['deck']}'{owner})", Severity.WARNING, hint=hint,
                      related=(first,) if first else ())


def _get(data: Any, path: tuple[str | int, ...]) -> Any:
    for key in path:
        if isinstance(data, dict) and isinstance(key, str):
            data = data.get(key)
        elif isinstance(data, list) and isinstance(key, int) and key < len(data):
            data = data[key]
        else:
            return None
    return data
