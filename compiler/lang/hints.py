"""The words of R003, a value of the wrong type or kind: what the value is, and the
closest fix (an id of the kind wanted spelt alike, the phrases that take the kind the
name is, or a general hint).

Entry point: ``wrong_type(rc, syn, have, want)`` -> ``(message, hint)``.
"""

from __future__ import annotations

from compiler.diagnostics import did_you_mean
from compiler.lang.scope import RC
from compiler.lang.syntax import Syn
from compiler.lang.types import Type, show

__all__ = ["wrong_type"]


def wrong_type(rc: RC, syn: Syn, have: Type, want: Type) -> tuple[str, str]:
    """``("'plant' is a tags id (read here as a tags id), but a resources id is expected
    here", "did you mean 'plants'?")``."""
    message = _what(rc, syn, have) + f", but {show(want)} is expected here"
    return message, _wanted_near(rc, syn, want) or _phrases_for(rc, syn, want) or \
        _type_hint(have, want)


def _what(rc: RC, syn: Syn, t: Type) -> str:
    """``'temperature' is a parameters id (read here as int)``, or ``this is int``."""
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
