"""The modules named on the command line: ``a,b``, ``all``, and what they need filled in.

``choose(rules, text, players, fill)`` turns ``--modules`` into module ids. ``all`` is every
module that composes with those before it (data order) for the player count; ``none``
(or ``''``) is the base game. With ``fill`` (``play``), a module the player count needs
(its ``required_for_players``) and every module a chosen one ``requires`` are added, and
``Selection.note`` says so in one line: ``rulesc play terraforming_mars --players 1``
becomes a solo game with Corporate Era. ``rules`` is a game's IR or an engine's ``RULES``
(the same shape). The runtime itself never adds a module: it refuses an incomplete
selection (``compose``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from compiler.cli.common import UsageError
from compiler.diagnostics import did_you_mean
from compiler.runtime import RulesError, compose

__all__ = ["Selection", "check_setup", "choose", "composable", "fill_in"]


@dataclass
class Selection:
    """The chosen module ids (data order as named) and those added, with why."""

    modules: list[str]
    added: list[tuple[str, str]] = field(default_factory=list)  # (module, reason)
    left: list[tuple[str, str]] = field(default_factory=list)  # ``all``: (module, reason)

    @property
    def note(self) -> str:
        """One line naming each added module and why, and each module ``all`` left out
        and why; empty when none was."""
        lines = []
        if self.added:
            lines.append("added module(s) " + ", ".join(f"{m} ({why})" for m, why in self.added))
        if self.left:
            lines.append("'all' left out module(s) " +
                         ", ".join(f"{m} ({why})" for m, why in self.left))
        return "; ".join(lines)


def choose(rules: dict[str, Any], text: str | None, players: int | None,
           fill: bool = False) -> Selection:
    """The selection ``--modules text`` names; UsageError for an unknown module."""
    known = list(rules.get("modules") or {})
    if text is not None and text.strip() == "all":
        return _all(rules, known, players)
    if text is not None and text.strip() == "none" and "none" not in known:
        text = ""   # the base game, as `rulesc sheet --modules none` says it
    wanted = list(dict.fromkeys(_module_id(rules, m.strip())
                                for m in (text or "").split(",") if m.strip()))
    for word in ("all", "none"):   # `--modules all,co2`: not "unknown module 'all'"
        if word in wanted and word not in known:
            what = "every module" if word == "all" else "the base game"
            others = ",".join(m for m in wanted if m != word)
            raise UsageError(f"'{word}' stands alone: --modules {word} ({what}), or name "
                             f"the modules: --modules {others}")
    for mid in wanted:
        if mid not in known:
            hint = did_you_mean(mid.casefold(), known)
            raise UsageError(f"unknown module '{mid}' (this game has: "
                             f"{', '.join(known) or 'none'})" + (f"; {hint}" if hint else ""))
    return fill_in(rules, wanted, players) if fill else Selection(wanted)


def _module_id(rules: dict[str, Any], word: str) -> str:
    """The module ``word`` names: its id, in any case (``CO2``), or its name in one of the
    game's languages (``Private Industry``, ``Industria privata``); else ``word``."""
    for mid, module in (rules.get("modules") or {}).items():
        names = module.get("name") if isinstance(module, dict) else None
        said = list(names.values()) if isinstance(names, dict) else []
        if word.casefold() in (str(mid).casefold(), *(str(n).casefold() for n in said)):
            return str(mid)
    return word


def fill_in(rules: dict[str, Any], wanted: list[str], players: int | None) -> Selection:
    """``wanted`` plus the modules the player count needs and those each one requires."""
    known: dict[str, Any] = rules.get("modules") or {}
    chosen = list(wanted)
    added: list[tuple[str, str]] = []
    if players is not None:
        for mid, module in known.items():
            need = module.get("required_for_players")
            if mid not in chosen and need and _in_range(players, need):
                chosen.append(mid)
                added.append((mid, f"a {players}-player game needs it"))
    i = 0
    while i < len(chosen):
        for req in known.get(chosen[i], {}).get("requires") or []:
            if req in known and req not in chosen:
                chosen.append(req)
                added.append((req, f"{chosen[i]} requires it"))
        i += 1
    return Selection(chosen, added)


def composable(rules: dict[str, Any], players: int | None) -> Selection:
    """``all``: every module of ``rules``, in data order, that composes with the ones kept
    before it for ``players`` (None: any count); the others are ``left`` with the reason
    the composition gave (a conflict, a player count)."""
    return _all(rules, list(rules.get("modules") or {}), players)


def _all(rules: dict[str, Any], known: list[str], players: int | None) -> Selection:
    """``composable`` over the module ids ``known``."""
    out = Selection([])
    for mid in known:
        try:
            compose(rules, out.modules + [mid], players)
        except RulesError as exc:
            out.left.append((mid, str(exc)))
            continue
        out.modules.append(mid)
    return out


def check_setup(rules: dict[str, Any], modules: list[str], players: int) -> None:
    """UsageError when ``players`` is outside the game's range or ``modules`` do not
    compose for it: what the command line asked for is wrong (exit 2). A ``RulesError``
    of ``Game.new`` after this check is the rules' own failure (a loop that never ends)."""
    from compiler.runtime.compose import needed_modules, players_text

    limits = (rules.get("game") or {}).get("players") or {}
    if not limits.get("min", 1) <= players <= limits.get("max", players):
        raise UsageError(f"this game is for {players_text(limits.get('min', 1), limits.get('max'))}"
                         f", not {players}")
    try:
        needed_modules(rules, compose(rules, modules, players)["active_modules"], players)
    except RulesError as exc:
        raise UsageError(str(exc)) from None


def _in_range(n: int, limits: dict[str, Any]) -> bool:
    low, high = limits.get("min", n), limits.get("max", n)
    return bool(low <= n <= high)
