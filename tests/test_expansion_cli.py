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
