"""Fields of game.yaml that the schema checks one by one but not against each other.

Entry point: ``check_game_fields(docs)``: S003 when ``players.min`` is more than
``players.max`` (no player count could set the game up: "this game is for 5-2 players"),
and when ``language`` (the rulebook's, the sheets' default) is not among ``languages``
(``rulesc sheet`` without ``--lang`` would refuse it: "unknown language"); and S003 when a
record's ``players`` (it exists only for those counts) has its min above its max, or
shares no count with the game's: a Love Letter copy's King for 5-6 players was never
dealt, silently (QA qa12 S23).
"""

from __future__ import annotations

from typing import TypeGuard

from compiler.diagnostics import Diagnostic
from compiler.load import Document

__all__ = ["check_game_fields"]


def check_game_fields(docs: list[Document]) -> list[Diagnostic]:
    """The S003 diagnostics of every game document's ``players`` and ``language``."""
    out: list[Diagnostic] = []
    game = next((d.data.get("players") for d in docs if d.kind == "game" and
                 isinstance(d.data, dict)), None)
    for doc in docs:
        out += _record_players(doc, game if isinstance(game, dict) else {})
        if doc.kind != "game" or not isinstance(doc.data, dict):
            continue
        players = doc.data.get("players")
        low, high = (players.get("min"), players.get("max")) if isinstance(players, dict) \
            else (None, None)
        if _number(low) and _number(high) and low > high:
            out.append(Diagnostic(
                doc.span(("players", "max")), "S003", f"players: max {high} is less than "
                f"min {low}: no player count sets the game up",
                hint=f"write the fewest players as min and the most as max "
                     f"({{min: {high}, max: {low}}}?)"))
        language, languages = doc.data.get("language"), doc.data.get("languages")
        if isinstance(language, str) and isinstance(languages, list) and languages and \
                language not in languages:
            out.append(Diagnostic(
                doc.span(("language",)), "S003", f"language: '{language}' (the rulebook's, "
                f"the sheets' default) is not one of languages: {', '.join(map(str, languages))}",
                hint=f"add {language} to languages, or write one of them as language"))
    return out


def _record_players(doc: Document, game: dict[str, object]) -> list[Diagnostic]:
    """S003 for each record of ``doc`` whose ``players`` no game count can meet."""
    out = []
    records = doc.data.get("records") if isinstance(doc.data, dict) else None
    for i, rec in enumerate(records if isinstance(records, list) else []):
        players = rec.get("players") if isinstance(rec, dict) else None
        if not isinstance(players, dict):
            continue
        low, high = players.get("min", 1), players.get("max", game.get("max"))
        fewest, most = game.get("min", 1), game.get("max")
        what = f"{doc.kind} '{rec.get('id')}': players"
        if _number(low) and _number(high) and low > high:
            out.append(Diagnostic(doc.span(("records", i, "players")), "S003",
                                  f"{what}: max {high} is less than min {low}: it never "
                                  "exists", hint="write the fewest players as min, the most "
                                  "as max"))
        elif _number(low) and _number(high) and _number(fewest) and _number(most) and \
                (low > most or high < fewest):
            out.append(Diagnostic(doc.span(("records", i, "players")), "S003",
                                  f"{what}: {low}-{high} players, but the game is for "
                                  f"{fewest}-{most}: it never exists", hint="write player "
                                  "counts the game allows (game.yaml players), or leave "
                                  "players out"))
    return out


def _number(value: object) -> TypeGuard[int]:
    """A whole number written as one (YAML's true/false are not counts)."""
    return isinstance(value, int) and not isinstance(value, bool)
