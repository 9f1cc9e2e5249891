"""The content-hash cache of ``rulesc build`` and ``rulesc check``: unchanged inputs are
not compiled or rendered again.

An entry is keyed by a SHA-256 of everything the result depends on: the bytes and paths
of every rules file read (``compiler.load.rules_files`` of each folder, and of the
files named like YAML that are not read, ``misnamed_files``: W005), where the
folders and the project root are (diagnostics name paths relative to the root), the
bytes of every file of the ``compiler`` package and of the JSON Schemas, and the
versions of Python and of the libraries that shape the output. Any change to any of
them gives a new key, so a hit is exactly what a fresh run would produce.

Where: ``$RULESC_CACHE_DIR``, else ``$XDG_CACHE_HOME/rulesc``, else ``~/.cache/rulesc``
(never inside the package: an installed wheel works the same). ``RULESC_NO_CACHE=1``
(or ``--no-cache``) bypasses it. Files, per key: ``<key>.diags.json`` (the
diagnostics), ``<key>.ir.marshal`` (the IR, read only when a command needs it) and
``<key>.<source hash>.out.marshal`` (every rendered file of ``generated/<game>/``); and,
for all runs, ``syn-<code hash>.marshal``, the syntax tree of every text parsed before
(``compiler.lang.parse``: after an edit only the changed texts are parsed again).
Entries are written atomically; a missing or unreadable entry is a miss. Folders with a
symbolic link among their rules files are never cached (what a link reads may change).
Deleting the folder is always safe.

Also here, ``rules_digest``: a SHA-256 of the rules files alone (not the code, nor where
they are), which ``rulesc build`` records in ``generated/<game>/inputs.sha256`` so that
``rulesc play`` and ``rulesc test`` can say an engine is older than its rules
(``compiler.cli.stale``); and ``paused_gc``: the garbage collector held back while a game
is compiled.

Compiling a game makes millions of small, long-lived objects (YAML nodes, syntax trees,
IR dicts) and almost no cyclic garbage (compiling a game leaves about a thousand
objects, from imports; rendering its files about 20,000), so the collector's scans of
the young generations cost a fifth of the build and free nearly nothing.
``paused_gc()`` freezes every object that exists already (the imported modules: no
collection scans them again) and turns the collector off for the block; on exit the
objects the block made are frozen too and then every frozen object joins the oldest
generation (both O(1)), so no young-generation scan pays for them afterwards, and the
collector is turned back on if it was. What memory the block holds is what it keeps
alive: reference counting frees the rest as it goes. Nested uses are harmless.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import marshal
import os
import sys
import tempfile
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostic, Severity, Span

__all__ = ["DIGEST_FILE", "cache_dir", "digest_text", "enabled", "input_key", "load_diags",
           "load_value", "paused_gc", "recorded_digest", "rules_digest", "store_diags",
           "store_value"]

LIBRARIES = ("pyyaml", "jsonschema", "referencing", "lark", "jinja2", "babel")


def enabled() -> bool:
    """False when ``RULESC_NO_CACHE`` is set to anything but empty or 0."""
    return os.environ.get("RULESC_NO_CACHE", "") in ("", "0")


def cache_dir() -> Path:
    """The cache folder (see the module docstring); not created here."""
    given = os.environ.get("RULESC_CACHE_DIR")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "rulesc"


@lru_cache(maxsize=1)
def code_hash() -> str:
    """A hash of rulesc itself: its package files, its schemas and library versions."""
    from importlib import metadata

    from compiler.resources import schema_dir

    h = hashlib.sha256(sys.version.encode())
    for name in LIBRARIES:
        try:
            h.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            h.update(name.encode())
    package = Path(__file__).resolve().parent
    for base in (package, schema_dir()):
        for file in sorted(base.rglob("*")):
            if file.is_file() and "__pycache__" not in file.parts:
                h.update(file.relative_to(base).as_posix().encode() + b"\0")
                h.update(file.read_bytes())
    return h.hexdigest()


def input_key(folders: list[Path], root: Path) -> str | None:
    """The key of compiling ``folders`` (a base game first, then its layer) under
    ``root``; None when it must not be cached (a link, an unreadable file)."""
    from compiler.load import misnamed_files, rules_files

    h = hashlib.sha256(code_hash().encode())
    h.update(str(root.resolve()).encode() + b"\0")
    try:
        for folder in folders:
            if not folder.is_dir() or folder.is_symlink():
                return None
            h.update(b"\1" + folder.as_posix().encode() + b"\0")
            h.update(str(folder.resolve()).encode() + b"\0")
            files = [*rules_files(folder), *misnamed_files(folder)]  # W005 too
            if any(f.is_symlink() or not f.resolve().is_relative_to(folder.resolve())
                   for f in files):
                return None
            _hash_files(h, folder, files)
    except OSError:
        return None
    return h.hexdigest()


def _hash_files(h: Any, folder: Path, files: list[Path]) -> None:
    """Add each of ``files`` to the hash ``h``: its path under ``folder`` and its bytes."""
    for file in files:
        data = file.read_bytes()
        h.update(file.relative_to(folder).as_posix().encode() + b"\0")
        h.update(len(data).to_bytes(8, "little") + data)


DIGEST_FILE = "inputs.sha256"
"""The file of ``generated/<game>/`` that records ``rules_digest`` of the rules it was
built from: ``rulesc play`` and ``rulesc test`` compare it with the rules as they are now
(``compiler.cli.stale``), so an engine older than a rules edit is said to be."""


def rules_digest(folders: list[Path]) -> str:
    """A SHA-256 of the rules files of ``folders`` (a base game first, then its layer):
    their paths within each folder and their bytes, in ``input_key``'s order; not the
    code nor where the folders are, so a clone or a checkout (new mtimes) gives the same
    digest. '' when a file cannot be read."""
    from compiler.load import rules_files

    h = hashlib.sha256(b"rules\0")
    try:
        for n, folder in enumerate(folders):
            h.update(b"\1" + str(n).encode() + b"\0")
            _hash_files(h, folder, rules_files(folder) if folder.is_dir() else [])
    except OSError:
        return ""
    return h.hexdigest()


def digest_text(folders: list[Path]) -> bytes:
    """The bytes of ``DIGEST_FILE`` for an engine built from ``folders``."""
    return (f"# SHA-256 of the rules files this engine was built from (compiler/cache.py "
            f"rules_digest)\n{rules_digest(folders)}\n").encode()


def recorded_digest(package: Path) -> str | None:
    """The digest ``DIGEST_FILE`` of the built engine ``package`` records; None when it
    records none (built before digests were recorded, or not readable)."""
    try:
        lines = (package / DIGEST_FILE).read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    return lines[-1].strip() if lines and len(lines[-1].strip()) == 64 else None


def store_diags(key: str, diags: list[Diagnostic]) -> None:
    """Keep the diagnostics of the run keyed ``key``."""
    rows = [[_span(d.span), d.code, d.message, d.severity.value, d.hint,
             [_span(s) for s in d.related]] for d in diags]
    _write(f"{key}.diags.json", json.dumps(rows, ensure_ascii=False).encode("utf-8"))


def load_diags(key: str) -> list[Diagnostic] | None:
    """The diagnostics kept for ``key``, or None (a miss)."""
    data = _read(f"{key}.diags.json")
    if data is None:
        return None
    try:
        return [Diagnostic(Span(*span), code, message, Severity(severity), hint,
                           tuple(Span(*s) for s in related))
                for span, code, message, severity, hint, related in json.loads(data)]
    except (ValueError, TypeError):
        return None


def store_value(name: str, value: Any) -> None:
    """Keep plain data (dicts, lists, strings, bytes, numbers) as ``name``."""
    try:
        data = marshal.dumps(value)
    except ValueError:  # not plain data: not kept
        return
    _write(name, data)


def load_value(name: str) -> Any:
    """The plain data kept as ``name``, or None (a miss)."""
    data = _read(name)
    if data is None:
        return None
    try:
        return marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None


def _span(span: Span) -> list[Any]:
    return [span.path, span.line, span.col]


def _read(name: str) -> bytes | None:
    try:
        return (cache_dir() / name).read_bytes()
    except OSError:
        return None


def _write(name: str, data: bytes) -> None:
    """Write ``data`` atomically; a cache that cannot be written is only not kept."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".new-", dir=folder)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, folder / name)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Hold the collector back for the ``with`` block (see the module docstring)."""
    was_on = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if was_on:
            gc.enable()
