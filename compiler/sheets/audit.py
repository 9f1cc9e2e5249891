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
from typing import Any

__all__ = ["problems", "untranslated", "visible_text"]

_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_CODED = re.compile(r"^(?=.*_)|^(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]+$")
_PATH = re.compile(r"\b[a-z_]+\[\d+\]|\b[a-z_]+\.\d+(?:\.[a-z_]+)*\s*=")
_VALUES = re.compile(r"\b(?:None|True|False)\b")


def visible_text(html: bytes | str) -> str:
    """The text a reader sees: no style sheet, no tags, entities decoded."""
    text = html.decode("utf-8") if isinstance(html, bytes) else html
    text = re.sub(r"<(style|title)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return html_lib.unescape(text)


def _ids(ir: dict[str, Any]) -> set[str]:
    """Every id of the data that could not be a word of the text."""
    ids: set[str] = set()
    for kind, table in (ir.get("records") or {}).items():
        ids.add(str(kind))
        ids.update(str(i) for i in (table or {}))
    ids.update(str(d) for d in ((ir.get("texts") or {}).get("defs") or {}))
    for scope in (ir.get("state") or {}).values():
        ids.update(str(k) for k in (scope or {}))
    flow = ir.get("flow") or {}
    for steps in (flow.get("setup"), flow.get("phases"), (flow.get("end") or {}).get("steps"),
                  flow.get("scoring")):
        ids.update(str(s.get("id")) for s in steps or [] if isinstance(s, dict))
    return {i for i in ids if _CODED.match(i)}


def problems(html: bytes | str, ir: dict[str, Any]) -> list[str]:
    """What the page shows that a player must not see, each once, in page order."""
    text = visible_text(html)
    found: list[str] = []
    found += [f"shows {m.group(0)!r}" for m in _VALUES.finditer(text)]
    found += [f"shows a data path {m.group(0).rstrip(' =')!r}" for m in _PATH.finditer(text)]
    ids = _ids(ir)
    for word in re.findall(r"[A-Za-z0-9_]+", text):
        if word in ids or _SNAKE.fullmatch(word):
            found.append(f"shows the id {word!r}")
    return list(dict.fromkeys(found))


def untranslated(ir: dict[str, Any], lang: str) -> list[str]:
    """The records whose name has no form in ``lang`` (shown in another language)."""
    out = []
    for kind, table in (ir.get("records") or {}).items():
        for rid, rec in (table or {}).items():
            name = rec.get("name") if isinstance(rec, dict) else None
            if isinstance(name, dict) and lang not in name:
                out.append(f"{kind}:{rid}")
    return out
