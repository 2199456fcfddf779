"""The console when the database fails a line: the player reads what happened (the database
unreachable, or a write that met another one) in their language, not "failed unexpectedly"
with the driver's words, and the console goes on with the next line."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.console import run_console
from bot.i18n import Locale, using
from bot.store import StoreConflict, games
from bot.store import database as database_module
from bot.text.outage import outage_sentence
from tests.pgserver import PostgresServer, PostgresUnavailable

UNREACHABLE = (
    "! The database cannot be reached right now, so I could not finish that. Try again in a minute."
)


class Lines(io.StringIO):
    """Script lines; ``before[n]`` runs just before line ``n`` (from 0) is read."""

    def __init__(self, lines: list[str], before: dict[int, Callable[[], None]]) -> None:
        super().__init__("".join(f"{line}\n" for line in lines))
        self.before = before
        self.read_lines = 0

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        if self.read_lines in self.before:
            self.before[self.read_lines]()
        self.read_lines += 1
        return super().readline(-1 if size is None else size)


@pytest.mark.postgresql
async def test_postgresql_stopped_mid_session_is_said_in_one_sentence(tmp_path: Path) -> None:
    """A real PostgreSQL server stopped between two lines: each later line is answered with
    the outage sentence (the driver's "connection refused" stays out of the player's
    view), and the console ends normally."""
    try:
        server = PostgresServer.start(tmp_path / "pg")
    except PostgresUnavailable as error:
        pytest.skip(str(error))
    try:
        url = server.new_database()

        def stop_server() -> None:
            server._run("pg_ctl", "-D", str(server.root / "data"), "-m", "fast", "-w", "stop")

        script = Lines(
            ["alice /challenge bob", "bob /press Accept", "bob /move e4", "alice /games"],
            before={2: stop_server},
        )
        out = io.StringIO()
        await run_console(url, None, script, out, interactive=False)
    finally:
        server.stop()
    refusals = [line for line in out.getvalue().splitlines() if line.startswith("! ")]
    assert refusals == [UNREACHABLE, UNREACHABLE]
    assert "your move in game #1" in out.getvalue()  # the lines before the stop were played


async def test_a_conflict_is_said_in_the_players_language_and_the_next_line_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move whose write met another one (``StoreConflict``, after the store's retries) is
    answered in French with the conflict sentence; the same move sent again is played."""
    play_move = games.Games.play_move
    failures = [StoreConflict("the write met another one and was rolled back: deadlock")]

    async def collides_once(*args: object, **kwargs: object) -> object:
        if failures:
            raise failures.pop()
        return await play_move(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(games.Games, "play_move", collides_once)
    lines = ["alice /challenge bob color:white", "bob /press Accepter", "alice /move e4"]
    script = Lines([*lines, "alice /move e4"], {})
    out = io.StringIO()
    await run_console(tmp_path / "c.db", None, script, out, interactive=False, locale=Locale.FR)
    refusals = [line for line in out.getvalue().splitlines() if line.startswith("! ")]
    with using(Locale.FR):
        collided = outage_sentence(StoreConflict("x"))
    assert collided is not None and "collided" not in collided  # translated, as the catalog says
    assert refusals == [f"! {collided}"]
    assert not failures and "1. e4" in out.getvalue()


async def test_a_locked_sqlite_file_is_said_in_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holding the SQLite file's write lock past the busy timeout: the move
    is answered with the outage sentence (not "failed unexpectedly"), and once the lock is
    gone the same move is played."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT_MS", 200)
    path = tmp_path / "c.db"
    blocker: list[sqlite3.Connection] = []

    def lock() -> None:
        # The script's lines are read in asyncio's worker threads, and unlock() may run in
        # another than lock() did (under load the pool has several): the connection must
        # not refuse a second thread, as sqlite3 does by default (ProgrammingError).
        blocker.append(sqlite3.connect(path, isolation_level=None, check_same_thread=False))
        blocker[0].execute("BEGIN EXCLUSIVE")

    def unlock() -> None:
        blocker[0].execute("ROLLBACK")
        blocker[0].close()

    lines = ["alice /challenge bob color:white", "bob /press Accept", "alice /move e4"]
    script = Lines([*lines, "alice /move e4"], {2: lock, 3: unlock})
    out = io.StringIO()
    await run_console(path, None, script, out, interactive=False)
    refusals = [line for line in out.getvalue().splitlines() if line.startswith("! ")]
    assert refusals == [UNREACHABLE]
    assert "alice played 1. e4" in out.getvalue()
