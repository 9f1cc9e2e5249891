"""How much of the rulebooks a game's data encodes: ``rulesc coverage GAME``.

Four parts, all from the loaded documents of one compilation:

- **Placeholders**: every ``placeholder: <reason>`` (content the sources do not give).
- **Provisional values**: every ``{provisional: X, reason: ...}`` with its ``file:line:col``,
  the record it sits in, the field, the value and the reason, counted per module (a
  module record's own values, or a record with ``module:``; else ``base``) and per file.
- **Printed components**: each ``components`` entry with a ``deck`` (game.yaml, modules)
  against the records of that deck: ``221 of 221 encoded`` when every printed card has
  its record (W002 warns about each difference).
- **Rulebook sections**: game.yaml may list each source document's sections,
  ``sources: {id: {title: ..., sections: [names]}}`` (the plain ``{id: title}`` form lists
  none). A declared section is *encoded* when some ``source: {doc, section}`` anywhere in
  the data (record, step, file-level default) cites it. A citation cites section S when
  it is S exactly, or when S is the part of it before a ``:`` or a ``>`` (surrounding
  spaces ignored): ``"Variante in solitario: città neutrali"`` cites ``Variante in
  solitario``, ``"CO2 > Game Setup 2, 5, 6"`` cites ``CO2``, and ``"A > B: c"`` cites both
  ``A`` and ``A > B``. A citation may name several sections separated by ``;``. Matching
  is case-sensitive. Citations of a listed document that match no declared section are
  reported as ``unlisted`` (a typo, or a section missing from the list).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from compiler.diagnostics import Severity
from compiler.load import Document

__all__ = ["cites", "coverage", "format_text"]

Path_ = tuple[str | int, ...]


def coverage(docs: list[Document], game: str = "", rules: str = "",
             errors: int = 0, own: list[Document] | None = None) -> dict[str, Any]:
    """The coverage report of one game's documents, as plain (JSON-ready) data; ``own``:
    the documents whose provisional values and placeholders are listed (an expansion's,
    compiled with its base game; default all)."""
    docs = [d for d in docs if isinstance(d.data, dict)]
    own = docs if own is None else [d for d in own if isinstance(d.data, dict)]
    values = [v for d in own for v in _provisional(d)]
    values.sort(key=lambda v: (v["path"], v["line"], v["col"]))
    by_module = Counter(v["module"] for v in values)
    modules = sorted(by_module, key=lambda m: (m != "base", m))
    return {
        "game": game or _game_id(docs), "rules": rules, "errors": errors,
        "provisional": {
            "total": len(values),
            "by_module": {m: by_module[m] for m in modules},
            "by_file": dict(sorted(Counter(v["path"] for v in values).items())),
            "values": values,
        },
        "placeholders": _placeholders(own),
        "sections": _sections(docs),
        "components": _components(docs),
    }


def _components(docs: list[Document]) -> dict[str, Any]:
    """The printed components with a deck (game.yaml and modules ``components``) against
    the records of that deck: ``encoded`` counts records up to the printed number."""
    from compiler.check.components import printed_counts

    entries = printed_counts(docs)
    return {"printed": sum(e["printed"] for e in entries),
            "encoded": sum(min(e["records"], e["printed"]) for e in entries),
            "entries": entries}


def compilation_report(comp: Any, game: str = "", rules: str = "",
                       within: tuple[Path, Path] | None = None) -> dict[str, Any]:
    """``coverage`` of a ``compiler.pipeline.Compilation`` (its errors counted); with
    ``within`` ``(folder, root)`` (an expansion compiled with its base game; the root its
    documents' paths are relative to), of the documents of that folder alone."""
    errors = sum(d.severity is Severity.ERROR for d in comp.diagnostics)
    own = None
    if within is not None:
        inside, root = within[0].resolve(), within[1]
        own = [d for d in comp.docs if (root / d.path).resolve().is_relative_to(inside)]
    return coverage(comp.docs, game, rules, errors, own)


def _game_id(docs: list[Document]) -> str:
    game = next((d for d in docs if d.kind == "game"), None)
    return str(game.data.get("id", "")) if game else ""


# ---------------------------------------------------------------- provisional values

def _provisional(doc: Document) -> Iterator[dict[str, Any]]:
    for path, value in doc.walk():
        if isinstance(value, dict) and "provisional" in value:
            span = doc.span(path)
            record, field = _label(doc, path)
            yield {"path": span.path, "line": span.line, "col": span.col,
                   "module": _module(doc, path), "kind": doc.kind or "", "record": record,
                   "field": field, "value": value.get("provisional"),
                   "reason": str(value.get("reason") or "no reason given")}


def _placeholders(docs: list[Document]) -> dict[str, Any]:
    """Every ``placeholder: <reason>`` (content the sources do not give; warning W010)."""
    values = []
    for doc in docs:
        for path, value in doc.walk():
            if isinstance(value, dict) and isinstance(value.get("placeholder"), str):
                span = doc.span(path)
                record, _field = _label(doc, path + ("placeholder",))
                values.append({"path": span.path, "line": span.line, "col": span.col,
                               "module": _module(doc, path), "record": record,
                               "reason": value["placeholder"]})
    values.sort(key=lambda v: (v["path"], v["line"], v["col"]))
    return {"total": len(values), "values": values}


def _label(doc: Document, path: Path_) -> tuple[str, str]:
    """The record a value sits in (its id; ``setup.x`` for a flow step) and the field."""
    data: Any = doc.data
    record = ""
    field: list[str] = []
    parent = ""
    for key in path:
        data = data[key]
        if isinstance(key, int):
            ident = data.get("id") if isinstance(data, dict) else None
            if not record and isinstance(ident, str):
                record = ident if parent == "records" else f"{parent}.{ident}"
                field = []
            else:
                field.append(ident if isinstance(ident, str) else str(key))
        else:
            field.append(key)
            parent = key
    return record or doc.kind or "", ".".join(field)


def _module(doc: Document, path: Path_) -> str:
    rec = doc.data.get("records")
    if path[:1] == ("records",) and len(path) > 1 and isinstance(rec, list) \
            and isinstance(path[1], int) and isinstance(rec[path[1]], dict):
        record = rec[path[1]]
        if doc.kind == "modules" and isinstance(record.get("id"), str):
            return str(record["id"])
        if isinstance(record.get("module"), str):
            return str(record["module"])
    module = doc.data.get("module")
    return module if isinstance(module, str) else "base"


# ---------------------------------------------------------------- rulebook sections

def cites(citation: str, section: str) -> bool:
    """Whether a record's ``section`` text cites the declared ``section`` (see above)."""
    want = section.strip()
    for part in citation.split(";"):
        part = part.strip()
        if part == want:
            return True
        if any(c in ":>" and part[:i].strip() == want for i, c in enumerate(part)):
            return True
    return False


def _citations(docs: list[Document]) -> dict[str, Counter[str]]:
    """``{doc id: Counter(section)}`` of every ``source: {doc, section}`` in the data."""
    out: dict[str, Counter[str]] = {}
    for doc in docs:
        for path, value in doc.walk():
            if path[-1:] == ("source",) and isinstance(value, dict) \
                    and isinstance(value.get("doc"), str) \
                    and isinstance(value.get("section"), str):
                out.setdefault(value["doc"], Counter())[value["section"]] += 1
    return out


def _sections(docs: list[Document]) -> dict[str, Any]:
    game = next((d for d in docs if d.kind == "game"), None)
    sources = game.data.get("sources") if game else None
    sources = sources if isinstance(sources, dict) else {}
    cited = _citations(docs)
    documents: dict[str, Any] = {}
    totals = Counter[str]()
    for doc_id, entry in sources.items():
        title = entry.get("title") if isinstance(entry, dict) else entry
        listed = entry.get("sections") if isinstance(entry, dict) else None
        here = cited.get(doc_id, Counter())
        info: dict[str, Any] = {"title": str(title or ""), "citations": sum(here.values()),
                                "cited_sections": len(here)}
        if isinstance(listed, list):
            names = list(dict.fromkeys(s for s in listed if isinstance(s, str)))
            encoded = [s for s in names if any(cites(c, s) for c in here)]
            missing = [s for s in names if s not in encoded]
            info.update(declared=len(names), encoded=len(encoded), not_encoded=missing,
                        unlisted=sorted(c for c in here if not any(cites(c, s) for s in names)))
            totals.update(declared=len(names), encoded=len(encoded), not_encoded=len(missing))
        else:
            info.update(declared=None)
        documents[str(doc_id)] = info
    unknown = {d: sum(c.values()) for d, c in sorted(cited.items()) if d not in sources}
    return {"declared": totals["declared"], "encoded": totals["encoded"],
            "not_encoded": totals["not_encoded"], "documents": documents,
            "unknown_documents": unknown}


# ---------------------------------------------------------------- text

def format_text(report: dict[str, Any]) -> str:
    """The report for a terminal: counts first, then every value and missing section."""
    prov, sec = report["provisional"], report["sections"]
    where = f" ({report['rules']})" if report.get("rules") else ""
    out = [f"coverage of {report['game']}{where}", ""]
    per = ", ".join(f"{m} {n}" for m, n in prov["by_module"].items())
    out.append(f"provisional values: {prov['total']}" + (f" ({per})" if per else ""))
    for module, count in prov["by_module"].items():
        out.append(f"  {'base game' if module == 'base' else 'module ' + module}: {count}")
        mine = [v for v in prov["values"] if v["module"] == module]
        for path in sorted({v["path"] for v in mine}):
            here = [v for v in mine if v["path"] == path]
            out.append(f"    {path}: {len(here)}")
            for v in here:
                name = ".".join(x for x in (v["record"], v["field"]) if x)
                out.append(f"      {v['path']}:{v['line']}:{v['col']}  {name} = "
                           f"{v['value']!r}: {v['reason']}")
    holes = report.get("placeholders") or {"total": 0, "values": []}
    if holes["total"]:
        out += ["", f"placeholder contents: {holes['total']}"]
        out += [f"  {v['path']}:{v['line']}:{v['col']}  {v['record']}: {v['reason']}"
                for v in holes["values"]]
    comp = report.get("components") or {"printed": 0, "entries": []}
    if comp["entries"]:
        out += ["", f"printed components: {comp['encoded']} of {comp['printed']} encoded"]
        for e in comp["entries"]:
            owner = f"module {e['module']}" if e["module"] else "base game"
            out.append(f"  {e['name']} ({owner}, deck {e['deck']}): {e['records']} of "
                       f"{e['printed']}")
    out += ["", f"rulebook sections: {sec['declared']} declared, {sec['encoded']} encoded, "
            f"{sec['not_encoded']} not encoded"]
    for doc_id, info in sec["documents"].items():
        head = f"  {doc_id} ({info['title']})"
        if info["declared"] is None:
            out.append(f"{head}: no section list ({info['cited_sections']} sections cited "
                       f"{info['citations']} times)")
            continue
        out.append(f"{head}: {info['encoded']} of {info['declared']} encoded")
        out += [f"    not encoded: {s}" for s in info["not_encoded"]]
        out += [f"    cited but not listed: {s}" for s in info["unlisted"]]
    for doc_id, n in sec["unknown_documents"].items():
        out.append(f"  {doc_id}: not in game.yaml sources ({n} citations)")
    return "\n".join(out)
