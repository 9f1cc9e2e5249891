"""Rule text for the statements and counts of slot-row, piece-board and marker-track games
(docs/dsl.md), in Italian and English. ``register()`` adds the describers to
``compiler.sheets.text`` and the phrases to ``compiler.sheets.phrases``; named numbers
(``[name]``) show their value, marked when it is provisional.
"""

from __future__ import annotations

from typing import Any

from compiler.sheets.vocab import Names

Node = dict[str, Any]

IT = {
    "build": "Costruisci {art} {piece}{where}", "build_in": " in {area}",
    "build_line": " sulla stessa linea di connessione", "build_own": " dove hai già {other}",
    "relocate": "Muovi {q} {piece}", "advance": "Avanza {track} di {q}",
    "advance_any": "Avanza un segnalino {track} a scelta di {q}",
    "retreat": "Arretra {track} di {q}", "retreat_any": "Arretra un segnalino {track} di {q}",
    "retreat_rightmost": "Arretra di {q} il segnalino {track} più avanzato",
    "collect": "Incassa il reddito di {track}", "collect_any": "Incassa un reddito {track}",
    "collect_all": "Incassa tutti i redditi {track}", "fulfil": "Adempi un {kind}{tag}",
    "fulfil_tag": " con {tag}", "sell_to": "Vendi batterie ({channel})",
    "take": "Prendi {q} {pile}", "claim": "Scegli {q} spazi adiacenti di {board}",
    "may": "Puoi: {effect}", "retrieve_all": "Riprendi in mano tutte le carte azione",
    "retrieve_rightmost": "Riprendi in mano la carta più a destra di una fila",
    "raise_to": "Porta {name} a {count}", "provisional": " (provvisorio)",
    "count": "{text}",
}
EN = {
    "build": "Build {art} {piece}{where}", "build_in": " in {area}",
    "build_line": " on the same connection line", "build_own": " where you have {other}",
    "relocate": "Move {q} {piece}", "advance": "Advance {track} {q}",
    "advance_any": "Advance one {track} marker {q}",
    "retreat": "Move {track} back {q}", "retreat_any": "Move one {track} marker back {q}",
    "retreat_rightmost": "Move your rightmost {track} marker back {q}",
    "collect": "Collect {track}", "collect_any": "Collect one {track} marker",
    "collect_all": "Collect every {track} marker", "fulfil": "Fulfil a {kind}{tag}",
    "fulfil_tag": " with {tag}", "sell_to": "Sell batteries ({channel})",
    "take": "Take {q} {pile}", "claim": "Claim {q} adjacent spaces of the {board}",
    "may": "You may: {effect}", "retrieve_all": "Take all your action cards back",
    "retrieve_rightmost": "Take back the rightmost card of one row",
    "raise_to": "Raise {name} to {count}", "provisional": " (provisional)",
    "count": "{text}",
}
COUNTS_EN = {
    "slot_value": "the slot's {attr}", "own_pieces": "your {piece}{area}",
    "pieces_in": "your pieces in {area}", "sites_with": "sites with your {piece}",
    "own_contracts": "your {tag} contracts", "arrows_on": "arrows on your {tag} contracts",
    "own_items": "your {pile}", "lowest": "the lowest {track}", "highest": "the highest {track}",
    "worth": "the value of your {track}", "worth_behind": "{track} (yours and those behind)",
    "least_worth": "your lowest {group} value", "total_of": "{field} on your {pile}",
    "total_under": "{field} under your {piece}", "filled_columns": "completely filled columns",
    "column_values": "column values of your {tag} contracts",
    "column_of": "the column of your rightmost {tag} contract",
    "band_of": "the {side} band value of {track}", "output_of": "your {icon} production icons",
    "target_value": "its {attr}", "slotted_cards": "cards on your mat",
    "supply_of": "{name} left in the supply", "pieces_near": "your {piece} next to {other}",
    "is_most": "having the most {name}", "held_item": "{item} held",
}
COUNTS_IT = {
    "slot_value": "{attr} dello spazio", "own_pieces": "tuoi {piece}{area}",
    "pieces_in": "tuoi pezzi in {area}", "sites_with": "siti con un tuo {piece}",
    "own_contracts": "tuoi contratti {tag}", "arrows_on": "frecce sui tuoi contratti {tag}",
    "own_items": "tuoi {pile}", "lowest": "il {track} più basso", "highest": "il {track} più alto",
    "worth": "il valore del tuo {track}", "worth_behind": "{track} (tuo e di chi è dietro)",
    "least_worth": "il tuo valore {group} più basso", "total_of": "{field} sui tuoi {pile}",
    "total_under": "{field} sotto i tuoi {piece}", "filled_columns": "colonne complete",
    "column_values": "valori di colonna dei tuoi contratti {tag}",
    "column_of": "la colonna del tuo contratto {tag} più a destra",
    "band_of": "il valore di fascia ({side}) di {track}", "output_of": "tue icone {icon}",
    "target_value": "il suo valore {attr}", "slotted_cards": "carte sulla plancia",
    "supply_of": "{name} nella riserva", "pieces_near": "tuoi {piece} vicino a {other}",
    "is_most": "avere più {name}", "held_item": "{item} in tuo possesso",
}


def _table(lang: str) -> dict[str, str]:
    return IT if lang == "it" else EN


def number(value: Any, names: Names, lang: str) -> str:
    """A quantity's number: an int, or a named constant's value (marked if provisional)."""
    if isinstance(value, dict) and value.get("op") in ("named_quantity", "named_amount"):
        rec = (names.ir.get("constants") or {}).get(value.get("name")) or {}
        raw = rec.get("value")
        if isinstance(raw, dict) and "provisional" in raw:
            return f"{raw['provisional']}{_table(lang)['provisional']}"
        return str(raw if raw is not None else value.get("name"))
    return str(value)


def _name(names: Names, kind: str, ident: Any, lang: str) -> str:
    return names.of(kind, ident, lang) if ident else ""


def describe_stmt(node: Node, lang: str, names: Names, qty: Any, effect: Any) -> str:
    """The text of one statement of these games (``qty``/``effect``: text helpers)."""
    t, op = _table(lang), node["op"]
    kw = {"q": qty(node.get("qty")) if node.get("qty") else "",
          "piece": _name(names, "pieces", node.get("piece"), lang),
          "track": _name(names, "tracks", node.get("track"), lang),
          "kind": _name(names, "contract_kinds", node.get("kind"), lang),
          "pile": _name(names, "decks", node.get("pile"), lang),
          "board": _name(names, "bonus_boards", node.get("board"), lang),
          "channel": node.get("channel", ""),
          "name": _name(names, "tracks", node.get("name"), lang)}
    if op == "build":
        text = t["build"].format(art="", where=_where(node, t, names, lang), **kw)
        return text.replace("  ", " ")
    if op in ("advance", "retreat", "collect"):
        variant = "rightmost" if node.get("rightmost") else "all" if node.get("all") else \
            "any" if node.get("any") else ""
        return t[f"{op}_{variant}" if variant else op].format(**kw)
    if op == "fulfil":
        tag = t["fulfil_tag"].format(tag=node["tag"]) if node.get("tag") else ""
        return t["fulfil"].format(tag=tag, **{k: v for k, v in kw.items() if k != "tag"})
    if op == "may":
        return t["may"].format(effect=effect(node["effect"]))
    if op == "raise_to":
        count = describe_count(node["count"], lang, names)
        return t["raise_to"].format(name=kw["name"], count=count)
    return t[op].format(**kw)


def _where(node: Node, t: dict[str, str], names: Names, lang: str) -> str:
    if node.get("area"):
        return t["build_in"].format(area=names.of("areas", node["area"], lang))
    if node.get("along") == "line":
        return t["build_line"]
    if node.get("along"):
        return t["build_own"].format(other=names.of("pieces", node["along"], lang))
    return ""


def describe_count(node: Node, lang: str, names: Names) -> str:
    """The text of one count of these games."""
    table = COUNTS_IT if lang == "it" else COUNTS_EN
    kw = {k: _count_word(k, v, names, lang) for k, v in node.items() if k not in ("op", "at")}
    if node["op"] == "own_pieces":
        kw["area"] = f" ({names.of('areas', node['area'], lang)})" if node.get("area") else ""
    for key in ("piece", "other", "track", "group", "pile", "tag", "icon", "attr", "field",
                "name", "item", "side"):
        kw.setdefault(key, "")
    return table[node["op"]].format(**kw)


def _count_word(key: str, value: Any, names: Names, lang: str) -> str:
    kinds = {"piece": "pieces", "other": "pieces", "track": "tracks", "pile": "decks",
             "area": "areas"}
    if key in kinds and isinstance(value, str):
        return names.of(kinds[key], value, lang)
    return str(value) if value is not None else ""


def place_piece(node: Node, lang: str, names: Names) -> str:
    """``place P on AREA`` for a piece (setup placement, no build rules)."""
    piece = names.of("pieces", node["tile"], lang)
    where = names.of("areas", node["on"], lang) if node.get("on") in (names.ir.get("areas") or {}) \
        else (node.get("on") or "")
    if lang == "it":
        return f"Piazza un {piece}" + (f" in {where}" if where else "")
    return f"Place a {piece}" + (f" in {where}" if where else "")


STEPS_EN = {
    "deal": "Deal {what} ({to})", "random_turn_order": "Random turn order",
    "action_rounds": "{rounds} action rounds: each player in turn order places an action "
                     "marker and plays an action card to the leftmost empty space of a row, "
                     "or takes a turn action",
    "return_markers": "Every player takes back their action markers",
    "order_by_track": "New turn order: players with {first} first, then the others; each "
                      "group by {track}, furthest first",
    "section_scoring": "Score the scoring sections now due", "score_items": "Score {use} items",
    "balance": "Compare {measure} with {against}: more gives {surplus}; fewer is paid in "
               "{pay}, each missing unit moves the rightmost {missing} marker back",
}
STEPS_IT = {
    "deal": "Distribuisci {what} ({to})", "random_turn_order": "Ordine di turno casuale",
    "action_rounds": "{rounds} round di azioni: ogni giocatore, in ordine di turno, piazza un "
                     "segnalino azione e gioca una carta azione nel primo spazio libero a "
                     "sinistra di una fila, oppure compie un'azione di turno",
    "return_markers": "Ogni giocatore riprende i suoi segnalini azione",
    "order_by_track": "Nuovo ordine di turno: prima i giocatori con {first}, poi gli altri; "
                      "in ciascun gruppo per {track}, chi è più avanti per primo",
    "section_scoring": "Conteggio delle sezioni raggiunte", "score_items": "Conteggio {use}",
    "balance": "Confronta {measure} con {against}: se di più, {surplus}; se di meno, paga in "
               "{pay}, ogni unità mancante arretra il segnalino {missing} più avanzato",
}


def step_text(step: Node, lang: str, names: Names, describe: Any) -> str | None:
    """The text of a flow step of these games, or None for other step kinds."""
    table = STEPS_IT if lang == "it" else STEPS_EN
    kind = step.get("step")
    if kind not in table:
        return None
    piles = step.get("piles") or ([step["pile"]] if step.get("pile") else [])
    kw = {"what": ", ".join(names.of("decks", p, lang) for p in piles), "to": step.get("to", ""),
          "rounds": step.get("rounds", ""), "track": names.of("tracks", step.get("track"), lang),
          "first": names.of("tracks", step.get("first"), lang), "use": step.get("use", ""),
          "measure": describe(step.get("measure")), "against": describe(step.get("against")),
          "surplus": describe(step.get("surplus")), "pay": ", ".join(step.get("pay") or []),
          "missing": step.get("missing", "")}
    return table[kind].format(**kw)


STMT_OPS = ("build", "relocate", "advance", "retreat", "collect", "fulfil", "sell_to", "take",
            "claim", "may", "retrieve_all", "retrieve_rightmost", "raise_to")
COUNT_OPS = tuple(COUNTS_EN)
