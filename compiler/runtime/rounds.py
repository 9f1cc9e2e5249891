"""Rounds of one action per player, the turn order kept by a track, and end-of-turn events.

Steps (flow ``phases``):

- ``action_rounds`` (``rounds``): in each of ``rounds`` rounds every player in turn order
  takes one turn (Pampero "Choose an action": "In each of the year's three action rounds,
  place an action marker on the next numbered space of your company mat and choose one"):
  play a card to a slot row (see slots.py) or take a ``turn`` action (``actions`` records
  with ``group: turn``). A player with nothing legal passes. Triggers queued in
  ``state["end_of_turn"]`` (e.g. a marker reaching the top of its track) run after the
  turn.
- ``return_markers``: the action markers come back (consolidation step 1).
- ``order_by_track`` (``track``, ``first``): the new turn order: players whose ``first``
  track is above 0 (and it is reset to 0), then the others, each group by ``track``
  furthest first, a later arrival on the same space counting as further along
  ("move lower-row turn-order discs back to the top in the order their time discs have
  advanced (higher in a stack is further along), then add the remaining discs behind
  them in that same order").
- ``random_turn_order``: a random first turn order (setup).
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.markers import step_track_top, track_values
from compiler.runtime.params import effect_frame
from compiler.runtime.slots import play_frame, play_options, swap, swap_options
from compiler.runtime.turns import project_frames, project_legal
from compiler.runtime.values import num

__all__ = ["step_action_rounds", "step_end_of_turn", "step_order_by_track",
           "step_random_turn_order", "step_return_markers", "turn_choices"]


def turn_choices(ctx: Ctx, p: int) -> list[dict[str, Any]]:
    """Every legal turn of player ``p``: card plays, then turn actions; else a pass."""
    opts = play_options(ctx, p) + swap_options(ctx, p)
    opts += [{"act": "project", "id": aid} for aid, a in (ctx.rules.get("actions") or {}).items()
             if a.get("group") == "turn" and project_legal(ctx, p, aid)]
    return opts if [o for o in opts if o["act"] != "swap"] else opts + [{"act": "pass"}]


def step_action_rounds(ctx: Ctx, f: Frame) -> None:
    """One turn of the current player per call; the frame keeps the round and seat."""
    rounds = int(ctx.lookup(f["ref"]).get("rounds", 1))
    f.setdefault("round", 0)
    f.setdefault("k", 0)
    if f["round"] >= rounds:
        ctx.pop(f)
        return
    order = ctx.order()
    p = order[f["k"]]
    marker = ctx.ask(f, "marker", p, "action_marker", f"player {p}: which action marker",
                     marker_options(ctx, p))
    if marker is WAIT:
        return
    ans = ctx.ask(f, "act", p, "action", f"player {p}: choose an action", turn_choices(ctx, p))
    if ans is WAIT:
        return
    if ans["act"] == "swap":  # a free swap (a company tile): the turn is still to take
        swap(ctx, p, ans["out"], ans["in"])
        f["tmp"].pop("act")
        return
    f.pop("tmp", None)
    f["k"] += 1
    if f["k"] >= len(order):
        f["k"], f["round"] = 0, f["round"] + 1
    ctx.pl(p)["markers_placed"] = ctx.pl(p).get("markers_placed", 0) + 1
    if ans["act"] != "pass":
        ctx.state["turn_actions"] += 1
    before, after = ability_frames(ctx, p, marker)
    ctx.push(*before, *_frames(ctx, p, ans), *after, {"kind": "end_of_turn", "player": p})


def _marker_items(ctx: Ctx, p: int) -> list[str]:
    return [i for i in ctx.pl(p).get("held", [])
            if (ctx.rules.get("deck_items") or {}).get(i, {}).get("use") == "marker"]


def marker_options(ctx: Ctx, p: int) -> list[dict[str, Any]]:
    """Action markers left this year: a plain one, or a disc with an icon (Innovations and
    Freelancers: "it may be placed with the icon up or down ... activate the ability ...
    either before or after (but not during) taking the main action"); a disc whose price
    track marker is at the top can no longer be used icon up."""
    pl = ctx.pl(p)
    discs = _marker_items(ctx, p)
    used = pl.get("markers_used", [])
    total = int(num((ctx.rules.get("settings", {}).get("slot_rows") or {}).get("markers"), 3))
    opts: list[dict[str, Any]] = []
    if sum(1 for m in used if m is None) < total - len(discs):
        opts.append({"marker": None})
    for disc in discs:
        if disc in used:
            continue
        opts.append({"marker": disc, "icon": "down"})
        if _ability(ctx, p, disc) is not None:
            opts += [{"marker": disc, "icon": "before"}, {"marker": disc, "icon": "after"}]
    return opts or [{"marker": None}]


def _ability(ctx: Ctx, p: int, disc: str) -> str | None:
    """The face-up ability card the disc activates, unless its price track is topped."""
    rec = ctx.rules["deck_items"][disc]
    track = rec.get("price_track")
    if track and ctx.pl(p)["tracks"][track] >= len(track_values(ctx, track)) - 1:
        return None
    shown = ctx.state.get("display", {}).get(rec.get("ability_deck"), [])
    return shown[0] if shown else None


def ability_frames(ctx: Ctx, p: int, marker: dict[str, Any]) -> tuple[list[Frame], list[Frame]]:
    """The disc is placed; icon up: the ability, then +1 on its price track."""
    ctx.pl(p).setdefault("markers_used", []).append(marker.get("marker"))
    icon = marker.get("icon")
    if icon not in ("before", "after"):
        return [], []
    disc = marker["marker"]
    card = _ability(ctx, p, disc)
    frames: list[Frame] = []
    if card is not None and ctx.rules["deck_items"][card].get("effect"):
        frames.append(dict(effect_frame(["deck_items", card, "effect"], p), label=card))
    track = ctx.rules["deck_items"][disc].get("price_track")
    if track:
        ctx.pl(p)["tracks"][track] += 1
    return (frames, []) if icon == "before" else ([], frames)


def _frames(ctx: Ctx, p: int, ans: dict[str, Any]) -> list[Frame]:
    if ans["act"] == "play":
        return [play_frame(p, ans)]
    if ans["act"] == "project":
        return project_frames(p, ans["id"], ctx.rules["actions"][ans["id"]])
    return []


def step_end_of_turn(ctx: Ctx, f: Frame) -> None:
    """Run what was queued for the end of this turn (once each)."""
    ctx.pop(f)
    queued = ctx.state.pop("end_of_turn", [])
    seen: list[Any] = []
    for event in queued:
        if event not in seen:
            seen.append(event)
    ctx.push(*[dict(e, player=f["player"]) for e in seen])


def step_return_markers(ctx: Ctx, f: Frame) -> None:
    """Consolidation 1: every player's action markers come back."""
    for pl in ctx.state["players"]:
        pl["markers_placed"] = 0
        pl["markers_used"] = []
    ctx.pop(f)


def step_order_by_track(ctx: Ctx, f: Frame) -> None:
    """The new turn order by ``track`` (see the module docstring)."""
    step = ctx.lookup(f["ref"])
    track, first = step["track"], step.get("first")
    players = list(range(len(ctx.state["players"])))

    def key(p: int) -> tuple[int, int]:
        pl = ctx.pl(p)
        return (-pl["tracks"][track], -pl.get("arrived", {}).get(track, 0))

    lead = sorted((p for p in players if first and ctx.pl(p)["tracks"][first] > 0), key=key)
    rest = sorted((p for p in players if p not in lead), key=key)
    ctx.state["turn_order"] = lead + rest
    if first:
        for pl in ctx.state["players"]:
            pl["tracks"][first] = 0
    ctx.pop(f)


def step_random_turn_order(ctx: Ctx, f: Frame) -> None:
    """A random turn order (setup), drawn with the game's seeded generator."""
    order = list(range(len(ctx.state["players"])))
    ctx.rng().shuffle(order)
    ctx.state["turn_order"] = order
    ctx.state["first_player"] = order[0]
    ctx.pop(f)


STEPS = {"action_rounds": step_action_rounds, "end_of_turn": step_end_of_turn,
         "return_markers": step_return_markers, "order_by_track": step_order_by_track,
         "random_turn_order": step_random_turn_order, "track_top": step_track_top}
