"""Game logs, ``rulesc replay`` and the golden logs of tests/golden."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from compiler.cli import main
from compiler.playtest import golden
from compiler.playtest.gamelog import read_log
from compiler.playtest.games import game_package
from tests.conftest import ROOT

GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.jsonl"))


def test_golden_logs_are_up_to_date():
    diffs = golden.check(write=False)
    assert not diffs, ("golden logs differ; if the change is meant, run "
                       "`python -m compiler.playtest.golden`\n" + "\n".join(diffs)[:4000])


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_log_replays(path, capsys):
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "the final scores match" in capsys.readouterr().out


def test_every_shipped_game_has_a_golden_log():
    assert {read_log(p).game for p in GOLDEN} == {"terraforming_mars", "pampero", "love_letter"}


def test_replay_shows_each_step_in_the_game_language(capsys):
    path = ROOT / "tests" / "golden" / "terraforming_mars-2p-base-s1.jsonl"
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    log = read_log(path)
    first = log.steps[0]
    assert first["kind"] == "action" and first["option"]["act"] == "play"
    rules = game_package("terraforming_mars").RULES
    labels = rules["game"]["labels"]   # game.yaml's label words
    game = game_package("terraforming_mars").new_game(players=2, seed=log.seed)
    prompt = game.pending()["prompt"]
    names = rules["records"]["cards"][first["option"]["card"]]["name"]
    # players numbered from 1 (the log keeps the engine's 0-based index); the decision's
    # kind by its label and its prompt, as `rulesc play` asks it; the option by its names
    assert lines[0] == (f"    0  giocatore {first['player'] + 1} · {labels['action']['it']}: "
                        f"{prompt} → {labels['play']['it']}: {names.get('it', names['en'])}")
    assert len(lines) == log.end["steps"] + 1
    sold = next(line for line in lines if f"· {labels['sell_card']['it']}: " in line)
    assert "sell_card" not in "\n".join(lines) and "player " not in sold


def test_replay_names_a_kind_without_a_label_in_words(capsys):
    """A kind Pampero gives no label reads as its id with spaces, and its prompt says
    what is asked."""
    assert main(["replay", str(ROOT / "tests" / "golden" / "pampero-2p-base-s1.jsonl")]) == 0
    lines = capsys.readouterr().out.splitlines()
    tile = next(line for line in lines if "· discard tile: " in line)
    # a space with no name reads as its id and the named records it points to
    assert re.search(r"^ +\d+  player \d · discard tile: \S.* → space tb_\w+ "
                     r"\(tower bonus board, zone [ABC]\)$", tile), tile
    assert not any("discard_tile" in line for line in lines)



def test_replay_words_a_labelled_decision(capsys):
    """Pampero's game.yaml labels the Green Hydrogen replacement ("Instead of advancing the
    energy marker ... Move the H2 track marker"): the kind and the count replaced read as
    words, not as the ids ``replace`` and ``instead``."""
    assert main(["replay", str(ROOT / "tests" / "golden" / "pampero-3p-all-s2.jsonl")]) == 0
    lines = capsys.readouterr().out.splitlines()
    replaced = [line for line in lines if "· replace units gained: gain " in line]
    assert replaced, "the log has no replacement decision"
    assert all(re.search(r"→ units replaced \d+$", line) for line in replaced), replaced
    assert not any(" replace: " in line or "→ instead " in line for line in lines)

TM_LOG = ROOT / "tests" / "golden" / "terraforming_mars-2p-base-s1.jsonl"


def _card_played(path: Path) -> dict:
    """The first step after the first that plays a card (golden logs change with the
    rules: the test finds its step)."""
    return next(s for s in read_log(path).steps if s["step"] > 0 and
                isinstance(s["option"], dict) and s["option"].get("act") == "play")


def test_replay_jumps_to_a_step(capsys):
    step = _card_played(TM_LOG)
    card = step["option"]["card"]
    name = game_package("terraforming_mars").RULES["records"]["cards"][card]["name"]
    assert main(["replay", str(TM_LOG), "--step", str(step["step"])]) == 0
    out = capsys.readouterr().out
    # players numbered from 1, the decision in the game's words
    labels = game_package("terraforming_mars").RULES["game"]["labels"]
    assert out.startswith(f"passo {step['step']}: giocatore {step['player'] + 1} · "
                          f"{labels['action']['it']}: ")
    play = labels["play"]["it"]
    assert re.search(rf"^\s+\d+\. {play}: {re.escape(name['en'])}$", out, re.M)


def test_an_illegal_step_is_named(tmp_path, capsys):
    rows = (ROOT / "tests" / "golden" / "pampero-2p-base-s1.jsonl").read_text().splitlines()
    step = json.loads(rows[6])
    step["option"] = {"act": "play", "card": "no_such_card", "row": "top"}
    rows[6] = json.dumps(step)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(rows) + "\n")
    assert main(["replay", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "diverges at step 5: option" in out and "is not legal" in out


def test_changed_rules_stop_at_the_first_diverging_step(tm_copy: Path, capsys):
    """The card the golden log plays first (after step 0) made unaffordable."""
    step = _card_played(TM_LOG)
    card = step["option"]["card"]
    for f in tm_copy.glob("cards/*.yaml"):
        text = f.read_text()
        if f"id: {card}\n" in text:
            at = text.index(f"id: {card}\n")
            cost = re.compile(r"cost: \d+").search(text, at)
            assert cost is not None
            f.write_text(text[:cost.start()] + "cost: 99" + text[cost.end():])
    assert main(["replay", str(TM_LOG), "--rules", str(tm_copy), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert f"diverges at step {step['step']}:" in out and card in out


def test_a_different_ending_is_reported(tmp_path, capsys):
    rows = (ROOT / "tests" / "golden" / "pampero-2p-base-s1.jsonl").read_text().splitlines()
    end = json.loads(rows[-1])
    end["scores"]["players"][0]["total"] += 1
    rows[-1] = json.dumps(end)
    bad = tmp_path / "end.jsonl"
    bad.write_text("\n".join(rows) + "\n")
    assert main(["replay", str(bad), "--quiet"]) == 1
    assert "the final scores differ: player 1 total" in capsys.readouterr().out


@pytest.mark.parametrize("text, message", [
    ("", "not a rulesc game log"),
    ("{nope\n", "not JSON"),
    ('{"log": "rulesc-game", "game": "pampero"}\n', "the header has no 'players'"),
    ('{"log": "rulesc-game", "game": "pampero", "players": 2, "modules": [], "seed": 1}\n'
     '{"step": 4, "option": 1}\n', "expected step 0"),
])
def test_bad_logs_are_usage_errors(tmp_path, capsys, text, message):
    path = tmp_path / "log.jsonl"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    assert message in capsys.readouterr().err


def test_a_log_of_a_game_not_here_says_where_to_replay_it(tmp_path, capsys, monkeypatch):
    """A log of a designer's game replayed away from its build said only "unknown game
    'tiny' (games: ...)": the hint now says where to run it, or to give --rules (as
    ``rulesc test`` does)."""
    log = tmp_path / "log.jsonl"
    log.write_text('{"log": "rulesc-game", "game": "tiny", "players": 2, "modules": [], '
                   '"seed": 1}\n')
    monkeypatch.chdir(tmp_path)
    assert main(["replay", str(log)]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'tiny'" in err
    assert f"`rulesc replay {log} --rules PATH`" in err


def test_played_game_log_replays(tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    assert main(["play", "pampero", "--players", "3", "--seed", "4", "--json",
                 "--log", str(log)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert main(["play", "pampero", "--players", "3", "--seed", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == played  # --log changes nothing
    assert read_log(log).end["scores"]["winner"] == played["winner"]
    assert main(["replay", str(log), "--quiet"]) == 0


def test_a_card_action_is_numbered_from_1():
    """README: text output numbers from 1. A card's action is chosen as the index of its
    ``actions`` list (``[0 .. count card.actions - 1]``): the first action reads
    "azione n. 1"; the log keeps the engine's 0."""
    from compiler.playtest.games import Names
    rules = game_package("terraforming_mars").RULES
    assert "index" in rules["position_labels"]
    label = Names(rules).label({"act": "card_action", "card": "search_for_life", "index": 0})
    assert label.endswith(", azione n. 1"), label
    assert "amount" not in rules["position_labels"]   # a number X is not a position


def test_a_step_past_the_end_shows_the_count_and_a_negative_step_is_refused(capsys):
    """Past the last step the game is over: the count reads as `rulesc play` prints it
    (the game's words, no JSON); a negative step is a usage error."""
    assert main(["replay", str(TM_LOG), "--step", "9999"]) == 0
    cap = capsys.readouterr()
    out = cap.out
    assert "--step 9999 is past the log's end" in cap.err
    assert "la partita è finita" in out and "vincitore: giocatore" in out
    assert "{" not in out and "totale" in out
    assert main(["replay", str(TM_LOG), "--step", "-1"]) == 2
    assert "--step -1" in capsys.readouterr().err


def test_the_count_past_the_end_is_the_table_play_prints(tmp_path, capsys):
    """Pampero (rounds called years, module steps naming score columns): the table after
    the last step is line for line the one `rulesc play` printed for that game."""
    log = tmp_path / "p.jsonl"
    assert main(["play", "pampero", "--players", "2", "--modules", "co2", "--seed", "3",
                 "--log", str(log)]) == 0
    played = capsys.readouterr().out.splitlines()
    assert main(["replay", str(log), "--step", "9999"]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[1:] == played and any(line.startswith("years: ") for line in played)


@pytest.mark.parametrize("field, value, said", [
    ("seed", "abc", "header 'seed': \"abc\" is not a whole number"),
    ("modules", "solo", "header 'modules': \"solo\" is not a list of module ids"),
    ("players", True, "header 'players': true is not a whole number"),
    ("game", None, "header 'game': null is not a game id"),
])
def test_a_mistyped_header_field_is_named(field, value, said, tmp_path, capsys):
    """A header field of the wrong type is named with its value (it once read "header
    lacks or mistypes invalid literal for int()", and a text `modules` became a list of
    its letters)."""
    lines = GOLDEN[0].read_text("utf-8").splitlines()
    head = json.loads(lines[0])
    head[field] = value
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n", "utf-8")
    assert main(["replay", str(bad), "--quiet"]) == 2
    assert f"bad.jsonl:1: {said}" in capsys.readouterr().err
    del head[field]
    bad.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n", "utf-8")
    assert main(["replay", str(bad), "--quiet"]) == 2
    assert f"bad.jsonl:1: the header has no '{field}'" in capsys.readouterr().err


def test_a_step_tells_two_cards_of_one_name_apart(tmp_path, capsys):
    """Pampero's two basic "Build a wind farm" cards (#A1, #A2: "Your eight basic cards")
    read alike: the options at a step, and the option a step took, say which one."""
    log = tmp_path / "game.jsonl"
    assert main(["play", "pampero", "--seed", "1", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "6"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert "  2. play: Build a wind farm, top row (#A1)" in rows
    assert "  4. play: Build a wind farm, top row (#A2)" in rows
    assert len(rows[1:]) == len(set(rows[1:]))
