"""Setup, generations and the end, with the numbers of the rulebook (Terraforming Mars
Regole: "Impostazione", "Fase 1".."Fase 4", "Fine del gioco", "Le varianti")."""

from __future__ import annotations

from compiler.runtime import RandomPolicy
from tests.test_runtime_helpers import kind, new, pick, play_until, refresh, rules

RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")


def _everyone_passes(game) -> None:
    while kind(game) == "action":
        pick(game, act="pass")


def test_setup_base_game():
    """Impostazione: temperature -30 °C, oxygen 0, generation 1; TR 20; production 1 of
    each resource; beginner corporation: 42 M€ and 10 project cards."""
    game = new(3, seed=1)
    s = game.state
    assert s["params"] == {"temperature": -30, "oxygen": 0, "oceans": 0}
    assert s["game_tracks"]["generation"] == 1
    for pl in s["players"]:
        assert pl["tracks"]["tr"] == 20
        assert pl["stock"] == {r: 42 if r == "megacredits" else 0 for r in RESOURCES}
        assert pl["prod"] == {r: 1 for r in RESOURCES}
        assert len(pl["hand"]) == 10
    in_play = s["deck"] + [c for pl in s["players"] for c in pl["hand"]]
    assert not [c for c in in_play if rules()["cards"][c].get("module")]
    assert game.pending()["kind"] == "action"


def test_setup_corporate_era():
    """Variante Era aziendale: its cards join the deck; no starting production."""
    game = new(2, ("corporate_era",), seed=1)
    s = game.state
    for pl in s["players"]:
        assert pl["prod"] == {r: 0 for r in RESOURCES}
        assert pl["tracks"]["tr"] == 20 and pl["stock"]["megacredits"] == 42
    in_play = s["deck"] + [c for pl in s["players"] for c in pl["hand"]]
    assert sorted(in_play) == sorted(rules()["cards"])


def test_setup_solo():
    """Variante in solitario: TR 14, no production, 4 cards discarded, two neutral
    cities each with a greenery next to it, no milestones or awards."""
    game = new(1, ("corporate_era", "solo"), seed=4)
    s = game.state
    pl = s["players"][0]
    assert pl["tracks"]["tr"] == 14
    assert pl["prod"] == {r: 0 for r in RESOURCES}
    assert len(s["discard"]) == 4
    tiles = sorted(t["tile"] for t in s["board"].values())
    assert tiles == ["city", "city", "greenery", "greenery"]
    assert all(t["owner"] is None for t in s["board"].values())
    assert s["params"] == {"temperature": -30, "oxygen": 0, "oceans": 0}
    spaces = {sp["id"]: sp for sp in rules()["board"]["spaces"]}
    for sid, t in s["board"].items():
        if t["tile"] == "city":
            assert any(s["board"].get(n, {}).get("tile") == "greenery"
                       for n in spaces[sid]["next_to"])
    acts = {a["act"] for a in game.legal_actions()}
    assert "milestone" not in acts and "award" not in acts


def test_neutral_city_counts_from_top_left():
    """The first neutral city is on the c-th legal city space from the top left."""
    game = new(1, ("corporate_era", "solo"), seed=4)
    s = game.state
    first_cost = rules()["cards"][s["discard"][0]]["cost"]
    land = [sp["id"] for sp in rules()["board"]["spaces"]
            if sp["type"] == "land" and not sp.get("reserved")]
    assert s["board"][land[(first_cost - 1) % len(land)]]["tile"] == "city"


def test_production_phase():
    """Fase 4: energy becomes heat; M€ income = TR + M€ production; every resource gains
    its production. Fase 1: first player passes clockwise, generation + 1."""
    game = new(2, seed=5)
    first = game.state["first_player"]
    pl = game.state["players"][first]
    pl["stock"].update(megacredits=10, energy=3, heat=2, plants=0)
    pl["prod"].update(megacredits=2, energy=0, heat=1, plants=3)
    pl["tracks"]["tr"] = 20
    refresh(game)
    _everyone_passes(game)
    assert pl["stock"]["energy"] == 0
    assert pl["stock"]["heat"] == 2 + 3 + 1
    assert pl["stock"]["megacredits"] == 10 + 20 + 2
    assert pl["stock"]["plants"] == 3
    assert game.state["game_tracks"]["generation"] == 2
    assert game.state["first_player"] == (first + 1) % 2


def test_negative_megacredit_production_lowers_income():
    game = new(1, seed=5)
    pl = game.state["players"][0]
    pl["stock"]["megacredits"] = 0
    pl["prod"]["megacredits"] = -5
    refresh(game)
    _everyone_passes(game)
    assert pl["stock"]["megacredits"] == 20 - 5


def test_research_costs_three_per_card_kept():
    """Fase 2 (from generation 2): draw 4, keep any at 3 M€ each; cannot pay, cannot keep."""
    game = new(2, seed=6)
    poor = 1 - game.state["first_player"]
    game.state["players"][poor]["tracks"]["tr"] = 0
    game.state["players"][poor]["prod"]["megacredits"] = -1
    game.state["players"][poor]["stock"]["megacredits"] = 2
    refresh(game)
    _everyone_passes(game)
    assert game.state["first_player"] == poor  # Fase 1: the token passed clockwise
    rich = 1 - poor
    pl = game.state["players"][rich]
    money, hand = pl["stock"]["megacredits"], len(pl["hand"])
    for _ in range(4):
        assert game.pending()["player"] == rich and kind(game) == "buy_card"
        pick(game, keep=True)
    assert pl["stock"]["megacredits"] == money - 4 * 3
    assert len(pl["hand"]) == hand + 4
    assert kind(game) == "action"
    assert len(game.state["players"][poor]["hand"]) == 10
    assert len(game.state["discard"]) == 4


def test_first_generation_skips_phases_1_and_2():
    game = new(2, seed=7)
    assert game.state["game_tracks"]["generation"] == 1
    assert all(len(pl["hand"]) == 10 for pl in game.state["players"])


def test_draft_passes_by_generation_parity():
    """Variante bozza: draw 4, keep one, pass the rest (even generation: clockwise)."""
    game = new(3, ("draft",), seed=8)
    _everyone_passes(game)
    frame = game.state["stack"][-1]
    assert frame["kind"] == "draft" and game.state["game_tracks"]["generation"] == 2
    packs = [list(p) for p in frame["packs"]]
    assert all(len(p) == 4 for p in packs)
    order = list(frame["order"])
    for p in order:
        assert game.pending()["player"] == p and kind(game) == "draft_pick"
        pick(game, card=packs[p][0])
    for p in range(3):
        assert frame["packs"][(p + 1) % 3] == packs[p][1:]
    while kind(game) == "draft_pick":
        game.apply(game.legal_actions()[0])
    buys = 0
    while kind(game) == "buy_card":
        pick(game, keep=False)
        buys += 1
    assert buys == 3 * 4


def test_game_ends_after_the_generation_with_final_conversions():
    """Fine del gioco: when all three parameters are at max the game ends at the end of
    the generation; then plants may still become greeneries (no TR at max oxygen)."""
    game = new(2, seed=9)
    s = game.state
    s["params"].update(temperature=8, oxygen=14, oceans=9)
    oceans = [sp["id"] for sp in rules()["board"]["spaces"] if sp["type"] == "ocean"][:9]
    for sid in oceans:
        s["board"][sid] = {"tile": "ocean", "owner": None, "card": None}
    first = s["first_player"]
    s["players"][first]["stock"]["plants"] = 15
    refresh(game)
    _everyone_passes(game)
    assert kind(game) == "final_action" and game.pending()["player"] == first
    tr = s["players"][first]["tracks"]["tr"]
    greeneries = 0
    while not game.is_over:
        if kind(game) == "final_action":
            options = game.legal_actions()
            choice = [o for o in options if o.get("id") == "plants_to_greenery"] or options
            greeneries += choice[0]["act"] == "project" and game.pending()["player"] == first
            game.apply(choice[0])
        else:
            game.apply(game.legal_actions()[0])
    assert greeneries == 2  # 15 + 1 production = 16 plants = 2 x 8
    assert s["players"][first]["tracks"]["tr"] == tr
    assert game.scores()["generations"] == 1


def test_solo_lasts_14_generations_unless_terraformed():
    game = new(1, ("corporate_era", "solo"), seed=10)
    play_until(game, lambda g: False, RandomPolicy(10))
    result = game.scores()
    assert result["generations"] == 14 or result["solo"]["won"]
    assert result["winner"] == ([0] if result["solo"]["won"] else [])


def test_solo_won_when_terraformed():
    game = new(1, ("corporate_era", "solo"), seed=11)
    s = game.state
    s["params"].update(temperature=8, oxygen=14, oceans=9)
    oceans = [sp["id"] for sp in rules()["board"]["spaces"] if sp["type"] == "ocean"][:9]
    for sid in oceans:
        s["board"][sid] = {"tile": "ocean", "owner": None, "card": None}
    refresh(game)
    play_until(game, lambda g: False, RandomPolicy(1))
    result = game.scores()
    assert result["solo"]["won"] and result["winner"] == [0] and result["generations"] == 1
