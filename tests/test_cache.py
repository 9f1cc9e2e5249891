"""The content-hash cache (compiler.cache): a run on unchanged inputs gives the same
diagnostics, output and bytes as a fresh one; any change to the inputs is a new run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler import cache
from compiler.cli import main
from compiler.output import _pyc_current
from compiler.pipeline import compile_game
from tests.conftest import ROOT
from tests.core.helpers import TINY


@pytest.fixture
def cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache on, in tmp_path/cache."""
    monkeypatch.delenv("RULESC_NO_CACHE")
    monkeypatch.setenv("RULESC_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    dest = tmp_path / "tiny"
    shutil.copytree(TINY, dest)
    return dest


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_a_second_build_is_read_from_the_cache_byte_for_byte(cached, game, tmp_path,
                                                             capsys):
    fresh, again = tmp_path / "fresh", tmp_path / "again"
    first = _run(capsys, "build", "--rules", str(game), "--out", str(fresh), "--no-cache")
    assert first[0] == 0 and not list(cached.glob("*.marshal"))  # (Lark's file may be)
    _run(capsys, "build", "--rules", str(game), "--out", str(again))
    assert any(cached.glob("*.out.marshal"))
    shutil.rmtree(again)
    second = _run(capsys, "build", "--rules", str(game), "--out", str(again))
    assert second == (0, first[1].replace(str(fresh), str(again)), first[2])
    assert _files(fresh) == _files(again)
    assert sorted(p.name for p in again.rglob("*.pyc")) == \
        sorted(p.name for p in fresh.rglob("*.pyc"))


def test_diagnostics_from_the_cache_are_the_same(cached, game, capsys):
    text = (game / "kinds.yaml").read_text("utf-8")
    (game / "kinds.yaml").write_text(text + "\nnot_a_key: 1\n", "utf-8")
    fresh = _run(capsys, "check", "--rules", str(game), "--no-cache")
    assert fresh[0] == 1 and "S003" in fresh[2]
    assert _run(capsys, "check", "--rules", str(game)) == fresh
    assert any(cached.glob("*.diags.json"))
    assert _run(capsys, "check", "--rules", str(game)) == fresh  # from the cache
    assert _run(capsys, "check", "--rules", str(game), "--format", "json") == \
        _run(capsys, "check", "--rules", str(game), "--format", "json", "--no-cache")


def test_a_changed_file_is_compiled_again(cached, game):
    key = cache.input_key([game], ROOT)
    assert compile_game(game, ROOT, use_cache=True).key == key
    kinds = game / "kinds.yaml"
    kinds.write_text(kinds.read_text("utf-8") + "\n# a comment\n", "utf-8")
    assert cache.input_key([game], ROOT) not in (None, key)
    comp = compile_game(game, ROOT, use_cache=True)
    assert comp.ir == compile_game(game, ROOT).ir
    assert [d.format() for d in comp.diagnostics] == \
        [d.format() for d in compile_game(game, ROOT).diagnostics]


def test_ir_and_documents_of_a_hit_are_those_of_a_fresh_run(cached, game):
    compile_game(game, ROOT, use_cache=True)
    hit = compile_game(game, ROOT, use_cache=True)
    assert not hit.values  # nothing read yet
    fresh = compile_game(game, ROOT)
    assert hit.ir == fresh.ir
    assert [(d.path, d.data, d.lines) for d in hit.docs] == \
        [(d.path, d.data, d.lines) for d in fresh.docs]


def test_links_and_the_environment_switch_turn_it_off(cached, game, monkeypatch):
    (game / "linked.yaml").symlink_to(game / "kinds.yaml")
    assert cache.input_key([game], ROOT) is None
    (game / "linked.yaml").unlink()
    assert cache.input_key([game], ROOT) is not None
    monkeypatch.setenv("RULESC_NO_CACHE", "1")
    assert not cache.enabled()
    assert compile_game(game, ROOT, use_cache=True).key is None


def test_a_pyc_is_current_only_for_its_source(cached, game, tmp_path, capsys):
    out = tmp_path / "out"
    _run(capsys, "build", "--rules", str(game), "--out", str(out))
    from compiler.output import byte_compile

    byte_compile(out / "core_tiny")  # --out writes sources only; generated/ gets the caches
    engine = out / "core_tiny" / "engine.py"
    pyc = next((out / "core_tiny" / "__pycache__").glob("engine.*.pyc"))
    assert _pyc_current(pyc, engine.read_bytes())
    assert not _pyc_current(pyc, engine.read_bytes() + b"\n")
    assert not _pyc_current(out / "none.pyc", b"")


def test_kept_syntax_trees_give_the_same_compilation(cached, game, monkeypatch):
    """After an edit, the texts an earlier run parsed are read from the cache folder
    (``syn-*.marshal``): the IR and diagnostics are those of a fresh parse, and a
    broken file is only a miss."""
    from compiler.lang import parse

    def new_process() -> None:  # nothing read or parsed yet
        monkeypatch.setattr(parse, "_KEPT", parse._Kept())
        parse._tree.cache_clear()

    new_process()
    first = compile_game(game, game.parent, use_cache=True)
    [kept] = cached.glob("syn-*.marshal")
    new_process()
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text() + "\n")
    again = compile_game(game, game.parent, use_cache=True)
    assert parse._KEPT.by_text and not parse._KEPT.parsed  # nothing parsed again
    assert again.ir == first.ir and again.diagnostics == first.diagnostics
    kept.write_bytes(b"not marshal")
    new_process()
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text() + "\n")
    broken = compile_game(game, game.parent, use_cache=True)
    assert broken.ir == first.ir and broken.diagnostics == first.diagnostics


def test_outputs_past_the_limit_are_written_not_kept(cached, game, tmp_path, capsys,
                                                     monkeypatch):
    """A build whose files pass ``CACHE_OUT_BYTES`` writes them as they are made and keeps
    none of them in the cache (they would all be held in memory): the next build renders
    them again, to the same bytes."""
    from compiler import pipeline

    monkeypatch.setattr(pipeline, "CACHE_OUT_BYTES", 1000)
    first, second = tmp_path / "first", tmp_path / "second"
    assert _run(capsys, "build", "--rules", str(game), "--out", str(first))[0] == 0
    assert any(cached.glob("*.ir.marshal")) and not any(cached.glob("*.out.marshal"))
    assert _run(capsys, "build", "--rules", str(game), "--out", str(second))[0] == 0
    assert not any(cached.glob("*.out.marshal"))
    assert _files(first) == _files(second) and _files(first)


def test_byte_compile_keeps_a_current_pyc_and_redoes_a_stale_one(tmp_path):
    """``byte_compile``: every source of a tree with no ``__pycache__`` gets its pyc
    (none is read to check first); a second run keeps the pyc of a source unchanged (the
    same file: a pyc is written by a rename, a new inode) and redoes the one whose
    source changed."""
    import importlib.util

    from compiler.output import byte_compile

    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "a.py").write_text("A = 1\n")
    (pkg / "sub" / "b.py").write_text("B = 2\n")
    byte_compile(pkg)
    pyc = {n: Path(importlib.util.cache_from_source(str(pkg / n))) for n in ("a.py", "sub/b.py")}
    assert all(_pyc_current(pyc[n], (pkg / n).read_bytes()) for n in pyc)
    kept = pyc["a.py"].stat().st_ino
    (pkg / "sub" / "b.py").write_text("B = 3\n")
    byte_compile(pkg)
    assert pyc["a.py"].stat().st_ino == kept
    assert _pyc_current(pyc["sub/b.py"], b"B = 3\n")
