"""The game's flow: a new state, setup, rounds of phases, the end, the final count.

State (plain JSON, saved whole by ``Game.to_json``)::

    {"format": 2, "seed", "rng_uses", "modules": [ids], "round": n,
     "players": [{entry: value}], entry: value (the game's state.yaml),
     "grants": [lasting effects], "log": [{"event", **fields}], "warnings": [...],
     "stack": [frames], "pending": decision | None, "over": bool, "decisions": int}

The flow frame runs the setup steps, then rounds of phases, then the end steps, each
step only when its ``when`` holds (a setup or end step's too); the
end condition is checked after each phase (``finish_round: false``) or after the
round; a round emits ``round_start`` and ``round_end`` if the game declares those
events; ``max_rounds`` ends the game after that many rounds. Then the end steps, and
the game is over."""

from __future__ import annotations

from typing import Any

from compiler.runtime.ctx import Ctx, Frame
from compiler.runtime.errors import MAX_ROUNDS, check_bound
from compiler.runtime.index import Index
from compiler.runtime.machine import start
from compiler.runtime.reactions import emit
from compiler.runtime.values import ev, items_of, num

__all__ = ["FORMAT", "bounds", "new_state", "scores", "step_flow"]

FORMAT = 2


def new_state(rules: dict[str, Any], players: int, seed: int, index: Index) -> dict[str, Any]:
    """The state before setup runs: every state entry at its start value."""
    state: dict[str, Any] = {
        "format": FORMAT, "game": (rules.get("game") or {}).get("id"), "seed": seed, "rng_uses": 0,
        "modules": list(rules.get("active_modules") or []), "round": 1,
        "players": [{} for _ in range(players)], "grants": [], "log": [], "warnings": [],
        "stack": [], "pending": None, "over": False, "decisions": 0,
    }
    ctx = Ctx(rules, state, index)
    entries = rules.get("state") or {}
    for name, entry in (entries.get("game") or {}).items():
        state[name] = _start(ctx, entry, None)
    for p, pl in enumerate(state["players"]):
        for name, entry in (entries.get("player") or {}).items():
            pl[name] = _start(ctx, entry, p)
    state["stack"].append({"k": "flow", "s": "setup", "i": 0, "env": {}})
    return state


def _start(ctx: Ctx, entry: dict[str, Any], player: int | None) -> Any:
    """An entry's first value: per record of its ``each`` kind, or one value."""
    each = entry.get("each")
    if not each:
        with ctx.scope({"you": player}):
            return ev(ctx, entry["value"]) if "value" in entry else _empty(entry["type"])
    out: dict[str, Any] = {}
    inner = entry["type"][2] if isinstance(entry["type"], list) else "int"
    for rid in ctx.rules["records"].get(each) or {}:
        with ctx.scope({"you": player, "it": rid}):
            if "where" in entry and not ev(ctx, entry["where"]):
                continue
            out[rid] = ev(ctx, entry["value"]) if "value" in entry else _empty(inner)
    return out


def _empty(t: Any) -> Any:
    if t == "int":
        return 0
    if t == "bool":
        return False
    if isinstance(t, list) and t and t[0] == "list":
        return []
    if isinstance(t, list) and t and t[0] in ("map", "obj"):
        return {}
    return None


def bounds(ctx: Ctx, scope: str, entry: str, key: Any) -> tuple[int | None, int | None]:
    """(min, max) of counter ``entry`` (of record ``key`` for an ``each`` entry)."""
    cache = ctx.index.bounds
    if (scope, entry) not in cache:
        spec = ((ctx.rules.get("state") or {}).get(scope) or {}).get(entry) or {}
        table: dict[Any, tuple[int | None, int | None]] = {}
        keys = list(ctx.rules["records"].get(spec["each"]) or {}) if spec.get("each") \
            else [None]
        for k in keys:
            with ctx.scope({"it": k}):
                lo = _bound(ctx, spec.get("min"))
                hi = _bound(ctx, spec.get("max"))
            table[k] = (lo, hi)
        cache[(scope, entry)] = table
    return cache[(scope, entry)].get(key, (None, None))


def _bound(ctx: Ctx, node: Any) -> int | None:
    value = ev(ctx, node) if node is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def step_flow(ctx: Ctx, f: Frame) -> None:
    """Advance the game by one flow step (see the module docstring)."""
    flow = ctx.rules.get("flow") or {}
    stage = f["s"]
    if stage == "setup":
        steps = flow.get("setup") or []
        if f["i"] < len(steps):
            f["i"] += 1
            _run_step(ctx, steps[f["i"] - 1], f)
        else:
            f["s"], f["i"] = "round", 0
            _emit(ctx, "round_start")
        return
    if stage == "round":
        _round(ctx, f, flow)
        return
    steps = (flow.get("end") or {}).get("steps") or []
    if f["i"] < len(steps):
        f["i"] += 1
        _run_step(ctx, steps[f["i"] - 1], f)
        return
    ctx.state["over"] = True
    ctx.pop(f)


def _round(ctx: Ctx, f: Frame, flow: dict[str, Any]) -> None:
    phases = flow.get("phases") or []
    end = flow.get("end") or {}
    if f["i"] > 0 and not end.get("finish_round", True) and _end_reached(ctx, end, False):
        f["s"], f["i"] = "end", 0
        return
    if f["i"] < len(phases):
        f["i"] += 1
        _run_step(ctx, phases[f["i"] - 1], f)
        return
    if not f.get("closed"):
        f["closed"] = True
        _emit(ctx, "round_end")
        return
    f.pop("closed", None)
    if _end_reached(ctx, end, True):
        f["s"], f["i"] = "end", 0
        return
    ctx.state["round"] += 1
    check_bound("rounds", ctx.state["round"], MAX_ROUNDS)
    f["i"] = 0
    _emit(ctx, "round_start")


def _end_reached(ctx: Ctx, end: dict[str, Any], round_over: bool) -> bool:
    limit = end.get("max_rounds")
    if round_over and limit is not None and ctx.state["round"] >= num(limit):
        return True
    return "when" in end and bool(ev(ctx, end["when"]))


def _emit(ctx: Ctx, event: str) -> None:
    if event in (ctx.rules.get("events") or {}):
        emit(ctx, event, {"round": ctx.state["round"]})


def _run_step(ctx: Ctx, step: dict[str, Any], f: Frame) -> None:
    if ctx.pause_at is not None and step.get("id") == ctx.pause_at:
        f["i"] -= 1  # run it when the game goes on
        ctx.paused, ctx.pause_at = True, None
        return
    if step.get("b") is None or ("w" in step and not ev(ctx, step["w"])):
        return  # a setup, phase or end step runs only when its ``when`` holds
    ctx.push({"k": "scope", "env": {}})
    start(ctx, step["b"])


def scores(ctx: Ctx) -> dict[str, Any]:
    """``{"winner": [players], "players": [{"player", "total", "breakdown"}], "rounds",
    **results}``: each scoring line per player (``lines``: several named lines), the
    winner by ``flow.winner`` or the highest total (ties all win)."""
    flow = ctx.rules.get("flow") or {}
    rows: list[dict[str, Any]] = []
    for p in range(ctx.player_count()):
        breakdown: dict[str, int] = {}
        with ctx.scope({"you": p}):
            for line in flow.get("scoring") or []:
                if "lines" in line:
                    value = ev(ctx, line["lines"])
                    for k in items_of(value):
                        breakdown[str(k)] = num(value[k]) if isinstance(value, dict) else 0
                elif "amount" in line:
                    breakdown[line["id"]] = num(ev(ctx, line["amount"]))
        total: int = sum(breakdown.values())
        rows.append({"player": p, "total": total, "breakdown": breakdown})
    _same_lines(rows)
    best = max((int(r["total"]) for r in rows), default=0)
    leaders = [r["player"] for r in rows if r["total"] == best]
    with ctx.scope({"leaders": leaders}):
        winner = leaders
        if flow.get("winner"):
            winner = [p for p in items_of(ev(ctx, flow["winner"])) if isinstance(p, int)]
        results = {k: ev(ctx, v) for k, v in (flow.get("results") or {}).items()}
    results = {k: v for k, v in results.items() if v is not None}
    return {"winner": winner, "players": rows, "rounds": ctx.state["round"], **results}


def _same_lines(rows: list[dict[str, Any]]) -> None:
    """Every player shows the same lines, in the order they first appear."""
    order: dict[str, None] = {}
    for r in rows:
        order.update(dict.fromkeys(r["breakdown"]))
    for r in rows:
        r["breakdown"] = {k: r["breakdown"].get(k, 0) for k in order}
