"""The Ray backend of ``rulesc simulate``: each game is a Ray task (``play_job``).

``address=None`` starts a local Ray instance for the run and stops it after; an address
(``ray://head:10001`` or ``auto`` on a cluster node) joins an existing cluster, whose
workers need this package installed (``pip install -e ".[playtest]"`` or a runtime_env).
Rows come back in job order, so they equal the local backend's for the same seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.playtest.simulate import Job, play_job

__all__ = ["run_ray"]


def run_ray(jobs: list[Job], address: str | None = None,
            tick: Callable[..., None] | None = None) -> list[dict[str, Any]]:
    """Play ``jobs`` as Ray tasks; the rows in job order. Needs the ``ray`` package."""
    import ray

    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
    try:
        task = ray.remote(play_job)
        refs = [task.remote(job) for job in jobs]
        index = {ref: i for i, ref in enumerate(refs)}
        rows: list[dict[str, Any] | None] = [None] * len(refs)
        waiting = list(refs)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=min(len(waiting), 8), timeout=None)
            for ref in done:
                rows[index[ref]] = ray.get(ref)
            if tick:
                tick(len(done))
        return [r for r in rows if r is not None]
    finally:
        if started:
            ray.shutdown()
