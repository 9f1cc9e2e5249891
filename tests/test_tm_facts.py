"""The cards and corporations of rules_data/terraforming_mars against the facts
(shared/data/terraforming_mars/cards.json, setup.json): number, English name, cost, type,
tags, module, printed VP, starting M€; and every card's requirement at its edge and one
step beyond, on the kernel (the scenarios in tests/scenarios/terraforming_mars/requirements
do the same for the cards of 001-070, as data)."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT
from tests.tm_helpers import edit, new, rules

FACTS = ROOT.parent / "shared" / "data" / "terraforming_mars"
pytestmark = pytest.mark.skipif(not (FACTS / "cards.json").is_file(),
                                reason="the facts are not here")
STEP = {"temperature": 2, "oxygen": 1, "oceans": 1}


def _facts() -> dict[str, dict[str, Any]]:
    """The facts by card number; empty when they are not here (the tests then skip: the
    parameter lists are read at collection time, before ``pytestmark`` applies)."""
    if not (FACTS / "cards.json").is_file():
        return {}
    data = json.loads((FACTS / "cards.json").read_text())
    # The facts write Heather's number "88": the cards' numbers have three digits.
    return {(c["card_number"].zfill(3) if c["card_number"].isdigit() else c["card_number"]): c
            for c in data["cards"]}


def _records(kind: str) -> dict[str, dict[str, Any]]:
    return rules()["records"][kind]


def test_cards_match_the_facts():
    facts = _facts()
    for cid, rec in _records("cards").items():
        if rec.get("deck") != "project":
            continue
        fact = facts[rec["number"]]
        assert rec["name"]["en"] == fact["name"], cid
        assert (rec["cost"], rec["type"]) == (fact["cost"], fact["type"]), cid
        assert Counter(rec.get("tags") or []) == Counter(fact["tags"]), cid
        assert (rec.get("module") == "corporate_era") == (fact["module"] == "corpera"), cid
        if isinstance(fact["victory_points"], int):
            vp = rec["vp"]
            assert (vp.get("v") if isinstance(vp, dict) else vp) == fact["victory_points"], cid
        if not fact["victory_points"]:
            assert "vp" not in rec, cid


def test_corporations_match_the_facts():
    facts = _facts()
    setup = {c["card_number"]: c
             for c in json.loads((FACTS / "setup.json").read_text())["corporations"]}
    corps = _records("corporations")
    assert {c["number"] for c in corps.values()} == \
        {n for n, c in facts.items() if c["type"] == "corporation"}
    for cid, rec in corps.items():
        fact = facts[rec["number"]]
        assert rec["megacredits"] == fact["starting_megacredits"], cid
        assert Counter(rec.get("tags") or []) == Counter(fact["tags"]), cid
        assert (rec.get("module") == "corporate_era") == (fact["module"] == "corpera"), cid
        if rec["number"] in setup:
            assert setup[rec["number"]]["starting_megacredits"] == rec["megacredits"]


TAG_CARD = {"science": "t_sci", "plant": "t_old", "jovian": "t_jovian", "power": "t_power",
            "animal": "t_animal", "microbe": "t_microbe", "earth": "t_earth"}


def _met(req: dict[str, Any], value: int | None = None) -> dict[str, Any]:
    """What meets requirement ``req`` (at ``value`` instead of its edge)."""
    t = req["type"]
    v = req["count"] if value is None else value
    if t in STEP:
        return {"param": {t: v}}
    if t == "tag":
        return {"tags": [TAG_CARD[req["value"]]] * v}
    if t == "greeneries":
        return {"greeneries": v}
    if t == "cities" and req.get("all_players"):
        return {"cities": v}
    assert t == "production", req
    return {"prod": {req["value"]: v}}


def _beyond(req: dict[str, Any]) -> int:
    t, edge = req["type"], req["count"]
    if t in STEP:
        return edge + STEP[t] if req["max"] else edge - STEP[t]
    return edge - 1


def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"param": {}, "tags": [], "prod": {}, "greeneries": 0, "cities": 0}
    for part in parts:
        out["greeneries"] = max(out["greeneries"], part.get("greeneries", 0))
        out["cities"] = max(out["cities"], part.get("cities", 0))
        out["param"].update(part.get("param", {}))
        out["tags"] += part.get("tags", [])
        out["prod"].update(part.get("prod", {}))
    return out


def _cases() -> list[tuple[str, bool, dict[str, Any]]]:
    """Per requirement of a card: the edge and a step beyond, the others met."""
    facts = _facts()
    out: list[tuple[str, bool, dict[str, Any]]] = []
    if not facts:
        return out
    for cid, rec in _records("cards").items():
        if rec.get("deck") != "project":
            continue
        reqs = facts[rec["number"]]["requirements"]
        for i, req in enumerate(reqs):
            others = [_met(r) for j, r in enumerate(reqs) if j != i]
            out.append((cid, True, _merge(others + [_met(req)])))
            out.append((cid, False, _merge(others + [_met(req, _beyond(req))])))
    return out


@pytest.mark.parametrize(("cid", "ok", "where"), _cases(),
                         ids=lambda x: x if isinstance(x, str) else None)
def test_requirement_edges(cid, ok, where):
    """Playable at the edge of its requirement (with every other cost met), not a step
    beyond (a tag requirement: one tag fewer)."""
    rec = _records("cards")[cid]
    game = new(2, ("corporate_era",) if rec.get("module") else (), probes=True)
    me = game.pending()["player"]
    ocean_spaces = [sid for sid, sp in rules()["records"]["spaces"].items()
                    if sp["type"] == "ocean"]

    def change(s: dict[str, Any]) -> None:
        pl = s["players"][me]
        pl["hand"] = [cid]
        pl["stock"].update(megacredits=80, plants=8)
        pl["prod"].update(energy=6, megacredits=5, plants=2, heat=2, steel=1, titanium=1)
        for other in s["players"]:
            other["prod"].update(plants=max(other["prod"]["plants"], 1),
                                 heat=max(other["prod"]["heat"], 2))
        s["params"].update(where["param"])
        for sid in ocean_spaces[:where["param"].get("oceans", 0)]:
            s["board"][sid] = {"tile": "ocean", "owner": None, "card": None}
        pl["tableau"] = where["tags"]
        pl["prod"].update(where["prod"])
        # Own greenery tiles (Ecological Zone), on land spaces of the middle row.
        for sid in ["s22", "s26", "s37"][:where["greeneries"]]:
            s["board"][sid] = {"tile": "greenery", "owner": me, "card": None}
        # City tiles in play, another player's (Rad-Suits), on land spaces apart.
        for sid in ["s19", "s53"][:where["cities"]]:
            s["board"][sid] = {"tile": "city", "owner": 1 - me, "card": None}
    edit(game, change)
    assert ({"act": "play", "card": cid} in game.legal_actions()) == ok


def _box(icons: list[Any]) -> dict[str, int] | None:
    """A production box of the facts' render icons as {resource: steps} (a red-bordered
    step on any player as ``resource@any``), or None when it is not a list of steps
    (a choice, a count per tag)."""
    out: dict[str, int] = {}
    sign = 1
    for icon in icons:
        if icon in ("minus", "plus"):
            sign = -1 if icon == "minus" else 1
            continue
        m = re.fullmatch(r"(\w+)\((-?\d+)(?:,(all|digit))?\)", str(icon))
        if m is None:
            return None
        res, n, scope = m.group(1), abs(int(m.group(2))), m.group(3)
        out[res + ("@any" if scope == "all" else "")] = sign * n
    return out


def _written(box: str) -> dict[str, int] | None:
    out: dict[str, int] = {}
    for part in box.split("; "):
        m = re.fullmatch(r"(gain|lose) (\d+) (\w+) production( from any player)?", part)
        if m is None:
            return None
        out[m.group(3) + ("@any" if m.group(4) else "")] = \
            int(m.group(2)) * (1 if m.group(1) == "gain" else -1)
    return out


def test_production_boxes_match_the_facts():
    """Robotic Workforce copies a building card's production box: the cards with a
    `production` field are exactly the project cards with a building tag and a
    production box among their render icons, and each box's steps are the icons'."""
    facts = _facts()
    texts: dict[str, str] = {}
    for path in sorted((ROOT / "rules_data" / "terraforming_mars" / "cards").glob("*.yaml")):
        for rec in yaml.safe_load(path.read_text())["records"]:
            if rec.get("production"):
                texts[rec["number"]] = rec["production"]
    boxed = {n: [i["production"] for i in (f.get("render") or {}).get("icons") or []
                 if isinstance(i, dict) and "production" in i]
             for n, f in facts.items() if f["type"] != "corporation" and "building" in f["tags"]}
    assert set(texts) == {n for n, b in boxed.items() if b}
    names = {"megacredits", "steel", "titanium", "plants", "energy", "heat"}
    checked = 0
    for number, text in texts.items():
        want = _box(boxed[number][0])
        if want is None or not set(k.split("@")[0] for k in want) <= names:
            continue
        assert _written(text) == want, number
        checked += 1
    assert checked >= 40
