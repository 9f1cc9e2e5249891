"""The game's flow in words: setup, the phases of a round, the end and the final count."""

from __future__ import annotations

from typing import Any

from compiler.sheets.fields import citation, provisional, with_constants
from compiler.sheets.speak import Speaker, lower_first, upper_first

__all__ = ["flow", "score_text", "step_marks", "step_parts", "step_text", "when_text",
           "winner"]

Item = dict[str, Any]
MARK = "{*}"
"""In flow.yaml's ``winner_text``: where the provisional mark goes (default: the end)."""


def step_text(sp: Speaker, trees: dict[str, Any], prefix: str) -> str:
    """What one step does: its ``do`` or ``each_player`` text ("Ogni giocatore: ...")."""
    who, text = step_parts(sp, trees, prefix)
    return sp.w["each_player"].format(effect=lower_first(text)) if who else text


def step_parts(sp: Speaker, trees: dict[str, Any], prefix: str) -> tuple[str, str]:
    """A step's text in two parts, for a step said after its name and a colon: who does
    it (``each_player_who``, " (ogni giocatore)", or "") and what is done, so that a
    named step reads "Rimborso agli investitori (ogni giocatore): paga ...", never
    "...: ogni giocatore: paga"."""
    if f"{prefix}.each_player" in trees:
        return str(sp.w["each_player_who"]), sp.effect(trees[f"{prefix}.each_player"])
    return "", sp.effect(trees.get(f"{prefix}.do"))


def when_text(sp: Speaker, tree: Any) -> str:
    """A step's condition: "From generation 2 on." for ``round > 1``, else in words."""
    if isinstance(tree, dict) and tree.get("form") == "cmp" and \
            tree.get("a") == {"core": "round"} and "lit" in (tree.get("b") or {}):
        first = tree["b"]["lit"] + (1 if tree["o"] == ">" else 0)
        if tree["o"] in (">", ">=") and sp.round:
            return upper_first(sp.w["from_round"].format(**sp.rounds, n=first))
    return sp.w["step_when"].format(cond=sp.condition(tree))


def score_text(sp: Speaker, tree: Any) -> str:
    """A line of the final count: "1 per each <thing counted>", or the amount in words."""
    if tree is None:
        return ""
    if isinstance(tree, dict) and set(tree) == {"state"}:   # the entry itself: its total
        return str(sp.w["score_total"])
    each = sp.w["score_each_unit"] if sp.score_unit else sp.w["score_each"]
    if sp.countable(tree) or isinstance(tree, dict) and ("val" in tree or "rec" in tree):
        return each.format(x=sp.value(tree, "one"), unit=sp.score_unit)
    return sp.value(tree)


def _named_as_base(sp: Speaker, step: dict[str, Any]) -> dict[str, Any]:
    """``step``, named as the base game's step of its id when a module's replacement
    gives no name of its own (Nature Reserve's income step is still "Income")."""
    if step.get("name") or "base_flow" not in sp.ir:
        return step
    base = (sp.ir["base_flow"].get("flow") or {})
    steps = [*(base.get("setup") or []), *(base.get("phases") or []),
             *((base.get("end") or {}).get("steps") or [])]
    name = next((b.get("name") for b in steps if isinstance(b, dict) and
                 b.get("id") == step.get("id") and b.get("name")), None)
    return {**step, "name": name} if name else step


def _step(sp: Speaker, step: dict[str, Any], trees: dict[str, Any], prefix: str,
          title: str = "") -> Item:
    step = _named_as_base(sp, step)
    text = step_text(sp, trees, prefix)
    who, own = step_parts(sp, trees, prefix)
    if f"{prefix}.when" in trees:
        when = when_text(sp, trees[prefix + ".when"])
        text, own = f"{text} {when}".strip(), f"{own} {when}".strip()
    return {"id": str(step.get("id", "")), "title": title,
            "name": upper_first(sp.pick(step.get("name"))) if step.get("name") else "",
            "text": text, "who": who, "own": own, "source": citation(sp, step),
            "prov": step_marks(sp, trees, prefix)}


def _named(tree: Any, key: str) -> list[str]:
    """The ids a text tree names under ``key``, in order: the definitions it uses
    (``{"def": id}`` nodes) or the constants it names (``{"const": id}``)."""
    if isinstance(tree, dict):
        own = [str(tree[key])] if key in tree else []
        return own + [d for v in tree.values() for d in _named(v, key)]
    if isinstance(tree, list):
        return [d for v in tree for d in _named(v, key)]
    return []


def step_marks(sp: Speaker, trees: dict[str, Any], prefix: str) -> list[str]:
    """The provisional values of the definitions a step's texts use (each marked with
    those of the definitions it calls: ``compiler.lang.marks``), e.g. a tie-break the
    rulebook does not give, and of the constants they name (Pampero's starting energy)."""
    used = [t for key, t in trees.items() if key.startswith(prefix + ".")]
    marks = [m for did in dict.fromkeys(_named(used, "def"))
             for m in provisional(sp, "definitions", did)]
    return list(dict.fromkeys(marks + _constant_marks(sp, _named(used, "const"))))


def _constant_marks(sp: Speaker, named: list[str]) -> list[str]:
    """The provisional values of the constants ``named``, ``constant = value: reason``."""
    return [f"{cid}{m[len('value'):]}" if m.startswith("value ") else f"{cid}.{m}"
            for cid in dict.fromkeys(named) for m in provisional(sp, "constants", cid)]


def winner(sp: Speaker) -> Item:
    """Who wins: flow.yaml's ``winner_text`` with its ``{constant}`` holes filled; it
    carries the provisional values of the constants the ``winner`` expression or the text
    names (a tie-break the rulebook does not give)."""
    fl = sp.ir.get("flow") or {}
    none = {"section": "", "doc": ""}
    if not fl.get("winner_text"):
        return {"id": "winner", "text": "", "rest": "", "source": none, "prov": []}
    # "{*}" in the text: where the provisional mark goes (after the clause it marks)
    head, _, tail = sp.pick(fl["winner_text"]).partition(MARK)
    text, named = with_constants(sp, head)
    rest, more = with_constants(sp, tail) if tail else ("", [])
    tree = ((sp.ir.get("texts") or {}).get("flow") or {}).get("winner")
    prov = _constant_marks(sp, _named(tree, "const") + named + more)
    return {"id": "winner", "text": text, "rest": rest, "source": none, "prov": prov}


def disabled(ir: dict[str, Any]) -> set[str]:
    """The kinds the chosen modules disable (none on the sheet of the whole box)."""
    if (ir.get("sheet_marks") or {}).get("selected") is None:
        return set()
    mods = (ir.get("records") or {}).get("modules") or {}
    return {str(k) for m in mods.values() if isinstance(m, dict)
            for k in m.get("disable") or []}


def _line_name(sp: Speaker, line: dict[str, Any]) -> str:
    """A scoring line's name; with none in the data, the name of the record with its id
    (``{id: points, amount: "points"}`` reads "Points", as ``rulesc play``'s column), else
    ''."""
    if line.get("name"):
        return sp.pick(line["name"])
    rid = str(line.get("id", ""))
    return sp.name(None, rid) if sp.named(None, rid) else ""


def flow(sp: Speaker) -> dict[str, Any]:
    """Setup, phases, end and final scoring."""
    fl = sp.ir.get("flow") or {}
    trees = (sp.ir.get("texts") or {}).get("flow") or {}
    setup = [_step(sp, s, trees, f"setup.{i}") for i, s in enumerate(fl.get("setup") or [])]
    phases = [_step(sp, s, trees, f"phases.{i}", sp.w["phase"].format(n=i + 1))
              for i, s in enumerate(fl.get("phases") or [])]
    end = fl.get("end") or {}
    lines = []
    if "end.when" in trees:
        lines.append(sp.w["end_when"].format(cond=sp.condition(trees["end.when"])))
    if end.get("finish_round") and sp.round:
        lines.append(sp.w["finish_round"].format(**sp.rounds))
    if end.get("max_rounds"):
        lines.append(sp.w["round_limit"].format(**sp.rounds, n=end["max_rounds"]))
    steps = [_step(sp, s, trees, f"end.steps.{i}") for i, s in enumerate(end.get("steps")
                                                                          or [])]
    if steps:
        frame = sp.w["end_steps_named" if steps[0]["name"] else "end_steps"]
        lines.append(frame.format(steps=" ".join(
            f"{s['name']}{s['who']}: {lower_first(s['own'])}" if s["name"] else s["text"]
            for s in steps)))
    scoring = []
    off = disabled(sp.ir)
    for i, s in enumerate(fl.get("scoring") or []):
        if str(s.get("id", "")) in off:   # the count of a kind the selection turns off
            continue
        tree = trees.get(f"scoring.{i}.amount", trees.get(f"scoring.{i}.lines"))
        scoring.append({"id": str(s.get("id", "")), "name": upper_first(_line_name(sp, s)),
                        "text": score_text(sp, tree),
                        "source": citation(sp, s), "prov": []})
    phases_title = sp.w["sec_phases"].format(**sp.rounds) if sp.round \
        else sp.w["sec_phases_plain"]
    return {"setup": setup, "phases": phases, "phases_title": phases_title,
            "end": {"id": "end", "text": " ".join(lines), "source": citation(sp, end),
                    "prov": []},
            "scoring": scoring, "winner": winner(sp)}


