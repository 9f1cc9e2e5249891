"""The tutorial game of docs/dsl.md ("A new game from scratch"), the first game a new user
writes, gets a readable rule sheet and ``explain`` text, although its flow.yaml names no
round and its scoring line has no name: "at the end of round 3" (``end: {max_rounds:
3}``), the scoring line named by the record of its id ("Points"), and the Market's
trigger (``on: played ...``, ``effect: gain 1 coins``) in ``explain``."""

from __future__ import annotations

import re
from pathlib import Path

from compiler.pipeline import compile_game
from compiler.sheets import explain, page
from tests.core.test_tutorial import _tutorial_files


def _tutorial(tmp_path: Path) -> dict:
    for name, body in _tutorial_files().items():
        (tmp_path / name).write_text(body, "utf-8")
    comp = compile_game(tmp_path, tmp_path)
    assert [d.format() for d in comp.diagnostics] == []
    return comp.ir


def _text(html: str) -> str:
    body = re.sub(r"<style.*?</style>", "", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


def test_the_sheet_names_the_round_limit_and_the_scoring_line(tmp_path: Path) -> None:
    ir = _tutorial(tmp_path)
    for aid in ("reference", "quick"):
        html = page(ir, aid, "en").decode("utf-8")
        text = _text(html)
        assert "at the end of round 3." in text, aid
        assert "<b></b>" not in html and "<li>: " not in html, aid
        assert re.search(r"<b>Points</b>: 1 per point", html), aid
        # `for each you in players where ...`: one player at a time, not "the players"
        assert "for each the players" not in text and "for each player who" in text


def test_the_italian_frame_names_the_round_too(tmp_path: Path) -> None:
    """Italian ("round", as Love Letter's Italian names it): "alla fine del round 3"."""
    ir = _tutorial(tmp_path)
    assert "alla fine del round 3." in _text(page(ir, "reference", "it").decode("utf-8"))


def test_explain_shows_a_cards_trigger(tmp_path: Path) -> None:
    """The Market's trigger in the tutorial's words: its event named as a clause ("a card
    is bought") and its filter a word of the game ("you bought it"), no arrow or field."""
    ir = _tutorial(tmp_path)
    lines = explain.lines(ir, "cards", "market", "en")
    assert "triggers: When a card is bought, if you bought it: gain 1 coin." in \
        [line.strip() for line in lines], lines


def _flow_text(ir: dict, lang: str) -> str:
    return _text(page(ir, "reference", lang).decode("utf-8"))


def test_the_flow_names_state_entries_and_loop_items(tmp_path: Path) -> None:
    """The tutorial's flow reads as a rule: its state entries by their `name` (docs/dsl.md's
    state.yaml), a yes/no entry of each player as what a player is, a loop's item as
    "player" (it once read "While any of not p → passed, for each p: ...")."""
    text = _flow_text(_tutorial(tmp_path), "en")
    assert "Shuffle the deck." in text
    assert "add the first of the deck to your hand and remove the first of the deck " \
        "from the deck" in text
    assert "Each player: you are no longer done for the round." in text
    assert "While at least one player is not done for the round, for each player who " \
        "is not done for the round: buy a card or pass." in text
    assert "→" not in text and " p " not in text and "any of" not in text


def test_the_flow_in_italian_and_without_names(tmp_path: Path) -> None:
    """With Italian names the same flow reads in Italian ("il mazzo", "la tua mano",
    "almeno un giocatore"); an entry the data does not name is said by its id, with
    spaces for "_", never as code."""
    files = _tutorial_files()
    files["game.yaml"] = files["game.yaml"].replace("languages: [en]", "languages: [en, it]")
    files["state.yaml"] = files["state.yaml"].replace(
        "{en: deck}", "{en: deck, it: mazzo}").replace(
        "{en: hand}", "{en: hand, it: mano}, gender: {it: f}").replace(
        "{en: done for the round}", "{en: done for the round, it: fuori dal round}")
    for name, body in files.items():
        (tmp_path / name).write_text(body, "utf-8")
    text = _flow_text(compile_game(tmp_path, tmp_path).ir, "it")
    assert "Mescola il mazzo." in text
    assert "aggiungi il primo di il mazzo" not in text and \
        "aggiungi il primo del mazzo alla tua mano" in text
    assert "Ogni giocatore: non sei più fuori dal round." in text
    assert "Finché almeno un giocatore non è fuori dal round, per ogni giocatore che " \
        "non è fuori dal round: compra una carta o passa." not in text   # en def text
    assert "Finché almeno un giocatore non è fuori dal round, per ogni giocatore che " \
        "non è fuori dal round:" in text
    bare = tmp_path / "bare"
    bare.mkdir()
    files["state.yaml"] = re.sub(r", name: \{[^}]*\}", "", files["state.yaml"])
    for name, body in files.items():
        (bare / name).write_text(body, "utf-8")
    text = _flow_text(compile_game(bare, bare).ir, "en")
    assert "for each player who is not passed: buy a card or pass." in text


def test_a_game_without_cards_says_so_on_its_card_sheet(tmp_path: Path) -> None:
    """The tutorial's game.yaml lays out no section as cards: its card proxies page says
    there is nothing to print, never a blank page."""
    from compiler.sheets.words import WORDS

    html = page(_tutorial(tmp_path), "cards", "en").decode("utf-8")
    assert WORDS["en"]["no_cards"] in _text(html) and "proxy" not in _text(html)


def _market_filtered_by_field(tmp_path: Path, words: str = "", lang: str = "en") -> list[str]:
    """The Market's trigger written with the event's field (``event.by == you``), as
    docs/dsl.md says it may be, with ``words`` added to the event's record."""
    files = _tutorial_files()
    files["cards.yaml"] = files["cards.yaml"].replace(
        "played where you bought it", "played where event.by == you")
    files["events.yaml"] = files["events.yaml"].replace(
        "fields: {card: cards, by: player}", "fields: {card: cards, by: player}" + words)
    for name, body in files.items():
        (tmp_path / name).write_text(body, "utf-8")
    comp = compile_game(tmp_path, tmp_path)
    assert [d.format() for d in comp.diagnostics] == []
    return [line.strip() for line in explain.lines(comp.ir, "cards", "market", lang)]


def test_an_events_field_reads_by_the_events_words(tmp_path: Path) -> None:
    """An event's field said by the words its record gives (docs/data-format.md, Events):
    "if the player who bought it is you", never the code ("the event → by")."""
    lines = _market_filtered_by_field(
        tmp_path, ", words: {by: {en: the player who bought it}}")
    assert "triggers: When a card is bought, if the player who bought it is you: gain 1 " \
        "coin." in lines, lines


def test_an_events_field_without_words_reads_as_plain_words(tmp_path: Path) -> None:
    """QA finding F3: with no words, ``event.by == you`` reads as a reader would say it,
    "if it is by you" (a field named by a preposition says it), never "the event → by"
    nor "its by is you"."""
    lines = _market_filtered_by_field(tmp_path)
    assert "triggers: When a card is bought, if it is by you: gain 1 coin." in lines, lines
    assert not any("→" in line or "the event" in line or "its by" in line
                   for line in lines), lines
    (tmp_path / "it").mkdir()
    italian = _market_filtered_by_field(tmp_path / "it", lang="it")   # the core's words
    assert any(", se è opera tua: " in line for line in italian), italian


def test_an_events_role_field_without_words_reads_as_your_role(tmp_path: Path) -> None:
    """A player field that is no preposition (``buyer``) says you in that role: "if you
    are its buyer" (docs/sheets.md, "Events")."""
    files = _tutorial_files()
    files["cards.yaml"] = files["cards.yaml"].replace(
        "played where you bought it", "played where event.buyer == you")
    files["events.yaml"] = files["events.yaml"].replace("by: player}", "buyer: player}")
    files["definitions.yaml"] = files["definitions.yaml"].replace(
        "by: you}", "buyer: you}").replace('value: "event.by == you"',
                                            'value: "event.buyer == you"')
    for name, body in files.items():
        (tmp_path / name).write_text(body, "utf-8")
    comp = compile_game(tmp_path, tmp_path)
    assert [d.format() for d in comp.diagnostics] == []
    lines = [line.strip() for line in explain.lines(comp.ir, "cards", "market", "en")]
    assert "triggers: When a card is bought, if you are its buyer: gain 1 coin." in lines, \
        lines


def test_a_field_hole_names_a_parameter_or_is_r044(tmp_path: Path) -> None:
    """``{c.effect}`` (the field of the record a parameter names, docs/sheets.md) is a
    hole of parameter ``c``: checked as one, R044 when the parameter is misspelt."""
    for hole, codes in (("{c.effect}", []), ("{d.effect}", ["R044"])):
        files = _tutorial_files()
        files["definitions.yaml"] = files["definitions.yaml"].replace(
            'text: {en: "buy {c}"}', 'text: {en: "buy {c}[ (' + hole + ')]"}')
        assert hole in files["definitions.yaml"]
        folder = tmp_path / hole[1]
        folder.mkdir()
        for name, body in files.items():
            (folder / name).write_text(body, "utf-8")
        comp = compile_game(folder, folder)
        assert [d.code for d in comp.diagnostics] == codes, hole
