"""A generated engine's parts load when a game first reads one of their records
(``compiler.runtime.lazy``): importing the package reads none, a table answers its ids,
``in``, ``len``, plain fields and modifier lists without loading, and composition keeps
it lazy (issue 8, scale: the engine import)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from compiler.runtime.lazy import LazyTable, lazy_table, link_code

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json
import generated.terraforming_mars as tm
cards = tm.RULES["records"]["cards"]
parts = cards.parts()
out = {"after_import": [p.name for p in parts if p.module is not None]}
loaded = lambda: [p.name.rsplit(".", 1)[-1] for p in parts if p.module is not None]
out["count"] = len(cards)
out["has_comet"] = "comet" in cards
out["after_plain"] = loaded()
out["cost"] = cards["comet"]["cost"]
out["after_read"] = loaded()
print(json.dumps(out))
"""


def test_importing_terraforming_mars_reads_no_part() -> None:
    """208 project cards (README, cards.json); Comet is card 010, in cards/001-070.yaml,
    and costs 21 M€ (cards.json #010)."""
    child = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                           text=True, check=True)
    out = json.loads(child.stdout)
    assert out["after_import"] == []
    assert out["count"] == 208 and out["has_comet"] is True
    assert out["after_plain"] == []
    assert out["cost"] == 21
    assert out["after_read"] == ["cards_comet"]


PART = """
RECORDS = {records!r}
def x_7(ctx, E=None):
    return 7
CODE = {{7: x_7}}
AT = {{7: "rules_data/toy/cards.yaml:3"}}
TRIALS = {{}}
"""

RECORDS: dict[str, Any] = {
    "a": {"id": "a", "cost": 1, "effect": {"op": "seq", "id": 10, "at": "f:1", "b": []}},
    "b": {"id": "b", "cost": 2, "module": "extra",
          "mods": [{"mod": "cost", "by": {"op": "lit", "v": -1}}]},
    "c": {"id": "c", "cost": 3, "effect": {"op": "seq", "id": 11, "at": "f:3", "b": []}},
}


@pytest.fixture()
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> LazyTable:
    package = tmp_path / "toy_lazy_pkg" / "parts"
    package.mkdir(parents=True)
    (package.parent / "__init__.py").write_text("", "utf-8")
    (package / "__init__.py").write_text("", "utf-8")
    first = {k: RECORDS[k] for k in ("a", "b")}
    (package / "p1.py").write_text(textwrap.dedent(PART.format(records=first)), "utf-8")
    # p2's record as the generator writes one: JSON text (parts.records_source)
    (package / "p2.py").write_text(PART.format(records={"c": json.dumps(RECORDS["c"])}),
                                   "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    plain = {k: {f: v for f, v in r.items() if f not in ("effect", "mods")}
             for k, r in RECORDS.items()}
    return lazy_table("toy_lazy_pkg.parts", [
        ["p1", [10, None], {k: plain[k] for k in "ab"}, ["a", "b"], {"cost": ["b"]}, {}],
        ["p2", [11], {"c": plain["c"]}, ["c"], {}, {"placed": ["c"]}]])


def _loaded(table: LazyTable) -> list[str]:
    return [p.name.rsplit(".", 1)[-1] for p in table.parts() if p.module is not None]


def test_a_lazy_table_answers_without_loading(table: LazyTable) -> None:
    assert list(table) == ["a", "b", "c"] and len(table) == 3 and "b" in table
    assert "z" not in table and table.get("z") is None
    assert table.plain("c")["cost"] == 3
    assert table.having("mod", "cost", lambda rec: False) == {"b"}
    assert table.having("on", "placed", lambda rec: False) == {"c"}
    assert table.having("on", "cost", lambda rec: False) == set()
    assert table.firsts() == [(10, "a"), (11, "c")]
    assert _loaded(table) == []
    other = table.select(lambda rid, rec: True)
    assert table["c"] == RECORDS["c"]
    assert _loaded(table) == ["p2"]
    assert other["c"] is table["c"]  # decoded once, for every table
    assert table == RECORDS and _loaded(table) == ["p1", "p2"]


def test_composition_keeps_it_lazy_and_a_change_survives_loading(table: LazyTable) -> None:
    base = table.select(lambda rid, rec: rec.get("module") is None)
    assert list(base) == ["a", "c"] and _loaded(table) == []
    base["a"] = {**base["a"], "cost": 9}  # a module's change: loads a's part
    assert base["a"]["cost"] == 9 and base.plain("a")["cost"] == 9
    assert base.having("mod", "cost", lambda rec: False) == set()  # b is not in it
    assert base == {"a": {**RECORDS["a"], "cost": 9}, "c": RECORDS["c"]}


def test_a_part_s_functions_join_the_linked_code(table: LazyTable) -> None:
    code: dict[Any, Any] = {"trials": {}}
    link_code({"records": {"cards": table}}, code)
    assert 7 not in code
    table["a"]
    assert code[7](None) == 7 and code[7].rulesc_at == "rules_data/toy/cards.yaml:3"


def test_rules_py_entries_are_json_lines_read_as_the_lists_were() -> None:
    """``rules.py`` writes each part's entry as one line of JSON text (its ``.pyc`` then
    compiles strings, not a syntax tree of every record's fields), after a comment naming
    the record's YAML line; an entry JSON would not give back equal (a key that is not a
    string) stays a Python literal; ``lazy_table`` reads both as the lists they are."""
    import ast

    from compiler.codegen.parts import entry_source

    plain = {"a": {"id": "a", "cost": 1, "at": "rules_data/toy/cards.yaml:3:5"}}
    entry = ["p1", [10], plain, ["a"], {"cost": ["a"]}, {}]
    odd = ["p2", [None], {"b": {"id": "b", "by": {1: "one"}}}, ["b"], {}, {}]
    text = entry_source(entry)
    assert text.splitlines()[0] == "    # rules_data/toy/cards.yaml:3"
    assert ast.literal_eval(text.splitlines()[1].strip().rstrip(",")) == \
        json.dumps(entry, separators=(",", ":"))
    literal = ast.literal_eval("[" + entry_source(odd) + "]")[0]
    assert literal == odd and isinstance(literal, list)
    table = lazy_table("nowhere", [ast.literal_eval(text.splitlines()[1].strip().rstrip(",")),
                                   literal])
    assert list(table) == ["a", "b"] and table.plain("b") == {"id": "b", "by": {1: "one"}}
    assert table.firsts() == [(10, "a")] and table.having("mod", "cost", bool) == {"a"}
