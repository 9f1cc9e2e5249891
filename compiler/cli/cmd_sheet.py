"""``rulesc sheet GAME [--lang L] [--rules PATH] --out FILE``: a printable sheet.

Writes the rule-reference sheet of GAME in one language as PDF (``FILE.pdf``, needs the
optional WeasyPrint extra: ``pip install -e ".[pdf]"``) or as HTML (any other name). The
same sheets are built as HTML into ``generated/<game>/sheets/``; PDFs embed dates, so
they are written only here. The file is written atomically, with the permissions the
user's umask gives (``compiler.output.write_file``). Exit 0 ok; 1 on rules data
with errors, a missing PDF library or an unwritable file; 2 unknown game or language.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler import sheets
from compiler.cli.common import add_game, command, compiled_game
from compiler.output import write_file
from compiler.sheets.pdf import PdfUnavailable, to_pdf

EXAMPLES = [
    ("rulesc sheet terraforming_mars --out tm.html", "HTML in the rulebook's language"),
    ("rulesc sheet pampero --lang it --out pampero.pdf", "PDF (needs the pdf extra)"),
    ("rulesc sheet terraforming_mars --rules my_expansion --on terraforming_mars --out x.html",
     "with an expansion's cards"),
]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = command(sub, "sheet", "write a printable rule-reference sheet (PDF or HTML)", EXAMPLES)
    add_game(p)
    p.add_argument("--lang", help="the sheet's language (default: the rulebook's)")
    p.add_argument("--rules", type=Path, metavar="PATH", help="a rules folder outside this repo")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of GAME")
    p.add_argument("--out", type=Path, required=True, metavar="FILE",
                   help="FILE.pdf or FILE.html")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command (see the module docstring); returns the exit status 0, 1 or 2."""
    if args.out.suffix.lower() not in (".pdf", ".html", ".htm"):
        print(f"rulesc sheet: --out must end in .pdf or .html, not {args.out.name!r}",
              file=sys.stderr)
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
    html = sheets.render(comp.ir)[f"reference.{lang}.html"]
    try:
        data = to_pdf(html) if args.out.suffix.lower() == ".pdf" else html
        write_file(args.out, data)
    except PdfUnavailable as exc:
        print(f"rulesc sheet: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"rulesc sheet: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.out} ({lang}, {len(data)} bytes)")
    return 0
