"""Unusable databases end `python -m bot` and `python -m bot console` with one line, status 1.

Each kind of broken file is made for real in tmp_path: garbage, a truncated file, a damaged
page, a scrambled schema, missing tables, a read-only file and a read-only file system.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import ROOT, call_postal, process_env, run_postal

PAGE = 4096

GAME_SCRIPT = (
    "alice /challenge bob color:white\nbob /press Accept\nalice /move e4\nbob /move e5\n"
    "carol /challenge dave game:xiangqi\ndave /press Accept\n"
)


@pytest.fixture(scope="module")
def postal_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A real Postal database with two games, written by the console and closed cleanly:
    its bytes, made once for the tests that damage a copy each."""
    path = tmp_path_factory.mktemp("made") / "postal.db"
    done = call_postal(["console", "--db", str(path), "--no-images"], {}, GAME_SCRIPT)
    assert done.returncode == 0, done.stderr
    assert not Path(f"{path}-wal").exists()  # checkpointed: the main file holds everything
    return path.read_bytes()


def postal_database(path: Path, made: bytes) -> Path:
    """A copy of the database ``postal_file`` made, at ``path``."""
    path.write_bytes(made)
    return path


def assert_refused(
    path: Path, *expected: str, prefix: tuple[str, ...] = (), console_process: bool = False
) -> None:
    """Both entry points refuse ``path`` with one ``postal:`` line (saying each of
    ``expected``) and status 1, and leave the file as it was. Each is started as a process
    with a ``prefix`` or ``console_process``, else its ``main`` runs in the test's process
    (the refusal is the store's, shared by both, and the garbage file's test sees it across
    the process boundary: a process costs a third of a CPU-second and more to start)."""
    before = path.read_bytes() if path.is_file() else None
    bot_env = {
        "DISCORD_TOKEN": "token",
        "DATABASE_URL": f"sqlite:///{path}",
        # Nothing listens here: the database must be refused before Discord is contacted.
        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gateway",
    }
    console = ["console", "--db", str(path), "--no-images"]
    runs = {
        "bot": run_postal([], bot_env, prefix=prefix)
        if prefix or console_process
        else call_postal([], bot_env),
        "console": run_postal(console, {}, "alice /games\n", prefix=prefix)
        if prefix or console_process
        else call_postal(console, {}, "alice /games\n"),
    }
    for name, done in runs.items():
        lines = done.stderr.strip().splitlines()
        assert done.returncode == 1, (name, done.stderr)
        assert len(lines) == 1 and lines[0].startswith("postal: "), (name, done.stderr)
        assert "Traceback" not in done.stderr + done.stdout, name
        assert all(words in lines[0] for words in expected), (name, lines[0])
    if before is not None:
        assert path.read_bytes() == before


def test_garbage_file_is_refused(tmp_path: Path) -> None:
    """A file that is not SQLite at all: 'not an SQLite database', restore from a backup."""
    path = tmp_path / "garbage.db"
    path.write_bytes(b"these are not the pages you are looking for\n" * 200)
    assert_refused(path, "not an SQLite database", "restore it from a backup", console_process=True)


def test_garbage_header_is_refused(tmp_path: Path, postal_file: bytes) -> None:
    """A real database whose first 100 bytes (the header) were overwritten."""
    path = postal_database(tmp_path / "postal.db", postal_file)
    data = bytearray(path.read_bytes())
    data[:100] = b"\x5a" * 100
    path.write_bytes(bytes(data))
    assert_refused(path, "restore it from a backup")


def test_truncated_file_is_refused(tmp_path: Path, postal_file: bytes) -> None:
    """A real database cut to its first pages (a copy interrupted, a full disk)."""
    path = postal_database(tmp_path / "postal.db", postal_file)
    path.write_bytes(path.read_bytes()[: 3 * PAGE])
    assert_refused(path, "is damaged")


def test_damaged_page_is_caught_at_start_up(tmp_path: Path, postal_file: bytes) -> None:
    """A page scribbled over in the middle of the file is found by quick_check at start-up,
    not by every command afterwards."""
    path = postal_database(tmp_path / "postal.db", postal_file)
    data = bytearray(path.read_bytes())
    conn = sqlite3.connect(path)
    (root,) = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'games'").fetchone()
    conn.close()
    start = (root - 1) * PAGE  # the games table's page
    data[start : start + PAGE] = bytes((i * 37) % 251 for i in range(PAGE))
    path.write_bytes(bytes(data))
    assert_refused(path, "is damaged")


@pytest.mark.parametrize("index", ["games_white", "games_active_deadline"])
def test_damaged_index_root_is_caught_at_start_up(
    tmp_path: Path, postal_file: bytes, index: str
) -> None:
    """An index's root page scribbled over (a plain index, and a partial one) is refused at
    start-up as a damaged table is, not met by the first read that uses the index."""
    path = postal_database(tmp_path / "postal.db", postal_file)
    data = bytearray(path.read_bytes())
    conn = sqlite3.connect(path)
    (root,) = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = ?", (index,)).fetchone()
    conn.close()
    start = (root - 1) * PAGE
    data[start : start + PAGE] = bytes((i * 37) % 251 for i in range(PAGE))
    path.write_bytes(bytes(data))
    assert_refused(path, "is damaged")


def test_scrambled_schema_is_refused(tmp_path: Path, postal_file: bytes) -> None:
    """The schema table itself rewritten to SQL that no longer parses."""
    path = postal_database(tmp_path / "postal.db", postal_file)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute(
        "UPDATE sqlite_schema SET sql = 'CREATE TABLE games (id INTEGER' WHERE name = 'games'"
    )
    conn.commit()
    conn.close()
    assert_refused(path, "restore it from a backup")


def test_missing_tables_are_refused(tmp_path: Path, postal_file: bytes) -> None:
    """A file at Postal's schema version whose tables are gone (or never were)."""
    path = postal_database(tmp_path / "postal.db", postal_file)
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE moves")
    conn.commit()
    conn.close()
    assert_refused(path, "table moves is missing")


def _without_root_override() -> tuple[str, ...]:
    """A command prefix that makes root obey file modes (it ignores them otherwise)."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: a read-only file cannot be made")
    drop = "-dac_override,-dac_read_search"
    return ("setpriv", f"--bounding-set={drop}", f"--inh-caps={drop}")


def test_read_only_file_is_refused(tmp_path: Path, postal_file: bytes) -> None:
    """A database file without write permission: refused at start-up, not at the first move."""
    path = postal_database(tmp_path / "postal.db", postal_file)
    path.chmod(0o444)
    assert_refused(path, "the file is read-only", prefix=_without_root_override())


def test_read_only_file_system_is_refused(tmp_path: Path, postal_file: bytes) -> None:
    """A database on a file system mounted read-only (a bind mount in a private namespace)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    path = postal_database(folder / "postal.db", postal_file)
    if shutil.which("unshare") is None:
        pytest.skip("unshare is not available")
    prefix = ("unshare", "--map-root-user", "--mount", "sh", "-c",
              'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"',
              str(folder))  # fmt: skip
    probe = subprocess.run([*prefix, "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"cannot mount in a namespace here: {probe.stderr.decode().strip()}")
    assert_refused(path, "mounted read-only", prefix=prefix)


def test_the_bot_refuses_before_it_imports_discord(tmp_path: Path) -> None:
    """``python -m bot`` refuses an unusable database before it imports discord.py (most of
    the CPU a start costs, which a refused one never needs)."""
    path = tmp_path / "garbage.db"
    path.write_bytes(b"not a database\n" * 200)
    probe = (
        "import sys; from bot.__main__ import main; status = main([]); "
        "print(status, sorted(m for m in sys.modules if m.partition('.')[0] == 'discord'))"
    )
    env = {"DISCORD_TOKEN": "token", "DATABASE_URL": f"sqlite:///{path}"}
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
        check=False,
        env=process_env(env),
    )
    assert "not an SQLite database" in done.stderr
    assert done.stdout.split() == ["1", "[]"], done.stdout
