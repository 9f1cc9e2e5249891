"""Each corporation taken in the experienced players' deal (module standard_corporations,
with the Corporate Era: no starting production of 1 each) starts as the facts say
(shared/data/terraforming_mars/setup.json, from an independent implementation): its M€,
resources and production; Saturn Systems its effective production (its own Jovian tag
counts: "including this"). The M€ are read before any card is bought."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.tm_helpers import RESOURCES, edit, new, rules

SETUP = ROOT.parent / "shared" / "data" / "terraforming_mars" / "setup.json"
pytestmark = pytest.mark.skipif(not SETUP.is_file(), reason="the facts are not here")


def _cases() -> list[tuple[str, dict[str, Any]]]:
    if not SETUP.is_file():
        return []
    facts = {c["card_number"]: c for c in json.loads(SETUP.read_text())["corporations"]}
    return [(cid, facts[rec["number"]]) for cid, rec in rules()["records"]["corporations"].items()
            if rec["number"] in facts]


def test_every_dealt_corporation_has_facts():
    assert len(_cases()) == 12


@pytest.mark.parametrize(("cid", "fact"), _cases(), ids=lambda x: x if isinstance(x, str) else "")
def test_corporation_start_matches_the_facts(cid: str, fact: dict[str, Any]):
    game = new(2, ("standard_corporations", "corporate_era"))
    me = game.pending()["player"]
    other = next(c for c in rules()["records"]["corporations"]
                 if c != cid and not rules()["records"]["corporations"][c].get("beginner"))

    def offer(s: dict[str, Any]) -> None:
        s["players"][me]["corp_offer"] = [cid, other]

    edit(game, offer)
    game.apply({"corporation": cid})
    pl = game.state["players"][me]
    prod = fact.get("effective_starting_production") or fact["starting_production"]
    assert pl["prod"] == {r: prod.get(r, 0) for r in RESOURCES}, cid
    stock = {r: fact["starting_resources"].get(r, 0) for r in RESOURCES}
    stock["megacredits"] = fact["starting_megacredits"]
    assert pl["stock"] == stock, cid
