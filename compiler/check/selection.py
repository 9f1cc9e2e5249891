"""One chosen selection of modules: what ``rulesc build --modules`` and ``play`` switch on.

``check_selection(source, modules, players)``: a requirement left off (R023, at the
``requires`` entry), two modules that conflict (R024, at the ``conflicts`` entry, the other
module related), a player count outside a module's or the game's range, or a module the
player count needs left off (R025).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from compiler.check.module_index import Index, UnknownModule, index_of, player_range, show_range
from compiler.diagnostics import Diagnostic, Span, did_you_mean

__all__ = ["UnknownModule", "check_selection"]


def check_selection(source: Any, modules: Iterable[str], players: int | None = None
                    ) -> list[Diagnostic]:
    """R023 missing requirement, R024 conflict, R025 player count, for one selection.

    ``source``: the game's documents (or a ``Compilation``), or its IR. Raises
    UnknownModule for an id the game does not declare.
    """
    idx = index_of(source)
    wanted = list(dict.fromkeys(modules))
    for mid in wanted:
        if mid not in idx.modules:
            known = ", ".join(idx.modules) or "none"
            hint = did_you_mean(mid, idx.modules)
            raise UnknownModule(f"unknown module '{mid}' (this game has: {known})"
                                + (f"; {hint}" if hint else ""))
    sel = idx.ordered(wanted)
    out: list[Diagnostic] = []
    for mid in sel:
        mod = idx.modules[mid]
        for j, req in mod.ids("requires"):
            if req not in sel:
                related = (idx.modules[req].at(("id",)),) if req in idx.modules else ()
                out.append(Diagnostic(mod.at(("requires", j)), "R023", f"module '{mid}' "
                                      f"requires '{req}', which is not switched on",
                                      hint=f"switch '{req}' on too, or leave '{mid}' off"
                                      + _cited(mod.rec),
                                      related=related))
    out.extend(_selection_conflicts(idx, sel))
    if players is not None:
        out.extend(_selection_players(idx, sel, players))
    return out


def _cited(rec: dict[str, Any]) -> str:
    """`` (rulebook: section)`` for a module record that cites one."""
    src = rec.get("source")
    section = src.get("section") if isinstance(src, dict) else None
    return f" (rulebook: {section})" if section else ""


def _selection_conflicts(idx: Index, sel: list[str]) -> list[Diagnostic]:
    out = []
    done: set[frozenset[str]] = set()
    for mid, j, other in idx.conflicts(sel):
        pair = frozenset((mid, other))
        if pair in done:
            continue
        done.add(pair)
        back = [k for k, c in idx.modules[other].ids("conflicts") if c == mid]
        related = idx.modules[other].at(("conflicts", back[0]) if back else ("id",))
        out.append(Diagnostic(idx.modules[mid].at(("conflicts", j)), "R024",
                              f"modules '{mid}' and '{other}' conflict: they cannot be on "
                              "together", hint=f"leave '{mid}' or '{other}' off",
                              related=(related,)))
    return out


def _selection_players(idx: Index, sel: list[str], players: int) -> list[Diagnostic]:
    out = []
    lo, hi = idx.players
    if players < lo or (hi is not None and players > hi):
        span = idx.players_span or Span("game.yaml")
        out.append(Diagnostic(span, "R025", f"the game is for {show_range(idx.players)}, "
                              f"not {players}", hint="choose a player count the "
                              "game allows"))
    for mid in sel:
        rec = idx.modules[mid].rec.get("players")
        if not isinstance(rec, dict):
            continue
        mlo, mhi = player_range(rec)
        if players < mlo or (mhi is not None and players > mhi):
            out.append(Diagnostic(idx.modules[mid].key_at(("players",)), "R025",
                                  f"module '{mid}' is for {show_range((mlo, mhi))}, "
                                  f"not {players}", hint=f"leave '{mid}' off for "
                                  f"{players} player{'' if players == 1 else 's'}"))
    for mid, mod in idx.modules.items():
        need = mod.rec.get("required_for_players")
        if mid not in sel and isinstance(need, dict) and _within(players, player_range(need)):
            out.append(Diagnostic(mod.key_at(("required_for_players",)), "R025",
                                  f"a {players}-player game needs module '{mid}'",
                                  hint=f"switch '{mid}' on (--modules {mid})"))
    return out


def _within(n: int, limits: tuple[int, int | None]) -> bool:
    return limits[0] <= n and (limits[1] is None or n <= limits[1])
