"""Backups: consistent while another connection writes, checked, never over a file unasked;
daily backups with retention; `python -m bot backup` speaks in one line."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, User
from bot.service.backups import backup_if_due
from bot.store import Store
from bot.store.backup import BackupError, automatic_backups, back_up
from tests.processes import call_postal, run_postal
from tests.service.service_helpers import start_game

MOVES = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]


async def play_games(service: GameService, stop: asyncio.Event) -> int:
    """Start games and play their moves until ``stop``; returns the games started."""
    started = 0
    while not stop.is_set():
        # New players for each game: the spam limits cap challenges between one pair.
        white, black = User(1000 + 2 * started, "w"), User(1001 + 2 * started, "b")
        game = await start_game(service, white=white, black=black)
        started += 1
        for ply, text in enumerate(MOVES):
            await service.play.move((white, black)[ply % 2], None, text, game_id=game.game.id)
    return started


def consistent_snapshot(path: Path) -> int:
    """Check the backup at ``path`` as a database on its own; returns its games."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        # Each game's cached ply matches its moves: no half-written move in the snapshot.
        mismatched = conn.execute(
            "SELECT COUNT(*) FROM games g WHERE g.ply <> "
            "(SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)"
        ).fetchone()
        assert mismatched == (0,)
        (games,) = conn.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(games)
    finally:
        conn.close()


async def test_backup_while_another_connection_writes(tmp_path: Path) -> None:
    """Backups taken while games are being played in another connection each open on their
    own, pass integrity_check, and hold every game committed before they began."""
    source = tmp_path / "postal.db"
    store = await Store.open(source)
    service = GameService(store, ManualClock())
    stop = asyncio.Event()
    writer = asyncio.create_task(play_games(service, stop))
    try:
        counts = []
        for number in range(4):
            await asyncio.sleep(0.05)
            async with store.database.read() as conn:
                cursor = await conn.execute("SELECT COUNT(*) FROM games")
                (before,) = await cursor.fetchone()
            made = await asyncio.to_thread(back_up, source, tmp_path / f"backup{number}.db")
            games = consistent_snapshot(made.path)
            assert games >= before and made.games == games, (games, before)
            counts.append(games)
    finally:
        stop.set()
        started = await writer
        await store.close()
    assert counts == sorted(counts) and counts[-1] > 0 and started >= counts[-1]
    restored = await Store.open(tmp_path / "backup3.db")  # a backup is a working database
    try:
        assert (await restored.games.get(1)) is not None
    finally:
        await restored.close()


async def test_backup_refuses_to_overwrite_and_explains(tmp_path: Path) -> None:
    """An existing file is kept unless overwrite is asked for; other mistakes are named."""
    source = tmp_path / "postal.db"
    await (await Store.open(source)).close()
    target = tmp_path / "backup.db"
    target.write_bytes(b"precious")
    with pytest.raises(BackupError, match="already exists"):
        back_up(source, target)
    assert target.read_bytes() == b"precious"
    assert back_up(source, target, overwrite=True).games == 0
    with pytest.raises(BackupError, match="there is no database"):
        back_up(tmp_path / "missing.db", tmp_path / "b2.db")
    with pytest.raises(BackupError, match="does not exist"):
        back_up(source, tmp_path / "no" / "such" / "folder.db")
    with pytest.raises(BackupError, match="the database itself"):
        back_up(source, source, overwrite=True)
    assert [p.name for p in tmp_path.iterdir() if "partial" in p.name] == []


def test_damaged_database_is_not_backed_up(tmp_path: Path) -> None:
    """A database with a damaged page gives no backup (the previous ones stay useful)."""
    source = tmp_path / "postal.db"
    conn = sqlite3.connect(source)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, fen TEXT)")
    conn.executemany("INSERT INTO games (fen) VALUES (?)", [("x" * 200,)] * 500)
    conn.commit()
    (root,) = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'games'").fetchone()
    conn.close()
    data = bytearray(source.read_bytes())
    data[(root - 1) * 4096 : root * 4096] = b"\x07" * 4096
    source.write_bytes(bytes(data))
    with pytest.raises(BackupError):
        back_up(source, tmp_path / "backup.db")
    assert not (tmp_path / "backup.db").exists()


def test_a_database_with_many_problems_is_refused_in_one_line(tmp_path: Path) -> None:
    """A damage quick_check reports as one row of many lines (pages never used) gives one
    ``postal:`` line quoting the first problems and counting the rest. Start-up reads only a
    few pages (its check must not grow with the file), so it is the backup that finds them."""
    source = tmp_path / "postal.db"
    with sqlite3.connect(source) as conn:
        conn.execute("CREATE TABLE junk (id INTEGER PRIMARY KEY, fen TEXT)")
        conn.executemany("INSERT INTO junk (fen) VALUES (?)", [("x" * 200,)] * 500)
    with sqlite3.connect(source) as conn:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("DELETE FROM sqlite_schema WHERE name = 'junk'")  # its pages: unused
    backup = call_postal(["backup", str(tmp_path / "b.db"), "--db", str(source)])
    assert backup.returncode == 1 and backup.stderr.count("\n") == 1, backup.stderr
    quoted = "(quick_check: Page 2 is never used; Page 3 is never used and 26 more)"
    assert quoted in backup.stderr
    assert not (tmp_path / "b.db").exists()


async def test_daily_backups_once_a_day_keeping_the_newest(tmp_path: Path) -> None:
    """One backup a day at most; only the newest BACKUP_KEEP are kept."""
    source = tmp_path / "postal.db"
    await (await Store.open(source)).close()
    folder = tmp_path / "backups"
    folder.mkdir()
    clock = ManualClock(datetime(2026, 5, 1, 3, 0, tzinfo=UTC))
    assert await backup_if_due(source, folder, 2, clock) is not None
    clock.advance(hours=23)
    assert await backup_if_due(source, folder, 2, clock) is None
    for _ in range(3):
        clock.advance(days=1)
        assert await backup_if_due(source, folder, 2, clock) is not None
    kept = [moment for moment, _ in automatic_backups(folder)]
    assert kept == [clock.now - timedelta(days=1), clock.now]


def test_backup_command(tmp_path: Path) -> None:
    """`python -m bot backup PATH` makes a copy, then refuses to replace it without --force,
    each refusal one `postal:` line with exit status 1 (that one seen from a process of its
    own, the rest run by ``main`` in the test's process)."""
    source = tmp_path / "postal.db"
    made = call_postal(
        ["console", "--db", str(source), "--no-images"],
        stdin="alice /challenge bob color:white\nbob /press Accept\nalice /move e4\n",
    )
    assert made.returncode == 0, made.stderr
    target = tmp_path / "copy.db"
    first = call_postal(["backup", str(target), "--db", str(source)])
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(f"backed up {source} to {target}") and "1 games" in first.stdout
    again = run_postal(["backup", str(target), "--db", str(source)])
    assert again.returncode == 1 and again.stderr.count("\n") == 1
    assert again.stderr.startswith("postal: ") and "--force" in again.stderr
    forced = call_postal(["backup", str(target), "--db", str(source), "--force"])
    assert forced.returncode == 0, forced.stderr
    into_folder = call_postal(
        ["backup", str(tmp_path)], env={"DATABASE_URL": f"sqlite:///{source}"}
    )
    assert into_folder.returncode == 0, into_folder.stderr
    assert len(list(tmp_path.glob("postal-*.db"))) == 1
    missing = call_postal(["backup", str(tmp_path / "x.db"), "--db", str(tmp_path / "none.db")])
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert missing.stderr.strip() == f"postal: there is no database at {tmp_path / 'none.db'}"


def test_check_reads_every_page_that_start_up_no_longer_reads(tmp_path: Path) -> None:
    """Pages never used (a damage deep in the file) do not stop start-up, which reads only
    the header, the schema and each table's first page; ``python -m bot check`` reads every
    page and says so in one line, status 1. A sound file is said sound, status 0; a missing
    one is refused, status 2. (The damaged file's refusal is seen from a process of its own,
    the rest run by ``main`` in the test's process.)"""
    source = tmp_path / "postal.db"
    sound = call_postal(["check", "--db", str(source)])
    assert sound.returncode == 2 and "there is no database" in sound.stderr
    with sqlite3.connect(source) as conn:
        conn.execute("CREATE TABLE junk (id INTEGER PRIMARY KEY, fen TEXT)")
        conn.executemany("INSERT INTO junk (fen) VALUES (?)", [("x" * 200,)] * 500)
    migrated = call_postal(["migrate", "--db", str(source)])
    assert migrated.returncode == 0, migrated.stderr
    sound = call_postal(["check", "--db", str(source)])
    assert sound.returncode == 0 and "is sound" in sound.stdout, sound.stderr
    with sqlite3.connect(source) as conn:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("DELETE FROM sqlite_schema WHERE name = 'junk'")  # its pages: unused
    started = call_postal(["migrate", "--db", str(source)])
    assert started.returncode == 0, started.stderr
    damaged = run_postal(["check", "--db", str(source)])
    assert damaged.returncode == 1 and damaged.stderr.count("\n") == 1, damaged.stderr
    assert "is never used" in damaged.stderr and "restore it from a backup" in damaged.stderr


def test_a_backup_read_in_steps_is_one_snapshot_while_another_connection_writes(
    tmp_path: Path,
) -> None:
    """The backup reads a page at a time here (many steps), while another connection
    commits between the steps: the copy is the snapshot of its start, whole and sound."""
    source = tmp_path / "postal.db"
    with sqlite3.connect(source) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, fen TEXT)")
        conn.executemany("INSERT INTO games (fen) VALUES (?)", [("x" * 300,)] * 300)
    writer = sqlite3.connect(source, isolation_level=None)
    steps: list[int] = []

    def write_between(status: int, remaining: int, total: int) -> None:
        steps.append(remaining)
        writer.execute("INSERT INTO games (fen) VALUES ('written meanwhile')")

    made = back_up(source, tmp_path / "b.db", step_pages=1, progress=write_between)
    writer.close()
    assert len(steps) > 10, "read in many steps"
    assert made.games == 300, "the copy is the snapshot taken when it started"
    with sqlite3.connect(tmp_path / "b.db") as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert copy.execute("SELECT COUNT(*) FROM games").fetchone() == (300,)
    with sqlite3.connect(source) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (300 + len(steps),)
