"""Hostile and broken rules data: a positioned diagnostic within 2 s, exit 1, no
traceback, nothing written or changed.

The corpus is ``tests/bad_input/``: a ``<case>.yaml`` file is added to a copy of the small
valid game ``_base/``; a ``<case>/`` folder's files replace the base game's files. Big or
generated cases (50 MB, 10,000-deep nesting, a 100,000-character effect, links) are made
here in ``tmp_path``. ``CASES`` gives the expected code and ``file:line:col`` of each.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from compiler.cli import main

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "bad_input"
BASE = CORPUS / "_base"
LIMIT_S = 2.0

# case -> (code, file in the rules folder, line, col)
CASES: dict[str, tuple[str, str, int, int]] = {
    "alias_bomb.yaml": ("L004", "alias_bomb.yaml", 3, 4),
    "self_alias.yaml": ("L004", "self_alias.yaml", 2, 10),
    "duplicate_key.yaml": ("L009", "duplicate_key.yaml", 4, 1),
    "tab_indent.yaml": ("L003", "tab_indent.yaml", 3, 1),
    "non_utf8.yaml": ("L002", "non_utf8.yaml", 3, 30),
    "empty.yaml": ("L007", "empty.yaml", 1, 1),
    "comments_only.yaml": ("L007", "comments_only.yaml", 1, 1),
    "binary_junk.yaml": ("L002", "binary_junk.yaml", 1, 1),
    "control_char.yaml": ("L003", "control_char.yaml", 3, 32),
    "two_documents.yaml": ("L003", "two_documents.yaml", 3, 1),
    "unclosed_quote.yaml": ("L003", "unclosed_quote.yaml", 4, 27),  # at the open quote
    "python_tag.yaml": ("L005", "python_tag.yaml", 3, 22),
    "huge_number.yaml": ("L015", "huge_number.yaml", 3, 38),
    "no_kind.yaml": ("S001", "no_kind.yaml", 1, 1),
    "misspelled_kind.yaml": ("S002", "misspelled_kind.yaml", 1, 7),
    "unknown_key": ("S003", "cards.yaml", 4, 67),
    "yaml11_no_for_number": ("S003", "cards.yaml", 4, 40),
    "yaml11_no_for_boolean": ("S003", "cards.yaml", 4, 50),
    "yaml11_octal_for_text": ("S003", "cards.yaml", 4, 24),
    "yaml11_date_for_number": ("S003", "cards.yaml", 4, 40),
    "yaml11_null_for_text": ("S003", "tags.yaml", 4, 27),
    "id_injection": ("S003", "tags.yaml", 4, 10),
    "id_lookalike": ("S003", "tags.yaml", 5, 10),
    "id_newline": ("S003", "tags.yaml", 4, 10),
    "negative_cost": ("S004", "cards.yaml", 4, 40),  # kinds.yaml: cost {type: int, min: 0}
    "module_cycle": ("R020", "modules.yaml", 5, 10),
    "state_each_not_a_kind": ("R030", "state.yaml", 3, 17),  # found by test_fuzz
    "module_misspelt": ("R001", "cards.yaml", 5, 51),  # the lion's module: zoo
    "module_requires_unknown": ("R001", "modules.yaml", 6, 49),
}


def make_rules(tmp_path: Path, case: str | None = None) -> Path:
    """A copy of the base game with corpus ``case`` applied, in ``tmp_path/rules``."""
    rules = tmp_path / "rules"
    shutil.copytree(BASE, rules)
    if case is not None:
        src = CORPUS / case
        files = sorted(src.iterdir()) if src.is_dir() else [src]
        for f in files:
            shutil.copyfile(f, rules / f.name)
    return rules


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry below ``folder``: file bytes, or the target of a link."""
    out: dict[str, bytes | str] = {}
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        out[rel] = os.readlink(p) if p.is_symlink() else p.read_bytes() if p.is_file() else "/"
    return out


def run_check(rules: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, float]:
    """``rulesc check --rules RULES`` in-process: exit code, all output, seconds."""
    start = time.perf_counter()
    code = main(["check", "--rules", str(rules)])
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    return code, out + err, elapsed


def assert_rejected(rules: Path, code: str, where: str, capsys: pytest.CaptureFixture[str],
                    line: int | None = None, col: int | None = None) -> str:
    """Check ``rules``; assert exit 1, the positioned code, speed, and no change."""
    before = snapshot(rules.parent)
    status, output, elapsed = run_check(rules, capsys)
    assert status == 1, output
    assert "Traceback" not in output
    assert elapsed < LIMIT_S, f"took {elapsed:.2f} s"
    pos = f"{line}:{col}" if line is not None else r"\d+:\d+"
    pattern = rf"{re.escape(str(rules / where))}:{pos}: (error|warning)\[{code}\]: "
    assert re.search(pattern, output), output[:2000]
    assert snapshot(rules.parent) == before, "check changed files"
    return output


@pytest.mark.parametrize("case", sorted(CASES))
def test_corpus_case_is_rejected_with_position(case: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, where, line, col = CASES[case]
    assert_rejected(make_rules(tmp_path, case), code, where, capsys, line, col)


def test_every_corpus_entry_has_an_expectation() -> None:
    entries = {p.name for p in CORPUS.iterdir() if not p.name.startswith(("_", "."))}
    entries -= {"__pycache__"}
    assert entries == set(CASES)


def _fifty_megabytes(rules: Path) -> str:
    row = b"  - {id: x, name: {en: x}}\n"
    with open(rules / "big.yaml", "wb") as fh:
        fh.write(b"kind: tags\nrecords:\n")
        fh.write(row * (50 * 1024 * 1024 // len(row) + 1))
    return "big.yaml"


def _deep_flow(rules: Path) -> str:
    (rules / "deep.yaml").write_text("a: " + "[" * 10_000 + "]" * 10_000 + "\n")
    return "deep.yaml"


def _deep_block(rules: Path) -> str:
    (rules / "deep.yaml").write_text("- " * 10_000 + "x\n")  # block lists, one line
    return "deep.yaml"


def _long_dsl_line(rules: Path) -> str:
    effect = "gain 1 money; " * (100_000 // 14)
    (rules / "flow.yaml").write_text("kind: flow\nphases:\n  - id: a\n    each_player: \""
                                     + effect[:100_000] + "\"\nend: {when: \"round >= 3\"}\n")
    return "flow.yaml"


def _symlink_outside(rules: Path) -> str:
    secret = rules.parent / "secret.yaml"
    secret.write_text("kind: tags\nrecords: []\n")
    os.symlink(secret, rules / "linked.yaml")
    return "linked.yaml"


def _folder_link_outside(rules: Path) -> str:
    outside = rules.parent / "elsewhere"
    outside.mkdir()
    (outside / "tags.yaml").write_text("kind: tags\nrecords: []\n")
    os.symlink(outside, rules / "more", target_is_directory=True)
    (rules / "cards").mkdir()
    os.symlink(outside / "tags.yaml", rules / "cards" / "linked.yaml")
    return "cards/linked.yaml"


GENERATED: dict[str, tuple[Callable[[Path], str], str]] = {
    "fifty_megabytes": (_fifty_megabytes, "L001"),
    "deep_flow_nesting": (_deep_flow, "L006"),
    "deep_block_nesting": (_deep_block, "L006"),
    "dsl_line_100k": (_long_dsl_line, "D002"),
    "symlink_outside": (_symlink_outside, "L013"),
    "link_in_subfolder": (_folder_link_outside, "L013"),
}


@pytest.mark.parametrize("case", sorted(GENERATED))
def test_generated_case_is_rejected(case: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    make, code = GENERATED[case]
    rules = make_rules(tmp_path)
    where = make(rules)
    assert_rejected(rules, code, where, capsys)


@pytest.mark.parametrize("case", ["alias_bomb.yaml", "binary_junk.yaml", "module_cycle"])
def test_build_of_bad_input_writes_nothing(case: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    rules = make_rules(tmp_path, case)
    out = tmp_path / "out"
    assert main(["build", "--rules", str(rules), "--out", str(out)]) == 1
    assert "nothing was written" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("case", ["alias_bomb.yaml", "binary_junk.yaml", "non_utf8.yaml"])
def test_real_command_exits_1_without_traceback(case: str, tmp_path: Path) -> None:
    """The installed entry point, in a fresh process, outside the repository."""
    rules = make_rules(tmp_path, case)
    proc = subprocess.run([sys.executable, "-m", "compiler", "check", "--rules", str(rules)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    assert f"rules/{case}:" in proc.stderr and proc.stdout == ""


def test_a_lookalike_id_names_the_character(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # the corpus id is "t" + U+0430 (Cyrillic a) + "g"
    output = assert_rejected(make_rules(tmp_path, "id_lookalike"), "S003", "tags.yaml",
                             capsys, 5, 10)
    assert "character 2 is U+0430 CYRILLIC SMALL LETTER A" in output


def test_a_state_entry_with_a_bad_each_brings_no_follow_on_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # each: [resources] (a list) instead of each: resources; the entry is read on as meant
    output = assert_rejected(make_rules(tmp_path, "state_each_not_a_kind"), "R030",
                             "state.yaml", capsys, 3, 17)
    assert "1 error(s)" in output, output


@pytest.mark.parametrize("each", ["resourcez", "coins"])
def test_a_misspelt_each_brings_no_follow_on_errors(
        each: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA finding G9: ``stock: {each: resourcez, ..., expose: true}`` is the R030 alone
    (with a did-you-mean); the base game's uses of its keys (``gain 3 money``, scoring
    ``score``) are not also R003 "a resources id where a number is expected": the keys
    the entry would have are unknown, so every record id reads as one. The same with no
    close kind to suggest."""
    rules = make_rules(tmp_path)
    state = rules / "state.yaml"
    state.write_text(state.read_text("utf-8").replace("each: resources", f"each: {each}"),
                     "utf-8")
    output = assert_rejected(rules, "R030", "state.yaml", capsys, 3, 17)
    assert "1 error(s)" in output, output


def test_an_empty_events_file_is_the_error_not_the_events_it_would_declare(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA finding G9: an empty events.yaml (L007) leaves out the events the game uses;
    "unknown event" at each use (hint: "declare it in events.yaml", the file that
    failed) follows from it and is not reported. Without the file it is (R001)."""
    rules = make_rules(tmp_path)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace(
        'effect: "gain 3 money"', 'effect: "gain 3 money; emit built {by: you}"'), "utf-8")
    (rules / "events.yaml").write_text("", "utf-8")
    output = assert_rejected(rules, "L007", "events.yaml", capsys, 1, 1)
    assert "1 error(s)" in output and "R001" not in output, output
    (rules / "events.yaml").unlink()
    output = assert_rejected(rules, "R001", "cards.yaml", capsys)
    assert "unknown event 'built'" in output, output


def test_a_state_entry_mixing_settings_and_fields_is_r030(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = make_rules(tmp_path)
    state = rules / "state.yaml"
    state.write_text(state.read_text("utf-8").replace(
        "player:\n", "player:\n  pos: {x: int, min: 0}\n"), "utf-8")
    output = assert_rejected(rules, "R030", "state.yaml", capsys, 3, 9)
    assert "'x' is neither a setting" in output


def test_a_state_entry_written_as_an_object_type_is_accepted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = make_rules(tmp_path)
    state = rules / "state.yaml"
    state.write_text(state.read_text("utf-8").replace(
        "player:\n", "player:\n  pos: {x: int, y: int}\n"), "utf-8")
    status, output, _ = run_check(rules, capsys)
    assert status == 0, output


def test_a_bad_field_does_not_hide_the_errors_of_its_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """All errors in one run: a cost that is not a number leaves the cost out, and the
    record's effect is still resolved (its misspelt phrase reported too)."""
    rules = make_rules(tmp_path)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace(
        'cost: 2, tags: [building], effect: "gain 3 money"',
        'cost: "2 coins", tags: [building], effect: "gian 3 money"'), "utf-8")
    output = assert_rejected(rules, "S003", "cards.yaml", capsys, 4, 40)
    assert re.search(r"cards\.yaml:4:\d+: error\[R033\]: no definition matches 'gian 3 "
                     r"money'", output), output
    assert "2 error(s)" in output


def test_a_record_declared_twice_still_has_its_own_mistakes_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """All errors in one run: a second card 'mine' is R002, and its unknown tag and its
    misspelt phrase are reported in the same run (they were found only after a rename)."""
    rules = make_rules(tmp_path)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8") + '  - {id: mine, name: {en: Mine 2}, cost: 3, '
                     'tags: [biulding], effect: "gian 3 money"}\n', "utf-8")
    output = assert_rejected(rules, "R002", "cards.yaml", capsys, 6, 10)
    assert re.search(r"cards\.yaml:6:\d+: error\[R001\]: .*'biulding'", output), output
    assert re.search(r"cards\.yaml:6:\d+: error\[R033\]: no definition matches 'gian 3 "
                     r"money'", output), output
    assert "3 error(s)" in output

def test_a_flow_error_does_not_hide_a_misspelt_phrase_of_a_loaded_word(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """All errors in one run (QA): flow.yaml's schema error (its scoring step has the id
    'score') hid the R033 of a card's "gian 3 score", though the resource 'score' loaded:
    an id of a file that failed explains an unmatched phrase only when nothing loaded
    declares it."""
    rules = make_rules(tmp_path)
    flow, cards = rules / "flow.yaml", rules / "cards.yaml"
    flow.write_text(flow.read_text("utf-8").replace("max_rounds: 3", 'max_rounds: "x"'),
                    "utf-8")
    cards.write_text(cards.read_text("utf-8").replace('"gain 3 money"', '"gian 3 score"'),
                     "utf-8")
    output = assert_rejected(rules, "S003", "flow.yaml", capsys, 7, 19)
    assert re.search(r"cards\.yaml:4:\d+: error\[R033\]: no definition matches 'gian 3 "
                     r"score'", output), output
    assert "2 error(s)" in output


def test_a_misspelt_required_key_is_one_mistake(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    rules = make_rules(tmp_path)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace("{id: mine, name: {en: Mine}, cost: 2",
                                                      "{id: mine, name: {en: Mine}, cots: 2"),
                     "utf-8")
    output = assert_rejected(rules, "S003", "cards.yaml", capsys, 4, 34)
    assert "unknown key 'cots'" in output and "did you mean 'cost'?" in output
    assert "missing required key" not in output and "1 error(s)" in output


@pytest.mark.parametrize("broken", ["title: {en: [unclosed\n", "requires: [zoo]\n"])
def test_a_game_document_that_fails_is_not_also_missing(
        broken: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game.yaml with a YAML error or an unknown key is reported once; no R016 "the game
    has no 'game' document" follows at some other file."""
    rules = make_rules(tmp_path)
    game = rules / "game.yaml"
    game.write_text(game.read_text("utf-8") + broken, "utf-8")
    status, output, _ = run_check(rules, capsys)
    assert status == 1 and "game.yaml:" in output, output
    assert "R016" not in output, output


def test_a_number_the_loader_refuses_is_one_mistake(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A 30-digit cost is L015 at the number; the schema does not say again, at the same
    place, that it "is not an integer"."""
    rules = make_rules(tmp_path, "huge_number.yaml")
    output = assert_rejected(rules, "L015", "huge_number.yaml", capsys, 3, 38)
    assert "S003" not in output and "is not an integer" not in output


def test_a_value_reads_as_written_in_yaml(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """`cost: null` is reported as null, not as Python's None."""
    rules = make_rules(tmp_path)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace("cost: 2,", "cost: null,"), "utf-8")
    output = assert_rejected(rules, "S003", "cards.yaml", capsys, 4, 40)
    assert "cost: null is not an integer" in output and "None" not in output


def test_a_rules_file_named_yml_is_not_read_silently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA: cards.yml (a new user's usual spelling) was left out without a word, and the
    game checked clean with no cards. W005 at its `kind:` line, with the new name; a
    .yml file that holds no rules document (mkdocs.yml) and hidden files stay quiet."""
    rules = make_rules(tmp_path)
    (rules / "cards.yaml").rename(rules / "cards.yml")
    (rules / "mkdocs.yml").write_text("site_name: my game\n", "utf-8")
    (rules / "deploy.yml").write_text("apiVersion: v1\nkind: Service\n", "utf-8")
    (rules / ".hidden").mkdir()
    (rules / ".hidden" / "ci.yml").write_text("kind: cards\n", "utf-8")
    (rules / "Tags.YAML").write_text("# notes\nkind: tags\nrecords: []\n", "utf-8")
    status, output, _ = run_check(rules, capsys)
    assert "rules/cards.yml:1:1: warning[W005]: 'cards.yml' is not read: rules files are " \
        "named *.yaml" in output, output
    assert "hint: rename it to 'cards.yaml'" in output
    assert "rules/Tags.YAML:2:1: warning[W005]" in output
    assert "mkdocs" not in output and "ci.yml" not in output and "deploy" not in output
    assert output.count("W005") == 3  # two warnings and the count line


def test_a_refused_definition_phrase_is_one_mistake_not_one_per_use(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA: a hole misspelt in the phrase of 'gain' (R031) also gave R033 "no definition
    matches" at every "gain ..." of the cards and the flow (86 errors in Terraforming
    Mars for one typo). The uses follow from the refused definition: R031 alone. A
    phrase no definition could ever match is still reported."""
    rules = make_rules(tmp_path)
    defs, cards = rules / "definitions.yaml", rules / "cards.yaml"
    defs.write_text(defs.read_text("utf-8").replace('phrase: "gain {n} {r}"',
                                                    'phrase: "gain {n} {rr}"'), "utf-8")
    cards.write_text(cards.read_text("utf-8").replace('"gain 2 score"', '"win 2 score"'),
                     "utf-8")
    output = assert_rejected(rules, "R031", "definitions.yaml", capsys, 4, 13)
    assert re.search(r"cards\.yaml:5:\d+: error\[R033\]: no definition matches 'win 2 "
                     r"score'", output), output
    assert "'gain 3 money'" not in output and "2 error(s)" in output, output


def test_a_field_whose_type_is_refused_is_one_mistake(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA: kinds.yaml `cost: integer` (R030) also gave R001 "cards records have no field
    'cost'" where a definition reads c.cost; that follows from the one mistake."""
    rules = make_rules(tmp_path)
    kinds, defs = rules / "kinds.yaml", rules / "definitions.yaml"
    assert "cost: {type: int," in kinds.read_text("utf-8")
    kinds.write_text(kinds.read_text("utf-8").replace("cost: {type: int,",
                                                      "cost: {type: integer,", 1), "utf-8")
    defs.write_text(defs.read_text("utf-8") + '''  - id: price
    phrase: "price of {c}"
    params: {c: cards}
    value: "c.cost"
    text: {en: "the price of {c}"}
''', "utf-8")
    output = assert_rejected(rules, "R030", "kinds.yaml", capsys)
    assert "no field 'cost'" not in output and "1 error(s)" in output, output


def test_a_kinds_file_that_does_not_load_is_one_mistake(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA: a missing ':' in kinds.yaml (L003) also gave S002 "unknown document kind" for
    every record file and R030 "'cards' is not a type" wherever state, events and
    definitions name a kind (10 errors in the tutorial game): they follow from the kinds
    that did not load. A kind no file declares is still S002."""
    rules = make_rules(tmp_path)
    kinds = rules / "kinds.yaml"
    kinds.write_text(kinds.read_text("utf-8").replace("{id: tags, fields: {}}",
                                                      "{id: tags, fields {}}"), "utf-8")
    (rules / "extra.yaml").write_text("kind: tiles\nrecords: []\n", "utf-8")
    output = assert_rejected(rules, "L003", "kinds.yaml", capsys)
    assert "extra.yaml:1:7: error[S002]: unknown document kind 'tiles'" in output, output
    assert "2 error(s)" in output, output


def test_a_link_out_of_the_rules_folder_shows_none_of_its_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """L013 said the link was not followed, then printed the linked file's first line as
    its source line: a pull request adding ``cards.yaml -> ~/.ssh/id_rsa`` got the key's
    first line into the check's log. Nothing of the file is shown now."""
    rules = make_rules(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("TOKEN=hunter2\n", "utf-8")
    os.symlink(secret, rules / "linked.yaml")
    output = assert_rejected(rules, "L013", "linked.yaml", capsys, 1, 1)
    assert "hunter2" not in output
