"""Requirement-edge scenarios from the facts: for every card of a number range with a
requirement, one scenario at the edge (playable) and one a step beyond (not playable).

    python tests/scenarios/terraforming_mars/requirements/generate.py 001 070 [CARDS_JSON]

The numbers come from shared/data/terraforming_mars/cards.json (the facts), never from
the engine; a card whose effect needs more than money gets its extra state in EXTRA.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
FACTS = ROOT.parent / "shared" / "data" / "terraforming_mars" / "cards.json"
STEP = {"temperature": 2, "oxygen": 1, "oceans": 1}
UNIT = {"temperature": " °C", "oxygen": " %", "oceans": " tiles"}
OCEANS = ["s04", "s06", "s07", "s13", "s28", "s32", "s33", "s34", "s43"]
SCIENCE = ["research", "search_for_life", "regolith_eaters", "natural_preserve",
           "ghg_producing_bacteria", "adaptation_technology", "lagrange_observatory"]
CORPORATE_ERA = {"research"}   # not in play in the base game
CITIES = ["s19", "s37"]        # two land spaces apart
# Cards in play with one tag of the kind (no card resource, except Fish: its animals).
TAG_CARDS = {"jovian": ["asteroid_mining"], "power": ["deep_well_heating", "nuclear_power"],
             "plant": ["adapted_lichen"], "microbe": ["archaebacteria"], "animal": ["fish"]}
EXTRA: dict[str, dict[str, Any]] = {
    "008": {"players.@0.prod.energy": 2},   # Capital: -2 energy production
    "069": {"players.@0.prod.energy": 1},   # Electro Catapult (Corporate Era: production 0)
    "072": {"players.@1.prod.plants": 2},   # Birds: -2 plant production of any player
    "122": {"players.@0.stock.plants": 1},  # Moss: -1 plant
    "135": {"players.@0.card_res": {"fish": 0}},   # Advanced Ecosystems: Fish's animals
    "146": {"players.@0.stock.plants": 2},  # Nitrophilic Moss: 2 plants spent
    "160": {"players.@0.prod.energy": 1},   # Power Supply Consortium: an energy production to lower
    "208": {"players.@0.prod.energy": 1},   # AI Central: -1 energy production
}
HEAD = "# Generated from the facts (cards.json requirements): the edge and one step beyond.\n"


def science_cards(k: int, base: bool = False) -> list[str]:
    """Cards in play with k science tags (in the base game: none of Corporate Era's)."""
    cards, have = [], 0
    for s in SCIENCE:
        if base and s in CORPORATE_ERA:
            continue
        w = 2 if s == "research" else 1
        if have + w <= k:
            cards.append(s)
            have += w
    assert have == k, k
    return cards


def cases(req: dict[str, Any],
          base: bool = False) -> list[tuple[bool, dict[str, Any], str, str]]:
    """(playable, given, the state in words, the rule in words) at the edge and beyond."""
    t, edge = req["type"], req["count"]
    out = []
    if t in STEP:
        beyond = edge + STEP[t] if req["max"] else edge - STEP[t]
        word = "at most" if req["max"] else "at least"
        for value, ok in ((edge, True), (beyond, False)):
            given: dict[str, Any] = {f"params.{t}": value}
            if t == "oceans":
                for s in OCEANS[:value]:
                    given[f"board.{s}"] = {"tile": "ocean", "owner": None, "card": None}
            out.append((ok, given, f"{t} {value}{UNIT[t]}", f"{t} {word} {edge}{UNIT[t]}"))
    elif t == "tag":
        tag = req["value"]
        for k, ok in ((edge, True), (edge - 1, False)):
            cards = science_cards(k, base) if tag == "science" else (TAG_CARDS[tag] * k)[:k]
            out.append((ok, {"players.@0.tableau": cards}, f"{k} {tag} tags in play",
                        f"at least {edge} {tag} tags"))
    elif t == "production":
        r = req["value"]
        for k, ok in ((edge, True), (edge - 1, False)):
            out.append((ok, {f"players.@0.prod.{r}": k}, f"{r} production {k}",
                        f"{r} production at least {edge}"))
    elif t == "cities" and req.get("all_players"):
        for k, ok in ((edge, True), (edge - 1, False)):
            given = {f"board.{s}": {"tile": "city", "owner": "@1", "card": None}
                     for s in CITIES[:k]}
            out.append((ok, given, f"{k} city tiles in play",
                        f"at least {edge} city tiles in play"))
    elif t == "greeneries":
        for k, ok in ((edge, True), (edge - 1, False)):
            given = {f"board.{sp}": {"tile": "greenery", "owner": "@0", "card": None}
                     for sp in ["s22", "s26", "s37"][:k]}
            out.append((ok, given, f"{k} own greenery tiles",
                        f"at least {edge} own greenery tiles"))
    else:
        raise SystemExit(f"no edge for requirement {req}")
    return out


def number(c: dict[str, Any]) -> str:
    """The card's number in three digits (the facts write Heather's "88")."""
    n = c["card_number"]
    return n.zfill(3) if n.isdigit() else n


def merged(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The givens of several requirements together (tableau lists joined)."""
    out: dict[str, Any] = {}
    for g in parts:
        for k, v in g.items():
            out[k] = out.get(k, []) + v if k == "players.@0.tableau" else v
    return out


def main(lo: str, hi: str, facts_path: Path) -> None:
    facts = json.loads(facts_path.read_text())["cards"]
    ids = {}
    for f in (ROOT / "rules_data" / "terraforming_mars" / "cards").glob("*.yaml"):
        for r in yaml.safe_load(f.read_text())["records"]:
            ids[r["number"]] = r["id"]
    n = 0
    for c in facts:
        num = number(c)
        if not (lo <= num <= hi) or not c["requirements"] or num not in ids:
            continue
        reqs = c["requirements"]
        base = c["module"] == "base"
        several = []
        for i, req in enumerate(reqs):
            # With several requirements: all at their edge, then each one a step beyond
            # (the others met).
            met = [cases(r, base)[0][1] for j, r in enumerate(reqs) if j != i]
            for ok, given, state, rule in cases(req, base):
                if len(reqs) > 1 and (ok and i > 0):
                    continue
                name_part = "" if len(reqs) == 1 or ok else f"_{req.get('value', req['type'])}"
                several.append((ok, merged(met + [given]), state, rule, name_part))
        for ok, given, state, rule, name_part in several:
            if len(reqs) > 1:
                rule = " and ".join(cases(r, base)[0][3] for r in reqs)
                state = ("every requirement at its edge" if ok
                         else f"{state} (the others met)")
            g = {"players.@0.hand": [ids[num]], "players.@0.stock.megacredits": 60}
            g.update(EXTRA.get(num, {}))
            g.update(given)
            title = (f"{c['name']} (#{num}, requirement {rule}): "
                     f"{'playable' if ok else 'not playable'} at {state}")
            doc: dict[str, Any] = {
                "scenario": title,
                "source": {"doc": "tm-facts", "section": f"cards.json #{num} requirements"},
                "game": "terraforming_mars", "players": 2, "seed": 1}
            if c["module"] == "corpera":
                doc["modules"] = ["corporate_era"]
            doc["given"] = g
            test = "contains" if ok else "lacks"
            doc["then"] = {"legal": {test: {"act": "play", "card": ids[num]}}}
            text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100,
                                  default_flow_style=None)
            name = f"{num}_{ids[num]}_{'met' if ok else 'not_met'}{name_part}.yaml"
            (HERE / name).write_text(HEAD + text)
            n += 1
    print(n, "scenarios")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], Path(sys.argv[3]) if len(sys.argv) > 3 else FACTS)
