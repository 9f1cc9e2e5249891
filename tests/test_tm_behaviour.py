"""What a card does when played, against the facts (shared/data/terraforming_mars/cards.json
``behavior``, taken from an independent implementation): every fully structured project
card whose behaviour is only numbers (production and stock changes, global parameter
steps, TR, cards drawn, another player's production lowered, plants removed) is played
from a position where all of it can happen, and the changes of the state are compared
with the facts: own production and stock (M€: minus the card's cost), the other player's
production and plants, TR (the card's own plus one per parameter step), temperature
(2 °C a step), oxygen and the hand. Cards that place tiles or make choices are tested by
their scenarios (tests/scenarios/terraforming_mars/cards)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.test_tm_facts import _merge, _met
from tests.tm_helpers import edit, new, ocean_spaces, rules, spaces

FACTS = ROOT.parent / "shared" / "data" / "terraforming_mars" / "cards.json"
pytestmark = pytest.mark.skipif(not FACTS.is_file(), reason="the facts are not here")
SIMPLE = {"production", "stock", "global", "tr", "drawCard", "decreaseAnyProduction",
          "removeAnyPlants", "ocean", "city", "greenery", "tile", "addResources"}
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
# Where the parameters start when no requirement sets them: no placement bonus (-24, -20,
# 0 °C; 8 % oxygen) within the 3 steps a card raises them.
START = {"temperature": -18, "oxygen": 0}


def _simple(fact: dict[str, Any]) -> bool:
    b = fact.get("behavior") or {}
    return (fact["type"] != "corporation" and bool(b) and fact["fully_structured"]
            and set(b) <= SIMPLE
            and all(isinstance(v, int) for k in ("production", "stock")
                    for v in (b.get(k) or {}).values())
            and isinstance(b.get("drawCard", 0), int)
            and all(r["type"] not in ("cities", "greeneries") for r in fact["requirements"]))


def _cases() -> list[tuple[str, dict[str, Any]]]:
    if not FACTS.is_file():
        return []
    facts = {(c["card_number"].zfill(3) if c["card_number"].isdigit() else c["card_number"]): c
             for c in json.loads(FACTS.read_text())["cards"]}
    return [(cid, facts[rec["number"]]) for cid, rec in rules()["records"]["cards"].items()
            if rec.get("deck") == "project" and _simple(facts[rec["number"]])]


def _answer(game: Any, me: int) -> bool:
    """Answer every decision of the card: the other player as the target, a space with
    no placement bonus and no tile next to it when there is one, else the first option.
    Whether every space chosen was such a one (then the stock moves only by the card)."""
    clean = True
    while game.pending() and game.pending()["kind"] != "action":
        opts = game.legal_actions()
        aimed = [o for o in opts if isinstance(o, dict) and o.get("target") == 1 - me]
        bare = [o for o in opts if isinstance(o, dict) and "space" in o
                and not spaces()[o["space"]].get("bonus_resources")
                and not spaces()[o["space"]].get("bonus")
                and not any(n in game.state["board"] for n in spaces()[o["space"]]["next_to"])]
        if any(isinstance(o, dict) and "space" in o for o in opts) and not bare:
            clean = False
        game.apply(aimed[0] if aimed else bare[0] if bare else opts[0])
    return clean


def _tiles(state: dict[str, Any], me: int) -> dict[str, int]:
    """How many tiles of each kind player ``me`` owns."""
    out: dict[str, int] = {}
    for placed in state["board"].values():
        if placed["owner"] == me:
            out[placed["tile"]] = out.get(placed["tile"], 0) + 1
    return out


@pytest.mark.parametrize(("cid", "fact"), _cases(), ids=lambda x: x if isinstance(x, str) else "")
def test_played_card_does_what_the_facts_say(cid: str, fact: dict[str, Any]):
    rec = rules()["records"]["cards"][cid]
    b = fact["behavior"]
    game = new(2, ("corporate_era",) if rec.get("module") else (), probes=True)
    me = game.pending()["player"]
    where = _merge([_met(r) for r in fact["requirements"]])

    def change(s: dict[str, Any]) -> None:
        for pl in s["players"]:
            pl["stock"].update({r: 10 for r in RESOURCES} | {"steel": 0, "titanium": 0})
            pl["prod"].update({r: 5 for r in RESOURCES})
        pl = s["players"][me]
        pl["hand"] = [cid]
        pl["stock"]["megacredits"] = 100
        pl["tableau"] = list(where["tags"])
        pl["prod"].update(where["prod"])
        s["params"].update(START | where["param"])
        for sid in ocean_spaces()[:where["param"].get("oceans", 0)]:
            s["board"][sid] = {"tile": "ocean", "owner": None, "card": None}

    before = edit(game, change)
    before = json.loads(json.dumps(before))
    game.apply({"act": "play", "card": cid})
    clean = _answer(game, me)
    after = game.state
    mine, theirs = after["players"][me], after["players"][1 - me]
    was, was_theirs = before["players"][me], before["players"][1 - me]
    prod = {r: mine["prod"][r] - was["prod"][r] for r in RESOURCES}
    assert prod == {r: (b.get("production") or {}).get(r, 0) for r in RESOURCES}, cid
    stock = {r: mine["stock"][r] - was["stock"][r] for r in RESOURCES}
    want = {r: (b.get("stock") or {}).get(r, 0) for r in RESOURCES}
    want["megacredits"] -= rec["cost"]
    if clean:
        assert stock == want, cid
    lowered = b.get("decreaseAnyProduction") or {}
    assert {r: theirs["prod"][r] - was_theirs["prod"][r] for r in RESOURCES} == \
        {r: -lowered["count"] if r == lowered.get("type") else 0 for r in RESOURCES}, cid
    assert was_theirs["stock"]["plants"] - theirs["stock"]["plants"] == \
        min(b.get("removeAnyPlants", 0), 10), cid
    steps = dict(b.get("global") or {})
    oceans = (b["ocean"].get("count", 1) if "ocean" in b else 0)
    greenery = 1 if "greenery" in b else 0
    assert after["params"]["temperature"] - before["params"]["temperature"] == \
        2 * steps.get("temperature", 0), cid
    assert after["params"]["oxygen"] - before["params"]["oxygen"] == \
        steps.get("oxygen", 0) + greenery, cid
    assert after["params"]["oceans"] - before["params"]["oceans"] == oceans, cid
    assert mine["tracks"]["tr"] - was["tracks"]["tr"] == \
        b.get("tr", 0) + sum(steps.values()) + oceans + greenery, cid
    assert len(mine["hand"]) - len(was["hand"]) == b.get("drawCard", 0) - 1, cid
    placed = _tiles(after, me)
    for kind, n in _tiles(before, me).items():
        placed[kind] -= n
    want_tiles = {"city": 1 if "city" in b else 0, "greenery": greenery}
    if "tile" in b:
        want_tiles[b["tile"]["type"]] = 1
    assert {k: v for k, v in placed.items() if v} == {k: v for k, v in want_tiles.items() if v}, cid
    assert mine["card_res"].get(cid, 0) == b.get("addResources", 0), cid


ACTION = {"spend", "stock", "production", "tr", "global", "drawCard", "addResources", "ocean"}


def _action_cases() -> list[tuple[str, dict[str, Any]]]:
    if not FACTS.is_file():
        return []
    facts = {(c["card_number"].zfill(3) if c["card_number"].isdigit() else c["card_number"]): c
             for c in json.loads(FACTS.read_text())["cards"]}
    out = []
    for cid, rec in rules()["records"]["cards"].items():
        act = facts[rec["number"]].get("action") or {}
        if (rec.get("deck") == "project" and act and set(act) <= ACTION
                and all(isinstance(v, int) for k in ("stock", "production")
                        for v in (act.get(k) or {}).values())
                and isinstance(act.get("drawCard", 0), int)
                and "resourcesHere" not in (act.get("spend") or {})):
            out.append((cid, act))
    return out


@pytest.mark.parametrize(("cid", "act"), _action_cases(),
                         ids=lambda x: x if isinstance(x, str) else "")
def test_card_action_does_what_the_facts_say(cid: str, act: dict[str, Any]):
    """A card's action (Azione 5) from a position where it can be used: what it spends
    and what it gives, against the facts' ``action``."""
    rec = rules()["records"]["cards"][cid]
    game = new(2, ("corporate_era",) if rec.get("module") else ())
    me = game.pending()["player"]
    spend = {k: v for k, v in (act.get("spend") or {}).items() if k in RESOURCES}

    def change(s: dict[str, Any]) -> None:
        pl = s["players"][me]
        pl["tableau"] = [cid]
        pl["stock"].update({r: 10 for r in RESOURCES} | {"steel": 0, "titanium": 0}
                           | {r: max(v, 10) for r, v in spend.items()} | {"megacredits": 50})
        pl["prod"].update({r: 5 for r in RESOURCES})
        s["params"].update(START)

    before = json.loads(json.dumps(edit(game, change)))
    game.apply({"act": "card_action", "card": cid, "index": 0})
    clean = _answer(game, me)
    after = game.state
    mine, was = after["players"][me], before["players"][me]
    want = {r: (act.get("stock") or {}).get(r, 0) - spend.get(r, 0) for r in RESOURCES}
    if clean:
        assert {r: mine["stock"][r] - was["stock"][r] for r in RESOURCES} == want, cid
    assert {r: mine["prod"][r] - was["prod"][r] for r in RESOURCES} == \
        {r: (act.get("production") or {}).get(r, 0) for r in RESOURCES}, cid
    steps = act.get("global") or {}
    oceans = 1 if "ocean" in act else 0
    assert after["params"]["oxygen"] - before["params"]["oxygen"] == steps.get("oxygen", 0), cid
    assert after["params"]["oceans"] - before["params"]["oceans"] == oceans, cid
    assert mine["tracks"]["tr"] - was["tracks"]["tr"] == \
        act.get("tr", 0) + sum(steps.values()) + oceans, cid
    assert len(mine["hand"]) - len(was["hand"]) == act.get("drawCard", 0), cid
    assert mine["card_res"].get(cid, 0) - was["card_res"].get(cid, 0) == \
        act.get("addResources", 0), cid
