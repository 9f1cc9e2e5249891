"""The project deck and getting cards ("Carta Progetto", "Fase 2: Ricerca", "Variante
bozza").

Deck: the project cards form one face-down pile, shuffled with ``Ctx.rng()`` (seeded,
never the global random module). When it is empty the discard pile is shuffled into a
new pile (the usual rule; the rulebook does not cover it).

``draw_and_buy``: each player draws ``draw`` cards and decides card by card whether to
keep it, paying ``cost`` M€ for each card kept ("Ogni carta tenuta costa 3 milioni di
euro"); a player who cannot pay may not keep; cards not kept are discarded.
``draft``: each player draws ``draw`` cards, keeps one and passes the rest to the next
player — clockwise (+1) or counterclockwise (-1) by the parity of the round track, as
the step's ``pass {even, odd}`` says — until the packs are empty; then buys as above.
Decisions: ``{"card", "keep": bool}`` (kind ``buy_card``), ``{"card"}`` (``draft_pick``).
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import WAIT, Ctx, Frame

__all__ = ["discard", "draw", "new_deck", "step_buy", "step_draft", "step_draw_and_buy"]


def new_deck(ctx: Ctx) -> list[str]:
    """Every card id of the composed rules, sorted, then shuffled with the game's seed."""
    cards = sorted(ctx.rules.get("cards") or {})
    ctx.rng().shuffle(cards)
    return cards


def draw(ctx: Ctx, n: int) -> list[str]:
    """Take up to ``n`` cards from the top of the deck (fewer only if both piles run out)."""
    state = ctx.state
    out: list[str] = []
    while len(out) < n:
        if not state["deck"]:
            if not state["discard"]:
                break
            state["deck"] = sorted(state["discard"])
            state["discard"] = []
            ctx.rng().shuffle(state["deck"])
        out.append(state["deck"].pop(0))
    return out


def discard(ctx: Ctx, cards: list[str]) -> None:
    """Put ``cards`` on the discard pile."""
    ctx.state["discard"].extend(cards)


def _buy_frame(ctx: Ctx, offers: list[list[str]], cost: int) -> Frame:
    return {"kind": "buy", "offers": offers, "cost": cost, "order": ctx.order(), "k": 0}


def step_draw_and_buy(ctx: Ctx, f: Frame) -> None:
    """Everyone draws (in turn order), then the buy frame runs."""
    step = ctx.lookup(f["ref"])
    offers: list[list[str]] = [[] for _ in ctx.state["players"]]
    for p in ctx.order():
        offers[p] = draw(ctx, step.get("draw", 0))
    ctx.pop(f)
    ctx.push(_buy_frame(ctx, offers, step.get("cost", 0)))


def step_buy(ctx: Ctx, f: Frame) -> None:
    """One keep-or-discard decision per offered card, player by player in turn order."""
    if f["k"] >= len(f["order"]):
        ctx.pop(f)
        return
    p = f["order"][f["k"]]
    offer = f["offers"][p]
    if not offer:
        f["k"] += 1
        return
    cid, cur = offer[0], ctx.index.currency
    pl = ctx.pl(p)
    opts = [{"card": cid, "keep": True}] if pl["stock"][cur] >= f["cost"] else []
    opts.append({"card": cid, "keep": False})
    ans = ctx.ask(f, "buy", p, "buy_card", f"keep {cid} for {f['cost']}?", opts)
    if ans is WAIT:
        return
    f.pop("tmp", None)
    offer.pop(0)
    if ans["keep"]:
        pl["stock"][cur] -= f["cost"]
        pl["hand"].append(cid)
    else:
        discard(ctx, [cid])


def step_draft(ctx: Ctx, f: Frame) -> None:
    """Draw packs, then rounds of picks (turn order) and passes until the packs are empty."""
    step = ctx.lookup(f["ref"])
    if "packs" not in f:
        f.update(packs=[[] for _ in ctx.state["players"]], kept=[[] for _ in ctx.state["players"]],
                 order=ctx.order(), k=0)
        for p in f["order"]:
            f["packs"][p] = draw(ctx, step.get("draw", 0))
    if not any(f["packs"]):
        ctx.pop(f)
        ctx.push(_buy_frame(ctx, f["kept"], step.get("cost", 0)))
        return
    if f["k"] < len(f["order"]):
        _pick(ctx, f)
        return
    f["k"] = 0
    f["packs"] = _passed(ctx, f["packs"], step.get("pass") or {})


def _pick(ctx: Ctx, f: Frame) -> None:
    p = f["order"][f["k"]]
    pack = f["packs"][p]
    if not pack:
        f["k"] += 1
        return
    ans = ctx.ask(f, "pick", p, "draft_pick", "keep one card of the pack",
                  [{"card": c} for c in pack])
    if ans is WAIT:
        return
    f.pop("tmp", None)
    pack.remove(ans["card"])
    f["kept"][p].append(ans["card"])
    f["k"] += 1


def _passed(ctx: Ctx, packs: list[list[str]], rule: dict[str, Any]) -> list[list[str]]:
    """Packs after passing: pack of player i goes to i+1 (clockwise) or i-1."""
    track = (ctx.rules.get("flow") or {}).get("round", {}).get("track")
    gen = ctx.state["game_tracks"].get(track, ctx.state["round"])
    way = rule.get("even" if gen % 2 == 0 else "odd", "clockwise")
    shift = 1 if way == "clockwise" else -1
    n = len(packs)
    out: list[list[str]] = [[] for _ in range(n)]
    for i, pack in enumerate(packs):
        out[(i + shift) % n] = pack
    return out
