"""Stage 6, sheets: printable rule sheets and player aids (HTML) from the IR.

``page(ir, aid, lang, ...)`` -> the HTML of one aid: ``reference`` (the whole rule
reference), ``quick`` (a one-page quick reference), ``modules`` (one page per module) or
``cards`` (63 x 88 mm card proxies, nine to a page, with crop marks), for an audience
(``player``: no sources, ids or data; ``designer``: sources and provisional notes), a
paper size (``a4`` or ``letter``) and a selection of modules (``None``: the whole box).
``render(ir)`` -> ``{relative path: bytes}``: what ``rulesc build`` writes, every aid in
every language of ``ir["game"]["languages"]``; it raises ``SheetError`` when a player's
page shows an id, ``None`` or a data path (``compiler.sheets.audit``).

The rule text comes from the text trees the resolver keeps beside the IR (``ir["texts"]``),
worded by the definitions' own texts (``compiler.sheets.speak``); the layout comes from the
game's ``sheet`` in game.yaml (``compiler.sheets.sheet``). Jinja2 autoescapes every data
string; output is deterministic (no dates, data order kept).
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Jinja is imported when a sheet is rendered, not before
    import jinja2

__all__ = ["AIDS", "AUDIENCES", "PAPERS", "SheetError", "languages", "page", "page_and_leaks",
           "render"]

AIDS = ("reference", "quick", "modules", "cards")
AUDIENCES = ("player", "designer")
PAPERS = {"a4": "A4", "letter": "letter"}


class SheetError(ValueError):
    """A player's page shows what a player must not see (ids, ``None``, data paths).

    ``findings``: ``(page, message, at, word)`` each, ``at`` the ``path:line`` of the
    record whose id is shown, or None (see ``audit.diagnostics``)."""

    def __init__(self, message: str,
                 findings: list[tuple[str, str, str | None, str]] | None = None) -> None:
        super().__init__(message)
        self.findings = findings or []


@functools.lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    """The one Jinja environment (its templates compile once per process)."""
    import jinja2

    return jinja2.Environment(loader=jinja2.PackageLoader("compiler.sheets", "templates"),
                              autoescape=True, undefined=jinja2.StrictUndefined,
                              keep_trailing_newline=True, trim_blocks=True,
                              lstrip_blocks=True)


def languages(ir: dict[str, Any]) -> list[str]:
    """The sheet languages: the game's ``languages``, else its rulebook language."""
    game = ir.get("game") or {}
    langs = [x for x in game.get("languages") or [] if isinstance(x, str)]
    return langs or [str(game.get("language") or "en")]


def page(ir: dict[str, Any], aid: str, lang: str, audience: str = "player",
         paper: str = "a4", modules: list[str] | None = None) -> bytes:
    """The HTML of one aid (see the module docstring). Raises ``compiler.runtime.
    RulesError`` for a selection of modules that does not compose."""
    return page_and_leaks(ir, aid, lang, audience, paper, modules)[0]


def page_and_leaks(ir: dict[str, Any], aid: str, lang: str, audience: str = "player",
          paper: str = "a4", modules: list[str] | None = None) -> tuple[bytes, list[str]]:
    """The HTML of one aid and what its text had to show by its data name, for want of
    words in the data (``Speaker.leaks``: a state entry, a field, a nameless record)."""
    from compiler.sheets import aids
    from compiler.sheets.select import select
    from compiler.sheets.words import words

    chosen = select(ir, modules)
    c = aids.CONTEXTS[aid](chosen, lang, audience)
    c["paper"] = PAPERS[paper]
    c["legend"] = _has_prov(c)
    html = _env().get_template(f"{aid}.html.j2").render(
        c=c, t=functools.partial(_word, words(lang)))
    html = _UNIT_SPACE.sub("&nbsp;", html)   # "-12 °C" is never broken across lines
    html = _CELL.sub(lambda m: _TEXT.sub(lambda t: _NUMBER_WORD.sub("&nbsp;", t.group(0)),
                                         m.group(0)), html)   # "11 M€" in a narrow column
    return html.encode("utf-8"), list(c.get("leaks") or [])


def nothing_to_print(ir: dict[str, Any], aid: str, lang: str, audience: str = "player",
                     modules: list[str] | None = None) -> str | None:
    """Why ``aid`` would print an empty page for this selection (None: it has content):
    card proxies with no section of the game's ``sheet`` laid out as ``cards`` (or none
    with a record), module pages with no module."""
    from compiler.sheets import aids
    from compiler.sheets.select import select

    if aid == "cards":
        if not aids.proxies(select(ir, modules), lang, audience)["pages"]:
            return ("no section of game.yaml's `sheet` is laid out as "
                    "`cards` (or none holds a record)")
    elif aid == "modules" and not aids.module_pages(select(ir, modules), lang,
                                                   audience)["pages"]:
        return "no module is chosen (--modules none)" if modules == [] else \
            "the game has no module"
    return None


_UNIT_SPACE = re.compile(r"(?<=\d) (?=[°%€$£¥])")
"""A space between a number and a unit symbol (on a printed page: a no-break space)."""
_CELL = re.compile(r"<td\b[^>]*>.*?</td>", re.S)
_TEXT = re.compile(r"(?<=>)[^<]+")
_NUMBER_WORD = re.compile(r"(?<=\d) (?=[^\s\d<&])")
"""In a table cell's text, the space between a number and the word after it, its unit
("11 M€", "8 piante"): a narrow column never puts them on two lines."""


def render(ir: dict[str, Any]) -> dict[str, bytes]:
    """Every aid of ``ir`` for ``rulesc build``: ``<aid>.<lang>.html`` for players (the
    reference as ``reference.<lang>.html``) and ``designer.<lang>.html``, the designer's
    reference. Raises ``SheetError`` listing what a player's page must not show."""
    from compiler.sheets.audit import findings

    out, found = {}, []
    for lang in languages(ir):
        for aid in AIDS:
            html = page(ir, aid, lang)
            found += [(f"{aid}.{lang}.html", m, at, w) for m, at, w in findings(html, ir)]
            out[f"{aid}.{lang}.html"] = html
        out[f"designer.{lang}.html"] = page(ir, "reference", lang, "designer")
    if found:
        said = [f"{name}: {m}" for name, m, _, _ in found]
        raise SheetError("a player's sheet shows what only the data should: "
                         + "; ".join(said[:12]) + (" ..." if len(said) > 12 else ""),
                         found)
    return out


def _has_prov(obj: Any) -> bool:
    """Whether anything on the page carries a provisional value (the legend is shown)."""
    if isinstance(obj, dict):
        return bool(obj.get("prov")) or any(_has_prov(v) for v in obj.values())
    if isinstance(obj, list):
        return any(_has_prov(v) for v in obj)
    return False


def _word(table: dict[str, Any], key: str, **kw: Any) -> str:
    return str(table[key]).format(**kw)
