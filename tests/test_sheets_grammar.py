"""Italian grammar of the sheets' frame: articles by gender, number and first letters,
prepositions joined to articles, and the round's name with its article."""

from __future__ import annotations

import pytest

from compiler.sheets.grammar import (
    guess_gender,
    italian_article,
    italian_indefinite,
    join_articles,
    plural,
    round_forms,
)


@pytest.mark.parametrize("word, gender, many, article", [
    ("round", "m", False, "il "), ("spazio", "m", False, "lo "), ("anno", "m", False, "l'"),
    ("generazione", "f", False, "la "), ("azione", "f", False, "l'"),
    ("oceani", "m", True, "gli "), ("tessere", "f", True, "le "), ("turni", "m", True, "i "),
    ("zaini", "m", True, "gli "),
])
def test_definite_article(word, gender, many, article):
    assert italian_article(word, gender, many) == article


@pytest.mark.parametrize("word, gender, article", [
    ("anno", "m", "un "), ("spazio", "m", "uno "), ("torre", "f", "una "),
    ("azione", "f", "un'"), ("tessera", "f", "una "),
])
def test_indefinite_article(word, gender, article):
    assert italian_indefinite(word, gender) == article   # never "una anno", "un torre"


@pytest.mark.parametrize("name, forms", [
    ("anno", ("un anno", "l'anno", "dell'anno", "dall'anno")),
    ("generazione", ("una generazione", "la generazione", "della generazione",
                     "dalla generazione")),
    ("round", ("un round", "il round", "del round", "dal round")),
])
def test_round_forms(name, forms):
    got = round_forms("it", name)
    assert (got["a"], got["the"], got["of_the"], got["from_the"]) == forms


def test_gender_given_by_the_data_wins_over_the_guess():
    assert guess_gender("mano") == "m" and round_forms("it", "mano", "f")["a"] == "una mano"


@pytest.mark.parametrize("text, joined", [
    ("da 0 a il numero di giocatori", "da 0 al numero di giocatori"),
    ("alla fine di l'anno", "alla fine dell'anno"), ("in la zona A", "nella zona A"),
    ("su i tracciati", "sui tracciati"), ("a gli altri", "agli altri"),
    ("la carta di Marte", "la carta di Marte"),
])
def test_prepositions_join_their_articles(text, joined):
    assert join_articles(text) == joined


def test_plural_categories():
    assert [plural("it", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert plural("en", "x") == "other"
