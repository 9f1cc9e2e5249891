"""What a player's page must not show, found in its rendered HTML.

``problems(html, ir)`` reads the page's visible text (tags, the style sheet and attribute
values left out) and lists:

- ``None``, ``True`` or ``False`` (a Python value that reached the page);
- an id of the data: a word that is the id of a record, a module, a definition, a kind,
  a state entry or a step of the flow, when that id could not be a word of the text
  (it has an underscore, or letters and digits mixed in lower case: ``a2_contract_1``,
  ``tower_tile_24``), and any other ``snake_case`` word;
- a data path: ``locks[0]``, ``locks.0.at =``.

Names the game gives in its rulebook's language only are not problems here: the sheet
shows them with a note (``names_note``) and ``untranslated(ir, lang)`` lists them.
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path
from typing import Any

from compiler.check.core import SNAKE_WORD
from compiler.diagnostics import Diagnostic, Span

__all__ = ["diagnostics", "findings", "problems", "untranslated", "visible_text"]

_CODED = re.compile(r"^(?=.*_)|^(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]+$")
_PATH = re.compile(r"\b[a-z_]+\[\d+\]|\b[a-z_]+\.\d+(?:\.[a-z_]+)*\s*=")
_VALUES = re.compile(r"\b(?:None|True|False)\b")


def visible_text(html: bytes | str) -> str:
    """The text a reader sees: no style sheet, no tags, entities decoded."""
    text = html.decode("utf-8") if isinstance(html, bytes) else html
    text = re.sub(r"<(style|title)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return html_lib.unescape(text)


def _ids(ir: dict[str, Any]) -> dict[str, str | None]:
    """Every id of the data that could not be a word of the text, with where it is
    declared (``path:line`` or None)."""
    ids: dict[str, str | None] = {}

    def add(name: Any, at: Any = None) -> None:
        if ids.get(str(name)) is None:
            ids[str(name)] = at if isinstance(at, str) else None

    for kind, table in (ir.get("records") or {}).items():
        add(kind)
        for rid, rec in (table or {}).items():
            add(rid, rec.get("at") if isinstance(rec, dict) else None)
    defs = ir.get("definitions") or {}
    for d in ((ir.get("texts") or {}).get("defs") or {}):
        found = defs.get(d) if isinstance(defs, dict) else None
        add(d, found.get("at") if isinstance(found, dict) else None)
    for scope in (ir.get("state") or {}).values():
        for k, entry in (scope or {}).items():
            add(k, entry.get("at") if isinstance(entry, dict) else None)
    flow = ir.get("flow") or {}
    for steps in (flow.get("setup"), flow.get("phases"), (flow.get("end") or {}).get("steps"),
                  flow.get("scoring")):
        for s in steps or []:
            if isinstance(s, dict):
                add(s.get("id"), s.get("at"))
    return {i: at for i, at in ids.items() if _CODED.match(i)}


Finding = tuple[str, str | None, str]


def _named(ir: dict[str, Any]) -> dict[str, str]:
    """``snake_case`` words written in records' names, with the record's ``path:line``
    (a name like ``secret_card`` is reported where it is written)."""
    out: dict[str, str] = {}
    for table in (ir.get("records") or {}).values():
        for rec in (table or {}).values():
            if not isinstance(rec, dict) or not isinstance(rec.get("at"), str):
                continue
            for key in ("name", "name_one"):
                forms = rec.get(key)
                for text in (forms.values() if isinstance(forms, dict) else [forms]):
                    for word in SNAKE_WORD.findall(str(text or "")):
                        out.setdefault(word, rec["at"])
    return out


def findings(html: bytes | str, ir: dict[str, Any]) -> list[Finding]:
    """What the page shows that a player must not see, each once, in page order:
    ``(message, at, word)``, ``at`` the ``path:line`` where the data declares the id
    shown (or None), ``word`` the text shown."""
    text = visible_text(html)
    found: list[Finding] = []
    found += [(f"shows {m.group(0)!r}", None, m.group(0)) for m in _VALUES.finditer(text)]
    found += [(f"shows a data path {m.group(0).rstrip(' =')!r}", None, m.group(0))
              for m in _PATH.finditer(text)]
    ids, named = _ids(ir), _named(ir)
    for word in re.findall(r"[A-Za-z0-9_]+", text):
        bare = word[:1].lower() + word[1:]   # an id heading its line: "Secret_card"
        if word in ids or SNAKE_WORD.fullmatch(bare):
            found.append((f"shows the id {word!r}", ids.get(word) or ids.get(bare) or
                          named.get(word) or named.get(bare), word))
    return list(dict.fromkeys(found))


def diagnostics(found: list[tuple[str, str, str | None, str]], fallback: str,
                root: Path | None = None) -> list[Diagnostic]:
    """R040 diagnostics for ``SheetError.findings``: at the record whose id a page shows
    (the column of the id on its line), else at ``fallback`` (the game's ``game.yaml``)."""
    out = []
    for page, message, at, word in found:
        path, _, first = (at or f"{fallback}:1").rpartition(":")
        line, col = _find(path, int(first or 1), word, root)
        hint = ("give it a `name` in every language of the game, or say it in words "
                "(docs/sheets.md)" if at else "the page's text comes from the data: "
                "look for the value in the records this page shows (docs/sheets.md)")
        out.append(Diagnostic(Span(path, line, col), "R040",
                              f"the player's page {page} {message}", hint=hint))
    return sorted(set(out), key=Diagnostic.sort_key)


def _find(path: str, line: int, word: str, root: Path | None) -> tuple[int, int]:
    """The first ``(line, col)`` at or after ``line`` (within the record: 40 lines) where
    ``word`` is written; ``(line, 1)`` if it is not."""
    file = (root / path) if root else Path(path)
    try:
        lines = file.read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return line, 1
    for n in range(line, min(line + 40, len(lines) + 1)):
        if word in lines[n - 1]:
            return n, lines[n - 1].index(word) + 1
    return line, 1


def problems(html: bytes | str, ir: dict[str, Any]) -> list[str]:
    """The messages of ``findings``."""
    return [message for message, _, _ in findings(html, ir)]


def untranslated(ir: dict[str, Any], lang: str) -> list[str]:
    """The records whose name has no form in ``lang`` (shown in another language)."""
    out = []
    for kind, table in (ir.get("records") or {}).items():
        for rid, rec in (table or {}).items():
            name = rec.get("name") if isinstance(rec, dict) else None
            if isinstance(name, dict) and lang not in name:
                out.append(f"{kind}:{rid}")
    return out


def shown_in(ir: dict[str, Any], lang: str) -> dict[str, int]:
    """How many names without a ``lang`` form a sheet shows in each other language: the
    rulebook's when the name has it, else English, else the first it has (the order of
    ``Speaker.pick``)."""
    book = str((ir.get("game") or {}).get("language") or "en")
    out: dict[str, int] = {}
    for kind_rid in untranslated(ir, lang):
        kind, _, rid = kind_rid.partition(":")
        name = ir["records"][kind][rid]["name"]
        used = next((k for k in (book, "en") if isinstance(name.get(k), str)),
                    next(iter(name), ""))
        out[used] = out.get(used, 0) + 1
    return out
