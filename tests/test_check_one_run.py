"""One run reports all of a file's mistakes, and nothing that only follows from a file that
did not load (QA qa11 Q4, Q5, Q6, Q14, Q16). Each test edits a copy of a shipped game."""

from __future__ import annotations

import shutil
from pathlib import Path

from compiler.diagnostics import Diagnostic
from compiler.pipeline import compile_game
from tests.conftest import ROOT, TM_RULES
from tests.test_diagnostics_codes import game
from tests.test_expansion_layer import CARDS, _expansion

LOVE_LETTER = ROOT / "rules_data" / "love_letter"


def _love_letter(tmp_path: Path, name: str, old: str | bytes, new: str | bytes) -> Path:
    """A copy of Love Letter with ``old`` replaced by ``new`` (once) in file ``name``."""
    rules = tmp_path / "ll"
    shutil.copytree(LOVE_LETTER, rules)
    path = rules / name
    data = path.read_bytes()
    old_b = old.encode("utf-8") if isinstance(old, str) else old
    new_b = new.encode("utf-8") if isinstance(new, str) else new
    assert old_b in data, old
    path.write_bytes(data.replace(old_b, new_b, 1))
    return rules


def _mistakes(rules: Path, base: Path | None = None) -> list[Diagnostic]:
    """The diagnostics of ``rules`` but Love Letter's one provisional value (W001)."""
    comp = compile_game(rules, ROOT if base else rules.parent, base=base)
    return [d for d in comp.diagnostics if d.code != "W001"]


def test_a_copy_count_beyond_the_core_bound_is_s004_at_check(tmp_path: Path) -> None:
    """Q5: the Princess is 1 card (rules sheet, "Card: Princess"); 999999999999999 copies
    passed check (W002 only) and made a setup that never ended in play."""
    rules = _love_letter(tmp_path, "cards.yaml", "    value: 8\n    copies: 1\n",
                         "    value: 8\n    copies: 999999999999999\n")
    [d] = _mistakes(rules)
    line = (rules / "cards.yaml").read_text("utf-8").splitlines() \
        .index("    copies: 999999999999999") + 1
    assert (d.code, Path(d.span.path).name, d.span.line, d.span.col) == \
        ("S004", "cards.yaml", line, len("    copies: ") + 1)
    assert "card 'princess': copies: 999999999999999 is above the greatest value 10000" \
        in d.message
    assert "the core bounds 'copies' (max: 10000" in d.hint


def test_the_copy_bound_is_in_the_made_schema() -> None:
    """The schema rulesc build writes says the bound, so an editor shows it while typing."""
    from compiler.load import load_rules
    from compiler.schema.core import kind_schema

    docs, _ = load_rules(LOVE_LETTER, ROOT)
    kinds = next(d for d in docs if d.kind == "kinds")
    card = next(r for r in kinds.data["records"] if r["id"] == "cards")
    schema = kind_schema("cards", card, {"cards"})
    copies = schema["properties"]["records"]["items"]["properties"]["copies"]
    assert copies["anyOf"][0] == {"type": "integer", "minimum": 1, "maximum": 10000}


def test_a_module_setting_copies_beyond_the_core_bound_is_s004(tmp_path: Path) -> None:
    """Q5: a module's ``changes`` that set ``copies`` are bounded as a record's are
    (Pampero's kinds.yaml declares ``copies: int?``, with no bound of its own)."""
    rules = tmp_path / "pampero"
    shutil.copytree(ROOT / "rules_data" / "pampero", rules)
    path = rules / "modules.yaml"
    text = path.read_text("utf-8")
    old = "      - {kind: areas, id: a, set: {second_farm_energy: 1}}\n"
    assert old in text
    path.write_text(text.replace(old, old + "      - {kind: action_cards, id: a1, set: "
                                 "{copies: 20000}}\n", 1), "utf-8")
    [d] = [d for d in compile_game(rules, tmp_path).diagnostics if d.severity.value == "error"]
    assert d.code == "S004" and "copies: 20000 is above the greatest value 10000" in d.message
    assert d.span.line == text.splitlines().index(old.rstrip("\n")) + 2
    assert "the core bounds 'copies'" in d.hint


def test_no_printed_count_check_for_a_deck_whose_file_did_not_load(tmp_path: Path) -> None:
    """Q6: a YAML error in cards.yaml is L003 alone, not also W002 "printed 16 cards,
    0 records define them"."""
    rules = _love_letter(tmp_path, "cards.yaml", "    value: 1\n", "    value: [2\n")
    assert [d.code for d in _mistakes(rules)] == ["L003"]


def test_no_sheet_hole_error_for_a_constant_whose_file_did_not_load(tmp_path: Path) -> None:
    """Q16: a Latin-1 byte in constants.yaml is L002 alone, not also R041 for each hole
    of the sheet that names one of its constants."""
    rules = _love_letter(tmp_path, "constants.yaml", b"records:", b"# caf\xe9\nrecords:")
    assert [d.code for d in _mistakes(rules)] == ["L002"]


def test_a_sheet_hole_with_no_constant_at_all_says_how_to_declare_one(tmp_path: Path
                                                                        ) -> None:
    """Q16: with no constant declared, R041's hint was "use one of: " and nothing after."""
    base = (ROOT / "tests" / "bad_input" / "_base" / "flow.yaml").read_text("utf-8")
    rules = game(tmp_path, {"flow.yaml": base + 'winner_text: {en: "first to {goal}"}\n'})
    [d] = [d for d in compile_game(rules, rules.parent).diagnostics]
    assert d.code == "R041" and "'goal'" in d.message
    assert "use one of" not in d.hint
    assert "declare 'goal' as a constant of the game (constants.yaml)" in d.hint


def test_a_record_with_a_bad_id_has_its_other_mistakes_reported(tmp_path: Path) -> None:
    """Q4: an id that is not an id (S003) no longer hides the record's unknown tag (R001)
    and its effect no definition matches (R033): one run reports all three."""
    cards = CARDS.replace("id: roof_garden", "id: café_über") \
        .replace("[plant, building]", "[plant, bulding]") \
        .replace("gain 1 plants production; gain 2 plants", "guess the card of another player")
    exp = _expansion(tmp_path, cards)
    found = sorted((d.code, d.span.line) for d in _mistakes(exp, TM_RULES))
    assert found == [("R001", 9), ("R033", 11), ("S003", 4)]


def test_a_duplicate_phrase_does_not_hide_a_syntax_error_of_its_body(tmp_path: Path
                                                                       ) -> None:
    """Q14: the King given the Priest's phrase (R034) and a broken statement (D001): both
    in one run (the card using the King's old phrase is R033, a real consequence)."""
    rules = _love_letter(tmp_path, "definitions/cards.yaml",
                         'phrase: "trade hands with another player"',
                         'phrase: "look at the hand of another player"')
    path = rules / "definitions" / "cards.yaml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("target.hand = mine;", "target.hand = mine +;", 1), "utf-8")
    lines = text.splitlines()
    phrase = lines.index('    phrase: "look at the hand of another player"', 30) + 1
    statement = next(i for i, t in enumerate(lines) if "target.hand = mine;" in t) + 1
    found = {(d.code, d.span.line) for d in _mistakes(rules)
             if Path(d.span.path).name == "cards.yaml" and "definitions" in d.span.path}
    assert found == {("R034", phrase), ("D001", statement)}


def test_a_refused_phrase_does_not_hide_a_syntax_error_of_its_body(tmp_path: Path
                                                                    ) -> None:
    """Like Q14 for R031: the King's phrase holding 'and' ("'and' ends a phrase") and a
    broken statement in its body (D001): both in one run, as R034 does."""
    rules = _love_letter(tmp_path, "definitions/cards.yaml",
                         'phrase: "trade hands with another player"',
                         'phrase: "trade hands and another player"')
    path = rules / "definitions" / "cards.yaml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("target.hand = mine;", "target.hand = mine +;", 1), "utf-8")
    lines = text.splitlines()
    phrase = lines.index('    phrase: "trade hands and another player"') + 1
    statement = next(i for i, t in enumerate(lines) if "target.hand = mine;" in t) + 1
    found = {(d.code, d.span.line) for d in _mistakes(rules)
             if Path(d.span.path).name == "cards.yaml" and "definitions" in d.span.path}
    assert found == {("R031", phrase), ("D001", statement)}


def test_a_refused_phrase_has_its_body_checked_with_its_holes(tmp_path: Path) -> None:
    """A phrase whose hole has no type (R031 "'{p}' has no type in params"): the body,
    which names the hole, is still checked; its misspelt field is reported in the same
    run, and the hole itself is no unknown name."""
    rules = _love_letter(tmp_path, "definitions/turns.yaml",
                         "    params: {p: player}\n"
                         '    value: "first [each q in seats from (p + 1) where not q.out]"',
                         "    params: {}\n"
                         '    value: "first [each q in seats from (p + 1) where not q.outt]"')
    lines = (rules / "definitions" / "turns.yaml").read_text("utf-8").splitlines()
    phrase = lines.index('    phrase: "the player after {p}"') + 1
    found = sorted((d.code, d.span.line, d.message) for d in _mistakes(rules)
                   if Path(d.span.path).name == "turns.yaml")
    assert [(c, line) for c, line, _m in found] == [("R001", phrase + 2), ("R031", phrase)]
    assert "'outt'" in found[0][2] and "'{p}' has no type in params" in found[1][2]
