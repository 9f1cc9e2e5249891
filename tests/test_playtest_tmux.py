"""A human-vs-random game at a real terminal (tmux), typed key by key, to the end."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


def _tmux(*args: str) -> str:
    """Run a tmux command; its output ('' once the session has ended)."""
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


def test_human_vs_random_through_tmux(tmp_path):
    session = f"rulesc-test-{tmp_path.name}"[:40]
    log, done = tmp_path / "game.jsonl", tmp_path / "exit"
    cmd = (f"{shlex.quote(sys.executable)} -m compiler play pampero --agent human,random "
           f"--seed 2 --log {log}; echo $? > {done}")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
                    "-c", str(ROOT), cmd], check=True)
    try:
        screen = ""
        for _ in range(400):  # one answer per round trip, bounded
            if done.exists():
                break
            screen = _tmux("capture-pane", "-p", "-t", session)
            if screen.rstrip().endswith(">"):
                _tmux("send-keys", "-t", session, "1", "Enter")
            time.sleep(0.05)
        assert done.exists(), f"the game did not end; last screen:\n{screen}"
        assert done.read_text().strip() == "0"
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    rows = log.read_text().splitlines()
    assert '"end": true' in rows[-1]
