"""The effect DSL: parsing rulebook effects into syntax trees, and syntax errors."""

from __future__ import annotations

import pytest

from compiler.diagnostics import Span
from compiler.dsl import nodes as n
from compiler.dsl import parse
from compiler.dsl.lower import lower

ORIGIN = Span("rules_data/x.yaml", 7, 14)


def ok(kind: str, text: str):
    node, diags = parse(kind, text, ORIGIN)
    assert diags == [], diags
    return node


def test_production_phase_rule_parses_in_rulebook_order():
    # Fase 4: Produzione -- energy becomes heat, then M€ = M€ production + TR, then the rest.
    eff = ok("effect", "move all energy to heat; gain 1 megacredits per tr; "
                       "produce megacredits, steel, titanium, plants, energy, heat")
    move, income, produce = eff.stmts
    assert move == n.MoveAll(7, 14, "energy", "heat")
    text = "move all energy to heat; gain 1 megacredits per tr"
    assert income.qty.per.count == n.ValueOf(7, 14 + text.index(" tr") + 1, "tr")
    assert produce.resources == ("megacredits", "steel", "titanium", "plants", "energy", "heat")


def test_standard_project_city_effect():
    # Azione 2: Città -- place a city tile and raise M€ production by 1.
    eff = ok("effect", "place city; gain 1 megacredits production")
    assert isinstance(eff.stmts[0], n.Place) and eff.stmts[0].tile == "city"
    gain = eff.stmts[1]
    assert (gain.resource, gain.production, gain.qty.n) == ("megacredits", True, 1)


def test_at_most_requirement_and_tag_requirement():
    cond = ok("condition", "oxygen <= 5 and tag science >= 2")
    first, second = cond.parts
    assert (first.compare, first.right) == ("<=", 5)
    assert second.left.terms == (n.TagCount(7, 14 + len("oxygen <= 5 and "), "science"),)


def test_negative_temperature_requirement():
    cond = ok("condition", "temperature <= -12")
    assert cond.parts[0].right == -12


def test_choice_up_to_and_any_player():
    eff = ok("effect", "choose (gain 2 plants | add 2 microbe to another card); "
                       "lose up to 3 plants from any player")
    choose, lose = eff.stmts
    assert len(choose.options) == 2
    assert lose.qty.up_to and lose.from_any and lose.qty.n == 3


def test_vp_amounts_and_award_measure():
    assert ok("amount", "1 per 2 resource here").per.every == 2
    assert isinstance(ok("amount", "1 per tile ocean next to this").per.count, n.TilesNextToThis)
    assert [t.name for t in ok("measure", "steel + titanium").terms] == ["steel", "titanium"]


def test_trigger():
    trig = ok("trigger", "on place ocean by anyone")
    assert (trig.event, trig.name, trig.who) == ("place", "ocean", "anyone")


def test_positions_are_file_positions():
    eff = ok("effect", "gain 2 plants; raise oxygen 1")
    assert (eff.stmts[1].line, eff.stmts[1].col) == (7, 14 + len("gain 2 plants; "))


@pytest.mark.parametrize("text, offset, fragment", [
    ("gain plants", 5, "unexpected 'plants'"),
    ("gain 2 plants;", 14, "ends too early"),
    ("gain 2 plants $", 14, "unexpected character '$'"),
])
def test_syntax_errors_point_at_the_problem(text, offset, fragment):
    node, diags = parse("effect", text, ORIGIN)
    assert node is None and len(diags) == 1
    d = diags[0]
    assert d.code == "D001" and fragment in d.message
    assert (d.span.line, d.span.col) == (7, 14 + offset)


def test_overlong_text_is_refused_before_parsing():
    node, diags = parse("effect", "gain 1 plants; " * 10000, ORIGIN)
    assert node is None and diags[0].code == "D002"


def test_lowering_keeps_positions_and_plain_data():
    eff = ok("effect", "gain 1 heat production")
    ir = lower(eff, "rules_data/x.yaml")
    stmt = ir["stmts"][0]
    assert stmt["op"] == "gain" and stmt["production"] is True
    assert stmt["at"] == "rules_data/x.yaml:7:14"
