"""Love Letter, written only as data (rules_data/love_letter/): seeded random games of 2-4
players run to the end with the invariants checked after every action, what a player
sees of the others' hands, the sheets in English and Italian, and `rulesc play`.

The invariants (classic 16-card rules):

- the 16 cards (5 Guards, 2 Priests, 2 Barons, 2 Handmaids, 2 Princes, King, Countess,
  Princess) are always all there, across the deck, the card set aside, the cards set
  aside face up, the hands and the discard piles;
- between turns a player holds at most one card: only the player whose turn it is may
  hold two, and only while choosing which to play;
- a player out of the round holds no card; a player in the round holds one or two;
- a card that targets another player never offers a protected player or one out of the
  round;
- every decision offers exactly what the rules allow, no option left out: the cards in
  hand (only the Countess when she is held with the King or a Prince), each of the 7
  names but the Guard for each player a Guard can choose, each player in the round and
  not protected for the Priest, Baron and King, and those plus yourself for the Prince;
- tokens of affection never decrease: each player has one per round they won (the
  log's `round_won` events), at most one a round;
- the game ends as soon as a player has the tokens to win (7, 5, 4 for 2, 3, 4
  players); the winners are exactly the players with that many tokens, and more than
  one only when the last round was won by several tied players (the data's reading of
  a tie that the discarded totals do not break).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from compiler.adapters.observation import observation
from compiler.cli import main
from compiler.runtime import Game, RandomPolicy
from generated.love_letter import RULES
from tests.conftest import ROOT

GAMES_PER_COUNT = 20
DECK = Counter({"guard": 5, "priest": 2, "baron": 2, "handmaid": 2, "prince": 2,
                "king": 1, "countess": 1, "princess": 1})
TO_WIN = {2: 7, 3: 5, 4: 4}
TARGETING = ("guess", "target")
GUESSES = ("priest", "baron", "handmaid", "prince", "king", "countess", "princess")


def all_cards(state: dict[str, Any]) -> Counter[str]:
    cards = Counter(state["deck"]) + Counter(state["aside"]) + Counter(state["face_up"])
    for pl in state["players"]:
        cards += Counter(pl["hand"]) + Counter(pl["discards"])
    return cards


def rules_options(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The options the rules sheet allows at the open decision (sorted as text)."""
    pending, players = state["pending"], state["players"]
    me = pending["player"]
    others = [q for q, pl in enumerate(players)
              if q != me and not pl["out"] and not pl["protected"]]
    if pending["kind"] == "play":
        hand = set(players[me]["hand"])
        if "countess" in hand and hand & {"king", "prince"}:
            hand = {"countess"}
        options: list[dict[str, Any]] = [{"card": c} for c in hand]
    elif pending["kind"] == "guess":
        options = [{"target": t, "name": c} for t in others for c in GUESSES]
    else:
        card = [e for e in state["log"] if e["event"] == "played"][-1]["card"]
        options = [{"target": t} for t in others + ([me] if card == "prince" else [])]
    return sorted(options, key=str)


class Watcher:
    """Checks the invariants after every action (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.tokens = [pl["tokens"] for pl in game.state["players"]]
        self.check(game)

    def __call__(self, game: Game) -> None:
        self.check(game)

    def check(self, game: Game) -> None:
        state = game.state
        players = state["players"]
        assert all_cards(state) == DECK
        assert len(state["aside"]) <= 1
        assert len(state["face_up"]) == (3 if len(players) == 2 else 0)
        pending = state["pending"]
        for p, pl in enumerate(players):
            if pl["out"]:
                assert pl["hand"] == [], f"player {p} is out but holds {pl['hand']}"
            elif not state["over"]:
                assert 1 <= len(pl["hand"]) <= 2
            if len(pl["hand"]) == 2:
                assert pending is not None and pending["kind"] == "play"
                assert p == state["current"] == pending["player"]
        if pending is not None:
            assert sorted(pending["options"], key=str) == rules_options(state), pending
        if pending is not None and pending["kind"] in TARGETING:
            decider = pending["player"]
            for option in pending["options"]:
                target = players[option["target"]]
                assert not target["out"]
                assert option["target"] != decider or pending["kind"] == "target"
                assert not target["protected"] or option["target"] == decider
        tokens = [pl["tokens"] for pl in players]
        assert all(now >= before for now, before in zip(tokens, self.tokens, strict=True)), \
            f"tokens went down: {self.tokens} -> {tokens}"
        won = [(e["round"], e["player"]) for e in state["log"] if e["event"] == "round_won"]
        assert len(won) == len(set(won))
        assert tokens == [sum(1 for _, p in won if p == q) for q in range(len(players))]
        self.tokens = tokens


def last_round_winners(state: dict[str, Any]) -> list[int]:
    won = [e for e in state["log"] if e["event"] == "round_won"]
    return [e["player"] for e in won if e["round"] == won[-1]["round"]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_and_end(players: int):
    for seed in range(GAMES_PER_COUNT):
        game = Game.new(RULES, players=players, seed=seed)
        watcher = Watcher(game)
        result = RandomPolicy(seed).play(game, after=watcher)
        tokens = [pl["tokens"] for pl in game.state["players"]]
        at_target = [p for p, t in enumerate(tokens) if t >= TO_WIN[players]]
        assert game.is_over and at_target, (seed, tokens)
        assert max(tokens) == TO_WIN[players]          # it ended as soon as one got there
        assert result["winner"] == at_target
        assert len(at_target) == 1 or set(at_target) <= set(last_round_winners(game.state))
        assert [r["breakdown"]["tokens"] for r in result["players"]] == tokens
        assert result["rounds"] == game.state["round"] >= TO_WIN[players]


def test_the_first_round_starts_with_a_random_player():
    firsts = {Game.new(RULES, players=4, seed=seed).pending()["player"] for seed in range(24)}
    assert firsts == {0, 1, 2, 3}


def test_a_round_won_gives_the_next_round_to_its_winner():
    game = Game.new(RULES, players=3, seed=5)
    policy = RandomPolicy(5)
    while game.state["round"] == 1:
        game.apply(policy.choose(game))
    (winner,) = last_round_winners(game.state) or [None]
    assert game.state["starter"] == winner == game.pending()["player"]


def test_hands_and_what_a_priest_showed_are_hidden_from_the_others():
    game = Game.new(RULES, players=3, seed=2)
    state = game.state
    me = game.pending()["player"]
    other = (me + 1) % 3
    seen = [{"player": other, "card": state["players"][other]["hand"][0]}]
    edited = game.to_json()
    edited["players"][me]["seen"] = seen
    game.replace_state(edited)
    mine, theirs = observation(game, me), observation(game, other)
    assert mine["players"][me]["hand"] == game.state["players"][me]["hand"]
    assert mine["players"][me]["seen"] == seen
    assert mine["players"][other]["hand"] == [None]
    assert theirs["players"][me]["hand"] == [None, None]
    assert theirs["players"][me]["seen"] == [None]
    assert theirs["pending"]["options"] == [None] * len(game.pending()["options"])
    assert all(o is None for f in theirs["stack"] for o in f.get("opts") or [])  # frames too
    assert all(c is None for c in theirs["deck"] + theirs["aside"])
    assert theirs["seed"] is None


def test_play_prints_the_winner_and_the_tokens(capsys):
    assert main(["play", "love_letter", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "tokens" in out.splitlines()[2]
    assert out.rstrip().splitlines()[-1].startswith("winner: player ")


def sheets() -> tuple[str, str]:
    folder = ROOT / "generated" / "love_letter" / "sheets"
    return ((folder / "reference.en.html").read_text("utf-8"),
            (folder / "reference.it.html").read_text("utf-8"))


def test_sheets_in_english_and_italian():
    en, it = sheets()
    assert "Love Letter" in en and "Love Letter" in it
    for phase in ("Deal", "Turns", "Token of affection", "tokens of affection"):
        assert phase in en
    for phase in ("Distribuzione", "Turni", "Gettone affetto", "gettoni affetto"):
        assert phase in it


def test_sheets_show_the_cards_and_their_rules():
    en, it = sheets()
    for name in ("Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess",
                 "Princess"):
        assert name in en
    for name in ("Guardia", "Prete", "Barone", "Ancella", "Principe", "Contessa",
                 "Principessa"):
        assert name in it
    # the King's rule, as a sentence of its own
    assert "Trade hands with another player." in en
    assert "Scambia la tua mano con quella di un altro giocatore." in it


def test_a_view_tells_who_won_the_last_round_and_what_was_played():
    """After a round, the next round's view shows its winners, every discard pile of
    that round (the deal clears the piles) and the tokens; a seat reads 'player 2'."""
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view
    from compiler.runtime import RandomPolicy
    from generated import love_letter as ll

    game = ll.new_game(2, (), 1)
    policy = RandomPolicy(1)
    while game.to_json()["round"] < 2:
        game.apply(policy.choose(game))
    state = game.to_json()
    winners = state["round_winners"]
    view = player_view(game, 0, Names(ll.RULES))
    assert "winners of the last round: " + ", ".join(f"player {p + 1}" for p in winners) \
        in view
    assert "you.discards of the last round: " in view
    assert "p2.discards of the last round: " in view
    assert "tokens of affection: 1" in view and "player player" not in view


def test_sheets_say_how_the_game_and_a_round_are_won():
    en, it = sheets()
    # Winning the game: 7 tokens of affection with 2 players, 5 with 3, 4 with 4
    assert "7 with 2 players, 5 with 3, 4 with 4" in en
    assert "7 in 2 giocatori, 5 in 3, 4 in 4" in it
    # End of a round: the highest card in hand wins; a tie goes to the higher discards
    assert "highest card in hand" in en and "discarded cards total the most" in en
    assert "carta più alta" in it and "totale più alto" in it
    # Setup: a random player starts, said as such (no seat numbers)
    assert "a random player" in en and "un giocatore a caso" in it
    assert "from 0 to" not in en and "da 0 a" not in it


def test_a_deck_that_is_not_the_printed_16_cards_is_w002(tmp_path):
    """The rules sheet's contents: 16 cards (5 Guards among them). With 4 Guards the
    records make 15, and check says so at game.yaml's printed count."""
    import shutil

    from compiler.pipeline import compile_game

    rules = tmp_path / "love_letter"
    shutil.copytree(Path(__file__).resolve().parents[1] / "rules_data" / "love_letter", rules)
    cards = rules / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace("copies: 5", "copies: 4", 1), "utf-8")
    found = [d for d in compile_game(rules, tmp_path).diagnostics if d.code == "W002"]
    assert len(found) == 1 and "printed 16 cards, 15 records" in found[0].message
