"""Stage 6, sheets: printable rule-reference sheets (HTML) from the IR.

Entry point: ``render(ir)`` -> ``{relative path: bytes}``: ``reference.<lang>.html`` for each
language in ``ir["game"]["languages"]``. The rule text comes from the text trees the
resolver keeps beside the IR (``ir["texts"]``: which definition each phrase used, with
which arguments), worded by the definitions' own texts (``compiler.sheets.speak``); the
layout comes from the game's ``sheet`` in game.yaml (``compiler.sheets.sheet``). Jinja2
autoescapes every data string; output is deterministic (no dates, data order kept).
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2

__all__ = ["languages", "render"]


@functools.lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    """The one Jinja environment (its templates compile once per process)."""
    return jinja2.Environment(loader=jinja2.PackageLoader("compiler.sheets", "templates"),
                              autoescape=True, undefined=jinja2.StrictUndefined,
                              keep_trailing_newline=True, trim_blocks=True,
                              lstrip_blocks=True)


def languages(ir: dict[str, Any]) -> list[str]:
    """The sheet languages: the game's ``languages``, else its rulebook language."""
    game = ir.get("game") or {}
    langs = [x for x in game.get("languages") or [] if isinstance(x, str)]
    return langs or [str(game.get("language") or "en")]


def render(ir: dict[str, Any]) -> dict[str, bytes]:
    """The reference sheets of ``ir``: ``{"reference.<lang>.html": utf-8 bytes}``."""
    from compiler.sheets.sheet import context
    from compiler.sheets.words import words

    template = _env().get_template("reference.html.j2")
    out = {}
    for lang in languages(ir):
        html = template.render(c=context(ir, lang), t=functools.partial(_word, words(lang)))
        out[f"reference.{lang}.html"] = html.encode("utf-8")
    return out


def _word(table: dict[str, Any], key: str, **kw: Any) -> str:
    return str(table[key]).format(**kw)
