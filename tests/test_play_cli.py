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
    assert {"winner", "scores", "generations", "actions"} <= set(result)
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
    assert "total" in out and "winner:" in out


def test_all_modules_for_one_player_includes_solo(capsys):
    code, out, _ = _play(capsys, "--players", "1", "--modules", "all", "--seed", "3", "--json")
    result = json.loads(out)
    assert code == 0 and "solo" in result["modules"] and "solo" in result
    assert result["generations"] <= 14


def test_all_modules_for_three_players_leaves_solo_out(capsys):
    code, out, _ = _play(capsys, "--players", "3", "--modules", "all", "--seed", "3", "--json")
    assert code == 0 and "solo" not in json.loads(out)["modules"]


@pytest.mark.parametrize("args", [["--modules", "nope"], ["--modules", "solo"],
                                  ["--players", "9"]])
def test_usage_errors_exit_2_with_one_line(capsys, args):
    code, out, err = _play(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_unknown_game_exit_2(capsys):
    assert main(["play", "no_such_game"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_one_player_needs_the_solo_variant(capsys):
    # The rulebook's only one-player rules are "Variante in solitario 'Era corporativa'".
    assert main(["play", "terraforming_mars", "--players", "1"]) == 2
    assert "needs module 'solo'" in capsys.readouterr().err
    assert main(["play", "terraforming_mars", "--players", "1", "--modules", "solo"]) == 2
    assert "requires module 'corporate_era'" in capsys.readouterr().err
