"""The words of the decisions' prompts that are known when the game is built.

A ``choose`` inside a definition used in a record's text carries that use's text tree
(``prompt.tree``, ``compiler.lang.expand.use_text``): ``word_prompts(ir)`` turns it into
the use's text in every language of the game (``prompt.text: {lang: text}``), worded as
the sheets word it (``compiler.sheets.speak``): Comet asks "in the order you prefer: raise
the temperature 1 step and place an ocean tile; remove up to 3 plants from any player",
not "in the order you prefer: …; …". A choice written in a record's own text whose
options have no labels (``choose (A | B)``: "option 1", "option 2") carries the tree of
the whole choice, so the prompt says what each option does. The engine then only picks
the language.
"""

from __future__ import annotations

from typing import Any

from compiler.sheets.speak import Speaker

__all__ = ["word_prompts"]


def word_prompts(ir: dict[str, Any], nodes: list[dict[str, Any]] | None = None) -> None:
    """Replace every ``prompt.tree`` of ``ir`` by ``prompt.text`` (in place). ``nodes``:
    the ``choose`` nodes that hold one, in data order, when the caller knows them
    (``compiler.lang.compile_core``'s ``prompted``); else the IR is walked to find them."""
    game = ir.get("game") or {}
    langs = list(game.get("languages") or []) or [str(game.get("language") or "en")]
    speakers = [Speaker(ir, lang, "player") for lang in langs]

    if nodes is not None:
        for node in nodes:
            _word(node, speakers)
        return
    for key, value in ir.items():
        if key != "texts" and isinstance(value, (dict, list)):
            _walk(value, speakers)


def _word(node: dict[str, Any], speakers: list[Speaker]) -> None:
    """``prompt.tree`` of ``choose`` node ``node`` -> ``prompt.text``, when every
    language can say it."""
    info = node.get("prompt")
    if node.get("op") == "choose" and isinstance(info, dict) and "tree" in info:
        tree = info.pop("tree")
        text = {sp.lang: _say(sp, tree) for sp in speakers}
        if all(text.values()):
            info["text"] = text
        elif "def" not in info:   # a record's own choice the sheets cannot say: no prompt
            del node["prompt"]


def _walk(node: dict[str, Any] | list[Any], speakers: list[Speaker]) -> None:
    """``word_prompts`` below ``node``; only dicts and lists are visited (a call per
    scalar would be most of the calls)."""
    if isinstance(node, dict):
        _word(node, speakers)
        values: Any = node.values()
    else:
        values = node
    for value in values:
        if isinstance(value, (dict, list)):
            _walk(value, speakers)


def _say(sp: Speaker, tree: Any) -> str:
    """The use's text in ``sp``'s language; "" when the tree has words it cannot say."""
    try:
        return sp.clause(tree)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return ""
