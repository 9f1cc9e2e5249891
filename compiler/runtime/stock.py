"""Resource stock with a shared supply, a maximum, a ledger and replacements.

Resources may declare ``supply`` (a shared pool: gains come from it and stop when it is
empty, payments go back to it: batteries, CO2 tokens, H2 barrels), ``max`` (gains past
it are lost: the energy track "ranges from 0 to 14"), ``ledger`` (every change of the
player's stock is booked under a label, the rule that caused it: the score breakdown)
and ``debt`` (forced payments, e.g. paying back investors at the end, may go below 0).
A ``replacements`` record ``{instead_of: {gain: R}, effect, per_unit}`` lets the player
take, for any number of the units gained, its effect instead (once per unit).
Frames carry context keys the statements of these games use: ``slot`` ([row, index]
of the card being resolved), ``target`` (the space or column a statement acted on) and
``label`` (the ledger label); ``inherit`` copies them to child frames.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.params import effect_frame
from compiler.runtime.values import num

__all__ = ["CONTEXT", "child", "defer", "gain", "gain_with_replacements", "inherit", "label_of",
           "lose", "room_in_supply"]

CONTEXT = ("slot", "target", "label", "source_item")


def inherit(f: Frame) -> dict[str, Any]:
    """The context keys of frame ``f`` (for frames it pushes)."""
    return {k: f[k] for k in CONTEXT if k in f}


def child(f: Frame, ref: list[Any], player: int | None = None, **extra: Any) -> Frame:
    """An effect frame for ``ref`` that keeps ``f``'s player, card and context."""
    frame = effect_frame(ref, f["player"] if player is None else player, f.get("card"))
    frame.update(inherit(f))
    frame.update(extra)
    return frame


def defer(f: Frame, *frames: Frame) -> None:
    """Frames a statement sets off, run when the statement is done (before the next
    one): a statement that may still ask a decision must not push them at once, or the
    answer would go to them."""
    f.setdefault("deferred", []).extend(frames)


def label_of(ctx: Ctx, f: Frame | None) -> str:
    """The ledger label of what frame ``f`` resolves: its ``label``, the flow step's id,
    an item's pile, or the kind of record whose text it is."""
    if f is None:
        return "other"
    if f.get("label"):
        return str(f["label"])
    ref = f.get("ref") or []
    if ref[:1] in (["flow"], ["modules"]):
        node: Any = ctx.rules
        found = str(ref[0])
        for key in ref:
            node = node[key] if isinstance(node, dict | list) else None
            if isinstance(node, dict) and isinstance(node.get("id"), str):
                found = node["id"]
        return found
    if ref[:1] == ["tracks"] and len(ref) > 1:
        return str(ref[1])
    if ref[:1] == ["deck_items"] and len(ref) > 1:
        return str((ctx.rules["deck_items"].get(ref[1]) or {}).get("deck") or "items")
    return str(ref[0]) if ref else "other"


def room_in_supply(ctx: Ctx, res: str) -> int | None:
    """What is left in resource ``res``'s shared supply (None: no shared supply)."""
    rec = ctx.rules["resources"][res]
    if "supply" not in rec:
        return None
    return int(ctx.state["supply"].get(res, 0))


def gain(ctx: Ctx, p: int, res: str, n: int, label: str) -> int:
    """Player ``p`` gains up to ``n`` ``res`` (supply and max permitting); returns how
    many were gained."""
    rec = ctx.rules["resources"][res]
    stock = ctx.pl(p)["stock"]
    left = room_in_supply(ctx, res)
    if left is not None:
        n = min(n, left)
    if rec.get("max") is not None:
        n = min(n, max(0, num(rec["max"]) - stock[res]))
    n = max(0, n)
    stock[res] += n
    if left is not None:
        ctx.state["supply"][res] -= n
    _book(ctx, p, res, n, label)
    return n


def lose(ctx: Ctx, p: int, res: str, n: int, label: str, force: bool = False) -> int:
    """Player ``p`` pays ``n`` ``res`` (what they have; below 0 only when ``force`` and the
    resource allows ``debt``); payments go back to a shared supply. Returns the amount."""
    rec = ctx.rules["resources"][res]
    stock = ctx.pl(p)["stock"]
    if not (force and rec.get("debt")):
        n = min(n, max(0, stock[res]))
    stock[res] -= n
    if "supply" in rec:
        ctx.state["supply"][res] = ctx.state["supply"].get(res, 0) + max(0, n)
    _book(ctx, p, res, -n, label)
    return n


def _book(ctx: Ctx, p: int, res: str, n: int, label: str) -> None:
    if n and ctx.rules["resources"][res].get("ledger"):
        ledger = ctx.pl(p).setdefault("ledger", {})
        ledger[label] = ledger.get(label, 0) + n


def _replacements(ctx: Ctx, res: str) -> list[str]:
    return [rid for rid, r in (ctx.rules.get("replacements") or {}).items()
            if (r.get("instead_of") or {}).get("gain") == res]


def gain_with_replacements(ctx: Ctx, f: Frame, res: str, n: int) -> bool:
    """Gain ``n`` ``res`` for frame ``f``'s player, offering each replacement for any
    number of the units (a decision). False while waiting for the answer."""
    p = f["player"]
    reps = _replacements(ctx, res) if n > 0 else []
    pushes: list[Frame] = []
    for rid in reps:
        ans = ctx.ask(f, f"instead:{rid}", p, "replace",
                      f"how many {res} to take as '{rid}' instead (0-{n})",
                      [{"instead": k} for k in range(n + 1)])
        if ans is WAIT:
            return False
        k = int(ans["instead"])
        n -= k
        rep = ctx.rules["replacements"][rid]
        units = k if rep.get("per_unit", True) else min(k, 1)
        pushes += [child(f, ["replacements", rid, "effect"], units=k) for _ in range(units)]
    gain(ctx, p, res, n, label_of(ctx, f))
    defer(f, *pushes)
    return True
