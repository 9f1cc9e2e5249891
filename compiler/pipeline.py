"""The one place that knows the order of the stages.

load -> schema -> lang (declare, parse, resolve and expand to IR) -> check -> (codegen,
sheets). ``compile_game`` runs the checking stages and returns every diagnostic of one
run; ``build`` also emits ``generated/<game>/`` atomically, and only when there is no
error: each file written as it is made, the loaded documents let go before.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler import cache, load
from compiler.cache import paused_gc
from compiler.diagnostics import Diagnostic, Span, has_errors
from compiler.output import Tree, byte_compile

__all__ = ["Compilation", "build", "compile_game", "each_output", "release_docs",
           "render_outputs"]

CACHE_OUT_BYTES = 200_000_000
"""Rendered files of at most this many bytes in all are kept in the cache (more are
written as they are made and let go, not held to be kept: they would double a big
build's memory)."""


@dataclass
class Compilation:
    """What the checking stages produced for one rules folder.

    A compilation read from the cache (``compiler.cache``) holds its diagnostics; its
    ``ir`` and ``docs`` are read (the IR from the cache, the documents from the YAML) the
    first time a command asks for them.
    """

    rules_dir: Path
    diagnostics: list[Diagnostic] = field(default_factory=list)
    key: str | None = None
    """The cache key of the inputs (None: not cached)."""
    loaders: dict[str, Callable[[], Any]] = field(default_factory=dict, repr=False)
    values: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def ir(self) -> dict[str, Any]:
        """The IR (``compiler.lang``)."""
        return self._value("ir", dict)

    @ir.setter
    def ir(self, value: dict[str, Any]) -> None:
        self.values["ir"] = value

    @property
    def docs(self) -> list[load.Document]:
        """Every document loaded (also those the schema stage left out)."""
        return self._value("docs", list)

    @docs.setter
    def docs(self, value: list[load.Document]) -> None:
        self.values["docs"] = value

    def _value(self, name: str, empty: Callable[[], Any]) -> Any:
        if name not in self.values:
            loader = self.loaders.pop(name, None)
            self.values[name] = loader() if loader is not None else empty()
        return self.values[name]

    def failed(self, strict: bool = False) -> bool:
        return has_errors(self.diagnostics, strict)

    def remembered(self, name: str, compute: Callable[[Compilation], Any]) -> Any:
        """``compute(self)`` (plain data), kept in the cache beside this compilation, so
        that a run on unchanged inputs reads it instead of computing it again."""
        if self.key is None:
            return compute(self)
        entry = f"{self.key}.{name}.marshal"
        value = cache.load_value(entry)
        if value is None:
            value = compute(self)
            cache.store_value(entry, value)
        return value


def compile_game(rules_dir: Path, root: Path, base: Path | None = None,
                 use_cache: bool = False) -> Compilation:
    """Run load, schema, lang (declare, parse, resolve) and check on ``rules_dir``;
    collect every diagnostic of the run.

    ``base``: a shipped game's folder that ``rules_dir`` extends (an expansion with its own
    modules and cards, but no game document of its own): both are compiled as one game.
    An unknown id that a record or file left out for an earlier error would declare is
    not reported again (it follows from that error).

    With ``use_cache`` (and ``RULESC_NO_CACHE`` unset) a run on the same inputs is read
    from the content-hash cache (``compiler.cache``) instead.
    """
    folders = [base, rules_dir] if base is not None else [rules_dir]
    key = cache.input_key(folders, root) if use_cache and cache.enabled() else None
    if key is not None:
        hit = _cached(key, rules_dir, folders, root)
        if hit is not None:
            return hit
    from compiler.lang.parse import keep_trees, use_kept_trees

    use_kept_trees(key is not None)  # the texts' syntax trees, kept for the next run
    with paused_gc():
        result = _compile(rules_dir, root, base)
        if key is not None:
            keep_trees()
            cache.store_value(f"{key}.ir.marshal", result.ir)
            cache.store_diags(key, result.diagnostics)
            result.key = key
    return result


def _no_game_of_its_own(docs: list[load.Document], base: Path
                        ) -> tuple[list[load.Document], list[Diagnostic]]:
    """An expansion's documents without a ``game`` one (README: "its own modules and
    cards, no game.yaml"), and an R004 for each: it would be a second game document, and
    the base game's modules and sources checked against it would fail by the dozen."""
    kept = [d for d in docs if d.kind != "game"]
    found = [Diagnostic(d.span(("kind",)) if isinstance(d.data, dict) and "kind" in d.data
                        else Span(d.path), "R004",
                        f"an expansion has no game document: this one would be a second "
                        f"game beside {base.name}'s (left out)",
                        hint=f"delete it (the expansion is played as {base.name}); or, for a "
                             f"game of its own, check the folder without --on")
             for d in docs if d.kind == "game"]
    return kept, found


def _cached(key: str, rules_dir: Path, folders: list[Path], root: Path
            ) -> Compilation | None:
    """The compilation kept for ``key``, its IR and documents read when asked for."""
    diags = cache.load_diags(key)
    if diags is None:
        return None

    def ir() -> dict[str, Any]:
        with paused_gc():
            value = cache.load_value(f"{key}.ir.marshal")
        if not isinstance(value, dict):  # the entry went away: compile again
            return compile_game(rules_dir, root, folders[0] if len(folders) > 1 else None).ir
        return value

    return Compilation(rules_dir, diags, key,
                       {"ir": ir, "docs": functools.partial(_read_docs, folders, root)})


def _compile(rules_dir: Path, root: Path, base: Path | None) -> Compilation:
    """``compile_game`` with the collector held back by the caller."""
    from compiler import check, lang, schema
    from compiler.sheets.prompts import word_prompts

    result = Compilation(rules_dir)
    folders = [base, rules_dir] if base is not None else [rules_dir]
    docs: list[load.Document] = []
    diags: list[Diagnostic] = []
    layer: frozenset[str] = frozenset()   # an expansion's documents
    for folder in folders:
        more_docs, more_diags = load.load_rules(folder, root)
        if base is not None and folder == rules_dir:
            more_docs, own = _no_game_of_its_own(more_docs, base)
            more_diags += own
            layer = frozenset(d.path for d in more_docs)
        docs += more_docs
        diags += more_diags
    if any(d.code == "L012" for d in diags):  # no folder: nothing else to say
        result.diagnostics = diags
        return result
    good, schema_diags = schema.validate(docs)
    prompted: list[dict[str, Any]] = []
    ir, _decls, lang_diags = lang.compile_core(good, prompted)
    word_prompts(ir, prompted)
    more = check.check(good, ir, layer, _display(rules_dir, root).rstrip("/"))
    named = [t for folder in folders for t in _unreadable(folder, root, good)]
    texts = [t for _, t in named]
    shadow = {i for d in good for i in d.dropped}
    shadow.update(i for t in texts for i in re.findall(r"\bid:\s*([a-z][a-z0-9_]*)", t))
    lost = [_phrase_words(p) for t in texts
            for p in re.findall(r"\bphrase:\s*[\"']?([^\"'\n]*)", t)]
    shadow.update(f"kind:{k}" for t in texts
                  for k in re.findall(r"^kind:\s*[\"']?([a-z_]+)", t, re.M))
    shadow.update(f"deck:{k}" for t in texts  # a deck whose records are not all counted
                  for k in re.findall(r"\bdeck:\s*[\"']?([a-z][a-z0-9_]*)", t))
    declared = {i for kind in (ir.get("records") or {}).values() for i in kind}
    lost += _bad_phrases(good, lang_diags)
    fields = {_first_quoted(d.message) for d in lang_diags
              if d.code == "R030" and d.message.startswith("field '")}  # left out
    # a file that says no kind (an empty events.yaml, L007) may be what its name says:
    # an unknown event follows from one (a missing document is still R016)
    shadow.update("kind:events?" for stem, t in named
                  if stem == "events" and not re.search(r"^kind:", t, re.M))
    later = [d for d in lang_diags + more
             if not _follows(d, shadow, lost, declared, fields)]
    result.docs, result.ir = docs, ir
    refused = {d.span for d in diags if d.code == "L015"}  # a number the loader refused
    schema_diags = [d for d in schema_diags if d.span not in refused  # is not its type too
                    and not _follows(d, shadow, lost, declared, fields)]
    result.diagnostics = sorted(diags + schema_diags + later, key=_order)
    return result


def _follows(d: Diagnostic, shadow: set[str], lost: list[frozenset[str]],
             declared: set[str], fields: set[str]) -> bool:
    """Whether ``d`` follows from a file or record that failed to load or validate: an
    unknown id it would declare (R001, R015; R001 also for a field of kinds.yaml whose
    type was refused, ``fields``; a document kind, S002, or a type, R030, a kinds.yaml
    that did not load would declare), a required document it is (R016), an unknown
    event when an events document did not load (R001), or a phrase
    only its definitions hold (R033: every word of a lost phrase, or a lost id no record
    that loaded has, ``declared``, occurs in the unmatched text), a sheet's hole naming a
    lost constant (R041), or a printed count of a deck some records of which did not load
    (W002), or an event never emitted (W011) when anything did not load."""
    if d.code == "W002":
        return f"deck:{_quoted_after(d.message, '(deck ')}" in shadow
    if d.code == "W011":  # what did not load may be what emits it
        return bool(shadow)
    if d.code == "R041" and "no constant of the game" in d.message:
        return _first_quoted(d.message) in shadow or "kind:constants" in shadow
    if d.code == "R001" and _last_quoted(d.message) in fields:
        return True
    if d.code == "R001" and d.message.split(": ")[-1].startswith("unknown event '") and \
            {"kind:events", "kind:events?"} & shadow:   # an events document did not load
        return True
    if d.code in ("R001", "R015") or (d.code == "S002" and "kind '" in d.message) or \
            (d.code == "R030" and ("is not a type" in d.message or
                                   "is not a record kind" in d.message)):
        return _last_quoted(d.message) in shadow
    if d.code == "R016":  # the document is there, but did not load or validate
        return f"kind:{_last_quoted(d.message)}" in shadow
    if d.code == "R033" and "no definition matches '" in d.message:
        words = set(_last_quoted(d.message).split())
        named = set(re.findall(r"'([a-z_][a-z0-9_]*)'", d.hint or ""))  # phrases with 'x'
        return any(p and p <= words for p in lost) or \
            bool((words | named) & (shadow - declared))
    return False


def _bad_phrases(docs: list[load.Document], diags: list[Diagnostic]) -> list[frozenset[str]]:
    """The words of each definition's phrase that was refused (R031: the definition is left
    out, so each use of it would be one more R033 that follows from the one mistake)."""
    bad = {_first_quoted(d.message) for d in diags if d.code == "R031"}
    return [_phrase_words(r["phrase"]) for doc in docs if isinstance(doc.data, dict) and
            doc.data.get("kind") == "definitions"
            for r in doc.data.get("records") or []
            if isinstance(r, dict) and r.get("id") in bad and isinstance(r.get("phrase"), str)]


def _phrase_words(phrase: str) -> frozenset[str]:
    """The words of a phrase, its {holes} left out."""
    return frozenset(re.findall(r"\b([a-z][a-z0-9_]*)\b", re.sub(r"\{[^}]*\}", " ", phrase)))


def _first_quoted(message: str) -> str:
    """The first quoted name of a message (``definition 'gain': ...``: gain)."""
    parts = message.split("'")
    return parts[1] if len(parts) > 2 else ""


def _quoted_after(message: str, words: str) -> str:
    """The name quoted right after ``words`` in a message (``(deck 'cards'``: cards)."""
    found = re.search(re.escape(words) + r"'([^']*)'", message)
    return found[1] if found else ""


def _last_quoted(message: str) -> str:
    """The last quoted name of a message (``in definition 'd': unknown name 'x'``: x)."""
    parts = message.split("'")
    return parts[-2] if len(parts) > 2 else ""


def _order(d: Diagnostic) -> tuple[int, str, int, int, str]:
    """Files that did not load come first (the rest may follow from them), then by position."""
    return (0 if d.code.startswith("L") else 1, *d.sort_key())


def _unreadable(folder: Path, root: Path, good: list[load.Document]
                ) -> list[tuple[str, str]]:
    """The raw text of the files under ``folder`` that failed to load or validate, and
    of the files holding a record the schema stage left out, each with its file's name
    (without ``.yaml``)."""
    readable = {d.path for d in good if not d.dropped}
    texts = []
    base = folder.resolve()
    for file in load.rules_files(folder) if folder.is_dir() else []:
        if _display(file, root).rstrip("/") in readable:
            continue
        raw, problem = load.read_file(file, base)
        texts.append((file.stem, "" if problem else raw.decode("utf-8", "replace")))
    return texts


def render_outputs(comp: Compilation, source: str) -> dict[str, bytes]:
    """Every file of ``generated/<game>/``: the engine package and the sheets."""
    return dict(each_output(comp, source))


def each_output(comp: Compilation, source: str) -> Iterator[tuple[str, bytes]]:
    """``render_outputs`` one file at a time, each made when asked for. With a cache key
    they are read from the cache when kept there, else kept there once all are made
    (unless they pass ``CACHE_OUT_BYTES``: they are then let go as they are written)."""
    from compiler import sheets

    name = None
    if comp.key is not None:
        name = f"{comp.key}.{hashlib.sha256(source.encode()).hexdigest()[:16]}.out.marshal"
        kept = cache.load_value(name)
        if isinstance(kept, dict):
            yield from kept.items()
            return
    files: dict[str, bytes] | None = {} if name is not None else None
    size = 0
    with paused_gc():
        for rel, data in _render(comp, source, sheets):
            size += len(data)
            files = files if size <= CACHE_OUT_BYTES else None
            if files is not None:
                files[rel] = data
            yield rel, data
    if name is not None and files is not None:
        cache.store_value(name, files)


def _render(comp: Compilation, source: str, sheets: Any) -> Iterator[tuple[str, bytes]]:
    """``each_output`` with the collector held back by the caller."""
    from compiler import codegen

    for rel, text in codegen.each_file(comp.ir, source):
        yield rel, text.encode("utf-8")
    for rel, data in sheets.render(comp.ir).items():
        yield f"sheets/{rel}", data


def build(rules_dir: Path, root: Path, out_dir: Path, check_only: bool = False,
          strict: bool = False, base: Path | None = None, use_cache: bool = False,
          pyc: bool = True
          ) -> tuple[Compilation, list[str]]:
    """Compile and emit. Returns the compilation and the changed relative paths.

    With ``check_only`` nothing is written; the changed paths say what is stale. Nothing
    is written when there is any error (or warning, with ``strict``). ``use_cache``: see
    ``compile_game`` (the rendered files are kept too). ``pyc``: write the engine's
    bytecode caches too (the project's ``generated/``; a folder given with ``--out`` gets
    the sources only). Each file is written as soon as it is made (``output.Tree``), the
    whole folder put in place at the end.
    """
    comp = compile_game(rules_dir, root, base, use_cache)
    if comp.failed(strict):
        return comp, []
    release_docs(comp, [base, rules_dir] if base is not None else [rules_dir], root)
    source = _display(rules_dir, root)
    if base is not None:
        source = f"{_display(base, root)} + {source}"
    with Tree(out_dir, write=not check_only) as tree:
        for rel, data in each_output(comp, source):
            tree.add(rel, data)
        tree.add(cache.DIGEST_FILE, cache.digest_text([*([base] if base else []), rules_dir]))
        changed = tree.finish()
    if pyc and not check_only:
        byte_compile(out_dir)
    return comp, changed


def release_docs(comp: Compilation, folders: list[Path], root: Path) -> None:
    """Let go of ``comp``'s loaded documents (their values and positions: about 4 kB a
    card, ``load.document``; no later stage reads them); they are read again from
    ``folders`` if a command asks for them (to show a diagnostic's source line)."""
    if comp.values.pop("docs", None) is not None:
        comp.loaders["docs"] = functools.partial(_read_docs, folders, root)


def _read_docs(folders: list[Path], root: Path) -> list[load.Document]:
    """Every document of ``folders``, loaded again."""
    with paused_gc():
        return [d for folder in folders for d in load.load_rules(folder, root)[0]]


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix() + "/"
    except ValueError:
        return path.as_posix() + "/"
