"""The interpreter's context: composed rules, the live state, lookups and decisions.

Every engine function takes a ``Ctx``. The state is plain JSON data (see ``setup.py`` for
its shape); the ``Index`` holds lookups derived from the rules only (board adjacency,
which parameter counts which tile), so it is rebuilt, never saved.
"""

from __future__ import annotations

import random
from typing import Any

from compiler.runtime.errors import RulesError

__all__ = ["WAIT", "Ctx", "Frame", "Index"]

Frame = dict[str, Any]

# (dx, dy) of a neighbour in half-hex columns and rows -> clockwise rank from top-left
_CLOCKWISE = {(-1, -1): 0, (1, -1): 1, (2, 0): 2, (1, 1): 3, (-1, 1): 4, (-2, 0): 5}


class _Wait:
    def __repr__(self) -> str:
        return "WAIT"


WAIT: Any = _Wait()
"""Returned by ``Ctx.ask`` while the decision is still open (never stored)."""


class Index:
    """Lookups computed once from composed rules.

    ``spaces`` {id: space record}; ``adjacent`` {id: [neighbour ids]}; ``clockwise`` the
    same neighbours clockwise from the top-left one; ``reading`` space ids top-left to
    bottom-right; ``param_of_tile`` {tile: parameter counting it}; ``currency`` the
    resource prices are paid in (M€); ``player_tracks`` ids of per-player tracks.
    """

    def __init__(self, rules: dict[str, Any]) -> None:
        board = rules.get("board") or {}
        self.spaces: dict[str, dict[str, Any]] = {s["id"]: s for s in board.get("spaces") or []}
        self.space_pos = {sid: i for i, sid in enumerate(self.spaces)}
        self._widths: dict[int, int] = {}
        for s in self.spaces.values():
            self._widths[s.get("row", 0)] = self._widths.get(s.get("row", 0), 0) + 1
        self.adjacent: dict[str, list[str]] = {
            sid: [n for n in s.get("next_to") or [] if n in self.spaces]
            for sid, s in self.spaces.items()}
        self.clockwise = {sid: self._clockwise(sid) for sid in self.spaces}
        self.reading = sorted(self.spaces, key=self._reading_key)
        self.param_of_tile = {p["tile"]: pid for pid, p in (rules.get("parameters") or {}).items()
                              if p.get("tile")}
        self.currency: str = (rules.get("game") or {}).get("currency") or next(
            iter(rules["resources"]))
        self.player_tracks = [t for t, r in rules["tracks"].items()
                              if r.get("scope", "player") == "player"]

    def _reading_key(self, sid: str) -> tuple[int, int, int]:
        s = self.spaces[sid]
        return (s.get("row", 0), s.get("pos", 0), self.space_pos[sid])

    def _clockwise(self, sid: str) -> list[str]:
        """Neighbours clockwise from top-left (by row/pos; else the data's own order)."""
        nbrs = self.adjacent[sid]
        if not all("row" in self.spaces[n] and "pos" in self.spaces[n] for n in nbrs + [sid]):
            return list(nbrs)
        x0, y0 = self._center(sid)
        ranks = {n: _CLOCKWISE.get((self._center(n)[0] - x0, self._center(n)[1] - y0), 9)
                 for n in nbrs}
        return sorted(nbrs, key=lambda n: (ranks[n], nbrs.index(n)))

    def _center(self, sid: str) -> tuple[int, int]:
        s = self.spaces[sid]
        widest = max(self._widths.values())
        return 2 * s["pos"] + widest - self._widths[s["row"]], s["row"]


class Ctx:
    """Rules + state + index, with the helpers every step and statement uses."""

    def __init__(self, rules: dict[str, Any], state: dict[str, Any],
                 index: Index | None = None) -> None:
        self.rules = rules
        self.state = state
        self.index = index or Index(rules)
        self.scope: dict[str, Any] = {}
        """While legal options are probed: the hypothetical context (e.g. the slot a
        card would go to), read where a statement's frame is not at hand."""

    # ---- players ------------------------------------------------------------------
    def pl(self, p: int) -> dict[str, Any]:
        """Player ``p``'s record (stock, prod, tracks, hand, tableau, events, card_res)."""
        return self.state["players"][p]

    def order(self) -> list[int]:
        """Player indexes in turn order: the state's ``turn_order`` when the game keeps
        one, else from the first player clockwise."""
        if self.state.get("turn_order"):
            return list(self.state["turn_order"])
        n, first = len(self.state["players"]), self.state["first_player"]
        return [(first + k) % n for k in range(n)]

    # ---- randomness: a fresh seeded generator per use, so the state stays plain data ----
    def rng(self) -> random.Random:
        """A ``random.Random`` seeded from (game seed, use counter); never the global one."""
        n = self.state["rng_uses"]
        self.state["rng_uses"] = n + 1
        return random.Random(f"{self.state['seed']}:{n}")

    # ---- rules lookups ------------------------------------------------------------
    def lookup(self, ref: list[Any]) -> Any:
        """The rules value at path ``ref`` (e.g. ``["cards", "ants", "actions", 0, "effect"]``)."""
        node: Any = self.rules
        for key in ref:
            node = node[key]
        return node

    # ---- the continuation stack -----------------------------------------------------
    def push(self, *frames: Frame) -> None:
        """Push ``frames`` so that the first one given runs first."""
        self.state["stack"].extend(reversed(frames))

    def pop(self, frame: Frame) -> None:
        if not self.state["stack"] or self.state["stack"][-1] is not frame:
            raise RulesError("internal error: popping a frame that is not on top")
        self.state["stack"].pop()

    def ask(self, frame: Frame, key: str, player: int, kind: str, prompt: str,
            options: list[Any]) -> Any:
        """The answer to decision ``key`` of ``frame``, or WAIT after posting it as pending.

        A decision with one option answers itself. ``options`` must not be empty.
        """
        tmp = frame.setdefault("tmp", {})
        if key in tmp:
            return tmp[key]
        if "answer" in frame:
            tmp[key] = frame.pop("answer")
            return tmp[key]
        if not options:
            raise RulesError(f"internal error: decision '{kind}' with no options")
        if len(options) == 1:
            tmp[key] = options[0]
            return options[0]
        self.state["pending"] = {"player": player, "kind": kind, "prompt": prompt,
                                 "options": options}
        return WAIT
