"""Bounds on what the uses of definitions expand to: size (D005) and depth (D006).

Entry points: ``before_use(rc, d, syn)`` before a use of ``d`` is expanded,
``grown(rc, d, syn, before, entry)`` and ``made(rc, out, ir, entry)`` after it,
``measure(ir, made)`` (the size and nesting of an expansion), ``start(rc)`` when a text
of the rules begins (a record's field, a flow step, a definition checked alone) and
``check_text(rc, span, ir)`` when it is resolved.

Size. Definitions are expanded where they are used, so a definition that uses another
twice, which uses another twice, ... doubles at each level: 1.7 KB of such definitions
made 2^16 statements (16 s and 1.09 GB for ``rulesc check``, doubling per level). The
statements that the uses in one text expand to are counted as they are made
(``rc.grown``: each finished use adds its size, in place of the uses inside it), and the
use that takes the count over ``MAX_STATEMENTS`` fails (D005), before a kept expansion
is copied: the work before it is about twice the bound at most. The shipped games'
largest text expands to 1,106 statements (Pampero's action card 'must_apply';
Terraforming Mars 217, Love Letter 30).

Depth. A chain of definitions, each using the next, nests the IR one level deeper per
definition, and the compiler, the code generator and Python's own parser walk it
recursively (250 definitions ended in a RecursionError; 8 value definitions, each with
11 parentheses, in "too many nested parentheses" when the engine was loaded). D006 when
uses nest more than ``MAX_DEPTH`` deep, when an expansion's statements nest more than
``MAX_BLOCKS`` deep or its values more than ``MAX_VALUES`` (a text is checked the same,
``check_text``: a sum of 300 terms is 300 values deep). Measured: statements 326 deep
built and played, 350 did not; values 68 deep did, 79 did not. The shipped games: uses
8 deep (Pampero), statements 26 (Pampero), values 20 (Terraforming Mars). The chain's
start is marked too deep (``rc.deep``), and so is every definition that uses a marked
one: their uses are quiet follow-ons (one error for a chain, not one every
``MAX_DEPTH`` definitions).
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic, Span
from compiler.lang.memo import Entry
from compiler.lang.scope import RC, Fail
from compiler.lang.syntax import Syn

__all__ = ["MAX_BLOCKS", "MAX_DEPTH", "MAX_STATEMENTS", "MAX_VALUES", "before_use", "check_text",
           "grown", "made", "measure", "start"]

MAX_STATEMENTS = 10_000
MAX_DEPTH = 32
MAX_BLOCKS = 250
MAX_VALUES = 50
_HINT = ("each definition is copied into the one that uses it: write the chain in fewer "
         "definitions, with fewer parts inside each other ('if' in 'if', parentheses, "
         "long sums: 'let' a part first), or repeat with 'repeat N:' or 'while'")


def start(rc: RC) -> None:
    """A text begins: nothing of it is expanded yet."""
    rc.grown, rc.over = 0, None
    rc.made.clear()


def before_use(rc: RC, d: Any, syn: Syn) -> bool:
    """Before the use of definition ``d`` at ``syn``: False if ``d`` is on a chain
    already reported too deep (the use is a quiet follow-on: every use being expanded
    holds it, so is marked too); raises D006 if this use is nested too deep, and the
    text's D005 again if it is over its size already (a statement after the one that
    went over; one error is reported)."""
    if d.id in rc.deep:
        _mark(rc, rc.calls)
        return False
    _deeper(rc, d, syn, 1, (0, 0, 0))
    if rc.over is not None:
        raise rc.over  # the same error (one is reported)
    return True


def grown(rc: RC, d: Any, syn: Syn, before: int, entry: Entry) -> None:
    """After the use of ``d`` at ``syn`` expanded to ``entry`` (or before a kept
    ``entry`` is copied for it): the text's count was ``before`` when the use began (the
    uses inside it are in ``entry.size``); a kept entry may nest too deep here."""
    _deeper(rc, d, syn, entry.depth, entry.nest)
    if rc.frames:
        rc.frames[-1].depth = max(rc.frames[-1].depth, entry.depth)
    rc.grown = before + entry.size
    if rc.grown > MAX_STATEMENTS:
        rc.over = _too_large(rc, d, syn)
        raise rc.over


def made(rc: RC, out: Any, ir: Any, entry: Entry) -> Any:
    """``out``, the IR given for a use whose expansion is ``ir`` (``out`` itself, or
    ``ir`` after the ``let`` of its arguments), kept with its measure in ``rc.made``:
    measuring IR that holds it does not walk it again."""
    rc.made[id(ir)] = (ir, entry.size, *entry.nest)
    if out is not ir:
        rc.made[id(out)] = (out, *measure(out, rc.made))
    return out


def check_text(rc: RC, span: Span, ir: Any) -> None:
    """D006 at ``span`` if the resolved text ``ir`` nests too deep (its own parts and
    what its uses expand to, together)."""
    _, blocks, _, values = measure(ir, rc.made)
    if blocks > MAX_BLOCKS or values > MAX_VALUES:
        rc.diags.append(Diagnostic(span, "D006", _nested(blocks, values) + " in this text "
                                   "(its definitions put where they are used)",
                                   hint=_HINT))


def measure(ir: Any, made: dict[int, tuple[Any, ...]]) -> tuple[int, int, int, int]:
    """The statements in ``ir`` (nodes with ``op`` and ``at``), how deep statements nest
    in it, how deep values (expression nodes) nest from its top (before any statement)
    and anywhere. IR in ``made`` (by ``id``) is not walked: its measure is there. Not
    recursive, so IR of any depth is measured."""
    count = blocks = head = values = 0
    todo: list[tuple[Any, int, int, bool]] = [(ir, 0, 0, True)]
    push, pop, get = todo.append, todo.pop, made.get
    while todo:
        node, b, v, top = pop()
        kept = get(id(node))
        if kept is not None and kept[0] is node:
            count, blocks = count + kept[1], max(blocks, b + kept[2])
            values = max(values, v + kept[3], kept[4])
            head = max(head, v + kept[3]) if top else head
            continue
        if type(node) is dict:
            if "op" in node:
                if "at" in node:
                    count, b, v, top = count + 1, b + 1, 0, False
                    blocks = max(blocks, b)
                else:
                    v += 1
                    values = max(values, v)
                    head = max(head, v) if top else head
            items: Any = node.values()
        else:
            items = node
        for x in items:
            if type(x) is dict or type(x) is list:
                push((x, b, v, top))
    return count, blocks, head, values


def _deeper(rc: RC, d: Any, syn: Syn, depth: int, nest: tuple[int, ...]) -> None:
    """D006 if ``d``, whose uses nest ``depth`` deep and whose IR ``nest`` deep
    (``Entry.nest``), is too deep used here."""
    uses = len(rc.calls) + depth
    if uses <= MAX_DEPTH and nest[0] <= MAX_BLOCKS and nest[2] <= MAX_VALUES:
        return
    _mark(rc, rc.calls[:1])  # the chain's start is too deep (those below it may not be)
    chain = _chain([cid for cid, _ in rc.calls] + [d.id])
    if uses > MAX_DEPTH:
        inside = f" (which nests {depth} deep)" if depth > 1 else ""
        what = f"definitions nest {uses} deep here, over the limit of {MAX_DEPTH}: " \
            f"{chain}{inside}"
    else:
        what = f"{_nested(nest[0], nest[2])} once the definitions are put where they " \
            f"are used: {chain}"
    raise rc.fail(syn, "D006", what, hint=_HINT)


def _nested(blocks: int, values: int) -> str:
    if blocks > MAX_BLOCKS:
        return f"statements nest {blocks} deep, over the limit of {MAX_BLOCKS},"
    return f"the parts of a value nest {values} deep, over the limit of {MAX_VALUES},"


def _too_large(rc: RC, d: Any, syn: Syn) -> Fail:
    chain = _chain([cid for cid, _ in rc.calls] + [d.id])
    where = "here" if rc.calls else "in this text"
    return rc.fail(syn, "D005", f"the definitions used {where} expand to at least "
                   f"{rc.grown:,} statements, over the limit of {MAX_STATEMENTS:,}: "
                   f"{chain}", hint="each use of a definition is a copy of its body, so "
                   "one that uses another twice doubles it at each level: compute a number "
                   "once (a value definition, or 'let'), or repeat with 'repeat N:' or a "
                   "loop instead of copies")


def _mark(rc: RC, calls: list[tuple[str, Any]]) -> None:
    for cid, _ in calls:
        rc.deep.add(cid)
        rc.bad.add(cid)


def _chain(ids: list[str]) -> str:
    """``'a' uses 'b' uses ...``, the middle of a long chain left out."""
    shown = [f"'{i}'" for i in ids]
    if len(shown) > 6:
        shown = shown[:3] + [f"({len(shown) - 5} more)"] + shown[-2:]
    return " uses ".join(shown)
