"""The game flow in words: setup steps, phases of a round, end of game, final scoring."""

from __future__ import annotations

from typing import Any

from compiler.sheets.items import Item, citation, num, provisional
from compiler.sheets.phrases import has, phrase
from compiler.sheets.text import describe, lower_first
from compiler.sheets.vocab import Names

Step = dict[str, Any]


def step_text(step: Step, lang: str, names: Names) -> str:
    """What one setup step or phase does, in words (plus "skipped in round 1")."""
    text = _step_body(step, lang, names)
    if step.get("skip_first_round"):
        text += " " + phrase(lang, "skip_first", round=names.round_name(lang))
    return text


def _step_body(step: Step, lang: str, names: Names) -> str:
    if step.get("each_player") is not None:
        effect = lower_first(describe(step["each_player"], lang, names))
        return phrase(lang, "step_each_player", effect=effect)
    kind = str(step.get("step") or "")
    from compiler.sheets.board_text import step_text as board_step

    board = board_step(step, lang, names, lambda n: describe(n, lang, names) if n else "")
    if board is not None:
        return board
    if not has(lang, f"step_{kind}"):
        return phrase(lang, "step_unknown", kind=kind)
    passing = step.get("pass") or {}
    return phrase(lang, f"step_{kind}", draw=num(step.get("draw")), cost=num(step.get("cost")),
                  cur=names.currency_name(lang), round=names.round_name(lang),
                  n=num(step.get("actions_per_turn")), discard=num(step.get("discard")),
                  even=_direction(passing.get("even"), lang),
                  odd=_direction(passing.get("odd"), lang))


def _direction(value: Any, lang: str) -> str:
    key = f"dir_{value}"
    return phrase(lang, key) if has(lang, key) else str(value or "")


def step_item(step: Step, lang: str, names: Names, title: str = "") -> Item:
    """A flow step as a sheet item."""
    name = names.pick(step.get("name"), lang) if step.get("name") else ""
    return {"id": str(step.get("id", "")), "name": name, "title": title,
            "text": step_text(step, lang, names), "source": citation(step, names),
            "prov": provisional({k: v for k, v in step.items() if k != "source"})}


def flow_section(ir: dict[str, Any], lang: str, names: Names) -> dict[str, Any]:
    """Setup, phases, end and scoring of the game's flow."""
    flow = ir.get("flow") or {}
    phases = [step_item(s, lang, names, phrase(lang, "phase", n=i))
              for i, s in enumerate(flow.get("phases") or [], 1)]
    return {"setup": [step_item(s, lang, names) for s in flow.get("setup") or []],
            "phases": phases, "end": end_item(flow.get("end") or {}, lang, names),
            "scoring": [scoring_item(s, lang, names, ir) for s in flow.get("scoring") or []],
            "round": names.round_name(lang)}


def end_item(end: dict[str, Any], lang: str, names: Names) -> Item:
    """When the game ends, whether the round is finished, and the final actions."""
    lines = []
    if end.get("when"):
        lines.append(phrase(lang, "end_when", cond=describe(end["when"], lang, names)))
    if end.get("finish_round"):
        lines.append(phrase(lang, "finish_round", round=names.round_name(lang)))
    finals = [names.of("actions", a, lang) for a in end.get("final_actions") or []]
    if finals:
        lines.append(phrase(lang, "final_actions", actions=phrase(lang, "list_sep").join(finals)))
    return {"id": "end", "name": "", "text": " ".join(lines), "source": citation(end, names),
            "prov": provisional({k: v for k, v in end.items() if k != "source"})}


def scoring_item(rec: dict[str, Any], lang: str, names: Names, ir: dict[str, Any]) -> Item:
    """One line of the final scoring: its name and how many VP."""
    settings = ir.get("settings") or {}
    builtin = rec.get("builtin")
    if builtin == "milestones":
        text = phrase(lang, "score_milestones", vp=num((settings.get("milestones") or {})
                                                       .get("vp")))
    elif builtin == "awards":
        aw = settings.get("awards") or {}
        text = phrase(lang, "score_awards", first=num(aw.get("first")),
                      second=num(aw.get("second")), min=num(aw.get("second_min_players")))
    elif builtin:
        key = f"score_{builtin}"
        text = phrase(lang, key) if has(lang, key) else str(builtin)
    else:
        text = describe(rec.get("amount"), lang, names)
    return {"id": str(rec.get("id", "")), "name": names.pick(rec.get("name"), lang),
            "text": text, "source": citation(rec, names),
            "prov": provisional({k: v for k, v in rec.items() if k != "source"})}


def all_steps(ir: dict[str, Any]) -> list[tuple[str, Step]]:
    """Every flow step with its section: setup, phases, scoring (for ``rulesc explain``)."""
    flow = ir.get("flow") or {}
    return [(sec, s) for sec in ("setup", "phases", "scoring")
            for s in flow.get(sec) or [] if isinstance(s, dict)]
