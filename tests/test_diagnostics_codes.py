"""Every diagnostic code is emitted, documented, titled and triggered by a test.

``docs/diagnostics.md`` holds, per code, a ``bad FILE`` example and its ``fix FILE``: each
replaces one file of the small valid game in ``tests/bad_input/_base`` (written in the
core language). The bad example must produce its code; the fixed game must produce no
diagnostic at all. Codes whose trigger is not YAML text (bytes, sizes, links) are made by
``SPECIAL`` below.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from compiler.diagnostics import CODES
from compiler.lang.parse import MAX_LENGTH
from compiler.load.yaml_reader import MAX_BYTES, MAX_DEPTH
from compiler.pipeline import compile_game

REPO = Path(__file__).resolve().parents[1]
BASE = REPO / "tests" / "bad_input" / "_base"
DOC = REPO / "docs" / "diagnostics.md"
CODE_RE = re.compile(r"""["']([LSDRWT][0-9]{3})["']""")
BLOCK_RE = re.compile(r"^```yaml (bad|fix) (\S+)\n(.*?)^```$", re.M | re.S)


def emitted_codes() -> set[str]:
    """Codes written as string literals anywhere in compiler/ (CODES table excluded)."""
    found: set[str] = set()
    for path in (REPO / "compiler").rglob("*.py"):
        text = path.read_text("utf-8")
        if path.name == "diagnostics.py":
            text = text.split("CODES = {")[0] + text.split("SARIF_SCHEMA")[1]
        found |= set(CODE_RE.findall(text))
    return found


def documented() -> dict[str, dict[str, tuple[str, str]]]:
    """``{code: {"bad": (file, text), "fix": (file, text)}}`` from docs/diagnostics.md."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    sections = re.split(r"^### ", DOC.read_text("utf-8"), flags=re.M)[1:]
    for section in sections:
        code = section[:4]
        out[code] = {m[1]: (m[2], m[3]) for m in BLOCK_RE.finditer(section)}
    return out


def game(tmp_path: Path, files: dict[str, str | bytes] | None = None) -> Path:
    """A copy of the base game in ``tmp_path/rules`` with ``files`` replaced."""
    rules = tmp_path / "rules"
    shutil.copytree(BASE, rules)
    for name, content in (files or {}).items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        (rules / name).write_bytes(data)
    return rules


def codes_of(rules: Path) -> list[str]:
    return [d.code for d in compile_game(rules, rules.parent).diagnostics]


def _nested(tmp: Path) -> Path:
    depth = MAX_DEPTH + 5
    return game(tmp, {"extra.yaml": "a: " + "[" * depth + "]" * depth + "\n"})


def _symlink(tmp: Path) -> Path:
    outside = tmp / "outside.yaml"
    outside.write_text("kind: tags\nrecords: []\n")
    rules = game(tmp)
    os.symlink(outside, rules / "extra.yaml")
    return rules


def _not_a_file(tmp: Path) -> Path:
    rules = game(tmp)
    (rules / "extra.yaml").mkdir()
    return rules


def _long_effect(tmp: Path) -> Path:
    effect = "; ".join(["gain 1 money"] * (MAX_LENGTH // 12 + 1))
    return game(tmp, {"flow.yaml": f"kind: flow\nphases:\n  - {{id: a, each_player: "
                      f"\"{effect}\"}}\nend: {{when: \"round >= 3\"}}\n"})


SPECIAL: dict[str, Callable[[Path], Path]] = {
    "L001": lambda t: game(t, {"extra.yaml": b"#" * (MAX_BYTES + 1)}),
    "L002": lambda t: game(t, {"extra.yaml": b"kind: tags\nrecords:\n"
                                             b"  - {id: cafe, name: {en: caf\xe9}}\n"}),
    "L006": _nested,
    "L012": lambda t: t / "no_such_folder",
    "L013": _symlink,
    "L014": _not_a_file,
    "D002": _long_effect,
    # U+202E RIGHT-TO-LEFT OVERRIDE inside a card's name ("Trojan source"); kept out of
    # the docs' examples, which must not hold one
    "W006": lambda t: game(t, {"extra.yaml": "kind: tags\nrecords:\n"
                                             "  - {id: gold, name: {en: \"go\u202eld\"}}\n"}),
    "R043": lambda t: game(t, {
        "events.yaml": "kind: events\nrecords:\n  - {id: built, fields: {card: cards, "
                       "by: player}}\n",
        "cards.yaml": "kind: cards\nsource: {doc: rules, section: Cards}\nrecords:\n"
                      "  - {id: mine, name: {en: Mine}, cost: 2, effect: \"gain 3 money; "
                      "emit built {card: this}\"}\n"}),
}
# Codes that only ``rulesc build`` or ``rulesc sheet`` reports (its sheets): W009 depends on
# the machine's fonts; tests/test_sheets_new_user.py triggers it with fontconfig mocked.
BUILD_ONLY: set[str] = {"W009"}
DOCS = documented()
# T codes (scenario failures) have scenario examples: tests/test_scenario_codes.py runs them.
SCENARIO_CODES = {c for c in DOCS if c.startswith("T")}
EXAMPLES = sorted(c for c, blocks in DOCS.items() if "bad" in blocks and c not in SCENARIO_CODES)
SPECIAL_CASES = sorted(SPECIAL)


def test_every_emitted_code_is_documented_and_titled() -> None:
    emitted = emitted_codes()
    assert emitted - set(DOCS) == set(), "document these codes in docs/diagnostics.md"
    assert emitted - set(CODES) == set(), "add these codes to compiler.diagnostics.CODES"


def test_every_documented_code_exists_and_has_a_trigger() -> None:
    assert set(DOCS) == set(CODES), "docs/diagnostics.md and CODES list different codes"
    assert set(DOCS) - emitted_codes() == set(), "documented codes no stage emits"
    untriggered = {c for c in DOCS if c not in EXAMPLES and c not in SPECIAL
                   and c not in BUILD_ONLY and c not in SCENARIO_CODES}
    assert untriggered == set(), "add a bad example or a SPECIAL trigger"


def test_documented_codes_are_sorted_and_titled() -> None:
    assert list(DOCS) == sorted(DOCS, key=lambda c: ("LSDRWT".index(c[0]), c))
    for code, title in CODES.items():
        assert f"### {code}: {title}" in DOC.read_text("utf-8")


def test_base_game_is_clean(tmp_path: Path) -> None:
    assert codes_of(game(tmp_path)) == []


@pytest.mark.parametrize("code", EXAMPLES)
def test_bad_example_triggers_its_code(code: str, tmp_path: Path) -> None:
    name, text = DOCS[code]["bad"]
    assert code in codes_of(game(tmp_path, {name: text}))


@pytest.mark.parametrize("code", EXAMPLES)
def test_fixed_example_is_clean(code: str, tmp_path: Path) -> None:
    assert "fix" in DOCS[code], f"{code} has a bad example but no fix"
    name, text = DOCS[code]["fix"]
    assert codes_of(game(tmp_path, {name: text})) == []


@pytest.mark.parametrize("code", SPECIAL_CASES)
def test_special_trigger(code: str, tmp_path: Path) -> None:
    rules = SPECIAL[code](tmp_path)
    assert code in [d.code for d in compile_game(rules, tmp_path).diagnostics]
