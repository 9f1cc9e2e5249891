"""Property-based tests: whatever text or YAML goes in, only diagnostics come out.

Fixed, small budget (``SETTINGS``): derandomized, 200 examples per property, so the file
runs in a few seconds and the same way on every machine.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.codegen import generate
from compiler.diagnostics import CODES, Diagnostic
from compiler.lang.parse import STARTS, parse
from compiler.load import load_text
from compiler.pipeline import compile_game

BASE = Path(__file__).resolve().parent / "bad_input" / "_base"
SETTINGS = settings(max_examples=200, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])
WORDS = ["gain", "money", "score", "mine", "lion", "building", "a1", "stock", "hand",
         "cards", "resources", "players", "player_count", "round", "you", "this", "event",
         "it", "p", "x", "if", "then", "else", "for", "each", "in", "where", "while", "repeat",
         "choose", "up", "to", "as", "let", "with", "require", "emit", "grant", "until", "on",
         "modify", "by", "do", "skip", "stop", "and", "or", "not", "true", "false", "none",
         "count", "sum", "max", "min", "any", "all", "first", "last", "sorted", "keys",
         "random", "adjacent", "every", "can", "1", "2", "-3", "10", "(", ")", "[", "]", "{",
         "}", "|", ";", ",", ":", ".", "..", "+", "-", "*", "/", "%", "=", "+=", "-=", ">=",
         "<=", "==", "!=", ">", "<", '"text"', "\n", "  "]
DSL = st.one_of(st.lists(st.sampled_from(WORDS), max_size=25).map(" ".join),
                st.text(max_size=60))
KEYS = ["kind", "id", "name", "en", "it", "records", "source", "doc", "section", "fields",
        "required", "active", "phrase", "params", "effect", "value", "text", "checks",
        "each_player", "do", "when", "phases", "setup", "end", "max_rounds", "steps",
        "scoring", "amount", "game", "player", "type", "each", "expose", "min", "max",
        "cost", "tags", "next_to", "module", "provisional", "reason", "requires",
        "conflicts", "removes", "replaces", "changes", "components", "count", "deck"]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                    st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from(["tags", "cards", "flow", "kinds", "state", "events",
                                     "definitions", "modules", "constants", "money", "int",
                                     "[cards]", "cards?", "player", "gain 1 money",
                                     "round >= 3", "gain {n} {r}", "no", "010"]),
                    st.text(max_size=20))
DATA = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=8)), inner, max_size=5)),
    max_leaves=25)


def _assert_diagnostics(diags: list[Diagnostic]) -> None:
    for d in diags:
        assert d.code in CODES, d.code
        assert d.span.line >= 1 and d.span.col >= 1, d.format()
        d.format("source line")


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz") / "rules"
    shutil.copytree(BASE, folder)
    return folder


@SETTINGS
@given(start=st.sampled_from(STARTS), text=DSL)
def test_dsl_text_gives_a_tree_or_a_diagnostic(start: str, text: str) -> None:
    node, diags = parse(start, text, lambda i: (3, 7 + i), "f.yaml")
    assert (node is None) == bool(diags)
    assert all(d.code in ("D001", "D002", "D003") for d in diags)
    _assert_diagnostics(diags)


@SETTINGS
@given(text=DSL)
def test_dsl_text_through_the_whole_compiler(rules: Path, text: str) -> None:
    """The text as a statement, a condition and an amount of the game's flow."""
    quoted = yaml.safe_dump(text, default_style='"', width=10**6).strip()
    (rules / "flow.yaml").write_text(f"kind: flow\nphases:\n  - {{id: p, each_player: "
                                     f"{quoted}}}\nend: {{when: {quoted}}}\nscoring:\n"
                                     f"  - {{id: s, amount: {quoted}}}\n", "utf-8")
    try:
        _assert_diagnostics(compile_game(rules, rules.parent).diagnostics)
    finally:
        shutil.copyfile(BASE / "flow.yaml", rules / "flow.yaml")


@SETTINGS
@given(data=DATA)
def test_random_yaml_documents_give_only_diagnostics(rules: Path, data: Any) -> None:
    (rules / "extra.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    _assert_diagnostics(compile_game(rules, rules.parent).diagnostics)


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``data`` (keys and list indexes), the root excluded."""
    items = data.items() if isinstance(data, dict) else enumerate(data) \
        if isinstance(data, list) else []
    return [p for k, v in items for p in [at + (k,), *_paths(v, at + (k,))]]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@SETTINGS
@given(file=st.sampled_from(sorted(p.name for p in BASE.glob("*.yaml"))),
       pick=st.integers(0, 10**6), value=DATA)
def test_mutated_valid_game_gives_only_diagnostics(rules: Path, file: str, pick: int,
                                                   value: Any) -> None:
    """One value of a valid file replaced: reaches resolve and check with odd data."""
    data = yaml.safe_load((BASE / file).read_text("utf-8"))
    paths = _paths(data)
    _set(data, paths[pick % len(paths)], value)
    (rules / file).write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    try:
        _assert_diagnostics(compile_game(rules, rules.parent).diagnostics)
    finally:
        shutil.copyfile(BASE / file, rules / file)


@SETTINGS
@given(raw=st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode)))
def test_random_bytes_give_only_diagnostics(raw: bytes) -> None:
    _doc, diags = load_text("f.yaml", raw)
    _assert_diagnostics(diags)


@pytest.fixture(scope="module")
def base_ir(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    comp = compile_game(BASE, BASE.parent)
    assert comp.diagnostics == []
    return comp.ir


@SETTINGS
@given(name=st.text(max_size=40), source=st.text(max_size=20))
def test_generated_code_from_any_name_parses(base_ir: dict[str, Any], name: str,
                                             source: str) -> None:
    resources = base_ir["records"]["resources"]
    ir = {**base_ir, "game": {**base_ir["game"], "title": {"en": name}},
          "records": {**base_ir["records"], "resources": {
              **resources, "money": {**resources["money"], "name": {"en": name}}}}}
    files = generate(ir, source)
    for path, text in files.items():
        if path.endswith(".py"):
            ast.parse(text)
    tree = ast.parse(files["rules.py"])
    value = ast.literal_eval(next(n for n in tree.body if isinstance(n, ast.Assign)).value)
    assert value["records"]["resources"]["money"]["name"]["en"] == name
    assert value["game"]["title"]["en"] == name
