"""Tiles and the final count (rulebook "Le tessere", "Il conteggio finale"), played on the
kernel through the public API."""

from __future__ import annotations

import copy
import json

import pytest

from compiler.codegen.pycode import load_code
from compiler.runtime import Game, register_code
from tests.conftest import ROOT
from tests.tm_helpers import edit, kind, new, options, pick, player, rules, spaces, tile

LAND = "land"


def _two_players(money: int = 100) -> tuple[Game, int]:
    game = new(2, seed=12)
    p = player(game)
    edit(game, lambda s: s["players"][p]["stock"].update(megacredits=money))
    return game, p


def _land_next_to(sid: str) -> set[str]:
    return {n for n in spaces()[sid]["next_to"] if spaces()[n]["type"] == LAND}


def test_ocean_adjacency_gives_two_megacredits_each():
    """Oceano: "Ogni tessera adiacente vale 2 milioni di euro" (per adjacent ocean);
    Azione 2, Falda acquifera: 18 M€. An ocean belongs to nobody."""
    game, p = _two_players()
    # s07 (no printed bonus) touches the ocean spaces s06 and s13 (tharsis.json)
    target, near = "s07", ("s06", "s13")

    def two_oceans(s):
        for sid in near:
            tile(s, sid, "ocean", None)
    state = edit(game, two_oceans)
    pick(game, act="project", id="aquifer")
    pick(game, space=target)
    assert state["players"][p]["stock"]["megacredits"] == 100 - 18 + 2 * 2
    assert state["board"][target]["owner"] is None


def test_space_bonus_goes_to_the_placer():
    """The space's printed bonus goes to whoever places the tile: s25 shows 2 plants
    (tharsis.json); Azione 2, Verde: 23 M€."""
    game, p = _two_players()
    pick(game, act="project", id="greenery")
    pick(game, space="s25")
    pl = game.state["players"][p]
    assert pl["stock"]["plants"] == 2 and pl["stock"]["megacredits"] == 100 - 23
    assert game.state["players"][1 - p]["stock"]["plants"] == 0


def test_city_not_next_to_a_city_and_not_on_reserved_space():
    """Città: "Non può essere adiacente a nessun'altra città, tranne che alla città di
    Noctis"; the Noctis City space (s31) is reserved for its card."""
    game, p = _two_players()
    edit(game, lambda s: tile(s, "s10", "city", 1 - p))
    pick(game, act="project", id="city")
    offered = options(game, "space")
    assert offered and not offered & set(spaces()["s10"]["next_to"])
    assert "s31" not in offered and "s10" not in offered


def test_noctis_city_goes_on_its_reserved_space():
    """Noctis City (card #017): "Piazzate una tessera Città sulla casella riservata"
    (s31), which no other city may take."""
    game = new(2, seed=12)
    p = player(game)

    def hold_noctis(s):
        pl = s["players"][p]
        pl["hand"] = ["noctis_city"] + [c for c in pl["hand"] if c != "noctis_city"]
        pl["stock"].update(megacredits=100)
        pl["prod"].update(energy=1)
    state = edit(game, hold_noctis)
    pick(game, act="play", card="noctis_city")
    while kind(game) == "payment":
        game.apply(game.legal_actions()[0])
    assert state["board"]["s31"] == {"tile": "city", "owner": p, "card": "noctis_city"}


def test_city_may_touch_noctis():
    """A city may be next to the city of Noctis: every free land space beside s31."""
    game, p = _two_players()
    edit(game, lambda s: tile(s, "s31", "city", 1 - p))
    pick(game, act="project", id="city")
    assert options(game, "space") & _land_next_to("s31") == _land_next_to("s31")


def test_greenery_next_to_own_tile_if_possible():
    """Verde: "Se possibile, adiacente a una delle vostre tessere"."""
    game, p = _two_players()
    edit(game, lambda s: tile(s, "s10", "city", p))
    pick(game, act="project", id="greenery")
    assert options(game, "space") == _land_next_to("s10")


def test_greenery_anywhere_when_no_own_tile_has_room():
    """Verde: only "se possibile": with no free land next to an own tile, any land."""
    game, p = _two_players()

    def boxed_in(s):
        tile(s, "s10", "city", p)
        for n in _land_next_to("s10"):
            tile(s, n, "city", 1 - p)
    edit(game, boxed_in)
    pick(game, act="project", id="greenery")
    offered = options(game, "space")
    assert len(offered) > 10 and not offered & set(spaces()["s10"]["next_to"])


def test_greenery_raises_oxygen_and_tr_only_below_max():
    """"Se il livello di ossigeno non sale più, non si avrà diritto a +1 NT": at 14 %
    the greenery is still placed, without TR."""
    game, p = _two_players()
    state = edit(game, lambda s: s["params"].update(oxygen=14))
    tr = state["players"][p]["tracks"]["tr"]
    pick(game, act="project", id="greenery")
    game.apply(game.legal_actions()[0])
    assert state["params"]["oxygen"] == 14 and state["players"][p]["tracks"]["tr"] == tr
    assert [t["tile"] for t in state["board"].values()] == ["greenery"]


def test_oxygen_bonus_raises_temperature():
    """Parameter bonus: oxygen reaching 8 % raises the temperature (and the TR): +1 TR
    for the oxygen, +1 for the temperature step (-30 -> -28 °C)."""
    game, p = _two_players()
    state = edit(game, lambda s: s["params"].update(oxygen=7))
    tr = state["players"][p]["tracks"]["tr"]
    pick(game, act="project", id="greenery")
    game.apply(game.legal_actions()[0])
    assert state["params"]["oxygen"] == 8
    assert state["params"]["temperature"] == -28
    assert state["players"][p]["tracks"]["tr"] == tr + 2


def test_final_count_of_greeneries_and_cities():
    """1 VP per own greenery; 1 VP per own city for each adjacent greenery (any owner)."""
    game, p = _two_players()
    q = 1 - p

    def board(s):
        tile(s, "s10", "city", p)
        tile(s, "s09", "greenery", p)
        tile(s, "s11", "greenery", q)
        tile(s, "s20", "city", q)
    state = edit(game, board)
    rows = game.scores()["players"]
    assert rows[p]["breakdown"]["greenery"] == 1 and rows[p]["breakdown"]["cities"] == 2
    assert rows[q]["breakdown"]["greenery"] == 1 and rows[q]["breakdown"]["cities"] == 0
    assert rows[p]["breakdown"]["tr"] == state["players"][p]["tracks"]["tr"]
    assert rows[p]["total"] == sum(rows[p]["breakdown"].values())
    assert set(rows[p]["breakdown"]) == {e["id"] for e in rules()["flow"]["scoring"]}


def test_card_vp_counts_resources_here():
    """Card VP: 1 VP per 2 microbes on the card (5 -> 2), a flat 2 VP, an event's -1 VP
    (events count where they lie)."""
    game = new(1, seed=1, probes=True)

    def cards(s):
        pl = s["players"][0]
        pl["tableau"], pl["events"], pl["card_res"] = ["t_vp", "t_flat"], ["t_bad"], {"t_vp": 5}
    edit(game, cards)
    assert game.scores()["players"][0]["breakdown"]["cards"] == 2 + 2 - 1
    assert kind(game) == "action"


FACTS = ROOT.parent / "shared" / "data" / "terraforming_mars"


@pytest.mark.skipif(not (FACTS / "tharsis.json").is_file(), reason="the facts are not here")
def test_spaces_match_the_facts():
    """Every space of tharsis.json, the off-map ones too (no neighbours, reserved for
    their cards' cities); each printed bonus's resources in `bonus_resources`."""
    facts = json.loads((FACTS / "tharsis.json").read_text())
    records = spaces()
    for sp in facts["spaces"]:
        rec = records["s" + sp["id"]]
        assert rec["type"] == sp["type"] and rec["next_to"] == ["s" + a for a in sp["adjacent"]]
        shown = [{"plant": "plants"}.get(b, b) for b in sp["bonus"] if b != "card"]
        assert rec.get("bonus_resources", []) == shown, sp["id"]
        assert bool(rec.get("volcanic")) == sp["volcanic"], sp["id"]
    for sp in facts["off_map_spaces"]:
        rec = records["s" + sp["id"]]
        assert rec["type"] == "off_map" and rec["next_to"] == []
        assert rec["name"]["en"] == sp["name"] and rec["reserved"]
    assert len(records) == len(facts["spaces"]) + len(facts["off_map_spaces"])


@pytest.mark.parametrize("engine", ["interpreter", "compiled"])
def test_a_card_may_place_on_a_space_reserved_for_it(engine):
    """A reserved space is open to its own card only (definitions/board.yaml, "a reserved
    space only for its own tile or card"), also when the card places its tile on any
    legal space: with s31 reserved for Domed Crater (#016, "place city") instead of
    Noctis City, playing it offers s31 and the city standard project does not."""
    ir = copy.deepcopy(rules())
    ir["records"]["spaces"]["s31"]["reserved"] = "domed_crater"
    if engine == "compiled":
        register_code(ir, load_code(ir))
    offered = {}
    for act in ("play", "project"):
        game = Game.new(ir, players=2, seed=12, engine=engine)
        p = player(game)

        def hold_crater(s, p=p):
            pl = s["players"][p]
            pl["hand"] = ["domed_crater"] + [c for c in pl["hand"] if c != "domed_crater"]
            pl["stock"].update(megacredits=100)
            pl["prod"].update(energy=1)
        edit(game, hold_crater)
        if act == "play":
            pick(game, act="play", card="domed_crater")
        else:
            pick(game, act="project", id="city")
        while kind(game) == "payment":
            game.apply(game.legal_actions()[0])
        offered[act] = options(game, "space")
    assert "s31" in offered["play"] and "s31" not in offered["project"]
    assert offered["play"] - {"s31"} == offered["project"]
