"""Setup, generations and the end, with the numbers of the rulebook (Terraforming Mars
Regole: "Impostazione", "Fase 1".."Fase 4", "Fine del gioco", "Le varianti"), played on
the kernel through the public API."""

from __future__ import annotations

from typing import Any

from compiler.runtime import Game, RandomPolicy
from tests.tm_helpers import (
    RESOURCES,
    edit,
    kind,
    new,
    ocean_spaces,
    pick,
    play_until,
    player,
    rules,
    spaces,
    tile,
)


def _everyone_passes(game: Game) -> None:
    while kind(game) == "action":
        pick(game, act="pass")


def _cards() -> dict[str, Any]:
    return rules()["records"]["cards"]


def _terraformed(s: dict[str, Any]) -> None:
    """Every global parameter at its maximum (+8 °C, 14 %, 9 oceans on the board)."""
    s["params"].update(temperature=8, oxygen=14)
    for sid in ocean_spaces()[:9]:
        tile(s, sid, "ocean", None)


def test_setup_base_game():
    """Impostazione: temperature -30 °C, oxygen 0, generation 1; TR 20; production 1 of
    each resource; beginner corporation: 42 M€ and 10 project cards; no Corporate Era
    card in play."""
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
    assert not [c for c in in_play if _cards()[c].get("module")]
    assert len(in_play) == len([c for c in _cards().values() if not c.get("module")])
    assert kind(game) == "action" and player(game) == s["first_player"]


def test_setup_corporate_era():
    """Variante Era aziendale: its cards join the deck; no starting production."""
    game = new(2, ("corporate_era",), seed=1)
    s = game.state
    for pl in s["players"]:
        assert pl["prod"] == {r: 0 for r in RESOURCES}
        assert pl["tracks"]["tr"] == 20 and pl["stock"]["megacredits"] == 42
    in_play = s["deck"] + [c for pl in s["players"] for c in pl["hand"]]
    assert sorted(in_play) == sorted(_cards())


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
    for sid, t in s["board"].items():
        if t["tile"] == "city":
            assert any(s["board"].get(n, {}).get("tile") == "greenery"
                       for n in spaces()[sid]["next_to"])
    acts = {a["act"] for a in game.legal_actions()}
    assert "milestone" not in acts and "award" not in acts


def _free_land(board: dict[str, Any], no_city_beside: bool) -> list[str]:
    """Land spaces in reading order (top left first), not reserved, empty, and (for a
    city) not next to a city, with a free land space next to it for its greenery."""
    out = []
    for sid, sp in spaces().items():
        if sp["type"] != "land" or sp.get("reserved") or sid in board:
            continue
        if no_city_beside and any(board.get(n, {}).get("tile") == "city"
                                  for n in sp["next_to"]):
            continue
        if no_city_beside and not any(n in _free_land(board, False) for n in sp["next_to"]):
            continue
        out.append(sid)
    return out


def test_neutral_cities_count_the_discarded_costs():
    """Variante in solitario: "Per piazzare la prima città Neutrale, partite dall'alto a
    sinistra, contate e saltate le caselle proibite"; the second "dal basso a destra";
    each greenery "girate in senso orario intorno alla città partendo dall'alto a
    sinistra". The data's reading: the 1st and 3rd cards' costs place the cities, the
    2nd and 4th their greeneries; a card costing 0 counts as 1 (seed 338 discards
    Indentured Workers first, seed 236 third)."""
    for seed in (4, 5, 6, 338, 236):
        game = new(1, ("corporate_era", "solo"), seed=seed)
        s = game.state
        c1, c2, c3, c4 = (max(_cards()[c]["cost"], 1) for c in s["discard"])
        board: dict[str, Any] = {}
        land = _free_land(board, True)
        city1 = land[(c1 - 1) % len(land)]
        board[city1] = {"tile": "city"}
        ring = [n for n in spaces()[city1]["next_to"] if n in _free_land(board, False)]
        green1 = ring[(c2 - 1) % len(ring)]
        board[green1] = {"tile": "greenery"}
        land = list(reversed(_free_land(board, True)))
        city2 = land[(c3 - 1) % len(land)]
        board[city2] = {"tile": "city"}
        ring = [n for n in spaces()[city2]["next_to"] if n in _free_land(board, False)]
        green2 = ring[(c4 - 1) % len(ring)]
        placed = {sid: t["tile"] for sid, t in s["board"].items()}
        assert placed == {city1: "city", green1: "greenery", city2: "city",
                          green2: "greenery"}, seed


def test_production_phase():
    """Fase 4: energy becomes heat; M€ income = TR + M€ production; every resource gains
    its production. Fase 1: first player passes clockwise, generation + 1."""
    game = new(2, seed=5)
    first = game.state["first_player"]

    def position(s):
        pl = s["players"][first]
        pl["stock"].update(megacredits=10, energy=3, heat=2, plants=0)
        pl["prod"].update(megacredits=2, energy=0, heat=1, plants=3)
        pl["tracks"]["tr"] = 20
    s = edit(game, position)
    _everyone_passes(game)
    pl = s["players"][first]
    assert pl["stock"]["energy"] == 0
    assert pl["stock"]["heat"] == 2 + 3 + 1
    assert pl["stock"]["megacredits"] == 10 + 20 + 2
    assert pl["stock"]["plants"] == 3
    assert s["game_tracks"]["generation"] == 2
    assert s["first_player"] == (first + 1) % 2


def test_negative_megacredit_production_lowers_income():
    """M€ production may be negative (down to -5): income = TR + production."""
    game = new(1, seed=5)

    def broke(s):
        s["players"][0]["stock"]["megacredits"] = 0
        s["players"][0]["prod"]["megacredits"] = -5
    s = edit(game, broke)
    _everyone_passes(game)
    assert s["players"][0]["stock"]["megacredits"] == 20 - 5


def test_research_costs_three_per_card_kept():
    """Fase 2 (from generation 2): draw 4, keep any at 3 M€ each; cannot pay, cannot keep."""
    game = new(2, seed=6)
    poor = 1 - game.state["first_player"]

    def poor_player(s):
        pl = s["players"][poor]
        pl["tracks"]["tr"] = 0
        pl["prod"]["megacredits"] = -1
        pl["stock"]["megacredits"] = 2
    s = edit(game, poor_player)
    _everyone_passes(game)
    assert s["first_player"] == poor  # Fase 1: the token passed clockwise
    rich = 1 - poor
    pl = s["players"][rich]
    money, hand = pl["stock"]["megacredits"], len(pl["hand"])
    for _ in range(4):
        assert player(game) == rich and kind(game) == "buy_card"
        pick(game, keep=True)
    assert pl["stock"]["megacredits"] == money - 4 * 3
    assert len(pl["hand"]) == hand + 4
    assert kind(game) == "action"
    assert len(s["players"][poor]["hand"]) == 10
    assert len(s["discard"]) == 4


def test_first_generation_skips_phases_1_and_2():
    """Fase 1 and Fase 2: "Ignorate questa fase all'inizio della partita"."""
    game = new(2, seed=7)
    assert game.state["game_tracks"]["generation"] == 1
    assert all(len(pl["hand"]) == 10 for pl in game.state["players"])
    assert kind(game) == "action"


def _draft_round(game: Game, shift: int) -> None:
    """Every player keeps the first card of their pack; check where the rest went
    (player p's pack to player p + shift)."""
    s = game.state
    n = len(s["players"])
    packs = [list(pl["pack"]) for pl in s["players"]]
    assert all(len(p) == 4 for p in packs)
    for k in range(n):
        p = (s["first_player"] + k) % n
        assert player(game) == p and kind(game) == "draft_pick"
        pick(game, card=packs[p][0])
    for p in range(n):
        assert s["players"][(p + shift) % n]["pack"] == packs[p][1:]


def test_draft_passes_by_generation_parity():
    """Variante bozza: draw 4, keep one, pass the rest: clockwise (to the next player)
    in an even generation, counterclockwise in an odd one; then buy as usual."""
    game = new(3, ("draft",), seed=8)
    _everyone_passes(game)
    assert game.state["game_tracks"]["generation"] == 2
    _draft_round(game, +1)
    while kind(game) == "draft_pick":
        game.apply(game.legal_actions()[0])
    buys = 0
    while kind(game) == "buy_card":
        pick(game, keep=False)
        buys += 1
    assert buys == 3 * 4
    _everyone_passes(game)
    assert game.state["game_tracks"]["generation"] == 3
    _draft_round(game, -1)


def test_game_ends_after_the_generation_with_final_conversions():
    """Fine del gioco: when all three parameters are at max the game ends at the end of
    the generation; then plants may still become greeneries (no TR at max oxygen)."""
    game = new(2, seed=9)
    first = game.state["first_player"]

    def end(s):
        _terraformed(s)
        s["players"][first]["stock"]["plants"] = 15
    s = edit(game, end)
    _everyone_passes(game)
    assert kind(game) == "final_action" and player(game) == first
    tr = s["players"][first]["tracks"]["tr"]
    greeneries = 0
    while not game.is_over:
        if kind(game) == "final_action":
            options = game.legal_actions()
            choice = [o for o in options if o.get("id") == "plants_to_greenery"] or options
            greeneries += choice[0]["act"] == "convert" and player(game) == first
            game.apply(choice[0])
        else:
            game.apply(game.legal_actions()[0])
    assert greeneries == 2  # 15 + 1 production = 16 plants = 2 x 8
    assert s["players"][first]["tracks"]["tr"] == tr
    assert game.scores()["rounds"] == 1


def test_solo_lasts_14_generations():
    """Variante in solitario: "Giocare in 14 generazioni"; won only by terraforming."""
    game = new(1, ("corporate_era", "solo"), seed=10)
    play_until(game, lambda g: False, RandomPolicy(10))
    result = game.scores()
    assert result["rounds"] == 14
    assert result["winner"] == ([0] if result["solo"]["won"] else [])


def test_solo_won_when_terraformed():
    """"Il vostro obiettivo è completare la terraformazione prima della fine della
    generazione 14": terraformed in generation 1, the game still lasts 14 generations
    ("Giocare in 14 generazioni"), and is won."""
    game = new(1, ("corporate_era", "solo"), seed=11)
    edit(game, _terraformed)
    play_until(game, lambda g: False, RandomPolicy(1))
    result = game.scores()
    assert result["solo"]["won"] and result["winner"] == [0] and result["rounds"] == 14


def test_solo_phase_1_passes_no_marker(capsys):
    """Fase 1 says "Il segnalino Primo Giocatore passa in senso orario al giocatore
    successivo; muovete il segnalino Generazione": with one player there is no one to
    pass to, so the solo game's phase 1 only moves the generation on, and says so."""
    from compiler.cli import main

    assert main(["explain", "terraforming_mars", "solo", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert "Cambia «Ordine dei giocatori»: aumenta la generazione di 1." in out
    assert "passa in senso orario" not in out
    game = new(1, ("corporate_era", "solo"), seed=4)
    _everyone_passes(game)
    while kind(game) != "action":
        game.apply(game.legal_actions()[0])
    assert game.state["game_tracks"]["generation"] == 2 and game.state["first_player"] == 0


def test_final_count_in_the_rulebook_order():
    """"Il conteggio finale": NT, then the awards (Ricompense), then the milestones
    (obiettivi), the greenery tiles, the cities next to greenery, and the cards' VP; the
    score breakdown lists its lines in that order (the public implementation's
    calculateVictoryPoints counts them so too)."""
    game = new(3, (), seed=1)
    order = ["tr", "awards", "milestones", "greenery", "cities", "cards"]
    for row in game.scores()["players"]:
        assert list(row["breakdown"]) == order
