"""Stage 1, load: read every YAML file of a game's rules folder with positions kept.

Entry point: ``load_rules(rules_dir, root)``.
"""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import Diagnostic, Span
from compiler.load.document import Document
from compiler.load.yaml_reader import decode, read_yaml

__all__ = ["Document", "load_rules", "load_text"]


def load_text(display_path: str, raw: bytes) -> tuple[Document | None, list[Diagnostic]]:
    """Decode and parse one file's bytes; ``display_path`` is what diagnostics show."""
    text, diags = decode(display_path, raw)
    if text is None:
        return None, diags
    return read_yaml(display_path, text)


def load_rules(rules_dir: Path, root: Path) -> tuple[list[Document], list[Diagnostic]]:
    """Load every ``*.yaml`` under ``rules_dir`` (sorted, recursive).

    Paths in diagnostics are relative to ``root`` when possible. Returns the documents that
    loaded and every diagnostic; a file that fails to load is left out of the documents.
    """
    docs: list[Document] = []
    diags: list[Diagnostic] = []
    if not rules_dir.is_dir():
        return [], [Diagnostic(Span(str(rules_dir)), "L012", "rules folder not found",
                               hint="pass --rules with a folder that holds YAML files")]
    for file in sorted(rules_dir.rglob("*.yaml")):
        shown = _display(file, root)
        if file.is_symlink() and not file.resolve().is_relative_to(rules_dir.resolve()):
            diags.append(Diagnostic(Span(shown), "L013", "file links outside the rules folder",
                                    hint="copy the file into the rules folder"))
            continue
        doc, file_diags = load_text(shown, file.read_bytes())
        diags.extend(file_diags)
        if doc is not None:
            docs.append(doc)
    return docs, diags


def _display(file: Path, root: Path) -> str:
    try:
        return file.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return file.as_posix()
