"""Stage 7, sheets: printable rule-reference sheets (HTML) from the IR.

Entry point: ``render(ir)`` -> ``{relative path: bytes}``: ``reference.<lang>.html`` for each
language in ``ir["game"]["languages"]``. Text is generated from the lowered syntax tree
(``compiler.sheets.text``) with phrase tables per language and the game's own names. Jinja2
autoescapes every data string; output is deterministic (no dates, data order kept).

A game in the core language (``ir["core"]``) is rendered by ``compiler.sheets.core``
from its text trees, with ``templates/core.html.j2``; the rest of this package renders
the games of the older language.
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2

from compiler.sheets import cards, flow, sections
from compiler.sheets.phrases import phrase
from compiler.sheets.vocab import Names

__all__ = ["context", "render"]


def _env() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.PackageLoader("compiler.sheets", "templates"),
                              autoescape=True, undefined=jinja2.StrictUndefined,
                              keep_trailing_newline=True, trim_blocks=True,
                              lstrip_blocks=True)


def languages(ir: dict[str, Any]) -> list[str]:
    """The sheet languages: the game's ``languages``, else its rulebook language."""
    game = ir.get("game") or {}
    langs = [x for x in game.get("languages") or [] if isinstance(x, str)]
    return langs or [str(game.get("language") or "en")]


def context(ir: dict[str, Any], lang: str) -> dict[str, Any]:
    """Everything the template shows, in ``lang``, as plain strings, lists and dicts."""
    names = Names(ir)
    game = ir.get("game") or {}
    players = game.get("players") or {}
    return {
        "lang": lang,
        "title": names.pick(game.get("title"), lang, str(game.get("id", ""))),
        "players": phrase(lang, "players", min=players.get("min"), max=players.get("max"))
        if players else "",
        "flow": flow.flow_section(ir, lang, names),
        "parameters": sections.parameters(ir, lang, names),
        "tracks": sections.tracks(ir, lang, names),
        "resources": sections.resources(ir, lang, names),
        "action_groups": sections.actions(ir, lang, names),
        "milestones": sections.milestones(ir, lang, names),
        "awards": sections.awards(ir, lang, names),
        "tiles": sections.tiles(ir, lang, names),
        "board": sections.board(ir, lang, names),
        "cards": cards.cards_section(ir, lang, names),
        "components": cards.components_section(ir, lang, names),
        "modules": sections.modules(ir, lang, names),
    }


def render(ir: dict[str, Any]) -> dict[str, bytes]:
    """The reference sheets of ``ir``: ``{"reference.<lang>.html": utf-8 bytes}``."""
    if ir.get("core"):
        return _render_core(ir)
    template = _env().get_template("reference.html.j2")
    out = {}
    for lang in languages(ir):
        html = template.render(c=context(ir, lang), t=functools.partial(phrase, lang))
        out[f"reference.{lang}.html"] = html.encode("utf-8")
    return out


def _render_core(ir: dict[str, Any]) -> dict[str, bytes]:
    """A game in the core language: ``compiler.sheets.core`` (its own template)."""
    from compiler.sheets.core.sheet import context as core_context
    from compiler.sheets.core.words import words

    template = _env().get_template("core.html.j2")
    out = {}
    for lang in languages(ir):
        html = template.render(c=core_context(ir, lang),
                               t=functools.partial(_core_word, words(lang)))
        out[f"reference.{lang}.html"] = html.encode("utf-8")
    return out


def _core_word(table: dict[str, Any], key: str, **kw: Any) -> str:
    return str(table[key]).format(**kw)
