"""A scenario failure speaks the scenario's own language (YAML: true, false, null, a
whole number, a text), and reports only the mistakes a scenario made, not the values that
follow from them.

The scenario is Love Letter's Baron (classic rules, "Card: Baron"): the player who plays
it holds a Guard (1), the other player a Prince (5), so the player who plays it is out of
the round and the other one is not.
"""

from __future__ import annotations

from pathlib import Path

from compiler.scenario import run_file

BARON = """scenario: "Baron: the lower card is out of the round"
source: {doc: love-letter-rules, section: "Card: Baron"}
game: love_letter
players: 3
seed: 1
play_until: play
given:
  aside: [princess]
  deck: [guard, guard, guard, guard, priest, priest, baron, handmaid, prince, king, countess]
  players.@0.hand: [guard, baron]
  players.@1.hand: [prince]
  players.@2.hand: [handmaid]
when:
  - {card: baron}
  - {target: '@1'}
then:
  players.@0.out: true
  players.@1.out: false
"""


def failures(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "baron.yaml"
    path.write_text(text, "utf-8")
    return [f"{f.code}: {f.message}" for f in run_file(path, "baron.yaml").failures]


def test_the_scenario_as_written_passes(tmp_path: Path) -> None:
    assert failures(tmp_path, BARON) == []


def test_a_value_that_differs_is_said_in_yaml(tmp_path: Path) -> None:
    """``false``, not Python's ``False``; a list as ``[a, b]``."""
    text = BARON.replace("players.@1.out: false", "players.@1.out: 3\n"
                         "  players.@0.discards: [guard]")
    assert failures(tmp_path, text) == [
        "T007: players.@1.out: is false, expected 3",
        "T007: players.@0.discards: is ['baron', 'guard'], expected ['guard']"]


def test_a_given_of_the_wrong_type_names_the_types_in_yaml_words(tmp_path: Path) -> None:
    text = BARON.replace("  players.@2.hand: [handmaid]\n",
                         "  players.@2.hand: [handmaid]\n  players.@2.out: 1\n")
    assert failures(tmp_path, text) == [
        "T004: players.@2.out: 1 is a whole number, but the value here is true or false "
        "(false)"]


def test_a_given_that_could_not_be_set_leaves_the_values_uncompared(tmp_path: Path) -> None:
    """A misspelt card in hand is reported (T004); the game then played without it, so
    its values (the Guard is not discarded) are not reported as a second mistake."""
    text = BARON.replace("players.@0.hand: [guard, baron]", "players.@0.hand: [gaurd, baron]")
    text += "  players.@0.discards: [baron, guard]\n"
    out = failures(tmp_path, text)
    assert len(out) == 1 and out[0].startswith("T004: players.@0.hand: 'gaurd'"), out
    assert "did you mean 'guard'" in out[0]


def test_a_setup_the_rules_refuse_says_how_to_fix_it(tmp_path: Path) -> None:
    """Love Letter is for 2-4 players (classic rules, "Contents"): 7 is refused (T002),
    with a hint that names where the allowed counts are written."""
    path = tmp_path / "seven.yaml"
    path.write_text(BARON.replace("players: 3", "players: 7"), "utf-8")
    [failure] = run_file(path, "seven.yaml").failures
    assert failure.code == "T002" and "for 2-4 players, not 7" in failure.message
    assert "game.yaml `players`" in failure.hint


def test_a_misspelt_key_of_a_map_of_ids_is_refused(tmp_path: Path) -> None:
    """Terraforming Mars's resources are a map by resource id (the rulebook's "Risorse":
    M€, acciaio, titanio, piante...): a `given` key that is no resource would add an entry
    no rule reads, and a `then` reading it back would pass whatever the game did."""
    path = tmp_path / "stock.yaml"
    path.write_text("""scenario: "a misspelt resource"
game: terraforming_mars
players: 2
seed: 1
given:
  players.@0.stock.megacredit: 100
  players.@0.stock.plants: 3
then:
  players.@0.stock.megacredit: 100
  players.@0.stock.plants: 3
""", "utf-8")
    found = [f"{f.code}: {f.message}" for f in run_file(path, "stock.yaml").failures]
    assert found[0] == ("T004: players.@0.stock.megacredit: 'megacredit' is not an id of "
                        "resources (did you mean 'megacredits'?)")
    assert len(found) == 2 and found[1].startswith("T008: players.@0.stock.megacredit")


def test_a_refused_step_names_the_option_meant(tmp_path: Path) -> None:
    """A step one value away from an option says which one was meant: "Convertire il
    calore in temperatura" (Azione 7) is the conversion `heat_to_temperature`, the
    standard project "Asteroide" (Azione 2) is `asteroid`."""
    found = []
    for step in ("{act: convert, id: heat}", "{act: project, id: asteroids}"):
        path = tmp_path / "heat.yaml"
        path.write_text(f"""scenario: "heat 8: temperature +1 step"
game: terraforming_mars
players: 2
seed: 3
given:
  players.@0.stock.heat: 9
when:
  - {step}
then:
  players.@0.stock.heat: 1
""", "utf-8")
        [failure] = run_file(path, "heat.yaml").failures
        assert failure.code == "T005"
        found.append(failure.message.split("; ")[-1])
    assert found == ['did you mean {"act": "convert", "id": "heat_to_temperature"}?',
                     'did you mean {"act": "project", "id": "asteroid"}?']
