"""Every card and corporation of Terraforming Mars in play: seeded random games with all
the modules a player count allows (``--modules all``: Corporate Era, the standard
corporations, the draft; solo for one player), and the coverage report's count of the
cards and corporations encoded.

The games run on the shipped engine (``generated/terraforming_mars``). Their players are
random but keen: at an action they play a card when they can (4 times in 5), otherwise
any option, so that cards with hard requirements (Anti-Gravity Technology: 7 science
tags) come into play too. Each game ends with the invariants of tests/tm_helpers.py (the
game's warnings included: a requirement that failed in the middle of an effect is one)
and the scores the spine promises. ``TM_ALL_CARDS_GAMES`` changes the number of games
(500 by default, spread over up to 4 worker processes); the test prints the time, the
games per second and how often every card and corporation was played.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import pytest

import generated.terraforming_mars as tm
from compiler.cli import main
from compiler.cli.selection import choose
from compiler.runtime import Game
from tests.conftest import ROOT
from tests.tm_helpers import invariants

GAMES = int(os.environ.get("TM_ALL_CARDS_GAMES", "500"))
FACTS = ROOT.parent / "shared" / "data" / "terraforming_mars" / "cards.json"


class KeenPolicy:
    """A seeded random player that plays a card, when it can, ``keen`` of the time."""

    def __init__(self, seed: int, keen: float = 0.8) -> None:
        self.rng = random.Random(seed)
        self.keen = keen

    def choose(self, game: Game) -> Any:
        options = game.state["pending"]["options"]
        plays = [o for o in options if isinstance(o, dict) and o.get("act") == "play"]
        if plays and self.rng.random() < self.keen:
            return self.rng.choice(plays)
        return self.rng.choice(options)


def modules(players: int) -> tuple[str, ...]:
    """``--modules all`` for this player count."""
    return tuple(choose(tm.RULES, "all", players).modules)


def _terraformed(game: Game) -> bool:
    return all(game.state["params"][p] == par["max"]
               for p, par in game.rules["records"]["parameters"].items())


def test_every_card_and_corporation_is_played():
    records = tm.RULES["records"]
    cards = sorted(c for c, r in records["cards"].items() if r.get("deck") == "project")
    corporations = sorted(c for c, r in records["corporations"].items() if not r.get("beginner"))
    played: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    started, cpu = time.perf_counter(), 0.0
    workers = max(1, min(4, os.cpu_count() or 1))
    chunks = [list(range(w, GAMES, workers)) for w in range(workers)]
    with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
        for got_played, got_kept, seconds in pool.map(_games, chunks):
            played.update(got_played)
            kept.update(got_kept)
            cpu += seconds
    elapsed = time.perf_counter() - started
    print(f"\n{GAMES} games in {elapsed:.0f} s on {workers} worker(s) "
          f"({GAMES / elapsed:.2f} games/s; {cpu:.0f} s of CPU, {GAMES / cpu:.2f} games "
          "per CPU second)")
    print("cards played (times, in games of 1-5 players):")
    for c in sorted(cards, key=lambda c: (played[c], records["cards"][c]["number"])):
        print(f"  {records['cards'][c]['number']} {c}: {played[c]}")
    print("corporations kept:")
    for c in sorted(corporations, key=lambda c: kept[c]):
        print(f"  {records['corporations'][c]['number']} {c}: {kept[c]}")
    print(f"least played card: {min(played[c] for c in cards)}; "
          f"least kept corporation: {min(kept[c] for c in corporations)}")
    assert [c for c in cards if not played[c]] == []
    assert [c for c in corporations if not kept[c]] == []


def _games(seeds: list[int]) -> tuple[Counter[str], Counter[str], float]:
    """Play the games of ``seeds`` (in a worker process), each checked at its end; the
    cards played, the corporations kept and the CPU seconds taken."""
    played: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    cpu = time.process_time()
    for seed in seeds:
        players = 1 + seed % 5
        mods = modules(players)
        assert "corporate_era" in mods and "standard_corporations" in mods, mods
        game = tm.new_game(players, mods, seed)
        result = _play(game, seed)
        invariants(game)
        assert game.is_over and game.pending() is None
        assert len(result["players"]) == players
        for row in result["players"]:
            assert row["total"] == sum(row["breakdown"].values())
        if players == 1:
            assert result["rounds"] <= 14
            assert result["winner"] == ([0] if _terraformed(game) else [])
        else:
            assert _terraformed(game)
        for pl in game.state["players"]:
            played.update(pl["tableau"] + pl["events"])
            kept.update(pl["corporation"])
    return played, kept, time.process_time() - cpu


def _play(game: Game, seed: int) -> dict[str, Any]:
    policy = KeenPolicy(seed)
    while not game.is_over:
        game.apply(policy.choose(game))
    return game.scores()


@pytest.mark.skipif(not FACTS.is_file(), reason="the facts are not here")
def test_coverage_counts_the_cards_and_corporations(capsys):
    """``rulesc coverage`` lists the facts' sections the data cites: one per card and
    corporation ("cards.json #NNN", "cards.json RNN"); every card and corporation of
    the facts that has a record is encoded."""
    facts = json.loads(FACTS.read_text())["cards"]
    records = tm.RULES["records"]
    numbers = {r["number"] for r in records["cards"].values() if r.get("deck") == "project"} \
        | {r["number"] for r in records["corporations"].values()}
    encoded = [f["card_number"] for f in facts if f["card_number"] in numbers]
    assert main(["coverage", "terraforming_mars", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    doc = report["sections"]["documents"]["tm-facts"]
    beginner = {r["number"] for r in records["corporations"].values() if r.get("beginner")}
    assert sorted(set(encoded) - _cited_numbers()) == sorted(beginner)  # cites the rulebook
    if doc.get("declared") is not None:
        assert doc["declared"] == len(facts)
        assert doc["encoded"] == len(encoded)
    # the printed components (game.yaml, modules.yaml): the facts' cards, encoded ones
    assert report["components"]["printed"] == len(facts)
    assert report["components"]["encoded"] == len(numbers)  # Heather: "088", facts "88"
    print(f"\ncards and corporations encoded: {len(encoded)} of {len(facts)}")


def _cited_numbers() -> set[str]:
    """The card numbers the records' ``source`` cites ("cards.json #142 (...)", "cards.json
    R08")."""
    out = set()
    records = tm.RULES["records"]
    for kind in ("cards", "corporations"):
        for rec in records[kind].values():
            section = (rec.get("source") or {}).get("section") or ""
            for part in section.split(";"):
                words = part.strip().split()
                if len(words) >= 2 and words[0] == "cards.json":
                    out.add(words[1].lstrip("#"))
    return out
