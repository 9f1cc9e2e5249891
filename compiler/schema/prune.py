"""What the schema stage keeps of a document that has schema errors.

Every diagnostic of a run is reported in that run: a record with one schema error is
still resolved and checked with the fields it has right, so that its other mistakes
(an unknown id, an effect no definition matches) show up beside the schema error. What
is left out, from the outside in:

- an unknown key (a record's, or the document's own: ``costs: 3``, ``sorce:``): that
  key alone;
- a field whose value has an error (``records.3.cost``): that field alone;
- a record whose ``id`` is not an id (``café_über``, a number): the record is checked
  under a stand-in id that names its line (``record_at_line_4``), so its other mistakes
  (an unknown tag, an effect no definition matches) are reported in the same run (QA
  qa11 Q4); the id written is kept in ``Document.dropped``;
- a record whose error is the record's as a whole (not a mapping, no ``id``, a rule
  between its fields): that record (it is replaced by ``None``, so positions stay valid,
  and its id is kept in ``Document.dropped``);
- in ``state.yaml``, a setting with a bad value (``hidden: other``): that setting alone;
  an entry with a bad key or wrong as a whole: that entry (its name kept in ``dropped``);
- any other error of the document's own keys: the whole document.

A record that only lacks a required key other than its ``id`` is kept (as one whose
required value had an error): the later stages read every field as optional. What is
kept is validated again, and a record (or document) that still does not fit is left
out, so the later stages see only data of the schema's shape, less some fields. The
diagnostics are the first validation's; a document with any of them has errors, so
``rulesc build`` writes nothing.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from compiler.load import Document
from compiler.schema.errors import UNKNOWN, unknown_keys

__all__ = ["prune"]


def prune(doc: Document, errors: list[ValidationError],
          validator: Draft202012Validator) -> Document | None:
    """A copy of ``doc`` without what holds ``errors``; None if the document's own keys
    hold one that is not an unknown key."""
    if doc.kind == "state":
        return _prune_state(doc, errors, validator)
    cut = _cuts(errors)
    if cut is None:
        return None
    top, fields, bad, renamed = cut
    data = {k: v for k, v in doc.data.items() if k not in top}
    if "records" in data:
        data["records"] = _stand_ins(doc, _records(data["records"], fields, bad),
                                     renamed - bad)
    for err in validator.iter_errors(data):  # what still does not fit is left out
        index = _record_index(tuple(err.absolute_path))
        if index is None:
            return None
        if not _lacks_a_key(err):
            bad.add(index)
    if bad:
        data["records"] = _records(data["records"], {}, bad)
    dropped = {r["id"] for i, r in enumerate(doc.data.get("records") or [])
               if i in bad | renamed and isinstance(r, dict) and isinstance(r.get("id"), str)}
    return dataclasses.replace(doc, data=data, dropped=dropped)


def _cuts(errors: list[ValidationError]
          ) -> tuple[set[str], dict[int, set[str]], set[int], set[int]] | None:
    """What to leave out for ``errors``: the document's unknown keys, each record's
    fields (unknown or with a bad value), the records left out whole, and the records
    whose id is not an id (checked under a stand-in); None for an error in the
    document's own keys that is not an unknown key."""
    top: set[str] = set()
    fields: dict[int, set[str]] = {}
    bad: set[int] = set()
    renamed: set[int] = set()
    for err in errors:
        path = tuple(err.absolute_path)
        index = _record_index(path)
        if index is None:
            if path or err.validator not in UNKNOWN:
                return None
            top.update(set(unknown_keys(err)))
        elif len(path) >= 3 and isinstance(path[2], str) and path[2] != "id":
            fields.setdefault(index, set()).add(path[2])
        elif len(path) == 3 and path[2] == "id":
            renamed.add(index)
        elif len(path) == 2 and err.validator in UNKNOWN:
            fields.setdefault(index, set()).update(set(unknown_keys(err)))
        elif not _lacks_a_key(err):
            bad.add(index)
    return top, fields, bad, renamed


def _records(records: list[Any], fields: dict[int, set[str]], bad: set[int]) -> list[Any]:
    """``records`` with the ``bad`` ones replaced by None and ``fields`` left out."""
    return [None if i in bad else
            {k: v for k, v in r.items() if k not in fields[i]}
            if i in fields and isinstance(r, dict) else r
            for i, r in enumerate(records)]


def _stand_ins(doc: Document, records: list[Any], renamed: set[int]) -> list[Any]:
    """``records`` with the id of each ``renamed`` one replaced by a stand-in that names
    its line (``record_at_line_4``; ``_`` added while another record has it)."""
    taken = {r.get("id") for r in records if isinstance(r, dict) and isinstance(r.get("id"), str)}
    out = list(records)
    for i in sorted(renamed):
        if not isinstance(out[i], dict):
            continue
        stand_in = f"record_at_line_{doc.span(('records', i, 'id')).line}"
        while stand_in in taken:
            stand_in += "_"
        taken.add(stand_in)
        out[i] = {**out[i], "id": stand_in}
    return out


def _lacks_a_key(err: ValidationError) -> bool:
    """Whether ``err`` is a record's missing required key, other than its ``id`` (a
    record with no id is left out)."""
    return (err.validator == "required" and len(err.absolute_path) == 2
            and isinstance(err.instance, dict) and "id" in err.instance)


def _record_index(path: tuple[Any, ...]) -> int | None:
    """The index of the record ``path`` lies in (``records.3.cost``: 3), or None."""
    if len(path) >= 2 and path[0] == "records" and isinstance(path[1], int):
        return path[1]
    return None



SCOPES = ("game", "player")
"""The mappings of entries of a state document."""
_TYPING = ("type", "each")
"""The settings an entry's type is made of: with a bad one the entry is left out whole
(without it the entry would read as another type, and its uses be wrong)."""


def _prune_state(doc: Document, errors: list[ValidationError],
                 validator: Draft202012Validator) -> Document | None:
    """``prune`` for a state document: a bad setting of an entry is left out, an entry
    with a bad key, type or ``each``, or wrong as a whole, is left out whole (its name
    in ``dropped``), an unknown key of the document is left out; None for an error
    elsewhere. What still does not fit is left out,
    as in ``prune``."""
    data = {k: (dict(v) if k in SCOPES and isinstance(v, dict) else v)
            for k, v in doc.data.items()}
    dropped: set[str] = set()
    for round_ in (errors, None):
        for err in round_ if round_ is not None else list(validator.iter_errors(data)):
            if not err.absolute_path and err.validator in UNKNOWN and round_ is not None:
                for key in unknown_keys(err):  # a misspelt key of its own (``sorce:``)
                    data.pop(key, None)
                continue
            cut = _state_cut(data, err, whole=round_ is None)
            if cut is None:
                return None
            scope, name, setting = cut
            entry = data[scope].get(name)
            if setting and isinstance(entry, dict) and setting in entry:
                data[scope][name] = {k: v for k, v in entry.items() if k != setting}
            elif name in data[scope]:
                del data[scope][name]
                dropped.add(name)
    return dataclasses.replace(doc, data=data, dropped=dropped)


def _state_cut(data: dict[str, Any], err: ValidationError, whole: bool
               ) -> tuple[str, str, str] | None:
    """Where ``err`` of a state document lies: (scope, entry, setting or '' for the
    whole entry); None when it is not in an entry. ``whole``: the entry, always."""
    path = tuple(err.absolute_path)
    if not path or path[0] not in SCOPES or not isinstance(data.get(path[0]), dict):
        return None
    if len(path) == 1:  # a key that is no id
        key = err.instance if "propertyNames" in err.schema_path else None
        return (path[0], key, "") if isinstance(key, str) else None
    setting = path[2] if len(path) >= 3 and not whole else ""
    return path[0], str(path[1]), setting if setting not in _TYPING else ""
