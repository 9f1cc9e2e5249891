"""``rulesc coverage``: provisional values and rulebook sections not yet encoded."""

from __future__ import annotations

import json

from compiler.cli import main
from compiler.coverage import cites, compilation_report, format_text
from tests.test_modules_combinations import compiled, energy, line_of


def test_provisional_values_counted_per_module_and_file(tmp_path):
    rules = energy(tmp_path)
    prov = compilation_report(compiled(rules))["provisional"]
    assert prov["total"] == 3
    assert prov["by_module"] == {"base": 1, "co2": 1, "solo_variant": 1}
    assert {k.split("/")[-1]: v for k, v in prov["by_file"].items()} == \
        {"constants.yaml": 1, "modules.yaml": 2}
    co2 = prov["values"][1]
    assert (co2["record"], co2["field"], co2["value"], co2["reason"]) == \
        ("co2", "components.co2_token.count", 40, "the box lists no count")
    assert (co2["line"], co2["col"]) == line_of(rules, "modules.yaml", "{provisional: 40")
    assert [(v["module"], v["record"], v["field"], v["value"]) for v in prov["values"]] == \
        [("base", "starting_money", "value", 5), ("co2", "co2", "components.co2_token.count", 40),
         ("solo_variant", "solo_variant", "round_limit", 10)]


def test_sections_encoded_by_exact_or_prefix_citations(tmp_path):
    sec = compilation_report(compiled(energy(tmp_path)))["sections"]
    assert (sec["declared"], sec["encoded"], sec["not_encoded"]) == (6, 4, 2)
    base = sec["documents"]["base"]
    assert base["not_encoded"] == ["Scoring", "Components"]
    assert base["unlisted"] == ["Variants"]  # cited, but not in the section list
    assert sec["documents"]["exp"]["declared"] is None  # {id: title}: no list
    assert sec["unknown_documents"] == {}


def test_citation_of_an_undeclared_document(tmp_path):
    rules = energy(tmp_path, {"resources.yaml": [("doc: rules", "doc: rulez")]})
    sec = compilation_report(compiled(rules))["sections"]
    assert sec["unknown_documents"] == {"rulez": 1}


def test_cites():
    assert cites("Turn", "Turn")
    assert cites("Turn: action cards", "Turn")
    assert cites("CO2 > Game Setup 2, 5, 6", "CO2")
    assert cites("A > B: c", "A > B") and cites("A > B: c", "A")
    assert cites("Variante Era aziendale; Carta Progetto: rimuovere", "Carta Progetto")
    assert not cites("Turnover", "Turn") and not cites("turn", "Turn")
    assert not cites("Setup", "Setup: step 2")


def test_text_report(tmp_path):
    text = format_text(compilation_report(compiled(energy(tmp_path)), "energy", "x/energy"))
    assert "coverage of energy (x/energy)" in text
    assert "provisional values: 3 (base 1, co2 1, solo_variant 1)" in text
    assert "  module co2: 1" in text
    assert "co2.components.co2_token.count = 40: the box lists no count" in text
    assert "rulebook sections: 6 declared, 4 encoded, 2 not encoded" in text
    assert "  base (Energy: base rules): 4 of 6 encoded" in text
    assert "    not encoded: Scoring\n    not encoded: Components" in text
    assert "    cited but not listed: Variants" in text


def test_cli_json_exit_zero(tmp_path, capsys):
    rules = energy(tmp_path)
    assert main(["coverage", "energy", "--rules", str(rules), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "energy" and report["errors"] == 0
    assert report["provisional"]["total"] == 3 and report["sections"]["not_encoded"] == 2


def test_cli_exit_one_when_the_game_has_errors(tmp_path, capsys):
    rules = energy(tmp_path, {"flow.yaml": [("gain 1 money", "gain 1 mony")]})
    assert main(["coverage", "energy", "--rules", str(rules)]) == 1
    out, err = capsys.readouterr()
    assert "provisional values: 3" in out and "1 error(s)" in err


def test_played_never_plays_rules_data_with_errors(tmp_path, capsys):
    """A record with a schema error is still checked (compiler.schema.prune), but rules
    data with any error is never played."""
    rules = energy(tmp_path, {"flow.yaml": [("gain 1 money", "gain 1 mony")]})
    assert main(["coverage", "energy", "--rules", str(rules), "--played", "1"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "no game was played" in err and "1 error(s)" in err


def test_terraforming_mars_encodes_every_rulebook_section(capsys):
    # game.yaml lists the rulebook's headings; every one is cited, none cited unlisted
    assert main(["coverage", "terraforming_mars"]) == 0
    out = capsys.readouterr().out
    # the two values neither the rulebook text nor the card facts give: the M€
    # production floor (printed on the player board) and the tie-break ("Il giocatore con
    # il maggior numero di VP vince la partita" says nothing of a tie)
    assert "provisional values: 2 (base 2)" in out
    assert "megacredits.production_min = -5" in out
    assert "tie_break_megacredits" in out
    assert "rulebook sections: 32 declared, 32 encoded, 0 not encoded" in out
    assert "not encoded:" not in out and "cited but not listed" not in out


def test_pampero_placeholders_are_listed_with_the_warnings_count(capsys):
    """Every W010 placeholder that `rulesc check` warns about is in the coverage report."""
    from compiler.pipeline import compile_game
    from tests.conftest import ROOT

    comp = compile_game(ROOT / "rules_data" / "pampero", ROOT)
    warned = sum(d.code == "W010" for d in comp.diagnostics)
    assert warned > 0
    assert main(["coverage", "pampero", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["placeholders"]["total"] == warned


def test_terraforming_mars_printed_cards_are_the_facts_counts(capsys):
    """The printed counts are the facts' (cards.json: 208 project cards, 13 corporations,
    base and "corpera"); `encoded` is how many of the facts' numbers have a record."""
    import pytest
    import yaml

    from tests.conftest import ROOT
    from tests.test_tm_facts import FACTS

    if not (FACTS / "cards.json").is_file():
        pytest.skip("the facts (shared/data/terraforming_mars) are not here")
    facts = json.loads((FACTS / "cards.json").read_text("utf-8"))["cards"]
    printed: dict[tuple[str, str], int] = {}
    for card in facts:
        deck = "corporations" if card["type"] == "corporation" else "project"
        key = (deck, "base" if card["module"] == "base" else "corporate_era")
        printed[key] = printed.get(key, 0) + 1
    numbers = set()
    folder = ROOT / "rules_data" / "terraforming_mars"
    for path in [*sorted((folder / "cards").glob("*.yaml")), folder / "corporations.yaml"]:
        numbers |= {r["number"] for r in yaml.safe_load(path.read_text("utf-8"))["records"]}
    assert main(["coverage", "terraforming_mars", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)["components"]
    got = {(e["deck"], e["module"] or "base"): e["printed"] for e in report["entries"]}
    assert got == printed
    assert report["printed"] == len(facts) == 221
    # every record is one printed card (Heather is "088" here, "88" in the facts)
    assert report["encoded"] == len(numbers)
    assert len(numbers - {c["card_number"] for c in facts}) <= 1


def test_an_expansion_lists_its_own_provisional_values(tmp_path, capsys):
    # the example expansion with its card's cost written provisional: coverage --on lists
    # that one value (cards.yaml:12), not the base game's (TM's M€ floor and tie-break)
    import shutil
    from pathlib import Path

    pack = tmp_path / "greenhouse_pack"
    shutil.copytree(Path(__file__).resolve().parents[1] / "docs" / "examples" /
                    "greenhouse_pack", pack)
    cards = pack / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace(
        "cost: 9", 'cost: {provisional: 9, reason: "not printed yet"}', 1), "utf-8")
    assert main(["coverage", "greenhouse_pack", "--rules", str(pack), "--on",
                 "terraforming_mars", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    values = report["provisional"]["values"]
    assert [(Path(v["path"]).name, v["line"], v["value"], v["reason"]) for v in values] == \
        [("cards.yaml", 12, 9, "not printed yet")]
    assert report["sections"]  # the base game's rulebook sections still count
    assert main(["coverage", "greenhouse_pack", "--on", "terraforming_mars"]) == 2


def test_played_with_a_player_count_the_game_does_not_allow(tmp_path, capsys):
    """QA: ``--played N --players 9`` printed a traceback; the game (energy: 1-4 players,
    its game.yaml) refuses the count as ``rulesc play`` does, exit 2."""
    rules = energy(tmp_path)
    args = ["coverage", "energy", "--rules", str(rules), "--played", "1"]
    assert main([*args, "--players", "5"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.strip() == "rulesc coverage: --players: this game is for 1-4 players, not 5"
    assert main([*args, "--players", "0"]) == 2
    assert "not 0" in capsys.readouterr().err


def test_played_needs_one_game_or_more(tmp_path, capsys):
    """QA: ``--played 0`` and ``--played -1`` played one game and exited 0."""
    rules = energy(tmp_path)
    for n in ("0", "-1"):
        assert main(["coverage", "energy", "--rules", str(rules), "--played", n]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == "rulesc coverage: --played must be at least 1\n"


def test_played_rules_that_never_end_are_a_rules_failure(tmp_path, capsys):
    """Rules ``check`` accepts can loop in play (a phase that never ends): said as
    ``rulesc play`` says it, with the rules' file, exit 1, no traceback."""
    rules = energy(tmp_path, {"flow.yaml": [(
        'each_player: "gain 1 money", source',
        'each_player: "while money >= 0: gain 1 money", source')]})
    assert main(["coverage", "energy", "--rules", str(rules), "--played", "1"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.startswith("rulesc coverage: rules failure: ") and "flow.yaml" in err


def test_rules_folder_not_found(tmp_path, capsys):
    """QA: ``--rules`` naming no folder said "no game 'x' (games: <the folder's name>)";
    as every other command, it is L012 at the folder, exit 1."""
    missing = tmp_path / "nonexist"
    assert main(["coverage", "tiny", "--rules", str(missing)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and f"{missing}:1:1: error[L012]: rules folder not found" in err


def test_played_fills_in_what_the_player_count_needs(capsys):
    """QA: `--played 1 --players 1` in Terraforming Mars (the solo variant is the
    1-player game and needs the Corporate Era: "Variante in solitario 'Era
    corporativa'") printed a traceback, then "needs module 'solo' (--modules solo)", an
    option coverage does not have. Each selection now gets what it needs, each once."""
    assert main(["coverage", "terraforming_mars", "--played", "1", "--players", "1"]) == 0
    heads = [line for line in capsys.readouterr().out.splitlines() if line.startswith("==")]
    assert heads and all("corporate_era" in h and "solo" in h for h in heads), heads
    assert len(heads) == len(set(heads))
