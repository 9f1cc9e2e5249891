"""Rules text that checked clean and then never held or did something else (QA qa12,
/tmp/h/qa12-findings.md): a word compared with a ``one_of`` text field that is none of
its words (S1: ``this.type == automatc`` made the card unplayable), a module change
setting a number field to a quoted number (S20: the card then cost 0), counts and seats
written out of range, records whose fields or reactions run each other for ever, and an
event no rule emits. (S9, S10, state bounds: main's tests/test_check_one_run.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.pipeline import compile_game
from tests.conftest import ROOT, TM_RULES
from tests.core.helpers import TINY, diagnostics, tiny_copy

TINY_CARDS = TINY / "cards.yaml"

CARD = """kind: cards
deck: project
source: {doc: tm-rules-it, section: "Carta Progetto"}
records:
  - id: typo_card
    number: "X21"
    name: {en: Typo Card}
    type: active
    cost: 1
    requires: %s
    triggers: [{on: %s, effect: "gain 1 plants"}]
"""


def _card(tmp_path: Path, requires: str, on: str) -> list[tuple[str, int, int, str, str]]:
    exp = tmp_path / "typo"
    exp.mkdir()
    (exp / "cards.yaml").write_text(CARD % (requires, on), "utf-8")
    comp = compile_game(exp, ROOT, base=TM_RULES)
    return [(d.code, d.span.line, d.span.col, d.message, d.hint) for d in comp.diagnostics
            if not d.code.startswith("W")]  # the base game's provisional values


def _after_comparison(text: str) -> int:
    """The column (1-based) of what follows ``== `` or ``!= `` in ``text``."""
    return text.index("= ") + 3


@pytest.mark.parametrize("requires, word, near", [
    ('"this.type == automatc"', "automatc", "automated"),
    ('"this.type == \\"automatc\\""', "automatc", "automated"),
    ('"this.type != activ"', "activ", "active"),
])
def test_a_word_no_one_of_field_can_hold_is_r003_at_the_word(
        tmp_path: Path, requires: str, word: str, near: str) -> None:
    """kinds.yaml: TM's card ``type`` is one of automated, active, event."""
    [(code, line, at, message, hint)] = _card(tmp_path, requires, '"played"')
    assert (code, line, at) == ("R003", 10, _after_comparison(f"    requires: {requires}"))
    assert f"'{word}'" in message and "automated, active, event" in message
    assert f"did you mean '{near}'?" in hint


def test_a_trigger_filter_on_a_misspelt_type_is_r003(tmp_path: Path) -> None:
    on = '"played where event.card.type == evnet"'
    [(code, line, col, message, _)] = _card(tmp_path, '"oxygen at most 5"', on)
    assert (code, line, col) == ("R003", 11, _after_comparison(f"    triggers: [{{on: {on}"))
    assert "'evnet'" in message and "never" in message


def test_the_allowed_words_still_compare(tmp_path: Path) -> None:
    assert _card(tmp_path, '"this.type == automated"',
                 '"played where event.card.type != \\"event\\""') == []


MODULE = """kind: modules
records:
  - id: cheap
    name: {en: Cheap, it: Economico}
    source: {doc: tm-rules-it, section: "Carta Progetto"}
    changes:
      - {kind: cards, id: colonizer_training_camp, set: {cost: %s}}
"""


@pytest.mark.parametrize("value, errors", [('"5"', 1), ("5", 0), ("true", 1)])
def test_a_module_change_of_the_wrong_plain_type_is_s003(tmp_path: Path, value: str,
                                                         errors: int) -> None:
    """A card's ``cost: "5"`` is S003; a module setting it so was not, and the card then
    cost 0 M€ in play."""
    exp = tmp_path / "cheap"
    exp.mkdir()
    (exp / "modules.yaml").write_text(MODULE % value, "utf-8")
    found = [d for d in compile_game(exp, ROOT, base=TM_RULES).diagnostics
             if not d.code.startswith("W")]
    assert [(d.code, d.span.line) for d in found] == [("S003", 7)] * errors
    if errors:
        assert "cost" in found[0].message and "not an integer" in found[0].message


def _mine(tmp_path: Path, effect: str = "gain 3 coins", on: str = "") -> list[tuple[str, int, int]]:
    """core_tiny (1-4 players) with the Mine's effect (and the Market's trigger) replaced;
    the diagnostics' code, line and column."""
    edits = {"cards.yaml": ('effect: "gain 3 coins"', f'effect: "{effect}"')}
    folder = tiny_copy(tmp_path, edits)
    if on:
        cards = folder / "cards.yaml"
        cards.write_text(cards.read_text("utf-8").replace(
            "played where event.by == you and event.card != this", on), "utf-8")
    return [(d.code, d.span.line, d.span.col) for d in diagnostics(folder)]


@pytest.mark.parametrize("count", ["0", "-1", "(-2)"])
def test_a_written_repeat_count_below_one_is_s004(tmp_path: Path, count: str) -> None:
    """``repeat -1: gain 1 points`` read "Repeat -1 times" and did nothing (S4)."""
    effect = f"repeat {count}: gain 1 points"
    col = len('  - {id: mine, name: {en: Mine}, cost: 2, effect: "repeat ') + 1
    assert _mine(tmp_path, effect) == [("S004", 4, col)]


@pytest.mark.parametrize("effect", ["choose 0 (gain 1 points | gain 1 coins)",
                                    "choose up to 0 (gain 1 points | gain 1 coins)"])
def test_a_written_choose_count_below_one_is_s004(tmp_path: Path, effect: str) -> None:
    """``choose 0 (...)`` took nothing, silently (S14)."""
    col = len('  - {id: mine, name: {en: Mine}, cost: 2, effect: "') + effect.index("0") + 1
    assert _mine(tmp_path, effect) == [("S004", 4, col)]


def test_a_repeat_count_of_one_or_a_computed_count_passes(tmp_path: Path) -> None:
    assert _mine(tmp_path, "repeat 1: gain 1 points; repeat count hand: gain 1 coins") == []


def test_a_written_seat_the_game_has_not_is_r046_in_a_comparison(tmp_path: Path) -> None:
    """core_tiny has at most 4 players (seats 0-3): ``event.by == 7`` never held (S12)."""
    on = "played where event.by == 7"
    line = next(i for i, text in enumerate(
        (TINY_CARDS.read_text("utf-8")).splitlines(), 1) if "event.by == you" in text)
    found = _mine(tmp_path, on=on)
    assert [(c, n) for c, n, _ in found] == [("R046", line)]


def test_a_written_seat_within_the_game_compares(tmp_path: Path) -> None:
    assert _mine(tmp_path, on="played where event.by == 3") == []


def test_a_written_seat_the_game_has_not_is_r046_when_assigned(tmp_path: Path) -> None:
    """A Love Letter copy's ``starter = 5`` failed in play, at the line that read it."""
    folder = tiny_copy(tmp_path, {"state.yaml": ("  passed: {type: bool}",
                                                 "  passed: {type: bool}\n  first: player"),
                                  "cards.yaml": ('effect: "gain 3 coins"',
                                                 'effect: "first = 4; first = 3"')})
    assert [(d.code, d.span.line) for d in diagnostics(folder)] == [("R046", 4)]


CYCLE = """kind: cards
deck: project
source: {doc: tm-rules-it, section: "Carta Progetto"}
records:
  - {id: loop_card, number: "X22", name: {en: Loop}, type: automated, cost: 0,
     production: "%s", effect: "%s"}
"""


@pytest.mark.parametrize("production, effect, errors", [
    ("do this.effect", "do this.production", 1),       # crashed: RecursionError
    ("gain 1 heat", "gain 1 plants; do this.effect", 1),  # 200000 statements, elsewhere
    ("gain 1 heat", "gain 1 plants; if plants < 9 then do this.effect", 0),
    ("gain 1 heat production", "do this.production; gain 1 plants", 0),
])
def test_effect_fields_that_run_each_other_for_ever_are_r035(
        tmp_path: Path, production: str, effect: str, errors: int) -> None:
    """QA qa12 S22: ``do this.F`` cycles with no condition on the way never end."""
    exp = tmp_path / "loop"
    exp.mkdir()
    (exp / "cards.yaml").write_text(CYCLE % (production, effect), "utf-8")
    found = [d for d in compile_game(exp, ROOT, base=TM_RULES).diagnostics
             if not d.code.startswith("W")]
    assert [(d.code, d.span.line) for d in found] == [("R035", 6)] * errors
    if errors:
        assert "loop_card" in found[0].message and "never end" in found[0].message


@pytest.mark.parametrize("players, words", [
    ("{min: 5, max: 6}", "5-6 players, but the game is for 1-4"),
    ("{min: 3, max: 2}", "max 2 is less than min 3"),
])
def test_a_record_for_player_counts_the_game_has_not_is_s003(tmp_path: Path, players: str,
                                                             words: str) -> None:
    """A Love Letter copy's King with ``players: {min: 5, max: 6}`` was never dealt."""
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        '{id: mine, name: {en: Mine},', f'{{id: mine, name: {{en: Mine}}, players: {players},')})
    found = [(d.code, d.span.line, d.message) for d in diagnostics(folder)]
    assert [(c, n) for c, n, _ in found] == [("S003", 4)]
    assert words in found[0][2] and "mine" in found[0][2]


def test_a_record_for_some_of_the_games_player_counts_passes(tmp_path: Path) -> None:
    folder = tiny_copy(tmp_path, {"cards.yaml": (
        '{id: mine, name: {en: Mine},', '{id: mine, name: {en: Mine}, players: {min: 3},')})
    assert diagnostics(folder) == []


EVENTS = """kind: events
records:
  - {id: flooded, fields: {by: player}, name: {en: a space floods, it: uno spazio si allaga}}
"""


def test_an_event_nothing_emits_is_w009_at_its_declaration(tmp_path: Path) -> None:
    """QA qa12 S5: a trigger on an expansion's own event, which no rule emits, never ran,
    and a grant lasting until it lasted for ever."""
    exp = tmp_path / "flood"
    exp.mkdir()
    (exp / "events.yaml").write_text(EVENTS, "utf-8")
    (exp / "cards.yaml").write_text(CARD % ('"oxygen at most 5"', '"flooded"'), "utf-8")
    found = [d for d in compile_game(exp, ROOT, base=TM_RULES).diagnostics
             if d.code == "W011"]
    assert [(d.span.path.endswith("flood/events.yaml"), d.span.line) for d in found] == \
        [(True, 3)]
    assert "'flooded'" in found[0].message and "1 reaction" in found[0].message
    assert found[0].severity.value == "warning"


def test_the_shipped_games_emit_every_event_they_declare() -> None:
    for game in ("love_letter", "pampero", "terraforming_mars"):
        comp = compile_game(ROOT / "rules_data" / game, ROOT)
        assert not [d for d in comp.diagnostics if d.code == "W011"], game


def test_the_word_event_compared_as_a_text_says_to_quote_it(tmp_path: Path) -> None:
    """QA qa12 S7: ``event.card.type == event`` read the event itself and said "'event' is
    a tags id (read here as {card: ...})"."""
    [(code, _, _, message, hint)] = _card(tmp_path, '"oxygen at most 5"',
                                          '"played where event.card.type == event"')
    assert code == "R003" and "'event' is the event being answered" in message
    assert 'write it in quotes: "event"' in hint


@pytest.mark.parametrize("on, errors", [
    ('"played"', 1),                                   # stopped after 1000 events
    ('"played where event.card != this"', 0),          # its own emit does not answer
])
def test_a_reaction_that_always_emits_its_own_event_is_r035(tmp_path: Path, on: str,
                                                             errors: int) -> None:
    """QA qa12 S6: ``on: played`` with ``emit played {...}`` and no filter never ends."""
    exp = tmp_path / "echo"
    exp.mkdir()
    card = CARD % ('"oxygen at most 5"', on)
    card = card.replace('effect: "gain 1 plants"}',
                        'effect: "emit played {card: this, by: you, tags: [], cost: 0}"}')
    (exp / "cards.yaml").write_text(card, "utf-8")
    found = [d for d in compile_game(exp, ROOT, base=TM_RULES).diagnostics
             if not d.code.startswith("W")]
    assert [(d.code, d.span.line) for d in found] == [("R035", 11)] * errors
    if errors:
        assert "emits played" in found[0].message


@pytest.mark.parametrize("effect", ["gain (random 0) points", "gain (3 / 0) points",
                                    "gain (count hand % 0) points"])
def test_a_written_zero_that_makes_a_value_always_0_is_s004(tmp_path: Path, effect: str) -> None:
    """QA qa12 S4, S14: ``random 0`` and a division by a written 0 always give 0."""
    assert [c for c, _, _ in _mine(tmp_path, effect)] == ["S004"]


def test_vp_per_0_resources_is_s004(tmp_path: Path) -> None:
    """``vp: "1 per 0 resource here"`` printed "1 per 0 resources on this card", scored 0."""
    exp = tmp_path / "per0"
    exp.mkdir()
    card = CARD % ('"oxygen at most 5"', '"played"')
    (exp / "cards.yaml").write_text(card + '    resource: microbe\n    vp: "1 per 0 '
                                    'resource here"\n', "utf-8")
    found = [d for d in compile_game(exp, ROOT, base=TM_RULES).diagnostics
             if not d.code.startswith("W")]
    assert [d.code for d in found] == ["S004"]
    assert "divides by 0" in found[0].message  # at the definition; the card's vp line:
    assert any(s.path.endswith("per0/cards.yaml") and s.line == 13
               for s in (found[0].span, *found[0].related))


def test_random_1_and_division_by_a_count_pass(tmp_path: Path) -> None:
    assert _mine(tmp_path, "gain (random 1) points; gain (4 / (count hand + 1)) coins") == []
