"""Appending to a list of the state one item at a time (QA H20): ``L += [x]`` wrote a new
list of ``len(L)`` items each time, so n appends copied about n²/2 items (16,000 appends:
0.37 s, against 0.008 s for 2,000). ``values.joined`` now grows a list in place when no
name but its place holds it, and still copies when anything else may see the old list: a
local bound to it, a trial's undo journal. These tests hold the semantics in both
engines; ``benchmarks/scripts/append_ratio.py`` measures the time."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from compiler.cli import main
from compiler.runtime import RandomPolicy
from compiler.runtime.values import joined
from tests.test_bad_input import make_rules

ENGINES = ("compiled", "interpreter")


def test_a_lone_list_grows_in_place_and_a_shared_one_by_a_copy() -> None:
    place = {"pile": [1, 2]}
    grown = joined(place["pile"], [3], "+=", False, 0)
    assert grown is place["pile"] and grown == [1, 2, 3]
    seen = place["pile"]   # a name holds it: the old list must stay as it was
    grown = joined(place["pile"], [4], "+=", False, 0)
    assert grown is not seen and seen == [1, 2, 3] and grown == [1, 2, 3, 4]
    lone = {"pile": [1]}
    kept = joined(lone["pile"], [2], "+=", False, -1)   # a trial: the journal keeps it
    assert kept is not lone["pile"] and lone["pile"] == [1]


def test_a_lone_list_shrinks_in_place_and_a_shared_one_by_a_copy() -> None:
    """A draw (``deck -= [first deck]``) from a deck of N cards no one else holds copies
    none of the N (a new game of 100,000 cards drew 41 times: 41 copies of the deck)."""
    place = {"deck": [1, 2, 3]}
    drawn = joined(place["deck"], [1], "-=", False, 0)
    assert drawn is place["deck"] and drawn == [2, 3]
    seen = place["deck"]
    drawn = joined(place["deck"], [2], "-=", False, 0)
    assert drawn is not seen and seen == [2, 3] and drawn == [3]
    place["deck"] = drawn
    kept = joined(place["deck"], [3], "-=", False, -1)   # a trial: the journal keeps it
    assert kept == [] and place["deck"] == [3]


def test_removing_takes_one_copy_of_each_item_and_a_none_is_no_item() -> None:
    assert joined([1, 2, 1, 3], [1, 3, 9], "-=", False) == [2, 1]
    assert joined([1], [None, 2], "+=", True, -1) == [1, 2]
    assert joined(5, 2, "+=", False) == 7 and joined(5, 2, "-=", False) == 3


def _game(tmp_path: Path, setup: str, phase: str = "gain 1 money") -> object:
    """The base game with a game entry ``pile`` of cards and ``seen``, ``setup`` run as
    a step of its own and ``phase`` each player's income phase; built and imported."""
    rules = make_rules(tmp_path)
    state = rules / "state.yaml"
    state.write_text(state.read_text() + "game:\n  pile: {type: [cards]}\n  seen: int\n")
    flow = rules / "flow.yaml"
    text = flow.read_text().replace('each_player: "gain 1 money"', f'each_player: "{phase}"')
    flow.write_text(text.replace("phases:", f'  - {{id: grow, do: "{setup}"}}\nphases:'))
    game = rules / "game.yaml"
    name = f"app_{tmp_path.name[-12:].replace('-', '_').lower()}"
    game.write_text(game.read_text().replace("id: mini", f"id: {name}"))
    assert main(["build", "--rules", str(rules), "--out", str(tmp_path / "gen")]) == 0
    sys.path.insert(0, str(tmp_path / "gen"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path / "gen"))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_local_bound_to_the_list_keeps_the_old_items(tmp_path, engine) -> None:
    mod = _game(tmp_path, "repeat 3: pile += [mine]; let h = pile; pile += [mine]; "
                          "seen = count h")
    state = mod.new_game(players=1, seed=1, engine=engine).state
    assert state["seen"] == 3 and state["pile"] == ["mine"] * 4


@pytest.mark.parametrize("engine", ENGINES)
def test_a_trial_append_is_rolled_back(tmp_path, engine) -> None:
    """Listing the options tries each on a journaled copy: an option that appends and
    then fails its requirement is not offered, and the pile is as it was."""
    mod = _game(tmp_path, "repeat 2: pile += [mine]",
                'choose \\"grow\\" ((pile += [mine]; require count pile > 9) as {a: 1} '
                '| (pile += [mine]; seen += 1) as {a: 2} | skip as {a: 3})')
    game = mod.new_game(players=1, seed=1, engine=engine)
    assert game.state["pile"] == ["mine", "mine"]
    assert [o["a"] for o in game.legal_actions()] == [2, 3]
    game.apply({"a": 2})
    assert game.state["pile"] == ["mine"] * 3 and game.state["seen"] == 1
    while not game.is_over:   # only option 2 grows the pile, counting in seen
        game.apply(RandomPolicy(1).choose(game))
    assert len(game.state["pile"]) == 2 + game.state["seen"]
