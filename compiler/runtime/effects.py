"""The statement interpreter: one handler per effect statement (docs/dsl.md, Effects).

An effect runs as a frame ``{"kind": "effect", "ref": rules path, "i": next statement,
"player": acting player, "card": card whose text it is, "tmp": answers so far}``. A
handler returns True when its statement is done (it may have pushed frames that run
before the next statement) or False when it posted a decision and waits for the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.runtime.applicable import can_apply, removable_cards
from compiler.runtime.board import followups, legal_spaces, placement_skipped, put_tile
from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.counts import quantity_max
from compiler.runtime.deck import discard, draw
from compiler.runtime.params import effect_frame, raise_param, raise_track
from compiler.runtime.stock import gain_with_replacements, inherit, label_of, lose

__all__ = ["register", "step_effect"]

Stmt = dict[str, Any]


def step_effect(ctx: Ctx, f: Frame) -> None:
    """Run the next statement of effect frame ``f``; pop the frame after the last one."""
    stmts = ctx.lookup(f["ref"])["stmts"]
    if f["i"] >= len(stmts):
        ctx.pop(f)
        return
    stmt = stmts[f["i"]]
    ctx.scope = {k: f[k] for k in ("slot", "target") if k in f}
    ctx.scope["player"] = f["player"]
    if _HANDLERS[stmt["op"]](ctx, f, stmt):
        f["i"] += 1
        f.pop("tmp", None)
        ctx.push(*f.pop("deferred", []))


def _amount(ctx: Ctx, f: Frame, stmt: Stmt, verb: str) -> Any:
    """The statement's quantity; ``up to N`` asks the player for 0..N."""
    most = quantity_max(ctx, stmt["qty"], f["player"], f["card"])
    if not stmt["qty"].get("up_to"):
        return most
    opts = [{"amount": k} for k in range(most + 1)]
    ans = ctx.ask(f, "amount", f["player"], "amount", f"how many to {verb} (0-{most})", opts)
    return ans if ans is WAIT else ans["amount"]


def _gain(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    n = _amount(ctx, f, stmt, f"gain ({stmt['resource']})")
    if n is WAIT:
        return False
    pl = ctx.pl(f["player"])
    if stmt.get("production"):
        pl["prod"][stmt["resource"]] += n
        return True
    return gain_with_replacements(ctx, f, stmt["resource"], n)


def _lose(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """Lose stock or production, never below 0 / production_min (a target with less
    loses what it has). ``from any player``: the actor picks a target or nobody."""
    n = _amount(ctx, f, stmt, f"lose ({stmt['resource']})")
    if n is WAIT:
        return False
    target = f["player"]
    if stmt.get("from_any"):
        opts = [{"target": p} for p in range(len(ctx.state["players"]))
                if _room(ctx, p, stmt) > 0] + [{"target": None}]
        ans = ctx.ask(f, "target", f["player"], "target_player",
                      f"which player loses {n} {stmt['resource']}"
                      f"{' production' if stmt.get('production') else ''}", opts)
        if ans is WAIT:
            return False
        target = ans["target"]
    if target is not None and stmt.get("production"):
        ctx.pl(target)["prod"][stmt["resource"]] -= min(n, _room(ctx, target, stmt))
    elif target is not None:
        lose(ctx, target, stmt["resource"], n, label_of(ctx, f), force=True)
    return True


def _room(ctx: Ctx, p: int, stmt: Stmt) -> int:
    """How much player ``p`` can lose of the statement's stock or production."""
    pl, res = ctx.pl(p), stmt["resource"]
    if stmt.get("production"):
        floor = ctx.rules["resources"][res].get("production_min") or 0
        return max(0, pl["prod"].get(res, floor) - floor)
    return max(0, pl["stock"][res])


def _raise(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    name, steps = stmt["name"], stmt.get("steps", 1)
    if name in ctx.rules["parameters"]:
        ctx.push(*raise_param(ctx, name, steps, f["player"]))
    else:
        ctx.push(*raise_track(ctx, name, steps, f["player"]))
    return True


def _place(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """Place a tile on a space the player picks; skipped at max or with no legal space."""
    tile, p, card = stmt["tile"], f["player"], f["card"]
    if tile in (ctx.rules.get("pieces") or {}):
        return _HANDLERS["place_piece"](ctx, f, stmt)
    if placement_skipped(ctx, tile):
        return True
    spaces = legal_spaces(ctx, tile, stmt.get("on"), p, card)
    if not spaces:
        return True
    ans = ctx.ask(f, "space", p, "space", f"where to place {tile}",
                  [{"space": s} for s in spaces])
    if ans is WAIT:
        return False
    put_tile(ctx, ans["space"], tile, p, card)
    ctx.push(*followups(ctx, ans["space"], tile, p, card))
    return True


def _draw(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    ctx.pl(f["player"])["hand"].extend(draw(ctx, stmt["n"]))
    return True


def _holders(ctx: Ctx, f: Frame, stmt: Stmt) -> list[str]:
    """Own cards that hold ``stmt['resource']``: ``any`` includes this card, ``another`` not."""
    p, res, card = f["player"], stmt["resource"], f["card"]
    cards = [c for c in ctx.pl(p)["tableau"] if ctx.rules["cards"][c].get("resource") == res]
    if stmt["target"] == "another":
        return [c for c in cards if c != card]
    if card is not None and card not in cards and \
            ctx.rules["cards"].get(card, {}).get("resource") == res:
        cards.append(card)
    return cards


def _add(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """Add card resources; with no card to hold them it is skipped (rulebook Passo 1)."""
    n = _amount(ctx, f, stmt, f"add ({stmt['resource']})")
    if n is WAIT:
        return False
    if stmt["target"] == "this":
        target = f["card"]
    else:
        cards = _holders(ctx, f, stmt)
        if not cards:
            return True
        ans = ctx.ask(f, "card", f["player"], "card", f"which card gets {n} {stmt['resource']}",
                      [{"card": c} for c in cards])
        if ans is WAIT:
            return False
        target = ans["card"]
    _card_res(ctx, target, n)
    return True


def _remove(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """Remove card resources from this card, or from any card in play (a decision)."""
    n = _amount(ctx, f, stmt, f"remove ({stmt['resource']})")
    if n is WAIT:
        return False
    if stmt["target"] == "this":
        target = f["card"]
    else:
        cards = removable_cards(ctx, stmt, n) or removable_cards(ctx, stmt, 1)
        if not cards:
            return True
        ans = ctx.ask(f, "card", f["player"], "card",
                      f"which card loses {n} {stmt['resource']}", [{"card": c} for c in cards])
        if ans is WAIT:
            return False
        target = ans["card"]
    _card_res(ctx, target, -n)
    return True


def _card_res(ctx: Ctx, card: str | None, delta: int) -> None:
    for pl in ctx.state["players"]:
        if card is not None and card in pl["card_res"]:
            pl["card_res"][card] = max(0, pl["card_res"][card] + delta)


def _choose(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """Pick one applicable alternative; it runs as a child effect frame."""
    p, card = f["player"], f["card"]
    opts = [{"option": k} for k, o in enumerate(stmt["options"]) if can_apply(ctx, o, p, card)]
    if not opts:
        return True
    ans = ctx.ask(f, "choose", p, "choose", "which alternative", opts)
    if ans is WAIT:
        return False
    frame = effect_frame(f["ref"] + ["stmts", f["i"], "options", ans["option"]], p, card)
    ctx.push({**frame, **inherit(f)})
    return True


def _move_all(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    stock = ctx.pl(f["player"])["stock"]
    stock[stmt["dest"]] += stock[stmt["source"]]
    stock[stmt["source"]] = 0
    return True


def _produce(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """Each listed resource gains its production (a stock never goes below 0)."""
    pl = ctx.pl(f["player"])
    for res in stmt["resources"]:
        pl["stock"][res] = max(0, pl["stock"][res] + pl["prod"].get(res, 0))
    return True


def _sell(ctx: Ctx, f: Frame, stmt: Stmt) -> bool:
    """Discard cards from hand one decision at a time, gaining ``n`` each: at least one
    ("Scartare carte dalla propria mano"), then more until the player stops."""
    pl = ctx.pl(f["player"])
    while pl["hand"]:
        tmp = f.setdefault("tmp", {})
        stop = [{"sell": None}] if tmp.get("sold") else []
        opts = [{"sell": c} for c in pl["hand"]] + stop
        ans = ctx.ask(f, "sell", f["player"], "sell_card", "sell a card, or stop", opts)
        if ans is WAIT:
            return False
        tmp.pop("sell")
        if ans["sell"] is None:
            return True
        tmp["sold"] = tmp.get("sold", 0) + 1
        pl["hand"].remove(ans["sell"])
        discard(ctx, [ans["sell"]])
        pl["stock"][stmt["resource"]] += stmt["n"]
    return True


_HANDLERS: dict[str, Callable[[Ctx, Frame, Stmt], bool]] = {
    "gain": _gain, "lose": _lose, "raise": _raise, "place": _place, "draw": _draw,
    "add_resource": _add, "remove_resource": _remove, "choose": _choose,
    "move_all": _move_all, "produce": _produce, "sell": _sell,
}


def register(handlers: dict[str, Callable[[Ctx, Frame, Stmt], bool]]) -> None:
    """Add statement handlers (by lowered op name) of further mechanisms."""
    for op, fn in handlers.items():
        _HANDLERS.setdefault(op, fn)
