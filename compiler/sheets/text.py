"""Rule text from the syntax tree: lowered DSL ops (see ``compiler/dsl/lower.py``) -> words.

``describe(node, lang, names)`` handles every op: effects and their statements, conditions,
comparisons, amounts (VP), measures (sums), counts, ``per`` clauses and triggers. Sentence
frames come from ``compiler.sheets.phrases``; every game word from the rules data through
``compiler.sheets.vocab.Names``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.sheets import board_text, conditions
from compiler.sheets.counts import count_text, per_text, unit_value
from compiler.sheets.phrases import has, phrase
from compiler.sheets.vocab import Names, unwrap

Node = dict[str, Any]


def describe(node: Any, lang: str, names: Names | dict[str, Any]) -> str:
    """The text of a lowered DSL node (or of a plain int amount) in ``lang``."""
    if not isinstance(names, Names):
        names = Names(names)
    if node is None:
        return ""
    if isinstance(node, bool) or not isinstance(node, dict | int):
        return str(node)
    if isinstance(node, int):
        return phrase(lang, "vp", n=node)
    op = node.get("op")
    if op in board_text.STMT_OPS:
        return board_text.describe_stmt(
            node, lang, names, lambda q: _with_per(_qty(q, lang, names), q, lang, names),
            lambda e: lower_first(_effect(e, lang, names, inner=True)))
    if op in _STMTS:
        return _STMTS[op](node, lang, names)
    if op in _OTHER:
        return _OTHER[op](node, lang, names)
    return count_text(node, lang, names, "bare")


def describe_trigger(on: Node, effect: Node, lang: str, names: Names) -> str:
    """A card's triggered effect: "Quando ...: <effect>"."""
    return phrase(lang, "trigger_line", on=describe(on, lang, names),
                  effect=lower_first(_effect(effect, lang, names, inner=True)))


def describe_action(cost: Node | None, effect: Node, lang: str, names: Names) -> str:
    """An action: "<cost> → <effect>", or just the effect when it costs nothing."""
    eff = _effect(effect, lang, names, inner=True)
    if not cost:
        return eff
    return phrase(lang, "action_line", cost=_effect(cost, lang, names, inner=True), effect=eff)


# ---- effects --------------------------------------------------------------------------

def _effect(node: Node, lang: str, names: Names, inner: bool = False) -> str:
    """Statements in order: sentences ("A. B."), or "A e b" inside a choice or a line."""
    parts = [describe(s, lang, names) for s in node.get("stmts") or []]
    if inner:
        return phrase(lang, "and").join(lower_first(p) if i else p for i, p in enumerate(parts))
    return "".join(p if p.endswith(".") else p + "." for p in _spaced(parts))


def _spaced(parts: list[str]) -> list[str]:
    return [p if i == 0 else " " + p for i, p in enumerate(parts)]


def lower_first(text: str) -> str:
    """Lower-case the first letter of a sentence used inside another one."""
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def upper_first(text: str) -> str:
    """Capitalise the first letter of a sentence."""
    return text[:1].upper() + text[1:]


def _qty(qty: Node | None, lang: str, names: Names | None = None) -> str:
    qty = qty or {"n": 1}
    n = board_text.number(qty, names, lang) if names is not None and \
        qty.get("op") == "named_quantity" else str(qty.get("n", 1))
    return phrase(lang, "up_to", n=n) if qty.get("up_to") else n


def _one(qty: Node | None) -> int | None:
    """1 when the quantity is exactly one (singular resource name), else None."""
    qty = qty or {}
    return 1 if qty.get("n") == 1 and not qty.get("up_to") else None


def _with_per(text: str, qty: Node | None, lang: str, names: Names) -> str:
    per = (qty or {}).get("per")
    return f"{text} {per_text(per, lang, names)}" if per else text


def _gain(node: Node, lang: str, names: Names) -> str:
    key = "gain_production" if node.get("production") else "gain"
    one = None if node.get("production") else _one(node.get("qty"))
    res = names.of("resources", node["resource"], lang, one)
    return _with_per(phrase(lang, key, q=_qty(node.get("qty"), lang, names), res=res),
                     node.get("qty"), lang, names)


def _lose(node: Node, lang: str, names: Names) -> str:
    prod, any_player = bool(node.get("production")), bool(node.get("from_any"))
    if prod:
        key = "lose_production_from_any" if any_player else "lose_production"
    elif any_player:
        key = "lose_from_any"
    else:
        key = "pay" if node["resource"] == names.currency else "spend"
    one = None if node.get("production") else _one(node.get("qty"))
    res = names.of("resources", node["resource"], lang, one)
    return _with_per(phrase(lang, key, q=_qty(node.get("qty"), lang, names), res=res),
                     node.get("qty"), lang, names)


def _raise(node: Node, lang: str, names: Names) -> str:
    ident, steps = node["name"], int(node.get("steps") or 1)
    if names.value_kind(ident) != "parameters":
        return phrase(lang, "raise_track", steps=steps, name=names.short("tracks", ident, lang))
    text = phrase(lang, "raise_parameter", n=steps, steps=steps,
                  name=names.of("parameters", ident, lang))
    return text + _raise_details(names.record("parameters", ident), steps, lang, names)


def _raise_details(param: Node, steps: int, lang: str, names: Names) -> str:
    """" (+2 °C; +1 NT)": the change in the parameter's unit and the TR it gives."""
    details = []
    unit = str(param.get("unit") or "")
    if unit and not has(lang, f"unit_{unit}"):
        step = unwrap(param.get("step", 1))
        details.append("+" + unit_value(steps * step if isinstance(step, int) else steps,
                                        param, lang))
    if param.get("tr_track"):
        details.append(phrase(lang, "raise_track", steps=steps,
                              name=names.short("tracks", param["tr_track"], lang)))
    return f" ({'; '.join(details)})" if details else ""


def _place(node: Node, lang: str, names: Names) -> str:
    if node["tile"] in (names.ir.get("pieces") or {}):
        return board_text.place_piece(node, lang, names)
    tile = names.of("tiles", node["tile"], lang)
    text = phrase(lang, "place", tile=tile, art=conditions.article(tile, lang))
    on = node.get("on")
    if not on:
        return text
    if on in names.space_types():
        return text + space_type_text(on, lang, names)
    return text + phrase(lang, "on_space", space=names.space_name(on, lang))


def space_type_text(space_type: str, lang: str, names: Names) -> str:
    """" on a space reserved for ocean tiles" / " ... not reserved for ocean tiles"."""
    only = names.reserved_for(space_type)
    if only:
        return phrase(lang, "on_reserved", tile=names.of("tiles", only, lang))
    others = [t for st in names.space_types() if st != space_type
              for t in [names.reserved_for(st)] if t]
    if others:
        tiles = phrase(lang, "or").join(names.of("tiles", t, lang) for t in others)
        return phrase(lang, "on_unreserved", tiles=tiles)
    return phrase(lang, "on_type", type=space_type)


def _draw(node: Node, lang: str, names: Names) -> str:
    return phrase(lang, "draw", n=int(node.get("n") or 0))


def _card_res(node: Node, verb: str, lang: str, names: Names) -> str:
    res = names.of("card_resources", node["resource"], lang, _one(node.get("qty")))
    key = f"{verb}_{node.get('target') or 'this'}"
    return _with_per(phrase(lang, key, q=_qty(node.get("qty"), lang, names), res=res),
                     node.get("qty"), lang, names)


def _choose(node: Node, lang: str, names: Names) -> str:
    opts = [lower_first(_effect(o, lang, names, inner=True)) for o in node.get("options") or []]
    return phrase(lang, "choose", options=phrase(lang, "choose_sep").join(opts))


def _move_all(node: Node, lang: str, names: Names) -> str:
    return phrase(lang, "move_all", src=names.of("resources", node["source"], lang),
                  dst=names.of("resources", node["dest"], lang))


def _produce(node: Node, lang: str, names: Names) -> str:
    items = [names.of("resources", r, lang) for r in node.get("resources") or []]
    return phrase(lang, "produce", list=phrase(lang, "list_sep").join(items))


def _sell(node: Node, lang: str, names: Names) -> str:
    return phrase(lang, "sell", n=int(node.get("n") or 0),
                  res=names.of("resources", node["resource"], lang))


_STMTS: dict[str, Callable[[Node, str, Names], str]] = {
    "gain": _gain, "lose": _lose, "raise": _raise, "place": _place, "draw": _draw,
    "add_resource": lambda n, lang, names: _card_res(n, "add", lang, names),
    "remove_resource": lambda n, lang, names: _card_res(n, "remove", lang, names),
    "choose": _choose, "move_all": _move_all, "produce": _produce, "sell": _sell,
}


_OTHER: dict[str, Callable[[Node, str, Names], str]] = {
    "effect": lambda n, lang, names: _effect(n, lang, names),
    "condition": conditions.condition_text, "comparison": conditions.comparison_text,
    "named_comparison": conditions.comparison_text, "named_amount": conditions.amount_text,
    "amount": conditions.amount_text, "sum": conditions.sum_text,
    "trigger": conditions.trigger_text,
    "per": lambda n, lang, names: per_text(n, lang, names),
    "quantity": lambda n, lang, names: _with_per(_qty(n, lang), n, lang, names),
}
