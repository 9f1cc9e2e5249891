"""The terminal player: answers by number or prefix, undo, quit, and a whole game."""

from __future__ import annotations

import io
import json

import pytest

from compiler.cli import main
from compiler.playtest.agents import QuitGame, make_agents, parse_answer
from compiler.playtest.gamelog import read_log
from compiler.playtest.games import SetupError

LABELS = ["play: Lichen", "play: Lichen Farm", "project: Asteroid", "pass"]


@pytest.mark.parametrize("line, expected", [
    ("3\n", 2), (" PASS ", 3), ("proj", 2), ("play: lichen", 0), ("play: lichen f", 1),
    ("undo", "undo"), ("view", "view"),
])
def test_answers(line, expected):
    assert parse_answer(line, LABELS) == (expected, "")


@pytest.mark.parametrize("line, why", [
    ("9", "no option 9: choose 1-4"), ("play", "fits 2 options"), ("x", "no option starts"),
    ("", "type a number"),
])
def test_answers_that_ask_again(line, why):
    answer, message = parse_answer(line, LABELS)
    assert answer is None and why in message


def test_quit_stops():
    with pytest.raises(QuitGame):
        parse_answer("quit", LABELS)


def test_agent_list_must_fit_the_players():
    assert [a.name for a in make_agents("random", 3, 1)] == ["random"] * 3
    with pytest.raises(SetupError, match="2 agents for 3 players"):
        make_agents("random,random", 3, 1)
    with pytest.raises(SetupError, match="unknown agent 'bot'"):
        make_agents("bot", 2, 1)


def _play_human(monkeypatch, capsys, answers: str, *args: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["play", "pampero", "--agent", "human,random", "--seed", "1", *args])
    return code, capsys.readouterr().out


def test_human_game_to_the_end_with_undo(monkeypatch, capsys, tmp_path):
    log = tmp_path / "h.jsonl"
    code, out = _play_human(monkeypatch, capsys, "1\nundo\n2\nundo\nundo\n" + "1\n" * 400,
                            "--log", str(log))
    assert code == 0 and "winner:" in out
    assert "undone: back to step" in out and "nothing to undo" in out
    assert "p2.hand: " in out and " hidden" in out  # the opponent's hand is counted only
    game = read_log(log)
    assert game.agents == ["human", "random"] and game.end is not None
    assert len(game.steps) == game.end["steps"]
    assert main(["replay", str(log), "--quiet"]) == 0


def test_end_of_input_stops_and_keeps_the_log(monkeypatch, capsys, tmp_path):
    log = tmp_path / "h.jsonl"
    code, _ = _play_human(monkeypatch, capsys, "1\n", "--log", str(log))
    assert code == 1
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows[0]["agents"] == ["human", "random"] and "end" not in rows[-1]
    assert main(["replay", str(log), "--quiet"]) == 0


def test_players_in_options_and_views_are_numbered_from_1():
    """README: players are numbered from 1 in every text output; the engine's seats
    are 0-based. Love Letter's Guard targets a player (a label key of type player)."""
    import generated.love_letter as ll
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view

    names = Names(ll.RULES)
    assert names.label({"target": 1, "name": "priest"}) == "target player 2, Priest"
    game = ll.new_game(2, (), 2)
    view = player_view(game, 0, names)
    assert "starter: player " in view and "starter: 0" not in view


def test_a_prompt_fills_holes_written_with_a_form():
    """Pampero's 'metti {p:a} in {a}': the hole with an article form is filled too."""
    from types import SimpleNamespace

    from compiler.runtime.text import prompt

    ctx = SimpleNamespace(rules={
        "game": {"language": "it"},
        "definitions": {"place": {"text": {"it": "metti {p:a} in {a}"}}},
        "records": {"pieces": {"tower": {"name": {"it": "torre"}}}}})
    node = {"prompt": {"def": "place", "args": {"p": "tower", "a": "A2"}}}
    assert prompt(ctx, node) == "metti torre in A2"


def test_the_italian_game_labels_its_options_in_italian():
    """game.yaml's `labels` give the words of the labels' keys and values and of the
    decisions' kinds: Terraforming Mars (an Italian rulebook) offers 'gioca: ...' and
    'progetto standard: ...' ("Azione 1: giocare una carta dalla mano", "Azione 2:
    Utilizzare un progetto standard"), and the menu names the player and the decision
    in Italian."""
    import generated.terraforming_mars as tm
    from compiler.playtest.agents import _menu
    from compiler.playtest.games import Names

    names = Names(tm.RULES)
    assert names.label({"act": "play", "card": "lichen"}) == "gioca: Lichen"
    assert names.label({"act": "project", "id": "asteroid"}).startswith("progetto standard: ")
    assert names.label({"card": "lichen", "keep": True}) == "Lichen, tieni: sì"
    assert names.label({"target": None}) == "bersaglio nessuno"
    head = _menu({"player": 0, "kind": "action", "prompt": "p"}, [], names).splitlines()[0]
    assert head == "giocatore 1 · azione: p"
    english = Names(tm.RULES, "en")
    assert english.label({"act": "play", "card": "lichen"}) == "play: Lichen"
    assert english.label({"act": "end_turn"}) == "end turn"
