"""Save/resume, determinism, module composition and the kernel's public surface, on
Terraforming Mars."""

from __future__ import annotations

import copy
import functools
import json
import os
import subprocess
import sys
from typing import Any

import pytest

import compiler.runtime as kernel
import compiler.runtime as runtime
from compiler.runtime import Game, RandomPolicy, RulesError, compose, load_game
from tests.conftest import ROOT
from tests.tm_helpers import new, player, rules


@functools.lru_cache(maxsize=8)
def _record(players: int, modules: tuple[str, ...], seed: int) -> tuple[list[Any], str]:
    """The actions of a seeded random game and its final state (as JSON text)."""
    game = new(players, modules, seed)
    policy = RandomPolicy(seed)
    actions = []
    while not game.is_over:
        actions.append(policy.choose(game))
        game.apply(actions[-1])
    return actions, json.dumps(game.to_json(), sort_keys=True)


def _final(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


@pytest.mark.parametrize("players, modules, seed, cut", [
    (2, (), 3, 150), (3, ("corporate_era", "draft"), 4, 333),
    (1, ("corporate_era", "solo"), 5, 77)])
def test_save_and_resume_plays_on_identically(players, modules, seed, cut):
    actions, final = _record(players, modules, seed)
    assert cut < len(actions)
    game = new(players, modules, seed)
    for action in actions[:cut]:
        game.apply(action)
    saved = json.loads(json.dumps(game.to_json()))
    resumed = load_game(rules(), saved)
    assert resumed.pending() == game.pending()
    for action in actions[cut:]:
        assert action in resumed.legal_actions()
        resumed.apply(action)
    assert resumed.is_over and _final(resumed) == final


def test_same_seed_same_game_and_different_seed_differs():
    game = new(2, (), 3)
    RandomPolicy(3).play(game)
    assert _final(game) == _record(2, (), 3)[1]
    assert _record(2, (), 3)[1] != _record(2, (), 22)[1]


SCRIPT = """
import hashlib, json
from pathlib import Path
from compiler.runtime import Game, RandomPolicy
from compiler.pipeline import compile_game
ir = compile_game(Path('rules_data/terraforming_mars'), Path('.')).ir
game = Game.new(ir, players=3, modules=('corporate_era', 'draft'), seed=5)
policy = RandomPolicy(5)
while not game.is_over:
    game.apply(policy.choose(game))
print(hashlib.sha256(json.dumps(game.to_json(), sort_keys=True).encode()).hexdigest())
"""


def test_independent_of_hash_seed():
    digests = set()
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=300, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1


def test_pending_shape_and_json_options():
    game = new(2, seed=1)
    pending = game.pending()
    assert pending is not None
    assert set(pending) == {"player", "kind", "prompt", "options"}
    assert pending["options"] == game.legal_actions()
    assert pending["kind"] == "action" and pending["prompt"]
    json.dumps(pending)


def test_apply_after_the_end_is_refused():
    game = new(1, ("corporate_era", "solo"), seed=2)
    RandomPolicy(2).play(game)
    assert game.pending() is None and game.legal_actions() == []
    with pytest.raises(RulesError):
        game.apply({"act": "pass"})


def test_compose_is_pure_and_applies_module_changes():
    before = copy.deepcopy(rules())
    out = compose(rules(), ["corporate_era", "solo"], 1)
    assert rules() == before
    assert out["active_modules"] == ["corporate_era", "solo"]
    assert out["records"]["tracks"]["tr"]["start"] == 14
    assert out["flow"]["end"]["max_rounds"] == 14
    assert out["records"]["milestones"] == {} and out["records"]["awards"] == {}
    setup_ids = [s["id"] for s in out["flow"]["setup"]]
    assert "starting_production" not in setup_ids
    assert setup_ids.index("neutral_cities") == setup_ids.index("first_player") + 1
    drafted = compose(rules(), ["draft"], 3)
    research = next(p for p in drafted["flow"]["phases"] if p["id"] == "research")
    assert research == rules()["records"]["modules"]["draft"]["phases"]["replace"][0]
    assert {c.get("module") for c in out["records"]["cards"].values()} == \
        {None, "corporate_era"}
    base = compose(rules(), [], 2)
    assert {c.get("module") for c in base["records"]["cards"].values()} == {None}


@pytest.mark.parametrize("modules, players, word", [
    (["nope"], 2, "nope"), (["solo"], 2, "solo"), (["draft"], 1, "draft")])
def test_compose_errors_name_the_module(modules, players, word):
    with pytest.raises(RulesError, match=word):
        compose(rules(), modules, players)


def test_solo_is_needed_for_one_player():
    with pytest.raises(RulesError, match="solo"):
        Game.new(rules(), players=1, modules=("corporate_era",))


def test_requires_and_conflicts():
    ir = copy.deepcopy(rules())
    ir["records"]["modules"]["needy"] = {"id": "needy", "requires": ["draft"]}
    ir["records"]["modules"]["rival"] = {"id": "rival", "conflicts": ["draft"]}
    with pytest.raises(RulesError, match="needy"):
        compose(ir, ["needy"])
    compose(ir, ["needy", "draft"])
    with pytest.raises(RulesError, match="rival"):
        compose(ir, ["rival", "draft"])


@pytest.mark.parametrize("players", [0, 6])
def test_player_count_out_of_range(players):
    with pytest.raises(RulesError):
        Game.new(rules(), players=players)


@pytest.mark.parametrize("package, allowed", [
    (kernel, ("from compiler.runtime", "from compiler.runtime.errors")),
    (runtime, ("from compiler.runtime",))])
def test_engine_exports_and_imports(package, allowed):
    """Each engine imports only itself (the kernel shares the runtime's error type while
    both engines exist) and keeps its files short."""
    assert set(package.__all__) >= {"Game", "RandomPolicy", "RulesError", "load_game",
                                    "compose"}
    folder = ROOT / "compiler" / package.__name__.rsplit(".", 1)[1]
    for path in sorted(folder.glob("*.py")):
        text = path.read_text("utf-8")
        for line in text.splitlines():
            if line.startswith(("import compiler", "from compiler")):
                assert line.startswith(allowed), (path.name, line)
        assert len(text.splitlines()) <= 400, path.name


def test_load_rejects_foreign_state():
    with pytest.raises(RulesError):
        load_game(rules(), {"format": 99})


def test_resume_at_every_decision_of_a_game():
    """Saving and loading at any decision (mid-effect, mid-draft...) changes nothing."""
    actions, final = _record(2, ("draft",), 31)
    game = new(2, ("draft",), 31)
    for i, action in enumerate(actions):
        if i % 3 == 0:
            resumed = load_game(rules(), json.loads(json.dumps(game.to_json())))
            assert resumed.legal_actions() == game.legal_actions()
            game = resumed
        game.apply(action)
    assert _final(game) == final


def test_replace_state_asks_again_with_fresh_options():
    game = new(2, seed=1)
    p = player(game)
    state = game.to_json()
    state["players"][p]["stock"]["megacredits"] = 0
    state["players"][p]["hand"] = []
    game.replace_state(state)
    # nothing left to do: the only option, pass, is taken without a decision
    assert player(game) == 1 - p
    assert game.state["passed"] == [p]
    with pytest.raises(RulesError):
        game.replace_state({**state, "modules": ["solo"]})
