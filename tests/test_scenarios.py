"""Every rules scenario under tests/scenarios/ passes (`rulesc test` on each file), and a
failing expectation is reported with the scenario file and the expectation's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.cli import main
from compiler.scenario import run_file
from tests.conftest import ROOT

SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path):
    outcome = run_file(path, path.relative_to(ROOT).as_posix())
    assert outcome.passed, "\n".join(f.format() for f in outcome.failures)


def test_failure_names_file_and_line(tmp_path, capsys):
    bad = tmp_path / "wrong.yaml"
    bad.write_text("scenario: wrong on purpose\ngame: terraforming_mars\nplayers: 2\n"
                   "seed: 1\nthen:\n  params.oxygen: 0\n  params.temperature: 8\n", "utf-8")
    status = main(["test", str(bad)])
    out = capsys.readouterr().out
    assert status == 1
    assert "wrong.yaml:7:3: FAIL[T007]: params.temperature: is -30, expected 8" in out
    assert out.rstrip().endswith("0 passed, 1 failed")


def test_a_duplicate_key_fails_the_scenario(tmp_path, capsys):
    # The loader keeps the first of two equal keys; the second would test nothing.
    dup = tmp_path / "dup.yaml"
    dup.write_text("scenario: twice\ngame: terraforming_mars\nplayers: 2\nseed: 1\ngiven:\n"
                   "  players.0.stock.heat: 1\n  players.0.stock.heat: 5\nthen:\n"
                   "  players.0.stock.heat: 1\n", "utf-8")
    assert main(["test", str(dup)]) == 1
    out = capsys.readouterr().out
    assert "dup.yaml:7:3: FAIL[L009]: duplicate key 'players.0.stock.heat' (first at line 6)" in out


def test_list_tests_length_and_within(tmp_path, capsys):
    # Setup (Impostazione): each player holds 10 project cards in generation 1.
    ok = tmp_path / "ok.yaml"
    ok.write_text("scenario: hands\ngame: terraforming_mars\nplayers: 2\nseed: 1\nthen:\n"
                  "  players.0.hand: {length: 10}\n"
                  "  params.temperature: -30\n", "utf-8")
    assert main(["test", str(ok)]) == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("scenario: hands\ngame: terraforming_mars\nplayers: 2\nseed: 1\nthen:\n"
                   "  players.0.hand: {length: 9}\n  first_player: 0\n"
                   "  players.1.hand: {within: [capital]}\n", "utf-8")
    assert main(["test", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:6:3: FAIL[T007]: players.0.hand: has 10 items, expected 9" in out
    assert "which is not in the 'within' list" in out


def test_a_misspelt_word_in_a_negative_list_test_fails(tmp_path, capsys):
    # A lacks/has_no of a word the rules never use would pass whatever the game does.
    bad = tmp_path / "neg.yaml"
    bad.write_text("scenario: negative tests\ngame: terraforming_mars\nplayers: 2\nseed: 1\n"
                   "then:\n  legal: {lacks: {act: projct, id: asteroid}}\n"
                   "  players.0.hand: {lacks: not_a_real_card}\n"
                   "  log: {has_no: {evnt: placed}}\n", "utf-8")
    assert main(["test", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "neg.yaml:6:3: FAIL[T008]: legal: unknown list test value: lacks: 'projct' " \
           "is no id" in out
    assert "(did you mean 'project'" in out
    assert "neg.yaml:7:3: FAIL[T008]: players.0.hand: unknown list test value: lacks: " \
           "'not_a_real_card'" in out
    assert "neg.yaml:8:3: FAIL[T008]: log: unknown list test value: has_no: 'evnt'" in out
    # The same tests with the rules' own words pass: an asteroid standard project can be
    # legal, but a card of a module left off is in no hand (Titanium Mine: Corporate Era).
    ok = tmp_path / "ok.yaml"
    ok.write_text("scenario: negative tests\ngame: terraforming_mars\nplayers: 2\nseed: 1\n"
                  "then:\n  players.0.hand: {lacks: titanium_mine}\n"
                  "  log: {has_no: {event: placed}}\n", "utf-8")
    assert main(["test", str(ok)]) == 0

def test_a_folder_runs_its_scenarios_not_the_rules_beside_them(tmp_path, capsys):
    """Scenarios may sit in an expansion's folder (README): `rulesc test FOLDER` runs
    the files with `scenario:` and leaves out the rules files (`kind:`)."""
    import shutil

    folder = tmp_path / "greenhouse_pack"
    shutil.copytree(ROOT / "docs" / "examples" / "greenhouse_pack", folder)
    shutil.copy(ROOT / "tests" / "scenarios" / "terraforming_mars" / "award_costs.yaml",
                folder)
    status = main(["test", str(folder), "--rules", str(folder), "--on",
                   "terraforming_mars"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "1 passed, 0 failed" in out
    assert "cards.yaml" not in out and "modules.yaml" not in out


def test_every_mistake_of_a_scenario_in_one_run(tmp_path, capsys):
    """An unknown id and a wrong type in ``given``, a refused ``when`` step and a typo in
    ``then`` are all reported in one run (they once took four); "an int", not "a int"."""
    bad = tmp_path / "four.yaml"
    bad.write_text("scenario: four mistakes\ngame: love_letter\nplayers: 3\nseed: 1\n"
                   "play_until: play\ngiven:\n  players.@0.hand: [king, baronn]\n"
                   "  players.@1.out: 42\n  players.@2.hand: [handmaid]\nwhen:\n"
                   "  - {card: guard}\nthen:\n  players.@1.out: false\n"
                   "  legal: {contain: {card: baron}}\n", "utf-8")
    assert main(["test", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "four.yaml:7:3: FAIL[T004]:" in out and "baronn" in out
    assert "four.yaml:8:3: FAIL[T004]:" in out
    assert "42 is a whole number, but the value here is true or false" in out
    assert "four.yaml:11:5: FAIL[T005]: step 1 was refused" in out
    assert "four.yaml:14:3: FAIL[T008]: legal: unknown list test 'contain'" in out
    assert "four.yaml:13:" not in out   # a value after a refused step is not compared


def test_rules_play_only_the_game_they_are(tmp_path, capsys):
    """``rulesc test --rules``: a scenario for another game fails, as without --rules."""
    scen = tmp_path / "wrong_game.yaml"
    scen.write_text("scenario: wrong game\ngame: love_lettr\nplayers: 2\nseed: 1\n", "utf-8")
    rules = ROOT / "rules_data" / "love_letter"
    assert main(["test", str(scen), "--rules", str(rules)]) == 1
    out = capsys.readouterr().out
    assert "wrong_game.yaml:2:7: FAIL[T002]: unknown game 'love_lettr'" in out
    assert "did you mean 'love_letter'?" in out


def test_a_game_not_built_here_says_where_games_are_found(tmp_path, capsys, monkeypatch):
    """QA: a scenario of the tutorial game run from another folder said only "unknown
    game 'tiny' (games: ...)"; the hint says how a game of one's own is found."""
    scen = tmp_path / "mine.yaml"
    scen.write_text("scenario: mine\ngame: tiny_built_elsewhere\nplayers: 2\nseed: 1\n"
                    "then:\n  round: 1\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["test", str(scen)]) == 1
    out = capsys.readouterr().out
    assert "mine.yaml:2:7: FAIL[T002]: unknown game 'tiny_built_elsewhere'" in out
    assert "hint: a game of your own is played from its build" in out
    assert "--rules PATH" in out


def test_play_until_a_decision_kind_already_open(tmp_path, capsys):
    # Terraforming Mars, 2 players, no setup choice: the first turn's "action" decision is
    # open at once (its phase, also called "action", is under way): nothing to play.
    doc = tmp_path / "open.yaml"
    doc.write_text("scenario: open\ngame: terraforming_mars\nplayers: 2\nseed: 1\n"
                   "play_until: action\nthen:\n  pending.kind: action\n"
                   "  params.oxygen: 0\n", "utf-8")
    assert main(["test", str(doc)]) == 0, capsys.readouterr().out


def test_a_refused_step_numbers_the_deciding_player_from_1(tmp_path, capsys):
    """The engine's API numbers seats from 0; a scenario's message numbers players from
    1, as the README and every text output do. Love Letter, 3 players, seed 1: the
    second seat (index 1) starts, holding Baron and Countess after the draw, so a Guard
    is no option of its "play" decision; the message is made from the open decision, not
    from the engine's text, and lists the options as JSON."""
    doc = tmp_path / "who.yaml"
    doc.write_text("scenario: who\ngame: love_letter\nplayers: 3\nseed: 1\n"
                   "play_until: play\ngiven:\n  players.@0.hand: [king, baron]\n"
                   "when:\n  - {card: guard}\nthen:\n  over: false\n", "utf-8")
    assert main(["test", str(doc)]) == 1
    out = capsys.readouterr().out
    seat = run_file(doc, "who.yaml").failures[0]
    assert seat.code == "T005" and seat.span.line == 9
    assert "FAIL[T005]: step 1 was refused: {\"card\": \"guard\"} is not an option of the " \
           "'play' decision of player 3 (@0)" in out   # @0 holds the king and baron given
    assert 'hint: the options now: [{"card": "king"}, {"card": "baron"}]' in out


def test_a_refused_step_must_use_the_rules_words(tmp_path, capsys):
    """A misspelt ``{refused: ...}`` action is refused for being no option at all, not
    for the rule under test: it would pass whatever the rules say (T008)."""
    for step, word in (("{refused: {crad: baron}}", "'crad'"),
                       ("{refused: {card: baronn}}", "'baronn'")):
        doc = tmp_path / "typo.yaml"
        doc.write_text("scenario: typo\ngame: love_letter\nplayers: 2\nseed: 1\n"
                       f"when:\n  - {step}\n", "utf-8")
        assert main(["test", str(doc)]) == 1
        out = capsys.readouterr().out
        assert f"typo.yaml:6:5: FAIL[T008]: step 1: refused: {word} is no id" in out
    ok = tmp_path / "ok.yaml"   # Love Letter: a Guard names a card other than a Guard
    ok.write_text("scenario: guard names no guard\ngame: love_letter\nplayers: 2\nseed: 1\n"
                  "play_until: play\ngiven:\n  players.@0.hand: [guard, priest]\n"
                  "when:\n  - {card: guard}\n  - {refused: {target: '@1', name: guard}}\n",
                  "utf-8")
    assert main(["test", str(ok)]) == 0, capsys.readouterr().out


def test_every_shape_mistake_in_one_run_and_no_crash(tmp_path, capsys):
    """Mistyped top-level keys are each reported (T001), not only the first, and a
    malformed section is the file's mistake, not "the engine crashed" (T010)."""
    doc = tmp_path / "shape.yaml"
    doc.write_text("scenario: shape\ngame: love_letter\nplayers: \"three\"\nseed: x\n"
                   "given: [1, 2]\nwhen: {card: baron}\nthen: [players.0.out]\n"
                   "source: love-letter-rules\n", "utf-8")
    assert main(["test", str(doc)]) == 1
    out = capsys.readouterr().out
    for line in (3, 4, 5, 6, 7, 8):
        assert f"shape.yaml:{line}:" in out and f"{line}:" in out
    assert out.count("FAIL[T001]") == 6 and "crashed" not in out
    # the game set up, the malformed sections are left out and the rest is run:
    doc.write_text("scenario: shape\ngame: love_letter\nplayers: 2\ngiven:\n  '': 1\n"
                   "then:\n  '': 1\n  deck: {length: x}\n  aside: {within: 3}\n"
                   "  over: false\n", "utf-8")
    assert main(["test", str(doc)]) == 1
    out = capsys.readouterr().out
    assert "shape.yaml:5:3: FAIL[T004]: '': an empty path" in out
    assert "shape.yaml:7:3: FAIL[T008]: '': an empty path" in out
    assert "shape.yaml:8:3: FAIL[T008]: deck: length: 'x' is not a whole number" in out
    assert "shape.yaml:9:3: FAIL[T008]: aside: within: 3 is not a list" in out
    assert "crashed" not in out and "shape.yaml:10:" not in out


def test_a_scenario_with_nothing_to_compare_fails(tmp_path, capsys):
    """A scenario without ``then`` or a refused step tests nothing: it fails, not passes."""
    bad = tmp_path / "nothing.yaml"
    bad.write_text("scenario: nothing\ngame: love_letter\nplayers: 2\nseed: 1\n"
                   "when:\n  - {card: guard}\n", "utf-8")
    assert main(["test", str(bad)]) == 1
    assert "the scenario tests nothing" in capsys.readouterr().out


def test_a_card_of_a_module_left_off_names_the_module(tmp_path, capsys):
    """Asteroid Mining Consortium (#002) is a Corporate Era card (cards.json: module
    "corpera"): without the module it is not in the game, and the failure says which module
    to add instead of 'not an id of cards'."""
    bad = tmp_path / "module_card.yaml"
    bad.write_text("scenario: module card\ngame: terraforming_mars\nplayers: 2\nseed: 1\n"
                   "given:\n  players.@0.hand: [asteroid_mining_consortium]\n"
                   "then:\n  players.@0.hand: [asteroid_mining_consortium]\n", "utf-8")
    assert main(["test", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "module 'corporate_era'" in out and "add 'modules: [corporate_era]'" in out


def test_null_tests_an_empty_space_and_a_typo_still_fails(tmp_path, capsys):
    """Tharsis starts with no tile on it (rulebook, Preparazione: only the solo game
    places neutral cities): a space's tile is null. A misspelt space is no word of the
    rules and still fails (T008); a value other than null on the empty space is a value
    that differs (T007: "is null"), not a path that does not exist."""
    def run(then: str) -> int:
        f = tmp_path / "empty.yaml"
        f.write_text("scenario: empty\ngame: terraforming_mars\nplayers: 2\nseed: 1\n"
                     f"then:\n  {then}\n", "utf-8")
        return main(["test", str(f)])

    assert run("board.s08.tile: null") == 0
    assert run("board.s0x8.tile: null") == 1
    out = capsys.readouterr().out
    assert "FAIL[T008]: board.s0x8.tile: no 's0x8' here" in out
    assert run("board.s08.tile: city") == 1
    out = capsys.readouterr().out
    assert "FAIL[T007]: board.s08.tile: is null, expected 'city'" in out
    assert "no 's08' here" not in out


def _tested(tmp_path, capsys, name: str, text: str) -> tuple[int, str]:
    """``rulesc test`` of one scenario written to ``tmp_path/name``: (exit code, stdout)."""
    doc = tmp_path / name
    doc.write_text(text, "utf-8")
    code = main(["test", str(doc)])
    return code, capsys.readouterr().out


def test_a_value_below_a_missing_key_says_which_key_is_missing(tmp_path, capsys):
    """QA: ``players.@0.production.energy: 2`` (the state's key is ``prod``; both words
    are the rules') read as "is null, expected 2", sending the user to look for why the
    energy production was empty. The message now names the key that is not there and
    the keys that are; the path is still a value that differs (T007)."""
    code, out = _tested(tmp_path, capsys, "prod.yaml", "scenario: prod\ngame: terraforming_mars\n"
                        "players: 2\nseed: 1\nthen:\n  players.@0.production.energy: 2\n")
    assert code == 1
    assert "FAIL[T007]: players.@0.production.energy: is null, expected 2 (no 'production' " \
        "under players.@0: have: " in out, out
    assert " prod, " in out


def test_list_tests_take_a_list_of_items(tmp_path, capsys):
    # Asteroid (#009) and Comet (#010) in hand: a list given to lacks/has_no tests each
    # item (it used to pass whatever the hand held), contains tests each one too.
    head = ("scenario: hand\ngame: terraforming_mars\nplayers: 2\nseed: 1\n"
            "given:\n  players.0.hand: [asteroid, comet]\nthen:\n")
    ok = tmp_path / "ok.yaml"
    ok.write_text(head + "  players.0.hand: {contains: [asteroid, comet], "
                  "lacks: [lichen, capital], has_no: [lichen]}\n", "utf-8")
    assert main(["test", str(ok)]) == 0, capsys.readouterr().out
    for test, said in (("lacks: [lichen, comet]", "contains 'comet'"),
                       ("has_no: [asteroid]", "has an item with 'asteroid'"),
                       ("contains: [asteroid, lichen]", "does not contain 'lichen'")):
        bad = tmp_path / "bad.yaml"
        bad.write_text(head + f"  players.0.hand: {{{test}}}\n", "utf-8")
        assert main(["test", str(bad)]) == 1
        assert f"bad.yaml:8:3: FAIL[T007]: players.0.hand: {said}" in capsys.readouterr().out


def test_play_until_a_kind_that_never_comes_fails(tmp_path, capsys):
    # Love Letter's turn decision is "play" (which card to play); a misspelt kind used to
    # play the whole game with first options and then test the finished game.
    code, out = _tested(tmp_path, capsys, "typo.yaml", "scenario: typo\ngame: love_letter\n"
                        "players: 2\nseed: 1\nplay_until: plya\nthen:\n  over: true\n")
    assert code == 1
    assert "typo.yaml:5:13: FAIL[T003]: the game ended before a 'plya' decision" in out
    assert "did you mean 'play'" in out


def test_a_misspelt_source_and_a_when_mapping_fail(tmp_path, capsys):
    # The citation names a document of game.yaml's sources (as R017 in rules data); the
    # answers are a list, one per decision.
    code, out = _tested(tmp_path, capsys, "typo.yaml", "scenario: typo\nsource: {doc: "
                        "tm-rules-itt, section: \"Azione 2\"}\ngame: terraforming_mars\n"
                        "players: 2\nseed: 1\nwhen:\n  act: pass\nthen:\n  params.oxygen: 0\n")
    assert code == 1
    assert "typo.yaml:2:15: FAIL[R017]: source: unknown document 'tm-rules-itt'" in out
    assert "did you mean 'tm-rules-it'" in out
    assert "typo.yaml:7:3: FAIL[T001]: when: {'act': 'pass'} is not a list of answers" in out


def test_an_unknown_module_hints_at_an_expansion_s_rules(tmp_path, capsys):
    code, out = _tested(tmp_path, capsys, "exp.yaml", "scenario: expansion\ngame: "
                        "terraforming_mars\nplayers: 2\nseed: 1\nmodules: [greenhouse_pack]\n"
                        "then:\n  params.oxygen: 0\n")
    assert code == 1
    assert "exp.yaml:5:11: FAIL[T002]: the engine refused the setup: unknown module " \
           "'greenhouse_pack'" in out
    assert "test it with --rules PATH --on terraforming_mars" in out


def test_a_refused_step_after_the_game_is_over_fails(tmp_path, capsys):
    """Once the game is over every answer is refused, whatever the rules say: a
    ``{refused: ...}`` step then tests nothing and fails (T005), as a plain step does.
    Love Letter with 2 players ends when a player holds 7 tokens of affection."""
    doc = tmp_path / "over.yaml"
    # the Baron's player holds a Guard (1) against a King (6): out, and the other player
    # wins the round and a 7th token: the game is over (the one target is taken unasked)
    doc.write_text("scenario: over\ngame: love_letter\nplayers: 2\nseed: 1\n"
                   "play_until: play\ngiven:\n  players.@0.hand: [baron, guard]\n"
                   "  players.@1.hand: [king]\n  players.@1.tokens: 6\nwhen:\n"
                   "  - {card: baron}\n  - {refused: {card: guard}}\n"
                   "then:\n  over: true\n", "utf-8")
    assert main(["test", str(doc)]) == 1
    assert "over.yaml:12:5: FAIL[T005]: step 2: the game is over" in capsys.readouterr().out

