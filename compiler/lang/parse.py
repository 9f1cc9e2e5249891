"""Parse core-language text into ``Syn`` trees, keeping exact YAML file positions.

Entry points: ``parse(start, text, position)`` and ``text_positions(doc, path, span)``.
``start`` is ``effect`` (statements), ``expr`` (a value or condition) or ``trigger``.
Syntax errors are diagnostics with code D001 (over-long text D002, nesting D003).

Positions: YAML folds the lines of a plain or ``>`` scalar into one line and keeps those
of a ``|`` block. ``text_positions`` rebuilds, from the file lines, where every character
of the loaded text came from, so an error on the third line of a folded string points
at that line and column of the file.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from functools import lru_cache
from importlib import resources
from typing import Any

from lark import Lark, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from compiler.diagnostics import Diagnostic, Span
from compiler.lang.syntax import Position, Syn, SynBuilder, located

__all__ = ["MAX_LENGTH", "STARTS", "parse", "text_positions"]

STARTS = ("effect", "expr", "trigger")
MAX_LENGTH = 4000
MAX_NESTING = 12


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of ``core.lark``, built once per process and then read from
    Lark's cache file in rulesc's cache folder (``compiler.cache``; Lark checks the
    grammar's hash before using it): about 10 ms instead of about 300.

    It builds ``Syn`` nodes as it parses (``SynBuilder``), not Lark trees: a tree of
    Lark's, with positions, cost more than the parse itself. Every token reaches the
    builder (``keep_all_tokens``), so a rule's offset is that of its first token even
    when the token is a keyword that its kids leave out, as Lark would: the builder
    keeps the terminals the grammar names."""
    grammar = resources.files("compiler.lang").joinpath("core.lark").read_text("utf-8")
    named = frozenset(re.findall(r"^([A-Z][A-Z0-9_]*)\s*:", grammar, re.M))
    return Lark(grammar, parser="lalr", lexer="contextual", start=list(STARTS),
                keep_all_tokens=True, maybe_placeholders=True, cache=_cache_file(),
                transformer=SynBuilder(named).callbacks())


def _cache_file() -> str | bool:
    """Where Lark keeps the built parser (False: nowhere, the folder cannot be made)."""
    import sys

    import lark

    from compiler.cache import cache_dir

    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    version = "{}.{}".format(*sys.version_info[:2])
    return str(folder / f"lark-{lark.__version__}-py{version}-syn.cache")


def parse(start: str, text: str, position: Position, path: str
          ) -> tuple[Syn | None, list[Diagnostic]]:
    """Parse ``text`` from rule ``start``; ``position`` maps offsets to file positions."""
    line, col = position(0)
    if len(text) > MAX_LENGTH:
        return None, [Diagnostic(Span(path, line, col), "D002",
                                 f"text is {len(text)} characters long, over the limit of "
                                 f"{MAX_LENGTH}", hint="split it, or move a part into a "
                                 "definition of the game")]
    # fewer openings than the limit cannot nest past it: most texts are not walked
    opened = text.count("(") + text.count("[") + text.count("{")
    depth, at = _nesting(text) if opened > MAX_NESTING else (0, 0)
    if depth > MAX_NESTING:
        return None, [Diagnostic(Span(path, *position(at)), "D003",
                                 f"parentheses nest {depth} deep, over the limit of "
                                 f"{MAX_NESTING}", hint="move the inner part into a "
                                 "definition of the game")]
    try:
        tree = _tree(start, text)
    except UnexpectedInput as exc:
        return None, [_syntax_error(start, text, exc, position, path)]
    return located(tree, position), []


@lru_cache(maxsize=20_000)
def _tree(start: str, text: str) -> Any:
    """The ``Syn`` tree of ``text`` at character offsets (``SynBuilder``; the same text
    is parsed once: card texts repeat). It is only read afterwards: ``located`` builds new
    nodes at the file positions of each place the text is written.

    Trees parsed by earlier runs are read from rulesc's cache folder (``keep_trees``):
    after one card is edited, only its texts are parsed again."""
    if not _KEPT.on:
        return parser().parse(text, start=start)
    kept, key = _kept(), f"{start}\0{text}"
    _KEPT.looked.add(key)
    plain = kept.get(key)
    if plain is not None:
        return _from_plain(plain)
    tree = parser().parse(text, start=start)
    kept[key] = _to_plain(tree)
    _KEPT.parsed = True
    return tree


class _Kept:
    """The trees read from the cache folder: ``by_text`` ``{"start\\0text": plain
    tree}`` (None until read), ``looked`` the keys this process asked for, ``parsed``
    whether it parsed a text the file lacks."""

    def __init__(self) -> None:
        self.on = False
        """Whether this compilation uses the cache folder (``use_kept_trees``)."""
        self.by_text: dict[str, Any] | None = None
        self.looked: set[str] = set()
        self.parsed = False


_KEPT = _Kept()
_KEEP_AT_MOST = 50_000


def _kept() -> dict[str, Any]:
    if _KEPT.by_text is None:
        from compiler import cache

        found = cache.load_value(_kept_name())
        _KEPT.by_text = found if isinstance(found, dict) else {}
    return _KEPT.by_text


def use_kept_trees(on: bool) -> None:
    """Read and keep trees in the cache folder for the compilations that follow (a run
    that uses the cache), or parse every text (``--no-cache``, ``RULESC_NO_CACHE``)."""
    _KEPT.on = on


def keep_trees() -> None:
    """Write the trees this process parsed, with those read, to the cache folder (once
    per change; over ``_KEEP_AT_MOST`` texts the file starts again from this run's)."""
    from compiler import cache

    if not _KEPT.on or not _KEPT.parsed or _KEPT.by_text is None or not cache.enabled():
        return
    if len(_KEPT.by_text) > _KEEP_AT_MOST:
        _KEPT.by_text = {k: v for k, v in _KEPT.by_text.items() if k in _KEPT.looked}
    cache.store_value(_kept_name(), _KEPT.by_text)
    _KEPT.parsed = False


def _kept_name() -> str:
    """The file of kept trees; any change to rulesc (its grammar, ``SynBuilder``) or to
    Python or Lark's versions names a new one (``compiler.cache.code_hash``)."""
    from compiler import cache

    return f"syn-{cache.code_hash()[:24]}.marshal"


def _to_plain(node: Any) -> Any:
    """A ``Syn`` tree as marshal-able data: a node is ``[op, offset, col, kids]`` (a
    list), a tuple of kids stays a tuple."""
    if type(node) is Syn:
        return [node.op, node.line, node.col, tuple([_to_plain(k) for k in node.kids])]
    if type(node) is tuple:
        return tuple([_to_plain(k) for k in node])
    return node


def _from_plain(node: Any) -> Any:
    if type(node) is list:
        return Syn(node[0], node[1], node[2], tuple([_from_plain(k) for k in node[3]]))
    if type(node) is tuple:
        return tuple([_from_plain(k) for k in node])
    return node


def _nesting(text: str) -> tuple[int, int]:
    depth = deepest = at = 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
            if depth > deepest:
                deepest, at = depth, i
        elif ch in ")]}":
            depth -= 1
    return deepest, at


def _syntax_error(start: str, text: str, exc: UnexpectedInput, position: Position,
                  path: str) -> Diagnostic:
    offset = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END" or offset is None:
        offset = len(text.rstrip())
    what = "statement" if start == "effect" else "expression" if start == "expr" else start
    odd = text[offset] if isinstance(exc, UnexpectedCharacters) and offset < len(text) \
        and not text[offset].isascii() else ""
    upper = _upper_word(text, offset) if isinstance(exc, UnexpectedCharacters) else ""
    return Diagnostic(Span(path, *position(offset)), "D001",
                      f"{what} syntax: {_describe(exc, text, offset)}",
                      hint=_instead(odd) if odd else upper or _expected(exc))


def _upper_word(text: str, offset: int) -> str:
    """For a word with capitals where a name goes (``zone D``): the hint that names and
    ids are lower case, with the word to write (QA qa11 Q28); '' for another character."""
    start = offset
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    word = re.match(r"[A-Za-z0-9_]+", text[start:])
    if word is None or not text[offset].isupper() or not text[offset].isascii():
        return ""
    return f"names and ids are lower case: write '{word[0].lower()}' (a text shown to " \
        "players goes in quotes)"


def _describe(exc: UnexpectedInput, text: str, offset: int) -> str:
    if isinstance(exc, UnexpectedCharacters):
        ch = text[offset] if offset < len(text) else "?"
        if not ch.isascii():  # named as a reader sees it, not as a Python escape
            return f"unexpected character U+{ord(ch):04X} " \
                f"{unicodedata.name(ch, 'a control character')}"
        return f"unexpected character {ch!r}"
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        return f"unexpected {exc.token.value!r}"
    return "the text ends too early"


_TERMINALS = {"NAME": "a name", "INT": "a number", "STRING": "a quoted text",
              "SEMICOLON": "';'", "LPAR": "'('", "RPAR": "')'", "VBAR": "'|'",
              "COMMA": "','", "COLON": "':'", "LSQB": "'['", "RSQB": "']'", "LBRACE": "'{'",
              "RBRACE": "'}'", "COMPARE": "a comparison (>=, ==, ...)", "ADD": "'+' or '-'",
              "MUL": "'*', '/' or '%'", "ASSIGN": "'=', '+=' or '-='", "DOT": "'.'",
              "MINUS": "'-'", "$END": "the end of the text"}


def _instead(ch: str) -> str:
    """What to write in place of the non-ASCII character ``ch`` (often pasted from a
    word processor: a no-break space, a fullwidth digit, a curly quote)."""
    plain = unicodedata.normalize("NFKC", ch)
    if plain.isspace() or unicodedata.category(ch) == "Zs":
        return "write a plain space in its place"
    if unicodedata.category(ch) in ("Cf", "Cc", "Mn") or not ch.isprintable():
        return "the character is invisible: delete it"
    if plain.isascii() and plain != ch:
        return f"write '{plain}' (ASCII) in its place"
    if "QUOTATION MARK" in unicodedata.name(ch, ""):
        return "write a straight quote (\" or ') in its place"
    return "the core language is ASCII outside quoted texts: names a-z, 0-9 and _"


def _expected(exc: UnexpectedInput) -> str:
    allowed = getattr(exc, "allowed", None) or getattr(exc, "expected", None) or set()
    words = sorted({_TERMINALS.get(t, f"'{t.lower()}'") for t in allowed
                    if not t.startswith("__") and not t.startswith("ANON")})
    if not words:
        return "see docs/dsl.md for the core language"
    return "expected " + ", ".join(words[:20]) + (", ..." if len(words) > 20 else "")


# ---- positions ------------------------------------------------------------------------

def text_positions(doc: Any, path: tuple[Any, ...], span: Span, text: str) -> Position:
    """Map offsets of ``text`` (the loaded value at ``path``) to file (line, col)."""
    if path in doc.block:
        segments = _block_segments(doc, span)
    else:
        first = span.col + (1 if path in doc.quoted else 0)
        segments = _flow_segments(doc, span.line, first, text)
    starts = [s[0] for s in segments]

    def position(offset: int) -> tuple[int, int]:
        k = max(0, bisect.bisect_right(starts, offset) - 1)
        start, line, col = segments[k]
        return line, col + (offset - start)

    return position


def _block_segments(doc: Any, span: Span) -> list[tuple[int, int, int]]:
    """``|`` and ``>`` scalars: one segment per content line (each ends with one char)."""
    segments: list[tuple[int, int, int]] = []
    line, offset, indent = span.line + 1, 0, None
    while True:
        raw = doc.line_text(line)
        if raw is None:
            break
        stripped = raw.lstrip(" ")
        if stripped:
            here = len(raw) - len(stripped)
            if indent is None:
                indent = here
            if here < indent:
                break
            segments.append((offset, line, indent + 1))
            offset += len(raw) - indent + 1
        else:
            offset += 1
        line += 1
    return segments or [(0, span.line, span.col)]


def _flow_segments(doc: Any, line: int, col: int, text: str) -> list[tuple[int, int, int]]:
    """Plain or quoted scalars over several lines: each file line after the first is
    joined to the text with one space, its indentation dropped."""
    segments = [(0, line, col)]
    raw = doc.line_text(line) or ""
    offset = len(raw) - (col - 1)
    while offset < len(text):
        line += 1
        raw = doc.line_text(line)
        if raw is None:
            break
        stripped = raw.lstrip(" ")
        offset += 1
        segments.append((offset, line, len(raw) - len(stripped) + 1))
        offset += len(stripped)
    return segments
