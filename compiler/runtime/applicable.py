"""Can an effect be applied, and would it do anything at all?

Rulebook "Passo 1: controllare i prerequisiti": "Si deve essere in grado di applicare gli
effetti della carta", with three exceptions: a global parameter at its maximum, a card
resource with no card to hold it, and taking resources from another player (optional).
"Fase 2": production changes "Sono obbligatorie finché si è in grado di applicarle".
So an effect is applicable when the player's own losses can be paid in full (stock
>= loss; production - loss >= production_min), the card resources it removes are there,
each ``choose`` has an applicable alternative and each tile it places has a legal space
(unless the placement is skipped at max).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from compiler.runtime.board import legal_spaces, placement_skipped
from compiler.runtime.context import Ctx
from compiler.runtime.counts import quantity_max
from compiler.runtime.params import at_max

__all__ = ["can_apply", "is_void", "removable_cards"]

Effect = dict[str, Any]


def can_apply(ctx: Ctx, eff: Effect | None, p: int, card: str | None) -> bool:
    """Whether player ``p`` can apply effect ``eff`` (None: nothing to apply) in full."""
    if not eff:
        return True
    stock: Counter[str] = Counter()
    prod: Counter[str] = Counter()
    here = 0
    for st in eff["stmts"]:
        op = st["op"]
        mandatory = op in ("lose", "remove_resource") and not st["qty"].get("up_to")
        q = quantity_max(ctx, st["qty"], p, card) if mandatory else 0
        if op == "lose" and mandatory and not st.get("from_any"):
            (prod if st.get("production") else stock)[st["resource"]] += q
        elif op == "remove_resource" and mandatory and st["target"] == "this":
            here += q
        elif not _possible(ctx, st, p, card, q):
            return False
    return _covers(ctx, p, stock, prod) and _here(ctx, card) >= here


def _possible(ctx: Ctx, st: Effect, p: int, card: str | None, q: int) -> bool:
    """A ``remove ... from any card`` has a card to take from; a ``choose`` has an
    applicable alternative; a ``place`` has a legal space (or is skipped at max)."""
    op = st["op"]
    if op == "remove_resource":
        return q == 0 or bool(removable_cards(ctx, st, q))
    if op == "choose":
        return any(can_apply(ctx, o, p, card) for o in st["options"])
    if op == "place":
        return _placeable(ctx, st, p, card)
    if op in POSSIBLE:
        return bool(POSSIBLE[op](ctx, st, p))
    return True


POSSIBLE: dict[str, Any] = {}
"""op -> (ctx, statement, player) -> whether the statement can do anything now (further
mechanisms register theirs)."""


def _placeable(ctx: Ctx, st: Effect, p: int, card: str | None) -> bool:
    if st["tile"] in (ctx.rules.get("pieces") or {}):
        from compiler.runtime.places import build_spaces

        return bool(build_spaces(ctx, p, st["tile"], st.get("on"), needs=False))
    return placement_skipped(ctx, st["tile"]) or \
        bool(legal_spaces(ctx, st["tile"], st.get("on"), p, card))


def _covers(ctx: Ctx, p: int, stock: Counter[str], prod: Counter[str]) -> bool:
    pl = ctx.pl(p)
    res = ctx.rules["resources"]
    if any(pl["stock"][r] < q for r, q in stock.items()):
        return False
    return all(r in pl["prod"] and pl["prod"][r] - q >= (res[r].get("production_min") or 0)
               for r, q in prod.items())


def _here(ctx: Ctx, card: str | None) -> int:
    if card is None:
        return 0
    for pl in ctx.state["players"]:
        if card in pl["card_res"]:
            return int(pl["card_res"][card])
    return 0


def removable_cards(ctx: Ctx, st: Effect, q: int) -> list[str]:
    """Cards in play (any player) holding at least ``q`` of ``st['resource']``."""
    res = st["resource"]
    return [cid for pl in ctx.state["players"] for cid in pl["tableau"]
            if ctx.rules["cards"][cid].get("resource") == res and pl["card_res"].get(cid, 0) >= q]


def is_void(ctx: Ctx, eff: Effect | None, p: int) -> bool:
    """Whether ``eff`` would change nothing: every statement raises a parameter at max,
    places a tile that is skipped or has no space, or sells from an empty hand.

    Used to keep void standard projects and conversions out of the legal actions (a
    parameter at its maximum cannot be raised, rulebook "Fine del gioco").
    """
    if not eff:
        return False
    return all(_void_stmt(ctx, st, p) for st in eff["stmts"])


def _void_stmt(ctx: Ctx, st: Effect, p: int) -> bool:
    op = st["op"]
    if op == "raise":
        return st["name"] in ctx.rules["parameters"] and at_max(ctx, st["name"])
    if op == "place":
        return not _placeable(ctx, st, p, None) or placement_skipped(ctx, st["tile"])
    if op == "sell":
        return not ctx.pl(p)["hand"]
    return False
