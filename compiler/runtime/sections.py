"""Scoring sections of a time track, and items scored at the end.

A ``sections`` record: ``time`` (the track space that triggers it: provisional reading,
"at the end of the year in which the furthest time disc reaches it") or ``final`` (scored
at the end), ``slots`` (what lies in the section, resolved in this order: scoring tiles,
reward tiles, events...). An item in a slot scores a ``measure`` by ``majority {first,
second}`` (a tie for first: each gets ``first``, no second place; as for awards) and/or
a ``score`` amount for every player, and/or has an ``effect`` every player resolves in
turn order. Then each player may use held items with ``use: scoring`` ("Use this card
during a scoring phase ... Discard after use"), and held ``use: objective`` items whose
``condition`` holds score their ``score`` once ("scored as the last step of a scoring
phase").

Steps: ``section_scoring`` (phase: the sections now due; ``final: true``: the final
sections, an end step) and ``score_items`` (``use``: every player's held items of that
use score their ``score``).
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.counts import amount, holds, total
from compiler.runtime.params import effect_frame
from compiler.runtime.stock import gain
from compiler.runtime.values import num

__all__ = ["step_score_items", "step_section_scoring", "step_use_held"]


def _due(ctx: Ctx, final: bool) -> list[str]:
    done = ctx.state.setdefault("scored_sections", [])
    furthest = max((pl["tracks"].get("time", 0) for pl in ctx.state["players"]), default=0)
    out = []
    for sid, sec in (ctx.rules.get("sections") or {}).items():
        if sid in done or bool(sec.get("final")) != final:
            continue
        if final or furthest >= num(sec.get("time")):
            out.append(sid)
    return out


def step_section_scoring(ctx: Ctx, f: Frame) -> None:
    """Score every section now due (see the module docstring)."""
    ctx.pop(f)
    step = ctx.lookup(f["ref"]) if f.get("ref") else {}
    frames: list[Frame] = []
    for sid in _due(ctx, bool(step.get("final"))):
        ctx.state["scored_sections"].append(sid)
        for slot in ctx.rules["sections"][sid]["slots"]:
            for iid in ctx.state["sections"].get(sid, {}).get(slot, []):
                frames += _score_item(ctx, sid, iid)
        frames.append({"kind": "use_held", "use": "scoring", "k": 0, "label": sid})
        frames.append({"kind": "use_held", "use": "objective", "k": 0, "label": "objectives"})
    ctx.push(*frames)


def _score_item(ctx: Ctx, sid: str, iid: str) -> list[Frame]:
    rec = ctx.rules["deck_items"][iid]
    order = ctx.order()
    if rec.get("measure") and rec.get("majority"):
        for p, n in zip(order, majority(ctx, rec, order), strict=True):
            gain(ctx, p, ctx.index.currency, n, sid)
    if rec.get("score") is not None:
        for p in order:
            gain(ctx, p, ctx.index.currency, amount(ctx, rec["score"], p), sid)
    if rec.get("effect"):
        return [dict(effect_frame(["deck_items", iid, "effect"], p), label=sid) for p in order
                if holds(ctx, rec.get("condition"), p)]
    return []


def majority(ctx: Ctx, rec: dict[str, Any], order: list[int]) -> list[int]:
    """Money per player (in ``order``) from a majority tile: ``first`` to the most,
    ``second`` to the next unless first place is tied; nothing for 0."""
    measure = [total(ctx, rec["measure"], p) for p in order]
    first, second = num(rec["majority"]["first"]), num(rec["majority"]["second"])
    best = max(measure, default=0)
    out = [first if m == best and m > 0 else 0 for m in measure]
    rest = [m for m in measure if m < best and m > 0]
    if measure.count(best) == 1 and rest:
        out = [second if m == max(rest) else out[i] for i, m in enumerate(measure)]
    return out


def step_use_held(ctx: Ctx, f: Frame) -> None:
    """Each player in turn order: ``scoring`` items may be used one by one (a decision),
    then discarded; ``objective`` items whose condition holds score once."""
    order = ctx.order()
    if f["k"] >= len(order):
        ctx.pop(f)
        return
    p = order[f["k"]]
    pl = ctx.pl(p)
    usable = [i for i in pl["held"] if ctx.rules["deck_items"].get(i, {}).get("use") == f["use"]
              and holds(ctx, ctx.rules["deck_items"][i].get("condition"), p)]
    if not usable:
        f["k"] += 1
        return
    if f["use"] == "objective":
        chosen: Any = {"use": usable[0]}
    else:
        chosen = ctx.ask(f, "use", p, "use_card", f"player {p}: use a {f['use']} card",
                         [{"use": i} for i in dict.fromkeys(usable)] + [{"use": None}])
        if chosen is WAIT:
            return
    f.pop("tmp", None)
    if chosen["use"] is None:
        f["k"] += 1
        return
    _use(ctx, p, chosen["use"], f["label"])


def _use(ctx: Ctx, p: int, iid: str, label: str) -> None:
    pl, rec = ctx.pl(p), ctx.rules["deck_items"][iid]
    pl["held"].remove(iid)
    pl.setdefault("used_items", []).append(iid)
    gain(ctx, p, ctx.index.currency, amount(ctx, rec.get("score"), p), label)
    if rec.get("effect"):
        ctx.push(dict(effect_frame(["deck_items", iid, "effect"], p), label=label))


def step_score_items(ctx: Ctx, f: Frame) -> None:
    """Every player's held items of ``use`` score their ``score`` and resolve their
    ``effect`` (an end step, or a phase: e.g. a company tile's consolidation option)."""
    ctx.pop(f)
    use = ctx.lookup(f["ref"])["use"]
    frames: list[Frame] = []
    for p in ctx.order():
        for iid in list(ctx.pl(p)["held"]):
            rec = ctx.rules["deck_items"].get(iid) or {}
            if rec.get("use") != use or not holds(ctx, rec.get("condition"), p):
                continue
            label = str(rec.get("deck") or use)
            gain(ctx, p, ctx.index.currency, amount(ctx, rec.get("score"), p), label)
            if rec.get("effect"):
                frames.append(dict(effect_frame(["deck_items", iid, "effect"], p), label=label))
    ctx.push(*frames)


STEPS = {"section_scoring": step_section_scoring, "use_held": step_use_held,
         "score_items": step_score_items}
