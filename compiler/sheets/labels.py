"""Sheet labels and flow sentences, one table per language, keyed by stable ids.

Merged into the phrase tables of ``compiler.sheets.phrases``. Game words come from the rules
data; these are headings and the frames of flow steps and settings.
"""

from __future__ import annotations

from typing import Any

IT: dict[str, Any] = {
    "sheet_title": "Scheda di riferimento",
    "players": "{min}–{max} giocatori",
    "source": "Fonte",
    "provisional": "provvisorio",
    "provisional_note": "Valore provvisorio",
    "sec_flow": "Svolgimento del gioco",
    "sec_setup": "Preparazione",
    "sec_phases": "Fasi di una {round}",
    "sec_end": "Fine della partita",
    "sec_scoring": "Conteggio finale",
    "sec_parameters": "Parametri globali",
    "sec_tracks": "Tracciati",
    "sec_resources": "Risorse",
    "sec_actions": "Azioni",
    "sec_milestones": "Obiettivi",
    "sec_awards": "Ricompense",
    "sec_tiles": "Tessere e piazzamento",
    "sec_board": "Tabellone {name}",
    "sec_cards": "Carte Progetto",
    "sec_modules": "Varianti",
    "group_standard_project": "Progetti standard",
    "group_conversion": "Conversioni",
    "phase": "Fase {n}",
    "col_name": "Nome", "col_cost": "Costo", "col_effect": "Effetto",
    "col_condition": "Condizione", "col_measure": "Misura", "col_start": "Inizio",
    "col_range": "Intervallo", "col_step": "Tacca", "col_bonus": "Bonus",
    "col_production": "Produzione", "col_use": "Utilizzo", "col_placement": "Piazzamento",
    "col_requires": "Requisito",
    "range": "da {min} a {max}",
    "steps_total": "{n} tacche",
    "tr_per_step": "ogni tacca: +1 {track}",
    "bonus_at": "a {at}: {effect}",
    "production_min": "produzione minima {n}",
    "no_production": "nessuna produzione",
    "pays_for": "1 {res} vale {value} {cur} per le carte con indicatore {tag}",
    "track_scope_player": "per giocatore", "track_scope_game": "comune",
    "track_limits": "inizio {start}, minimo {min}",
    "track_max": ", massimo {max}",
    "step_each_player": "Ogni giocatore: {effect}",
    "step_random_first_player": "Si sceglie a caso il primo giocatore.",
    "step_next_first_player": "Il segnalino Primo giocatore passa in senso orario al giocatore "
                              "successivo; il segnalino {round} avanza di 1.",
    "step_draw_and_buy": "Ogni giocatore pesca {draw} carte e ne tiene quante vuole, pagando "
                         "{cost} {cur} per ciascuna carta tenuta; le altre sono scartate.",
    "step_draft": "Ogni giocatore pesca {draw} carte, ne tiene una e passa le altre ({even} "
                  "se la {round} è pari, {odd} se è dispari) finché ne ha tenute {draw}; "
                  "poi paga {cost} {cur} per ciascuna carta tenuta.",
    "step_turns": "A turno, ogni giocatore compie da 1 a {n} azioni oppure passa; la fase "
                  "termina quando tutti hanno passato.",
    "step_neutral_cities": "Scarta {discard} carte Progetto: i loro costi indicano dove "
                           "piazzare due città neutrali, ciascuna con una tessera adiacente.",
    "step_unknown": "Passo «{kind}».",
    "dir_clockwise": "in senso orario", "dir_counterclockwise": "in senso antiorario",
    "skip_first": "Non si svolge nella prima {round}.",
    "end_when": "La partita termina quando: {cond}.",
    "finish_round": "Si completa la {round} in corso.",
    "final_actions": "Poi ogni giocatore può ancora: {actions}.",
    "score_milestones": "{vp} PV per ogni obiettivo acquisito",
    "score_awards": "per ogni ricompensa finanziata: {first} PV al 1° posto, {second} PV al 2° "
                    "(il 2° posto solo con almeno {min} giocatori)",
    "score_card_vp": "PV indicati sulle carte (anche per le risorse sulle carte)",
    "milestone_rules": "Costo {cost} {cur}. Al massimo {max} obiettivi acquisiti in tutto, "
                       "ciascuno da un solo giocatore. Ogni obiettivo vale {vp} PV.",
    "award_rules": "Costo {costs} {cur} (1ª, 2ª, 3ª ricompensa finanziata). Al massimo {max} "
                   "ricompense finanziate. 1° posto {first} PV, 2° posto {second} PV (solo con "
                   "almeno {min} giocatori). In caso di parità i giocatori condividono il posto "
                   "e il posto successivo non viene assegnato.",
    "award_measure": "Vince chi ha più {m}",
    "tile_owned": "Con segnalino del giocatore che la piazza",
    "tile_unowned": "Di nessun giocatore",
    "tile_supply": "{n} in tutto",
    "tile_next_to_own": "se possibile, adiacente a una tua tessera",
    "tile_not_next_to": "non adiacente a tessere {tiles}",
    "tile_except_on": " (eccezione: casella {spaces})",
    "tile_anywhere_ok": "Su qualsiasi casella",
    "adjacency_bonus": "Per ogni tessera {tile} adiacente: {effect}",
    "reserved_space": "Casella {space}: riservata alla carta {card}",
    "card_type_automated": "automatica", "card_type_active": "attiva",
    "card_type_event": "evento",
    "card_requires": "Requisito", "card_tags": "Indicatori", "card_action": "Azione",
    "card_effect": "Effetto", "card_vp": "PV", "card_resource": "Risorsa della carta",
    "card_module": "Solo con: {module}",
    "cards_name_note": "I nomi delle carte sono in inglese: i nomi italiani delle carte non "
                       "sono noti (il regolamento italiano non li riporta).",
    "module_players": "{min}–{max} giocatori",
    "module_players_exact": {"one": "{n} giocatore", "many": "{n} giocatori"},
    "module_track_start": "{track} iniziale {start}",
    "module_round_limit": "Limite di {round}: {n}",
    "module_disable": "Senza: {what}",
    "module_cards": "Aggiunge le carte della variante",
    "module_remove": "Senza: {step}",
    "module_replace": "Cambia: {step}",
    "module_add": "Aggiunge: {step}",
}

EN: dict[str, Any] = {
    "sheet_title": "Rules reference",
    "players": "{min}–{max} players",
    "source": "Source",
    "provisional": "provisional",
    "provisional_note": "Provisional value",
    "sec_flow": "Game flow",
    "sec_setup": "Setup",
    "sec_phases": "Phases of a {round}",
    "sec_end": "End of the game",
    "sec_scoring": "Final scoring",
    "sec_parameters": "Global parameters",
    "sec_tracks": "Tracks",
    "sec_resources": "Resources",
    "sec_actions": "Actions",
    "sec_milestones": "Milestones",
    "sec_awards": "Awards",
    "sec_tiles": "Tiles and placement",
    "sec_board": "Board: {name}",
    "sec_cards": "Project cards",
    "sec_modules": "Variants",
    "group_standard_project": "Standard projects",
    "group_conversion": "Conversions",
    "phase": "Phase {n}",
    "col_name": "Name", "col_cost": "Cost", "col_effect": "Effect",
    "col_condition": "Condition", "col_measure": "Measure", "col_start": "Start",
    "col_range": "Range", "col_step": "Step", "col_bonus": "Bonus",
    "col_production": "Production", "col_use": "Use", "col_placement": "Placement",
    "col_requires": "Requirement",
    "range": "from {min} to {max}",
    "steps_total": "{n} steps",
    "tr_per_step": "each step: +1 {track}",
    "bonus_at": "at {at}: {effect}",
    "production_min": "production minimum {n}",
    "no_production": "no production",
    "pays_for": "1 {res} pays {value} {cur} toward cards with a {tag} tag",
    "track_scope_player": "per player", "track_scope_game": "shared",
    "track_limits": "start {start}, minimum {min}",
    "track_max": ", maximum {max}",
    "step_each_player": "Each player: {effect}",
    "step_random_first_player": "Pick the first player at random.",
    "step_next_first_player": "The first-player marker passes clockwise to the next player; "
                              "the {round} marker moves up 1.",
    "step_draw_and_buy": "Each player draws {draw} cards and keeps any of them, paying {cost} "
                         "{cur} for each card kept; the others are discarded.",
    "step_draft": "Each player draws {draw} cards, keeps one and passes the rest ({even} when "
                  "the {round} is even, {odd} when it is odd) until {draw} are kept; then "
                  "pays {cost} {cur} for each card kept.",
    "step_turns": "In turn, each player takes 1 to {n} actions or passes; the phase ends "
                  "when everyone has passed.",
    "step_neutral_cities": "Discard {discard} project cards: their costs give the spaces of "
                           "two neutral cities, each with an adjacent tile.",
    "step_unknown": "Step “{kind}”.",
    "dir_clockwise": "clockwise", "dir_counterclockwise": "counterclockwise",
    "skip_first": "Skipped in the first {round}.",
    "end_when": "The game ends when: {cond}.",
    "finish_round": "The current {round} is played to its end.",
    "final_actions": "Then each player may still: {actions}.",
    "score_milestones": "{vp} VP per claimed milestone",
    "score_awards": "per funded award: {first} VP for 1st place, {second} VP for 2nd "
                    "(2nd place only with {min} or more players)",
    "score_card_vp": "VP printed on the cards (including for resources on cards)",
    "milestone_rules": "Cost {cost} {cur}. At most {max} milestones claimed in all, each by "
                       "one player only. Each milestone is worth {vp} VP.",
    "award_rules": "Cost {costs} {cur} (1st, 2nd, 3rd award funded). At most {max} awards "
                   "funded. 1st place {first} VP, 2nd place {second} VP (only with {min} or "
                   "more players). Tied players share the place and the next place is not "
                   "awarded.",
    "award_measure": "Most {m}",
    "tile_owned": "Marked with the placing player's marker",
    "tile_unowned": "Owned by no player",
    "tile_supply": "{n} in all",
    "tile_next_to_own": "next to one of your tiles if possible",
    "tile_not_next_to": "not next to {tiles} tiles",
    "tile_except_on": " (exception: the {spaces} space)",
    "tile_anywhere_ok": "On any space",
    "adjacency_bonus": "For each adjacent {tile} tile: {effect}",
    "reserved_space": "{space} space: reserved for the card {card}",
    "card_type_automated": "automated", "card_type_active": "active", "card_type_event": "event",
    "card_requires": "Requirement", "card_tags": "Tags", "card_action": "Action",
    "card_effect": "Effect", "card_vp": "VP", "card_resource": "Card resource",
    "card_module": "Only with: {module}",
    "cards_name_note": "Card names are shown in English: names in this language are not "
                       "known.",
    "module_players": "{min}–{max} players",
    "module_players_exact": {"one": "{n} player", "many": "{n} players"},
    "module_track_start": "{track} starts at {start}",
    "module_round_limit": "Limit: {n} {round}s",
    "module_disable": "Without: {what}",
    "module_cards": "Adds the variant's cards",
    "module_remove": "Without: {step}",
    "module_replace": "Changed: {step}",
    "module_add": "Adds: {step}",
}

LABELS: dict[str, dict[str, Any]] = {"it": IT, "en": EN}
