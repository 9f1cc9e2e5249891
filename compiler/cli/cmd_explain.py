"""``rulesc explain GAME ID [--lang it|en] [--rules PATH]``: one item's generated text.

Prints the rule text of any record the game declares (a card, an action, a tile...), a
module, a setup step, a phase or a scoring line (``compiler.sheets.explain``; every
sheet language unless ``--lang``), the YAML file:line it comes from and the rulebook
section it cites. ``ID`` may be ``kind:id`` when an id names several items (e.g.
``cards:asteroid`` vs ``actions:asteroid``).
Exit 1 on unknown ids (with a did-you-mean) and on rules data with errors; 2 for an
unknown game or language.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli.common import add_game, command, compiled_game
from compiler.diagnostics import did_you_mean
from compiler.pipeline import Compilation
from compiler.sheets import explain, languages

EXAMPLES = [
    ("rulesc explain terraforming_mars asteroid", "a card and a standard project"),
    ("rulesc explain terraforming_mars cards:asteroid --lang en", "only the card, in English"),
    ("rulesc explain terraforming_mars setup:first_player", "a setup step"),
    ("rulesc explain terraforming_mars scoring:greenery", "a line of the final scoring"),
    ("rulesc explain pampero deck:contracts_a1", "a deck: what it holds and how it is dealt"),
    ("rulesc explain love_letter definitions:guard", "a word of the game: its phrase and text"),
    ("rulesc explain terraforming_mars roof_garden --rules my_expansion --on "
     "terraforming_mars", "a card of an expansion"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "explain", "print the generated rule text of one item (card, action, "
                "setup step, deck, scoring line...) with its YAML line and rulebook section",
                EXAMPLES)
    add_game(p)
    p.add_argument("id", metavar="ID", help="item id, or KIND:ID (a record kind of the "
                   "game, module, definitions, events, setup, phase, end, scoring)")
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
    return _explain(comp, args, [args.lang] if args.lang else langs)


def _explain(comp: Compilation, args: argparse.Namespace, langs: list[str]) -> int:
    """Every item ``args.id`` names, in ``langs`` (``compiler.sheets.explain``)."""
    core = explain
    found = core.find(comp.ir, args.id) or _by_name(comp.ir, args.id)
    if not found:
        prefix, _, ident = args.id.rpartition(":")
        hint = did_you_mean(ident, core.candidates(comp.ir))
        if prefix and not {prefix, prefix + "s"} & set(core.kinds(comp.ir)):
            hint = did_you_mean(prefix, core.kinds(comp.ir)) or hint
        print(f"rulesc explain: no item '{args.id}' in {args.game}" + (f"; {hint}" if hint
                                                                        else ""),
              file=sys.stderr)
        print(f"  hint: ID is an id of the game's records, words or flow steps, a record's name "
              f"(\"Power Plant\"), or KIND:ID when one is shared (KIND: "
              f"{', '.join(core.kinds(comp.ir))})", file=sys.stderr)
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


def _by_name(ir: dict, text: str) -> list[tuple[str, str]]:
    """``(kind, id)`` of the records whose name, in any language, is ``text`` (case and
    spaces aside): `rulesc explain terraforming_mars Cometa` finds the card ``comet``."""
    want = " ".join(text.split()).casefold()
    return [(kind, rid) for kind, table in (ir.get("records") or {}).items()
            if isinstance(table, dict) for rid, rec in table.items()
            if isinstance(rec, dict) and isinstance(rec.get("name"), dict) and
            any(isinstance(n, str) and " ".join(n.split()).casefold() == want
                for n in rec["name"].values())]
