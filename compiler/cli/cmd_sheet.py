"""``rulesc sheet GAME [--lang L] [--rules PATH] --out FILE``: a printable sheet.

Writes the rule-reference sheet of GAME in one language as PDF (``FILE.pdf``, needs the
optional WeasyPrint extra: ``pip install -e ".[pdf]"``) or as HTML (any other name). The
same sheets are built as HTML into ``generated/<game>/sheets/``; PDFs embed dates, so
they are written only here. The file is written atomically. Exit 0 ok; 1 on rules data
with errors, a missing PDF library or an unwritable file; 2 unknown game or language.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from compiler import sheets
from compiler.cli.common import compiled_game
from compiler.sheets.pdf import PdfUnavailable, to_pdf


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register this command and its options on the ``rulesc`` parser."""
    p = sub.add_parser("sheet", help="write a printable rule-reference sheet (PDF or HTML)")
    p.add_argument("game")
    p.add_argument("--lang", help="the sheet's language (default: the rulebook's)")
    p.add_argument("--rules", type=Path, help="a rules folder outside this repo")
    p.add_argument("--on", metavar="GAME", help="--rules is an expansion of the shipped GAME")
    p.add_argument("--out", type=Path, required=True, help="FILE.pdf or FILE.html")
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
        _write(args.out, data)
    except PdfUnavailable as exc:
        print(f"rulesc sheet: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"rulesc sheet: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.out} ({lang}, {len(data)} bytes)")
    return 0


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent if
                               str(path.parent) else ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
