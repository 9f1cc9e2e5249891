"""The game's flow: setup steps, generations of phases, the end, the final actions.

Rulebook "Come si svolge il gioco?": a generation is the phases of ir['flow']['phases']
in order (a phase with ``skip_first_round`` is skipped in generation 1: "Ignorate
questa fase all'inizio della partita"). Card actions used this generation are reset at
its end ("Rimuovere i segnalini Giocatore dalle carte Azione utilizzate"). "Fine del
gioco": when ``flow.end.when`` holds the game ends — with ``finish_round`` at the end of
the generation ("Termina il gioco alla fine della generazione corrente"), else at the
end of the phase — or when a module's ``round_limit`` generations have been played;
then each player in turn order may repeat the ``final_actions`` ("Convertire le
risorse"), and the game is scored.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import WAIT, Ctx, Frame
from compiler.runtime.counts import holds
from compiler.runtime.errors import MAX_ROUNDS, check_bound
from compiler.runtime.params import effect_frame, raise_track
from compiler.runtime.turns import project_frames, project_legal, turns_frame

__all__ = ["end_reached", "setup_frames", "step_each_player", "step_final",
           "step_finish", "step_generation", "step_next_first_player",
           "step_random_first_player"]

def step_frame(ctx: Ctx, section: str, idx: int) -> Frame:
    """The frame that runs flow step ``ctx.rules['flow'][section][idx]``."""
    step = ctx.rules["flow"][section][idx]
    ref: list[Any] = ["flow", section, idx]
    if "each_player" in step:
        return {"kind": "each_player", "ref": ref + ["each_player"]}
    if step["step"] == "turns":
        return turns_frame(ctx, ref)
    return {"kind": step["step"], "ref": ref}


def setup_frames(ctx: Ctx) -> list[Frame]:
    """Frames of every setup step, in order, then the first generation."""
    setup = ctx.rules["flow"].get("setup") or []
    return [step_frame(ctx, "setup", i) for i in range(len(setup))] + \
        [{"kind": "generation", "i": 0}]


def step_each_player(ctx: Ctx, f: Frame) -> None:
    """The step's effect for every player in turn order."""
    ctx.pop(f)
    ctx.push(*[effect_frame(f["ref"], p) for p in ctx.order()])


def step_random_first_player(ctx: Ctx, f: Frame) -> None:
    """"Designare un primo giocatore": picked with the game's seeded generator."""
    ctx.state["first_player"] = ctx.rng().randrange(len(ctx.state["players"]))
    ctx.pop(f)


def step_next_first_player(ctx: Ctx, f: Frame) -> None:
    """"Fase 1": the first player token passes clockwise; the round track goes up 1."""
    ctx.state["first_player"] = (ctx.state["first_player"] + 1) % len(ctx.state["players"])
    track = ctx.rules["flow"].get("round", {}).get("track")
    if track:
        ctx.push(*raise_track(ctx, track, 1, None))
    ctx.pop(f)


def end_reached(ctx: Ctx) -> bool:
    """The end condition holds, or the round limit (module) has been played."""
    flow = ctx.rules["flow"]
    limit = flow.get("round_limit")
    if limit is not None and ctx.state["round"] >= limit:
        return True
    return bool((flow.get("end") or {}).get("when")) and holds(ctx, flow["end"]["when"], None)


def step_generation(ctx: Ctx, f: Frame) -> None:
    """Run the next phase of this generation, or close the generation."""
    phases = ctx.rules["flow"].get("phases") or []
    end = ctx.rules["flow"].get("end") or {}
    if 0 < f["i"] <= len(phases) and not end.get("finish_round", True) and _end_now(ctx):
        return
    if f["i"] < len(phases):
        f["i"] += 1
        if not (phases[f["i"] - 1].get("skip_first_round") and ctx.state["round"] == 1):
            ctx.push(step_frame(ctx, "phases", f["i"] - 1))
        return
    for pl in ctx.state["players"]:
        pl["used"] = []
    if not _end_now(ctx):
        ctx.state["round"] += 1
        f["i"] = 0
        check_bound("generations", ctx.state["round"], MAX_ROUNDS)


def _end_now(ctx: Ctx) -> bool:
    """If the game ends now, replace the generation frame by the final frames."""
    if not end_reached(ctx):
        return False
    steps = (ctx.rules["flow"].get("end") or {}).get("steps") or []
    ends = [end_step_frame(ctx, i) for i in range(len(steps))]
    ctx.state["stack"] = [{"kind": "finish"}, *reversed(ends),
                          {"kind": "final", "order": ctx.order(), "k": 0}]
    return True


def end_step_frame(ctx: Ctx, idx: int) -> Frame:
    """The frame of end step ``idx`` (``flow.end.steps``: run before the final count)."""
    step = ctx.rules["flow"]["end"]["steps"][idx]
    ref: list[Any] = ["flow", "end", "steps", idx]
    if "each_player" in step:
        return {"kind": "each_player", "ref": ref + ["each_player"]}
    return {"kind": step["step"], "ref": ref}


def step_final(ctx: Ctx, f: Frame) -> None:
    """Each player in turn order repeats the final actions until done (a decision)."""
    if f["k"] >= len(f["order"]):
        ctx.pop(f)
        return
    p = f["order"][f["k"]]
    final = (ctx.rules["flow"].get("end") or {}).get("final_actions") or []
    opts = [{"act": "project", "id": a} for a in final if project_legal(ctx, p, a)]
    ans = ctx.ask(f, "final", p, "final_action", f"player {p}: a final action, or done",
                  opts + [{"act": "done"}])
    if ans is WAIT:
        return
    f.pop("tmp", None)
    if ans["act"] == "done":
        f["k"] += 1
        return
    ctx.push(*project_frames(p, ans["id"], ctx.rules["actions"][ans["id"]]))


def step_finish(ctx: Ctx, f: Frame) -> None:
    """The game is over; ``scores()`` gives the final count."""
    ctx.pop(f)
    ctx.state["over"] = True
