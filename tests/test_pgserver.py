"""The throwaway PostgreSQL server of the tests never outlives its run: a SIGTERM'd process
stops it, and a server left by a SIGKILLed one is removed by the next start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import pgserver
from tests.pgserver import PostgresServer

pytestmark = pytest.mark.postgresql

ROOT = Path(__file__).resolve().parents[1]
# A process that starts a server under the folder given, says where, and waits.
_HOLDER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from tests.pgserver import PostgresServer
server = PostgresServer.start(Path(sys.argv[2]), template=False)
print(server.root, flush=True)
time.sleep(600)
"""


def _hold_a_server(parent: Path) -> tuple[subprocess.Popen[str], Path, int]:
    """A child process holding a server: (the process, the cluster's folder, the server's
    process id)."""
    try:
        pgserver.binaries()
    except pgserver.PostgresUnavailable as error:
        pytest.skip(str(error))
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(ROOT), str(parent)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline().strip()
    assert line, "the child did not start a server"
    root = Path(line)
    postmaster = int((root / "data" / "postmaster.pid").read_text().split()[0])
    assert _alive(postmaster)
    return child, root, postmaster


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_a_sigtermed_process_stops_its_server(tmp_path: Path) -> None:
    """SIGTERM (what a CI timeout or a supervisor sends): the server is stopped and its
    folder removed, and the process still ends as SIGTERM ends it."""
    child, root, postmaster = _hold_a_server(tmp_path)
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=60) == -signal.SIGTERM
    assert _gone_within(postmaster, 30)
    assert not root.exists()


def test_a_server_left_by_a_killed_process_is_removed_by_the_next_start(tmp_path: Path) -> None:
    """SIGKILL cannot be caught: the server stays, until the next start in the same folder
    finds its owner gone and stops it. A live owner's server is left alone."""
    child, root, postmaster = _hold_a_server(tmp_path)
    living, living_root, living_postmaster = _hold_a_server(tmp_path)
    try:
        child.kill()
        child.wait(timeout=60)
        assert _alive(postmaster) and root.exists()  # SIGKILL left it running

        server = PostgresServer.start(tmp_path, template=False)
        try:
            assert _gone_within(postmaster, 30)
            assert not root.exists()
            assert _alive(living_postmaster) and living_root.exists()
        finally:
            server.stop()
    finally:
        living.send_signal(signal.SIGTERM)
        living.wait(timeout=60)
    assert _gone_within(living_postmaster, 30)
