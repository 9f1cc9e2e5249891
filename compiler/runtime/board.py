"""Tiles on the board: legal spaces, placing a tile and what placing it sets off.

Rulebook "Le tessere": an ocean goes only on ocean spaces; a greenery "se possibile,
adiacente a una delle vostre tessere"; a city "non può essere adiacente a nessun'altra
città, tranne che alla città di Noctis". The data says this generically per tile:
``space`` (space type), ``next_to_own: if_possible``, ``not_next_to {tiles, except_on}``;
a board space with ``reserved: X`` takes a tile only from card or tile ``X`` or from a
placement that names the space (``place city on s31``). The board state maps an
occupied space id to ``{"tile": id, "owner": player or None, "card": id or None}``.
"""

from __future__ import annotations

from typing import Any

from compiler.runtime.context import Ctx, Frame
from compiler.runtime.params import at_max, effect_frame, triggered

__all__ = ["followups", "legal_spaces", "placement_skipped", "put_tile"]


def placement_skipped(ctx: Ctx, tile: str) -> bool:
    """Whether placing ``tile`` does nothing: the parameter counting it is at max.

    Rulebook "Passo 1": a card is still playable when "Tutte le tessere Oceano sono
    state piazzate".
    """
    pid = ctx.index.param_of_tile.get(tile)
    return pid is not None and at_max(ctx, pid)


def legal_spaces(ctx: Ctx, tile: str, on: str | None, player: int | None,
                 card: str | None) -> list[str]:
    """Space ids (board order) where ``player`` may put ``tile``; ``on`` is a space id or type."""
    rec = ctx.rules["tiles"][tile]
    board = ctx.state["board"]
    spaces = ctx.index.spaces
    if on in spaces:
        cands = [on]
    else:
        kind = on or rec.get("space")
        cands = [sid for sid, s in spaces.items() if s.get("type") == kind]
    cands = [sid for sid in cands if sid not in board and _reserved_ok(ctx, sid, on, tile, card)
             and _spacing_ok(ctx, sid, rec)]
    if rec.get("next_to_own") == "if_possible" and player is not None:
        near = [sid for sid in cands if _next_to_own(ctx, sid, player)]
        cands = near or cands
    return cands


def _reserved_ok(ctx: Ctx, sid: str, on: str | None, tile: str, card: str | None) -> bool:
    reserved = ctx.index.spaces[sid].get("reserved")
    return not reserved or on == sid or reserved in (tile, card)


def _spacing_ok(ctx: Ctx, sid: str, rec: dict[str, Any]) -> bool:
    rule = rec.get("not_next_to")
    if not rule:
        return True
    except_on = rule.get("except_on") or []
    if sid in except_on:
        return True
    board, banned = ctx.state["board"], rule.get("tiles") or []
    return not any(n in board and board[n]["tile"] in banned and n not in except_on
                   for n in ctx.index.adjacent[sid])


def _next_to_own(ctx: Ctx, sid: str, player: int) -> bool:
    board = ctx.state["board"]
    return any(n in board and board[n]["owner"] == player for n in ctx.index.adjacent[sid])


def put_tile(ctx: Ctx, sid: str, tile: str, player: int | None, card: str | None) -> None:
    """Put ``tile`` on space ``sid``; owned tiles belong to ``player``, others to nobody."""
    owned = ctx.rules["tiles"][tile].get("owned", True)
    ctx.state["board"][sid] = {"tile": tile, "owner": player if owned else None, "card": card}


def followups(ctx: Ctx, sid: str, tile: str, player: int | None,
              card: str | None) -> list[Frame]:
    """What placing ``tile`` on ``sid`` gives ``player``, in order of application.

    The tile's own effect (greenery: raise oxygen), the space's printed bonus, each
    ``adjacency_bonuses`` entry once per adjacent tile of its kind (2 M€ per adjacent
    ocean), then ``on place`` triggers. A neutral placement (player None) gives nothing.
    """
    if player is None:
        return []
    frames: list[Frame] = []
    if ctx.rules["tiles"][tile].get("effect"):
        frames.append(effect_frame(["tiles", tile, "effect"], player, card))
    pos = ctx.index.space_pos[sid]
    if ctx.index.spaces[sid].get("bonus"):
        frames.append(effect_frame(["board", "spaces", pos, "bonus"], player, card))
    board = ctx.state["board"]
    for k, bonus in enumerate((ctx.rules.get("board") or {}).get("adjacency_bonuses") or []):
        near = sum(1 for n in ctx.index.adjacent[sid]
                   if n in board and board[n]["tile"] == bonus["tile"])
        frames += [effect_frame(["board", "adjacency_bonuses", k, "effect"], player, card)
                   for _ in range(near)]
    return frames + triggered(ctx, "place", tile, player)
