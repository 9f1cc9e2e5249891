"""Module composition: switch variants and expansions on by changing rules data by id.

``compose(rules, modules, players)`` is pure: it returns a new rules dict (the IR with
the modules applied) and never touches its argument. A module record (modules.yaml) may
hold ``requires``/``conflicts`` (module ids), ``players {min,max}``, ``tracks {id:
{start}}``, ``round_limit``, ``disable [milestones|awards]``, ``cards: include`` and
``setup``/``phases`` changes ``{remove: [ids], replace: [steps], add: [steps with after]}``.
Rulebook: "Le varianti" (Era aziendale, Variante in solitario, Variante bozza).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from compiler.runtime.compose_records import compose_records
from compiler.runtime.errors import RulesError

__all__ = ["compose"]

Rules = dict[str, Any]


def compose(rules: Rules, modules: Iterable[str], players: int | None = None) -> Rules:
    """The rules with ``modules`` switched on, in data order, each after those it requires.

    ``rules["active_modules"]`` names them; ``rules["flow"]["round_limit"]`` is the
    smallest module round limit (absent: no limit). With ``players`` given, each
    module's player range is checked too.

    Raises RulesError naming the module for an unknown module, a missing requirement,
    a conflict between two chosen modules, or a player count out of the module's range.
    (A module the player count needs is checked by ``needed_modules``, at game setup.)
    """
    if rules.get("core"):  # a game in the core language runs on compiler.kernel
        from compiler.kernel import compose as core_compose

        return core_compose(rules, modules, players)
    known: dict[str, Any] = rules.get("modules") or {}
    chosen = _ordered(known, modules)
    for mid in chosen:
        _check(known[mid], chosen, players)
    out = copy.deepcopy(rules)
    out.setdefault("flow", {})
    for mid in chosen:
        _apply(out, known[mid])
    _filter_cards(out, chosen, known)
    compose_records(out, chosen, known, players, _change_steps)
    out["active_modules"] = chosen
    return out


def needed_modules(rules: Rules, modules: Iterable[str], players: int) -> None:
    """Raise RulesError when a module whose ``required_for_players`` range holds
    ``players`` is left off (the solo variant for one player: "Variante in solitario")."""
    chosen = set(modules)
    for mid, module in (rules.get("modules") or {}).items():
        need = module.get("required_for_players")
        if mid not in chosen and need and _in_range(players, need):
            raise RulesError(f"a {players}-player game needs module '{mid}' "
                             f"(--modules {mid})")


def _ordered(known: dict[str, Any], modules: Iterable[str]) -> list[str]:
    """The chosen modules in data order, each after the modules it requires."""
    wanted = list(dict.fromkeys(modules))
    for mid in wanted:
        if mid not in known:
            names = ", ".join(known) or "none"
            raise RulesError(f"unknown module '{mid}' (this game has: {names})")
    out: list[str] = []
    for mid in (m for m in known if m in wanted):
        _place(mid, known, wanted, out, ())
    return out


def _place(mid: str, known: dict[str, Any], wanted: list[str], out: list[str],
           seen: tuple[str, ...]) -> None:
    if mid in out or mid in seen:  # placed, or a cycle (reported by `rulesc check`)
        return
    for req in known[mid].get("requires") or []:
        if req in wanted:
            _place(req, known, wanted, out, seen + (mid,))
    out.append(mid)


def _check(module: dict[str, Any], chosen: list[str], players: int | None) -> None:
    mid = module["id"]
    for req in module.get("requires") or []:
        if req not in chosen:
            raise RulesError(f"module '{mid}' requires module '{req}'")
    for other in module.get("conflicts") or []:
        if other in chosen:
            raise RulesError(f"module '{mid}' conflicts with module '{other}'")
    limits = module.get("players") or {}
    if players is not None and not _in_range(players, limits):
        raise RulesError(f"module '{mid}' is for {_range_text(limits)}, not {players}")


def _range_text(limits: dict[str, Any]) -> str:
    """``1 player``, ``2-4 players``, ``2 or more players``."""
    low, high = limits.get("min", 1), limits.get("max")
    if high is None:
        return f"{low} or more players"
    return f"{low} player" if low == high == 1 else \
        f"{low} players" if low == high else f"{low}-{high} players"


def _in_range(n: int, limits: dict[str, Any]) -> bool:
    return limits.get("min", n) <= n <= limits.get("max", n)


def _apply(rules: Rules, module: dict[str, Any]) -> None:
    for tid, change in (module.get("tracks") or {}).items():
        if tid not in rules.get("tracks", {}):
            raise RulesError(f"module '{module['id']}' changes track '{tid}', which the "
                             "rules do not have")
        rules["tracks"][tid] = {**rules["tracks"][tid], **change}
    if module.get("round_limit") is not None:
        old = rules["flow"].get("round_limit")
        limit = int(module["round_limit"])
        rules["flow"]["round_limit"] = limit if old is None else min(old, limit)
    for kind in module.get("disable") or []:
        rules[kind] = {}
    for section in ("setup", "phases"):
        if module.get(section):
            rules["flow"][section] = _change_steps(rules["flow"].get(section) or [],
                                                   module[section], module["id"])


def _change_steps(steps: list[dict[str, Any]], change: dict[str, Any],
                  mid: str) -> list[dict[str, Any]]:
    """Steps after ``remove``, then ``replace`` (same id), then ``add`` (``after`` an id)."""
    removed = set(change.get("remove") or [])
    out = [s for s in steps if s.get("id") not in removed]
    for new in change.get("replace") or []:
        idx = _index(out, new["id"], mid)
        out[idx] = copy.deepcopy(new)
    for new in change.get("add") or []:
        step = {k: v for k, v in copy.deepcopy(new).items() if k not in ("after", "before")}
        pos = _index(out, new["after"], mid) + 1 if new.get("after") else len(out)
        if new.get("before"):
            pos = _index(out, new["before"], mid)
        out.insert(pos, step)
    return out


def _index(steps: list[dict[str, Any]], sid: str, mid: str) -> int:
    for i, s in enumerate(steps):
        if s.get("id") == sid:
            return i
    raise RulesError(f"module '{mid}' changes step '{sid}', which the flow does not have")


def _filter_cards(rules: Rules, chosen: list[str], known: dict[str, Any]) -> None:
    """Keep base cards and the cards of switched-on modules that say ``cards: include``."""
    including = {m for m in chosen if known[m].get("cards") == "include"}
    rules["cards"] = {cid: c for cid, c in (rules.get("cards") or {}).items()
                      if c.get("module") is None or c["module"] in including}
