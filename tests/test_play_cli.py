"""``rulesc play``: a whole game with the random agent, as a table or JSON."""

from __future__ import annotations

import json

import pytest

from compiler.cli import main
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(not (ROOT / "generated" / "terraforming_mars").is_dir(),
                                reason="generated/terraforming_mars not built")


def _play(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["play", "terraforming_mars", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_result(capsys):
    code, out, _ = _play(capsys, "--players", "3", "--seed", "2", "--json")
    assert code == 0
    result = json.loads(out)
    assert {"winner", "scores", "rounds", "actions"} <= set(result)
    assert len(result["scores"]) == 3
    for row in result["scores"]:
        assert row["total"] == sum(row["breakdown"].values())
        assert set(row["breakdown"]) == {"tr", "milestones", "awards", "greenery", "cities",
                                         "cards"}


def test_same_seed_same_output(capsys):
    first = _play(capsys, "--players", "2", "--seed", "7", "--json")[1]
    assert _play(capsys, "--players", "2", "--seed", "7", "--json")[1] == first


def test_text_table(capsys):
    code, out, _ = _play(capsys, "--players", "2", "--modules", "corporate_era", "--seed", "1")
    assert code == 0
    assert "totale" in out and "vincitore:" in out   # the game's language (its labels)


def test_all_modules_for_one_player_includes_solo(capsys):
    code, out, _ = _play(capsys, "--players", "1", "--modules", "all", "--seed", "3", "--json")
    result = json.loads(out)
    assert code == 0 and "solo" in result["modules"] and "solo" in result
    assert result["rounds"] <= 14


def test_all_modules_for_three_players_leaves_solo_out(capsys):
    code, out, err = _play(capsys, "--players", "3", "--modules", "all", "--seed", "3", "--json")
    assert code == 0 and "solo" not in json.loads(out)["modules"]
    # the solo variant is for 1 player (rulebook, "Variante in solitario"): said on stderr
    assert "'all' left out module(s) solo (module 'solo' is for 1 player, not 3)" in err


@pytest.mark.parametrize("args", [["--modules", "nope"], ["--modules", "solo"],
                                  ["--players", "9"]])
def test_usage_errors_exit_2_with_one_line(capsys, args):
    code, out, err = _play(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_unknown_game_exit_2(capsys):
    assert main(["play", "no_such_game"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_one_player_fills_in_the_solo_variant_and_says_so(capsys):
    # The rulebook's only one-player rules are "Variante in solitario 'Era corporativa'":
    # one player needs solo (required_for_players), solo requires corporate_era.
    code, out, err = _play(capsys, "--players", "1", "--seed", "1", "--json")
    result = json.loads(out)
    assert code == 0 and result["modules"] == ["corporate_era", "solo"] and "solo" in result
    assert err == ("rulesc play: added module(s) solo (a 1-player game needs it), "
                   "corporate_era (solo requires it)\n")
    code, out, err = _play(capsys, "--players", "1", "--modules", "solo", "--seed", "1")
    # the count's first line names the variants as the rulebook does
    assert code == 0 and "varianti: Era corporativa, Variante in solitario" in out
    assert err == "rulesc play: added module(s) corporate_era (solo requires it)\n"


def test_nothing_added_says_nothing(capsys):
    code, _, err = _play(capsys, "--players", "2", "--modules", "corporate_era", "--seed", "1")
    assert code == 0 and err == ""


def test_text_numbers_players_from_1_and_names_the_rounds(capsys):
    code, out, _ = _play(capsys, "--players", "2", "--seed", "1")
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith("generazioni: ")
    assert [ln.split()[0] for ln in lines[3:5]] == ["1", "2"]
    assert lines[5].startswith("vincitore: giocatore ") and lines[5][-1] in "12"
    code = main(["play", "pampero", "--players", "3", "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0 and out.splitlines()[1].startswith("years: ") and "generation" not in out


def test_json_names_the_round_and_keeps_engine_indexes(capsys):
    result = json.loads(_play(capsys, "--players", "2", "--seed", "1", "--json")[1])
    assert result["round"] == {"name": "generation", "count": result["rounds"]}
    assert [r["player"] for r in result["scores"]] == [0, 1]


def test_score_columns_keep_one_order_whatever_the_game():
    from compiler.cli.scores import columns
    rules = {"flow": {"scoring": [{"id": "tr"}, {"id": "cards"}]},
             "records": {"actions": {"fees": {}}}}
    rows = [{"breakdown": {"zeta": 1, "cards": 2, "fees": 3, "tr": 4}},
            {"breakdown": {"alpha": 1, "tr": 4}}]
    assert columns(rules, rows) == ["tr", "cards", "fees", "alpha", "zeta"]
    assert columns(rules, rows[::-1]) == columns(rules, rows)


@pytest.mark.parametrize("where", ["missing/x.jsonl", "afile/x.jsonl", "."])
def test_a_log_that_cannot_be_written_is_refused_before_playing(where, tmp_path, capsys):
    (tmp_path / "afile").write_text("", "utf-8")
    code = main(["play", "love_letter", "--log", str(tmp_path / where)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "rulesc play: --log:" in err


def test_a_log_that_fails_to_write_is_one_line_and_exit_1(tmp_path, capsys, monkeypatch):
    """A disk that fills up (or a read-only file, refused before playing when it can be
    seen) while the log is written: one line naming the file and why, exit 1, no
    traceback (it was an OSError traceback)."""
    from compiler.playtest.gamelog import GameLog

    def full(self, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(GameLog, "save", full)
    code = main(["play", "love_letter", "--seed", "1", "--log", str(tmp_path / "g.jsonl")])
    err = capsys.readouterr().err
    assert code == 1
    assert err.endswith(f"rulesc play: --log: cannot write {tmp_path / 'g.jsonl'}: "
                        "No space left on device\n")


def test_score_columns_are_named_in_the_games_language():
    """A column is the name of its step, of the scoring line's ``line_names`` entry or of
    the record with that id, in the game's language; else its id with spaces."""
    from compiler.cli.scores import column_names, table
    rules = {"game": {"language": "it"},
             "flow": {"setup": [{"id": "start", "name": {"en": "start", "it": "inizio"}}],
                      "scoring": [{"id": "money", "lines": {}, "line_names":
                                   {"fees": {"en": "fees", "it": "tariffe"}}}]},
             "records": {"tracks": {"tr": {"name": {"it": "NT", "en": "TR"}}}}}
    assert column_names(rules) == {"start": "inizio", "fees": "tariffe", "tr": "NT"}
    assert column_names(rules, "en")["start"] == "start"
    result = {"game": "g", "player_count": 1, "modules": [], "seed": 1, "winner": [],
              "scores": [{"player": 0, "total": 3, "breakdown": {
                  "start": 1, "fees": 1, "tr": 1, "pay_back_investors": 0}}],
              "results": {"solo": {"won": False, "rule": "won only if X"}}}
    text = table(result, rules)
    assert "player  inizio  NT  tariffe  pay back investors  total" in text
    assert "solo: not won (won only if X)" in text


def test_results_are_named_by_the_games_labels():
    """A result flow.yaml declares reads as the game's label ``score_<key>`` (and a flag
    as ``score_<flag>`` / ``score_not_<flag>``); a game with none shows the key."""
    from compiler.cli.scores import table
    labels = {"score_actions": {"it": "azioni", "en": "actions"},
              "score_solo": {"it": "variante in solitario"},
              "score_not_won": {"it": "non vinta"}}
    rules = {"game": {"language": "it", "labels": labels}}
    result = {"game": "g", "player_count": 1, "modules": [], "seed": 1, "winner": [],
              "scores": [{"player": 0, "total": 3, "breakdown": {}}],
              "results": {"actions": 165, "turn_count": 2,
                          "solo": {"won": False, "rule": "won only if X"}}}
    text = table(result, rules)
    assert ", azioni: 165, turn count: 2" in text and "actions" not in text
    assert "variante in solitario: non vinta (won only if X)" in text


def test_terraforming_mars_results_are_in_italian(capsys):
    assert main(["play", "terraforming_mars", "--players", "2", "--seed", "1"]) == 0
    second = capsys.readouterr().out.splitlines()[1]
    assert second.startswith("generazioni: ") and ", azioni: " in second


def test_terraforming_mars_solo_result_is_in_italian(capsys):
    """The solo rule ("Il vostro obiettivo è completare la terraformazione prima della fine
    della generazione 14") is a text per language in flow.yaml: no English in Italian."""
    assert main(["play", "terraforming_mars", "--players", "1", "--seed", "1"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("variante in solitario: ")
    assert "(vinta solo se la terraformazione è completata prima della fine della " \
           "generazione 14)" in last and "won only" not in last
    result = {"game": "g", "player_count": 1, "modules": [], "seed": 1, "rounds": 1,
              "scores": [{"player": 0, "total": 1, "breakdown": {}}], "winner": [],
              "results": {"solo": {"won": True, "rule": {"it": "solo se X", "en": "only if X"}}}}
    from compiler.cli.scores import table
    assert "solo: won (only if X)" in table(result, {"game": {"language": "en"}})


def test_pampero_score_columns_have_names(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")   # wide enough for one column per line
    code = main(["play", "pampero", "--players", "2", "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0
    head = next(line for line in out.splitlines() if line.startswith("player "))
    assert "starting money" in head and "investors paid back" in head and "_" not in head


def test_a_one_player_module_says_one_player(capsys):
    assert main(["play", "terraforming_mars", "--players", "2", "--modules", "solo"]) == 2
    assert "module 'solo' is for 1 player, not 2" in capsys.readouterr().err


def test_a_wide_score_table_is_transposed_and_keeps_every_declared_line():
    """Pampero with every module: too many score lines for 100 columns, so one row per
    line and one column per player; the lines flow.yaml's scoring declares (fees,
    sales...) are there in every game, 0 when nothing was booked under them."""
    from compiler.cli.scores import table
    from compiler.playtest.games import game_package
    rules = game_package("pampero").RULES
    result = {"game": "pampero", "player_count": 2, "modules": [], "seed": 1,
              "rounds": 7, "winner": [1],
              "scores": [{"player": p, "total": 10 + p, "breakdown": {"income": 5 + p}}
                         for p in range(2)]}
    text = table(result, rules, width=60)
    lines = text.splitlines()
    assert all(len(line) <= 60 for line in lines[1:])
    assert lines[2].split() == ["player", "1", "2"]
    for name in ("income markers", "fees", "sales", "mat", "actions"):
        assert any(line.split()[:-2] == name.split() for line in lines), name
    assert any(line.split() == ["income", "markers", "5", "6"] for line in lines)
    assert any(line.split() == ["fees", "0", "0"] for line in lines)
    wide = table(result, rules, width=1000).splitlines()[2]
    assert wide.split()[:2] == ["player", "income"] and "fees" in wide   # not transposed


def test_pampero_all_modules_table_fits_100_columns(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["play", "pampero", "--players", "4", "--modules", "all", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 100 for line in out[1:])


def test_rules_that_never_reach_a_decision_are_a_rules_failure_not_a_usage_error(
        tmp_path, capsys):
    """A phase that loops for ever (``while true: skip``) stops at the statement bound:
    that is the rules' failure (exit 1, "rules failure"), as an endless game is; exit 2
    stays for what the command line got wrong (a player count the game does not allow)."""
    import shutil

    rules = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", rules)
    flow = rules / "flow.yaml"
    flow.write_text(flow.read_text("utf-8").replace(
        "  - {id: income, each_player: \"gain 1 money\"}",
        "  - {id: income, each_player: \"gain 1 money\"}\n"
        "  - {id: spin, do: \"while true: skip\"}"), "utf-8")
    assert main(["play", "mini", "--rules", str(rules)]) == 1
    err = capsys.readouterr().err
    assert "rules failure: more than" in err and "flow.yaml" in err
    assert main(["play", "mini", "--rules", str(rules), "--players", "9"]) == 2
    assert "this game is for 1-4 players, not 9" in capsys.readouterr().err
