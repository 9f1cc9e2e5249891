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
