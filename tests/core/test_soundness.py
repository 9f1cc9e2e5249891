"""Soundness: data that `rulesc check` accepts never makes the engine raise.

Hypothesis writes cards for the small core game (tests/fixtures/core_tiny): effects built
from the game's phrases and the core's forms (choices, conditions, loops, locals,
lasting modifiers, requirements), reactions and modifiers, some cards behind a module.
Whatever passes the checker is played as seeded random games with each module
selection, by the compiled engine and by the interpreter (the oracle): any exception
fails the test, and both must end in the same state. The budget is fixed (CI).
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.codegen.pycode import load_code
from compiler.diagnostics import has_errors
from compiler.pipeline import compile_game
from compiler.runtime import Game, RandomPolicy, register_code
from tests.core.helpers import tiny_copy

RES = st.sampled_from(["coins", "points"])
N = st.integers(min_value=0, max_value=4)


def _simple(holds_animals: bool) -> st.SearchStrategy[str]:
    atoms = [
        st.builds(lambda n, r: f"gain {n} {r}", N, RES),
        st.builds(lambda n, r: f"stock.({r}) -= {n}", N, RES),
        st.builds(lambda n: f"require coins >= {n}", N),
        st.builds(lambda n: f"grant (modify cost by -{n}) until played where event.by == you",
                  N),
        st.builds(lambda n: f"let x = {n}; gain x points", N),
        st.just("for each c in hand where c.cost > 2: gain 1 coins"),
        st.just("hand += [first deck]; deck -= [first deck]"),
    ]
    if holds_animals:
        atoms.append(st.builds(lambda n: f"add {n} animal to this card", N))
    return st.one_of(*atoms)


def _effect(holds_animals: bool) -> st.SearchStrategy[str]:
    simple = _simple(holds_animals)
    return st.recursive(simple, lambda inner: st.one_of(
        st.builds(lambda a, b: f"choose ({a} | {b})", inner, inner),
        st.builds(lambda n, a, b: f"if coins >= {n} then ({a}) else ({b})", N, inner, inner),
        st.builds(lambda n, a: f"repeat {n}: ({a})", st.integers(1, 2), inner),  # 0: S004
        st.builds(lambda a, b: f"{a}; {b}", inner, inner),
    ), max_leaves=4)


@st.composite
def cards(draw: st.DrawFn) -> list[dict[str, object]]:
    out = []
    for i in range(draw(st.integers(min_value=1, max_value=5))):
        animals = draw(st.booleans())
        card: dict[str, object] = {"id": f"gen{i}", "cost": draw(N),
                                   "effect": draw(_effect(animals))}
        if animals:
            card["resource"] = "animal"
            card["vp"] = "animals here"
        if draw(st.booleans()):
            card["triggers"] = [{"on": "played where event.by == you and event.card != this",
                                 "effect": draw(_simple(animals))}]
        if draw(st.booleans()):
            card["modifiers"] = [{"modify": "cost", "by": f"-{draw(N)}"}]
        if draw(st.booleans()):
            card["module"] = "zoo"
        out.append(card)
    return out


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(new=cards())
def test_checked_data_never_crashes_the_engine(tmp_path_factory: object, new: list) -> None:
    folder = tiny_copy(Path(tmp_path_factory.mktemp("sound")))  # type: ignore[attr-defined]
    with (folder / "cards.yaml").open("a", encoding="utf-8") as out:
        for card in new:  # JSON is YAML flow syntax: no YAML 1.1 surprises ('on' stays a key)
            out.write(f"  - {json.dumps(card)}\n")
    comp = compile_game(folder, folder.parent)
    # the cards are made valid by construction: the checker must accept them
    assert not has_errors(comp.diagnostics), [d.format() for d in comp.diagnostics]
    register_code(comp.ir, load_code(comp.ir))
    for modules in ((), ("zoo",)):
        for seed in (1, 2):
            ends = []
            for engine in ("compiled", "interpreter"):  # the interpreter is the oracle
                game = Game.new(comp.ir, players=2, modules=modules, seed=seed,
                                engine=engine)
                RandomPolicy(seed).play(game)
                assert game.is_over
                ends.append((game.to_json(), game.scores()))
            assert ends[0] == ends[1]
