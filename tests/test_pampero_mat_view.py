"""Pampero's company mat holds action cards, typed so: a view names an opponent's played
card as the card, not as the area that has the same id (QA qa11 Q18: p2's action card A2
"Build a wind farm" read "sector A2"). A tile that occupies a mat space for good is kept
apart (``mat_tiles``; tests/scenarios/pampero/tbsct_tile_occupies_mat.yaml)."""

from __future__ import annotations


def test_an_opponents_played_card_is_named_as_the_action_card() -> None:
    """Action card A1 is "Build a wind farm" (pampero-base, action cards); sector A1 is
    an area with the same id."""
    from compiler.playtest.games import Names
    from compiler.playtest.session import player_view
    from generated import pampero

    game = pampero.new_game(2, (), 1)
    for _ in range(200):  # the first options, until seat 1 has a card on its mat
        mat = game.state["players"][1]["slots"]
        if any(card is not None for row in mat.values() for card in row):
            break
        game.apply(game.pending()["options"][0])
    assert mat["top"][0] == "a1"
    view = player_view(game, 0, Names(pampero.RULES, "en"))
    line = next(t for t in view.splitlines() if t.startswith("p2.mat: "))
    assert "top row (Build a wind farm, -" in line and "sector" not in line


def test_the_mat_entry_holds_action_cards() -> None:
    from generated import pampero

    entry = pampero.RULES["state"]["player"]["slots"]
    assert entry["type"] == ["map", ["id", "slot_rows"],
                             ["list", ["opt", ["id", "action_cards"]]]]
