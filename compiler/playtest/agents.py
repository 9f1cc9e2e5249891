"""Agents: who answers a seat's decisions. ``make_agents("human,random", players, seed)``.

An agent has ``name`` and ``choose(game) -> option`` (one of ``game.legal_actions()``); a
human may instead answer ``UNDO``. Random seats share one ``RandomPolicy(seed)``, so a
game of random agents plays exactly as ``RandomPolicy(seed).play(game)`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TextIO

from compiler.playtest.games import SetupError
from compiler.runtime import RandomPolicy

__all__ = ["AGENTS", "UNDO", "Agent", "HumanAgent", "RandomAgent", "make_agents"]

UNDO = object()  # a human's answer: go back to their previous decision


class QuitGame(Exception):
    """The human ended the game (``quit`` or end of input); its text is the closing line
    in the game's language (labels ``play_quit``, ``play_input_ended``)."""


class Agent(Protocol):
    name: str

    def choose(self, game: Any) -> Any: ...


class RandomAgent:
    """Seeded uniform choice (``compiler.runtime.RandomPolicy``)."""

    name = "random"

    def __init__(self, policy: RandomPolicy) -> None:
        self.policy = policy

    def choose(self, game: Any) -> Any:
        return self.policy.choose(game)


class HumanAgent:
    """Asks at the terminal: the player's own view, then numbered options in the game's
    language. Answer by number, by a unique prefix of an option, ``undo``, ``view`` (show
    the view again) or ``quit``; ``? N`` prints ``explain(option N)`` (what its cards
    do) when given. Reads ``stdin`` line by line, so tests and tmux can drive it; end of
    input raises QuitGame."""

    name = "human"

    def __init__(self, show: Callable[[Any, int], str], label: Callable[[Any], str],
                 stdin: TextIO, stdout: TextIO, names: Any = None,
                 explain: Callable[[Any], str] | None = None) -> None:
        self.show, self.label, self.stdin, self.stdout = show, label, stdin, stdout
        self.explain = explain
        """The rule text of the records an option names (``rulesc explain``'s), or None."""
        self.last: dict[int, str] = {}
        """The view each seat saw at its previous decision."""
        self.names = names
        """Words of the game's language (``Names``) for the menu's head: the player and
        the decision's kind; without them, ``player N`` and the kind's id."""

    def choose(self, game: Any) -> Any:
        pending = game.pending()
        options = distinct(pending["options"])
        labels = told_apart(options, [self.label(o) for o in options], self.names)
        view = self.show(game, pending["player"])
        self._say(view)
        before = self.last.get(pending["player"])
        if before is not None:
            self._say(_since(changes(before, view), self.names))
        self.last[pending["player"]] = view
        self._say(_menu(pending, labels, self.names, self.explain is not None))
        while True:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise QuitGame(self.names.said("play_input_ended", "stopped (input ended)")
                               if self.names else "stopped (input ended)")
            asked = _asked(line, self.names) if self.explain is not None else None
            if asked is not None and self.explain is not None:
                self._say(self.explain(options[asked]) if 0 <= asked < len(options) else
                          parse_answer(str(asked + 1), labels, self.names)[1])
                continue
            answer, message = parse_answer(line, labels, self.names)
            if answer == "undo":
                return UNDO
            if answer == "view":
                self._say(self.show(game, pending["player"]) + "\n" +
                          _menu(pending, labels, self.names))
            elif isinstance(answer, int):
                return options[answer]
            else:
                self._say(message)

    def _say(self, text: str) -> None:
        """Write ``text``, each line longer than the terminal (100 columns when it is not
        one) wrapped under its own indent: a prompt or a menu option is read in full."""
        import shutil
        import textwrap

        width = max(shutil.get_terminal_size((100, 24)).columns, 20)
        lines = []
        for line in text.split("\n"):
            if len(line) <= width:
                lines.append(line)
                continue
            indent = " " * (len(line) - len(line.lstrip()) + 4)
            lines.append(textwrap.fill(line, width=width, subsequent_indent=indent,
                                       break_long_words=False, break_on_hyphens=False))
        self.stdout.write("\n".join(lines) + "\n")
        self.stdout.flush()


def distinct(options: list[Any]) -> list[Any]:
    """``options`` less repeats, in order: two copies of a card in hand are two equal
    options (``{act: buy, card: market}``), one choice for a player (listed twice, the
    name typed in full fitted "2 options" and could not be told apart)."""
    import json

    seen: set[str] = set()
    out = []
    for option in options:
        key = json.dumps(option, sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append(option)
    return out


def told_apart(options: list[Any], labels: list[str], names: Any = None) -> list[str]:
    """``labels`` with each one that two different options share followed by what tells
    them apart: the values that differ, a record by its printed ``number`` (Pampero's
    two "Build a wind farm" cards, ``(#A1)`` and ``(#A2)``), else by its id."""
    pairs = list(zip(options, labels, strict=True))
    out = []
    for option, label in pairs:
        twins = [o for o, other in pairs if other == label and o != option]
        if twins and isinstance(option, dict):
            keys = [k for k in option if any(not isinstance(o, dict) or k not in o or
                                             o[k] != option[k] for o in twins)]
            label += f" ({', '.join(_printed(option[k], names) for k in keys)})" if keys else ""
        out.append(label)
    return out


def _printed(value: Any, names: Any) -> str:
    """A value as printed on its record: ``#A1`` for a record whose ``number`` is A1,
    else the value itself ("-" for none)."""
    if value is None:
        return "-"
    rules = getattr(names, "rules", None) or {}
    for table in (rules.get("records") or {}).values():
        rec = table.get(value) if isinstance(table, dict) and isinstance(value, str) else None
        if isinstance(rec, dict) and isinstance(rec.get("number"), (str, int)):
            return f"#{rec['number']}"
    return str(value)


def _menu(pending: dict[str, Any], labels: list[str], names: Any = None,
          explain: bool = False) -> str:
    head = names.decision(pending) if names else \
        f"player {pending['player'] + 1} · {pending['kind']}: {pending['prompt']}"
    rows = [f"{i:>3}. {text}" for i, text in enumerate(labels, 1)]
    answer = "(number or start of an option; undo, view, quit)"
    answer = names.said("view_answer", answer) if names else answer
    if explain:  # the game's label `view_explain`, else English
        answer += " " + (names.said("view_explain", "(? N: what option N does)") if names
                         else "(? N: what option N does)")
    return "\n".join([head, *rows, answer])


def _asked(line: str, names: Any = None) -> int | None:
    """N - 1 for ``? N``, ``?N`` or ``explain N`` (or the game's word for it, its label
    ``menu_explain``); None for any other answer."""
    words = line.strip().lower().split()
    if len(words) == 1 and words[0][:1] == "?":
        words = ["?", words[0][1:]]
    heads = {"?", "explain", str(names.said("menu_explain", "explain")).lower() if names
             else "explain"}
    if len(words) == 2 and words[0] in heads and words[1].isdigit():
        return int(words[1]) - 1
    return None


COMMANDS = ("undo", "view", "quit")
"""The menu's own words; a game's labels ``menu_undo``, ``menu_view``, ``menu_quit`` add
its language's word for each (an Italian game: annulla, vista, esci)."""


def parse_answer(line: str, labels: list[str], names: Any = None
                 ) -> tuple[int | str | None, str]:
    """``(index, "")`` for a valid choice, ``("undo"|"view", "")``, or ``(None, why)``
    (``why`` in the game's language when ``names`` give its words: ``answer_*``).

    A number counts from 1; otherwise the text must start exactly one label (case and
    surrounding blanks ignored; a label equal to the text wins). Raises QuitGame on quit.
    A command word (``COMMANDS``, in English or in the game's words) wins over a label.
    """
    def said(key: str, english: str, **holes: Any) -> str:
        if names is None:
            return english.format(**holes)
        return str(names.said(key, english.format(**holes), **holes))

    text = line.strip().lower()
    command = _command(text, names)
    if command == "quit":
        raise QuitGame(said("play_quit", "stopped (quit)"))
    if command is not None:
        return command, ""
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(labels):
            return n - 1, ""
        return None, said("answer_no_option", "no option {n}: choose 1-{last}", n=n,
                          last=len(labels))
    if not text:
        return None, said("answer_help", "type a number, the start of an option, undo, "
                          "view or quit")
    hits = [i for i, lab in enumerate(labels) if lab.lower().startswith(text)]
    exact = [i for i in hits if labels[i].lower() == text]
    if len(hits) == 1 or len(exact) == 1:
        return (exact or hits)[0], ""
    if not hits:
        return None, said("answer_no_prefix", "no option starts with '{text}'",
                          text=line.strip())
    return None, said("answer_ambiguous", "'{text}' fits {n} options: type more, or the "
                      "number", text=line.strip(), n=len(hits))


def _command(text: str, names: Any) -> str | None:
    """The menu command ``text`` names (``exit`` is ``quit`` too), or None."""
    if text == "exit":
        return "quit"
    for command in COMMANDS:
        own = names.said(f"menu_{command}", command).strip().lower() if names else command
        if text in (command, own):
            return command
    return None


AGENTS = ("human", "random")


def make_agents(spec: str, players: int, seed: int,
                human: Callable[[], HumanAgent] | None = None,
                where: str = "simulate") -> list[Agent]:
    """One agent per seat from ``human,random,...`` (one name: every seat).

    ``human()`` builds a terminal agent (None: no human seat; ``where`` names the command
    for its message). Raises SetupError for an unknown name, a human seat without
    ``human``, or a list whose length is not 1 or the player count.
    """
    names = [n.strip() for n in spec.split(",") if n.strip()] or ["random"]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise SetupError(f"{len(names)} agents for {players} players: name one agent (for "
                         "every seat) or one per seat")
    policy = RandomPolicy(seed)
    out: list[Agent] = []
    for name in names:
        if name == "random":
            out.append(RandomAgent(policy))
        elif name == "human" and human is not None:
            out.append(human())
        elif name == "human":   # `rulesc simulate`: no terminal to ask
            raise SetupError(f"no human seat in {where}: its agents are: random")
        else:
            raise SetupError(f"unknown agent '{name}' (agents: {', '.join(AGENTS)})")
    return out


def changes(before: str, after: str) -> list[str]:
    """The entries of view ``after`` that view ``before`` (of the same player) did not
    have: what changed since that player's last decision, the other players' doings
    included, as far as that player may see them. Each is one whole entry, its wrapped
    lines joined ("pieces on the board: ...", never a piece of a wrapped line)."""
    old = set(entries(before)[1:])
    return [entry for entry in entries(after)[1:] if entry not in old]


def entries(view: str) -> list[str]:
    """The entries of a view, one string each: a line and the lines wrapped under it
    (indented) joined by a blank, as the line was before it was wrapped."""
    out: list[str] = []
    for line in view.splitlines():
        if line[:1] == " " and out:
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


def _since(lines: list[str], names: Any = None) -> str:
    """What changed since the seat's previous decision (its own and others' doings), in
    the game's words (labels ``view_since``, ``view_unchanged``) when ``names`` has them."""
    def said(key: str, english: str) -> str:
        return names.said(key, english) if names is not None else english

    if not lines:
        return said("view_unchanged", "since your last decision: nothing you can see changed")
    return (said("view_since", "since your last decision:") + "\n"
            + "\n".join(f"  * {line}" for line in lines))
