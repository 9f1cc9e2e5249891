"""Tiles and the final count (rulebook "Le tessere", "Il conteggio finale")."""

from __future__ import annotations

from compiler.runtime import Game
from compiler.runtime.board import legal_spaces
from tests.test_runtime_helpers import ctx_of, kind, pick, refresh, rules

SPACES = {sp["id"]: sp for sp in rules()["board"]["spaces"]}


def _tile(game: Game, sid: str, tile: str, owner: int | None) -> None:
    game.state["board"][sid] = {"tile": tile, "owner": owner, "card": None}
    if tile == "ocean":
        game.state["params"]["oceans"] += 1


def _two_players(money: int = 100) -> tuple[Game, int]:
    game = Game.new(rules(), players=2, modules=(), seed=12)
    p = game.pending()["player"]
    game.state["players"][p]["stock"]["megacredits"] = money
    refresh(game)
    return game, p


def test_ocean_adjacency_gives_two_megacredits_each():
    """Oceano: "Ogni tessera adiacente vale 2 milioni di euro" (per adjacent ocean)."""
    game, p = _two_players()
    target = next(sid for sid, sp in SPACES.items() if sp["type"] == "ocean"
                  and not sp.get("bonus")
                  and sum(SPACES[n]["type"] == "ocean" for n in sp["next_to"]) >= 2)
    near = [n for n in SPACES[target]["next_to"] if SPACES[n]["type"] == "ocean"][:2]
    for sid in near:
        _tile(game, sid, "ocean", None)
    refresh(game)
    pick(game, act="project", id="aquifer")
    pick(game, space=target)
    assert game.state["players"][p]["stock"]["megacredits"] == 100 - 18 + 2 * 2
    assert game.state["board"][target]["owner"] is None


def test_space_bonus_goes_to_the_placer():
    game, p = _two_players()
    sid = next(s for s, sp in SPACES.items() if sp["type"] == "land" and not sp.get("reserved")
               and sp.get("bonus") and sp["bonus"]["stmts"][0]["op"] == "gain"
               and sp["bonus"]["stmts"][0]["resource"] == "plants")
    gain = sum(st["qty"]["n"] for st in SPACES[sid]["bonus"]["stmts"]
               if st["op"] == "gain" and st["resource"] == "plants")
    pick(game, act="project", id="greenery")
    pick(game, space=sid)
    assert game.state["players"][p]["stock"]["plants"] == gain


def test_city_not_next_to_a_city_and_not_on_reserved_space():
    """Città: "Non può essere adiacente a nessun'altra città, tranne che alla città di
    Noctis"; the Noctis space is reserved for its card."""
    game, p = _two_players()
    _tile(game, "s10", "city", 1 - p)
    refresh(game)
    pick(game, act="project", id="city")
    options = {o["space"] for o in game.legal_actions()}
    assert not options & set(SPACES["s10"]["next_to"])
    assert "s31" not in options and "s10" not in options
    ctx = ctx_of(game)
    assert legal_spaces(ctx, "city", "s31", p, "noctis_city") == ["s31"]


def test_city_may_touch_noctis():
    game, p = _two_players()
    _tile(game, "s31", "city", 1 - p)
    ctx = ctx_of(game)
    beside = set(legal_spaces(ctx, "city", None, p, None)) & set(SPACES["s31"]["next_to"])
    assert beside == {n for n in SPACES["s31"]["next_to"] if SPACES[n]["type"] == "land"}


def test_greenery_next_to_own_tile_if_possible():
    """Verde: "Se possibile, adiacente a una delle vostre tessere"."""
    game, p = _two_players()
    _tile(game, "s10", "city", p)
    refresh(game)
    pick(game, act="project", id="greenery")
    options = {o["space"] for o in game.legal_actions()}
    assert options == {n for n in SPACES["s10"]["next_to"] if SPACES[n]["type"] == "land"}


def test_greenery_raises_oxygen_and_tr_only_below_max():
    game, p = _two_players()
    pl = game.state["players"][p]
    tr = pl["tracks"]["tr"]
    game.state["params"]["oxygen"] = 14
    refresh(game)
    pick(game, act="project", id="greenery")
    game.apply(game.legal_actions()[0])
    assert game.state["params"]["oxygen"] == 14 and pl["tracks"]["tr"] == tr


def test_oxygen_bonus_raises_temperature():
    """Parameter bonus: oxygen reaching 8 % raises the temperature (and the TR)."""
    game, p = _two_players()
    pl = game.state["players"][p]
    game.state["params"]["oxygen"] = 7
    tr = pl["tracks"]["tr"]
    refresh(game)
    pick(game, act="project", id="greenery")
    game.apply(game.legal_actions()[0])
    assert game.state["params"]["oxygen"] == 8
    assert game.state["params"]["temperature"] == -28 and pl["tracks"]["tr"] == tr + 2


def test_final_count_of_greeneries_and_cities():
    """1 VP per own greenery; 1 VP per own city for each adjacent greenery (any owner)."""
    game, p = _two_players()
    q = 1 - p
    _tile(game, "s10", "city", p)
    _tile(game, "s09", "greenery", p)
    _tile(game, "s11", "greenery", q)
    _tile(game, "s20", "city", q)
    rows = game.scores()["players"]
    assert rows[p]["breakdown"]["greenery"] == 1 and rows[p]["breakdown"]["cities"] == 2
    assert rows[q]["breakdown"]["greenery"] == 1 and rows[q]["breakdown"]["cities"] == 0
    tr = game.state["players"][p]["tracks"]["tr"]
    assert rows[p]["breakdown"]["tr"] == tr
    assert rows[p]["total"] == sum(rows[p]["breakdown"].values())
    assert set(rows[p]["breakdown"]) == {e["id"] for e in rules()["flow"]["scoring"]}


def test_card_vp_counts_resources_here():
    from tests.test_runtime_helpers import with_cards

    rules_ = with_cards({"id": "t_vp", "type": "active", "resource": "microbe",
                         "vp": "1 per 2 resource here"}, {"id": "t_flat", "vp": "2"},
                        {"id": "t_bad", "type": "event", "vp": "-1"})
    game = Game.new(rules_, players=1, modules=(), seed=1)
    pl = game.state["players"][0]
    pl["tableau"], pl["events"], pl["card_res"] = ["t_vp", "t_flat"], ["t_bad"], {"t_vp": 5}
    assert game.scores()["players"][0]["breakdown"]["cards"] == 2 + 2 - 1
    assert kind(game) == "action"
