"""The JSON Schemas: the core's document kinds (``schemas/``) and the ones made per record
kind a game declares (``generated/<game>/schemas/``): valid Draft 2020-12, closed, shared
definitions, and the data fits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from compiler.cli import main
from compiler.codegen import kind_schemas
from compiler.lang.declare import CORE_KINDS
from compiler.load import Document, load_text
from compiler.pipeline import compile_game
from compiler.resources import shipped_games
from compiler.schema import COMMON, KINDS, _registry, _validator, schema_dir, validate
from compiler.schema.core import kind_schema

REPO = Path(__file__).resolve().parents[1]
TM = REPO / "rules_data" / "terraforming_mars"
KINDS_YAML = (b"kind: kinds\nrecords:\n  - {id: tags, fields: {}}\n"
              b"  - {id: tiles, fields: {supply: int, per: {map: tags, of: int}}}\n")


def _schemas() -> dict[str, Any]:
    return {p.name: json.loads(p.read_text("utf-8")) for p in schema_dir().glob("*.json")}


def _made() -> dict[str, Any]:
    """The schemas ``rulesc build`` writes for every shipped game's record kinds."""
    return {f"{game}/{p.name}": json.loads(p.read_text("utf-8")) for game in shipped_games()
            for p in (REPO / "generated" / game / "schemas").glob("*.json")}


def _doc(name: str, text: bytes) -> Document:
    doc, diags = load_text(name, text)
    assert doc is not None and diags == []
    return doc


def _walk(node: Any, at: str = "") -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        out.append((at, node))
        for k, v in node.items():
            out.extend(_walk(v, f"{at}/{k}"))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_walk(v, f"{at}/{i}"))
    return out


def test_one_schema_per_kind_plus_common() -> None:
    assert set(_schemas()) == {f"{k}.schema.json" for k in KINDS} | {COMMON}


@pytest.mark.parametrize("name", sorted(f"{k}.schema.json" for k in KINDS) + [COMMON])
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    schema = _schemas()[name]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_every_ref_resolves() -> None:
    resolver = _registry().resolver()
    for name, schema in _schemas().items():
        for at, node in _walk(schema):
            ref = node.get("$ref")
            if isinstance(ref, str):
                target = ref if not ref.startswith("#") else COMMON + ref
                assert resolver.lookup(target).contents is not None, f"{name}{at}: {ref}"


def test_made_schemas_are_the_build_output_and_valid() -> None:
    made = _made()
    assert {"terraforming_mars/cards.schema.json", "pampero/decks.schema.json",
            "love_letter/cards.schema.json"} <= set(made)
    for name, schema in made.items():
        Draft202012Validator.check_schema(schema)
        if not name.endswith(COMMON):
            assert schema["properties"]["kind"] == {"const": name.split("/")[1].split(".")[0]}


def test_every_object_is_closed() -> None:
    """An unknown key is always an error (maps use propertyNames instead), in the core's
    schemas and in those made from a game's kinds."""
    for name, schema in {**_schemas(), **_made()}.items():
        for at, node in _walk(schema):
            if node.get("type") == "object" or "properties" in node:
                closed = node.get("additionalProperties") is False or "propertyNames" in node
                assert closed, f"{name}{at} accepts unknown keys"


def test_ids_are_lowercase_ascii() -> None:
    pattern = _schemas()[COMMON]["$defs"]["id"]["pattern"]
    assert pattern == "^[a-z][a-z0-9_]*$"


@pytest.mark.parametrize("value, ok", [
    (3, True), ({"provisional": 3, "reason": "not printed"}, True),
    ({"provisional": 3}, False), ({"provisional": "x", "reason": "r"}, False),
    ({"provisional": 3, "reason": "r", "extra": 1}, False), ("3", False), (-1, False),
])
def test_counts_may_be_provisional(value: Any, ok: bool) -> None:
    """A printed count (a module's components) is a whole number >= 0, or provisional."""
    data = {"kind": "modules", "records": [{"id": "m", "components": [{"id": "t",
                                                                       "count": value}]}]}
    assert _validator("modules").is_valid(data) is ok


@pytest.mark.parametrize("value, ok", [
    (-3, True), ({"provisional": 3, "reason": "not printed"}, True),
    ({"provisional": 3}, False), ("3", False), (True, False),
])
def test_int_fields_of_a_declared_kind_may_be_provisional(value: Any, ok: bool) -> None:
    schema = kind_schema("tiles", {"fields": {"supply": "int"}}, {"tiles"})
    data = {"kind": "tiles", "records": [{"id": "t", "supply": value}]}
    assert Draft202012Validator(schema, registry=_registry()).is_valid(data) is ok


def test_a_made_schema_keys_maps_by_the_ids_of_their_kind() -> None:
    good, diags = validate([_doc("kinds.yaml", KINDS_YAML), _doc("tiles.yaml", (
        b"kind: tiles\nrecords:\n  - {id: a, supply: 1, per: {fast: 2}}\n"
        b"  - {id: b, supply: 1, per: {Fast: 2}}\n"
        b"  - {id: c, supply: 1, gender: {it: x}}\n"))])
    assert [(d.code, d.span.line) for d in diags] == [("S003", 4), ("S003", 5)]
    # a field with an error is left out of its record (the rest is still resolved)
    assert [sorted(r) for r in good[1].data["records"]] == [
        ["id", "per", "supply"], ["id", "supply"], ["id", "supply"]]


def test_terraforming_mars_fits_the_schemas() -> None:
    comp = compile_game(TM, REPO)
    assert [d.format() for d in comp.diagnostics if d.code.startswith("S")] == []


def test_editor_schema_comment_names_the_right_file() -> None:
    """Every file's modeline names the schema that checks it: the core's own kinds in
    schemas/, game.yaml in schemas/, and each record kind the game declares in the
    schemas `rulesc build` makes (generated/terraforming_mars/schemas/); the file fits it."""
    made = REPO / "generated" / "terraforming_mars" / "schemas"
    for file in sorted(TM.rglob("*.yaml")):
        first = file.read_text("utf-8").splitlines()[0]
        prefix = "# yaml-language-server: $schema="
        assert first.startswith(prefix), file
        target = (file.parent / first[len(prefix):]).resolve()
        doc, _ = load_text(file.name, file.read_bytes())
        assert doc is not None and doc.kind is not None
        if doc.kind in CORE_KINDS:
            expected = schema_dir() / f"{doc.kind}.schema.json"
        else:
            expected = made / f"{doc.kind}.schema.json"
        assert target == expected, file
        schema = json.loads(target.read_text("utf-8"))
        errors = list(Draft202012Validator(schema, registry=_registry()).iter_errors(doc.data))
        assert errors == [], (file, errors[0].message if errors else "")


def test_an_unknown_key_is_left_out_alone() -> None:
    """A misspelt key is one schema error: the record is kept without it, so the later
    stages still resolve and check the record's other fields in the same run."""
    text = (b"kind: tags\nrecords:\n  - {id: fast, name: {en: fast}}\n"
            b"  - {id: slow, nmae: {en: slow}}\n  - {id: odd, name: {en: odd}}\n")
    good, diags = validate([_doc("kinds.yaml", KINDS_YAML), _doc("tags.yaml", text)])
    assert [(d.code, d.span.line, d.span.col) for d in diags] == [("S003", 4, 16)]
    assert "did you mean 'name'?" in diags[0].hint
    tags = good[1]
    assert tags.data["records"][1] == {"id": "slow"} and tags.dropped == set()


def test_a_record_wrong_as_a_whole_is_dropped_alone() -> None:
    """A record that is not a mapping, or has no id, is left out; one whose id is not an
    id (``Slow``) is kept under a stand-in id naming its line, so its other fields are
    still checked in the same run (QA qa11 Q4); the id written is in ``dropped``."""
    text = (b"kind: tags\nrecords:\n  - {id: fast, name: {en: fast}}\n"
            b"  - {id: Slow, name: {en: slow}}\n  - 3\n  - {nmae: {en: x}}\n"
            b"  - {id: odd, name: {en: odd}}\n")
    good, diags = validate([_doc("kinds.yaml", KINDS_YAML), _doc("tags.yaml", text)])
    assert [(d.code, d.span.line) for d in diags] == [("S003", 4), ("S003", 5), ("S003", 6),
                                                      ("S003", 6)]
    tags = good[1]
    assert [r and r["id"] for r in tags.data["records"]] == \
        ["fast", "record_at_line_4", None, None, "odd"]
    assert tags.dropped == {"Slow"}


def test_what_is_kept_fits_the_schema_but_for_missing_keys() -> None:
    """A definition with an unknown key and neither ``effect`` nor ``value`` breaks a
    rule between its fields: leaving out the key does not make it fit, so it is left out
    (the later stages never see a shape the schema does not allow); a record that only
    lacks a required key is kept, as one whose required value had an error."""
    text = (b"kind: definitions\nrecords:\n"
            b"  - {id: d1, phrase: \"a\", text: {en: a}, efect: \"b\"}\n"
            b"  - {id: d2, phrase: \"c\", text: {en: c}, effect: \"d\", colour: red}\n"
            b"  - {id: d3, phrase: \"e\", effect: \"f\"}\n")
    good, diags = validate([_doc("definitions.yaml", text)])
    assert {d.span.line for d in diags} == {3, 4, 5}
    records = good[0].data["records"]
    assert records[0] is None and good[0].dropped == {"d1"}
    assert records[1] == {"id": "d2", "phrase": "c", "text": {"en": "c"}, "effect": "d"}
    assert records[2] == {"id": "d3", "phrase": "e", "effect": "f"}


def test_an_unknown_key_of_the_file_is_left_out_alone() -> None:
    text = b"kind: tags\nsorce: {doc: rules}\nrecords:\n  - {id: fast}\n"
    good, diags = validate([_doc("kinds.yaml", KINDS_YAML), _doc("tags.yaml", text)])
    assert [(d.code, d.span.line) for d in diags] == [("S003", 2)]
    assert good[1].data == {"kind": "tags", "records": [{"id": "fast"}]}


def test_a_file_level_error_drops_the_document() -> None:
    good, diags = validate([_doc("kinds.yaml", KINDS_YAML),
                            _doc("tags.yaml", b"kind: tags\nrecords: {}\n")])
    assert [d.kind for d in good] == ["kinds"] and [d.code for d in diags] == ["S003"]


def test_a_kind_no_kinds_yaml_declares_is_unknown() -> None:
    good, diags = validate([_doc("tags.yaml", b"kind: tags\nrecords: []\n")])
    assert good == [] and [(d.code, d.message) for d in diags] == [
        ("S002", "unknown document kind 'tags'")]


def test_schema_command_exports_every_schema(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--out", str(tmp_path / "s")]) == 0
    exported = {p.name: p.read_bytes() for p in (tmp_path / "s").iterdir()}
    assert exported == {p.name: p.read_bytes() for p in schema_dir().glob("*.json")}
    capsys.readouterr()
    assert main(["schema", "flow"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "flow.yaml"
    assert main(["schema", "flwo"]) == 2
    assert "did you mean 'flow'?" in capsys.readouterr().err
    assert main(["schema", "tiles"]) == 2  # a record kind: the game's, with --rules
    assert "record kinds need --rules PATH or --on GAME" in capsys.readouterr().err


def test_schema_command_with_a_game_gives_its_record_kinds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = REPO / "generated" / "terraforming_mars" / "schemas"
    assert main(["schema", "--rules", str(TM)]) == 0
    listed = capsys.readouterr().out.split()
    kinds = [d["id"] for d in _doc("k", (TM / "kinds.yaml").read_bytes()).data["records"]]
    assert listed == list(KINDS) + sorted(kinds)
    assert main(["schema", "tiles", "--rules", str(TM)]) == 0
    assert capsys.readouterr().out == (made / "tiles.schema.json").read_text("utf-8")
    assert main(["schema", "--rules", str(TM), "--out", str(tmp_path / "s")]) == 0
    exported = {p.name: p.read_bytes() for p in (tmp_path / "s").iterdir()}
    assert exported == {p.name: p.read_bytes() for p in
                        [*schema_dir().glob("*.json"), *made.glob("*.json")]}
    capsys.readouterr()
    assert main(["schema", "tiles", "--on", "terraforming_mars"]) == 0  # a game by name
    assert capsys.readouterr().out == (made / "tiles.schema.json").read_text("utf-8")
    assert main(["schema", "--on", "terraformin_mars"]) == 2
    assert "no game 'terraformin_mars'" in capsys.readouterr().err


def test_made_schemas_follow_the_kinds_of_the_rules(tm_copy: Path) -> None:
    kinds = (tm_copy / "kinds.yaml").read_text("utf-8")
    (tm_copy / "kinds.yaml").write_text(kinds.replace("fields: {condition: condition}",
                                                      "fields: {condition: condition, "
                                                      "bonus: int}"), "utf-8")
    made = kind_schemas(compile_game(tm_copy, tm_copy.parent).ir)
    props = json.loads(made["schemas/milestones.schema.json"])["properties"]
    assert props["bonus"] == {"$ref": "common.schema.json#/$defs/integer"}


def test_a_required_field_given_for_the_whole_file(tm_copy: Path) -> None:
    """A core game's record file may give a field once for all its records (beside
    ``records:``); a required field given so is not missing from any record."""
    (tm_copy / "cards" / "zz.yaml").write_text(
        "kind: cards\ndeck: test\ntype: automated\ncost: 1\n"
        "source: {doc: tm-rules-it, section: \"Carta Progetto\"}\nrecords:\n"
        "  - {id: zz_one, name: {en: One}, effect: \"gain 1 plants\"}\n"
        "  - {id: zz_two, name: {en: Two}, type: event, effect: \"gain 1 heat\"}\n", "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    # W001 left out: the data's one provisional value (the M€ production floor)
    assert [d.format() for d in comp.diagnostics if d.code != "W001"] == []
    cards = comp.ir["records"]["cards"]
    assert (cards["zz_one"]["type"], cards["zz_two"]["type"]) == ("automated", "event")


def test_each_missing_required_field_is_named(tm_copy: Path) -> None:
    (tm_copy / "cards" / "zz.yaml").write_text(
        "kind: cards\nsource: {doc: tm-rules-it, section: \"Carta Progetto\"}\nrecords:\n"
        "  - {id: zz_one, name: {en: One}}\n", "utf-8")
    comp = compile_game(tm_copy, tm_copy.parent)
    found = sorted((d.code, d.span.line, d.message) for d in comp.diagnostics
                   if d.code != "W001")
    assert found == [("S003", 4, "card 'zz_one': missing required key 'cost'"),
                     ("S003", 4, "card 'zz_one': missing required key 'type'")]


def test_a_state_entry_may_be_bookkeeping() -> None:
    """``bookkeeping: true`` (left out of a human's view) is a flag of the schema; a value
    that is not true or false is R030 (the schema reads such a mapping as an object
    type too, so the declaration checks it)."""
    from compiler.lang.declare import declare

    ok = b"kind: state\ngame:\n  moves: {type: int, bookkeeping: true}\n"
    bad = b"kind: state\ngame:\n  moves: {type: int, bookkeeping: yes please}\n"
    props = _schemas()["state.schema.json"]["properties"]["game"]["additionalProperties"]
    assert props["anyOf"][0]["properties"]["bookkeeping"] == {
        "type": "boolean", "description": props["anyOf"][0]["properties"]["bookkeeping"][
            "description"]}
    assert validate([_doc("state.yaml", ok)])[1] == []
    assert declare([_doc("state.yaml", ok)])[1] == []
    diags = declare([_doc("state.yaml", bad)])[1]
    assert [(d.code, d.span.line) for d in diags] == [("R030", 3)]
    assert "bookkeeping: 'yes please' is not true or false" in diags[0].message


@pytest.mark.parametrize("entry, value, said", [
    (b"{type: [cards], hidden: other}", b"other", "'other' is not one of"),
    (b"{type: [cards], name: deck}", b"deck", "'deck' is not"),
    (b"{type: int, min: [0]}", b"[0]", "[0] is not"),
])
def test_a_wrong_setting_of_a_state_entry_is_s003_at_it(entry: bytes, value: bytes,
                                                       said: str) -> None:
    """A mapping with a setting key (``type``, ``hidden``...) is the entry's settings, not
    an object type: a setting with a wrong value is S003 at the value (it was read as an
    object type with fields ``type`` and ``hidden`` and ignored: a hand said hidden from
    the others, ``hidden: other``, was shown to them). An object type may still be
    written bare (``{x: int, y: int}``) or under ``type:``."""
    bad = b"kind: state\nplayer:\n  hand: " + entry + b"\n"
    diags = validate([_doc("state.yaml", bad)])[1]
    col = len(b"  hand: ") + entry.index(value) + 1
    assert [(d.code, d.span.line, d.span.col) for d in diags] == [("S003", 3, col)]
    assert said in diags[0].message
    ok = b"kind: state\ngame:\n  at: {x: int, y: int}\n  to: {type: {x: int}, hidden: all}\n"
    assert validate([_doc("state.yaml", ok)])[1] == []


def test_a_state_entry_with_an_error_leaves_out_only_itself() -> None:
    """A key that is no id is S003 at that key (it was reported at the first key of its
    mapping), and leaves out that entry alone; a bad setting leaves out that setting;
    the document's other entries are kept, so their uses bring no follow-on errors (a
    bad key in Terraforming Mars's state.yaml made 273 of them)."""
    text = (b"kind: state\nplayer:\n  stock: {type: int}\n  pass\xc3\xa9: bool\n"
            b"  hand: {type: [cards], hidden: other}\n")
    good, diags = validate([_doc("state.yaml", text)])
    assert [(d.code, d.span.line, d.span.col) for d in diags] == [("S003", 4, 3),
                                                                   ("S003", 5, 33)]
    assert "'passé' is not a valid id" in diags[0].message
    assert [d.data for d in good] == [{"kind": "state", "player": {
        "stock": {"type": "int"}, "hand": {"type": ["cards"]}}}]
    assert good[0].dropped == {"passé"}


def test_a_too_long_text_says_its_length_and_the_bound() -> None:
    """jsonschema's "is too long" came after the quoted value and was cut with it."""
    text = b"kind: game\nid: " + b"g" * 70 + b"\n"
    diags = [d for d in validate([_doc("game.yaml", text)])[1] if d.span.line == 2]
    assert [d.code for d in diags] == ["S003"]
    assert diags[0].message.endswith("has 70 characters, more than the greatest 64")


@pytest.mark.parametrize("doc, line", [
    (b"kind: flow\nend:\n  max_rounds: 201\n", 3),
    (b"kind: modules\nrecords:\n  - id: long\n    round_limit: 201\n", 4),
])
def test_more_rounds_than_the_runtime_plays_is_s004(doc: bytes, line: int) -> None:
    """A game is stopped after 200 rounds as one that never ends (MAX_ROUNDS): a
    ``max_rounds`` or ``round_limit`` above it checked clean, then every game failed
    ("rules failure: more than 200 rounds"). 200 is still allowed."""
    from compiler.runtime.errors import MAX_ROUNDS

    name = "flow.yaml" if doc.startswith(b"kind: flow") else "modules.yaml"
    diags = [d for d in validate([_doc(name, doc)])[1] if d.span.line == line]
    assert [d.code for d in diags] == ["S004"]
    assert f"above the greatest value {MAX_ROUNDS}" in diags[0].message
    ok = doc.replace(b"201", str(MAX_ROUNDS).encode())
    assert [d for d in validate([_doc(name, ok)])[1] if d.span.line == line] == []


def test_a_number_as_an_id_is_not_told_to_be_quoted() -> None:
    """``id: 5``: the hint said 'quote it: "5"', which is no id either (an id starts with
    a letter)."""
    text = b"kind: game\nid: 5\n"
    diags = {d.span.line: d for d in validate([_doc("game.yaml", text)])[1]}
    assert "would not be one either" in str(diags[2].hint)
    assert "quote it" not in str(diags[2].hint)


def test_a_misspelt_key_of_a_state_document_leaves_out_that_key_alone() -> None:
    """As in every document (``sorce:``): the entries are kept, so that their uses bring
    no follow-on errors (a state document is pruned entry by entry, not as records)."""
    text = b"kind: state\nsorce: {doc: x}\nplayer:\n  stock: {type: int}\n"
    good, diags = validate([_doc("state.yaml", text)])
    assert [(d.code, d.span.line) for d in diags] == [("S003", 2)]
    assert [d.data for d in good] == [{"kind": "state", "player": {"stock": {"type": "int"}}}]
