"""Syntax tree -> intermediate representation (plain dicts the runtime interprets).

Every node becomes ``{"op": <snake_case node name>, <fields>..., "at": "path:line:col"}``;
nested nodes, tuples and ``None`` are lowered recursively. The IR holds only str, int,
bool, None, list and dict, so it can be written as Python literals and as JSON.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from compiler.dsl.nodes import Node


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def lower(node: Any, path: str) -> Any:
    """Lower ``node`` (a syntax-tree node, tuple, or scalar) found in file ``path``."""
    if isinstance(node, Node):
        out: dict[str, Any] = {"op": _snake(type(node).__name__)}
        for f in dataclasses.fields(node):
            if f.name in ("line", "col"):
                continue
            out[f.name] = lower(getattr(node, f.name), path)
        out["at"] = f"{path}:{node.line}:{node.col}"
        return out
    if isinstance(node, tuple | list):
        return [lower(x, path) for x in node]
    return node
