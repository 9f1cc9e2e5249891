"""The commands on a designer's expansion (``--rules PATH --on GAME``): ``play`` plays it
compiled now, and a built engine without the expansion's module says how to."""

from __future__ import annotations

import json

from tests.test_expansion_layer import _expansion


def test_play_an_expansion_compiled_now(tmp_path, capsys):
    from compiler.cli import main

    exp = _expansion(tmp_path)
    code = main(["play", "terraforming_mars", "--rules", str(exp), "--on",
                 "terraforming_mars", "--modules", "greenhouse_pack", "--seed", "1",
                 "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "greenhouse_pack" in json.loads(out)["modules"]


def test_play_of_an_unknown_module_names_rules_and_on(capsys):
    from compiler.cli import main

    assert main(["play", "terraforming_mars", "--modules", "greenhouse_pack"]) == 2
    err = capsys.readouterr().err
    assert "unknown module 'greenhouse_pack'" in err
    assert "--rules PATH --on terraforming_mars --modules ID" in err


def test_a_printed_count_changed_by_the_expansion_points_at_its_record(tmp_path):
    """W002 caused by an expansion's extra record is at that record (in the designer's
    file), the shipped printed count a note, with what to do."""
    from compiler.pipeline import compile_game
    from tests.conftest import ROOT, TM_RULES
    from tests.test_expansion_layer import CARDS

    exp = _expansion(tmp_path, CARDS.replace("    module: greenhouse_pack\n", ""))
    comp = compile_game(exp, ROOT, base=TM_RULES)
    [d] = [d for d in comp.diagnostics if d.code == "W002"]
    assert d.span.path.endswith("greenhouse/cards.yaml") and d.span.line == 4
    assert d.related and d.related[0].path.endswith("terraforming_mars/game.yaml")
    assert "the shipped game prints 137 project cards" in d.message
    assert "'module: <your module>'" in d.hint


def test_an_expansion_checked_without_on_says_to_give_on(tmp_path, capsys):
    from compiler.cli import main

    exp = _expansion(tmp_path)
    assert main(["check", "--rules", str(exp)]) == 1
    cap = capsys.readouterr()
    err = cap.err + cap.out
    assert "error[R016]: the game has no 'game' document" in err
    assert "check it with --on GAME" in err


def test_building_an_expansion_counts_the_base_game_warnings_apart(tmp_path, capsys):
    """The expansion has no warning of its own; Terraforming Mars's own (its W002
    printed counts) are told with the command that lists them, not with the expansion's
    check (which lists only the expansion's)."""
    from compiler.cli import main

    exp = _expansion(tmp_path)
    assert main(["build", "--rules", str(exp), "--on", "terraforming_mars",
                 "--out", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert "of terraforming_mars not shown; `rulesc check terraforming_mars` lists them" \
        in err
    assert "--on terraforming_mars` lists them" not in err


def test_a_missing_rules_folder_is_l012_not_an_unknown_game(tmp_path, capsys):
    """``--rules`` naming a folder that does not exist is reported as ``check`` reports
    it (L012, exit 1), not as "no game 'love_letter' (games: nonexist)"."""
    from compiler.cli import main

    missing = str(tmp_path / "nonexist")
    scen = tmp_path / "s.yaml"
    scen.write_text("scenario: s\ngame: love_letter\nplayers: 2\nthen:\n  over: false\n")
    for args in (["play", "love_letter", "--rules", missing, "--on", "love_letter"],
                 ["explain", "love_letter", "guard", "--rules", missing],
                 ["test", str(scen), "--rules", missing, "--on", "love_letter"]):
        assert main(args) == 1, args
        err = capsys.readouterr().err
        assert "error[L012]: rules folder not found" in err and "games:" not in err


def test_on_without_rules_is_a_usage_error_everywhere(tmp_path, capsys):
    """``--on GAME`` layers the ``--rules`` expansion on GAME: without ``--rules`` it
    would be ignored (play, replay and test once played the plain game)."""
    from compiler.cli import main

    scen = tmp_path / "s.yaml"
    scen.write_text("scenario: s\ngame: love_letter\nplayers: 2\nthen:\n  over: false\n")
    for args in (["play", "love_letter", "--on", "love_letter"],
                 ["replay", str(scen), "--on", "love_letter"],
                 ["test", str(scen), "--on", "love_letter"]):
        assert main(args) == 2, args
        assert "--on GAME needs --rules PATH" in capsys.readouterr().err
