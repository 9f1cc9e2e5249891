"""Semantic checks: unknown and wrong-kind names, module cycles and clashes, provisional
values. Each test edits a copy of the shipped Terraforming Mars data (written in the
core language)."""

from __future__ import annotations

import re
from pathlib import Path

from compiler.pipeline import compile_game


def _codes(rules: Path) -> list[tuple[str, str, int]]:
    """The diagnostics of ``rules`` as (code, file name, line), without W001: the
    Terraforming Mars data has one provisional value (the M€ production floor)."""
    comp = compile_game(rules, rules.parent)
    return [(d.code, Path(d.span.path).name, d.span.line) for d in _mistakes(comp)]


def _mistakes(comp) -> list:
    """``comp``'s diagnostics other than provisional values (W001)."""
    return [d for d in comp.diagnostics if d.code != "W001"]


def _add(rules: Path, name: str, text: str) -> None:
    (rules / name).write_text(text, "utf-8")


def test_unknown_resource_in_effect_has_did_you_mean(tm_copy):
    text = (tm_copy / "actions.yaml").read_text("utf-8")
    (tm_copy / "actions.yaml").write_text(
        text.replace('"gain 1 energy production"', '"gain 1 enrgy production"'), "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = [d for d in comp.diagnostics if d.code == "R001"]
    assert "'enrgy'" in d.message and "'energy'" in d.hint
    line = text.splitlines().index('    effect: "gain 1 energy production"') + 1
    assert (d.span.line, d.span.col) == (line, len('    effect: "gain 1 ') + 1)  # at the name


def test_gaining_a_parameter_is_the_wrong_kind(tm_copy):
    text = (tm_copy / "actions.yaml").read_text("utf-8")
    (tm_copy / "actions.yaml").write_text(
        text.replace('effect: "raise temperature 1"', 'effect: "gain 1 temperature"', 1),
        "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = [d for d in comp.diagnostics if d.code == "R003"]
    assert "'temperature' is a parameters id" in d.message
    assert "a resources id is expected" in d.message
    assert "'raise {p} {n}'" in d.hint
    line = text.splitlines().index('    effect: "raise temperature 1"') + 1
    assert (d.span.line, d.span.col) == (line, len('    effect: "gain 1 ') + 1)


def test_requirement_on_undeclared_parameter(tm_copy):
    _add(tm_copy, "zz_cards.yaml", "kind: cards\ndeck: project\nrecords:\n"
         "  - {id: venus_card, number: '900', name: {en: Venus}, type: automated, cost: 5,\n"
         "     requires: \"venus >= 6\", effect: \"gain 1 plants\"}\n")
    assert ("R001", "zz_cards.yaml", 5) in _codes(tm_copy)


def test_module_dependency_cycle_names_both_modules(tm_copy):
    _add(tm_copy, "zz_modules.yaml", "kind: modules\nrecords:\n"
         "  - {id: alpha, name: {en: A}, requires: [beta]}\n"
         "  - {id: beta, name: {en: B}, requires: [alpha]}\n")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = [d for d in comp.diagnostics if d.code == "R020"]
    assert "alpha -> beta -> alpha" in d.message
    assert d.span.line == 3 and d.related[0].line == 4


def test_two_modules_replacing_one_phase_clash_with_both_positions(tm_copy):
    _add(tm_copy, "zz_modules.yaml", "kind: modules\nrecords:\n"
         "  - id: quick_research\n    name: {en: Q}\n    phases:\n      replace:\n"
         "        - {id: research, when: \"round > 1\", do: \"draw 2 cards\"}\n")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = [d for d in comp.diagnostics if d.code == "R022"]
    assert "'draft' and 'quick_research'" in d.message
    assert {d.span.path.split("/")[-1], d.related[0].path.split("/")[-1]} == \
        {"zz_modules.yaml", "modules.yaml"}


def test_module_changing_a_missing_step(tm_copy):
    _add(tm_copy, "zz_modules.yaml", "kind: modules\nrecords:\n"
         "  - id: broken\n    name: {en: B}\n    setup:\n      remove: [starting_producton]\n")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = [d for d in comp.diagnostics if d.code == "R014"]
    assert "'starting_producton'" in d.message and "starting_production" in d.hint
    assert (Path(d.span.path).name, d.span.line, d.span.col) == ("zz_modules.yaml", 6, 16)


def test_module_adding_after_a_step_only_another_module_adds(tm_copy):
    """A module that adds a step after the solo game's neutral cities must require solo
    (without it the step is not there and the module cannot be composed)."""
    _add(tm_copy, "zz_modules.yaml", "kind: modules\nrecords:\n"
         "  - id: extra\n    name: {en: E}\n    setup:\n      add:\n"
         "        - {id: bonus, after: neutral_cities, do: \"gain 1 plants\"}\n")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = [d for d in comp.diagnostics if d.code == "R023"]
    assert d.message == "module 'extra' adds a step after setup step 'neutral_cities', " \
        "which only module 'solo' brings; 'extra' does not require it"
    assert "requires: [solo]" in d.hint
    fixed = (tm_copy / "zz_modules.yaml").read_text("utf-8").replace(
        "name: {en: E}", "name: {en: E}\n    requires: [solo]")
    _add(tm_copy, "zz_modules.yaml", fixed)
    assert "R023" not in [c for c, _f, _l in _codes(tm_copy)]


def test_provisional_value_is_a_warning(tm_copy):
    text = (tm_copy / "constants.yaml").read_text("utf-8")
    (tm_copy / "constants.yaml").write_text(
        text.replace("{id: milestone_cost, value: 8,",
                     '{id: milestone_cost, value: {provisional: 8, reason: "not printed"},'),
        "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    # the game's own provisional values (the tie-break) warn too: count the one added
    warnings = [d for d in comp.diagnostics if d.code == "W001" and "not printed" in d.message]
    assert len(warnings) == 1 and warnings[0].severity.value == "warning"
    assert not comp.failed() and comp.failed(strict=True)


def test_asymmetric_adjacency(tm_copy):
    text = (tm_copy / "board.yaml").read_text("utf-8")
    # s03 lists s04 as a neighbour; drop s03 from s04's list.
    old = [ln for ln in text.splitlines() if ln.strip().startswith("- {id: s04,")][0]
    new = old.replace("s03]", "]").replace(", s03", "").replace("s03, ", "")
    (tm_copy / "board.yaml").write_text(text.replace(old, new), "utf-8")
    assert any(c == "R012" for c, _f, _l in _codes(tm_copy))


def test_a_dropped_record_is_not_reported_again_where_it_is_used(tm_copy):
    """A tag with a schema error is left out; the cards that name it are not reported
    (their errors follow from the first one)."""
    text = (tm_copy / "tags.yaml").read_text("utf-8")
    (tm_copy / "tags.yaml").write_text(
        text.replace("  - {id: building,", "  - {id: building, colour: red,"), "utf-8")
    assert _codes(tm_copy) == [("S003", "tags.yaml", 5)]


def test_a_record_with_a_schema_error_is_still_checked(tm_copy):
    """All diagnostics in one run: a card with an unknown key (a misspelt required key,
    too) is kept without it, so its unknown tag and its unknown phrase are reported in
    the same run as the schema error."""
    path = tm_copy / "cards" / "001-070.yaml"
    text = path.read_text("utf-8")
    path.write_text(text.replace(
        "    cost: 13\n    tags: [jovian]\n",
        "    cots: 13\n    tags: [jovain]\n    colour: red\n", 1).replace(
        '"lose 1 titanium production from any player; gain 1 titanium production"',
        '"loose 1 titanium production from any player"', 1), "utf-8")
    found = [(c, line) for c, f, line in _codes(tm_copy) if f == "001-070.yaml"]
    line = text.splitlines().index("    cost: 13") + 1
    assert found == [("S003", line), ("R001", line + 1), ("S003", line + 2),
                     ("R033", line + 6)]


def test_an_unknown_phrase_is_hinted_with_the_closest_phrases(tm_copy):
    """R033's hint lists the closest phrases first (shared words, content words over
    'the' or 'by', a misspelt word, a record's id in its hole, a number in a number's
    hole), whatever their length: a temperature-raising phrase for "warm up the planet
    by 1" (Terraforming Mars raises a global parameter with "raise {p} {n}")."""
    path = tm_copy / "cards" / "001-070.yaml"
    text = path.read_text("utf-8")
    said = {"warm up the planet by 1": "raise {p} {n}",
            "raise the temperature by 1": "raise {p} {n}",
            "rasie oxygen 1": "raise {p} {n}",
            "draw 2 card to look at": "draw {n} cards to look at",
            "lose 1 heat prod": "lose {n} {r}"}
    effects = re.findall(r'\n    effect: ("[^"\n]*")\n', text)[:len(said)]
    for new, old in zip(said, effects, strict=True):
        text = text.replace(f"    effect: {old}\n", f'    effect: "{new}"\n', 1)
    path.write_text(text, "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    hints = {d.message.split("'")[1]: d.hint for d in comp.diagnostics if d.code == "R033"}
    assert set(hints) == set(said), hints
    for phrase, first in said.items():
        assert hints[phrase].startswith(f"closest phrases: {first},"), (phrase, hints[phrase])


def test_a_file_that_does_not_load_is_not_reported_again(tm_copy):
    text = (tm_copy / "tracks.yaml").read_text("utf-8")
    (tm_copy / "tracks.yaml").write_text(text.replace("kind: tracks", "kind: tracks\n  bad: ["),
                                         "utf-8")
    assert [c for c, _f, _l in _codes(tm_copy)] == ["L003"]


def test_a_wrong_file_level_source_is_one_mistake(tm_copy):
    """R017: a source naming a document game.yaml does not list; given once for the
    whole file, it is reported once (at the file's source)."""
    text = (tm_copy / "tags.yaml").read_text("utf-8")
    (tm_copy / "tags.yaml").write_text(text.replace("{doc: tm-facts,", "{doc: tm-fact,"),
                                       "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = _mistakes(comp)
    assert (d.code, Path(d.span.path).name, d.span.line) == ("R017", "tags.yaml", 3)
    assert "'tm-facts'" in d.hint


def test_negative_card_cost_is_out_of_bounds(tm_copy):
    """kinds.yaml bounds a card's cost (`{type: int, min: 0}`): a negative cost is S004
    at the number, and only that card is left out."""
    path = tm_copy / "cards" / "001-070.yaml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("    cost: 8\n", "    cost: -8\n", 1), "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = _mistakes(comp)
    assert d.code == "S004" and "card 'colonizer_training_camp': cost: -8" in d.message
    line = text.splitlines().index("    cost: 8") + 1
    assert (Path(d.span.path).name, d.span.line, d.span.col) == ("001-070.yaml", line, 11)


def test_bounds_only_on_an_int_field(tm_copy):
    text = (tm_copy / "kinds.yaml").read_text("utf-8")
    assert "{number: text, type:" in text
    (tm_copy / "kinds.yaml").write_text(
        text.replace("{number: text, type:", "{number: {type: text, min: 0}, type:"),
        "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    [d] = _mistakes(comp)[:1]
    assert d.code == "R030" and "min/max bound an int field, not text" in d.message


def test_a_game_folder_with_no_document_is_named_in_r016(tmp_path, capsys, monkeypatch):
    """An empty game folder reports its missing documents at the folder itself (it once
    said ``rules:1:1``, a path that exists nowhere)."""
    from compiler.cli import main

    (tmp_path / "rules_data" / "empty").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULESC_NO_CACHE", "1")
    assert main(["check", "empty"]) == 1
    err = capsys.readouterr().err
    assert "rules_data/empty:1:1: error[R016]: the game has no 'game' document" in err
    assert "rules:1:1" not in err


def test_a_missing_document_is_placed_where_its_file_would_be(tmp_path):
    # an empty flow.yaml (L007) and no flow document: R016 names <game>/flow.yaml, the
    # file its hint asks for, not the first file of the folder
    import shutil

    game = tmp_path / "mini"
    shutil.copytree(Path(__file__).resolve().parent / "bad_input" / "_base", game)
    (game / "flow.yaml").write_text("")
    (game / "cards").mkdir()
    (game / "cards.yaml").rename(game / "cards" / "a.yaml")
    found = [d for d in compile_game(game, tmp_path).diagnostics if d.code == "R016"]
    assert [str(d.span) for d in found] == ["mini/flow.yaml:1:1"]
