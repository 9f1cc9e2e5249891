"""``Index.nodes`` finds the nodes of a big record table's records on demand (a game of
many cards starts without walking them all): every statement node of the composed rules
is found (an equal node), and nothing else is (issue 8, scale)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from compiler.runtime import compose
from compiler.runtime.index import LAZY_MIN, Nodes


def _statements(node: Any, out: dict[int, Any]) -> dict[int, Any]:
    if isinstance(node, dict):
        if isinstance(node.get("id"), int) and "op" in node:
            out[node["id"]] = node
        for value in node.values():
            _statements(value, out)
    elif isinstance(node, list):
        for value in node:
            _statements(value, out)
    return out


@pytest.mark.parametrize("game", ["terraforming_mars", "pampero"])
def test_every_node_is_found_with_and_without_modules(game: str) -> None:
    rules = importlib.import_module(f"generated.{game}").RULES
    assert max(len(t) for t in rules["records"].values()) >= LAZY_MIN  # some are lazy
    everything = _statements(rules, {})
    modules = list(rules["records"]["modules"])
    selections = [[]] + [[m] for m in modules]
    for chosen in selections:
        try:
            composed = compose(rules, chosen + [r for m in chosen for r in
                                                rules["records"]["modules"][m]
                                                .get("requires") or []], 3)
        except Exception:  # a module that needs another player count
            continue
        want = _statements(composed, {})
        nodes = Nodes(composed)
        for nid in sorted(everything, reverse=True):  # from the last: each range first
            if nid in want:
                assert nid in nodes and nodes[nid] == want[nid]  # modules are twice in the IR
                assert nodes.get(nid) == want[nid]
            else:
                assert nid not in nodes and nodes.get(nid) is None
                with pytest.raises(KeyError):
                    nodes[nid]
