"""Counts (quantities measured on the game state) and ``per`` clauses in words.

A count has three forms (see ``compiler.sheets.phrases``): ``bare`` ("indicatori scienza"),
``one`` (after "per ogni": "indicatore scienza") and ``num`` (with a number or a comparison:
"almeno 2 indicatori scienza", "ossigeno al massimo 5 %").
"""

from __future__ import annotations

from typing import Any

from compiler.sheets.phrases import has, has_form, phrase
from compiler.sheets.vocab import Names

Node = dict[str, Any]


def count_text(node: Node, lang: str, names: Names, form: str, n: str = "",
               single: bool = False) -> str:
    """Count ``node`` in ``form`` (bare, one or num; ``n`` fills num; ``single``: n is 1)."""
    from compiler.sheets import board_text

    if node.get("op") in board_text.COUNT_OPS:
        text = board_text.describe_count(node, lang, names)
        return f"{n} {text}".strip() if form == "num" and n != "" else text
    key, kw = _count_key(node, lang, names)
    if form == "num" and single and has_form(lang, key, "num_one"):
        form = "num_one"
    return " ".join(phrase(lang, key, form=form, n=n, **kw).split())


def _count_key(node: Node, lang: str, names: Names) -> tuple[str, dict[str, str]]:
    op = node.get("op")
    if op == "tag_count":
        return "tag_count", {"tag": names.of("tags", node["tag"], lang)}
    if op == "production_of":
        return "production_of", {"res": names.of("resources", node["resource"], lang)}
    if op == "tile_count":
        key = "tile_anywhere" if node.get("anywhere") else "tile_count"
        return key, {"tile": names.of("tiles", node["tile"], lang)}
    if op == "tiles_next_to_this":
        return "tiles_next_to_this", {"tile": names.of("tiles", node["tile"], lang)}
    if op == "tiles_next_to_tiles":
        return "tiles_next_to_tiles", {"tile": names.of("tiles", node["tile"], lang),
                                       "other": names.of("tiles", node["other"], lang)}
    if op == "resources_here":
        res = node.get("resource")
        if res:
            return "resources_here_named", {"res": names.of("card_resources", res, lang)}
        return "resources_here", {}
    if op == "hand_size":
        return "hand_size", {}
    return _value_key(str(node.get("name", op)), lang, names)


def _value_key(ident: str, lang: str, names: Names) -> tuple[str, dict[str, str]]:
    kind = names.value_kind(ident)
    if kind == "parameters":
        return "value_parameter", {"name": names.of(kind, ident, lang)}
    if kind == "tracks":
        return "value_track", {"name": names.short(kind, ident, lang)}
    return "value_resource", {"name": names.of(kind, ident, lang)}


def per_text(per: Node, lang: str, names: Names) -> str:
    """"per ogni indicatore Terra" / "ogni 2 risorse su questa carta"."""
    every, count = int(per.get("every") or 1), per.get("count") or {}
    if every == 1:
        return phrase(lang, "per_one", one=count_text(count, lang, names, "one"))
    return phrase(lang, "per_many", every=every, bare=count_text(count, lang, names, "bare"))


def unit_value(value: Any, param: Node, lang: str) -> str:
    """``value`` in the parameter's unit: "5 %", "-12 °C", "9 tessere"."""
    unit = str(param.get("unit") or "")
    if not unit:
        return str(value)
    word = phrase(lang, f"unit_{unit}", n=value if isinstance(value, int) else None) \
        if has(lang, f"unit_{unit}") else unit
    return f"{value} {word}"


def compared_value(node: Node, value: int, names: Names, lang: str) -> str:
    """The right side of a comparison, in the unit of a lone parameter on the left."""
    if node.get("op") == "value_of" and names.value_kind(str(node.get("name"))) == "parameters":
        return unit_value(value, names.record("parameters", str(node["name"])), lang)
    return str(value)
