"""Stage 3, dsl: parse effect, condition, amount and trigger text into syntax trees.

Entry point: ``parse(kind, text, origin)``. The grammar lives in ``effects.lark`` (LALR,
strict); nodes are in ``compiler.dsl.nodes``. Syntax errors become diagnostics with code
D001 (the line and a caret are shown by the diagnostic printer); over-long text is D002;
parentheses nested deeper than ``MAX_NESTING`` are D003 (generated Python must parse).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from compiler.diagnostics import Diagnostic, Span
from compiler.dsl import nodes
from compiler.dsl.transform import ToNodes

__all__ = ["KINDS", "MAX_LENGTH", "nodes", "parse", "parse_documents"]

KINDS = ("effect", "condition", "amount", "measure", "trigger")
MAX_LENGTH = 2000
MAX_NESTING = 8


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = resources.files("compiler.dsl").joinpath("effects.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", start=list(KINDS), propagate_positions=True,
                strict=True, maybe_placeholders=False)


def parse(kind: str, text: str, origin: Span, indent: int = 0
          ) -> tuple[Any | None, list[Diagnostic]]:
    """Parse ``text`` as a ``kind`` (effect | condition | amount | measure | trigger).

    ``origin`` is the file position of the text's first character; ``indent`` the column
    (0-based) where continuation lines start. Returns ``(node, [])`` or ``(None, [diag])``.
    """
    if len(text) > MAX_LENGTH:
        return None, [Diagnostic(origin, "D002", f"{kind} text is {len(text)} characters long, "
                                 f"over the limit of {MAX_LENGTH}",
                                 hint="split it into several records or shorter effects")]
    depth, at = _nesting(text)
    if depth > MAX_NESTING:
        span = Span(origin.path, origin.line, origin.col + at) if "\n" not in text[:at] \
            else origin
        return None, [Diagnostic(span, "D003", f"{kind} nests parentheses {depth} deep, over "
                                 f"the limit of {MAX_NESTING}",
                                 hint="flatten the choices: choose (A | B | C) takes any "
                                 "number of alternatives")]
    try:
        tree = _parser().parse(text, start=kind)
    except UnexpectedInput as exc:
        return None, [_syntax_error(kind, text, exc, origin, indent)]
    return ToNodes(origin.line, origin.col, indent).transform(tree), []


def _nesting(text: str) -> tuple[int, int]:
    """The deepest parenthesis nesting in ``text`` and the offset where it is reached."""
    depth = deepest = at = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
            if depth > deepest:
                deepest, at = depth, i
        elif ch == ")":
            depth -= 1
    return deepest, at


def _syntax_error(kind: str, text: str, exc: UnexpectedInput, origin: Span,
                  indent: int) -> Diagnostic:
    line = getattr(exc, "line", 1) or 1
    col = getattr(exc, "column", 1) or 1
    at_end = isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    if isinstance(exc, UnexpectedEOF) or at_end or line < 1:
        lines = text.splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
    abs_line = origin.line + line - 1
    abs_col = origin.col + col - 1 if line == 1 else indent + col
    span = Span(origin.path, abs_line, abs_col)
    return Diagnostic(span, "D001", f"{kind} syntax: {_describe(exc, text)}",
                      hint=_expected(exc))


def _describe(exc: UnexpectedInput, text: str) -> str:
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        ch = text[pos] if pos < len(text) else "?"
        return f"unexpected character {ch!r}"
    if isinstance(exc, UnexpectedToken):
        if exc.token.type == "$END":
            return "the text ends too early"
        return f"unexpected {exc.token.value!r}"
    return "the text ends too early"


def _expected(exc: UnexpectedInput) -> str:
    allowed = getattr(exc, "allowed", None) or getattr(exc, "expected", None) or set()
    words = sorted({_pretty(t) for t in allowed if not t.startswith("__")})
    if not words:
        return "see docs/dsl.md for the effect language"
    shown = ", ".join(words[:30]) + (", ..." if len(words) > 30 else "")
    return "expected one of: " + shown


_TERMINALS = {"NAME": "a name", "INT": "a number", "SIGNED_INT": "a number",
              "SEMICOLON": "';'", "LPAR": "'('", "RPAR": "')'", "VBAR": "'|'",
              "COMMA": "','", "PLUS": "'+'", "COMPARE": "a comparison (>=, <=, ...)",
              "$END": "end of text"}


def _pretty(term: str) -> str:
    if term in _TERMINALS:
        return _TERMINALS[term]
    return f"'{term.lower()}'"


def parse_documents(docs: list[Any]) -> tuple[dict[tuple[str, tuple[Any, ...]], Any],
                                               list[Diagnostic]]:
    """Parse every DSL field of every document (see ``compiler.dsl.fields``).

    Returns ``{(doc.path, value_path): node}`` and the syntax diagnostics of all fields.
    """
    from compiler.dsl.fields import dsl_paths

    parsed: dict[tuple[str, tuple[Any, ...]], Any] = {}
    diags: list[Diagnostic] = []
    for doc in docs:
        for path, kind in dsl_paths(doc.kind, doc.data):
            value = _get(doc.data, path)
            span = doc.span(path)
            if isinstance(value, int):
                parsed[(doc.path, path)] = nodes.Amount(span.line, span.col, value, None)
                continue
            origin, indent = _origin(doc, path, span)
            node, errs = parse(kind, value, origin, indent)
            diags.extend(errs)
            if node is not None:
                parsed[(doc.path, path)] = node
    return parsed, diags


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _origin(doc: Any, path: tuple[Any, ...], span: Span) -> tuple[Span, int]:
    """File position of a scalar's first text character, and its continuation indent."""
    if path in doc.quoted:
        return Span(span.path, span.line, span.col + 1), span.col
    if path in doc.block:
        line = span.line + 1
        text = doc.line_text(line) or ""
        indent = len(text) - len(text.lstrip(" "))
        return Span(span.path, line, indent + 1), indent
    return span, span.col - 1
