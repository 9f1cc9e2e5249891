"""The compiler knows no game (issue 7): no id declared in rules_data/ appears as a string
in the code under compiler/ (comments and docstrings may cite games; Python names are
the code's own words, so ``out`` or ``top`` as variables are not game ids).

The core's own words are allowed even where a game happens to use one as an id: the
document kinds and IR keys the core defines (``events``, ``scoring``...) and single
letters (Pampero's zones A, B, C share their spelling with IR keys ``a``/``b``/``c``).
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

from compiler.pipeline import compile_game

ROOT = Path(__file__).resolve().parents[1]
CORE_WORDS = {
    # the core's document kinds, flow sections and IR keys
    "game", "flow", "modules", "kinds", "state", "events", "definitions", "constants",
    "setup", "phases", "end", "scoring", "records", "players", "round", "winner",
    "results", "name", "text", "source", "note", "module", "spaces", "order",
    "params", "sections", "grants", "event", "next_to", "deck", "add",
    # (a definition's params, game.yaml's rulebook sections, the reaction kinds, the
    # trigger's event, board adjacency, a record's printed deck, a module's add list)
    "cards", "space", "build", "play", "out",
    # (the sheet layout 'cards', the word 'space' in a diagnostic, CLI command names
    # and the --out option)
    "a4",
    # (the paper size of `rulesc sheet --paper a4`; Pampero's action card A4 shares it)
}


def _game_ids() -> dict[str, str]:
    """Every id the shipped games declare -> one game that declares it."""
    out: dict[str, str] = {}
    for folder in sorted((ROOT / "rules_data").iterdir()):
        if not (folder / "game.yaml").exists():
            continue
        ir = compile_game(folder, ROOT).ir
        for kind, table in (ir.get("records") or {}).items():
            for ident in table:
                out.setdefault(ident, f"{folder.name} {kind}")
        for ident in ir.get("definitions") or {}:
            out.setdefault(ident, f"{folder.name} definitions")
        for scope in (ir.get("state") or {}).values():
            for ident in scope:
                out.setdefault(ident, f"{folder.name} state")
        for ident in ir.get("kinds") or {}:
            out.setdefault(ident, f"{folder.name} kinds")
    return {k: v for k, v in out.items() if len(k) > 1 and k not in CORE_WORDS}


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines |= set(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    return lines


def _words(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string literal of ``path``, docstrings left out."""
    text = path.read_text("utf-8")
    skip = _docstring_lines(ast.parse(text))
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.start[0] in skip:
            continue
        if tok.type == tokenize.STRING:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str):
                out.append((tok.start[0], value))
    return out


def test_no_game_id_in_the_compiler() -> None:
    ids = _game_ids()
    assert len(ids) > 500          # the three games' records, definitions and state
    found = []
    for path in sorted((ROOT / "compiler").rglob("*.py")):
        for line, word in _words(path):
            if word in ids:
                found.append(f"{path.relative_to(ROOT)}:{line}: '{word}' ({ids[word]})")
    assert not found, "game ids in the compiler's code:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("package", ["runtime"])
def test_the_runtime_is_small(package: str) -> None:
    lines = sum(len(p.read_text("utf-8").splitlines())
                for p in (ROOT / "compiler" / package).rglob("*.py"))
    # The interpreter (the oracle) and the compiled engine's kernel (cps.py: compiled
    # trials, resume.py: compiled continuations, straight.py: straight-through runs)
    # both live in the runtime: 3,000 lines for the two, and 250 for the lazy tables of
    # a generated engine's parts (lazy.py: the import reads no part); 20 for guards that
    # stop data that would never end at once (machine._rep: a deck of 10^8 copies) and
    # name the loop's YAML line (machine.run: a while that never ends); 30
    # for straight runs guarded by a rollback (straight.py: a require, an emit) and the
    # options' hot paths (choose.py: scopes pushed by hand, a check kept per decision);
    # 40 for the compiled engine's modifiers (reactions.modsum: the active modifiers of a
    # value kept as one list by the active entries' versions, while the interpreter
    # keeps its walk as the oracle) and the ids and adjacency kept per record
    # (exports.IDS, exports.ADJ), 3,349 lines with them; 16 for one part per record
    # (lazy.py: a record decoded on first read, the part list kept, the parts' modifier
    # and reaction lists gathered once per table, not per question); 5 for a reaction
    # cycle stopped by a bound (reactions.emit) and an illegal action's player counted
    # from 1 (game.apply); 40 for trials that fire reactions as the game does
    # (reactions.emit run inline in a compiled trial, else the trial again as frames;
    # an owner's order of reactions tried in a trial and offered only when the option
    # completes; resume._quiet: an event whose reactions cannot fail keeps the
    # continuation shortcut), the rest offset by removals; 20 for a record field's
    # lookup kept per rules (exports.FLD: -2.6% of Terraforming Mars's instructions) and
    # memo keys of names holding lists (exports.MEMO: a tile's legal spaces found once
    # for every player); 20 for a saved state checked once at load (game.check_saved:
    # another game's state, a missing or mistyped key, a lost state entry, refused with
    # a RulesError naming it, not a KeyError or a game that never ends), the game's own
    # player range checked in compose (the saved state's and Game.new's alike);
    # 40 for ``must`` run once in a trial, in both engines (cps.MUST,
    # choose.frame_must, resume._seq: ``require can (S); S`` runs S once and notes whether
    # a way changed something and whether a way let the rest apply: -4.7% of Pampero's
    # instructions), 20 more offset by removals (values.key_of shared, exports.AR);
    # 2 for a decision's alternatives' order kept per rules (choose._lazy_options) and
    # its names bound without ctx.put in a trial (cps._take) (engine11).
    assert lines <= 3492, f"compiler/{package} has {lines} lines"
