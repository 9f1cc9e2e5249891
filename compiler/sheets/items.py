"""Helpers shared by the sheet sections: citations, provisional values, item skeletons."""

from __future__ import annotations

from typing import Any

from compiler.sheets.vocab import Names, unwrap

Item = dict[str, Any]


def provisional(data: Any, path: str = "") -> list[str]:
    """Every ``{provisional: X, reason: ...}`` inside ``data`` as "path = X: reason"."""
    if isinstance(data, dict):
        if "provisional" in data:
            reason = data.get("reason") or "?"
            return [f"{path or 'value'} = {data['provisional']}: {reason}"]
        if "op" in data:
            return []
        return [p for k, v in data.items() for p in provisional(v, _join(path, str(k)))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in provisional(v, f"{path}[{i}]")]
    return []


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def citation(rec: Any, names: Names) -> dict[str, str]:
    """The rulebook section a record cites, and the title of its source document."""
    src = rec.get("source") if isinstance(rec, dict) else None
    if not isinstance(src, dict):
        return {"section": "", "doc": ""}
    docs = (names.ir.get("game") or {}).get("sources") or {}
    doc = str(src.get("doc") or "")
    entry = docs.get(doc, doc)
    title = entry.get("title", doc) if isinstance(entry, dict) else entry  # {title, sections}
    return {"section": str(src.get("section") or ""), "doc": str(title)}


def item(rec: dict[str, Any], kind: str, lang: str, names: Names, **fields: Any) -> Item:
    """The common part of every sheet item: id, name, citation and provisional notes."""
    ident = str(rec.get("id", ""))
    name = names.pick(rec.get("name"), lang, ident) if rec.get("name") else \
        names.of(kind, ident, lang)
    return {"id": ident, "name": name, "source": citation(rec, names),
            "prov": provisional({k: v for k, v in rec.items() if k != "source"}), **fields}


def num(value: Any) -> Any:
    """A number for text (the value of a provisional one)."""
    return unwrap(value)


def records(ir: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The records of ``kind`` in data order (dict records only)."""
    table = ir.get(kind) or {}
    return [r for r in table.values() if isinstance(r, dict)] if isinstance(table, dict) else []
