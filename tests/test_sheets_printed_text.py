"""The printed sheets as checked in (``generated/<game>/sheets/*.html``), read as a player
reads them: the rule text is Italian (and English) a reader would write, each fact once,
no column that is empty on every row, and a note wherever a name is left untranslated.

The expected words come from the rulebooks (``shared/sources``) and the card facts
(``shared/data``), not from the output; ``rulesc build --check`` (tests/test_build.py)
keeps these files equal to what the data compiles to.
"""

from __future__ import annotations

import html as htmllib
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTE_IT = "Alcuni nomi non sono noti in italiano: sono in inglese."


@cache
def page(game: str, name: str) -> str:
    """A checked-in sheet as text: tags kept, entities decoded, no-break spaces plain."""
    raw = (ROOT / "generated" / game / "sheets" / name).read_text(encoding="utf-8")
    return htmllib.unescape(raw).replace("\xa0", " ")


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)).strip()


# ---- 1. Italian grammar of the phrases ----------------------------------------------------

@pytest.mark.parametrize("name", ["reference.it.html", "cards.it.html", "designer.it.html",
                                  "modules.it.html", "quick.it.html"])
def test_pampero_may_takes_an_infinitive(name):
    """"may (build electrical_pole on the same line)" (Cardal Transmission Project: "you
    may build an electrical pole on the same line") reads "puoi costruire", never the
    imperative after "puoi"."""
    text = page("pampero", name)
    assert not re.search(r"\b[Pp]uoi (costruisci|paga|guadagna|scegli|avanza|prendi)\b",
                         text), re.findall(r"[Pp]uoi \w+ \w+", text)


@pytest.mark.parametrize("game", ["pampero", "terraforming_mars", "love_letter"])
def test_every_puoi_is_followed_by_an_infinitive(game):
    """Whatever effect follows "puoi" on any Italian page is in the infinitive (a
    definition used after "puoi {e:inf}" without a ``text_inf`` would show here)."""
    for name in ("reference.it.html", "designer.it.html", "cards.it.html",
                 "modules.it.html", "quick.it.html"):
        verbs = re.findall(r"\b[Pp]uoi (\w+)", page(game, name))
        wrong = [v for v in verbs if not re.search(r"(re|r[lm][aeio]|rne|rci)$", v)]
        assert not wrong, (name, wrong)


def test_pampero_may_infinitive_on_the_cards():
    text = page("pampero", "cards.it.html")
    assert "Costruisci un palo elettrico. Puoi costruire un palo elettrico sulla stessa " \
           "linea." in text
    ref = page("pampero", "reference.it.html")
    # a company tile: "you may pay 2 energy to take one battery"
    assert "Puoi pagare 2 energia e guadagnare 1 batteria." in ref
    # English keeps "you may" + the bare verb
    assert "You may build an electrical pole on the same connection line." in \
        page("pampero", "cards.en.html")


def test_pampero_per_each_of_your_items():
    """"gain $10 per venture capital tile you hold": "per ogni tua tessera", never
    "per ogni i tuoi tessere"."""
    ref = page("pampero", "reference.it.html")
    assert "per ogni tua tessera capitale di rischio" in ref
    assert "per ogni tua carta mercato Argentina" in page("pampero", "designer.it.html")
    for text in (ref, page("pampero", "designer.it.html")):
        assert not re.search(r"per ogni (i|le) (tuoi|tue)\b", text)


def test_pampero_counts_of_your_pieces_agree():
    """Objective "Have 2 or more transformers on each sector B1 and B2" (Clear Skies,
    Objective Cards Explained) and "7 wind farms on the board": the noun is plural after
    the number and the possessive takes no article there."""
    ref = page("pampero", "reference.it.html")
    assert "Almeno 2 tuoi trasformatori in settore B1 e almeno 2 tuoi trasformatori in " \
           "settore B2" in ref
    assert "almeno 7 tuoi parchi eolici sul tabellone" in ref.lower()
    assert "almeno 5 tue torri elettriche in zona a" in ref.lower()
    for text in (ref, page("pampero", "designer.it.html")):
        assert not re.search(r"\d+ (i|le) (tuoi|tue)\b", text)
        assert "tuoi parco eolico" not in text and "tuoi trasformatore " not in text
    en = page("pampero", "reference.en.html")
    assert "At least 2 of your transformers in sector B1" in en
    assert "at least 7 of your wind farms on the board" in en.lower()


def test_pampero_pieces_take_their_gender():
    """An electrical tower is feminine: "una torre elettrica", never "un torre"."""
    for name in ("reference.it.html", "designer.it.html", "cards.it.html"):
        text = page("pampero", name)
        assert "un torre" not in text and "un tuo torre" not in text


# ---- 2. a comparison in a clause has its verb ---------------------------------------------

def test_credicor_condition_reads_with_its_verb():
    """CrediCor (shared/data setup.json, R08): after paying for a card or standard project
    costing at least 20 M€, gain 4 M€."""
    it = page("terraforming_mars", "cards.it.html")
    assert "se l'hai giocata tu e il suo costo stampato è almeno 20: guadagna 4 M€." in it
    assert "costo stampato almeno 20" not in it
    en = page("terraforming_mars", "cards.en.html")
    assert "printed cost is at least 20" in en


# ---- 3. step names start with a capital letter --------------------------------------------

def test_step_names_start_with_a_capital():
    ref = page("pampero", "reference.it.html")
    assert "<b>Denaro iniziale.</b>" in ref
    assert "<b>Fase 5: Reddito.</b>" in ref
    assert "Rimborso agli investitori (ogni giocatore): paga" in ref
    assert "<li><b>Denaro</b>:" in ref
    for game in ("pampero", "terraforming_mars", "love_letter"):
        for lang in ("it", "en"):
            for name in (f"reference.{lang}.html", f"quick.{lang}.html"):
                text = page(game, name)
                flow = text[text.index('<section id="flow">'):] if 'id="flow"' in text \
                    else text
                flow = flow[:flow.index("</section>")] if 'id="flow"' in text else flow
                names = re.findall(r"<b>(?:Fase \d+: |Phase \d+: )?([^<]+?)\.?</b>", flow)
                lower = [n for n in names if n[:1].islower()]
                assert not lower, (game, name, lower)


# ---- 4. each fact of a module once ----------------------------------------------------------

def test_investor_tendencies_scoring_is_said_once():
    """Investor Tendencies (Clear Skies): objective cards are scored as the last step of
    a scoring phase and at the end of the game; the sheet says it once, with both."""
    ref = page("pampero", "reference.it.html")
    item = ref[ref.index('<li id="module-investor_tendencies">'):]
    item = item[:item.index("</li>")]
    assert _text(item).count("conta ogni obiettivo raggiunto") == 1
    mods = page("pampero", "modules.it.html")
    sec = mods[mods.index('id="module-investor_tendencies"'):]
    sec = sec[:sec.index("</section>")]
    assert _text(sec).count("conta ogni obiettivo raggiunto") == 1
    assert "alla fine della partita" in sec


# ---- 5. a value a module changes reads as that module's ---------------------------------

def test_tr_solo_start_is_unambiguous():
    """Solo variant (Regole: "Iniziare con 14 NT"): the TR line says 14 for the solo
    game, and no longer reads as if solo started at 20."""
    for name in ("reference.it.html", "designer.it.html"):
        ref = page("terraforming_mars", name)
        line = ref[ref.index('<li id="tracks-tr">'):]
        line = _text(line[:line.index("</li>")])
        assert "Variante in solitario: inizio 14" in line, line
        assert "Variante in solitario: per giocatore: inizio 20" not in line
        assert "inizio 20" in line   # the base game's start stays
    en = page("terraforming_mars", "reference.en.html")
    line = en[en.index('<li id="tracks-tr">'):]
    assert "Solo game: start 14" in _text(line[:line.index("</li>")])


# ---- 6. the note on untranslated names ----------------------------------------------------

def test_untranslated_names_carry_the_note():
    mods = page("pampero", "modules.it.html")
    sec = mods[mods.index('id="module-companies"'):]
    sec = sec[:sec.index("</section>")]
    # the company tiles have Italian names now: no English, no note
    assert "Inizia la partita con $30 invece di $25" in sec and NOTE_IT not in sec
    # a module page that names nothing in English carries no note
    sec = mods[mods.index('id="module-investor_tendencies"'):]
    assert NOTE_IT not in sec[:sec.index("</section>")]
    cards = page("terraforming_mars", "cards.it.html")
    sheets = cards.split('<div class="sheet">')[1:]
    assert sheets and all(NOTE_IT in s for s in sheets)
    ref = page("terraforming_mars", "reference.it.html")
    sec = ref[ref.index('<section id="modules">'):]
    sec = sec[:sec.index("</section>")]
    assert "Saturn Systems" in sec and NOTE_IT in sec   # a corporation's English name
    # an English sheet shows every name in English: no note there
    assert "Some names are not known" not in page("terraforming_mars", "cards.en.html")


@pytest.mark.parametrize("game", ["pampero", "terraforming_mars"])
@pytest.mark.parametrize("aid", ["reference", "quick", "modules", "cards"])
def test_every_page_showing_an_english_name_says_so(game, aid):
    """A page that shows a record's name for want of an Italian one carries the note."""
    import yaml

    names = set()
    for path in (ROOT / "rules_data" / game).rglob("*.yaml"):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:   # kinds.yaml's type notation ("int?") is not plain YAML
            continue
        for rec in (data.get("records") or []) if isinstance(data, dict) else []:
            name = rec.get("name") if isinstance(rec, dict) else None
            if isinstance(name, dict) and "it" not in name and len(str(name.get("en"))) > 3:
                names.add(str(name["en"]))
    text = page(game, f"{aid}.it.html")
    shown = [n for n in names if f">{n}<" in text]
    assert not shown or NOTE_IT in text, shown[:5]


# ---- 7. no column empty on every row ------------------------------------------------------

def _tables(text: str) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, header cells, row cells) of every table of a page."""
    out = []
    for part in text.split("<h2>")[1:]:
        title, _, rest = part.partition("</h2>")
        head_end = rest.find("<h2>")
        rest = rest if head_end < 0 else rest[:head_end]
        if "<table>" not in rest:
            continue
        table = rest[rest.index("<table>"):rest.index("</table>")]
        head = re.findall(r"<th>(.*?)</th>", table)
        rows = [re.findall(r"<td>(.*?)</td>", r, re.S)
                for r in re.findall(r"<tr id=[^>]*>(.*?)</tr>", table, re.S)]
        out.append((title, head, rows))
    return out


@pytest.mark.parametrize("game", ["pampero", "terraforming_mars", "love_letter"])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_no_table_column_is_empty_on_every_row(game, lang):
    tables = _tables(page(game, f"reference.{lang}.html"))
    assert tables or game == "love_letter"   # Love Letter's sheet has no table
    for title, head, rows in tables:
        assert all(len(r) == len(head) for r in rows), title
        for i in range(1, len(head)):
            assert any(_text(r[i]) for r in rows), (title, head[i])


def test_pampero_tower_bonus_and_company_tables():
    tables = {t: h for t, h, _ in _tables(page("pampero", "reference.it.html"))}
    assert tables["Tessere bonus delle torri"] == ["Nome", "Effetto", "Punteggio"]
    assert tables["Tessere compagnia"] == ["Nome", "Effetto"]


# ---- 8. no English on an Italian page -----------------------------------------------------

@pytest.mark.parametrize("aid", ["reference", "quick", "modules", "cards"])
def test_pampero_italian_pages_have_no_english_names(aid):
    """Clear Skies and Project Verne name these in English; the Italian pages give them
    their Italian forms: the price markers ("1 price marker that matches the contract's
    industry": livestock, forestry, agriculture), the company tiles ("Begin the game with
    $30, instead of $25"), the Innovations and Freelancers components ("2x double-sided
    price tracks", "8x wooden action marker discs (2 per colour)") and the Private
    Industry action card."""
    text = page("pampero", f"{aid}.it.html")
    for english in ("price marker", "Begin the game", "double-sided", "wooden action marker",
                    "Private Industry specialist", "You may ignore", "scores the value",
                    "for each piece in your color", "Have 5 or more", "top row"):
        assert english not in text, (aid, english)
    assert NOTE_IT not in text   # every Pampero name has its Italian form


def test_pampero_italian_forms_of_the_clear_skies_and_verne_names():
    mods = _text(page("pampero", "modules.it.html"))
    assert "segnalino prezzo dell'allevamento" in mods
    assert "segnalino prezzo della silvicoltura" in mods
    assert "segnalino prezzo dell'agricoltura" in mods
    assert "Inizia la partita con $30 invece di $25" in mods
    assert "2 tracciati dei prezzi a due facce" in mods
    assert "8 dischi segnalino azione di legno (2 per colore)" in mods
    assert "Specialista industria privata" in page("pampero", "cards.it.html")


# ---- 9. grammar slips a new reader found --------------------------------------------------

@pytest.mark.parametrize("name", ["reference.it.html", "quick.it.html", "designer.it.html"])
def test_tm_tiles_in_the_plural_agree(name):
    """The rulebook writes "tessere Verdi" and "11 tessere speciali" (a tile's name is an
    adjective): plural tiles agree, one tile stays "tessera Verde"."""
    text = page("terraforming_mars", name)
    assert "tessere Verde" not in text and "tessere Speciale" not in text
    assert "Almeno 3 tessere Verdi possedute" in text
    # Landlord (Azione 4: "il maggior numero di tessere sul tabellone"): one count
    assert "Vince chi ha più tessere possedute in gioco" in text
    assert "1 PV per ogni tessera Verde posseduta" in text


def test_tm_a_card_in_a_modifier_takes_its_article():
    """PhoboLog: "il valore di ogni titanio aumenta di 1" when the card played has a space
    tag: "e la carta Progetto ha l'indicatore spazio", "and the project card has"."""
    assert "in più come pagamento se la risorsa è titanio e la carta Progetto ha " \
        "l'indicatore spazio" in page("terraforming_mars", "reference.it.html")
    assert "more as payment if the resource is titanium and the project card has a space tag" in \
        page("terraforming_mars", "reference.en.html")
    assert "se carta Progetto" not in page("terraforming_mars", "cards.it.html")


def test_search_for_life_vp_reads_as_the_card():
    """Search For Life: "3 VP if there is at least 1 science resource on this card"."""
    assert "PV: 3 se c'è almeno 1 risorsa su questa carta" in \
        page("terraforming_mars", "cards.it.html")
    assert "VP: 3 if there is at least 1 resource on this card" in \
        page("terraforming_mars", "cards.en.html")
    # a count compared in a clause takes its verb: "Se ci sono almeno 3 indicatori pianta"
    assert "Se ci sono almeno 3 indicatori pianta in gioco" in \
        page("terraforming_mars", "cards.it.html")


def test_pampero_price_marker_income_reads_as_collecting_a_value():
    """Private Industry: "collect the rightmost value from one of your Private Industry
    price markers", "Collect the value to both the left and the right of the price
    marker": as much money as the value, never "per ogni il valore" nor "$ equal to"."""
    cards = page("pampero", "cards.it.html")
    ref = page("pampero", "reference.it.html")
    for text in (cards, ref, page("pampero", "designer.it.html")):
        assert "per ogni il" not in text and "tuo segnalini" not in text
    assert "incassa il valore della fascia di reddito a destra del tuo segnalino " \
           "prezzo più a destra" in cards
    assert "incassa il valore della fascia di reddito a sinistra del segnalino prezzo " \
           "dell'allevamento" in page("pampero", "designer.it.html")
    assert "collect the income band value right of your rightmost price marker" in \
        page("pampero", "cards.en.html")
    for text in (cards, ref, page("pampero", "cards.en.html")):
        assert "$ equal to" not in text and "$ pari a" not in text


@pytest.mark.parametrize("lang", ["it", "en"])
def test_pampero_turn_choice_requirements_read_as_conditions(lang):
    """"Retrieve all action cards on your company mat. You need at least two there"; taking
    a battery needs one in the supply. No raw arrow, no "X almeno 2"."""
    quick, ref = page("pampero", f"quick.{lang}.html"), page("pampero", f"reference.{lang}.html")
    for text in (quick, ref):
        assert "→ batter" not in text
        assert "plancia almeno" not in text and "mat at least" not in text
    if lang == "it":
        assert "Requisito:</span> Almeno 2 carte azione sulla tua plancia<br>" in quick
        assert "<td>Almeno 1 batteria nella riserva</td>" in ref
    else:
        assert "Requirement:</span> At least 2 action cards on your company mat<br>" in quick
        assert "<td>At least 1 battery in the supply</td>" in ref


def test_pampero_tracks_take_their_article():
    ref = page("pampero", "reference.it.html")
    assert "avanza il disco del tempo di 1 casella" in ref.lower()
    assert not re.search(r"[Aa]vanza disco", ref)
    assert "Move the time disc 1 space" in page("pampero", "quick.en.html")


def test_a_short_card_list_fills_both_columns():
    """Love Letter's eight cards are balanced over the two columns of the reference,
    not stacked in the left one (``column-fill: auto`` filled the left column first)."""
    text = page("love_letter", "reference.en.html")
    assert ".cards { column-fill: balance; }" in text
    assert "column-fill: auto" not in text


@pytest.mark.parametrize("lang, guard", [("en", "Guard"), ("it", "Guardia")])
def test_love_letter_quick_reference_counts_the_cards(lang, guard):
    """The classic 16-card deck: five Guards ... one Princess; the quick reference shows
    the counts the reference shows."""
    quick = page("love_letter", f"quick.{lang}.html")
    assert f'<span class="no">× 5</span> {guard}</dt>' in quick
    assert quick.count('<span class="no">× ') == 8
