"""A short smoke run of the benchmark command's parts (issue 8: part of CI): every figure
``benchmarks/run.py`` reports is produced, on small inputs. No timing is asserted: the
figures are measured by ``python benchmarks/run.py``, not by tests."""

from __future__ import annotations

import importlib.util
import math
import sys
from types import ModuleType

import pytest

from tests.conftest import ROOT


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = module
    spec.loader.exec_module(module)
    return module


def _positive(value: object) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value) and value > 0


def test_build_and_engine_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    bench = _bench()
    build = bench.build_vs_yaml([ROOT / "rules_data" / "love_letter"])
    assert _positive(build["build_vs_yaml_load"])
    monkeypatch.setattr(bench, "GAMES", {"love_letter": 2})
    engines = bench.engines(1)
    for key in ("compiled_vs_interpreter", "games_per_s", "decisions_per_s"):
        assert set(engines[key]) == {"love_letter"}
        assert _positive(engines[key]["love_letter"])


def test_scale_figures() -> None:
    bench = _bench()
    scale = bench.scale([20, 40])
    assert _positive(scale["scale_40_vs_20"])
    assert any(key.startswith("new_game_") for key in scale), sorted(scale)


def test_parts_figures_agree_between_engines() -> None:
    """The parts benchmark runs both engines on the same states and raises when their
    answers differ; a smoke run on Love Letter (no timing asserted)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks" / "scripts"))
    from parts_ratio import parts_ratio

    got = parts_ratio("love_letter", 2, 3, 1)
    # 8 kinds of card; the Countess and the Princess have no effect of their own when
    # played (the Countess does nothing, the Princess is a rule about being discarded)
    assert got["states"] > 0 and got["effects"] == 6
    assert _positive(got["effects_ratio"])
