"""The final scores of ``rulesc play`` as a text table.

Players are numbered from 1 (the JSON output keeps the engine's 0-based indexes), the
rounds are called what the game calls them (``flow.round.name``: generations in
Terraforming Mars, years in Pampero), and the score columns come in a fixed order: the
order of the ids in the rules data (setup steps, phases, scoring lines, actions, ...),
not the order in which a game happened to book them. The results the game declares in
flow.yaml (``actions: 165``) are named by its labels ``score_<key>`` when it has them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["column_names", "columns", "final", "round_name", "table"]


def final(game: Any) -> dict[str, Any]:
    """A game's count as ``rulesc play`` prints it: ``scores`` (a row per player),
    ``winner``, ``rounds`` and the game's own ``results`` (flow.yaml)."""
    result = game.scores()
    result["scores"] = result.pop("players")
    result["results"] = {k: v for k, v in result.items()
                         if k not in ("winner", "scores", "rounds")}  # the game's own
    return result


def round_name(rules: dict[str, Any], lang: str = "en") -> str:
    """What the game calls a round (``flow.round.name``), e.g. ``year``; else "round"."""
    name = ((rules.get("flow") or {}).get("round") or {}).get("name")
    if isinstance(name, dict):
        return str(name.get(lang) or next(iter(name.values()), "round"))
    return str(name or "round")


def columns(rules: dict[str, Any], rows: list[dict[str, Any]]) -> list[str]:
    """Every breakdown key of ``rows`` and every line the scoring declares (a scoring
    line's ``line_names``: shown, 0, also in a game that booked nothing there), in the
    fixed order of the ids in ``rules``."""
    keys = {k for r in rows for k in r["breakdown"]}
    for line in (rules.get("flow") or {}).get("scoring") or []:
        if isinstance(line, dict):
            keys.update(str(k) for k in line.get("line_names") or {})
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


def column_names(rules: dict[str, Any], lang: str | None = None) -> dict[str, str]:
    """What each score column is called in ``lang`` (default: the game's language): the
    name of the step (setup, phases, end steps, scoring lines, modules' steps) or of the
    scoring line's ``line_names`` entry it books under, else of the record with that id;
    a column with no name reads as its id with spaces (``pay back investors``)."""
    from compiler.playtest.games import Names

    return dict(Names(rules, lang).table)


def table(result: dict[str, Any], rules: dict[str, Any], width: int | None = None) -> str:
    """The result of ``rulesc play`` as text: a header, the score table, the winner.
    Columns are named in the game's language (``column_names``), and so are the header,
    the rounds, "player", "total" and "winner" when the game's labels say them
    (``score_*``). A table
    wider than ``width`` (default: the terminal's, else 100 columns) is transposed: one
    row per score line, one column per player."""
    if width is None:
        import shutil
        width = shutil.get_terminal_size((100, 24)).columns
    from compiler.playtest.games import Names

    names = Names(rules)
    says = names.said   # the game's labels (game.yaml), else English
    rows = result["scores"]
    keys = columns(rules, rows)
    named = column_names(rules)
    head = [says("score_player", "player"), *(named.get(k) or k.replace("_", " ")
                                               for k in keys), says("score_total", "total")]
    body = [[str(r["player"] + 1), *(str(r["breakdown"].get(k, 0)) for k in keys),
             str(r["total"])] for r in rows]
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
    first_left = False
    if sum(widths) + 2 * (len(widths) - 1) > width:
        # too wide for the terminal: one row per score line, one column per player
        body = [[name, *(row[i] for row in body)] for i, name in enumerate(head) if i]
        head = [head[0], *(str(r["player"] + 1) for r in rows)]
        widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
        first_left = True

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if first_left and not k else c.rjust(w)
                         for k, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()
    rounds = result.get("round") or {"name": "round",
                                     "count": result.get("rounds")}
    out = [_header(result, rules, names),
           f"{says('score_rounds', _plural(rounds['name']))}: {rounds['count']}"
           + _results(result, says), line(head), *(line(row) for row in body)]
    player = says("score_player", "player")
    winners = ", ".join(f"{player} {p + 1}" for p in result["winner"]) or \
        says("score_nobody", "nobody")
    out.append(f"{says('score_winner', 'winner')}: {winners}")
    for key, value in (result.get("results") or {}).items():
        if isinstance(value, dict):  # a result with parts: {won: true, rule: "..."}
            out.append(f"{_word(says, key)}: {_parts(value, says, names.lang)}")
    return "\n".join(out)


Says = Callable[..., str]


def _header(result: dict[str, Any], rules: dict[str, Any], names: Any) -> str:
    """The first line, in the game's words: its title, the players, the modules (by their
    names) and the seed; the game's label ``score_header`` (holes ``{game}``,
    ``{players}``, ``{modules}``, ``{seed}``) frames it, ``score_no_modules`` says "none"."""
    title = (rules.get("game") or {}).get("title")
    if isinstance(title, dict) and title:
        game = str(title.get(names.lang) or title.get("en") or next(iter(title.values())))
    else:
        game = str(result["game"])
    modules = ", ".join(names.of_kind("modules", m) for m in result["modules"]) or \
        names.said("score_no_modules", "none")
    return names.said("score_header", "{game}: {players} player(s), modules: {modules}, "
                      "seed {seed}", game=game, players=result["player_count"],
                      modules=modules, seed=result["seed"])


def _word(says: Says, key: str) -> str:
    """A result's key (flow.yaml ``results``) as the game says it: its label
    ``score_<key>`` in game.yaml (Terraforming Mars: ``score_actions``: azioni), else the
    key with spaces."""
    return says(f"score_{key}", key.replace("_", " "))


def _parts(value: dict[str, Any], says: Says, lang: str = "en") -> str:
    """A result with parts: its flags as words (``not won``; labels ``score_<flag>`` and
    ``score_not_<flag>``), its numbers with their key, a text as itself in parentheses:
    ``not won (won only if Mars is terraformed ...)``; a text per language (``{it: ...,
    en: ...}``) in ``lang``, else English."""
    def text(v: Any) -> str | None:
        if isinstance(v, str):
            return v
        if isinstance(v, dict) and v and all(isinstance(t, str) for t in v.values()):
            return str(v.get(lang) or v.get("en") or next(iter(v.values())))
        return None
    words = [(_word(says, k) if v else says(f"score_not_{k}", f"not {_word(says, k)}"))
             if isinstance(v, bool) else f"{_word(says, k)} {v}"
             for k, v in value.items() if text(v) is None]
    texts = [t for t in map(text, value.values()) if t is not None]
    return ", ".join(words) + "".join(f" ({t})" for t in texts)


def _results(result: dict[str, Any], says: Says) -> str:
    """The game's plain extra results (numbers) on the header line, each named as the
    game says it (``_word``)."""
    plain = [(k, v) for k, v in (result.get("results") or {}).items()
             if isinstance(v, (int, str)) and not isinstance(v, bool)]
    return "".join(f", {_word(says, k)}: {v}" for k, v in plain)


def _plural(word: str) -> str:
    return word if word.endswith("s") else word + "s"
