"""Balance statistics over simulation rows (see simulate.py for a row's keys).

A tie shares the win: each of k winners gets 1/k. Confidence intervals are 95% Wilson
score intervals. Everything here is plain Python on the rows, so the report and the
tests read the same numbers.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from typing import Any

__all__ = ["by_selection", "first_seat", "lift", "seat_wins", "summary", "wilson"]

Z95 = 1.959964


def wilson(wins: float, n: int) -> tuple[float, float, float]:
    """``(rate, low, high)``: the win rate and its 95% Wilson interval (0s for n=0)."""
    if n <= 0:
        return 0.0, 0.0, 0.0
    p = wins / n
    denom = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / denom
    # the interval holds the rate: rounding may put an end a hair past it (p = 1)
    return p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def winners(row: dict[str, Any]) -> list[int]:
    return [int(w) for w in str(row.get("winner") or "").split(",") if w != ""]


def by_selection(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Rows grouped by selection, in the order selections first appear."""
    out: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        out.setdefault(str(row["selection"]), []).append(row)
    return out


def seat_wins(rows: list[dict[str, Any]]) -> list[tuple[float, float, float]]:
    """Per seat: ``wilson(wins, games)``."""
    seats = int(rows[0]["players"]) if rows else 0
    wins = [0.0] * seats
    for row in rows:
        won = winners(row)
        for w in won:
            wins[w] += 1 / len(won)
    return [wilson(w, len(rows)) for w in wins]


def first_seat(rows: list[dict[str, Any]]) -> tuple[float, float, float]:
    """Win rate of the seat that played first (``first_seat``), Wilson interval."""
    games = [r for r in rows if int(r.get("first_seat", -1)) >= 0]
    wins = 0.0
    for row in games:
        won = winners(row)
        if int(row["first_seat"]) in won:
            wins += 1 / len(won)
    return wilson(wins, len(games))


def lift(rows: list[dict[str, Any]], min_seats: int = 5) -> list[dict[str, Any]]:
    """Per record id used: seats that used it, their win rate, and the lift (that rate
    minus the rate of all seats, 1/players on average), highest first; ids used by
    fewer than ``min_seats`` seats are left out."""
    won: defaultdict[str, float] = defaultdict(float)
    seen: defaultdict[str, int] = defaultdict(int)
    total_wins = total_seats = 0.0
    for row in rows:
        ws = winners(row)
        for seat in range(int(row["players"])):
            share = 1 / len(ws) if seat in ws else 0.0
            total_wins, total_seats = total_wins + share, total_seats + 1
            for rid in json.loads(row.get(f"used_{seat}") or "[]"):
                seen[rid] += 1
                won[rid] += share
    base = total_wins / total_seats if total_seats else 0.0
    out = [{"id": rid, "seats": n, "win_rate": won[rid] / n, "lift": won[rid] / n - base}
           for rid, n in seen.items() if n >= min_seats]
    return sorted(out, key=lambda e: (-e["lift"], e["id"]))


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per selection: games, mean length, mean and spread of scores, seat win rates,
    first-player win rate, ties."""
    out = {}
    for name, group in by_selection(rows).items():
        seats = int(group[0]["players"])
        scores = [float(r[f"score_{s}"]) for r in group for s in range(seats)]
        lengths = [int(r["length"]) for r in group]
        out[name] = {
            "games": len(group), "players": seats,
            "mean_length": sum(lengths) / len(lengths),
            "mean_score": sum(scores) / len(scores),
            "score_sd": _sd(scores),
            "seat_win_rate": [round(w[0], 4) for w in seat_wins(group)],
            "first_seat_win_rate": round(first_seat(group)[0], 4),
            "ties": sum(len(winners(r)) > 1 for r in group),
            "no_winner": sum(not winners(r) for r in group),
        }
    return out


def _sd(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
