"""Playtesting on the public Game API: agents (terminal human, random), game logs
(JSON Lines) and replay, golden logs, and batch simulation with a report.

Modules: ``games`` (find a built game, module selections, option names), ``agents``,
``session`` (play one game with undo), ``gamelog``, ``replay``, ``golden``,
``simulate`` and ``report`` (the last two need the ``playtest`` extra).
"""
