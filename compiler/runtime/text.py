"""Prompts of decisions, in the game's language, from the definitions' phrases.

A ``choose`` inside a definition carries the use of a definition that asks for it
(``prompt: {def, args, text?, eval?}``, ``compiler.lang.expand.use_text``): its text
already worded when the game was built (``text: {lang: ...}``: the use is written in a
record's text, Comet's "in the order you prefer: ..."), or the definition's text in the
game's language with each hole filled by the argument's name (a record's name in that
language, or the value), read now when the argument is a value known only in play
(``eval``: "pay 21 M€ (steel at 2 M€, ...)"). A hole with neither reads "…". A record
is named from the table of its parameter's kind (``kinds``), so the ocean tile is not
named as the ocean space; an object by the records it names (a piece by its kind); a
word written ``{n|space|spaces}`` agrees with the number ``n``."""

from __future__ import annotations

import re
from typing import Any

from compiler.runtime.values import ev

__all__ = ["prompt"]

_HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)((?::[a-z]+)*)\}")
"""A hole of a text: ``{n}``, or with forms (``{p:a}``, ``{r:one}``, ``{p:one:the}``) that
sheets honour; a prompt shows the plain name, the singular one for ``one`` and ``a``."""
_AGREE = re.compile(r"\{([a-z_][a-z0-9_]*)\|([^|{}]*)\|([^|{}]*)\}")
"""``{n|space|spaces}``: the word that agrees with the number ``n``."""


def prompt(ctx: Any, node: dict[str, Any]) -> str:
    """The text that asks for decision ``node``."""
    info = node.get("prompt")
    lang = (ctx.rules.get("game") or {}).get("language", "en")
    if not info:
        return str(node.get("kind", "choose"))
    said = info.get("text") or {}
    if said:
        return str(said.get(lang) or next(iter(said.values())))
    definition = (ctx.rules.get("definitions") or {}).get(info["def"]) or {}
    texts = definition.get("text") or {}
    template = texts.get(lang) or texts.get("en") or definition.get("phrase") or info["def"]
    args = dict(info.get("args") or {})
    for hole, ir in (info.get("eval") or {}).items():
        if args.get(hole) is None:
            args[hole] = _read(ctx, ir)
    kinds = info.get("kinds") or {}
    template = _AGREE.sub(lambda m: _agree(args.get(m.group(1)), m.group(2), m.group(3)),
                          str(template))
    return _HOLE.sub(lambda m: _name(ctx, args.get(m.group(1)), lang,
                                     kinds.get(m.group(1)),
                                     bool({"one", "a"} & set(m.group(2).split(":")))),
                     str(template))


def _agree(n: Any, one: str, many: str) -> str:
    """The word that agrees with ``n`` (the plural when ``n`` is not known)."""
    return one if isinstance(n, int) and not isinstance(n, bool) and abs(n) == 1 else many


def _read(ctx: Any, ir: Any) -> Any:
    """The value of an argument now (None when it cannot be read here)."""
    try:
        return ev(ctx, ir)
    except Exception:  # a prompt never stops the game: the hole reads "…"
        return None


def _name(ctx: Any, value: Any, lang: str, kind: str | None = None, one: bool = False) -> str:
    """An argument as words: a record by its name (of its kind first; ``one``: its
    singular ``name_one`` when it has one), a number."""
    if isinstance(value, list):
        return ", ".join(_name(ctx, v, lang, kind) for v in value) if value else "…"
    if isinstance(value, str):
        records = ctx.rules.get("records") or {}
        tables = [records.get(kind) or {}] if kind else []
        for table in tables + list(records.values()):
            rec = table.get(value)
            if isinstance(rec, dict) and isinstance(rec.get("name"), dict):
                names = rec["name_one"] if one and isinstance(rec.get("name_one"), dict) \
                    else rec["name"]
                return str(names.get(lang) or next(iter(names.values())))
        return value
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):  # a piece {piece, owner, ...}: the records it names
        named = [_name(ctx, v, lang) for v in value.values() if _is_record(ctx, v)]
        return " ".join(named) or "…"
    return "…" if value is None else str(value)


def _is_record(ctx: Any, value: Any) -> bool:
    return isinstance(value, str) and any(
        isinstance(t, dict) and value in t for t in (ctx.rules.get("records") or {}).values())
