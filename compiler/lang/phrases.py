"""Phrases: words side by side, matched against the game's definitions and the core's.

Entry point: ``phrase(rc, syn, items, scope, want, statement)``. A definition's phrase
is literal words and typed holes (``gain {n} {r} production``). The items of a phrase
match when every word is in place and each hole takes one item (a name, a number, a
parenthesised group) or several items that are themselves a phrase of the hole's type.
Exactly one definition must match; then it is expanded (``compiler.lang.expand``).

The core's own phrases (``count L``, ``shuffle L``...) match the same way; they are the
core's functions, not game words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Diagnostic, did_you_mean
from compiler.lang.checks import check_zero
from compiler.lang.closest import FUNCTION_WORDS, closest
from compiler.lang.declare import Definition, Hole
from compiler.lang.scope import IR, RC, Binding, Fail, Scope
from compiler.lang.syntax import Syn
from compiler.lang.types import Type, compatible, element, show, strip_opt

__all__ = ["CORE", "CorePhrase", "phrase"]


@dataclass(frozen=True)
class CorePhrase:
    """A phrase of the core: ``fn`` names the kernel function; ``result`` its type
    (``"elem"``: the list's element; ``"same"``: the argument's type)."""

    parts: tuple[str | Hole, ...]
    params: tuple[tuple[str, Type], ...]
    fn: str
    result: Type
    statement: bool = False

    @property
    def id(self) -> str:
        return self.fn


def _core(words: str, params: dict[str, Type], fn: str, result: Type,
          statement: bool = False) -> CorePhrase:
    parts = tuple(Hole(w[1:-1]) if w.startswith("{") else w for w in words.split())
    return CorePhrase(parts, tuple(params.items()), fn, result, statement)


_LIST = ("list", "any")
CORE = (
    _core("count {l}", {"l": "collection"}, "count", "int"),
    _core("sum {l}", {"l": ("list", "int")}, "sum", "int"),
    _core("max {l}", {"l": ("list", "int")}, "max", "int"),
    _core("min {l}", {"l": ("list", "int")}, "min", "int"),
    _core("any {l}", {"l": ("list", "bool")}, "any", "bool"),
    _core("all {l}", {"l": ("list", "bool")}, "all", "bool"),
    _core("first {l}", {"l": _LIST}, "first", "elem"),
    _core("last {l}", {"l": _LIST}, "last", "elem"),
    _core("keys {m}", {"m": "any"}, "keys", "keys"),
    _core("distinct {l}", {"l": _LIST}, "distinct", "same"),
    _core("sorted {l}", {"l": _LIST}, "sorted", "same"),
    _core("reversed {l}", {"l": _LIST}, "reversed", "same"),
    _core("random {n}", {"n": "int"}, "random", "int"),
    _core("adjacent {x}", {"x": "any"}, "adjacent", "adj"),
    _core("position {x} in {l}", {"x": "any", "l": _LIST}, "position", "int"),
    _core("every {k}", {"k": "kind"}, "every", "every"),
    _core("can {e}", {"e": "effect"}, "can", "bool"),
    _core("shuffle {l}", {"l": _LIST}, "shuffle", "none", statement=True),
)


NUMBER_WORDS = {w: n for n, words in enumerate((
    (), ("one", "a", "uno", "una"), ("two", "due"), ("three", "tre"), ("four", "quattro"),
    ("five", "cinque"), ("six", "sei"), ("seven", "sette"), ("eight", "otto"),
    ("nine", "nove"), ("ten", "dieci"))) for w in words if w != "a"}
"""Numbers written as words (English and Italian): a phrase takes digits."""


def phrase(rc: RC, syn: Syn, items: list[Syn], scope: Scope, want: Type,
           statement: bool) -> tuple[IR, Type]:
    """Match ``items`` against every definition of the right form; expand the match."""
    from compiler.lang.expand import expand

    found: list[tuple[Any, dict[str, tuple[IR, Type, bool]], dict[str, tuple[int, int]]]] = []
    reasons: list[Fail] = []
    for d in _candidates(rc, items, statement):
        for args, spans in _matches(rc, d.parts, dict(_params(d)), items, scope, reasons):
            found.append((d, args, spans))
            break
    if not found:
        raise _no_match(rc, syn, items, scope, statement, reasons, want)
    if len(found) > 1:
        ids = ", ".join(f"'{_show(d)}'" for d, _, _ in found)
        raise rc.fail(syn, "R034", f"the phrase matches several definitions: {ids}",
                      hint="put parentheses around a part, or reword one definition")
    d, args, spans = found[0]
    tree = None
    if rc.notes is not None and not rc.calls:  # the text tree (compiler.lang.texts)
        rc.notes.phrase(items, d, spans)
        tree = rc.notes.items(items) if rc.notes.on else None
    if isinstance(d, CorePhrase):
        return _core_ir(rc, syn, d, args, statement)
    ir, t = expand(rc, d, args, syn, scope, tree)
    if not statement and not compatible(t, want):
        raise rc.fail(syn, "R003", f"'{_show(d)}' gives {show(t)}, but {show(want)} is "
                      "expected here", hint="use a phrase of the expected kind")
    return ir, t


def _params(d: Any) -> list[tuple[str, Type]]:
    return list(d.params) if isinstance(d, CorePhrase) else list(d.params.items())


def _show(d: Any) -> str:
    return " ".join(p if isinstance(p, str) else "{" + p.name + "}" for p in d.parts)


def _candidates(rc: RC, items: list[Syn], statement: bool) -> list[Any]:
    """Definitions whose words all occur among the items, in data order (then the
    core's): only those filed under one of the items' words are looked at.

    Kept in ``rc.candidates`` by (form, the items' words, their count): the answer
    depends on nothing else, and the definitions do not change during a run."""
    words = frozenset(i.kids[0] for i in items if i.op == "name")
    key = (statement, words, len(items))
    found = rc.candidates.get(key)
    if found is None:
        found = rc.candidates[key] = _filed(rc, words, len(items), statement)
    return found


def _filed(rc: RC, words: frozenset[str], count: int, statement: bool) -> list[Any]:
    """``_candidates`` worked out: the entries filed under the words, then filtered."""
    if statement not in rc.phrase_index:
        rc.phrase_index[statement] = _index(rc, statement)
    entries, by_word = rc.phrase_index[statement]
    found = set(by_word.get("", ()))
    for word in words:
        found.update(by_word.get(word, ()))
    return [entries[k][0] for k in sorted(found)
            if entries[k][2] <= count and entries[k][1] <= words]


def _index(rc: RC, statement: bool) -> tuple[list[tuple[Any, frozenset[str], int]],
                                              dict[str, list[int]]]:
    """The definitions of one form (with their literal words and length), and their
    positions filed under one literal word each (all words must occur, so any one
    finds it; a phrase of holes alone under ``""``)."""
    entries = [(d, frozenset(p for p in d.parts if isinstance(p, str)), len(d.parts))
               for d in list(rc.decls.definitions) + list(CORE)
               if (d.statement if isinstance(d, CorePhrase) else d.form == "effect") ==
               statement]
    by_word: dict[str, list[int]] = {}
    for k, (_, literal, _) in enumerate(entries):
        by_word.setdefault(min(literal) if literal else "", []).append(k)
    return entries, by_word


Args = dict[str, tuple[IR, Type, bool]]
Spans = dict[str, tuple[int, int]]


@dataclass
class _Search:
    """One ``_matches`` search: what it matches and the ways found so far (a plain
    recursive function, not a closure, which would hold itself: a cycle only the
    collector frees)."""

    rc: RC
    parts: tuple[str | Hole, ...]
    params: dict[str, Type]
    items: list[Syn]
    scope: Scope
    reasons: list[Fail]
    out: list[tuple[Args, Spans]]
    spans: Spans


def _matches(rc: RC, parts: tuple[str | Hole, ...], params: dict[str, Type],
             items: list[Syn], scope: Scope, reasons: list[Fail]
             ) -> list[tuple[Args, Spans]]:
    """Every way ``items`` fill the phrase ``parts`` (usually none or one), with the
    items each hole took (``{hole: (start, end)}``)."""
    search = _Search(rc, parts, params, items, scope, reasons, [], {})
    _fill(search, 0, 0, {})
    return search.out


def _fill(m: _Search, i: int, j: int, args: Args) -> None:
    """Fill ``m.parts[i:]`` from ``m.items[j:]``, ``args`` holding the holes before."""
    parts, items = m.parts, m.items
    if i == len(parts):
        if j == len(items):
            m.out.append((dict(args), dict(m.spans)))
        return
    part = parts[i]
    if isinstance(part, str):
        if j < len(items) and items[j].op == "name" and items[j].kids[0] == part:
            _fill(m, i + 1, j + 1, args)
        return
    for k in _ends(parts, i, items, j):
        arg = _hole(m.rc, items[j:k], m.params[part.name], m.scope, m.reasons)
        if arg is not None:
            args[part.name] = arg
            m.spans[part.name] = (j, k)
            _fill(m, i + 1, k, args)
            del args[part.name]


def _ends(parts: tuple[str | Hole, ...], i: int, items: list[Syn], j: int) -> list[int]:
    """Where a hole starting at item ``j`` may end (exclusive)."""
    rest = parts[i + 1:]
    if not rest:
        return [len(items)] if j < len(items) else []
    nxt = rest[0]
    if isinstance(nxt, str):
        return [k for k in range(j + 1, len(items))
                if items[k].op == "name" and items[k].kids[0] == nxt]
    return list(range(j + 1, len(items) - (len(rest) - 1)))


def _hole(rc: RC, span: list[Syn], want: Type, scope: Scope, reasons: list[Fail]
          ) -> tuple[IR, Type, bool] | None:
    """The argument ``span`` gives a hole of type ``want``, or None (reason kept)."""
    from compiler.lang.expr import expr
    from compiler.lang.stmt import stmt

    rc.quiet += 1
    try:
        if want == "kind":
            name = span[0].kids[0] if len(span) == 1 and span[0].op == "name" else None
            if name not in rc.decls.kinds and name != "spaces":
                raise rc.fail(span[0], "R001", f"'{name}' is not a record kind",
                              hint=did_you_mean(str(name), list(rc.decls.kinds)))
            return {"op": "ids", "kind": name}, ("list", ("id", name)), False
        if want == "effect":
            if len(span) == 1:
                ir = stmt(rc, span[0], scope)
            else:
                ir, _ = phrase(rc, span[0], span, scope, "effect", statement=True)
            return ir, "effect", True
        if len(span) == 1:
            ir, t = expr(rc, span[0], scope, _value_want(want))
        else:
            ir, t = phrase(rc, span[0], span, scope, _value_want(want), statement=False)
        return ir, t if t != "any" else want, False
    except Fail as exc:  # kept without its traceback, whose frames would hold `reasons`
        reasons.append(exc.with_traceback(None))
        return None
    finally:
        rc.quiet -= 1


def _value_want(t: Type) -> Type:
    return "bool" if t == "condition" else "int" if t == "number" else t


def _no_match(rc: RC, syn: Syn, items: list[Syn], scope: Scope, statement: bool,
              reasons: list[Fail], want: Type = "any") -> Fail:
    from compiler.lang.names import unknown

    if len(items) == 1 and items[0].op == "name" and not reasons:
        return unknown(rc, items[0], items[0].kids[0], scope, want)
    if rc.quiet:  # only a try: the caller reports something else, or tries further
        return reasons[-1] if reasons else rc.fail(syn, "R033", "no definition matches")
    text = " ".join(str(i.kids[0]) if i.op in ("name", "int") else "(...)" for i in items)
    spelt = _spelt_number(rc, syn, items, scope, statement)
    if spelt:
        return rc.fail(syn, "R033", f"no definition matches '{text}'",
                       hint=f"write numbers as digits: {NUMBER_WORDS[spelt]}, not '{spelt}'")
    same_form = [d for d in rc.decls.definitions if (d.form == "effect") == statement]
    words = {p for d in same_form for p in d.parts if isinstance(p, str)}
    # an inner part that matched no phrase either (a bare quiet R033) says less than the
    # whole text does: report the whole text with its hint
    reasons = [f for f in reasons if f.diag.code != "R033" or f.diag.hint]
    if reasons:
        best = max(reasons, key=lambda f: (f.diag.span.line, f.diag.span.col))
        word = best.diag.message.split("'")[1] if best.diag.code == "R001" and \
            "'" in best.diag.message else None
        if word not in words:
            return _with_hint(rc, best, word, scope)
        if word not in FUNCTION_WORDS:  # a word of some phrase: the phrase is misshapen
            using = [_show(d) for d in closest(rc.decls, [d for d in same_form
                                                          if word in d.parts], items, 6)]
            return rc.fail(syn, "R033", f"no definition matches '{text}'",
                           hint=f"phrases with '{word}': {', '.join(using)}")
    return rc.fail(syn, "R033", f"no definition matches '{text}'",
                   hint=_closest_hint(rc, same_form, items, statement))


def _closest_hint(rc: RC, same_form: list[Definition], items: list[Syn],
                  statement: bool) -> str:
    """R033's hint: the phrases closest to ``items`` (``compiler.lang.closest``), closest
    first; a word such as 'the', which many phrases hold, says little."""
    near = [_show(d) for d in closest(rc.decls, same_form, items)]
    if near:
        return f"closest phrases: {', '.join(near)}"
    return (f"no {'statement' if statement else 'value'} definition of the game has this "
            "phrase; see the game's definitions.yaml")


def _spelt_number(rc: RC, syn: Syn, items: list[Syn], scope: Scope,
                  statement: bool) -> str:
    """The number word (``one``, ``due``) whose digit makes ``items`` a phrase, or ''."""
    for k, item in enumerate(items):
        word = item.kids[0] if item.op == "name" else None
        if word not in NUMBER_WORDS:
            continue
        digit = Syn("int", item.line, item.col, (NUMBER_WORDS[word],))
        notes, rc.notes = rc.notes, None
        rc.quiet += 1
        try:
            phrase(rc, syn, [*items[:k], digit, *items[k + 1:]], scope, "any", statement)
            return str(word)
        except Fail:
            continue
        finally:
            rc.quiet -= 1
            rc.notes = notes
    return ""


def _with_hint(rc: RC, fail: Fail, name: str | None, scope: Scope) -> Fail:
    """The failure kept to report, with the hint the quiet tries left out."""
    from compiler.lang.names import name_hint

    diag = fail.diag
    if diag.hint or name is None or rc.quiet:
        return fail
    return Fail(Diagnostic(diag.span, diag.code, diag.message, diag.severity,
                           name_hint(rc, name, scope, fail.kind), diag.related))


def _core_ir(rc: RC, syn: Syn, d: CorePhrase, args: dict[str, tuple[IR, Type, bool]],
             statement: bool) -> tuple[IR, Type]:
    a = [args[name][0] for name, _ in d.params]
    first = args[d.params[0][0]][1]
    result = d.result
    if result == "elem":
        result = ("opt", element(first))
    elif result == "same":
        result = first
    elif result == "keys":
        inner = strip_opt(first)
        result = ("list", inner[1]) if isinstance(inner, tuple) and inner[0] == "map" \
            else ("list", "any")
    elif result == "every":
        result = first
    elif result == "adj":
        result = ("list", strip_opt(first))
    if d.fn == "every":
        return a[0], result if result != "every" else first
    if d.fn == "can":
        return {"op": "can", "b": a[0]}, "bool"
    ir: IR = {"op": "fn", "f": d.fn, "a": a}
    if d.fn == "random":
        check_zero(rc, syn, a[0], "random")
    if d.fn == "adjacent":
        kind = strip_opt(first)
        if not (isinstance(kind, tuple) and kind[0] == "id"):
            raise rc.fail(syn, "R003", "adjacent needs a record id (a space)", hint="")
        ir["kind"] = kind[1]
    return ir, ("effect" if statement else result)


def binding_of(arg: tuple[IR, Type, bool]) -> Binding:
    ir, t, code = arg
    return Binding(ir, t, code)


def definition_of(d: Any) -> Definition | None:
    return d if isinstance(d, Definition) else None
