"""Definitions that expand too large or nest too deep: one positioned error, no traceback
(QA qa9 H19, H18; ``compiler/lang/bounds.py``, docs/diagnostics.md D005, D006).

The games are the small valid game of ``tests/bad_input/_base`` with a ``chain.yaml`` of
definitions ``zap0 {n}`` = "gain n money", ``zapI {n}`` = one or two uses of ``zap(I-1)``,
and the card 'mine' using the last one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.cli import main
from compiler.lang.bounds import MAX_BLOCKS, MAX_DEPTH, MAX_STATEMENTS, MAX_VALUES
from tests.test_bad_input import make_rules, run_check


def chain(tmp_path: Path, levels: int, body: str = "zap{i} n", wrap: str = "{}") -> Path:
    """The base game with ``levels`` definitions ``zap0..``, each ``zapI``'s effect
    ``wrap`` around ``body`` (``{i}``: I - 1), and the card 'mine' using the last."""
    rules = make_rules(tmp_path)
    recs = ['  - {id: zap0, phrase: "zap0 {n}", params: {n: int}, text: {en: "zap {n}"},'
            f' effect: "{wrap.format("gain n money")}"}}\n']
    for i in range(1, levels):
        text = wrap.format(body.format(i=i - 1))
        recs.append(f'  - {{id: zap{i}, phrase: "zap{i} {{n}}", params: {{n: int}}, '
                    f'text: {{en: "zap {{n}}"}}, effect: "{text}"}}\n')
    (rules / "chain.yaml").write_text("kind: definitions\nrecords:\n" + "".join(recs))
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text().replace('"gain 3 money"', f'"zap{levels - 1} 3"'))
    return rules


def errors(output: str) -> list[str]:
    return re.findall(r"^\S+: error\[\w+\]: .*$", output, re.M)


def the_one_error(rules: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The single error ``rulesc check`` reports for ``rules`` (it must fail with one)."""
    status, output, _ = run_check(rules, capsys)
    found = errors(output)
    assert status == 1 and len(found) == 1, output
    return found[0]


def test_a_definition_bomb_is_one_error_at_the_level_that_goes_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA H19: 17 definitions each using the one below twice made 2^16 statements (16 s,
    1.09 GB). A use of 'gain' is 4 statements (the 'let' of each argument, the
    assignment, their sequence) and one of zapI 2 more (the 'let' of n, the sequence),
    so zapI expands to 8 x 2^I - 4: zap10 to 8,188, zap11 to 16,380, the first over
    10,000. The definitions above it and the card are follow-ons."""
    rules = chain(tmp_path, 17, "zap{i} n; zap{i} n")
    status, output, _ = run_check(rules, capsys)
    assert status == 1 and "Traceback" not in output
    found = errors(output)
    assert len(found) == 1, output
    assert re.match(rf"{re.escape(str(rules / 'chain.yaml'))}:\d+:\d+: error\[D005\]: in "
                    r"definition 'zap11': the definitions used here expand to at least "
                    rf"[\d,]+ statements, over the limit of {MAX_STATEMENTS:,}: 'zap11' "
                    r"uses 'zap10'$", found[0]), found[0]
    assert "repeat N:" in output  # the hint: a loop instead of copies


def test_a_text_over_the_bound_is_one_error_not_one_per_statement(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Five uses of a definition of 4,096+ statements in one card: the third goes over;
    the two after it are the same mistake."""
    rules = chain(tmp_path, 11, "zap{i} n; zap{i} n")
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text().replace('"zap10 3"', '"' + "; ".join(["zap10 3"] * 5)
                                               + '"'))
    found = the_one_error(rules, capsys)
    assert "cards.yaml:4:" in found and "error[D005]: the definitions used in this " \
        "text expand to at least" in found, found


def test_a_chain_of_250_definitions_is_one_error_naming_its_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA H18: 250 definitions each using the next ended check, build and play in a
    RecursionError. zap0 uses 'gain', so zapI nests I + 2 deep: zap31 is the first
    over 32. Every definition above it uses it: no error of their own."""
    rules = chain(tmp_path, 250)
    status, output, _ = run_check(rules, capsys)
    assert status == 1 and "Traceback" not in output and "RecursionError" not in output
    found = errors(output)
    assert len(found) == 1, output
    assert f"error[D006]: in definition 'zap{MAX_DEPTH - 1}': definitions nest " \
           f"{MAX_DEPTH + 1} deep here, over the limit of {MAX_DEPTH}" in found[0], found[0]
    out = tmp_path / "out"
    assert main(["build", "--rules", str(rules), "--out", str(out)]) == 1
    assert not out.exists()


def test_a_chain_at_the_depth_limit_checks_clean(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rules = chain(tmp_path, MAX_DEPTH - 1)  # zap30 nests 32 deep with 'gain'
    status, output, _ = run_check(rules, capsys)
    assert status == 0, output


def test_statements_nested_too_deep_through_definitions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """29 definitions, each 11 'if's around the next: the engine's code generator ended
    in a RecursionError (statements 350 deep); 27 such (326 deep) built."""
    rules = chain(tmp_path, 29, wrap="if n > 0 then (" * 11 + "{}" + ")" * 11)
    found = the_one_error(rules, capsys)
    assert re.search(rf"error\[D006\]: in definition 'zap\d+': statements nest \d+ deep, "
                     rf"over the limit of {MAX_BLOCKS},", found), found


def test_a_value_nested_too_deep_through_definitions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """8 value definitions, each 11 sums around the next: the engine's Python did not
    load ("too many nested parentheses")."""
    rules = make_rules(tmp_path)
    recs = ['  - {id: v0, phrase: "v0 {n}", params: {n: int}, value: "n + 1", '
            'text: {en: "v {n}"}}\n']
    for i in range(1, 8):
        body = "(" * 11 + f"v{i - 1} n" + " + 1)" * 11
        recs.append(f'  - {{id: v{i}, phrase: "v{i} {{n}}", params: {{n: int}}, '
                    f'value: "{body}", text: {{en: "v {{n}}"}}}}\n')
    (rules / "chain.yaml").write_text("kind: definitions\nrecords:\n" + "".join(recs))
    found = the_one_error(rules, capsys)
    assert re.search(rf"error\[D006\]: in definition 'v\d': the parts of a value nest \d+ "
                     rf"deep, over the limit of {MAX_VALUES},", found), found


def test_a_sum_of_300_terms_is_d006_at_its_text(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Checked clean before, and the built engine did not load ("too many nested
    parentheses"): no definition is involved, the text itself nests 300 deep."""
    rules = make_rules(tmp_path)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text().replace(
        '"gain 3 money"', '"gain (' + " + ".join(["1"] * 300) + ') money"'))
    found = the_one_error(rules, capsys)
    assert re.search(r"cards\.yaml:4:\d+: error\[D006\]: the parts of a value nest 30\d "
                     rf"deep, over the limit of {MAX_VALUES}, in this text", found), found


def test_a_use_of_a_refused_phrase_is_no_follow_on_d004(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA H11: 'either {a} or {b}' is refused (R031: 'or' ends a phrase); the card using
    it also had "D004 a value where a statement is expected" (its text reads as an 'or'
    of two values). One mistake: R031 alone. A value written as a statement elsewhere is
    still D004."""
    rules = make_rules(tmp_path)
    defs, cards = rules / "definitions.yaml", rules / "cards.yaml"
    defs.write_text(defs.read_text() + '  - {id: either, phrase: "either {a} or {b}", '
                    'params: {a: effect, b: effect}, effect: "choose (a | b)", '
                    'text: {en: "either {a} or {b}"}}\n')
    cards.write_text(cards.read_text().replace(
        '"gain 3 money"', '"either (gain 3 money) or (gain 1 score)"').replace(
        '"gain 2 score"', '"score > 1 or money > 1"'))
    status, output, _ = run_check(rules, capsys)
    found = errors(output)
    assert status == 1 and len(found) == 2, output
    assert "definitions.yaml:8:" in found[1] and "error[R031]: definition 'either'" in \
        found[1], found
    assert re.search(r"cards\.yaml:5:\d+: error\[D004\]: a value where a statement is "
                     r"expected$", found[0]), found[0]
