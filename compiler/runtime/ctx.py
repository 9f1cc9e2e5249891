"""The kernel's context: composed rules, the live state, frames, the environment, and
an undo journal for trial runs.

State writes go through ``put`` so that a trial run (``compiler.runtime.trial``) can be
rolled back exactly. In a trial no value changes in place: a list that grows is replaced
by a new list, so the journal can keep the old one (``values.joined``)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice
from typing import Any

from compiler.runtime.errors import RulesError
from compiler.runtime.index import Index

__all__ = ["MISSING", "Ctx", "Frame"]

Frame = dict[str, Any]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class DryFail(Exception):
    """A trial run met a requirement that does not hold."""


class _Scope:
    """``Ctx.scope``'s context manager (a class: cheaper than a generator-based one)."""

    __slots__ = ("ctx", "names")

    def __init__(self, ctx: Ctx, names: dict[str, Any]) -> None:
        self.ctx, self.names = ctx, names

    def __enter__(self) -> None:
        self.ctx.frames.append({"k": "scope", "env": self.names})

    def __exit__(self, *exc: object) -> None:
        self.ctx.frames.pop()


class Ctx:
    """Rules + state + index, the frame stack in use, and the trial journal."""

    def __init__(self, rules: dict[str, Any], state: dict[str, Any], index: Index) -> None:
        self.rules = rules
        self.state = state
        self.index = index
        self.frames: list[Frame] = state["stack"]
        self.code: dict[Any, Any] = {}
        self.journal: list[tuple[Any, Any, Any, bool]] | None = None
        self.dry = False
        self.steps = 0
        self.floor = 1
        """A trial runs until this many frames are left (see choose.completes)."""
        self.trace: Counter[Any] | None = None
        """When set: how often each statement ran and each option was taken (not in a
        trial), by node id and by ``(choose id, alternative)`` (coverage by playing)."""
        self.stamps: dict[str, int] = dict.fromkeys(index.entries if index else (), 0)
        """A version per state entry, new whenever the entry changes (and restored by a
        trial's undo): compiled expressions keep results by the versions they read."""
        self.version = 0
        self.memo: dict[Any, Any] = {}
        self.mods: tuple[int, Any, dict[str, Any], bool] = (-1, None, {}, False)  # modsum's
        self.cut = False
        """A trial ended by its budget or Python's depth (``machine.dry_run``)."""
        self.applied: set[int] = set()
        """The options of the decision being posted that a trial applied in full (ids)."""
        self.rest: list[bool] = []
        """``resume.cannot_fail`` of the option around the decision being posted, once found."""
        self.paused = False
        self.pause_at: str | None = None
        self._env_frames: Any = None  # the cache of env(): the frames and top frame it
        self._env_top: Any = None     # was found for (kept, so their ids stay theirs)
        self._env_len = -1
        self._env: dict[str, Any] = {}

    # ---- environment -----------------------------------------------------------------
    def env(self) -> dict[str, Any]:
        """The names of the innermost scope frame (locals, you, this, event)."""
        frames = self.frames
        n = len(frames)
        top = frames[-1] if n else None
        if top is self._env_top and n == self._env_len and frames is self._env_frames:
            return self._env
        env: dict[str, Any] = {}
        for frame in reversed(frames):
            found = frame.get("env")
            if found is not None:
                env = found
                break
        self._env_frames, self._env_top, self._env_len = frames, top, len(frames)
        self._env = env
        return env

    def scope(self, names: dict[str, Any]) -> _Scope:
        """Evaluate with ``names`` as the environment (a modifier's, a reaction's):
        ``with ctx.scope(names): ...``."""
        return _Scope(self, names)

    # ---- writes ------------------------------------------------------------------------
    def put(self, container: Any, key: Any, value: Any, quiet: bool = False) -> None:
        """Set ``container[key]``, journaled during a trial (``quiet``: a binding of a
        fresh name, which is not a change to the game)."""
        if self.journal is not None:
            old = container.get(key, MISSING) if isinstance(container, dict) else container[key]
            self.journal.append((container, key, old, quiet))
        container[key] = value

    def touch(self, entry: str) -> None:
        """State entry ``entry`` is about to change: give it a new version."""
        self.version += 1
        self.put(self.stamps, entry, self.version, quiet=True)

    def undo(self, mark: int) -> None:
        """Roll the journal back to length ``mark`` (a new ``version``: stamps may be back)."""
        self.version += 1
        journal = self.journal
        assert journal is not None
        for container, key, old, _ in reversed(journal[mark:] if mark else journal):
            if old is MISSING:
                container.pop(key, None)
            else:
                container[key] = old
        del journal[mark:]

    def changed(self, mark: int = 0) -> bool:
        """Whether the trial's writes (from journal entry ``mark`` on) changed the game: a
        place written back to the value it had (``gain 0 plants``, ``x = x``) is no change."""
        seen: set[tuple[int, Any]] = set()
        journal = self.journal or ()
        for container, key, old, quiet in islice(journal, mark, None) if mark else journal:
            if quiet or (place := (id(container), key)) in seen:  # (the first entry of a
                continue  # place holds the value before the trial)
            seen.add(place)
            now = container.get(key, MISSING) if isinstance(container, dict) else container[key]
            if now != old:
                return True
        return False

    # ---- frames --------------------------------------------------------------------------
    def push(self, frame: Frame) -> None:
        self.frames.append(frame)

    def pop(self, frame: Frame) -> None:
        if not self.frames or self.frames[-1] is not frame:
            raise RulesError("internal error: popping a frame that is not on top")
        self.frames.pop()

    # ---- randomness: a fresh seeded generator per use, so the state stays plain data ----
    def rng(self) -> random.Random:
        n = self.state["rng_uses"]
        self.put(self.state, "rng_uses", n + 1, quiet=True)
        return random.Random(f"{self.state['seed']}:{n}")

    def player_count(self) -> int:
        return len(self.state["players"])
