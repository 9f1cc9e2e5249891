"""Play one game with one agent per seat, logging every decision, with ``undo``.

    game = package.new_game(players=2, modules=(), seed=1)
    log = GameLog("terraforming_mars", 2, [], 1, ["human", "random"])
    game = play(game, agents, package.load, log)   # a new Game object after an undo

``undo`` (a human's answer) goes back to that player's previous decision: the game is
reloaded from the state saved there (``to_json`` / ``load``) and the log forgets the
decisions made since.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from compiler.adapters.observation import observation
from compiler.playtest.agents import UNDO, Agent
from compiler.playtest.gamelog import GameLog
from compiler.playtest.games import Names

__all__ = ["play", "player_view", "value_text"]


def play(game: Any, agents: Sequence[Agent], load: Callable[[dict[str, Any]], Any],
         log: GameLog, say: Callable[..., None] | None = None) -> Any:
    """Answer every decision with the seat's agent until the game is over; returns the
    game (another object when ``undo`` reloaded it). ``log`` gets each decision and, at
    the end, the scores. ``say(key, english, **holes)`` reports what an undo did (to the
    human's terminal; ``key`` names the game's label for it: ``undo_nothing``, ``undo_done``).

    Raises RulesError from the engine and QuitGame when a human stops.
    """
    saved: list[tuple[int, int, dict[str, Any]]] = []  # (step, player, state) for undo
    while not game.is_over:
        pending = game.pending()
        agent = agents[pending["player"]]
        if agent.name == "human":
            saved.append((len(log.steps), pending["player"], game.to_json()))
        option = agent.choose(game)
        if option is UNDO:
            game = _undo(game, saved, pending["player"], load, log,
                         say or (lambda *_, **__: None))
            continue
        log.add(pending, option)
        game.apply(option)
    log.finish(game.scores())
    return game


def _undo(game: Any, saved: list[tuple[int, int, dict[str, Any]]], player: int,
          load: Callable[[dict[str, Any]], Any], log: GameLog,
          say: Callable[..., None]) -> Any:
    """Reload the state before ``player``'s previous decision (or stay put if none)."""
    saved.pop()  # the decision being asked now
    while saved and saved[-1][1] != player:
        saved.pop()
    if not saved:
        say("undo_nothing", "nothing to undo")
        return game
    step, _, state = saved.pop()
    log.truncate(step)
    say("undo_done", "undone: back to step {step}", step=step)
    return load(state)


def player_view(game: Any, player: int, names: Names, width: int | None = None) -> str:
    """A short text of what ``player`` sees (its observation): the shared numbers, then
    each player's non-empty entries, the player's own first; hidden lists are counted;
    entries declared ``bookkeeping`` (the rules' own notes, not on the table) are left out;
    an entry nothing of which is hidden from ``player`` shows an empty slot as "-" (an
    opponent's empty company mat is not "6 hidden").
    A line longer than ``width`` (default: the terminal's, else 100 columns) is wrapped,
    never cut: a hand of 10 cards is read in full."""
    if width is None:
        import shutil
        width = shutil.get_terminal_size((100, 24)).columns
    seen, real = observation(game, player), game.to_json()
    title = names.said("view_title", "{player}'s view (step {step})",
                       player=names.player(player), step=seen.get("decisions", "?"))
    lines = [f"--- {title} ---"]
    state = game.rules.get("state") or {}
    types = {scope: {k: e.get("type") for k, e in (state.get(scope) or {}).items()
                     if not e.get("bookkeeping")}
             for scope in ("game", "player")}
    notes = {k for k, e in (state.get("player") or {}).items() if e.get("bookkeeping")}
    for key in ["round", *types["game"]]:
        if seen.get(key) not in (None, {}, []):
            value = _seats(seen[key], types["game"].get(key), names)
            value = _empty(value) if seen[key] == real.get(key) else value
            lines.append(_line(names.entry(key), value, names, width))
    order = [player, *(i for i in range(len(seen["players"])) if i != player)]
    for i in order:
        # players are numbered from 1; the words are the game's (labels view_you, view_player)
        who = (names.said("view_you", "you") if i == player
               else names.said("view_player", "p{n}", n=i + 1))
        for key, value in seen["players"][i].items():
            if value not in (None, {}, [], 0) and key not in notes:
                shown = i == player or value == real["players"][i].get(key)
                value = _seats(value, types["player"].get(key), names)
                if shown:  # nothing of it is hidden from the viewer: a None is an empty slot
                    value = _empty(value)
                lines.append(_line(f"{who}.{names.entry(key)}", value, names, width))
    return "\n".join(lines)


def _seats(value: Any, t: Any, names: Names) -> Any:
    """``value`` with every player in it (by its declared type ``t``) as people number
    players (seat 0 is ``player 1``), and every record id by the name its declared kind
    gives it (Pampero's hand holds action card ``a1``, "Build a wind farm", not sector
    ``a1``)."""
    while isinstance(t, list) and t[:1] == ["opt"]:
        t = t[1]
    if t == "player" and isinstance(value, int) and not isinstance(value, bool):
        return names.player(value)
    if isinstance(t, list) and t[:1] == ["id"] and isinstance(value, str):
        return names.kinds.get(str(t[1]), {}).get(value, value)
    if not isinstance(t, list) or not t:
        return value
    if t[0] == "list" and isinstance(value, list):
        return [_seats(v, t[1], names) for v in value]
    if t[0] == "map" and isinstance(value, dict):
        return {k: _seats(v, t[2], names) for k, v in value.items()}
    if t[0] == "obj" and isinstance(value, dict):
        fields = {name: ft for name, ft in t[1]}
        return {k: _seats(v, fields.get(k), names) for k, v in value.items()}
    return value


def _empty(value: Any) -> Any:
    """``value`` with each None inside a list or mapping as "-" (an empty slot of one's own
    company mat, not "6 hidden")."""
    if isinstance(value, list):
        return ["-" if v is None else _empty(v) for v in value]
    if isinstance(value, dict):
        return {k: _empty(v) for k, v in value.items()}
    return value


def _line(key: str, value: Any, names: Names, width: int) -> str:
    import textwrap

    line = f"{key}: {value_text(value, names)}"
    if len(line) <= width:
        return line
    return textwrap.fill(line, width=max(width, 20), subsequent_indent="    ",
                         break_long_words=False, break_on_hyphens=False)


def value_text(value: Any, names: Names) -> str:
    """A state value as short text: ids as names, lists joined, a hidden list counted,
    a map as ``key value`` pairs (a key with no name as words: ``lower row 1``), a nested
    object as its values in parentheses (``s51 (city, player 2, Immigrant City)``), never
    JSON."""
    if isinstance(value, bool):
        return names.yes_no(value)
    if isinstance(value, list):
        if value and all(v is None for v in value):
            return names.said("view_hidden", "{n} hidden", n=len(value))
        return ", ".join(_item(v, names) for v in value)
    if isinstance(value, dict):
        return ", ".join(_keyed(names.key(str(k)), _inner(v, names)) for k, v in value.items())
    if value is None:
        return "-"
    return names.of(value) if isinstance(value, str) else str(value)


def _item(value: Any, names: Names) -> str:
    """One item of a list: a record's entry (a mapping with an ``id``) as the record's
    name and its other fields in parentheses (``Banker (by player 1)``, not ``id Banker,
    by player 1``: the key ``id`` is no word of the game, and a comma between fields read
    as one between items); anything else as ``value_text``."""
    if not isinstance(value, dict) or not isinstance(value.get("id"), str):
        return value_text(value, names)
    rest = ", ".join(_keyed(names.key(str(k)), _inner(v, names)) for k, v in value.items()
                     if k != "id" and v not in (None, [], {}))
    return names.of(value["id"]) + (f" ({rest})" if rest else "")


def _keyed(key: str, text: str) -> str:
    """``key text``, or the text alone when it already starts with the key's word
    (``player 2``, not ``player player 2``)."""
    return text if text.split(" ", 1)[0] == key else f"{key} {text}"


def _inner(value: Any, names: Names) -> str:
    if isinstance(value, dict):
        return "(" + ", ".join(value_text(v, names) for v in value.values()
                               if v not in (None, [], {})) + ")"
    if isinstance(value, list):
        return "(" + value_text(value, names) + ")"
    return value_text(value, names)
