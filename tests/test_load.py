"""The loader: YAML read safely, with positions that survive a BOM and CRLF line ends."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from compiler.cli import main
from compiler.load import load_rules, load_text, read_file
from compiler.pipeline import compile_game

BASE = Path(__file__).resolve().parent / "bad_input" / "_base"
# One schema error, one DSL error inside a block scalar (second line), one duplicate key.
BROKEN = {
    "cards.yaml": "kind: cards\nrecords:\n"
                  "  - {id: mine, name: {en: Mine}, cost: 2, effcet: \"gain 3 money\"}\n"
                  "  - {id: lion, name: {en: Lion}, cost: 4, module: zoo}\n",
    "flow.yaml": "kind: flow\nphases:\n  - id: income\n    each_player: |\n"
                 "      gain 1 money;\n      gain (2 money\nend: {max_rounds: 3}\n"
                 "end: {max_rounds: 4}\n",
}


def _positions(tmp_path: Path, name: str, bom: bool, crlf: bool) -> list[tuple[str, int, int]]:
    rules = tmp_path / name
    shutil.copytree(BASE, rules)
    for file, text in BROKEN.items():
        data = text.replace("\n", "\r\n") if crlf else text
        (rules / file).write_bytes((b"\xef\xbb\xbf" if bom else b"") + data.encode())
    comp = compile_game(rules, tmp_path)
    return [(d.code, Path(d.span.path).name, d.span.line, d.span.col) for d in comp.diagnostics]


def test_bom_and_crlf_give_the_same_positions(tmp_path: Path) -> None:
    plain = _positions(tmp_path, "lf", bom=False, crlf=False)
    assert {c for c, *_ in plain} >= {"S003", "D001", "L009"}
    assert _positions(tmp_path, "crlf", bom=False, crlf=True) == plain
    assert _positions(tmp_path, "bom_crlf", bom=True, crlf=True) == plain
    # the end of the second line of the block: the ')' that is missing
    assert ("D001", "flow.yaml", 6, len("      gain (2 money") + 1) in plain
    assert ("S003", "cards.yaml", 3, BROKEN["cards.yaml"].splitlines()[2].index("effcet") + 1) \
        in plain


def test_crlf_source_line_has_no_carriage_return(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(BASE, rules)
    (rules / "cards.yaml").write_bytes(BROKEN["cards.yaml"].replace("\n", "\r\n").encode())
    assert main(["check", "--rules", str(rules)]) == 1
    err = capsys.readouterr().err
    assert "\r" not in err
    assert "effcet: \"gain 3 money\"}\n" in err


def test_yaml11_words_stay_text() -> None:
    doc, diags = load_text("t.yaml", b"on: x\na: no\nb: 2024-01-01\nc: 0x10\nd: 1_000\n")
    assert doc is not None
    assert doc.data == {"on": "x", "a": "no", "b": "2024-01-01", "c": "0x10", "d": "1_000"}
    assert [d.code for d in diags] == ["L011"]


def test_numbers() -> None:
    doc, diags = load_text("t.yaml", b"a: 010\nb: -3\nc: 1.5\nd: 1.0e+999\ne: '010'\n")
    assert doc is not None
    assert doc.data == {"a": 10, "b": -3, "c": 1.5, "d": "1.0e+999", "e": "010"}
    assert [(d.code, d.span.line) for d in diags] == [("L010", 1), ("L015", 4)]


def test_huge_integer_is_a_diagnostic_not_a_crash() -> None:
    doc, diags = load_text("t.yaml", b"a: " + b"9" * 5000 + b"\n")
    assert [d.code for d in diags] == ["L015"]


@pytest.mark.parametrize("raw, code, line, col", [
    (b"a: 1\n\tb: 2\n", "L003", 2, 1),
    (b"a: \x07\n", "L003", 1, 4),
    (b"a: [" + b"[" * 100 + b"]" * 101 + b"\n", "L006", 1, 67),
    (b"a: [" + b"[" * 2000 + b"]" * 2001 + b"\n", "L006", 1, 1003),  # libyaml limit
    (b"a: &x 1\n", "L004", 1, 4),
    (b"a: !!binary aGk=\n", "L005", 1, 4),
    (b"? [a]\n: 1\n", "L008", 1, 3),
    (b"a: 1\na: 2\n", "L009", 2, 1),
    (b"\xef\xbb\xbf", "L007", 1, 1),
    # an error at the end of the stream: on a line of the file, not one past its end (QA)
    (b"kind: kinds\nrecords:\n  - id: a\n    fields\n", "L003", 4, 5),  # no ':'
    (b"kind: kinds\nrecords:\n  - id: a\n    fields", "L003", 4, 5),
    (b"kind: x\nb: [1,\n\n", "L003", 2, 7),  # the flow ends with the file
])
def test_loader_diagnostics_are_positioned(raw: bytes, code: str, line: int, col: int) -> None:
    _doc, diags = load_text("t.yaml", raw)
    assert [(d.code, d.span.line, d.span.col) for d in diags][:1] == [(code, line, col)]


def _nested_block(depth: int, tail: bytes = b"") -> bytes:
    """A mapping ``depth`` deep, one key a line, each line two spaces deeper."""
    return b"".join(b"  " * i + b"k%d:\n" % i for i in range(depth - 1)) + \
        b"  " * (depth - 1) + b"v: 1" + tail + b"\n"


@pytest.mark.parametrize("tail", [b"", b"  # 2 * 3 & !"])
def test_depth_is_checked_with_or_without_the_event_scan(tail: bytes) -> None:
    """A text with no anchor, alias or tag character is composed at once and its depth
    checked on the tree (``yaml_reader._too_deep``); one with ``* & !`` goes through the
    event scan. Both give L006 at the 65th mapping (line 65, column 129: 64 levels of
    two spaces), and nothing at 64 levels."""
    _doc, diags = load_text("t.yaml", _nested_block(66, tail))
    assert [(d.code, d.span.line, d.span.col) for d in diags] == [("L006", 65, 129)]
    doc, diags = load_text("t.yaml", _nested_block(64, tail))
    assert diags == [] and doc is not None


def test_folder_named_yaml_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "x.yaml").mkdir()
    raw, problem = read_file(tmp_path / "x.yaml", tmp_path.resolve())
    assert raw == b"" and problem is not None and problem.code == "L014"


def test_pipe_named_yaml_does_not_block(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "x.yaml")
    docs, diags = load_rules(tmp_path, tmp_path)
    assert docs == [] and [d.code for d in diags] == ["L014"]


def test_dangling_link_is_reported(tmp_path: Path) -> None:
    os.symlink(tmp_path / "missing.yaml", tmp_path / "x.yaml")
    _docs, diags = load_rules(tmp_path, tmp_path)
    assert [d.code for d in diags] == ["L014"]


def test_link_inside_the_folder_is_read(tmp_path: Path) -> None:
    (tmp_path / "real.yml").write_text("kind: tags\nrecords: []\n")
    os.symlink(tmp_path / "real.yml", tmp_path / "x.yaml")
    docs, diags = load_rules(tmp_path, tmp_path)
    assert diags == [] and [d.kind for d in docs] == ["tags"]


def test_missing_folder(tmp_path: Path) -> None:
    docs, diags = load_rules(tmp_path / "nope", tmp_path)
    assert docs == [] and [d.code for d in diags] == ["L012"]


def test_a_file_given_as_the_rules_folder_says_so(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text("kind: tags\nrecords: []\n")
    docs, diags = load_rules(tmp_path / "cards.yaml", tmp_path)
    assert docs == [] and [d.code for d in diags] == ["L012"]
    assert "is a file, not a rules folder" in diags[0].message


def test_a_scenario_kept_in_the_rules_folder_is_not_a_rules_document(tmp_path: Path) -> None:
    base = Path(__file__).parent / "bad_input" / "_base"
    rules = tmp_path / "rules"
    shutil.copytree(base, rules)
    (rules / "scen").mkdir()
    (rules / "scen" / "a.yaml").write_text(
        'scenario: "a card"\ngame: rules\nplayers: 2\nthen: {round: 1}\n', "utf-8")
    (rules / "stray.yaml").write_text("players: 2\n", "utf-8")  # no kind: still S001
    comp = compile_game(rules, tmp_path)
    assert [(d.code, d.span.path) for d in comp.diagnostics] == [("S001", "rules/stray.yaml")]


def test_positions_of_keys_values_quoted_and_block_scalars() -> None:
    """The packed positions (``document.pos``) read back as the text places them: a
    value's and its key's line and column, a quoted value, a block scalar, a column past
    65,535 (a long flow line), and a path the data lacks (its nearest ancestor's)."""
    long = "x" * 70_000
    text = (f"kind: cards\nrecords:\n  - {{id: a, text: \"gain 1\", pad: {long}, end: 7}}\n"
            "  - id: b\n    effect: |\n      gain 2\n")
    doc, diags = load_text("t.yaml", text.encode())
    assert doc is not None and diags == []
    line3 = text.splitlines()[2]
    assert (doc.values[("kind",)].line, doc.values[("kind",)].col) == (1, len("kind: ") + 1)
    assert (doc.keys[("kind",)].line, doc.keys[("kind",)].col) == (1, 1)
    text_at = doc.values[("records", 0, "text")]
    assert (text_at.line, text_at.col) == (3, line3.index('"gain 1"') + 1)
    end_key = doc.key_span(("records", 0, "end"))
    assert (end_key.line, end_key.col) == (3, line3.index("end:") + 1)
    assert end_key.col > 65_535
    assert ("records", 0, "text") in doc.quoted and ("records", 0, "id") not in doc.quoted
    assert ("records", 1, "effect") in doc.block and ("records", 1, "id") not in doc.block
    assert doc.span(("records", 1, "effect", "missing")) == doc.values[("records", 1, "effect")]
    assert ("records", 0) not in doc.keys and doc.key_span(("records", 0)).line == 3
    assert doc.data["records"][1]["effect"] == "gain 2\n"
