"""A build that fails or is killed while writing leaves the output exactly as it was."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from compiler import output
from compiler.cli import main

BASE = Path(__file__).resolve().parent / "bad_input" / "_base"


def tree(folder: Path) -> dict[str, bytes]:
    """Relative path -> bytes of every file below ``folder``."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _built(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    rules, out = tmp_path / "rules", tmp_path / "out"
    shutil.copytree(BASE, rules)
    assert main(["build", "--rules", str(rules), "--out", str(out)]) == 0
    capsys.readouterr()
    text = (rules / "game.yaml").read_text().replace("title: {en: Mini}", "title: {en: Maxi}")
    (rules / "game.yaml").write_text(text)
    return rules, out


def test_failure_after_first_file_changes_nothing(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    rules, out = _built(tmp_path, capsys)
    before = tree(out)
    real = output._write_file
    calls: list[Path] = []

    def fail_after_first(path: Path, data: bytes) -> None:
        if calls:
            raise OSError(28, "No space left on device")
        calls.append(path)
        real(path, data)

    monkeypatch.setattr(output, "_write_file", fail_after_first)
    assert main(["build", "--rules", str(rules), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err and "unchanged" in err
    assert calls, "the patched writer was not used"
    assert tree(out) == before
    assert sorted(p.name for p in out.iterdir()) == ["mini"]  # game.yaml's id


def test_failure_during_swap_changes_nothing(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "gen"
    output.write_tree(target, {"a.py": b"old", "sub/b.py": b"old"})
    monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    real_replace = os.replace

    def fail_second_rename(src: str | Path, dst: str | Path) -> None:
        if Path(src).name.startswith(".gen.new-"):
            raise OSError(5, "I/O error")
        real_replace(src, dst)

    monkeypatch.setattr(output.os, "replace", fail_second_rename)
    with pytest.raises(OSError):
        output.write_tree(target, {"a.py": b"new"})
    assert tree(target) == {"a.py": b"old", "sub/b.py": b"old"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gen"]


def test_crash_between_fallback_renames_is_recovered(tmp_path: Path) -> None:
    target = tmp_path / "gen"
    output.write_tree(target, {"a.py": b"old"})
    os.replace(target, tmp_path / ".gen.old")  # as if killed after the first rename
    output.write_tree(target, {"a.py": b"new"})
    assert tree(target) == {"a.py": b"new"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gen"]


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from compiler.output import write_tree
    target = Path(sys.argv[1])
    versions = [{f"f{i:02}.py": (v * 20_000).encode() for i in range(40)} for v in "AB"]
    print("ready", flush=True)
    n = 0
    while True:
        write_tree(target, versions[n % 2])
        n += 1
""")


def test_sigkill_at_any_moment_leaves_a_whole_tree(tmp_path: Path) -> None:
    """Kill a writer looping between two trees; the target is always one of them."""
    target = tmp_path / "gen"
    versions = [{f"f{i:02}.py": (v * 20_000).encode() for i in range(40)} for v in "AB"]
    output.write_tree(target, versions[0])
    rng = random.Random(7)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    for _ in range(12):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], env=env,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        assert tree(target) in versions, "a kill left a partial or missing tree"
    output.write_tree(target, versions[1])
    assert tree(target) == versions[1]


@pytest.mark.parametrize("syncfs", [True, False])
def test_a_tree_is_made_durable_with_or_without_syncfs(tmp_path: Path, syncfs: bool,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """One ``syncfs`` on Linux; where there is none, an ``fsync`` of every file and
    folder: either way the tree written is exactly the files given."""
    synced: list[str] = []
    real_fsync = os.fsync
    if not syncfs:
        monkeypatch.setattr(output, "_libc_function", lambda name, argtypes: None)
    monkeypatch.setattr(output.os, "fsync", lambda fd: synced.append("f") or real_fsync(fd))
    files = {"a.py": b"A = 1\n", "parts/b.py": b"B = 2\n", "parts/c.py": b"C = 3\n"}
    output.write_tree(tmp_path / "out", files)
    assert tree(tmp_path / "out") == files
    if not syncfs:
        assert len(synced) >= 3 + 2  # the three files, then the folders


def test_pyc_files_are_written_by_processes_given_any_number_of_files(tmp_path: Path) -> None:
    """The files are handed to the processes on stdin: 100,000 names (a game of as many
    one-record parts) are past the limit of a command line, which failed with E2BIG."""
    import importlib.util

    folder = tmp_path / ("d" * 200)
    folder.mkdir()
    names = [str(folder / f"m_{i}_{'x' * 200}.py") for i in range(12000)]  # 5 MB of names
    for i, name in enumerate(names):
        Path(name).write_text(f"X = {i}\n", "utf-8")
    output._compile_apart(names, 2)
    assert all(Path(importlib.util.cache_from_source(n)).is_file() for n in names)


def test_a_failure_while_files_are_made_changes_nothing(tmp_path: Path) -> None:
    """``Tree`` writes each file as it is added; an error before ``finish`` (the next
    file could not be made) leaves the target as it was and no staging folder."""
    target = tmp_path / "gen"
    output.write_tree(target, {"a.py": b"old", "sub/b.py": b"old"})
    with pytest.raises(ValueError), output.Tree(target) as t:
        t.add("a.py", b"new")
        t.add("sub/c.py", b"new")
        raise ValueError("the next file failed")
    assert tree(target) == {"a.py": b"old", "sub/b.py": b"old"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gen"]


def test_a_tree_that_changes_nothing_writes_nothing(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Files equal to the target's are held, not written, until one differs: then they
    are written too, and a file no longer added is gone (orphaned)."""
    target = tmp_path / "gen"
    files = {"a.py": b"A", "parts/b.py": b"B", "parts/c.py": b"C"}
    output.write_tree(target, files)
    written: list[str] = []
    real = output._write_file
    monkeypatch.setattr(output, "_write_file",
                        lambda p, d: written.append(p.name) or real(p, d))
    with output.Tree(target) as t:
        for rel, data in files.items():
            t.add(rel, data)
        assert t.finish() == []
    assert written == [] and tree(target) == files
    with output.Tree(target) as t:  # b.py unchanged, then c.py changed: both written
        t.add("parts/b.py", b"B")
        t.add("parts/c.py", b"C2")
        assert t.finish() == ["a.py", "parts/c.py"]
    assert written == ["b.py", "c.py"]
    assert tree(target) == {"parts/b.py": b"B", "parts/c.py": b"C2"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gen"]


def test_held_files_past_the_limit_are_written_then_dropped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``HOLD_BYTES`` of unchanged files the staging folder is opened; if nothing
    changed in the end it is removed and the target is untouched."""
    target = tmp_path / "gen"
    files = {f"f{i}.py": bytes([65 + i]) * 10 for i in range(5)}
    output.write_tree(target, files)
    monkeypatch.setattr(output, "HOLD_BYTES", 25)
    inode = (target / "f0.py").stat().st_ino
    with output.Tree(target) as t:
        for rel, data in files.items():
            t.add(rel, data)
        assert t._staging is not None  # opened past the limit
        assert t.finish() == []
    assert tree(target) == files and (target / "f0.py").stat().st_ino == inode
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gen"]


def test_an_old_tree_made_read_only_is_removed_after_the_swap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A generated folder its user made read-only (``chmod -R a-w``) is replaced, and its
    old tree removed: it stayed as a hidden ``.<name>.new-*`` folder (rmtree could not
    empty a read-only folder, and ignored that). Permissions are emulated (a test run as
    root may write anywhere): unlinking in a folder without its write bit fails."""
    import stat

    real_unlink, real_rmdir = os.unlink, os.rmdir

    def guarded(real):  # what the kernel does for a user that is not root
        def call(name, *, dir_fd=None):
            where = dir_fd if dir_fd is not None else os.path.dirname(name) or "."
            if not os.stat(where).st_mode & stat.S_IWUSR:
                raise PermissionError(13, "Permission denied", name)
            return real(name, dir_fd=dir_fd)
        return call

    target = tmp_path / "game"
    output.write_tree(target, {"a.py": b"1", "sheets/b.html": b"2"})
    for folder in (target / "sheets", target):
        folder.chmod(0o555)
    monkeypatch.setattr(os, "unlink", guarded(real_unlink))
    monkeypatch.setattr(os, "rmdir", guarded(real_rmdir))
    output.write_tree(target, {"a.py": b"3"})
    monkeypatch.undo()
    assert (target / "a.py").read_bytes() == b"3"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game"]
