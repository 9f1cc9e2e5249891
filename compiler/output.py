"""Atomic output: a whole generated folder is replaced at once, or not at all."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def differs(target: Path, files: dict[str, bytes]) -> list[str]:
    """Relative paths that would change (added, changed, or orphaned) if written."""
    out = []
    for rel, data in files.items():
        p = target / rel
        if not p.is_file() or p.read_bytes() != data:
            out.append(rel)
    if target.is_dir():
        for p in sorted(target.rglob("*")):
            rel = p.relative_to(target).as_posix()
            if p.is_file() and rel not in files and "__pycache__" not in rel:
                out.append(rel)
    return sorted(set(out))


def write_tree(target: Path, files: dict[str, bytes]) -> None:
    """Replace folder ``target`` with exactly ``files`` (relative path -> bytes).

    The new tree is written beside the target, then swapped in with two renames; an
    interruption before the swap leaves the old folder untouched.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
    try:
        for rel, data in sorted(files.items()):
            p = staging / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            with open(p, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        _swap(staging, target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def _swap(staging: Path, target: Path) -> None:
    old = target.parent / f".{target.name}.old"
    if old.exists():
        shutil.rmtree(old)
    if target.exists():
        os.replace(target, old)
    try:
        os.replace(staging, target)
    except BaseException:
        if old.exists() and not target.exists():
            os.replace(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)
