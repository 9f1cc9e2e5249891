"""Pampero: seeded random games to the end, with invariants checked after every action.

Mix: the base game alone (1-4 players), each module alone (with what it requires), and
all compatible modules together (``rulesc play --modules all``). Invariants: the energy
track stays in 0-14; no stock or supply below zero (money only at the final payments);
shared supplies are conserved (CO2 40, H2 barrels 20, nature reserves 5, electrical
poles 21, batteries); every player's pieces are conserved; no site holds two structures
or two bulldozers; the money ledger adds up to the money. How fast the games run is
measured in benchmarks/, not here.
"""

from __future__ import annotations

from typing import Any

import pytest

from compiler.runtime import Game, RandomPolicy, RulesError, compose
from generated.pampero import RULES
from tests.conftest import ROOT

RECORDS = RULES["records"]
MODULES = list(RECORDS["modules"])
SUPPLIES = {"co2": 40, "barrels": 20, "nature_reserve": 5, "electrical_pole": 21}


def _with_requirements(mid: str) -> list[str]:
    out: list[str] = []
    for req in RECORDS["modules"][mid].get("requires") or []:
        out += _with_requirements(req)
    return out + [mid]


def all_compatible(players: int) -> list[str]:
    chosen: list[str] = []
    for mid in MODULES:
        try:
            compose(RULES, chosen + [mid], players)
        except RulesError:
            continue
        chosen.append(mid)
    return chosen


def invariants(game: Game) -> None:
    st, records = game.state, game.rules["records"]
    for p, pl in enumerate(st["players"]):
        assert 0 <= pl["stock"]["energy"] <= 14, (p, pl["stock"]["energy"])
        for res, n in pl["stock"].items():
            assert n >= 0 or (res == "money" and st["over"]), (p, res, n)
        assert sum(pl["ledger"].values()) == pl["stock"]["money"], (p, pl["ledger"])
    for rid, n in st["supply"].items():
        assert n >= 0, (rid, n)
    for rid, rec in records["resources"].items():
        if rec.get("supply") is not None:
            held = sum(pl["stock"][rid] for pl in st["players"])
            assert held + st["supply"][rid] == rec["supply"], rid
    _pieces(game)
    for rid, total in SUPPLIES.items():
        if rid in records["resources"]:
            assert sum(pl["stock"][rid] for pl in st["players"]) + st["supply"][rid] == total
        if rid in records["pieces"]:
            on_board = sum(1 for pcs in st["places"].values() for pc in pcs if pc["piece"] == rid)
            assert on_board + st["supply"][rid] == total, rid


def _pieces(game: Game) -> None:
    st, records = game.state, game.rules["records"]
    pieces, spaces = records["pieces"], records["spaces"]
    for sid, pcs in st["places"].items():
        structures = [pc for pc in pcs if pieces[pc["piece"]].get("structure")]
        owners = {pc["owner"] for pc in structures}
        assert len(structures) <= 1 or (len(owners) == 1 and
                                        {pc["piece"] for pc in structures} == {"wind_farm"}), sid
        movers = [pc for pc in pcs if pieces[pc["piece"]].get("mover")]
        assert len(movers) <= 1 or spaces[sid].get("capacity") == 0, sid
    for p, pl in enumerate(st["players"]):
        for pid, rec in pieces.items():
            if rec.get("per_player") is not None:
                placed = sum(1 for pcs in st["places"].values() for pc in pcs
                             if pc["piece"] == pid and pc["owner"] == p)
                assert placed + pl["pieces"][pid] == rec["per_player"], (p, pid)


def play(players: int, modules: list[str], seed: int) -> dict[str, Any]:
    game = Game.new(RULES, players=players, modules=modules, seed=seed)
    invariants(game)
    result = RandomPolicy(seed).play(game, after=invariants)
    assert game.is_over
    for row in result["players"]:
        assert row["total"] == sum(row["breakdown"].values())
        assert row["total"] == game.state["players"][row["player"]]["stock"]["money"]
    return result


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_base_games_end_with_invariants(players: int) -> None:
    for seed in range(3):
        play(players, [], seed)


@pytest.mark.parametrize("mid", MODULES)
def test_each_module_alone(mid: str) -> None:
    mods = _with_requirements(mid)
    for seed in range(2):
        players = 2 + seed % 3
        try:
            compose(RULES, mods, players)
        except RulesError:
            players = 3
        play(players, mods, seed)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_all_compatible_modules_together(players: int) -> None:
    play(players, all_compatible(players), players)


def test_rulesc_play_all_modules_ends(capsys: pytest.CaptureFixture[str]) -> None:
    from compiler.cli import main

    assert main(["play", "pampero", "--players", "3", "--modules", "all", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "winner" in out and "Pampero: 3 player(s)" in out
    assert ROOT.joinpath("generated", "pampero", "rules.py").is_file()
