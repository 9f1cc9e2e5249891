"""Every Terraforming Mars card and corporation (221 printed) has a scenario of its own:
its id is named in the ``given``, ``when`` or ``source`` of some scenario in
``tests/scenarios/terraforming_mars`` (a hand, a tableau, a card played, a corporation
kept, or the facts' card number cited as ``#NNN``/``RNN``). The rules-data records are
read as YAML, so the test needs neither a build nor the facts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml

from tests.conftest import ROOT

TM = ROOT / "rules_data" / "terraforming_mars"
SCENARIOS = ROOT / "tests" / "scenarios" / "terraforming_mars"
FIELDS = ("given", "when", "source")


def _records() -> dict[str, str]:
    """Card and corporation ids to their printed numbers ("001", "R08")."""
    files = [*sorted((TM / "cards").glob("*.yaml")), TM / "corporations.yaml"]
    return {r["id"]: str(r["number"])
            for f in files for r in yaml.safe_load(f.read_text())["records"]}


def _strings(node: Any) -> Iterator[str]:
    """Every key and string value under ``node``, depth first."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)
    elif isinstance(node, str):
        yield node


def _named(ids: dict[str, str]) -> set[str]:
    """The ids the scenarios' ``given``, ``when`` and ``source`` name."""
    by_number = {number: cid for cid, number in ids.items()}
    seen: set[str] = set()
    for path in SCENARIOS.rglob("*.yaml"):
        doc = yaml.safe_load(path.read_text())
        if not isinstance(doc, dict) or "scenario" not in doc:
            continue
        for text in _strings([doc.get(f) for f in FIELDS]):
            seen.update(w for w in re.findall(r"[a-z0-9_]+", text) if w in ids)
            seen.update(by_number[n] for n in re.findall(r"#\s*(R?\d+)", text) if n in by_number)
    return seen


def test_every_card_and_corporation_has_a_scenario():
    ids = _records()
    assert len(ids) == 221
    missing = sorted(set(ids) - _named(ids) - {"beginner_corporation"})
    assert missing == [], f"no scenario names {missing}"


def test_the_beginner_corporation_is_the_default_setup():
    # Every player starts with it unless a module deals corporations: its scenario
    # (corporations/beginner_corporation.yaml) names it in `then` only.
    text = (SCENARIOS / "corporations" / "beginner_corporation.yaml").read_text()
    assert "players.0.corporation: [beginner_corporation]" in text
