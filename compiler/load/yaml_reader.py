"""Safe YAML reading with positions.

Only the YAML core schema is used: plain ``true``/``false``, integers and floats are typed,
everything else is a string (so ``no`` and ``2024-01-01`` stay strings). Aliases, anchors,
non-standard tags, duplicate keys and deep nesting are rejected before the data is walked.
"""

from __future__ import annotations

import math
import re
from sys import intern
from typing import Any

import yaml

from compiler.diagnostics import Diagnostic, Severity, Span
from compiler.load.document import BLOCK, QUOTED, Document, Path_, packed, place

try:  # the C parser when present: same events, faster
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the libyaml build
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64
MAX_DIGITS = 15
STANDARD_TAGS = {
    None, "!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}
_INT = re.compile(r"^[-+]?[0-9]+$")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_YAML11_WORDS = {"yes", "no", "on", "off", "y", "n"}


def _span(path: str, mark: Any) -> Span:
    return Span(path, mark.line + 1, mark.column + 1)


def _err(path: str, mark: Any, code: str, msg: str, hint: str) -> Diagnostic:
    return Diagnostic(_span(path, mark), code, msg, hint=hint)


def too_large(path: str, size: int) -> Diagnostic:
    """L001: a file over ``MAX_BYTES`` (checked before it is read or parsed)."""
    return Diagnostic(Span(path), "L001", f"file is {size} bytes, over the {MAX_BYTES} byte "
                      "limit for one rules file", hint="split the file into several smaller ones")


def decode(path: str, raw: bytes) -> tuple[str | None, list[Diagnostic]]:
    """Bytes -> text. A UTF-8 BOM is accepted; other encodings and NUL bytes are errors."""
    if len(raw) > MAX_BYTES:
        return None, [too_large(path, len(raw))]
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [Diagnostic(Span(path, line, col), "L002",
                                 f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
                                 hint="save the file as UTF-8")]
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        col = nul - (text.rfind("\n", 0, nul) + 1) + 1
        return None, [Diagnostic(Span(path, line, col), "L002",
                                 "file holds a NUL byte: it looks binary, not YAML text",
                                 hint="rules files must be UTF-8 YAML text")]
    return text, []


_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _scan_events(path: str, text: str) -> list[Diagnostic]:
    """Walk the event stream (no recursion) and reject aliases, odd tags and deep nesting.
    A scalar with neither anchor nor tag (nearly every event) is passed at once."""
    diags: list[Diagnostic] = []
    depth = 0
    scalar = yaml.ScalarEvent
    ev: Any
    for ev in yaml.parse(text, Loader=_Loader):
        kind = type(ev)
        if kind is scalar and ev.anchor is None and ev.tag is None:
            continue
        if kind is yaml.AliasEvent:
            return [_err(path, ev.start_mark, "L004", f"YAML alias '*{ev.anchor}' is not "
                         "allowed in rules data", "write the value out in full")]
        anchor = getattr(ev, "anchor", None)
        if anchor is not None:
            return [_err(path, ev.start_mark, "L004", f"YAML anchor '&{anchor}' is not "
                         "allowed in rules data", "write the value out in full")]
        tag = getattr(ev, "tag", None)
        if isinstance(ev, yaml.NodeEvent) and tag not in STANDARD_TAGS:
            diags.append(_err(path, ev.start_mark, "L005", f"YAML tag '{tag}' is not "
                              "allowed in rules data", "remove the tag"))
        if kind in _OPEN:
            depth += 1
            if depth > MAX_DEPTH:
                return [_err(path, ev.start_mark, "L006", f"nesting is deeper than "
                             f"{MAX_DEPTH} levels", "flatten the data")]
        elif kind in _CLOSE:
            depth -= 1
    return diags


_UNSURE = object()
_MARKS = re.compile("[&*!]")


def _compose_plain(text: str) -> Any:
    """The node tree of a text that cannot hold an anchor, an alias or a tag (none of
    ``& * !`` in it), composed at once: ``_scan_events`` would only check its depth,
    parsing the text a second time, and ``_too_deep`` does that on the tree. ``_UNSURE``
    for another text, or one that does not compose (its diagnostics are then those of
    the events, in their order, as before)."""
    if _MARKS.search(text):
        return _UNSURE
    try:
        return yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError:
        return _UNSURE


def _too_deep(path: str, node: Any) -> list[Diagnostic]:
    """L006 at the first collection (in the text's order) nested deeper than
    ``MAX_DEPTH``, as ``_scan_events`` finds it; no recursion."""
    todo = [(node, 1)] if isinstance(node, yaml.CollectionNode) else []
    while todo:
        here, depth = todo.pop()
        if depth > MAX_DEPTH:
            return [_err(path, here.start_mark, "L006", f"nesting is deeper than "
                         f"{MAX_DEPTH} levels", "flatten the data")]
        kids = [n for pair in here.value for n in pair] \
            if isinstance(here, yaml.MappingNode) else here.value
        todo += [(k, depth + 1) for k in reversed(kids)
                 if isinstance(k, yaml.CollectionNode)]
    return []


def read_yaml(path: str, text: str) -> tuple[Document | None, list[Diagnostic]]:
    """Parse one YAML document into a ``Document``; diagnostics on any problem."""
    try:
        node = _compose_plain(text)
        diags = _scan_events(path, text) if node is _UNSURE else _too_deep(path, node)
        if diags:
            return None, diags
        if node is _UNSURE:
            node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        return None, [_syntax(path, text, exc)]
    doc = Document(path, None, text.splitlines())
    if node is None:
        return None, [Diagnostic(Span(path), "L007", "file is empty",
                                 hint="add a 'kind:' and its records, or delete the file")]
    warnings = _bidi_controls(path, text)
    doc.data = _build(node, (), doc, warnings)
    return doc, warnings


_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _bidi_controls(path: str, text: str) -> list[Diagnostic]:
    """W006 at each invisible bidirectional control (U+202A-202E, U+2066-2069): a name or
    an effect holding one displays in another order than it is stored and read ("Trojan
    source"). Right-to-left text needs none of them; it is a warning, not an error."""
    found = []
    for m in _BIDI.finditer(text):
        found.append(Diagnostic(_offset_span(path, text, m.start()), "W006",
                                f"invisible bidirectional control character U+{ord(m[0]):04X}: "
                                "the text displays in another order than the rules read it",
                                Severity.WARNING, hint="delete the character"))
    return found


def _syntax(path: str, text: str, exc: yaml.YAMLError) -> Diagnostic:
    """L003 (or L006 for libyaml's own depth limit) at the error's position."""
    if isinstance(exc, yaml.reader.ReaderError):
        span = _offset_span(path, text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(exc.character[:1] or " ")
        return Diagnostic(span, "L003", f"character U+{char:04X} is not allowed in YAML "
                          "text", hint="remove the control character")
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    span = _span(path, mark) if mark is not None else Span(path)
    if mark is not None and mark.line >= len(text.splitlines()):
        span = _past_end(path, text, exc)
    problem = str(getattr(exc, "problem", None) or getattr(exc, "context", None) or exc)
    if "nesting depth" in problem:
        return Diagnostic(span, "L006", "nesting is too deep", hint="flatten the data")
    if mark is not None and _char_at(text, mark.line, mark.column) == "\t":
        return Diagnostic(span, "L003", "YAML syntax: a tab character here (YAML forbids "
                          "tabs for indentation)", hint="indent with spaces, not tabs")
    problem = problem.splitlines()[0] if problem else "invalid YAML"
    unclosed = _unclosed(path, text, exc)
    if unclosed is not None:
        return unclosed
    return Diagnostic(span, "L003", f"YAML syntax: {problem}",
                      hint="check the indentation and punctuation here")


def _unclosed(path: str, text: str, exc: yaml.YAMLError) -> Diagnostic | None:
    """L003 at an unclosed ``{`` or ``[`` (PyYAML reports where it gave up: the next
    line), naming the bracket; the place it gave up is a note."""
    context = str(getattr(exc, "context", "") or "")
    start, end = getattr(exc, "context_mark", None), getattr(exc, "problem_mark", None)
    if start is not None and "while scanning a quoted scalar" in context:
        quote = _char_at(text, start.line, start.column)
        return Diagnostic(_span(path, start), "L003", f"YAML syntax: this {quote} is not "
                          "closed", hint=f"end the text with {quote}")
    if start is None or end is None or "while parsing a flow" not in context or \
            end.line <= start.line:   # on its own line: the problem is where PyYAML says
        return None
    bracket = _char_at(text, start.line, start.column)
    if bracket not in "{[" or not bracket:
        return None
    close = "}" if bracket == "{" else "]"
    return Diagnostic(_span(path, start), "L003", f"YAML syntax: this '{bracket}' is not "
                      f"closed: expected ',' or '{close}' before line {end.line + 1}, column "
                      f"{end.column + 1}", hint=f"close it with '{close}' (or separate the "
                      "items with ',')", related=(_span(path, end),))


def _past_end(path: str, text: str, exc: yaml.YAMLError) -> Span:
    """A place for an error PyYAML marks past the last line (the end of the stream):
    where the construct it was reading began (``fields`` of ``    fields`` with no ':'),
    else the end of the last line that is not blank (``b: [1,``)."""
    lines = text.splitlines()
    start = getattr(exc, "context_mark", None)
    if start is not None and start.line < len(lines):
        return _span(path, start)
    last = max((i for i, line in enumerate(lines) if line.strip()), default=0)
    return Span(path, last + 1, len(lines[last]) + 1 if lines else 1)


def _char_at(text: str, line: int, col: int) -> str:
    lines = text.splitlines()
    if 0 <= line < len(lines) and 0 <= col < len(lines[line]):
        return lines[line][col]
    return ""


def _offset_span(path: str, text: str, offset: int) -> Span:
    line = text.count("\n", 0, offset) + 1
    return Span(path, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def _build(node: Any, path: Path_, doc: Document, diags: list[Diagnostic], key: int = 0) -> Any:
    """Iterative-free walk is not needed here: depth was bounded by ``_scan_events``.
    Strings are interned: the copies of one text (a key, a card's effect copied) are one
    object (a 10,000-card game's data: 24 MB, 11 MB interned; ``tracemalloc``).
    ``key``: the place of the key whose value ``node`` is (``document.place``; 0: none)."""
    mark = node.start_mark
    entry = packed(mark.line + 1, mark.column + 1, key)
    if isinstance(node, yaml.MappingNode):
        doc.pos[path] = entry
        return _build_map(node, path, doc, diags)
    if isinstance(node, yaml.SequenceNode):
        doc.pos[path] = entry
        return [_build(item, path + (i,), doc, diags) for i, item in enumerate(node.value)]
    style = node.style
    if style in ("'", '"'):
        doc.pos[path] = entry | QUOTED
        return intern(node.value)
    doc.pos[path] = entry | BLOCK if style in ("|", ">") else entry
    if style in ("|", ">") or node.tag == "tag:yaml.org,2002:str":
        return intern(node.value)
    value = _plain(node.value, node, path, doc, diags)
    return intern(value) if type(value) is str else value


def _build_map(node: Any, path: Path_, doc: Document, diags: list[Diagnostic]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            diags.append(_err(doc.path, key_node.start_mark, "L008",
                              "a mapping key must be a plain name", "use a string key"))
            continue
        key = intern(str(key_node.value))
        here = path + (key,)
        if key in out:
            first = doc.key_span(here)
            diags.append(Diagnostic(_span(doc.path, key_node.start_mark), "L009",
                                    f"duplicate key '{key}' (first at line {first.line})",
                                    hint="remove or rename one of the two keys",
                                    related=(first,)))
            continue
        mark = key_node.start_mark
        out[key] = _build(value_node, here, doc, diags, place(mark.line + 1, mark.column + 1))
    return out


def _plain(value: str, node: Any, path: Path_, doc: Document, diags: list[Diagnostic]) -> Any:
    low = value.lower()
    if low in ("", "~", "null"):
        return None
    if low in ("true", "false"):
        return low == "true"
    if _INT.match(value) or _FLOAT.match(value):
        return _number(value, node, doc, diags)
    if low in _YAML11_WORDS:
        diags.append(Diagnostic(_span(doc.path, node.start_mark), "L011",
                                f"'{value}' is read as the string \"{value}\" (in YAML 1.1 it "
                                "would be a boolean)", Severity.WARNING,
                                hint="write true/false for a yes/no value, or quote the string"))
    return value


def _number(value: str, node: Any, doc: Document, diags: list[Diagnostic]) -> Any:
    """An int or float; L010 for a leading zero, L015 when out of range (kept as text)."""
    digits = value.lstrip("+-")
    if _INT.match(value):
        if len(digits) > MAX_DIGITS:
            return _too_large(value, node, doc, diags)
        if re.match(r"^0[0-9]", digits):
            diags.append(_err(doc.path, node.start_mark, "L010",
                              f"'{value}' has a leading zero: YAML 1.1 reads it as octal",
                              f"write {int(value)} or quote it as a string"))
        return int(value)
    number = float(value) if len(value) <= 64 else math.inf
    if not math.isfinite(number) or abs(number) >= 10 ** MAX_DIGITS:
        return _too_large(value, node, doc, diags)
    return number


def _too_large(value: str, node: Any, doc: Document, diags: list[Diagnostic]) -> str:
    shown = value if len(value) <= 24 else value[:20] + "..."
    diags.append(_err(doc.path, node.start_mark, "L015", f"number {shown} is out of range "
                      f"(more than {MAX_DIGITS} digits)", "write a smaller number"))
    return value
