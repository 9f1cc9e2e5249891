"""Trial answers kept between decisions while everything they read is unchanged.

Listing a decision's options tries each (``choose.trial``); most answers are the same
at the next decision (a project stays legal while its player's stock and the board it
reads are the same). ``trial`` keeps an answer by the option's body, its binding and the
environment, with every state entry the run read (``(None, entry)`` of the game,
``(p, entry)`` of player ``p``, ``(at, ALL)``: the whole mapping) and that entry's value
then (``repr``: exact for JSON data, ``True`` is not ``1``); it answers again only when
every one is still the same. Reads are found by running the trial on a view of the state
(``Reads``: the same values, its own mappings for the state and each player, every key
looked up noted), with the expressions' kept values (``ctx.memo``) set aside, so a read
is never hidden by a value kept before. A random draw reads ``rng_uses``, a hidden card
its entry, the acting player is in the environment. Trials cut short (budget, depth)
are not kept. The compiled engine only: the interpreter stays the oracle (the
differential test compares both).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.runtime.ctx import MISSING, Ctx

__all__ = ["trial"]

ALL = "*"
FRESH = ("", "")
"""A read of a value the trial wrote (``Reads``), noted so that ``memo`` keeps no reads
that depend on the trial."""
ENV = "E"
"""The place of a name of the environment the option is tried in: ``(ENV, name)``."""
KERNEL = frozenset(("pending", "stack", "players"))
"""The kernel's own entries of the state: no rule reads them (``players``: the seats'
list, the same all game; each seat's mapping is watched)."""
SIZE = 20_000
EACH = 8
"""Answers kept per option: the latest, one per combination of the values it read."""
Run = Callable[[Ctx, dict[str, Any], dict[str, Any]], bool]


class Reads(dict):  # type: ignore[type-arg]
    """A trial's view of a state mapping (or the environment): every key read is added to
    ``seen`` as ``(at, key)``, unless the trial wrote it first (``fresh``: ``FRESH`` is
    added; an undone write leaves it: read again, it is noted)."""

    __slots__ = ("at", "seen", "fresh", "mark")
    at: Any
    mark: Any
    seen: list[Any]
    fresh: set[Any]

    def get(self, key: Any, default: Any = None) -> Any:
        self.seen.append((self.at, key) if key not in self.fresh else self.mark)
        return dict.get(self, key, default)

    def __getitem__(self, key: Any) -> Any:
        self.seen.append((self.at, key) if key not in self.fresh else self.mark)
        return dict.__getitem__(self, key)

    def __contains__(self, key: Any) -> bool:
        self.seen.append((self.at, key) if key not in self.fresh else self.mark)
        return dict.__contains__(self, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        self.fresh.add(key)
        dict.__setitem__(self, key, value)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if not self.__contains__(key):
            self[key] = default
        return dict.__getitem__(self, key)

    def pop(self, key: Any, *default: Any) -> Any:
        self.seen.append((self.at, key) if key not in self.fresh else self.mark)
        self.fresh.add(key)
        return dict.pop(self, key, *default)

    def restore(self, key: Any, old: Any) -> None:
        """The undo of a write of ``key`` (``old``: MISSING when it was absent)."""
        self.fresh.discard(key)
        if old is MISSING:
            dict.pop(self, key, None)
        else:
            dict.__setitem__(self, key, old)

    def _whole(self) -> None:
        self.seen.append((self.at, ALL))

    def keys(self) -> Any:
        self._whole()
        return dict.keys(self)

    def values(self) -> Any:
        self._whole()
        return dict.values(self)

    def items(self) -> Any:
        self._whole()
        return dict.items(self)

    def __iter__(self) -> Any:
        self._whole()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._whole()
        return dict.__len__(self)

    def __eq__(self, other: object) -> bool:
        self._whole()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self._whole()
        return dict.__ne__(self, other)

    def copy(self) -> dict[Any, Any]:
        self._whole()
        return dict(dict.items(self))

    __hash__ = None  # type: ignore[assignment]


def view(mapping: dict[str, Any], at: Any, seen: list[Any]) -> Reads:
    """A ``Reads`` of ``mapping`` (a copy: writes to it stay in the view)."""
    view = Reads(dict.items(mapping))
    view.at, view.seen, view.fresh = at, seen, set()
    view.mark = None if at == ENV else FRESH  # a name a kept value read is in its key
    return view


def extend(env: dict[str, Any], names: dict[str, Any]) -> dict[str, Any]:
    """``{**env, **names}``, a ``Reads`` that notes the same reads when ``env`` is one."""
    if type(env) is not Reads:
        return {**env, **names}
    out = view(env, env.at, env.seen)
    out.fresh, out.mark = env.fresh | names.keys(), env.mark
    dict.update(out, names)
    return out


def tracked(ctx: Ctx, env: dict[str, Any]) -> dict[str, Any]:
    """The environment of a trial: a ``Reads`` of it in the run ``trial`` watches."""
    return env if ctx.track is None or ctx.journal is not None else view(env, ENV, ctx.track)


def trial(ctx: Ctx, body: dict[str, Any], binding: dict[str, Any], run: Run) -> bool:
    """``run(ctx, body, binding)`` (``choose.trial``), or its answer kept from an earlier
    run that read the same values (see the module docstring). Outside a trial only."""
    try:
        key = (body["id"], repr(binding))
    except Exception:  # noqa: BLE001 - a value without a faithful repr: not kept
        return run(ctx, body, binding)
    kept = ctx.kept.get(key)
    for answer, reads in kept or ():
        if all(_now(ctx, place) == text for place, text in reads):
            return bool(answer)
    seen: list[Any] = []
    state = ctx.state
    top = view(state, None, seen)
    dict.__setitem__(top, "players", [view(pl, p, seen) for p, pl in enumerate(state["players"])])
    ctx.state, ctx.track = top, seen
    try:
        answer = run(ctx, body, binding)
    finally:
        ctx.state, ctx.track = state, None
    if not ctx.cut:
        if kept is None:
            if len(ctx.kept) >= SIZE:
                ctx.kept.clear()
            kept = ctx.kept[key] = []
        elif len(kept) >= EACH:
            del kept[0]
        kept.append((answer, tuple((place, _now(ctx, place)) for place in set(seen)
                                   if place is not FRESH and place is not None and
                                   _counts(place, binding))))
    return answer


def memo(ctx: Ctx, table: dict[Any, Any], key: Any, compute: Callable[[], Any],
         hit: Any, none: Any) -> Any:
    """``exports.MEMO`` in a watched trial: a value kept (``hit``, else ``none``) is used
    with the reads it was computed with (``Ctx.reads``), found again when not known (or
    when it read what the trial wrote: ``FRESH``), so no read is hidden."""
    seen = ctx.track
    assert seen is not None
    reads = ctx.reads.get(key)
    if hit is not none and reads is not None:
        seen.extend(reads)
        return hit
    mark = len(seen)
    value = compute()
    if FRESH not in (reads := seen[mark:]):
        if len(ctx.reads) >= SIZE:
            ctx.reads.clear()
        ctx.reads[key] = tuple(set(reads))
    if hit is none:
        if len(table) >= SIZE:
            table.clear()
        table[key] = value
    return value if hit is none else hit


def zones(ctx: Ctx) -> None:
    """Note the reads of ``reactions.active_records`` (a list of them kept by versions)."""
    seen = ctx.track
    assert seen is not None
    count = len(ctx.state["players"])
    for scope, entry, _ in ctx.index.zones:
        seen.extend([(p, entry) for p in range(count)] if scope == "player" else [(None, entry)])


def _counts(place: tuple[Any, Any], binding: dict[str, Any]) -> bool:
    """Whether a read is one the answer depends on beyond the key (not the kernel's own
    entries, not a name of the binding)."""
    at, key = place
    return key not in KERNEL if at is None else key not in binding if at == ENV else True


def _now(ctx: Ctx, place: tuple[int | None, Any]) -> Any:
    """The text of state entry ``place`` now, found once per listing (``ctx.now``, emptied
    by ``choose.options``: the trials leave the state as it was)."""
    text = ctx.now.get(place)
    if text is None:
        at, key = place
        holder = ctx.state if at is None else ctx.env() if at == ENV else \
            ctx.state["players"][at]
        value = holder if key == ALL else holder.get(key, MISSING)
        try:
            text = "\0" if value is MISSING else repr(value)
        except Exception:  # noqa: BLE001 - never equal: the answer is found again
            text = object()
        ctx.now[place] = text
    return text
