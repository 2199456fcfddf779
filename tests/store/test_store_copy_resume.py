"""``python -m bot copy-db`` streams: pages of a bounded size, each committed with the last
key copied, so a copy killed midway resumes to the same copy (into SQLite by default, into
PostgreSQL under ``--db postgresql``), and a resume of another source's copy is refused."""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.database_cli import copy_database
from bot.store import Store
from bot.store.copy import PROGRESS_KEY, CannotResume, TargetNotEmpty, copy_rows, count_rows
from tests.dbtools import connect
from tests.processes import ROOT, call_postal, process_env
from tests.store.test_store_copy import _deployment, _rows

PLAYERS = 3000  # enough pages of five rows for the copy to be caught midway


async def _grown(path: Path) -> None:
    """The deployment of ``_deployment`` plus ``PLAYERS`` players: a long players table."""
    await _deployment(path)
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, 0, 1)",
            [(100_000 + n, f"p{n}") for n in range(PLAYERS)],
        )


def _progress(target: Path | str) -> dict[str, Any] | None:
    """The copy's progress recorded in ``target`` (None before the first page)."""
    try:
        with connect(target) as conn:
            row = conn.execute("SELECT value FROM bot_state WHERE key = ?", (PROGRESS_KEY,))
            found = row.fetchone()
    except Exception:  # not created or migrated yet
        return None
    return dict(json.loads(found[0])) if found else None


def _kill_midway(source: Path, target: Path | str) -> dict[str, Any]:
    """Start ``copy-db`` in pages of five rows, SIGKILL it once the players table is a
    tenth copied; returns the progress it had recorded."""
    url = target if isinstance(target, str) else f"sqlite:///{target}"
    copying = subprocess.Popen(
        [sys.executable, "-m", "bot", "copy-db", str(source), url, "--page-rows", "5"],
        cwd=ROOT, env=process_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            progress = _progress(target)
            players = (progress or {}).get("tables", {}).get("players", {})
            if players.get("rows", 0) >= PLAYERS // 10:
                copying.send_signal(signal.SIGKILL)
                break
            time.sleep(0.02)
        else:
            pytest.fail("the copy did not reach the players table")
    finally:
        copying.kill()
        copying.wait()
    progress = _progress(target)
    assert progress is not None
    return progress


async def _same(copy: Path | str, source: Path, tmp_path: Path) -> None:
    """``copy`` holds every row of ``source`` (leases left out), compared as SQLite rows."""
    if isinstance(copy, str):  # PostgreSQL: brought back into a file first
        back = tmp_path / "back.db"
        await copy_database(copy, back)
        copy = back
    assert _rows(copy) == _rows(source) | {"shard_leases": []}


async def test_a_copy_killed_midway_resumes_to_the_same_copy(
    tmp_path: Path, db_target: Path | str
) -> None:
    """Killed (SIGKILL) in the middle of the players table, the copy holds whole pages up to
    the recorded key; run again, ``copy-db`` refuses the half-filled target unless told
    ``--resume``, which finishes the copy: every row as in the source."""
    source = tmp_path / "source.db"
    await _grown(source)
    progress = _kill_midway(source, db_target)
    players = progress["tables"]["players"]
    assert not players["done"] and players["rows"] % 5 == 0 and players["rows"] < PLAYERS + 5
    with connect(db_target) as conn:
        held = conn.execute("SELECT COUNT(*), MAX(id) FROM players").fetchone()
    assert held == (players["rows"], players["last"][0])
    url = db_target if isinstance(db_target, str) else f"sqlite:///{db_target}"
    # (main runs its own event loop: in a thread, beside this test's)
    again = await asyncio.to_thread(call_postal, ["copy-db", str(source), url])
    assert again.returncode == 1 and "add --resume to continue it" in again.stderr
    resume = ["copy-db", str(source), url, "--resume", "--page-rows", "500"]
    resumed = await asyncio.to_thread(call_postal, resume)
    assert resumed.returncode == 0, resumed.stderr
    assert f"players: {PLAYERS + 5:,} rows" in resumed.stdout
    assert _progress(db_target) is None  # the copy's own row is gone once it is whole
    await _same(db_target, source, tmp_path)


async def test_a_resume_of_a_source_changed_since_is_refused(
    tmp_path: Path, db_target: Path | str
) -> None:
    """A player added to the source after the copy stopped: ``--resume`` refuses in one line
    and writes nothing."""
    source = tmp_path / "source.db"
    await _grown(source)
    _kill_midway(source, db_target)
    with connect(db_target) as conn:
        before = conn.execute("SELECT COUNT(*) FROM players").fetchone()
    with sqlite3.connect(source) as conn:
        conn.execute(
            "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (7, 'z', 0, 1)"
        )
    with pytest.raises(CannotResume, match="changed since the copy"):
        await copy_database(source, db_target, resume=True)
    with connect(db_target) as conn:
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone() == before


async def test_pages_are_read_in_bounded_size(tmp_path: Path, db_target: Path | str) -> None:
    """No read of the source returns more than a page of rows, however long the table: the
    copy's memory is a page's worth."""
    source_path = tmp_path / "source.db"
    await _grown(source_path)
    source = await Store.open(source_path)
    target = await Store.open(db_target)
    sizes: list[int] = []
    reads = source.database.fetch

    async def counted(sql: str, params: Any = ()) -> list[Any]:
        rows = await reads(sql, params)
        sizes.append(len(rows))
        return rows

    try:
        source.database.fetch = counted  # type: ignore[method-assign]
        copied = await copy_rows(source.database, target.database, page_rows=50)
        assert {c.table: c.rows for c in copied}["players"] == PLAYERS + 5
        assert max(sizes) == 50 and sizes.count(50) >= PLAYERS // 50
        assert await count_rows(target.database) == await count_rows(source.database)
    finally:
        await target.close()
        await source.close()


async def test_resume_into_an_empty_target_copies_and_a_full_one_is_refused(
    tmp_path: Path, db_target: Path | str
) -> None:
    """``--resume`` with nothing begun is a plain copy; into a database holding rows of its
    own (no copy begun there) it is refused as a plain copy is."""
    source = tmp_path / "source.db"
    await _grown(source)
    done = await copy_database(source, db_target, resume=True, replay=False)
    assert {c.table: c.rows for c in done.copied}["players"] == PLAYERS + 5
    other = tmp_path / "other.db"
    await copy_database(source, other, replay=False)
    with pytest.raises(TargetNotEmpty, match="is not empty"):
        await copy_database(source, other, resume=True)
