"""The action phase (rulebook "Fase 3: Azione"): turns of 1..N actions, or pass.

Players take turns from the first player clockwise; in a turn a player takes 1 to
``actions_per_turn`` actions, or passes for the rest of the generation; the phase ends
when everyone has passed. A turn action is one of (rulebook's seven kinds):
``{"act": "play", "card"}``, ``{"act": "project", "id"}`` (standard projects and
conversions of ir['actions']), ``{"act": "milestone", "id"}``, ``{"act": "award", "id"}``,
``{"act": "card_action", "card", "index"}``, ``{"act": "pass"}``; after a first action
``{"act": "end_turn"}`` ends the turn instead of pass.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.applicable import can_apply, is_void
from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.counts import holds
from compiler.runtime.params import effect_frame
from compiler.runtime.playing import action_options, play_frame, playable, use_action

__all__ = ["project_frames", "project_legal", "step_turns", "turn_options", "turns_frame"]

Action = dict[str, Any]


def turns_frame(ctx: Ctx, ref: list[Any]) -> Frame:
    n = len(ctx.state["players"])
    return {"kind": "turns", "ref": ref, "k": 0, "done": 0, "order": ctx.order(),
            "passed": [False] * n}


def project_legal(ctx: Ctx, p: int, aid: str) -> bool:
    """A standard project / conversion: requirement met, cost payable in full first,
    and the effect not void (a parameter at max cannot be raised)."""
    act = ctx.rules["actions"][aid]
    return holds(ctx, act.get("requires"), p) and can_apply(ctx, act.get("cost"), p, None) \
        and can_apply(ctx, act.get("effect"), p, None) and not is_void(ctx, act.get("effect"), p)


def project_frames(p: int, aid: str, act: dict[str, Any]) -> list[Frame]:
    """Pay the action's ``cost`` effect, then apply its ``effect``."""
    frames = [effect_frame(["actions", aid, "cost"], p)] if act.get("cost") else []
    if act.get("effect"):
        frames.append(effect_frame(["actions", aid, "effect"], p))
    return frames


def _milestones(ctx: Ctx, p: int) -> list[Action]:
    """Azione 3: claim a milestone (cost M€, at most ``max_claimed``, one claimant each)."""
    cfg = ctx.rules.get("settings", {}).get("milestones") or {}
    claimed = ctx.state["milestones"]
    if not ctx.rules.get("milestones") or len(claimed) >= cfg.get("max_claimed", 0) or \
            ctx.pl(p)["stock"][ctx.index.currency] < cfg.get("cost", 0):
        return []
    return [{"act": "milestone", "id": mid} for mid, m in ctx.rules["milestones"].items()
            if mid not in claimed and holds(ctx, m.get("condition"), p)]


def award_cost(ctx: Ctx) -> int | None:
    """Azione 4: the next award's cost (8, 14, 20 M€ by how many were funded), or None."""
    cfg = ctx.rules.get("settings", {}).get("awards") or {}
    funded = len(ctx.state["awards"])
    costs = cfg.get("costs") or []
    if funded >= min(cfg.get("max_funded", len(costs)), len(costs)):
        return None
    return int(costs[funded])


def _awards(ctx: Ctx, p: int) -> list[Action]:
    cost = award_cost(ctx)
    if not ctx.rules.get("awards") or cost is None or \
            ctx.pl(p)["stock"][ctx.index.currency] < cost:
        return []
    funded = {a["id"] for a in ctx.state["awards"]}
    return [{"act": "award", "id": aid} for aid in ctx.rules["awards"] if aid not in funded]


def turn_options(ctx: Ctx, p: int, first: bool) -> list[Action]:
    """Every legal action for player ``p`` now; ``first``: first action of the turn."""
    pl = ctx.pl(p)
    opts: list[Action] = [{"act": "play", "card": c} for c in pl["hand"] if playable(ctx, p, c)]
    opts += [{"act": "project", "id": a} for a in ctx.rules["actions"]
             if project_legal(ctx, p, a)]
    opts += _milestones(ctx, p) + _awards(ctx, p) + action_options(ctx, p)
    opts.append({"act": "pass"} if first else {"act": "end_turn"})
    return opts


def step_turns(ctx: Ctx, f: Frame) -> None:
    """Ask the current player for an action; advance after a full turn, end_turn or pass."""
    if all(f["passed"]):
        ctx.pop(f)
        return
    p = f["order"][f["k"]]
    if f["passed"][p]:
        _next(f)
        return
    ans = ctx.ask(f, "act", p, "action", f"player {p}: choose an action",
                  turn_options(ctx, p, f["done"] == 0))
    if ans is WAIT:
        return
    f.pop("tmp", None)
    if ans["act"] in ("pass", "end_turn"):
        f["passed"][p] = f["passed"][p] or ans["act"] == "pass"
        _next(f)
        return
    f["done"] += 1
    if f["done"] >= ctx.lookup(f["ref"]).get("actions_per_turn", 1):
        _next(f)
    ctx.state["turn_actions"] += 1
    _do(ctx, p, ans)


def _next(f: Frame) -> None:
    f["done"] = 0
    f["k"] = (f["k"] + 1) % len(f["order"])


def _do(ctx: Ctx, p: int, ans: Action) -> None:
    act, cur, pl = ans["act"], ctx.index.currency, ctx.pl(p)
    if act == "play":
        ctx.push(play_frame(p, ans["card"]))
    elif act == "project":
        ctx.push(*project_frames(p, ans["id"], ctx.rules["actions"][ans["id"]]))
    elif act == "milestone":
        pl["stock"][cur] -= ctx.rules["settings"]["milestones"].get("cost", 0)
        ctx.state["milestones"][ans["id"]] = p
    elif act == "award":
        pl["stock"][cur] -= award_cost(ctx) or 0
        ctx.state["awards"].append({"id": ans["id"], "by": p})
    elif act == "card_action":
        use_action(ctx, p, ans["card"], ans["index"])
