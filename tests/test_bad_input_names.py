"""Hostile names are accepted as data but stay harmless in the generated Python.

Ids are refused by the schema (see test_bad_input.py); names, titles, source sections
and even the rules folder's name may hold anything. The built package must parse, its
``RULES`` must be pure literal data, and the hostile text may appear only inside string
literals (the folder name, sanitised, also in comments).
"""

from __future__ import annotations

import ast
import io
import json
import shutil
import tokenize
from pathlib import Path

import pytest

from compiler.cli import main

BASE = Path(__file__).resolve().parent / "bad_input" / "_base"
MARK = "PWNED"
HOSTILE = [
    f"x'); __import__('os').system('echo {MARK}'); ('",
    f'"""\nimport os; os.system("echo {MARK}")\n"""',
    f"\\' + __import__('os').getcwd() + '{MARK}",
    f"<script>alert('{MARK}')</script>",
    f"{{{{ {MARK} }}}}{{% raw %}}${{{MARK}}}",
    f"line1\nline2\r\n{MARK}\u2028\u0085tail",
    f"# {MARK}\n#!/bin/sh",
    f"\u202e{MARK}\u202c Zalgo \u0301\u0301 \U0001F600",
]
LITERALS = (ast.Dict, ast.List, ast.Tuple, ast.Constant, ast.UnaryOp, ast.USub, ast.Load)


def _quote(text: str) -> str:
    """A YAML double-quoted scalar for ``text`` (line breaks escaped, not folded)."""
    body = json.dumps(text, ensure_ascii=False)
    return body.replace("\u2028", "\\L").replace("\u0085", "\\N")


def _hostile_game(tmp_path: Path, folder: str) -> Path:
    rules = tmp_path / folder
    shutil.copytree(BASE, rules)
    q = [_quote(h) for h in HOSTILE]
    (rules / "game.yaml").write_text(
        f"kind: game\nid: mini\ntitle: {{en: {q[0]}, it: {q[1]}}}\n"
        f"language: en\nlanguages: [en, it]\nplayers: {{min: 1}}\n"
        f"sources: {{rules: {q[2]}}}\n", "utf-8")
    (rules / "resources.yaml").write_text(
        "kind: resources\nrecords:\n"
        f"  - {{id: money, name: {{en: {q[3]}}}, source: {{doc: rules, section: {q[4]}}}}}\n"
        f"  - {{id: score, name: {{en: {q[5]}, it: {q[6]}}},"
        f" source: {{doc: rules, section: {q[0]}}}}}\n", "utf-8")
    (rules / "tags.yaml").write_text(
        f"kind: tags\nsource: {{doc: rules, section: {q[7]}}}\nrecords:\n"
        + "".join(f"  - {{id: tag{i}, name: {{en: {s}}}}}\n" for i, s in enumerate(q))
        + f"  - {{id: building, name: {{en: {q[1]}}}}}\n", "utf-8")
    return rules


def _build(rules: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    assert main(["build", "--rules", str(rules), "--out", str(out)]) == 0, \
        capsys.readouterr().err
    capsys.readouterr()
    return {p.name: p.read_text("utf-8") for p in sorted((out / "mini").glob("*.py"))}


def _non_string_tokens(source: str) -> list[tokenize.TokenInfo]:
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [t for t in tokens if t.type != tokenize.STRING]


def test_hostile_names_build_to_harmless_python(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    files = _build(_hostile_game(tmp_path, "evil"), tmp_path / "out", capsys)
    assert set(files) == {"__init__.py", "rules.py", "engine.py"}
    for name, source in files.items():
        ast.parse(source, filename=name)
        leaks = [t for t in _non_string_tokens(source) if MARK in t.string]
        assert leaks == [], f"{name}: hostile text outside a string literal: {leaks[:3]}"
    tree = ast.parse(files["rules.py"])
    assigns = [n for n in tree.body if isinstance(n, ast.Assign)]
    assert [t.id for a in assigns for t in a.targets if isinstance(t, ast.Name)] == ["RULES"]
    assert all(isinstance(n, LITERALS) for n in ast.walk(assigns[0].value))


def test_hostile_names_round_trip_exactly(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    files = _build(_hostile_game(tmp_path, "evil"), tmp_path / "out", capsys)
    tree = ast.parse(files["rules.py"])
    rules = ast.literal_eval([n for n in tree.body if isinstance(n, ast.Assign)][0].value)
    names = [rules["records"]["tags"][f"tag{i}"]["name"]["en"] for i in range(len(HOSTILE))]
    assert names == HOSTILE
    assert rules["game"]["title"] == {"en": HOSTILE[0], "it": HOSTILE[1]}
    assert rules["records"]["resources"]["score"]["name"] == {"en": HOSTILE[5],
                                                              "it": HOSTILE[6]}


def test_a_name_on_two_lines_is_warned_at_it_and_still_builds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA finding G16: a line break or tab in a name breaks ``explain`` and the menus,
    so check warns (W007, "write the name on one line") at each such name, in any
    language; the hostile names above still build (a warning stops no build), and a name
    on one line, however hostile, is not warned about."""
    from compiler.pipeline import compile_game

    rules = _hostile_game(tmp_path, "evil")
    found = [d for d in compile_game(rules, tmp_path).diagnostics if d.code == "W007"]
    breaks = [i for i, h in enumerate(HOSTILE) if any(c in h for c in "\n\r\u2028\u0085\t")]
    text = (rules / "tags.yaml").read_text("utf-8").splitlines()
    tags = [(n, line.index("name:") + len("name: {en: ") + 1)
            for n, line in enumerate(text, 1) for i in breaks
            if f"id: tag{i}," in line or (i == 1 and "id: building," in line)]
    assert sorted((d.span.line, d.span.col) for d in found
                  if d.span.path.endswith("tags.yaml")) == sorted(tags)
    assert {d.span.path.rsplit("/", 1)[-1] for d in found} == {"tags.yaml", "resources.yaml"}
    assert all(d.severity.value == "warning" and d.hint == "write the name on one line"
               for d in found)
    _build(rules, tmp_path / "out", capsys)


def test_a_unit_with_a_tab_is_warned_and_a_plain_one_is_not(tmp_path: Path) -> None:
    """A field of type ``names`` (a unit, "tile|tiles") is a name too: W007 at the one
    holding a tab, none at the one on one line."""
    from compiler.pipeline import compile_game

    rules = tmp_path / "rules"
    shutil.copytree(BASE, rules)
    kinds = rules / "kinds.yaml"
    kinds.write_text(kinds.read_text("utf-8").replace(
        "{id: resources, fields: {}}", "{id: resources, fields: {unit: names?}}"), "utf-8")
    (rules / "resources.yaml").write_text(
        "kind: resources\nsource: {doc: rules, section: Resources}\nrecords:\n"
        "  - {id: money, name: {en: money}, unit: {en: \"coin|\\tcoins\"}}\n"
        "  - {id: score, name: {en: score}, unit: {en: \"point|points\"}}\n", "utf-8")
    found = [(d.code, d.span.line, d.span.col) for d in compile_game(rules, tmp_path).diagnostics]
    line = (rules / "resources.yaml").read_text("utf-8").splitlines()[3]
    assert found == [("W007", 4, line.index('"coin') + 1)], found


def test_hostile_folder_name_stays_in_comments_and_strings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = f"evil\"'\n{MARK} = 1 #{{{{x}}}}"
    files = _build(_hostile_game(tmp_path, folder), tmp_path / "out", capsys)
    for name, source in files.items():
        ast.parse(source, filename=name)
        leaks = [t for t in _non_string_tokens(source)
                 if MARK in t.string and t.type != tokenize.COMMENT]
        assert leaks == [], f"{name}: {leaks[:3]}"


def test_deeply_nested_effect_builds_parseable_python(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(BASE, rules)
    effect = "choose (gain 1 money | " * 60 + "gain 2 money" + ")" * 60
    (rules / "flow.yaml").write_text(f"kind: flow\nphases:\n  - {{id: a, each_player: "
                                     f"\"{effect}\"}}\nend: {{when: \"round >= 3\"}}\n")
    out = tmp_path / "out"
    if main(["build", "--rules", str(rules), "--out", str(out)]) == 1:
        return  # rejected with a diagnostic: also fine
    ast.parse((out / "mini" / "rules.py").read_text("utf-8"))
