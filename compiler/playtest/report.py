"""``report.html``: plots and tables of a simulation, selections side by side.

    write_report(rows, out_dir, title="pampero, 3 players")   # -> out_dir/report.html

Plots (matplotlib, PNG files beside the page and embedded by name): score spread per
seat, win rate by seat with 95% intervals, first-player win rate, game length, and the
record ids with the highest and lowest win-rate lift. Needs the ``playtest`` extra.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from compiler.playtest import stats

__all__ = ["write_report"]

LIFT_TOP = 10
COLOURS = ["#4477aa", "#ee6677", "#228833", "#ccbb44", "#66ccee", "#aa3377", "#bbbbbb"]


def write_report(rows: list[dict[str, Any]], out: Path, title: str,
                 name: Callable[[str], str] = str) -> Path:
    """Write the plots and ``report.html`` into ``out``; returns the page's path.
    ``name`` says a record id as players read it (``Names.of``: "King", not ``king``)."""
    import matplotlib

    matplotlib.use("Agg")
    groups = stats.by_selection(rows)
    plots = [("scores", "Score spread per seat", _scores(groups)),
             ("seat_wins", "Win rate by seat (95% interval; dashed: 1 / players)",
              _seat_wins(groups)),
             ("first_seat", "First player's win rate (95% interval; dashed: 1 / players, "
              "no advantage)", _first(groups)),
             ("length", "Game length (decisions per game)", _length(groups))]
    plots += [(f"lift_{i}", f"Win-rate lift of the records used, {label}: the {LIFT_TOP} "
               f"highest and lowest (n = seats that used it; small n is noise)",
               _lift(group, label, name=name))
              for i, (label, group) in enumerate(groups.items())]
    for file, _, fig in plots:
        fig.savefig(out / f"{file}.png", dpi=96, bbox_inches="tight")
    page = out / "report.html"
    page.write_text(_html(title, stats.summary(rows), plots), encoding="utf-8")
    import matplotlib.pyplot as plt

    for _, _, fig in plots:   # a run of many reports keeps no figure open
        plt.close(fig)
    return page


def _axes(ncols: int = 1, width: float = 7.0) -> tuple[Any, Any]:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, ncols, figsize=(width, 3.6), squeeze=False, sharey=True)
    return fig, axes[0]


def _scores(groups: dict[str, list[dict[str, Any]]]) -> Any:
    fig, axes = _axes(len(groups), 3.4 * len(groups) + 1)
    for ax, (name, rows) in zip(axes, groups.items(), strict=True):
        seats = int(rows[0]["players"])
        data = [[float(r[f"score_{s}"]) for r in rows] for s in range(seats)]
        ax.boxplot(data, tick_labels=[f"seat {s + 1}" for s in range(seats)])
        ax.set_title(f"{name} ({len(rows)} games)", fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("final score")
    fig.tight_layout()
    return fig


def _seat_wins(groups: dict[str, list[dict[str, Any]]]) -> Any:
    fig, (ax,) = _axes()
    width = 0.8 / max(1, len(groups))
    for g, (name, rows) in enumerate(groups.items()):
        rates = stats.seat_wins(rows)
        xs = [s + g * width for s in range(len(rates))]
        ax.bar(xs, [r[0] for r in rates], width, label=name, color=COLOURS[g % 7],
               yerr=_err(rates), capsize=3)
        ax.axhline(1 / len(rates), color="grey", linestyle="--", linewidth=1)
    seats = int(next(iter(groups.values()))[0]["players"])
    ax.set_xticks([s + 0.4 - width / 2 for s in range(seats)],
                  [f"seat {s + 1}" for s in range(seats)])
    ax.set_ylabel("win rate")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    return fig


def _first(groups: dict[str, list[dict[str, Any]]]) -> Any:
    fig, (ax,) = _axes(width=5.5)
    rates = [stats.first_seat(rows) for rows in groups.values()]
    ax.bar(list(groups), [r[0] for r in rates], yerr=_err(rates), capsize=4,
           color=[COLOURS[i % 7] for i in range(len(rates))])
    players = int(next(iter(groups.values()))[0]["players"])
    ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1)
    ax.set_ylabel("first player's win rate")
    return fig


def _length(groups: dict[str, list[dict[str, Any]]]) -> Any:
    fig, (ax,) = _axes()
    every = [int(r["length"]) for rows in groups.values() for r in rows]
    step = max(1, (max(every) - min(every)) // 20 + 1)
    bins = list(range(min(every), max(every) + step + 1, step))
    for g, (name, rows) in enumerate(groups.items()):
        ax.hist([int(r["length"]) for r in rows], bins=bins, alpha=0.55, label=name,
                color=COLOURS[g % 7], edgecolor="white")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    return fig


def _lift(rows: list[dict[str, Any]], selection: str, top: int = 10,
          name: Callable[[str], str] = str) -> Any:
    """Horizontal bars of the ``top`` highest and lowest lifts (all when few), each
    record said by ``name``."""
    entries = stats.lift(rows)
    shown = entries[:top] + entries[-top:] if len(entries) > 2 * top else entries
    fig, (ax,) = _axes(width=7.0)
    fig.set_figheight(max(2.0, 0.25 * len(shown) + 1))
    labels = [f"{name(e['id'])} (n={e['seats']})" for e in shown][::-1]
    values = [e["lift"] for e in shown][::-1]
    ax.barh(labels, values, color=["#228833" if v >= 0 else "#ee6677" for v in values])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("win rate of the seats that used it − win rate of all seats")
    ax.tick_params(axis="y", labelsize=8)
    if not shown:
        tracked = any(k.startswith("used_") and r.get(k) for r in rows for k in r)
        ax.set_title("no record used by 5 or more seats" if tracked else
                     "this game's rows record no records used (no used_ columns)",
                     fontsize=9)
    return fig


def _err(rates: list[tuple[float, float, float]]) -> list[list[float]]:
    return [[r[0] - r[1] for r in rates], [r[2] - r[0] for r in rates]]


def _html(title: str, summary: dict[str, Any], plots: list[tuple[str, str, Any]]) -> str:
    head = ["selection", "games", "mean length", "mean score", "score sd",
            "win rate by seat", "first player wins", "ties", "no winner"]
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in (
            name, s["games"], f"{s['mean_length']:.1f}", f"{s['mean_score']:.1f}",
            f"{s['score_sd']:.1f}", " · ".join(f"{w:.2f}" for w in s["seat_win_rate"]),
            f"{s['first_seat_win_rate']:.2f}", s["ties"], s["no_winner"])) + "</tr>"
        for name, s in summary.items())
    figures = "".join(f'<figure><figcaption>{html.escape(cap)}</figcaption>'
                      f'<img src="{name}.png" alt="{html.escape(cap)}"></figure>'
                      for name, cap, _ in plots)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:1em auto;color:#222}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}}
figure{{margin:1.2em 0}}figcaption{{font-weight:bold;margin-bottom:.3em}}
img{{max-width:100%}}</style></head><body>
<h1>{html.escape(title)}</h1>
<p>Selections side by side; game <i>i</i> of each selection has the same seed. A tie
shares the win. Rows: <code>rows.csv</code>; numbers: <code>summary.json</code>.</p>
<table><tr>{''.join(f'<th>{h}</th>' for h in head)}</tr>{body}</table>
{figures}
<script type="application/json" id="summary">{html.escape(json.dumps(summary))}</script>
</body></html>
"""
