"""Atomic output: a whole generated folder is replaced at once, or not at all.

``Tree`` writes the new tree into a staging folder beside the target, file by file as
they are made (a big engine's files are not all held in memory), then swaps it in;
``write_tree`` does it for a dict of files. On Linux the swap is one
``renameat2(RENAME_EXCHANGE)`` call, so a reader (or a process killed at any instant)
sees either the old tree or the new one, never a mix or nothing. Elsewhere two renames
are used, with ``.<name>.old`` kept until the new tree is in place and restored by the
next run if a crash fell between them.

Everything written gets the permissions the user's umask gives a new file or folder
(``tempfile`` makes its staging files 0600 and folders 0700; those are widened):
``write_file`` is the same atomic write for one file (``rulesc sheet``).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import glob
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

STALE_S = 600  # staging folders older than this were left by a killed build
MAX_WORKERS = 4
"""Processes that write ``.pyc`` files at once (at most one per core)."""
PARALLEL_BYTES = 4_000_000
"""Sources of at least this many bytes are compiled in several processes (the start of
one, about 0.1 s, is then a small part: 4 MB of generated Python take about 4 s)."""
_ROOT = str(Path(__file__).resolve().parent.parent)
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


HOLD_BYTES = 64_000_000
"""Bytes of files equal to the target's that a ``Tree`` holds before it opens its
staging folder (a build that changes nothing then writes nothing, unless bigger)."""


class Tree:
    """A generated folder written file by file: ``add`` each file as soon as it is made,
    then ``finish``; the folder ``target`` is replaced by exactly the files added, at
    once (``_swap``), or left as it was if anything fails before (the staging folder is
    removed; a kill may leave a hidden ``.<name>.new-*`` folder behind, dropped by a
    later run). Use it as a context manager, so that a failure cleans up.

    ``write=False``: nothing is written; ``finish`` only says what would change. A file
    equal to the target's is held (up to ``HOLD_BYTES``), not written, until one
    differs: a build that changes nothing writes nothing.
    """

    def __init__(self, target: Path, write: bool = True) -> None:
        self.target, self.write = target, write
        self._names: set[str] = set()
        self._changed: list[str] = []
        self._held: list[tuple[str, bytes]] = []
        self._held_bytes = 0
        self._staging: Path | None = None
        self._fresh = not target.exists()
        """No target yet: every file is new (none is looked for there)."""

    def __enter__(self) -> Tree:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add(self, rel: str, data: bytes) -> None:
        """Add file ``rel`` (a relative path, each at most once) holding ``data``."""
        self._names.add(rel)
        path = self.target / rel
        same = not self._fresh and path.is_file() and path.stat().st_size == len(data) and \
            path.read_bytes() == data
        if not same:
            self._changed.append(rel)
        if not self.write:
            return
        if self._staging is None and (not same or self._held_bytes + len(data) > HOLD_BYTES):
            self._open()
        if self._staging is None:
            self._held.append((rel, data))
            self._held_bytes += len(data)
        else:
            _write_file(self._staging / rel, data)

    def finish(self) -> list[str]:
        """Put the tree in place if anything changed (added, changed, or a file of the
        target's that was not added: orphaned); the sorted relative paths that changed."""
        if self.target.is_dir():
            for p in sorted(self.target.rglob("*")):
                rel = p.relative_to(self.target).as_posix()
                if p.is_file() and rel not in self._names and "__pycache__" not in rel:
                    self._changed.append(rel)
        changed = sorted(set(self._changed))
        if self.write and changed:
            staging = self._staging or self._open()
            _sync(staging, [staging / rel for rel in sorted(self._names)])
            _swap(staging, self.target)
            _fsync_dir(self.target.parent)
        self.close()
        return changed

    def close(self) -> None:
        """Drop the staging folder (after the swap it holds the old tree)."""
        self._held = []
        if self._staging is not None and self._staging.exists():
            remove_tree(self._staging)
        self._staging = None

    def _open(self) -> Path:
        """Make the staging folder beside the target and write the held files into it."""
        self.target.parent.mkdir(parents=True, exist_ok=True)
        _recover(self.target)
        staging = Path(tempfile.mkdtemp(prefix=f".{self.target.name}.new-",
                                        dir=self.target.parent))
        self._staging = staging
        os.chmod(staging, umask_mode(0o777))
        for rel, data in self._held:
            _write_file(staging / rel, data)
        self._held, self._held_bytes = [], 0
        return staging


def differs(target: Path, files: dict[str, bytes]) -> list[str]:
    """Relative paths that would change (added, changed, or orphaned) if written."""
    tree = Tree(target, write=False)
    for rel, data in files.items():
        tree.add(rel, data)
    return tree.finish()


def write_tree(target: Path, files: dict[str, bytes]) -> None:
    """Replace folder ``target`` with exactly ``files`` (relative path -> bytes), at once
    (``Tree``): any failure or kill before the swap leaves ``target`` untouched."""
    with Tree(target) as tree:
        for rel, data in sorted(files.items()):
            tree.add(rel, data)
        tree.finish()


def byte_compile(folder: Path) -> None:
    """Write the ``.pyc`` of every Python file of ``folder`` (after it is in place: the
    caches are not part of the atomic tree)."""
    if folder.is_dir():
        _byte_compile(folder)


def _byte_compile(folder: Path) -> None:
    """Write the ``.pyc`` of every Python file (a big generated engine then imports
    without compiling first). Checked hash-based pycs: valid wherever the tree moves, and
    never used for a source that changed. A ``.pyc`` that already holds the source's hash
    is kept (``compileall`` would compile every file again); a folder with no
    ``__pycache__`` (a tree just put in place) has none to keep, and its sources are not
    read here (100,000 parts: 6 s of reading and paths, now a listing)."""
    stale = []
    for top, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        kept = os.path.isdir(os.path.join(top, "__pycache__"))
        for name in sorted(names):
            if name.endswith(".py"):
                source = os.path.join(top, name)
                if not kept or not _pyc_current(Path(_cache_file(source)),
                                                 Path(source).read_bytes()):
                    stale.append(source)
    workers = min(os.cpu_count() or 1, MAX_WORKERS, len(stale))
    if workers > 1 and _at_least(stale, PARALLEL_BYTES):
        _compile_apart(stale, workers)
    else:
        _compile_files(stale)


def _at_least(files: list[str], size: int) -> bool:
    """Whether ``files`` hold ``size`` bytes or more (their sizes summed until then)."""
    total = 0
    for f in files:
        total += os.path.getsize(f)
        if total >= size:
            return True
    return False


def _cache_file(source: str) -> str:
    import importlib.util

    return importlib.util.cache_from_source(source)


def _compile_files(files: list[str]) -> None:
    """Write the checked hash-based ``.pyc`` of each of ``files`` (Python sources)."""
    import importlib.util
    import py_compile

    for source in files:
        py_compile.compile(source, cfile=importlib.util.cache_from_source(source), quiet=1,
                           invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)


def _compile_apart(files: list[str], workers: int) -> None:
    """``_compile_files`` in ``workers`` processes at once, the files shared out by size
    (the biggest first, each to the least loaded); what a process left undone (it
    failed) is compiled here."""
    batches: list[list[str]] = [[] for _ in range(workers)]
    sizes = [0] * workers
    for size, f in sorted(((os.path.getsize(f), f) for f in files), key=lambda p: (-p[0], p[1])):
        least = sizes.index(min(sizes))
        batches[least].append(f)
        sizes[least] += size
    code = ("import os, sys; from compiler.output import _compile_files; _compile_files("
            "[os.fsdecode(f) for f in sys.stdin.buffer.read().split(b'\\0')])")
    procs = []
    for batch in batches:  # the names on stdin: 100,000 of them are past argv's limit
        if batch:
            procs.append(proc := subprocess.Popen(
                [sys.executable, "-c", code], cwd=_ROOT, stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            assert proc.stdin is not None
            proc.stdin.write(b"\0".join(os.fsencode(f) for f in batch))
            proc.stdin.close()
    if any(proc.wait() != 0 for proc in procs):
        _compile_files(files)


def _pyc_current(cfile: Path, source: bytes) -> bool:
    """Whether ``cfile`` is this Python's checked hash-based ``.pyc`` of ``source``."""
    import importlib.util

    try:
        with open(cfile, "rb") as fh:
            head = fh.read(16)
    except OSError:
        return False
    return head[:4] == importlib.util.MAGIC_NUMBER and head[4:8] == b"\x03\0\0\0" and \
        head[8:] == importlib.util.source_hash(source)


def umask_mode(mode: int = 0o666) -> int:
    """``mode`` less the process umask: what ``open()`` or ``mkdir()`` would give."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mode & ~mask


def write_file(path: Path, data: bytes) -> None:
    """Replace file ``path`` with ``data`` atomically (a temporary file beside it and a
    rename), with the permissions the umask gives a new file. ``path``'s folder must exist.
    """
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, umask_mode())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _write_file(path: Path, data: bytes) -> None:
    """Write one file (the single write point; tests patch it); ``_sync`` makes the
    files durable before the swap. Its folder is made when missing (a mkdir of one that
    exists is a failed system call: one a file, 100,000 for an engine of parts)."""
    try:
        path.write_bytes(data)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def _sync(staging: Path, paths: list[Path]) -> None:
    """Make ``paths`` and the folders under ``staging`` durable: on Linux one
    ``syncfs`` of the file system holding them (an ``fsync`` per file took 5 ms each on
    a busy machine: 50 s for an engine of 10,000 one-record parts), elsewhere (or if it
    fails) an ``fsync`` of each file and folder."""
    syncfs = _libc_function("syncfs", [ctypes.c_int])
    fd = os.open(staging, os.O_RDONLY)
    try:
        if syncfs is not None and syncfs(fd) == 0:
            return
    finally:
        os.close(fd)
    for path in paths:
        with open(path, "rb") as fh:
            os.fsync(fh.fileno())
    for folder in sorted({p.parent for p in paths} | {staging}):
        _fsync_dir(folder)


def _fsync_dir(path: Path) -> None:
    if sys.platform.startswith("win"):  # pragma: no cover - no directory fsync there
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _swap(staging: Path, target: Path) -> None:
    """Put ``staging`` in place of ``target``; afterwards ``staging`` holds the old tree."""
    if not target.exists():
        os.replace(staging, target)
        return
    if _exchange(staging, target):
        return
    old = _old(target)
    if old.exists():
        shutil.rmtree(old)
    os.replace(target, old)
    try:
        os.replace(staging, target)
    except BaseException:
        os.replace(old, target)
        raise
    os.replace(old, staging)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths with ``renameat2``; False when not supported."""
    func = _renameat2()
    if func is None:
        return False
    rc = func(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return rc == 0


def _renameat2() -> Any:
    return _libc_function("renameat2", [ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                                        ctypes.c_char_p, ctypes.c_uint])


def _libc_function(name: str, argtypes: list[Any]) -> Any:
    """The C library's function ``name`` returning an int (Linux only), or None."""
    if not sys.platform.startswith("linux"):
        return None
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        func = getattr(libc, name)
        func.argtypes = argtypes
        func.restype = ctypes.c_int
        return func
    return None


def remove_tree(path: Path) -> None:
    """Remove folder ``path`` and everything in it, also the folders in it that are
    read-only (a generated folder its user made read-only: after the swap the staging
    folder holds that old tree, which stayed behind for ever as a hidden
    ``.<name>.new-*``); any error past that is ignored (a later run drops what is left)."""
    top = os.fspath(path)

    def writable(func: Any, name: str, exc: Any) -> None:
        exc = exc[1] if isinstance(exc, tuple) else exc   # onerror: sys.exc_info()
        parent = os.path.dirname(name)
        if not isinstance(exc, PermissionError) or not (parent + os.sep).startswith(
                top + os.sep):
            return   # only a folder of the tree itself is made writable
        with contextlib.suppress(OSError):
            os.chmod(parent, os.stat(parent).st_mode | stat.S_IWUSR | stat.S_IXUSR)
            func(name)

    if sys.version_info >= (3, 12):  # pragma: no cover - onerror is deprecated there
        shutil.rmtree(path, onexc=writable)
    else:
        shutil.rmtree(path, onerror=writable)


def _old(target: Path) -> Path:
    return target.parent / f".{target.name}.old"


def _recover(target: Path) -> None:
    """Undo a crash between the two renames of the fallback swap; drop stale staging."""
    old = _old(target)
    if old.exists() and not target.exists():
        os.replace(old, target)
    elif old.exists():
        remove_tree(old)
    now = time.time()
    for stale in target.parent.glob(f".{glob.escape(target.name)}.new-*"):
        with contextlib.suppress(OSError):
            if now - stale.stat().st_mtime > STALE_S:
                remove_tree(stale)
