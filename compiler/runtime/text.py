"""Prompts of decisions, in the game's language, from the definitions' phrases.

A ``choose`` inside a definition carries that use of the definition (``prompt: {def,
args}``); the prompt is the definition's text in the game's language with each hole
filled by the argument's name (a record's name in that language, or the value).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["prompt"]

_HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)(?::[a-z]+)?\}")
"""A hole of a text: ``{n}``, or with a form (``{p:a}``, ``{r:one}``) that sheets honour;
a prompt shows the plain name."""


def prompt(ctx: Any, node: dict[str, Any]) -> str:
    """The text that asks for decision ``node``."""
    info = node.get("prompt")
    lang = (ctx.rules.get("game") or {}).get("language", "en")
    if not info:
        return str(node.get("kind", "choose"))
    definition = (ctx.rules.get("definitions") or {}).get(info["def"]) or {}
    texts = definition.get("text") or {}
    template = texts.get(lang) or texts.get("en") or definition.get("phrase") or info["def"]
    args = info.get("args") or {}
    return _HOLE.sub(lambda m: _name(ctx, args.get(m.group(1)), lang), str(template))


def _name(ctx: Any, value: Any, lang: str) -> str:
    if isinstance(value, str):
        for table in (ctx.rules.get("records") or {}).values():
            rec = table.get(value)
            if isinstance(rec, dict) and isinstance(rec.get("name"), dict):
                names = rec["name"]
                return str(names.get(lang) or next(iter(names.values())))
        return value
    return "…" if value is None else str(value)
