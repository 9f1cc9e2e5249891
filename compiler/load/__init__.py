"""Stage 1, load: read every YAML file of a game's rules folder with positions kept.

Entry point: ``load_rules(rules_dir, root)``. The rules files are the ``*.yaml`` files
below the folder, leaving out hidden files and folders (``.pre-commit-config.yaml``,
``.github/``): an expansion kept at the top of its own repository holds those too.
A file named like YAML but not ``*.yaml`` (``cards.yml``, ``Cards.YAML``) is never read;
when it holds a rules document (a line ``kind: ...``) the loader warns (W005), for its
records would be missing without a word.
"""

from __future__ import annotations

import re
import stat
from pathlib import Path

from compiler.diagnostics import Diagnostic, Severity, Span
from compiler.load.document import Document
from compiler.load.yaml_reader import MAX_BYTES, decode, read_yaml, too_large

__all__ = ["Document", "load_rules", "load_text", "misnamed_files", "read_file",
           "rules_files"]
# a line `kind: cards` (rules kinds are lowercase; a Kubernetes `kind: Deployment` is not)
_KIND_LINE = re.compile(rb"^kind:[ \t]*[\"']?[a-z_]+[\"']?[ \t]*(#.*)?\r?$", re.M)


def load_text(display_path: str, raw: bytes) -> tuple[Document | None, list[Diagnostic]]:
    """Decode and parse one file's bytes; ``display_path`` is what diagnostics show."""
    text, diags = decode(display_path, raw)
    if text is None:
        return None, diags
    return read_yaml(display_path, text)


def rules_files(rules_dir: Path) -> list[Path]:
    """Every rules file below ``rules_dir``, sorted: ``*.yaml``, none of them hidden."""
    return [f for f in sorted(rules_dir.rglob("*.yaml"))
            if not any(part.startswith(".") for part in f.relative_to(rules_dir).parts)]


def misnamed_files(rules_dir: Path) -> list[Path]:
    """Every file below ``rules_dir`` named like YAML that is not a rules file, sorted:
    ``*.yml`` and ``*.yaml`` in other cases (``.YAML``), none of them hidden."""
    return [f for f in sorted(rules_dir.rglob("*.[yY]*[lL]"))
            if f.suffix.lower() in (".yml", ".yaml") and f.suffix != ".yaml" and
            not any(part.startswith(".") for part in f.relative_to(rules_dir).parts)]


def _misnamed(rules_dir: Path, root: Path, files: list[Path]) -> list[Diagnostic]:
    """W005 at the ``kind:`` line of each misnamed file (``misnamed_files``) that holds a
    rules document; files that hold none (``mkdocs.yml``), or that a ``*.yaml`` link of
    the folder reads (``files``: the rules files), are left alone."""
    diags = []
    base = rules_dir.resolve()
    read = {f.resolve() for f in files}
    for file in misnamed_files(rules_dir):
        if file.resolve() in read:
            continue
        raw, problem = read_file(file, base)
        found = _KIND_LINE.search(raw) if problem is None else None
        if found is None:
            continue
        line = raw.count(b"\n", 0, found.start()) + 1
        diags.append(Diagnostic(
            Span(_display(file, root), line, 1), "W005",
            f"'{file.name}' is not read: rules files are named *.yaml",
            Severity.WARNING, f"rename it to '{file.stem}.yaml' (or move it out of the "
            "rules folder if it is not rules data)"))
    return diags


def load_rules(rules_dir: Path, root: Path) -> tuple[list[Document], list[Diagnostic]]:
    """Load every ``*.yaml`` under ``rules_dir`` (sorted, recursive), scenario files left out.

    Paths in diagnostics are relative to ``root`` when possible. Returns the documents that
    loaded and every diagnostic; a file that fails to load is left out of the documents.
    """
    docs: list[Document] = []
    diags: list[Diagnostic] = []
    if not rules_dir.is_dir():
        what = "is a file, not a rules folder" if rules_dir.exists() else "not found"
        return [], [Diagnostic(Span(rules_dir.as_posix()), "L012", f"rules folder {what}",
                               hint="pass --rules with a folder that holds YAML files (the "
                               "folder of the game or expansion, not one of its files)")]
    base = rules_dir.resolve()
    files = rules_files(rules_dir)
    for file in files:
        shown = _display(file, root)
        raw, problem = read_file(file, base, shown)
        if problem is not None:
            diags.append(problem)
            continue
        doc, file_diags = load_text(shown, raw)
        if doc is not None and is_scenario(doc.data):
            continue  # a scenario kept beside the rules (`rulesc test` reads it)
        diags.extend(file_diags)
        if doc is not None:
            docs.append(doc)
    return docs, diags + _misnamed(rules_dir, root, files)


def is_scenario(data: object) -> bool:
    """A scenario file (``scenario:`` and ``game:``, no ``kind:``), not a rules document:
    an expansion's repository may keep its scenarios below its rules folder."""
    return isinstance(data, dict) and "kind" not in data and "scenario" in data and \
        "game" in data


def read_file(file: Path, base: Path, shown: str = "") -> tuple[bytes, Diagnostic | None]:
    """The bytes of rules file ``file`` below folder ``base`` (resolved), or why not.

    Never follows a link out of ``base``, never opens a pipe or a folder, and never reads
    more than ``MAX_BYTES``: the one safe way to read a rules file (L001, L013, L014).
    """
    shown = shown or file.as_posix()
    try:
        if not file.resolve().is_relative_to(base):
            return b"", Diagnostic(Span(shown), "L013", "file links outside the rules "
                                   "folder", hint="copy the file into the rules folder")
        info = file.stat()
        if not stat.S_ISREG(info.st_mode):
            return b"", Diagnostic(Span(shown), "L014", "not a regular file",
                                   hint="rules files must be plain YAML files")
        if info.st_size > MAX_BYTES:
            return b"", too_large(shown, info.st_size)
        return file.read_bytes(), None
    except (OSError, RuntimeError) as exc:  # RuntimeError: symlink loop in resolve()
        reason = getattr(exc, "strerror", None) or str(exc)
        return b"", Diagnostic(Span(shown), "L014", f"cannot read the file: {reason}",
                               hint="check the file exists and is readable")


def _display(file: Path, root: Path) -> str:
    try:
        return file.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return file.as_posix()
