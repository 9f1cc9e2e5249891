"""``rulesc simulate``: rows, report, reproducibility, and the Ray backend."""

from __future__ import annotations

import csv
import json

import pytest

from compiler.cli import main
from compiler.playtest import stats
from compiler.playtest.simulate import plan, run


def _rows(path):
    with path.open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_two_selections_side_by_side(tmp_path, capsys):
    out = tmp_path / "sim"
    code = main(["simulate", "pampero", "--games", "4", "--players", "3", "--modules", "",
                 "--modules", "companies", "--seed", "5", "--out", str(out), "--workers", "2"])
    assert code == 0
    rows = _rows(out / "rows.csv")
    assert [r["selection"] for r in rows] == ["base"] * 4 + ["companies"] * 4
    assert [int(r["seed"]) for r in rows] == [5, 6, 7, 8] * 2
    assert {"score_0", "score_1", "score_2", "winner", "length", "used_0"} <= set(rows[0])
    summary = json.loads((out / "summary.json").read_text())
    assert list(summary) == ["base", "companies"] and summary["base"]["games"] == 4
    page = (out / "report.html").read_text()
    for png in ("scores", "seat_wins", "first_seat", "length", "lift_0", "lift_1"):
        assert f'src="{png}.png"' in page and (out / f"{png}.png").stat().st_size > 1000
    said = capsys.readouterr().out
    assert "companies: 4 games" in said
    assert f"wrote {out / 'rows.csv'}, {out / 'summary.json'} and " in said


def test_same_seed_same_rows_whatever_the_workers(tmp_path):
    args = ["simulate", "terraforming_mars", "--games", "3", "--seed", "9"]
    assert main([*args, "--out", str(tmp_path / "a"), "--workers", "1"]) == 0
    assert main([*args, "--out", str(tmp_path / "b"), "--workers", "2"]) == 0
    assert (tmp_path / "a" / "rows.csv").read_text() == (tmp_path / "b" / "rows.csv").read_text()


def test_rows_record_what_the_game_did():
    (row,) = run(plan("terraforming_mars", 2, ["corporate_era"], 1, 3), workers=1)
    assert row["modules"] == "corporate_era" and row["agents"] == "random,random"
    assert row["winner"] and row["length"] > row["actions"] > 0
    assert json.loads(row["used_0"]) or json.loads(row["used_1"])  # cards played


@pytest.mark.parametrize("args, message", [
    (["--modules", "nope"], "unknown module 'nope'"), (["--games", "0"], "at least 1"),
    # a human seat cannot sit a batch of games (it said "unknown agent 'human' (agents:
    # human, random)", naming 'human' among the agents it refused)
    (["--agents", "human"], "no human seat in simulate: its agents are: random"),
    # once accepted silently: no worker at all, a Ray address the local backend ignores,
    # and a module for another player count, refused before any game is played
    (["--workers", "0"], "--workers must be at least 1"),
    (["--address", "auto"], "--address needs --backend ray"),
    (["--players", "9"], "this game is for"),
])
def test_usage_errors(tmp_path, capsys, args, message):
    assert main(["simulate", "pampero", "--out", str(tmp_path), *args]) == 2
    assert message in capsys.readouterr().err


def test_ray_rows_equal_local_rows():
    pytest.importorskip("ray")
    jobs = plan("terraforming_mars", 3, ["", "corporate_era"], 2, 11)
    assert run(jobs, backend="ray") == run(jobs, backend="local", workers=1)


def test_wilson_interval_and_shared_ties():
    rate, low, high = stats.wilson(5, 10)
    assert rate == 0.5 and 0.23 < low < 0.24 and 0.76 < high < 0.77
    for n in range(1, 60):  # the interval holds the rate, also when every game is won
        for wins in (0, n / 2, n):
            rate, low, high = stats.wilson(wins, n)
            assert 0.0 <= low <= rate <= high <= 1.0, (wins, n)
    rows = [{"players": 2, "winner": "0,1", "first_seat": 0, "used_0": '["a"]',
             "used_1": "[]"}, {"players": 2, "winner": "0", "first_seat": 1,
                               "used_0": '["a"]', "used_1": '["b"]'}]
    assert [w[0] for w in stats.seat_wins(rows)] == [0.75, 0.25]
    assert stats.first_seat(rows)[0] == 0.25
    lifts = {e["id"]: e["lift"] for e in stats.lift(rows, min_seats=1)}
    assert lifts == {"a": 0.25, "b": -0.5}


def test_an_out_that_is_a_file_is_refused_before_playing(tmp_path, capsys):
    (tmp_path / "afile").write_text("", "utf-8")
    code = main(["simulate", "love_letter", "--games", "1", "--out", str(tmp_path / "afile")])
    out, err = capsys.readouterr()
    assert code == 2 and "--out:" in err and "is a file" in err


def test_without_the_playtest_extra_nothing_is_played_or_written(tmp_path, capsys,
                                                                 monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    out = tmp_path / "sim"
    status = main(["simulate", "love_letter", "--games", "2", "--out", str(out)])
    err = capsys.readouterr().err
    assert status == 2
    assert "playtest" in err and "matplotlib" in err
    assert not out.exists()


def test_the_report_says_the_games_title_and_record_names(tmp_path):
    """A publisher reads the game's title ("Love Letter", not ``love_letter``), and the
    records of the lift chart by their names: the cards in Love Letter's discards (its
    ``active`` entry), Terraforming Mars's cards and corporations (card #141 "Power
    Plant", corporation "Tharsis Republic")."""
    import generated.love_letter as ll
    import generated.terraforming_mars as tm
    from compiler.cli.cmd_simulate import _record_name
    from compiler.playtest.games import Names

    out = tmp_path / "sim"
    assert main(["simulate", "love_letter", "--games", "6", "--players", "3",
                 "--out", str(out), "--workers", "1"]) == 0
    page = (out / "report.html").read_text()
    assert "<h1>Love Letter, 3 players, 6 games per selection, seed 1</h1>" in page
    assert "Win-rate lift of the records used, base:" in page
    import matplotlib.pyplot as plt

    assert plt.get_fignums() == []   # the plots are closed once saved
    assert _record_name(ll.RULES, Names(ll.RULES, "en"))("king") == "King"
    name = _record_name(tm.RULES, Names(tm.RULES, "en"))
    assert (name("power_plant"), name("tharsis_republic")) == ("Power Plant",
                                                               "Tharsis Republic")
