"""The final count (rulebook "Il conteggio finale", "Vincere la partita").

Each entry of ir['flow']['scoring'] gives a breakdown line per player: an ``amount``
(e.g. "1 per tr", "1 per tile greenery") or a ``builtin``: ``milestones`` (``vp`` per
milestone claimed), ``awards`` (per funded award: ``first`` VP to the best measure,
``second`` VP to the next only with at least ``second_min_players`` players; "In caso di
parità, entrambi i giocatori ottengono i VP, ma il posto successivo non viene
assegnato": a tie for first gets ``first`` each and no second place; a tie for second
gets ``second`` each), ``card_vp`` (the ``vp`` amount of every card played, events too).
The winner is every player with the highest total. A game with one player and a round
limit (solo) is won only if the end condition holds by the end of the last generation
("Il vostro obiettivo è completare la terraformazione prima della fine della
generazione 14").
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import Ctx
from compiler.runtime.counts import amount, holds, total

__all__ = ["award_points", "scores"]


def award_points(ctx: Ctx, aid: str) -> list[int]:
    """VP each player gets from funded award ``aid``."""
    cfg = ctx.rules.get("settings", {}).get("awards") or {}
    n = len(ctx.state["players"])
    measure = [total(ctx, ctx.rules["awards"][aid]["measure"], p) for p in range(n)]
    best = max(measure)
    firsts = [p for p in range(n) if measure[p] == best]
    points = [cfg.get("first", 0) if p in firsts else 0 for p in range(n)]
    rest = [m for m in measure if m < best]
    if len(firsts) == 1 and rest and n >= cfg.get("second_min_players", 0):
        second = max(rest)
        points = [cfg.get("second", 0) if measure[p] == second else points[p] for p in range(n)]
    return points


def _builtin(ctx: Ctx, kind: str, p: int) -> int:
    state = ctx.state
    if kind == "milestones":
        vp = (ctx.rules.get("settings", {}).get("milestones") or {}).get("vp", 0)
        return vp * sum(1 for owner in state["milestones"].values() if owner == p)
    if kind == "awards":
        return sum(award_points(ctx, a["id"])[p] for a in state["awards"])
    if kind == "card_vp":
        pl = state["players"][p]
        return sum(amount(ctx, ctx.rules["cards"][c].get("vp"), p, c)
                   for c in pl["tableau"] + pl["events"])
    return 0


def _ledger(ctx: Ctx, p: int) -> dict[str, int]:
    """``builtin: ledger``: the currency's changes by label (the rule that caused them);
    every player has the same labels (0 where nothing happened), in the order the
    labels first appear; they add up to the player's money."""
    labels: dict[str, None] = {}
    for pl in ctx.state["players"]:
        labels.update(dict.fromkeys(pl.get("ledger") or {}))
    own = ctx.state["players"][p].get("ledger") or {}
    return {label: int(own.get(label, 0)) for label in labels}


def _line(ctx: Ctx, entry: dict[str, Any], p: int) -> int:
    if entry.get("builtin"):
        return _builtin(ctx, entry["builtin"], p)
    return amount(ctx, entry.get("amount"), p)


def scores(ctx: Ctx) -> dict[str, Any]:
    """``{"winner": [players], "players": [{"player", "total", "breakdown"}],
    "generations", "actions"}`` (+ ``"solo": {"won", "rule"}`` for one player with a
    round limit). ``actions`` counts the turn actions taken (passes excluded)."""
    n = len(ctx.state["players"])
    rows: list[dict[str, Any]] = []
    for p in range(n):
        breakdown: dict[str, int] = {}
        for e in ctx.rules["flow"].get("scoring") or []:
            if e.get("builtin") == "ledger":
                breakdown.update(_ledger(ctx, p))
            else:
                breakdown[e["id"]] = _line(ctx, e, p)
        rows.append({"player": p, "total": sum(breakdown.values()), "breakdown": breakdown})
    best = max(r["total"] for r in rows)
    out: dict[str, Any] = {"winner": [r["player"] for r in rows if r["total"] == best],
                           "players": rows, "generations": ctx.state["round"],
                           "actions": ctx.state["turn_actions"]}
    limit = ctx.rules["flow"].get("round_limit")
    if n == 1 and limit is not None:
        when = (ctx.rules["flow"].get("end") or {}).get("when")
        won = bool(when) and holds(ctx, when, None)
        out["solo"] = {"won": won, "rule": f"won only if the end condition holds by the end "
                       f"of generation {limit} (Variante in solitario)"}
        out["winner"] = [0] if won else []
    return out
