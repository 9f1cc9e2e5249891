"""Marker tracks: markers moved along spaces with printed values and rules.

A track record (player or game scope) may give ``values`` (money on each space, index
= space), ``locks [{at, open}]`` (the marker stops before space ``at`` while condition
``open`` fails: "stopping before any locked income threshold"), ``rewards [{at,
effect}]`` (first arrival: "A marker's first arrival at a dark-green threshold gains you
a specialist card"), ``entry`` (the marker starts off the board, -1; its first move puts
it on space ``entry``: the nature reserve marker "in the $1 column"), ``exclusive_with``
(another marker of the same player whose space is skipped: "ignore any space with the
other marker and continue"), ``limit`` (a measure the marker may not pass), ``spaces
[{at, <column>: effect}]`` (effects fired on entering a space; ``advance ... using
<column>`` picks the column), ``fill {pair, bonuses}`` (a bonus on entering a level when
the paired marker is at that level or further up), ``top`` (reaching the last space is
scored at the end of the turn, see ``deliver``), ``sides`` (value tables, one chosen at
random at setup). Markers of one ``group`` are named together.
"""

from __future__ import annotations

from compiler.runtime.context import Ctx, Frame
from compiler.runtime.counts import holds, total
from compiler.runtime.stock import gain, lose
from compiler.runtime.values import num, table

__all__ = ["advance", "collect", "group", "position", "retreat", "set_position",
           "track_values", "worth"]


def group(ctx: Ctx, name: str) -> list[str]:
    """Track ids of group ``name`` (or ``[name]`` for a track id)."""
    if name in ctx.rules["tracks"]:
        return [name]
    return [t for t, r in ctx.rules["tracks"].items() if r.get("group") == name]


def _is_game(ctx: Ctx, tid: str) -> bool:
    return ctx.rules["tracks"][tid].get("scope") == "game"


def position(ctx: Ctx, p: int | None, tid: str) -> int:
    if _is_game(ctx, tid):
        return int(ctx.state["game_tracks"][tid])
    return int(ctx.pl(p)["tracks"][tid]) if p is not None else 0


def set_position(ctx: Ctx, p: int | None, tid: str, pos: int) -> None:
    if _is_game(ctx, tid):
        ctx.state["game_tracks"][tid] = pos
    elif p is not None:
        ctx.pl(p)["tracks"][tid] = pos


def track_values(ctx: Ctx, tid: str) -> list[int]:
    """The value table in use (the side chosen at setup, for a track with ``sides``)."""
    rec = ctx.rules["tracks"][tid]
    if rec.get("sides"):
        side = ctx.state.get("sides", {}).get(tid, 0)
        return table(rec["sides"][side])
    return table(rec.get("values"))


def worth(ctx: Ctx, p: int | None, tid: str) -> int:
    """The money value of the space the marker is on (0 off the board or unpriced)."""
    pos = position(ctx, p, tid)
    values = track_values(ctx, tid)
    return values[pos] if 0 <= pos < len(values) else 0


def _top(ctx: Ctx, tid: str) -> int:
    rec = ctx.rules["tracks"][tid]
    if rec.get("max") is not None:
        return num(rec["max"])
    values = track_values(ctx, tid)
    return len(values) - 1 if values else 10 ** 6


def _blocked(ctx: Ctx, p: int | None, tid: str, old: int, new: int) -> bool:
    rec = ctx.rules["tracks"][tid]
    if new > _top(ctx, tid):
        return True
    for lock in rec.get("locks") or []:
        if old < num(lock["at"]) <= new and not holds(ctx, lock["open"], p):
            return True
    return rec.get("limit") is not None and new > total(ctx, rec["limit"], p)


def _next(ctx: Ctx, p: int | None, tid: str, pos: int, step: int) -> int:
    """The next space forward (+1) or back (-1), skipping the exclusive marker's space."""
    rec = ctx.rules["tracks"][tid]
    nxt = num(rec["entry"]) if pos < 0 and step > 0 and "entry" in rec else pos + step
    other = rec.get("exclusive_with")
    while other and p is not None and nxt >= 0 and nxt == position(ctx, p, other):
        nxt += step
    return nxt


def can_advance(ctx: Ctx, p: int | None, tid: str) -> bool:
    pos = position(ctx, p, tid)
    return not _blocked(ctx, p, tid, pos, _next(ctx, p, tid, pos, 1))


def advance(ctx: Ctx, p: int | None, tid: str, k: int, actor: int | None,
            using: str | None = None) -> list[Frame]:
    """Move the marker up to ``k`` spaces forward; returns the frames of what entering
    the spaces gives to ``actor`` (space effects, fill bonuses, first-arrival rewards)."""
    frames: list[Frame] = []
    pos = position(ctx, p, tid)
    for _ in range(max(0, k)):
        nxt = _next(ctx, p, tid, pos, 1)
        if _blocked(ctx, p, tid, pos, nxt):
            break
        pos = nxt
        set_position(ctx, p, tid, pos)
        frames += _entered(ctx, p, tid, pos, actor, using)
    return frames


def _entered(ctx: Ctx, p: int | None, tid: str, pos: int, actor: int | None,
             using: str | None) -> list[Frame]:
    from compiler.runtime.params import effect_frame

    rec = ctx.rules["tracks"][tid]
    out: list[Frame] = []
    column = using or "effect"
    for i, sp in enumerate(rec.get("spaces") or []):
        if num(sp["at"]) == pos and column in sp:
            out.append(effect_frame(["tracks", tid, "spaces", i, column], actor))
    out += _fill(ctx, tid, pos, actor)
    if p is not None and not _is_game(ctx, tid):
        reached = ctx.pl(p).setdefault("reached", {}).setdefault(tid, [])
        for i, rw in enumerate(rec.get("rewards") or []):
            if num(rw["at"]) == pos and pos not in reached:
                reached.append(pos)
                out.append(effect_frame(["tracks", tid, "rewards", i, "effect"], p))
    if rec.get("top") and pos >= _top(ctx, tid):
        ctx.state.setdefault("end_of_turn", []).append({"kind": "track_top", "track": tid})
    return out


def _fill(ctx: Ctx, tid: str, pos: int, actor: int | None) -> list[Frame]:
    from compiler.runtime.params import effect_frame

    fill = ctx.rules["tracks"][tid].get("fill")
    if not fill or actor is None or position(ctx, actor, fill["pair"]) < pos:
        return []
    owner = tid if fill.get("bonuses") else fill["pair"]
    bonuses = ctx.rules["tracks"][owner]["fill"].get("bonuses") or []
    return [effect_frame(["tracks", owner, "fill", "bonuses", i, "effect"], actor)
            for i, b in enumerate(bonuses) if num(b["at"]) == pos]


def retreat(ctx: Ctx, p: int | None, tid: str, k: int) -> None:
    """Move the marker back up to ``k`` spaces (not below space 0)."""
    pos = position(ctx, p, tid)
    for _ in range(max(0, k)):
        nxt = _next(ctx, p, tid, pos, -1)
        if nxt < 0 or pos < 0:
            break
        pos = nxt
    set_position(ctx, p, tid, pos)


def collect(ctx: Ctx, p: int, tid: str, label: str) -> int:
    """Player ``p`` gains the money of the marker's space; returns it."""
    return gain(ctx, p, ctx.index.currency, worth(ctx, p, tid), label)


def step_track_top(ctx: Ctx, f: Frame) -> None:
    """A marker reached the top of its track (``top``): every player scores side
    ``side`` of the top item of pile ``pile`` by their ``measure`` (a payout table, index
    = amount held), returns that resource to its supply, and the marker goes back to
    space 0 (Project Verne, H2 Delivery Scoring)."""
    ctx.pop(f)
    tid = f["track"]
    top = ctx.rules["tracks"][tid]["top"]
    shown = ctx.state["display"].get(top["pile"]) or []
    if shown:
        payout = table((ctx.rules["deck_items"][shown[0]].get("payout") or {}).get(top["side"]))
        for p in ctx.order():
            held = ctx.pl(p)["stock"][top["measure"]]
            if payout and held > 0:
                gain(ctx, p, top["gain"], payout[min(held, len(payout) - 1)], top["pile"])
        if top.get("discard"):
            shown.pop(0)
    for p in ctx.order():
        lose(ctx, p, top["measure"], ctx.pl(p)["stock"][top["measure"]], tid)
    set_position(ctx, None, tid, 0)


