"""Phrase tables for the generated rule text, one per language, keyed by stable ids.

No game vocabulary lives here (resource, tile, tag... names come from the rules data); only
the sentence frames around them. A value is a ``str.format`` template, or a dict of forms:
``{"one", "many"}`` (chosen by a number) or ``{"bare", "one", "num"}`` (a count: bare plural,
singular after "per", and with a number / comparison ``{n}``). Italian terms follow the
rulebook (NT, PV, M€, tessera, produzione, generazione, obiettivo, ricompensa).
"""

from __future__ import annotations

from typing import Any

Table = dict[str, Any]

IT: Table = {
    # -- effect statements
    "gain": "Guadagna {q} {res}",
    "gain_production": "+{q} produzione di {res}",
    "pay": "Paga {q} {res}",
    "spend": "Spendi {q} {res}",
    "lose_production": "-{q} produzione di {res}",
    "lose_from_any": "Rimuovi fino a {q} {res} a un giocatore qualsiasi",
    "lose_production_from_any": "Riduci di {q} la produzione di {res} di un giocatore qualsiasi",
    "raise_parameter": {"one": "Aumenta {name} di {steps} tacca",
                        "many": "Aumenta {name} di {steps} tacche"},
    "raise_track": "+{steps} {name}",
    "place": "Piazza una tessera {tile}",
    "on_reserved": " su una casella riservata alle tessere {tile}",
    "on_unreserved": " su una casella non riservata alle tessere {tiles}",
    "on_type": " su una casella di tipo «{type}»",
    "on_space": " sulla casella {space}",
    "draw": {"one": "Pesca {n} carta", "many": "Pesca {n} carte"},
    "add_this": "Aggiungi {q} {res} a questa carta",
    "add_any": "Aggiungi {q} {res} a una carta qualsiasi",
    "add_another": "Aggiungi {q} {res} a un'altra carta",
    "remove_this": "Rimuovi {q} {res} da questa carta",
    "remove_any": "Rimuovi {q} {res} da una carta qualsiasi",
    "remove_another": "Rimuovi {q} {res} da un'altra carta",
    "choose": "Scegli una: {options}",
    "choose_sep": ", oppure ",
    "move_all": "Tutte le risorse {src} diventano {dst}",
    "produce": "Ricevi risorse pari alla tua produzione di: {list}",
    "sell": "Scarta carte dalla mano: guadagna {n} {res} per carta",
    "up_to": "fino a {n}",
    "and": " e ",
    "or": " o ",
    "list_sep": ", ",
    # -- per / counts
    "per_one": "per ogni {one}",
    "per_many": "ogni {every} {bare}",
    "tag_count": {"bare": "indicatori {tag}", "one": "indicatore {tag}",
                  "num": "{n} indicatori {tag}", "num_one": "{n} indicatore {tag}"},
    "production_of": {"bare": "produzione di {res}", "one": "livello di produzione di {res}",
                      "num": "produzione di {res} {n}"},
    "tile_count": {"bare": "tessere {tile} possedute", "one": "tessera {tile} posseduta",
                   "num": "{n} tessere {tile} possedute",
                   "num_one": "{n} tessera {tile} posseduta"},
    "tile_anywhere": {"bare": "tessere {tile} sul tabellone", "one": "tessera {tile} sul tabellone",
                      "num": "{n} tessere {tile} sul tabellone"},
    "tiles_next_to_this": {"bare": "tessere {tile} adiacenti", "one": "tessera {tile} adiacente",
                           "num": "{n} tessere {tile} adiacenti"},
    "tiles_next_to_tiles": {"bare": "tessere {tile} adiacenti alle tue tessere {other}",
                            "one": "tessera {tile} adiacente a una tua tessera {other}",
                            "num": "{n} tessere {tile} adiacenti alle tue tessere {other}"},
    "resources_here": {"bare": "risorse su questa carta", "one": "risorsa su questa carta",
                       "num": "{n} risorse su questa carta"},
    "resources_here_named": {"bare": "{res} su questa carta",
                             "one": "risorsa {res} su questa carta",
                             "num": "{n} {res} su questa carta"},
    "hand_size": {"bare": "carte in mano", "one": "carta in mano", "num": "{n} carte in mano",
                  "num_one": "{n} carta in mano"},
    "value_parameter": {"bare": "{name}", "one": "unità di {name}", "num": "{name} {n}"},
    "value_track": {"bare": "{name}", "one": "{name}", "num": "{name} {n}"},
    "value_resource": {"bare": "{name}", "one": "unità di {name}", "num": "{n} {name}"},
    # -- conditions, amounts, triggers
    "cmp_>=": "almeno {v}", "cmp_<=": "al massimo {v}", "cmp_>": "più di {v}",
    "cmp_<": "meno di {v}", "cmp_==": "esattamente {v}", "cmp_!=": "diverso da {v}",
    "sum_cmp": "{terms} in totale {cmp}",
    "plus": " + ",
    "vp": "{n} PV",
    "on_place_you": "Quando piazzi una tessera {tile}",
    "on_place_anyone": "Quando un giocatore qualsiasi piazza una tessera {tile}",
    "on_play_tag_you": "Quando giochi una carta con indicatore {tag}",
    "on_play_tag_anyone": "Quando un giocatore qualsiasi gioca una carta con indicatore {tag}",
    "on_raise_you": "Quando aumenti {name}",
    "on_raise_anyone": "Quando un giocatore qualsiasi aumenta {name}",
    "trigger_line": "{on}: {effect}",
    "action_line": "{cost} → {effect}",
    "unit_tiles": {"one": "tessera", "many": "tessere"},
    "art": "una", "art_vowel": "una",
}

EN: Table = {
    "gain": "Gain {q} {res}",
    "gain_production": "+{q} {res} production",
    "pay": "Pay {q} {res}",
    "spend": "Spend {q} {res}",
    "lose_production": "-{q} {res} production",
    "lose_from_any": "Remove up to {q} {res} from any player",
    "lose_production_from_any": "Decrease any player's {res} production by {q}",
    "raise_parameter": {"one": "Raise {name} {steps} step", "many": "Raise {name} {steps} steps"},
    "raise_track": "+{steps} {name}",
    "place": "Place {art} {tile} tile",
    "on_reserved": " on a space reserved for {tile} tiles",
    "on_unreserved": " on a space not reserved for {tiles} tiles",
    "on_type": " on a «{type}» space",
    "on_space": " on the {space} space",
    "draw": {"one": "Draw {n} card", "many": "Draw {n} cards"},
    "add_this": "Add {q} {res} to this card",
    "add_any": "Add {q} {res} to any card",
    "add_another": "Add {q} {res} to another card",
    "remove_this": "Remove {q} {res} from this card",
    "remove_any": "Remove {q} {res} from any card",
    "remove_another": "Remove {q} {res} from another card",
    "choose": "Choose one: {options}",
    "choose_sep": ", or ",
    "move_all": "All {src} becomes {dst}",
    "produce": "Gain resources equal to your production of: {list}",
    "sell": "Discard cards from hand: gain {n} {res} per card",
    "up_to": "up to {n}",
    "and": " and ",
    "or": " or ",
    "list_sep": ", ",
    "per_one": "per {one}",
    "per_many": "per {every} {bare}",
    "tag_count": {"bare": "{tag} tags", "one": "{tag} tag", "num": "{n} {tag} tags"},
    "production_of": {"bare": "{res} production", "one": "step of {res} production",
                      "num": "{res} production {n}"},
    "tile_count": {"bare": "{tile} tiles you own", "one": "{tile} tile you own",
                   "num": "{n} {tile} tiles you own"},
    "tile_anywhere": {"bare": "{tile} tiles on the board", "one": "{tile} tile on the board",
                      "num": "{n} {tile} tiles on the board"},
    "tiles_next_to_this": {"bare": "adjacent {tile} tiles", "one": "adjacent {tile} tile",
                           "num": "{n} adjacent {tile} tiles"},
    "tiles_next_to_tiles": {"bare": "{tile} tiles next to your {other} tiles",
                            "one": "{tile} tile next to one of your {other} tiles",
                            "num": "{n} {tile} tiles next to your {other} tiles"},
    "resources_here": {"bare": "resources on this card", "one": "resource on this card",
                       "num": "{n} resources on this card"},
    "resources_here_named": {"bare": "{res} on this card", "one": "{res} resource on this card",
                             "num": "{n} {res} on this card"},
    "hand_size": {"bare": "cards in hand", "one": "card in hand", "num": "{n} cards in hand"},
    "value_parameter": {"bare": "{name}", "one": "unit of {name}", "num": "{name} {n}"},
    "value_track": {"bare": "{name}", "one": "{name}", "num": "{name} {n}"},
    "value_resource": {"bare": "{name}", "one": "unit of {name}", "num": "{n} {name}"},
    "cmp_>=": "{v} or more", "cmp_<=": "{v} or less", "cmp_>": "more than {v}",
    "cmp_<": "less than {v}", "cmp_==": "exactly {v}", "cmp_!=": "other than {v}",
    "sum_cmp": "{terms} totalling {cmp}",
    "plus": " + ",
    "vp": "{n} VP",
    "on_place_you": "When you place {art} {tile} tile",
    "on_place_anyone": "When any player places {art} {tile} tile",
    "on_play_tag_you": "When you play {art} {tag} tag",
    "on_play_tag_anyone": "When any player plays {art} {tag} tag",
    "on_raise_you": "When you raise {name}",
    "on_raise_anyone": "When any player raises {name}",
    "trigger_line": "{on}: {effect}",
    "action_line": "{cost} → {effect}",
    "unit_tiles": {"one": "tile", "many": "tiles"},
    "art": "a", "art_vowel": "an",
}

TABLES: dict[str, Table] = {"it": IT, "en": EN}


_MERGED: dict[str, Table] = {}


def table(lang: str) -> Table:
    """The phrase table of ``lang`` (sheet labels merged in); English when unknown."""
    if lang not in _MERGED:
        from compiler.sheets.labels import LABELS

        code = lang if lang in TABLES else "en"
        _MERGED[lang] = {**LABELS[code], **TABLES[code]}
    return _MERGED[lang]


def phrase(lang: str, key: str, *, n: Any = None, form: str | None = None,
           **kw: Any) -> str:
    """Format phrase ``key`` in ``lang``; ``n`` picks one/many, ``form`` a count form."""
    entry = table(lang)[key]
    if isinstance(entry, dict):
        pick = form or ("one" if n == 1 else "many")
        entry = entry[pick]
    if n is not None:
        kw.setdefault("n", n)
    return str(entry).format(**kw)


def has(lang: str, key: str) -> bool:
    """True when ``lang``'s table has phrase ``key``."""
    return key in table(lang)


def has_form(lang: str, key: str, form: str) -> bool:
    """True when phrase ``key`` is a dict of forms with ``form`` among them."""
    entry = table(lang).get(key)
    return isinstance(entry, dict) and form in entry
