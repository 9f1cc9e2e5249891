"""A designer's own expansion, kept outside this repository, checked and built as a module
on top of a shipped game (issue: the validator as a product, Integration)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from compiler.pipeline import build, compile_game
from compiler.runtime import Game
from tests.conftest import ROOT, TM_RULES

MODULE = """kind: modules
records:
  - id: greenhouse_pack
    name: {en: Greenhouse pack}
    source: {doc: tm-rules-it, section: "Variante Era aziendale"}
"""
CARDS = """kind: cards
deck: project
records:
  - id: roof_garden
    number: "X01"
    name: {en: Roof Garden}
    type: automated
    cost: 9
    tags: [plant, building]
    requires: "oxygen >= 3"
    effect: "gain 1 plants production; gain 2 plants"
    vp: 1
    module: greenhouse_pack
    source: {doc: tm-rules-it, section: "Carta Progetto"}
"""


def _expansion(tmp_path: Path, cards: str = CARDS) -> Path:
    exp = tmp_path / "greenhouse"
    exp.mkdir()
    (exp / "modules.yaml").write_text(MODULE, "utf-8")
    (exp / "cards.yaml").write_text(cards, "utf-8")
    return exp


def test_expansion_checks_clean_on_top_of_the_shipped_game(tmp_path):
    comp = compile_game(_expansion(tmp_path), ROOT, base=TM_RULES)
    assert [d.format() for d in comp.diagnostics if d.severity.value == "error"] == []
    cards = comp.ir["records"]["cards"]
    assert cards["roof_garden"]["module"] == "greenhouse_pack"
    assert "capital" in cards  # a shipped card
    assert "greenhouse_pack" in comp.ir["records"]["modules"]


def test_expansion_errors_point_into_the_expansion(tmp_path):
    exp = _expansion(tmp_path, CARDS.replace("gain 2 plants", "gain 2 plantz"))
    comp = compile_game(exp, ROOT, base=TM_RULES)
    [d] = [d for d in comp.diagnostics if d.code == "R001"]
    assert d.span.path.endswith("greenhouse/cards.yaml") and d.span.line == 11
    assert "'plants'" in d.hint


def test_expansion_builds_and_its_module_adds_the_card(tmp_path):
    out = tmp_path / "out"
    comp, changed = build(_expansion(tmp_path), ROOT, out / "tm_plus", base=TM_RULES)
    assert not comp.failed() and "rules.py" in changed
    package = out / "tm_plus"  # rules.py gathers the cards from the package's parts/
    spec = importlib.util.spec_from_file_location("tm_plus", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["tm_plus"] = mod
    spec.loader.exec_module(mod)
    with_pack = Game.new(mod.RULES, players=2, modules=("greenhouse_pack",), seed=2)
    without = Game.new(mod.RULES, players=2, seed=2)
    def all_cards(g: Game) -> set[str]:
        s = g.to_json()
        return set(s["deck"]) | {c for p in s["players"] for c in p["hand"]}
    assert "roof_garden" in all_cards(with_pack)
    assert "roof_garden" not in all_cards(without)


def test_cli_checks_and_builds_an_expansion_on_a_shipped_game(tmp_path, capsys):
    from compiler.cli import main

    exp = _expansion(tmp_path)
    assert main(["check", "--rules", str(exp), "--on", "terraforming_mars"]) == 0
    assert f"ok: {exp} (an expansion of terraforming_mars) checked" in capsys.readouterr().out
    # building without --out would overwrite the shipped engine: a usage error
    assert main(["build", "--rules", str(exp), "--on", "terraforming_mars"]) == 2
    out = tmp_path / "out"
    assert main(["build", "--rules", str(exp), "--on", "terraforming_mars",
                 "--out", str(out)]) == 0
    assert any("roof_garden" in p.read_text("utf-8")  # the cards are in parts/
               for p in (out / "terraforming_mars" / "parts").glob("*.py"))
    assert main(["check", "--on", "terraforming_mars"]) == 2


def test_scenarios_play_an_expansion_compiled_on_the_fly(tmp_path, capsys):
    from compiler.cli import main

    exp = _expansion(tmp_path)
    scen = tmp_path / "roof.yaml"
    # Roof Garden (the expansion's card): +1 plant production (1 at setup -> 2), 2 plants.
    scen.write_text("scenario: Roof Garden\ngame: terraforming_mars\nplayers: 2\n"
                    "modules: [greenhouse_pack]\nseed: 1\ngiven:\n"
                    "  params.oxygen: 3\n  players.@0.hand: [roof_garden]\n"
                    "when:\n  - {act: play, card: roof_garden}\n"
                    "then:\n  players.@0.prod.plants: 2\n  players.@0.stock.plants: 2\n",
                    "utf-8")
    assert main(["test", str(scen), "--rules", str(exp), "--on", "terraforming_mars"]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    # without --rules the shipped engine has no such module: the scenario fails
    assert main(["test", str(scen)]) == 1
    assert "unknown module 'greenhouse_pack'" in capsys.readouterr().out


def test_a_negative_number_ending_a_phrase_reads_like_the_parenthesised_one(tmp_path):
    """README's "Add a card": ``temperature at least -24`` plays and prints as ``(-24)``
    does, in every language (it once printed "temperature at least − 24")."""
    from compiler.sheets import explain

    said = {}
    for form in ("-24", "(-24)"):
        cards = CARDS.replace('"oxygen >= 3"', f'"temperature at least {form}"')
        sub = tmp_path / ("paren" if "(" in form else "bare")
        sub.mkdir(exist_ok=True)
        ir = compile_game(_expansion(sub, cards), ROOT, base=TM_RULES).ir
        said[form] = {lang: explain.lines(ir, "cards", "roof_garden", lang)
                      for lang in ("en", "it")}
    assert said["-24"] == said["(-24)"]
    assert any("temperatura almeno -24 °C" in line for line in said["-24"]["it"])
    assert any("temperature at least -24 °C" in line for line in said["-24"]["en"])


def test_a_game_yaml_in_an_expansion_is_one_r004_not_a_cascade(tmp_path):
    """An expansion with a game.yaml of its own (here Love Letter's, 2-4 players): it was
    R004 "a second 'game' document" plus an R025 on the base game's solo module ("the game
    is for 2-4 players"), an R017 and a W002 against that game.yaml. It is left out, with
    one R004 at its `kind` that says to delete it."""
    exp = _expansion(tmp_path)
    game_yaml = (ROOT / "rules_data" / "love_letter" / "game.yaml").read_text("utf-8")
    (exp / "game.yaml").write_text(game_yaml, "utf-8")
    comp = compile_game(exp, tmp_path, base=TM_RULES)
    errors = [d for d in comp.diagnostics if d.severity.value == "error"]
    found = [(d.code, Path(d.span.path).name) for d in errors]
    assert found == [("R004", "game.yaml")], [d.format() for d in errors]
    assert "an expansion has no game document" in errors[0].message
    assert comp.ir["game"]["players"] == {"min": 1, "max": 5}   # Terraforming Mars's
