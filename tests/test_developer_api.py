"""README "A game from Python", as a bot developer uses it: a refused action leaves the
game as it was; a state the compiled engine saved resumes on the interpreter to the same
end; the modules `--modules all` chooses set up a game from Python."""

from __future__ import annotations

import pytest

from compiler.cli.selection import composable
from compiler.runtime import RulesError, load_game
from generated import love_letter, pampero


def _played(game, policy, steps):
    for _ in range(steps):
        game.apply(policy.choose(game))
    return game


@pytest.mark.parametrize("bad", [None, 3, "guard", {}, {"card": "nobody"}, {"act": "pass"}])
def test_an_illegal_action_is_refused_and_changes_nothing(bad):
    game = _played(love_letter.new_game(players=3, seed=4), love_letter.RandomPolicy(seed=4), 9)
    state, options = game.to_json(), game.legal_actions()
    with pytest.raises(RulesError, match="illegal action"):
        game.apply(bad)
    assert game.to_json() == state and game.legal_actions() == options


def test_a_compiled_save_ends_the_same_on_the_interpreter():
    game = love_letter.new_game(players=2, seed=6)
    policy = love_letter.RandomPolicy(seed=6)
    _played(game, policy, 12)
    saved, answers = game.to_json(), []
    while not game.is_over:
        answers.append(policy.choose(game))
        game.apply(answers[-1])
    other = load_game(love_letter.RULES, saved, engine="interpreter")
    for answer in answers:
        other.apply(answer)
    assert other.is_over and other.scores() == game.scores()


def test_the_modules_all_chooses_set_up_a_game_from_python():
    """Pampero's two extra scoring tile modules conflict: `MODULES` holds both, the
    `all` selection (README, `rulesc play --modules all`) one of them."""
    chosen = composable(pampero.RULES, 3).modules
    assert {"cs_extra_scoring_tiles", "verne_extra_scoring_tiles"} <= set(pampero.MODULES)
    assert len({"cs_extra_scoring_tiles", "verne_extra_scoring_tiles"} & set(chosen)) == 1
    game = pampero.new_game(players=3, modules=tuple(chosen), seed=1)
    assert sorted(game.to_json()["modules"]) == sorted(chosen)


def test_an_illegal_action_says_what_to_answer_and_whose_decision_it_is():
    """The refusal names the fix (one of game.legal_actions(), how many) and the player
    both ways: counted from 1 as people say it, and as pending()["player"] gives it."""
    game = _played(love_letter.new_game(players=3, seed=4), love_letter.RandomPolicy(seed=4), 9)
    seat, count = game.pending()["player"], len(game.legal_actions())
    with pytest.raises(RulesError) as caught:
        game.apply({"card": "nobody"})
    text = str(caught.value)
    assert f"of player {seat + 1} (seat {seat}, pending()[\"player\"])" in text
    assert f"answer one of game.legal_actions(): {count} options" in text


@pytest.mark.parametrize("modules", ["all", ("all",), ["all"]])
def test_new_game_takes_all_as_rulesc_play_reads_it(modules):
    chosen = composable(pampero.RULES, 3).modules
    game = pampero.new_game(players=3, modules=modules, seed=1)
    assert sorted(game.to_json()["modules"]) == sorted(chosen)


def test_new_game_takes_one_string_of_module_ids():
    """`modules="co2"` is the module co2, not the modules 'c' and 'o' and '2'."""
    game = pampero.new_game(players=2, modules="co2, events", seed=1)
    assert sorted(game.to_json()["modules"]) == ["co2", "events"]


def test_new_game_and_load_take_the_engine():
    compiled = love_letter.new_game(players=2, seed=6)
    oracle = love_letter.new_game(players=2, seed=6, engine="interpreter")
    assert compiled._ctx.code and not oracle._ctx.code
    policy = love_letter.RandomPolicy(seed=6)
    _played(compiled, policy, 5)
    resumed = love_letter.load(compiled.to_json(), engine="interpreter")
    assert not resumed._ctx.code and resumed.legal_actions() == compiled.legal_actions()
    with pytest.raises(RulesError, match="unknown engine 'fast'"):
        love_letter.new_game(players=2, engine="fast")
