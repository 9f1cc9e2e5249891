"""Playing a project card and using a card's action (rulebook "Fase 3", Azioni 1 e 5).

Playing (Azione 1): the card's ``requires`` condition must hold (Passo 1), its cost is
paid in the game's currency (M€), with resources that have ``pays_for {tag, value}``
usable for cards with that tag (steel 2 M€ on building cards, titanium 3 M€ on space
cards; "Il resto non viene restituito"), and its effect must be applicable (see
``applicable.py``). Then the effect runs; the card goes to the player's cards in play
(``tableau``), or to the separate ``events`` pile for an event card ("Carta Evento":
its tags count only when played); then ``on play tag`` triggers of other cards fire.
A card action (Azione 5) is usable once per generation and needs its cost payable.
"""

from __future__ import annotations

import itertools
from typing import Any

from compiler.runtime.applicable import can_apply
from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.counts import card_tags, holds
from compiler.runtime.params import effect_frame, triggered

__all__ = ["action_options", "payment_options", "play_frame", "playable", "step_play",
           "use_action"]


def _payers(ctx: Ctx, p: int, cid: str) -> list[tuple[str, int]]:
    """(resource, M€ value per unit) of the player's resources that may pay for ``cid``."""
    tags = card_tags(ctx, cid)
    return [(r, rec["pays_for"]["value"]) for r, rec in ctx.rules["resources"].items()
            if rec.get("pays_for") and rec["pays_for"]["tag"] in tags
            and ctx.pl(p)["stock"][r] > 0]


def can_pay(ctx: Ctx, p: int, cid: str) -> bool:
    """Whether currency plus usable steel/titanium value covers the card's cost (M€)."""
    stock = ctx.pl(p)["stock"]
    worth = stock[ctx.index.currency] + sum(stock[r] * v for r, v in _payers(ctx, p, cid))
    return worth >= ctx.rules["cards"][cid].get("cost", 0)


def playable(ctx: Ctx, p: int, cid: str) -> bool:
    """Requirements met, cost payable, effect applicable (rulebook Passo 1)."""
    card = ctx.rules["cards"][cid]
    return holds(ctx, card.get("requires"), p, cid) and can_pay(ctx, p, cid) and \
        can_apply(ctx, card.get("effect"), p, cid)


def payment_options(ctx: Ctx, p: int, cid: str) -> list[dict[str, int]]:
    """Every way to pay card ``cid``: ``{currency: M€, resource: units...}``.

    A way is listed when the player has the units and the M€ for the rest, and no unit
    is superfluous (taking one away would still cover the cost).
    """
    cost = ctx.rules["cards"][cid].get("cost", 0)
    cur, stock = ctx.index.currency, ctx.pl(p)["stock"]
    payers = _payers(ctx, p, cid)
    ranges = [range(min(stock[r], -(-cost // v)) + 1) for r, v in payers]
    out = []
    for combo in itertools.product(*ranges):
        covered = sum(n * v for n, (_, v) in zip(combo, payers, strict=True))
        if max(0, cost - covered) > stock[cur]:
            continue
        pairs = list(zip(combo, payers, strict=True))
        if any(n > 0 and covered - v >= cost for n, (_, v) in pairs):
            continue
        out.append({cur: max(0, cost - covered), **{r: n for n, (r, _) in pairs}})
    return out


def play_frame(p: int, cid: str) -> Frame:
    """The frame that plays card ``cid`` from player ``p``'s hand."""
    return {"kind": "play", "player": p, "card": cid, "stage": "pay"}


def step_play(ctx: Ctx, f: Frame) -> None:
    """Stages: ``pay`` (a decision), ``effect`` (a child frame), ``finish``."""
    p, cid = f["player"], f["card"]
    pl, card = ctx.pl(p), ctx.rules["cards"][cid]
    if f["stage"] == "pay":
        ans = ctx.ask(f, "pay", p, "payment", f"how to pay {card.get('cost', 0)} for {cid}",
                      payment_options(ctx, p, cid))
        if ans is WAIT:
            return
        for res, n in ans.items():
            pl["stock"][res] -= n
        pl["hand"].remove(cid)
        if card.get("resource"):
            pl["card_res"][cid] = 0
        f["stage"], f["tmp"] = "effect", {}
    elif f["stage"] == "effect":
        f["stage"] = "finish"
        if card.get("effect"):
            ctx.push(effect_frame(["cards", cid, "effect"], p, cid))
    else:
        pl["events" if card.get("type") == "event" else "tableau"].append(cid)
        ctx.pop(f)
        ctx.push(*[t for tag in card_tags(ctx, cid)
                   for t in triggered(ctx, "play_tag", tag, p, skip_card=cid)])


def action_options(ctx: Ctx, p: int) -> list[dict[str, Any]]:
    """``{"act": "card_action", "card", "index"}`` for each usable card action of ``p``."""
    pl = ctx.pl(p)
    out = []
    for cid in pl["tableau"]:
        if cid in pl["used"]:
            continue
        for k, act in enumerate(ctx.rules["cards"][cid].get("actions") or []):
            if can_apply(ctx, act.get("cost"), p, cid) and can_apply(ctx, act["effect"], p, cid):
                out.append({"act": "card_action", "card": cid, "index": k})
    return out


def use_action(ctx: Ctx, p: int, cid: str, k: int) -> None:
    """Mark the card used this generation; pay the action's cost, then apply its effect."""
    ctx.pl(p)["used"].append(cid)
    act = ctx.rules["cards"][cid]["actions"][k]
    frames = [effect_frame(["cards", cid, "actions", k, "effect"], p, cid)]
    if act.get("cost"):
        frames.insert(0, effect_frame(["cards", cid, "actions", k, "cost"], p, cid))
    ctx.push(*frames)
