"""``rulesc explain GAME ID [--lang it|en] [--rules PATH]``: one item's generated text.

Prints the rule text of a card, action, milestone, award, tile, parameter, track,
resource, module, setup step, phase, scoring line, action card, contract, deck item,
replacement or deck (``compiler.sheets.explain.ALL_KINDS``; every sheet language unless
``--lang``), the YAML
file:line it comes from and the rulebook section it cites. ``ID`` may be ``kind:id`` when
an id names several items (e.g. ``card:asteroid`` vs ``action:asteroid``). A game in the
core language is explained by ``compiler.sheets.core.explain`` (any record kind it
declares, its modules and flow steps).
Exit 1 on unknown ids (with a did-you-mean) and on rules data with errors; 2 for an
unknown game or language.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from compiler.cli.common import add_game, command, compiled_game
from compiler.diagnostics import did_you_mean
from compiler.pipeline import Compilation
from compiler.sheets import explain, languages
from compiler.sheets.items import citation
from compiler.sheets.vocab import Names

EXAMPLES = [
    ("rulesc explain terraforming_mars asteroid", "a card and a standard project"),
    ("rulesc explain terraforming_mars card:asteroid --lang en", "only the card, in English"),
    ("rulesc explain terraforming_mars setup:first_player", "a setup step"),
    ("rulesc explain terraforming_mars scoring:greenery", "a line of the final scoring"),
    ("rulesc explain pampero deck:contracts_a1", "a deck: what it holds and how it is dealt"),
    ("rulesc explain terraforming_mars roof_garden --rules my_expansion --on "
     "terraforming_mars", "a card of an expansion"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "explain", "print the generated rule text of one item (card, action, "
                "setup step, deck, scoring line...) with its YAML line and rulebook section",
                EXAMPLES)
    add_game(p)
    p.add_argument("id", metavar="ID", help="item id, or KIND:ID; kinds: "
                   + ", ".join(explain.ALL_KINDS))
    p.add_argument("--lang", help="one language (default: every sheet language)")
    p.add_argument("--rules", type=Path, metavar="PATH", help="a rules folder outside this repo")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of GAME")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    comp = compiled_game("explain", args.game, args.rules, args.on)
    if isinstance(comp, int):
        return comp
    langs = languages(comp.ir)
    if args.lang and args.lang not in langs:
        print(f"rulesc explain: unknown language '{args.lang}' (have: {', '.join(langs)})",
              file=sys.stderr)
        return 2
    if comp.ir.get("core"):
        return _run_core(comp, args, [args.lang] if args.lang else langs)
    found = explain.find(comp.ir, args.id)
    if not found:
        hint = did_you_mean(args.id.rpartition(":")[2], explain.candidates(comp.ir))
        print(f"rulesc explain: no item '{args.id}' in {args.game}" + (f"; {hint}" if hint
                                                                        else ""),
              file=sys.stderr)
        return 1
    blocks = [_block(comp, kind, ident, [args.lang] if args.lang else langs)
              for kind, ident in found]
    print("\n\n".join(blocks))
    return 0


def _block(comp: Compilation, kind: str, ident: str, langs: list[str]) -> str:
    """One item: header, source lines, then its text in each language."""
    rec = explain.record(comp.ir, kind, ident)
    cite = citation(rec, Names(comp.ir))
    out = [f"{kind} {ident}", f"  data:     {_location(comp, kind, ident, rec)}",
           f"  rulebook: {cite['doc']}, § {cite['section']}" if cite["section"] else
           "  rulebook: (no section cited)"]
    for lang in langs:
        text = explain.lines(comp.ir, kind, ident, lang)
        out.append(f"  [{lang}] {text[0]}")
        out.extend(f"       {line}" for line in text[1:])
    return "\n".join(out)


def _location(comp: Compilation, kind: str, ident: str, rec: dict[str, Any]) -> str:
    """``path:line`` of the item in the rules data."""
    if rec.get("at"):
        return str(rec["at"])
    doc = next((d for d in comp.docs if d.kind == "flow"), None)
    if doc is None or kind not in explain.FLOW:
        return "?"
    span = doc.span((explain.FLOW[kind], explain.step_index(comp.ir, kind, ident)))
    return f"{span.path}:{span.line}"


def _run_core(comp: Compilation, args: argparse.Namespace, langs: list[str]) -> int:
    """A game in the core language (``compiler.sheets.core.explain``)."""
    from compiler.sheets.core import explain as core

    found = core.find(comp.ir, args.id)
    if not found:
        hint = did_you_mean(args.id.rpartition(":")[2], core.candidates(comp.ir))
        print(f"rulesc explain: no item '{args.id}' in {args.game}" + (f"; {hint}" if hint
                                                                        else ""),
              file=sys.stderr)
        return 1
    blocks = []
    for kind, ident in found:
        cite = core.source(comp.ir, kind, ident)
        out = [f"{kind} {ident}",
               f"  data:     {core.location(comp.ir, comp.docs, kind, ident)}",
               f"  rulebook: {cite['doc']}, § {cite['section']}" if cite["section"] else
               "  rulebook: (no section cited)"]
        for lang in langs:
            text = [t for t in core.lines(comp.ir, kind, ident, lang) if t]
            out.append(f"  [{lang}] {text[0]}")
            out.extend(f"       {line}" for line in text[1:])
        blocks.append("\n".join(out))
    print("\n\n".join(blocks))
    return 0
