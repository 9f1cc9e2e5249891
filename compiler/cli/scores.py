"""The final scores of ``rulesc play`` as a text table.

Players are numbered from 1 (the JSON output keeps the engine's 0-based indexes), the
rounds are called what the game calls them (``flow.round.name``: generations in
Terraforming Mars, years in Pampero), and the score columns come in a fixed order: the
order of the ids in the rules data (setup steps, phases, scoring lines, actions, ...),
not the order in which a game happened to book them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["columns", "round_name", "table"]


def round_name(rules: dict[str, Any], lang: str = "en") -> str:
    """What the game calls a round (``flow.round.name``), e.g. ``year``; else "round"."""
    name = ((rules.get("flow") or {}).get("round") or {}).get("name")
    if isinstance(name, dict):
        return str(name.get(lang) or next(iter(name.values()), "round"))
    return str(name or "round")


def columns(rules: dict[str, Any], rows: list[dict[str, Any]]) -> list[str]:
    """Every breakdown key of ``rows`` in the fixed order of the ids in ``rules``."""
    keys = {k for r in rows for k in r["breakdown"]}
    order: dict[str, int] = {}
    flow = rules.get("flow") or {}
    for section in ("setup", "phases", "scoring"):
        for step in flow.get(section) or []:
            if isinstance(step, dict) and "id" in step:
                order.setdefault(str(step["id"]), len(order))
    for table in (rules.get("records") or {}).values():  # then every record, in data order
        for ident in table:
            order.setdefault(str(ident), len(order))
    return sorted(keys, key=lambda k: (order.get(k, len(order)), k))


def table(result: dict[str, Any], rules: dict[str, Any]) -> str:
    """The result of ``rulesc play`` as text: a header, the score table, the winner."""
    rows = result["scores"]
    keys = columns(rules, rows)
    head = ["player", *keys, "total"]
    body = [[str(r["player"] + 1), *(str(r["breakdown"].get(k, 0)) for k in keys),
             str(r["total"])] for r in rows]
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
    rounds = result.get("round") or {"name": "round",
                                     "count": result.get("rounds")}
    out = [f"{result['game']}: {result['player_count']} player(s), modules: "
           f"{', '.join(result['modules']) or 'none'}, seed {result['seed']}",
           f"{_plural(rounds['name'])}: {rounds['count']}" + _results(result),
           line(head), *(line(row) for row in body)]
    winners = ", ".join(f"player {p + 1}" for p in result["winner"]) or "nobody"
    out.append(f"winner: {winners}")
    for key, value in (result.get("results") or {}).items():
        if isinstance(value, dict):  # a result with parts: {won: true, rule: "..."}
            parts = ", ".join(f"{k} {v}" if not isinstance(v, bool) else
                              (k if v else f"not {k}") for k, v in value.items())
            out.append(f"{key}: {parts}")
    return "\n".join(out)


def _results(result: dict[str, Any]) -> str:
    """The game's plain extra results (numbers) on the header line."""
    plain = [(k, v) for k, v in (result.get("results") or {}).items()
             if isinstance(v, (int, str)) and not isinstance(v, bool)]
    return "".join(f", {k}: {v}" for k, v in plain)


def _plural(word: str) -> str:
    return word if word.endswith("s") else word + "s"
