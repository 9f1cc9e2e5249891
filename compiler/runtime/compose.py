"""Module composition: the rules with a selection of modules switched on.

``compose(rules, modules, players)`` returns new rules (shared, read-only; composed once
per selection and reused) and never changes its argument. A module record may hold
``requires``/``conflicts`` (module ids), ``players {min, max}``, ``removes [ids]``,
``replaces [{id, by}]`` (record ``id`` of ``by``'s kind leaves), ``changes [{kind, id,
set}]``, ``disable [kinds]``, ``round_limit`` (the game ends after that many rounds) and
step changes ``setup``/``phases``/``end_steps``: ``{remove: [ids], replace: [steps],
add: [steps with after: or before: id]}``. Records with ``module: M`` exist only while M
is on; records with ``players {min, max}`` only for that player count.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from compiler.runtime.errors import RulesError
from compiler.runtime.lazy import LazyTable

__all__ = ["compose", "needed_modules", "ordered_modules", "players_text"]

Rules = dict[str, Any]
_CACHE: dict[tuple[int, tuple[str, ...], int | None], tuple[Rules, Rules]] = {}


def compose(rules: Rules, modules: Iterable[str], players: int | None = None) -> Rules:
    """The rules with ``modules`` on (``active_modules`` names them, in data order).

    Raises RulesError naming the module for an unknown module, a missing requirement,
    two conflicting modules, or a player count out of a module's range (or the game's).
    """
    limits = (rules.get("game") or {}).get("players") or {}
    if players is not None and not limits.get("min", 1) <= players <= limits.get("max", players):
        raise RulesError(f"this game is for {players_text(limits.get('min', 1), limits.get('max'))}"
                         f", not {players}")
    known = _modules(rules)
    chosen = ordered_modules(known, modules)
    for mid in chosen:
        _check(known[mid], chosen, players)
    key = (id(rules), tuple(chosen), players)
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not rules:
        if len(_CACHE) > 64:
            _CACHE.clear()
        hit = _CACHE[key] = (rules, _compose(rules, known, chosen, players))
    return hit[1]


def _modules(rules: Rules) -> dict[str, Any]:
    return (rules.get("records") or {}).get("modules") or {}


def needed_modules(rules: Rules, modules: Iterable[str], players: int) -> None:
    """Raise RulesError when a module whose ``required_for_players`` range holds
    ``players`` is left off."""
    chosen = set(modules)
    for mid, module in _modules(rules).items():
        need = module.get("required_for_players")
        if mid not in chosen and need and _in_range(players, need):
            raise RulesError(f"a {players}-player game needs module '{mid}' "
                             f"(--modules {mid})")


def ordered_modules(known: dict[str, Any], modules: Iterable[str]) -> list[str]:
    """The chosen modules in data order, each after the modules it requires."""
    wanted = list(dict.fromkeys(modules))
    for mid in wanted:
        if mid not in known:
            raise RulesError(f"unknown module '{mid}' (this game has: "
                             f"{', '.join(known) or 'none'})")
    out: list[str] = []

    def place(mid: str, seen: tuple[str, ...]) -> None:
        if mid in out or mid in seen:
            return
        for req in known[mid].get("requires") or []:
            if req in wanted:
                place(req, seen + (mid,))
        out.append(mid)

    for mid in (m for m in known if m in wanted):
        place(mid, ())
    return out


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
        span = players_text(limits.get("min", 1), limits.get("max"))
        raise RulesError(f"module '{mid}' is for {span}, not {players}")


def players_text(low: Any, high: Any) -> str:
    """``2-4 players``, ``1 player``, ``5 or more players``."""
    if high is None:
        return f"{low} or more players"
    return f"{low} player{'s' if low != 1 else ''}" if low == high else f"{low}-{high} players"


def _in_range(n: int, limits: dict[str, Any]) -> bool:
    return _num(limits.get("min", n)) <= n <= _num(limits.get("max", n))


def _num(v: Any) -> int:
    return int(v["provisional"]) if isinstance(v, dict) else int(v)


def _compose(rules: Rules, known: dict[str, Any], chosen: list[str],
             players: int | None) -> Rules:
    out = dict(rules)
    gone: set[str] = set()
    swapped: set[tuple[str, str]] = set()
    disabled: set[str] = set()
    for mid in chosen:
        module = known[mid]
        gone |= set(module.get("removes") or [])
        disabled |= set(module.get("disable") or [])
        for rep in module.get("replaces") or []:
            for kind, table in rules["records"].items():
                if rep["by"] in table:
                    swapped.add((kind, rep["id"]))
    records: dict[str, Any] = {}
    for kind, table in rules["records"].items():

        def keep(rid: str, rec: Any, kind: str = kind) -> bool:
            return rid not in gone and (kind, rid) not in swapped \
                and not _off(rec, chosen, players)

        records[kind] = {} if kind in disabled else table.select(keep) \
            if isinstance(table, LazyTable) else \
            {rid: rec for rid, rec in table.items() if keep(rid, rec)}
    for mid in chosen:
        for change in known[mid].get("changes") or []:
            table = records.get(change.get("kind")) or {}
            if change.get("id") in table:
                table[change["id"]] = {**table[change["id"]], **change.get("set", {})}
    out["records"] = records
    out["flow"] = _flow(rules.get("flow") or {}, [known[m] for m in chosen])
    out["active_modules"] = chosen
    return out


def _off(rec: Any, chosen: list[str], players: int | None) -> bool:
    if not isinstance(rec, dict):
        return False
    if rec.get("module") is not None and rec["module"] not in chosen:
        return True
    limits = rec.get("players") if isinstance(rec.get("players"), dict) else None
    return bool(limits and players is not None and not _in_range(players, limits))


def _flow(flow: dict[str, Any], modules: list[dict[str, Any]]) -> dict[str, Any]:
    out = dict(flow)
    end = dict(flow.get("end") or {})
    for module in modules:
        for section, key in (("setup", "setup"), ("phases", "phases")):
            if module.get(section):
                out[key] = _steps(out.get(key) or [], module[section], module["id"])
        if module.get("end_steps"):
            end["steps"] = _steps(end.get("steps") or [], module["end_steps"], module["id"])
        if module.get("round_limit") is not None:
            old = end.get("max_rounds")
            end["max_rounds"] = min(old, module["round_limit"]) if old is not None \
                else module["round_limit"]
    out["end"] = end
    return out


def _steps(steps: list[dict[str, Any]], change: dict[str, Any], mid: str) -> list[Any]:
    """Steps after ``remove``, then ``replace`` (same id), then ``add``."""
    removed = set(change.get("remove") or [])
    out = [s for s in steps if s.get("id") not in removed]
    for new in change.get("replace") or []:
        out[_index(out, new["id"], mid)] = new
    for new in change.get("add") or []:
        pos = len(out)
        if new.get("after"):
            pos = _index(out, new["after"], mid) + 1
        if new.get("before"):
            pos = _index(out, new["before"], mid)
        out.insert(pos, new)
    return out


def _index(steps: list[dict[str, Any]], sid: str, mid: str) -> int:
    for i, s in enumerate(steps):
        if s.get("id") == sid:
            return i
    raise RulesError(f"module '{mid}' changes step '{sid}', which the flow does not have")
