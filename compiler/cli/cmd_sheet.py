"""``rulesc sheet GAME [--aid A] [--audience player|designer] [--modules a,b|all|none]
[--paper a4|letter] [--lang L] [--rules PATH] --out FILE``: a printable sheet or aid.

Writes one aid of GAME in one language as PDF (``FILE.pdf``, needs the optional WeasyPrint
extra: ``pip install -e ".[pdf]"``) or as HTML (any other name): ``reference`` (the rule
reference, the default), ``quick`` (one page), ``modules`` (one page per module) or
``cards`` (63 x 88 mm proxies, nine to a sheet, crop marks). ``--audience player`` (the
default) shows no sources, ids or data; ``designer`` shows them. ``--modules`` prints a
selection (what the chosen modules require is added, and said in one line); without it
the sheet shows the whole box. The PDF is byte-identical from run to run; on a terminal
the render's progress goes to stderr. The file is written atomically, with the
permissions the user's umask gives. Exit 0 ok; 1 on rules data with errors, a missing
PDF library or a file that cannot be written; 2 on a wrong command line (unknown game,
language, module, a selection whose modules conflict, or an ``--out`` in no folder, said
before anything is rendered, as ``play --log`` and ``simulate --out`` say it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from compiler import sheets
from compiler.cli.common import UsageError, add_game, command, compiled_game, output_problem
from compiler.cli.selection import choose
from compiler.output import write_file
from compiler.runtime import RulesError
from compiler.sheets.audit import shown_in
from compiler.sheets.pdf import PdfUnavailable, glyph_warnings, to_pdf

EXAMPLES = [
    ("rulesc sheet terraforming_mars --out tm.html", "the rule reference, rulebook language"),
    ("rulesc sheet pampero --lang it --out pampero.pdf", "PDF (needs the pdf extra)"),
    ("rulesc sheet terraforming_mars --aid quick --paper letter --out quick.pdf",
     "the one-page quick reference on US Letter"),
    ("rulesc sheet pampero --aid modules --modules co2,h2 --out co2.pdf",
     "one page for each chosen module"),
    ("rulesc sheet love_letter --aid cards --lang it --out cards.pdf",
     "card proxies, 63 x 88 mm, nine to a page with crop marks"),
    ("rulesc sheet terraforming_mars --audience designer --out tm-designer.html",
     "with sources and provisional notes"),
    ("rulesc sheet terraforming_mars --rules my_expansion --on terraforming_mars --out x.html",
     "with an expansion's cards"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "sheet", "write a printable rule sheet or player aid (PDF or HTML)",
                EXAMPLES)
    add_game(p)
    p.add_argument("--aid", choices=sheets.AIDS, default="reference",
                   help="which aid (default: reference)")
    p.add_argument("--audience", choices=sheets.AUDIENCES, default="player",
                   help="player: no sources or ids; designer: sources and notes "
                        "(default: player)")
    p.add_argument("--modules", metavar="A,B|all|none",
                   help="print this selection of modules (default: the whole box)")
    p.add_argument("--paper", choices=tuple(sheets.PAPERS), default="a4",
                   help="paper size (default: a4)")
    p.add_argument("--lang", help="the sheet's language (default: the rulebook's)")
    p.add_argument("--rules", type=Path, metavar="PATH", help="a rules folder outside this repo")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of GAME")
    p.add_argument("--out", type=Path, required=True, metavar="FILE",
                   help="FILE.pdf or FILE.html")
    p.set_defaults(run=run)


def _selection(ir: dict, text: str | None) -> list[str] | None:
    """The modules ``--modules`` names, with those they require (said on stderr)."""
    if text is None:
        return None
    if text.strip() == "none":
        return []
    chosen = choose(ir, text, None, fill=True)
    if chosen.note:
        print(f"rulesc sheet: {chosen.note}", file=sys.stderr)
    return chosen.modules


def _progress(out: Path) -> Callable[[str], None] | None:
    """Progress lines on stderr when it is a terminal (a PDF takes seconds)."""
    if not sys.stderr.isatty():
        return None
    return lambda text: print(f"rulesc sheet: {out.name}: {text}", file=sys.stderr,
                              flush=True)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    if args.out.suffix.lower() not in (".pdf", ".html", ".htm"):
        print(f"rulesc sheet: --out must end in .pdf or .html, not {args.out.name!r}",
              file=sys.stderr)
        return 2
    problem = output_problem(args.out, folder=False)
    if problem:
        print(f"rulesc sheet: --out: {problem}", file=sys.stderr)
        return 2
    comp = compiled_game("sheet", args.game, args.rules, args.on)
    if isinstance(comp, int):
        return comp
    langs = sheets.languages(comp.ir)
    lang = args.lang or str((comp.ir.get("game") or {}).get("language") or langs[0])
    if lang not in langs:
        print(f"rulesc sheet: unknown language '{lang}' (have: {', '.join(langs)})",
              file=sys.stderr)
        return 2
    try:
        chosen = _selection(comp.ir, args.modules)
        empty = sheets.nothing_to_print(comp.ir, args.aid, lang, args.audience, chosen)
        if empty:   # an empty page is nothing to print: say so, write nothing
            print(f"rulesc sheet: {args.game}: nothing to print for --aid {args.aid}: "
                  f"{empty}; {args.out} not written", file=sys.stderr)
            return 1
        html = sheets.page(comp.ir, args.aid, lang, args.audience, args.paper, chosen)
    except (UsageError, RulesError) as exc:
        print(f"rulesc sheet: {exc}", file=sys.stderr)
        return 2
    if args.out.suffix.lower() == ".pdf":   # characters no font has print as empty boxes
        for line in glyph_warnings(comp.ir, comp.docs, html):
            print(line, file=sys.stderr)
    return _write(args, html, lang, shown_in(comp.ir, lang))


def _write(args: argparse.Namespace, html: bytes, lang: str, foreign: dict[str, int]) -> int:
    """Write ``html`` (or its PDF) to ``--out``; 0, or 1 when it cannot."""
    try:
        data = to_pdf(html, _progress(args.out)) if args.out.suffix.lower() == ".pdf" \
            else html
        write_file(args.out, data)
    except PdfUnavailable as exc:
        print(f"rulesc sheet: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"rulesc sheet: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    if foreign:   # {language shown in: how many names}
        where = " and ".join(f"'{k}'" + (f" ({n})" if len(foreign) > 1 else "")
                             for k, n in sorted(foreign.items(), key=lambda kv: -kv[1]))
        print(f"rulesc sheet: note: {sum(foreign.values())} names have no '{lang}' form; "
              f"the sheet shows them in {where}, with a note", file=sys.stderr)
    print(f"wrote {args.out} ({args.aid}, {args.audience}, {lang}, {args.paper}, "
          f"{len(data)} bytes)")
    return 0
