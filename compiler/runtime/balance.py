"""The ``balance`` step: compare two measures per player; a surplus gives an effect, a
shortfall is paid unit by unit, and what cannot be paid moves a marker back.

Rulebook (Project Verne, "Step 0: Wind Farm Maintenance"): "Count the green arrows on
standard and remote contracts on your grid board; ignore solar contracts. If the count
is zero, proceed ... Otherwise, count the building sites on the game board with at
least one wind farm of your color. If you have higher wind farm building sites than
green arrows, gain 2 energy. If there is a tie, do nothing. If you count more green
arrows than wind farm building sites, pay 1 energy or battery for each arrow in excess
... If you don't have enough energy/batteries, you may move your rightmost income marker
back one step for each missing energy/battery. If there is a tie, you may choose which
tied income marker to move back. If you need to move more than one space, move just one
of the markers." Step fields: ``measure`` (wind farm sites), ``against`` (arrows; 0:
nothing happens), ``surplus`` (effect), ``pay`` (resources, one unit per excess),
``missing`` (marker group: its rightmost marker moves back once per unit not paid).
"""

from __future__ import annotations

from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.counts import total
from compiler.runtime.markers import group, position, retreat
from compiler.runtime.params import effect_frame
from compiler.runtime.stock import label_of, lose

__all__ = ["step_balance"]


def step_balance(ctx: Ctx, f: Frame) -> None:
    """One player at a time (turn order); decisions for each unit paid and the marker."""
    step = ctx.lookup(f["ref"])
    order = ctx.order()
    f.setdefault("k", 0)
    if f["k"] >= len(order):
        ctx.pop(f)
        return
    p = order[f["k"]]
    against, have = total(ctx, step["against"], p), total(ctx, step["measure"], p)
    if against == 0 or against == have:
        _next(f)
        return
    if have > against:
        _next(f)
        ctx.push(dict(effect_frame(f["ref"] + ["surplus"], p), label=step["id"]))
        return
    if not _pay_units(ctx, f, p, step, against - have):
        return
    if f.get("missing") and not _move_back(ctx, f, p, step["missing"], f["missing"]):
        return
    _next(f)


def _next(f: Frame) -> None:
    f["k"] += 1
    for key in ("unit", "missing", "tmp"):
        f.pop(key, None)


def _pay_units(ctx: Ctx, f: Frame, p: int, step: dict, excess: int) -> bool:
    while f.get("unit", 0) < excess:
        unit = f.get("unit", 0)
        opts = [{"pay": r} for r in step.get("pay") or [] if ctx.pl(p)["stock"][r] >= 1]
        if not opts:
            f["missing"] = excess - unit
            f["unit"] = excess
            return True
        ans = ctx.ask(f, f"unit{unit}", p, "payment", f"pay for excess {unit + 1} of {excess}",
                      opts)
        if ans is WAIT:
            return False
        lose(ctx, p, ans["pay"], 1, label_of(ctx, f))
        f["unit"] = unit + 1
    return True


def _move_back(ctx: Ctx, f: Frame, p: int, name: str, steps: int) -> bool:
    tracks = group(ctx, name)
    far = max(position(ctx, p, t) for t in tracks)
    tied = [t for t in tracks if position(ctx, p, t) == far]
    ans = ctx.ask(f, "marker", p, "marker", f"which marker moves back {steps}",
                  [{"track": t} for t in tied])
    if ans is WAIT:
        return False
    retreat(ctx, p, ans["track"], steps)
    return True


STEPS = {"balance": step_balance}
