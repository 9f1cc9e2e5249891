"""The words of R003, a value of the wrong type or kind: what the value is, and the
closest fix (an id of the kind wanted spelt alike, the phrases that take the kind the
name is, or a general hint); and of D004, a value written where a statement goes.

Entry points: ``wrong_type(rc, syn, have, want)`` -> ``(message, hint)``;
``not_a_statement(rc, syn)``.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.lang.scope import IR, RC
from compiler.lang.syntax import Syn, walk
from compiler.lang.types import Type, show, strip_opt

__all__ = ["not_a_statement", "wrong_type"]


def wrong_type(rc: RC, syn: Syn, have: Type, want: Type) -> tuple[str, str]:
    """``("'plant' is a tags id (read here as a tags id), but a resources id is expected
    here", "did you mean 'plants'?")``."""
    message = _what(rc, syn, have) + f", but {show(want)} is expected here"
    return message, _keyword_word(syn, want) or _quoted_id(rc, syn, want) or \
        _wanted_near(rc, syn, want) or _phrases_for(rc, syn, want) or _type_hint(have, want)


def _quoted_id(rc: RC, syn: Syn, want: Type) -> str:
    """For a text where a record's id is expected (Pampero's ``deal ... to the "scorin"
    of first_scoring``), the kind's ids, as R001 names them (``names.name_hint``): the
    one spelt alike, and all of them when they are few (at most 12); written without
    quotes."""
    if syn.op == "app" and len(syn.kids) == 1:
        syn = syn.kids[0]
    want = want[1] if isinstance(want, tuple) and want[0] == "opt" else want
    if syn.op != "str" or not (isinstance(want, tuple) and want[0] == "id"):
        return ""
    text, ids = str(syn.kids[0]), list(rc.decls.records.get(want[1]) or ())
    if text in ids:
        return f"an id is written without quotes: {text}"
    close = did_you_mean(text, ids)
    if ids and len(ids) <= 12:
        return " ".join([*([close] if close else []),
                         f"the {want[1]} ids, written without quotes: {', '.join(ids)}"])
    return f"{close} (an id is written without quotes)" if close else ""


KEYWORDS = {"event": "the event being answered", "this": "the record whose text this is",
            "you": "the player acting", "it": "the record at hand"}
"""Names the core binds, read before any record of that id (QA qa12 S7: TM's tag
``event`` and ``event.card.type == event``)."""


def _keyword_word(syn: Syn, want: Type) -> str:
    """For ``event`` (``this``, ``you``, ``it``) where a text is expected: quote the word."""
    name = syn.kids[0] if syn.op == "name" else None
    if name in KEYWORDS and strip_opt(want) == "text":
        return f'for the word, write it in quotes: "{name}"'
    return ""


def _what(rc: RC, syn: Syn, t: Type) -> str:
    """``'temperature' is a parameters id (read here as int)``, or ``this is int``."""
    if syn.op == "name" and syn.kids[0] in KEYWORDS:
        return f"'{syn.kids[0]}' is {KEYWORDS[syn.kids[0]]} here ({show(t)})"
    kinds = rc.decls.kind_of(str(syn.kids[0])) if syn.op == "name" else []
    if kinds:
        return f"'{syn.kids[0]}' is a {' and '.join(kinds)} id (read here as {show(t)})"
    return f"this is {show(t)}"


def _wanted_near(rc: RC, syn: Syn, want: Type) -> str:
    """``did you mean 'plants'?`` for a bare name of another kind (the tag ``plant``)
    spelt like an id of the kind expected here."""
    if syn.op != "name" or not (isinstance(want, tuple) and want[0] == "id"):
        return ""
    return did_you_mean(str(syn.kids[0]), list(rc.decls.records.get(want[1], {})))


def _phrases_for(rc: RC, syn: Syn, want: Type) -> str:
    """For a bare name of another kind's record where an id is expected (``gain 1
    temperature``), the game's phrases that take that kind."""
    if syn.op != "name" or not (isinstance(want, tuple) and want[0] == "id"):
        return ""
    kinds = [k for k in rc.decls.kind_of(str(syn.kids[0])) if k != want[1]]
    phrases = [f"'{d.record.get('phrase')}'" for d in rc.decls.definitions
               if kinds and ("id", kinds[0]) in d.params.values()]
    return f"phrases that take a {kinds[0]} id: {', '.join(phrases)}" if phrases else ""


def _type_hint(have: Type, want: Type) -> str:
    if want in ("int", "number") and isinstance(have, tuple) and have[0] == "list":
        return "count a list with 'count ...'"
    return "check the names and the phrase used here (docs/dsl.md)"


def not_a_statement(rc: RC, syn: Syn) -> IR:
    """D004 for the value ``syn`` written where a statement goes, with a hint for the
    usual slips; a ``skip`` (no error) if the text holds every word of a refused phrase
    (``Decls.refused``: R031 says the cause, and the core read the text as a value)."""
    names = {str(n.kids[0]) for n in walk(syn) if n.op == "name"}
    if any(words <= names for words in rc.decls.refused):
        return {"op": "skip", "at": f"{rc.path}:{syn.line}"}
    hint = "statements change the game: assign, choose, or a phrase of the game's " \
        "definitions"
    if syn.op == "arith" and syn.kids[1].op == "app" and len(syn.kids[1].kids) > 1:
        hint = "an argument that is a calculation needs parentheses: gain (n - 1) r, " \
            "not gain n - 1 r"
    elif syn.op == "arith" and syn.kids[0] == "-" and syn.kids[1].op == "app" \
            and [k.op for k in syn.kids[1].kids] == ["name"]:
        hint = f"'{syn.kids[1].kids[0].kids[0]} -N ...' reads as a subtraction: say " \
            "the opposite with a positive amount (lose 2 X, not gain -2 X)"
    raise rc.fail(syn, "D004", "a value where a statement is expected", hint=hint)
