"""A game's state names against the runtime's (``compiler/check/state_names.py``): R047
for a game state entry named as a key the runtime keeps in the state, W008 for a
``hidden`` path of game.yaml that no state can hold. Each on the small valid game of
``tests/bad_input/_base``."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.check.state_names import FRAME_KEYS, kernel_keys
from compiler.pipeline import compile_game
from compiler.runtime import RandomPolicy
from tests.test_bad_input import make_rules


def _found(rules: Path, code: str) -> list[str]:
    comp = compile_game(rules, rules.parent, use_cache=False)
    return [d.format() for d in comp.diagnostics if d.code == code]


def _with(tmp_path: Path, state: str = "", game: str = "") -> Path:
    """The base game with ``state`` added to state.yaml and ``game`` to game.yaml."""
    rules = make_rules(tmp_path)
    for name, more in (("state.yaml", state), ("game.yaml", game)):
        (rules / name).write_text((rules / name).read_text() + more)
    return rules


def test_the_runtime_keys_are_those_a_saved_game_must_hold() -> None:
    """Every key ``load_game`` checks in a saved state (``game._KEYS``) is one R047
    guards; with the kernel's format and the game's id."""
    from compiler.runtime.game import _KEYS

    assert kernel_keys() == set(_KEYS) | {"format", "game"}


@pytest.mark.parametrize("name", ["stack", "round", "log", "players", "pending"])
def test_a_game_entry_named_as_a_runtime_key_is_r047(tmp_path: Path, name: str) -> None:
    """`stack: {type: int}` passed `rulesc check`, then setup stopped with "'int' object
    has no attribute 'append'" (its start value overwrote the runtime's stack)."""
    [found] = _found(_with(tmp_path, f"game:\n  {name}: {{type: int}}\n"), "R047")
    assert f"state.yaml:6:3: error[R047]: state entry '{name}' has the name of a key " \
        "the runtime keeps in the state" in found
    assert f"hint: rename it ({name}_count, game_{name}) and its uses" in found


def test_a_player_entry_may_take_a_runtime_key_name(tmp_path: Path) -> None:
    rules = make_rules(tmp_path)
    state = rules / "state.yaml"
    state.write_text(state.read_text() + "  round: {type: int}\n")   # under player:
    assert _found(rules, "R047") == []


@pytest.mark.parametrize("path, why, hint", [
    ("stack.*.packs.*", "the runtime's frames hold no 'packs'", "hint: remove it"),
    ("players.*.hnd", "'hnd' is no player state entry", "did you mean 'hand'?"),
    ("dekc", "'dekc' is neither a game state entry nor a key of the runtime's",
     "hint: start the path with a game state entry or a runtime key"),
])
def test_a_hidden_path_no_state_holds_is_w008(tmp_path: Path, path: str, why: str,
                                              hint: str) -> None:
    """Terraforming Mars hid `stack.*.packs.*`: a frame keeps its local names under `env`,
    renamed, so the path hid nothing (the runtime hides the frames anyway)."""
    game = f'hidden:\n  - {{path: "{path}", owner: "*"}}\n'
    [found] = _found(_with(tmp_path, game=game), "W008")
    assert f"game.yaml:12:12: warning[W008]: hidden path '{path}' matches nothing any " \
        f"state holds: {why}" in found
    assert hint in found


def test_hidden_paths_a_state_holds_are_quiet(tmp_path: Path) -> None:
    game = ('hidden:\n  - {path: "players.*.hand", owner: "*"}\n'
            '  - {path: "pending.options", owner: "pending.player"}\n'
            '  - {path: "stack.*.env", owner: "pending.player"}\n'
            '  - {path: "bids.*.amount"}\n')
    rules = _with(tmp_path, "game:\n  bids: {type: [int]}\n", game)
    assert _found(rules, "W008") == []


@pytest.mark.parametrize("game, modules", [("love_letter", []),
                                           ("terraforming_mars", ["draft"])])
def test_every_frame_of_a_played_game_has_only_frame_keys(game: str, modules: list) -> None:
    """FRAME_KEYS, W008's keys of a stack frame, against the frames of played games."""
    import importlib

    engine = importlib.import_module(f"generated.{game}")
    seen: set[str] = set()
    for seed in (1, 2):
        g = engine.new_game(players=2, seed=seed, modules=modules)
        policy = RandomPolicy(seed)
        for _ in range(400):
            if g.is_over:
                break
            seen |= {k for f in g.state["stack"] for k in f}
            g.apply(policy.choose(g))
    assert "env" in seen and seen <= FRAME_KEYS, seen - FRAME_KEYS
