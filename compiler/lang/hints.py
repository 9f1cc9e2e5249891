"""The words of R003, a value of the wrong type or kind: what the value is, and the
closest fix (an id of the kind wanted spelt alike, the phrases that take the kind the
name is, or a general hint); and of D004, a value written where a statement goes.

Entry points: ``wrong_type(rc, syn, have, want)`` -> ``(message, hint)``;
``not_a_statement(rc, syn)``.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.lang.closest import closest
from compiler.lang.names import name_ref
from compiler.lang.scope import IR, RC, Fail, Scope
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


def not_a_statement(rc: RC, syn: Syn, scope: Scope | None = None) -> IR:
    """D004 for the value ``syn`` written where a statement goes, with a hint for the
    usual slips; a ``skip`` (no error) if the text holds every word of a refused phrase
    (``Decls.refused``: R031 says the cause, and the core read the text as a value).
    Words joined by 'in', 'and', 'or' are a phrase that matched nothing: R033."""
    names = {str(n.kids[0]) for n in walk(syn) if n.op == "name"}
    if any(words <= names for words in rc.decls.refused):
        return {"op": "skip", "at": f"{rc.path}:{syn.line}"}
    items = _words(syn) if scope is not None and syn.op in _JOINS else None
    if items is not None and scope is not None:
        raise _unmatched(rc, syn, items, scope)
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


_JOINS = {"and": ["and"], "or": ["or"], "in": ["in"], "notin": ["not", "in"]}


def _words(syn: Syn) -> list[Syn] | None:
    """The words of ``build a wind farm in zone d``, which the core read as a value
    (``build a wind farm`` in ``zone d``), in the order written; None if a part is a
    value of another form (a comparison, a sum: then it is a value indeed)."""
    if syn.op == "app":
        return list(syn.kids)
    if syn.op in ("name", "int"):
        return [syn]
    if syn.op not in _JOINS:
        return None
    left, right = _words(syn.kids[0]), _words(syn.kids[1])
    if left is None or right is None:
        return None
    at = right[0] if right else syn
    return [*left, *(Syn("name", at.line, at.col, (w,)) for w in _JOINS[syn.op]), *right]


def _unmatched(rc: RC, syn: Syn, items: list[Syn], scope: Scope) -> Fail:
    """R033 for words that no phrase matches but hold 'in', 'and' or 'or' (QA qa11 Q28):
    the closest phrases, and for two statements joined by 'and' or 'or' how to write
    them (';', or 'choose (A | B)')."""
    text = " ".join(_said(i) for i in items)
    statements = [d for d in rc.decls.definitions if d.form == "effect"]
    near = [" ".join(p if isinstance(p, str) else "{" + p.name + "}" for p in d.parts)
            for d in closest(rc.decls, statements, items)]
    hint = f"closest phrases: {', '.join(near)}" if near else \
        "no statement definition of the game has this phrase; see its definitions.yaml"
    sides = _chain(syn, syn.op)
    if syn.op in ("and", "or") and all(_is_statement(rc, k, scope) for k in sides):
        said = [" ".join(_said(i) for i in _words(k) or ()) for k in sides]
        hint = f"join statements with ';': '{'; '.join(said)}'" if syn.op == "and" else \
            f"a choice of statements is 'choose ({' | '.join(said)})'"
    return rc.fail(syn, "R033", f"no definition matches '{text}'", hint=hint)


def _chain(syn: Syn, op: str) -> list[Syn]:
    """The sides of ``A and B and C``: [A, B, C]."""
    if syn.op != op:
        return [syn]
    return [*_chain(syn.kids[0], op), *_chain(syn.kids[1], op)]


def _said(item: Syn) -> str:
    return str(item.kids[0]) if item.op in ("name", "int") else "(...)"


def _is_statement(rc: RC, syn: Syn, scope: Scope) -> bool:
    """Whether ``syn`` alone is a statement (tried quietly: nothing reported)."""
    from compiler.lang.stmt import stmt

    notes, rc.notes = rc.notes, None
    rc.quiet += 1
    try:
        stmt(rc, syn, scope)
        return True
    except Fail:
        return False
    finally:
        rc.quiet -= 1
        rc.notes = notes


def bare_word(rc: RC, syn: Syn, scope: Scope) -> str | None:
    """A mapping value that is one word nothing declares reads as that word (labels of
    options: ``{act: play, card: c}``)."""
    if syn.op == "app" and len(syn.kids) == 1:
        syn = syn.kids[0]
    if syn.op != "name":
        return None
    rc.quiet += 1
    try:
        name_ref(rc, syn, syn.kids[0], scope, "any")
    except Fail:
        return str(syn.kids[0])
    finally:
        rc.quiet -= 1
    return None
