"""The base of every syntax-tree node: a frozen dataclass with its source position."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Node:
    """``line``/``col``: absolute, 1-based position in the YAML file the text came from."""

    line: int
    col: int
