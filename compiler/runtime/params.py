"""Global parameters, tracks and triggers: what raising something sets off.

Rulebook "Fase 3: Azione" and "Le tessere": raising a global parameter by one step raises
the acting player's TR (the parameter's ``tr_track``) by one step; a parameter at its
maximum no longer moves and gives no TR ("Se il livello di ossigeno non sale più, non si
avrà diritto a +1 NT"). Parameter bonuses (``bonuses [{at, effect}]``) fire for the acting
player when the value reaches ``at`` from below. Triggers on cards in play fire for
their owner.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import Ctx, Frame
from compiler.runtime.values import num

__all__ = ["at_max", "effect_frame", "raise_param", "raise_track", "triggered"]


def effect_frame(ref: list[Any], player: int | None, card: str | None = None) -> Frame:
    """A continuation frame that applies the effect at rules path ``ref`` for ``player``."""
    return {"kind": "effect", "ref": ref, "i": 0, "player": player, "card": card}


def at_max(ctx: Ctx, pid: str) -> bool:
    """Whether parameter ``pid`` can no longer be raised (no full step left)."""
    par = ctx.rules["parameters"][pid]
    return ctx.state["params"][pid] + par.get("step", 1) > par["max"]


def raise_param(ctx: Ctx, pid: str, steps: int, player: int | None) -> list[Frame]:
    """Raise parameter ``pid`` by up to ``steps`` steps (not past max).

    Gives ``player`` one ``tr_track`` step per step actually raised and returns the
    frames to run next: bonus effects reached and ``on raise`` triggers.
    """
    par = ctx.rules["parameters"][pid]
    step = par.get("step", 1)
    old = ctx.state["params"][pid]
    k = max(0, min(steps, (par["max"] - old) // step))
    if k == 0:
        return []
    new = old + k * step
    ctx.state["params"][pid] = new
    frames: list[Frame] = []
    if player is not None and par.get("tr_track"):
        frames += raise_track(ctx, par["tr_track"], k, player)
    for i, bonus in enumerate(par.get("bonuses") or []):
        if old < bonus["at"] <= new and player is not None:
            frames.append(effect_frame(["parameters", pid, "bonuses", i, "effect"], player))
    return frames + triggered(ctx, "raise", pid, player)


def raise_track(ctx: Ctx, tid: str, steps: int, player: int | None) -> list[Frame]:
    """Move track ``tid`` (a player's, or the game's) by ``steps`` within [min, max]."""
    rec = ctx.rules["tracks"][tid]
    values = ctx.state["game_tracks"] if tid in ctx.state["game_tracks"] \
        else ctx.pl(player)["tracks"] if player is not None else None
    if values is None:
        return []
    new = values[tid] + steps
    if rec.get("max") is not None:
        new = min(new, num(rec["max"]))
    values[tid] = max(new, num(rec.get("min", new)))
    if steps > 0 and player is not None and "arrived" in ctx.pl(player):
        ctx.state["moves"] = ctx.state.get("moves", 0) + 1
        ctx.pl(player)["arrived"][tid] = ctx.state["moves"]
    return triggered(ctx, "raise", tid, player) if steps > 0 else []


def triggered(ctx: Ctx, event: str, name: str, actor: int | None,
              skip_card: str | None = None) -> list[Frame]:
    """Effect frames of every card trigger ``on <event> <name>`` matching ``actor``.

    Cards are visited by owner from the actor clockwise, then in the order played;
    ``by you`` triggers only fire for the actor's own cards. ``skip_card`` (the card
    being played) does not trigger on itself.
    """
    n = len(ctx.state["players"])
    start = actor if actor is not None else 0
    frames: list[Frame] = []
    for owner in [(start + k) % n for k in range(n)]:
        for cid in ctx.pl(owner)["tableau"]:
            if cid == skip_card:
                continue
            for i, trig in enumerate(ctx.rules["cards"][cid].get("triggers") or []):
                on = trig["on"]
                if on["event"] == event and on["name"] == name and \
                        (on.get("who") == "anyone" or owner == actor):
                    frames.append(effect_frame(["cards", cid, "triggers", i, "effect"],
                                               owner, cid))
    return frames
