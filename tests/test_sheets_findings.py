"""Findings of the sheets-as-pictures QA, on the checked-in pages
(``generated/<game>/sheets/*.html``, kept equal to the data by ``rulesc build --check``).

The expected words come from the rulebooks (``shared/sources``): Pampero's Clear Skies
"Investor Tendencies" ("the reward ... is $10 plus $10 for each venture capital tile",
the objective "The sum of all your income markers must be $30 or more"), the base summary
("Pay $30 per tile at the end"), never from the output.
"""

from __future__ import annotations

import html as htmllib
import re
from functools import cache
from pathlib import Path

import pytest

from compiler.sheets.speak import Speaker

ROOT = Path(__file__).resolve().parents[1]
SHEETS = ("reference", "designer", "cards", "modules", "quick")


@cache
def page(game: str, name: str) -> str:
    """A checked-in sheet as plain text (tags out, entities decoded, spaces single)."""
    raw = (ROOT / "generated" / game / "sheets" / name).read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", " ", htmllib.unescape(raw).replace("\xa0", " "))
    return re.sub(r"\s+", " ", text)


# ---- 1. money is "$30", as the rulebooks write it ---------------------------------------

@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("aid", SHEETS)
def test_pampero_money_symbol_goes_before_the_number(aid, lang):
    raw = (ROOT / "generated" / "pampero" / "sheets" / f"{aid}.{lang}.html").read_text(
        encoding="utf-8")
    text = htmllib.unescape(raw).replace("\xa0", " ")
    assert not re.search(r"\d \$", text), re.search(r".{40}\d \$.{20}", text)
    assert "$30" in page("pampero", f"reference.{lang}.html")   # "Pay $30 per tile"


@pytest.mark.parametrize("lang, words", [
    ("en", "pay the price of your Innovations price track space plus the "
           "spaces of the discs behind it"),
    ("it", "paga il prezzo della casella di tracciato prezzi Innovazioni")])
def test_pampero_an_amount_in_words_reads_as_the_rulebook(lang, words):
    """Project Verne, Innovations and Freelancers: "each player must pay the cost of the
    space their action marker disc is in PLUS the cost of the spaces of any action marker
    discs behind": the amount alone, money never a noun ("pay $ equal to ...", "... it
    $")."""
    text = page("pampero", f"modules.{lang}.html")
    assert words in text
    assert "$ equal to" not in text and "$ pari a" not in text


@pytest.mark.parametrize("lang, reward", [
    ("en", "Gain $10 and gain $10 per your venture capital tile."),
    ("it", "Guadagna $10 e guadagna $10 per ogni tua tessera capitale di rischio.")])
def test_pampero_objective_reward_reads_as_the_rulebook(lang, reward):
    """Clear Skies, Investor Tendencies: "$10 plus $10 for each venture capital tile"."""
    assert reward in page("pampero", f"reference.{lang}.html")


def test_symbol_first_is_the_records_not_the_games():
    """A record without ``symbol_first`` keeps its order ("4 M€"); one with it, in any
    game, goes first; a negative keeps its sign in front."""
    ir = {"game": {"language": "en"}, "records": {"resources": {
        "money": {"name": {"en": "$"}, "symbol_first": True},
        "plants": {"name": {"en": "plants"}, "name_one": {"en": "plant"}}}},
        "texts": {}, "flow": {}}
    sp = Speaker(ir, "en")
    arg = {"n": ("30", 30), "m": ("-2", -2), "r": ("$", None), "p": ("plants", None)}
    said = sp.fill("gain {n} {r}, lose {m} {r}, gain 2 {r}, gain {n} {p}",
                   lambda name, form, art: arg[name])
    assert said == "gain $30, lose -$2, gain $2, gain 30 plants"
    arg["k"] = ("the price of your space", None)
    assert sp.fill("pay {k} {r}", lambda name, form, art: arg[name]) == \
        "pay the price of your space"
    assert "guadagna 4 M€" in page("terraforming_mars", "cards.it.html")


# ---- 2. a comparison said alone takes its verb when its subject is a phrase --------------

@pytest.mark.parametrize("lang, cell", [
    ("it", "La somma dei tuoi segnalini reddito è almeno 30"),
    ("it", "Il più basso dei tuoi segnalini reddito è almeno 5"),
    ("it", "Le tue colonne piene di contratti sono almeno 2"),
    ("en", "The sum of your income markers is at least 30"),
    ("en", "The lowest of your income markers is at least 5")])
def test_pampero_objective_conditions_have_their_verb(lang, cell):
    """Clear Skies objectives: "The sum of all your income markers must be $30 or more",
    "Have all your income markers on $5 income or more"."""
    assert cell in page("pampero", f"reference.{lang}.html")


def test_no_italian_condition_lacks_its_verb():
    """No cell reads "<article> ... almeno N" without "è"/"sono" before "almeno"; a label
    (a record's name, a bare phrase) stays one: "NT almeno 35", the requirement
    "produzione di titanio almeno 1"."""
    for game in ("pampero", "terraforming_mars", "love_letter"):
        raw = (ROOT / "generated" / game / "sheets" / "reference.it.html").read_text("utf-8")
        for cell in re.findall(r"<td>([^<]*)</td>", htmllib.unescape(raw)):
            m = re.match(r"(?i)(il|lo|la|l'|i|gli|le|tuoi|tue) .* (almeno|al massimo) ", cell)
            assert not m or re.search(r" (è|sono) (almeno|al massimo) ", cell), cell
    tm = page("terraforming_mars", "reference.it.html")
    assert "NT almeno 35" in tm
    assert "produzione di titanio almeno 1" in page("terraforming_mars", "cards.it.html")


# ---- 3. nested forms do not stack colons -----------------------------------------------

@pytest.mark.parametrize("lang, step", [
    ("it", "Rimborso agli investitori (ogni giocatore): paga $30 per ogni tessera di "
           "capitale di rischio."),
    ("en", "Investors paid back (each player): pay $30 for each venture capital tile.")])
def test_a_named_each_player_step_has_one_colon(lang, step):
    """Base summary, "Basic action effects": "Pay $30 per tile at the end"."""
    assert step in page("pampero", f"reference.{lang}.html")


@pytest.mark.parametrize("game", ["pampero", "terraforming_mars", "love_letter"])
@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("aid", SHEETS)
def test_no_stacked_colons_in_rule_text(game, aid, lang):
    """"X: ogni giocatore: paga", "per ogni B: scegli una: ..." after a colon, "se A: se
    B: ..." and "dopo il conteggio:" after a name are said with one colon."""
    text = page(game, f"{aid}.{lang}.html")
    for bad in (r": (ogni giocatore|each player): ",
                r": (per ogni|for each) [^:.]*: (scegli|choose|puoi|you may)",
                r": (se|if) [^:.]*: (se|if) [^:.]*: ",
                r": (dopo il conteggio|once scored): ",
                r": (per giocatore|per player|comune|shared): ",
                r"(Premio|Reward): (A|At) \d+: "):
        assert not re.search(bad, text), re.search(".{60}" + bad + ".{20}", text)


def test_for_each_after_a_trigger_takes_a_comma():
    """Terraforming Mars card #073, Mars University: "when you play a science tag,
    including this, you may discard a card from hand to draw a card" (one comma, one
    colon after the trigger)."""
    assert ("per ogni indicatore scienza della carta giocata, puoi scartare una carta dalla "
            "mano per pescarne una") in page("terraforming_mars", "cards.it.html")


# ---- 4. a placeholder says it stands in for a text the rulebook does not give ---------

def _placeholders(game: str) -> list[tuple[str, str]]:
    """(kind, id) of every record of ``game`` whose data marks it a ``placeholder``."""
    from compiler.load import load_rules

    docs, _ = load_rules(ROOT / "rules_data" / game, ROOT)
    out = []
    for doc in docs:
        data = doc.data if isinstance(doc.data, dict) else {}
        out += [(str(data.get("kind")), str(r["id"])) for r in data.get("records") or []
                if isinstance(r, dict) and isinstance(r.get("placeholder"), str)]
    return out


@pytest.mark.parametrize("lang, words", [
    ("it", "Testo della regola non presente nel regolamento (provvisorio)"),
    ("en", "Rule text not in the rulebook (stand-in)")])
@pytest.mark.parametrize("aid", ["reference", "cards"])
def test_every_shown_placeholder_says_it_is_one(aid, lang, words):
    """Pampero's summary and expansion rulebooks leave these texts out (the data's
    ``placeholder`` reasons, W010): each one a player's page shows carries the line, with
    the provisional mark."""
    raw = (ROOT / "generated" / "pampero" / "sheets" / f"{aid}.{lang}.html").read_text(
        encoding="utf-8")
    shown = 0
    if aid == "cards":   # proxies carry no ids: count them against the lines
        assert raw.count(f'<p class="stand">{words}<sup class="pmark">*</sup>') == \
            raw.count('class="stand"') > 0
        return
    for kind, rid in _placeholders("pampero"):
        at = raw.find(f'id="{kind}-{rid}"')
        if at < 0:
            continue   # a nameless placeholder: not on a player's page
        shown += 1
        entry = raw[at:raw.find(' id="', at + 5)]
        assert words in entry and 'class="pmark"' in entry[entry.find(words):], (kind, rid)
    assert shown >= 10


def test_records_with_their_rulebook_text_say_nothing_of_the_kind():
    assert "stand-in" not in page("terraforming_mars", "reference.en.html")
    assert "stand-in" not in page("love_letter", "cards.en.html")


# ---- 5, 6. the layout: lists under their headings, no forced page breaks -----------------

def _list_boxes(game: str, name: str) -> list[tuple[int, str, str, float, float]]:
    """(page, section id, "h2" or "li", top, bottom) of the list sections' headings and
    items, as WeasyPrint lays out the checked-in page, in document order."""
    weasyprint = pytest.importorskip("weasyprint")
    raw = (ROOT / "generated" / game / "sheets" / name).read_text(encoding="utf-8")
    doc = weasyprint.HTML(string=raw).render()
    out: list[tuple[int, str, str, float, float]] = []

    def walk(box, page: int, sec: str) -> None:
        el = getattr(box, "element", None)
        tag = getattr(box, "element_tag", "")
        if tag == "section" and el is not None and "list" in (el.get("class") or "").split():
            sec = el.get("id") or ""
        if sec and tag in ("h2", "li") and type(box).__name__ == "BlockBox":
            out.append((page, sec, tag, box.position_y, box.position_y + box.height))
            return
        for child in getattr(box, "children", None) or []:
            walk(child, page, sec)

    for i, pg in enumerate(doc.pages):
        walk(pg._page_box, i + 1, "")
    return out


@pytest.mark.parametrize("lang", ["it", "en"])
def test_list_items_stay_under_their_heading(lang):
    """Pampero's "Scoring sections" and "Decks and displays" lists: every item lies below
    its own heading and above the next list's heading (two-column lists used to run on
    beside the following heading)."""
    boxes = _list_boxes("pampero", f"reference.{lang}.html")
    heads = {(p, s): (top, bottom) for p, s, tag, top, bottom in boxes if tag == "h2"}
    order = [s for _, s, tag, _, _ in boxes if tag == "h2"]
    assert len(order) >= 3
    for page, sec, tag, top, bottom in boxes:
        if tag != "li":
            continue
        if (page, sec) in heads:
            assert top >= heads[(page, sec)][1] - 0.5, (sec, page)
        later = order[order.index(sec) + 1:] if sec in order else []
        if later and (page, later[0]) in heads:
            assert bottom <= heads[(page, later[0])][0] + 0.5, (sec, later[0], page)


@pytest.mark.parametrize("game", ["pampero", "terraforming_mars"])
def test_no_section_forces_a_page_break(game):
    """A forced break before the card sections left a page nearly blank (Pampero's
    reference page 4, Terraforming Mars's last page with one corporation)."""
    for lang in ("it", "en"):
        for aid in ("reference", "designer"):
            raw = (ROOT / "generated" / game / "sheets" / f"{aid}.{lang}.html").read_text(
                encoding="utf-8")
            style = raw[:raw.index("</style>")]
            assert "break-before: page" not in style and "break-after: page" not in style


# ---- 7. the designer's notes say what the page does -----------------------------------

def test_designer_notes_are_true():
    """Pampero's records all have English names: the English designer's page says no name
    is in another language; the records with no name at all (placeholders the sources do
    not name) are shown by id, and the note of their section says so."""
    from compiler.load import load_rules

    raw = (ROOT / "generated" / "pampero" / "sheets" / "designer.en.html").read_text(
        encoding="utf-8")
    assert "not known in English" not in raw
    docs, _ = load_rules(ROOT / "rules_data" / "pampero", ROOT)
    nameless = [(str(d.data.get("kind")), str(r["id"])) for d in docs
                if isinstance(d.data, dict) for r in d.data.get("records") or []
                if isinstance(r, dict) and not r.get("name")]
    checked = 0
    for kind, rid in nameless:
        at = raw.find(f'id="{kind}-{rid}"')
        if at < 0:
            continue
        section = raw.rfind("<section", 0, at)
        assert "Items with no name in the sources are shown by their id." in \
            raw[section:at], (kind, rid)
        checked += 1
    assert checked > 0
    it = (ROOT / "generated" / "pampero" / "sheets" / "designer.it.html").read_text("utf-8")
    assert "Gli elementi senza nome nelle fonti sono indicati con il loro id." in it


@pytest.mark.parametrize("game, name", [("terraforming_mars", "reference.it.html"),
                                        ("terraforming_mars", "reference.en.html"),
                                        ("pampero", "reference.en.html")])
def test_no_page_is_nearly_blank(game, name):
    """Terraforming Mars's reference ended on a page with one corporation (the 13
    corporations are one short list, now kept whole), Pampero's had a page cut short
    before its action cards: every page's text reaches past a fifth of its height."""
    weasyprint = pytest.importorskip("weasyprint")
    raw = (ROOT / "generated" / game / "sheets" / name).read_text(encoding="utf-8")
    doc = weasyprint.HTML(string=raw).render()

    def lowest(box) -> float:
        own = box.position_y + box.height if type(box).__name__ == "TextBox" and \
            box.text.strip() and not box.text.strip().endswith(f"/ {len(doc.pages)}") \
            else 0.0
        return max([own] + [lowest(c) for c in getattr(box, "children", None) or []])

    for i, pg in enumerate(doc.pages):
        filled = lowest(pg._page_box) / pg.height
        assert filled > 0.2, (name, i + 1, round(filled, 2))
