"""Copies of a card in a game of parts (issue 8, scale): their compiled functions are
written once (no node id in a statement function's body: ``B + offset``), a copy's
part only binds names to them, a part of an earlier one's shape is renamed rather than
compiled (``codegen.twins``) with the same output, and the copies play the same in the
compiled engine as in the interpreter."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from compiler.codegen import generate, parts, pycode, twins
from compiler.codegen.pycode import load_code
from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy, register_code
from tests.core.helpers import tiny_copy

COPIED = ["market", "guild", "pets", "choice", "zoo"]
"""Cards of tests/fixtures/core_tiny copied (a trigger, a modifier, a card resource,
a decision, a module's card)."""


@pytest.fixture
def copies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tiny game with each of ``COPIED`` copied twice (ids ``<id>_2``, ``<id>_3``),
    its cards a big table."""
    monkeypatch.setattr(parts, "PART_MIN", 5)
    folder = tiny_copy(tmp_path)
    text = (folder / "cards.yaml").read_text("utf-8")
    records = [json.loads(json.dumps(r)) for r in _records(folder)]
    more = [{**r, "id": f"{r['id']}_{k}"} for k in (2, 3) for r in records if r["id"] in COPIED]
    (folder / "cards.yaml").write_text(
        text + "".join(f"  - {json.dumps(r)}\n" for r in more), "utf-8")
    return folder


def _records(folder: Path) -> list[dict]:
    from compiler.load import load_text

    doc, _ = load_text("cards.yaml", (folder / "cards.yaml").read_bytes())
    assert doc is not None
    return list(doc.data["records"])


def test_a_copy_part_binds_its_functions_to_the_shared_ones(copies: Path) -> None:
    comp = compile_game(copies, copies.parent)
    assert not comp.failed()
    files = generate(comp.ir, "core_tiny/")
    bound = 0
    for card in COPIED:  # (Guild's modifier is a literal: no function)
        first, copy = files[f"parts/cards_{card}.py"], files[f"parts/cards_{card}_3.py"]
        assert not re.search(r"^def |^[xdt]_\d+ = ", copy, re.M), card  # nothing of its own
        rows = _bound_rows(copy)  # one a function, bound to a shared one
        assert len(rows) == len(_bound_rows(first) or re.findall(
            r"^[xdt]_\d+ = |^def ", first, re.M)), card
        bound += len(rows)
    assert bound >= 10
    choice = _bound_rows(files["parts/cards_choice_3.py"])
    assert any(re.fullmatch(r"t_\d+ t_\d+ @", r) for r in choice)  # its decision, rebased
    common = files["parts/_common.py"]
    assert not re.search(r"(STMT|KEYPLACE|CHOOSE|ASSIGN)\(ctx, \d", common)


def _bound_rows(text: str) -> list[str]:
    """The rows of a part's ``_C.bound`` (``NAME TARGET [@]``, comments left out)."""
    found = re.search(r'^CODE, TRIALS = _C\.bound\((?:-?\d+|None), """\n(.*?)"""\)', text,
                      re.M | re.S)
    return [r.split("  #")[0] for r in found[1].splitlines()] if found else []


def test_a_twin_renamed_is_what_compiling_it_gives(
        copies: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ir = compile_game(copies, copies.parent).ir
    made = []
    renamed = twins.Twins.renamed

    def counted(*args: object) -> object:
        out = renamed(*args)  # type: ignore[arg-type]
        made.append(out is not None)
        return out

    monkeypatch.setattr(twins.Twins, "renamed", staticmethod(counted))
    kept = generate(ir, "core_tiny/")
    assert sum(made) >= 2 * len(COPIED)  # every copy's part renamed
    monkeypatch.setattr(twins.Twins, "renamed", staticmethod(lambda *_: None))
    assert generate(ir, "core_tiny/") == kept


def test_a_twin_function_not_shared_is_written_whole(
        copies: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing bound to shared functions (each part writes its own): a twin's bodies,
    renamed when written, are what compiling them gives."""
    ir = compile_game(copies, copies.parent).ir
    monkeypatch.setattr(pycode, "shared", lambda *_: {})
    kept = generate(ir, "core_tiny/")
    assert re.search(r"^def t_\d+\(ctx, k, s=None, E=None, B=\d+\):",
                     kept["parts/cards_choice_3.py"], re.M)
    monkeypatch.setattr(twins.Twins, "renamed", staticmethod(lambda *_: None))
    assert generate(ir, "core_tiny/") == kept


def test_copies_play_the_same_in_both_engines(copies: Path) -> None:
    rules = compile_game(copies, copies.parent).ir
    register_code(rules, load_code(rules))
    for seed in (1, 2, 3):
        states = []
        for engine in ("compiled", "interpreter"):
            game = Game.new(rules, players=2, modules=("zoo",), seed=seed, engine=engine)
            policy = RandomPolicy(seed)
            out = [json.dumps(game.to_json(), sort_keys=True)]
            while not game.is_over and len(out) < 300:
                game.apply(policy.choose(game))
                out.append(json.dumps(game.to_json(), sort_keys=True))
            states.append(out)
        assert states[0] == states[1]


def _described(f: object) -> object:
    """A compiled function as what runs: its code and defaults (a statement's base
    ``B``), and for a trial made by ``CPS`` the function it runs."""
    inner = getattr(f, "direct", None)
    return ("CPS", _described(inner)) if inner is not None else \
        (f.__code__, f.__defaults__)  # type: ignore[attr-defined]


def test_a_part_of_rows_loads_the_functions_its_lines_of_python_bound(
        copies: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A part whose functions are all shared is written as ``_C.bound`` rows; it gives
    the CODE and TRIALS (same keys in the same order, same code, same bases) that the
    same part written as one line of Python per function gives."""
    ir = compile_game(copies, copies.parent).ir
    assert "_C.bound(" in generate(ir, "core_tiny/")["parts/cards_choice_3.py"]
    rows = load_code(ir)
    monkeypatch.setattr(pycode._Module, "bound", lambda *_: None)
    assert "_C.bound(" not in generate(ir, "core_tiny/")["parts/cards_choice_3.py"]
    lines = load_code(ir)
    assert list(rows) == list(lines) and list(rows["trials"]) == list(lines["trials"])
    assert {x: _described(f) for x, f in rows.items() if x != "trials"} == \
        {x: _described(f) for x, f in lines.items() if x != "trials"}
    assert {i: _described(f) for i, f in rows["trials"].items()} == \
        {i: _described(f) for i, f in lines["trials"].items()}


@pytest.mark.parametrize("odd", [(1, 2), {1: "one"}, float("nan"), float("inf"), {"a"}])
def test_a_value_json_would_change_keeps_the_records_checked(odd: object) -> None:
    """``Twins.plain`` (records written as JSON text unchecked) holds only while every
    part walked is plain JSON data: a tuple, a key that is not a string, a NaN or an
    infinity, a set, anywhere in a part (inside an operation or not; in a subtree met
    once before), turns it off, and the records are then checked and written so as to
    read back equal."""
    shared = {"op": "lit", "v": 1}
    plain = {"c1": {"id": "c1", "cost": 2.5, "do": {"op": "seq", "id": 7, "a": [shared]}}}
    found = twins.Twins()
    found.walk(plain)
    assert found.plain
    for where in ("top", "op", "shared"):
        walk = twins.Twins()
        walk.walk(plain)  # `shared` met once: not walked again below
        shared_odd = {**shared, "v": odd} if where == "shared" else shared
        rec = {"id": "c2", "odd": odd} if where == "top" else \
            {"id": "c2", "do": {"op": "seq", "id": 9, "a": [shared_odd, {"op": "lit", "v": odd}
                                                         if where == "op" else shared]}}
        if where == "shared":
            walk.walk({"c0": {"id": "c0", "do": {"op": "seq", "id": 3, "a": [shared_odd]}}})
            assert not walk.plain
            continue
        walk.walk({"c2": rec})
        assert not walk.plain
        if isinstance(odd, tuple | set):
            continue  # not IR data: the checked path refuses it (``pyliteral.render``)
        source = parts.records_source({"c2": rec}, walk.plain)
        read = eval(source, {"nan": float("nan"), "inf": float("inf")})  # noqa: S307
        value = read["c2"]
        back = json.loads(value) if isinstance(value, str) else value
        assert back == rec if odd == odd else not isinstance(value, str)  # NaN: a literal
