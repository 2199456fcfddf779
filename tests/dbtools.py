"""Tests reading and writing a database behind the store's back, on either dialect.

``connect(target)`` gives what ``sqlite3.connect`` gives for an SQLite file (``execute`` with
``?`` placeholders, ``fetchone``/``fetchall``, iteration; committed when the block ends), and
the same for a PostgreSQL URL (each statement committed on its own).
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from bot.store.pg_writes import to_postgres
from tests.pgserver import dump_rows


class Rows:
    """A statement's rows, as sqlite3's cursor hands them out."""

    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self._rows = rows

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows.pop(0) if self._rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        rows, self._rows = self._rows, []
        return rows

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.fetchall())


class PostgresSync:
    """A blocking connection to a PostgreSQL URL, run on a thread of its own (the test's
    event loop may be the caller)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def _run(self, sql: str, batches: Sequence[Sequence[object]]) -> list[tuple[Any, ...]]:
        query, returns_rows = to_postgres(sql)
        result: list[tuple[Any, ...]] = []
        failure: list[BaseException] = []

        async def work() -> None:
            conn = await asyncpg.connect(self.url)
            try:
                for params in batches:
                    if returns_rows:
                        result.extend(tuple(r) for r in await conn.fetch(query, *params))
                    else:
                        await conn.execute(query, *params)
            finally:
                await conn.close()

        def thread() -> None:
            try:
                asyncio.run(work())
            except BaseException as error:
                failure.append(error)

        runner = threading.Thread(target=thread)
        runner.start()
        runner.join()
        if failure:
            raise failure[0]
        return result

    def execute(self, sql: str, params: Sequence[object] = ()) -> Rows:
        return Rows(self._run(sql, [params]))

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        self._run(sql, list(rows))


@contextmanager
def connect(target: Path | str) -> Iterator[Any]:
    """A connection to the test's database: an SQLite file or a PostgreSQL URL."""
    if isinstance(target, str):
        yield PostgresSync(target)
        return
    # A running bot may hold its write lock for seconds on a loaded machine: wait for it
    # (sqlite3's default is 5 s) rather than fail a test on the machine's pace. IMMEDIATE
    # takes the write lock before a change reads anything: a deferred one that read first
    # is refused at once ("database is locked", no waiting) if the bot commits in between.
    with sqlite3.connect(target, timeout=60, isolation_level="IMMEDIATE") as conn:
        yield conn


Result = TypeVar("Result")


async def change_behind_the_bot(target: Path | str, change: Callable[[Any], Result]) -> Result:
    """``change(conn)`` on a connection of its own, run on a thread. A running bot may be in
    a transaction whose next step waits on this event loop: blocking the loop while waiting
    for the bot's lock would wait out the timeout and fail."""

    def run() -> Result:
        with connect(target) as conn:
            return change(conn)

    return await asyncio.to_thread(run)


def from_template(target: Path | str, template: Path) -> Path | str:
    """``target``, made a copy of ``template`` (a migrated SQLite database with no rows) if
    it is an SQLite file that does not exist yet; a PostgreSQL URL is already migrated (see
    ``pgserver``). A bot or a service opening it then finds Postal's schema, as it would
    after its first start, without running every migration again (about 50 ms of CPU and
    several disk syncs a test); the store's own tests open new files, and see each run."""
    if isinstance(target, Path) and not target.exists():
        shutil.copyfile(template, target)
    return target


def snapshot(target: Path | str) -> list[str]:
    """Every row of the database (a file, or a PostgreSQL URL) as SQL, to compare before
    and after a refused action."""
    if isinstance(target, str):
        return dump_rows(target)
    with sqlite3.connect(target) as conn:
        return list(conn.iterdump())


# What each migration since 0037 creates, dropped again so that a test can set the schema
# version back and watch an older migration run on rows stored before it: the later ones then
# run again and must find nothing of theirs. Every new migration adds its line here, empty
# when it can run twice (tests/store/test_store_confirmations.py checks that each has one).
PG_ONLY = "postgresql: "
UNDO_MIGRATION: dict[int, tuple[str, ...]] = {
    78: ("ALTER TABLE teams DROP COLUMN after_vote",),
    77: ("DROP TABLE team_thread_members",),
    76: ("ALTER TABLE game_places DROP COLUMN message_id",),
    75: ("ALTER TABLE tournament_games DROP COLUMN armageddon",),
    74: ("ALTER TABLE teams DROP COLUMN rival_guild_id",),
    73: ("postgresql: DROP STATISTICS games_waiting_player",),
    72: (
        "DROP INDEX club_match_players_by_player",
        "DROP INDEX team_nominations_by_member",
        "DROP INDEX team_votes_by_voter",
        "DROP TABLE team_reminder_dms",
    ),
    71: (
        "ALTER TABLE tournaments DROP COLUMN decider",
        "ALTER TABLE tournaments DROP COLUMN lots_seed",
    ),
    70: (
        "DROP TABLE club_match_games",
        "DROP TABLE club_match_players",
        "DROP TABLE club_match_sides",
        "DROP TABLE club_matches",
    ),
    69: ("ALTER TABLE outbox DROP COLUMN place_id", "DROP TABLE game_places"),
    68: ("DROP TABLE tournament_roles",),
    67: ("ALTER TABLE tournaments DROP COLUMN timeout_limit",),
    66: ("ALTER TABLE players DROP COLUMN janggi_notation",),
    65: ("ALTER TABLE tournaments DROP COLUMN standings_message_id",),
    64: tuple(
        f"ALTER TABLE tournament_games DROP COLUMN {side}_rating_{when}"
        for side in ("white", "black")
        for when in ("before", "after")
    ),
    63: ("ALTER TABLE tournaments DROP COLUMN tiebreak_pairs",),
    62: ("ALTER TABLE teams DROP COLUMN role_reminded_at",),
    61: ("ALTER TABLE team_votes DROP COLUMN withdrawn",),
    60: ("ALTER TABLE teams DROP COLUMN thread_id",),
    # 0059 drops games_clock_next and makes it again: run twice, it makes the same index.
    59: (),
    58: ("DROP TABLE team_polls",),
    57: ("ALTER TABLE tournaments DROP COLUMN start_fen",),
    56: (
        "DROP TABLE team_votes",
        "DROP TABLE team_nominations",
        "DROP TABLE team_members",
        "DROP TABLE teams",
        "DELETE FROM players WHERE id < 0",
    ),
    # 0055 widens CHECKs in place (its scratch table is gone when it ends): run again, it
    # finds the wider ones and changes nothing.
    55: (),
    54: (
        "ALTER TABLE challenges DROP COLUMN weekends_off",
        "ALTER TABLE games DROP COLUMN weekends_off",
    ),
    # 0053 rebuilds offers and pings from any earlier shape: its columns of games suffice.
    53: ("ALTER TABLE games DROP COLUMN paused_until", "ALTER TABLE games DROP COLUMN pause_days"),
    52: ("ALTER TABLE tournament_games DROP COLUMN forfeit",),
    51: ("ALTER TABLE tournaments DROP COLUMN vacation",),
    50: (
        "DROP INDEX tournaments_due",
        "ALTER TABLE tournaments DROP COLUMN cancelled_at",
        "ALTER TABLE tournaments DROP COLUMN starts_at",
    ),
    49: (
        "DROP TABLE tournament_byes",
        "ALTER TABLE tournaments DROP COLUMN bye_halves",
        "ALTER TABLE tournaments DROP COLUMN rounds",
    ),
    48: (
        "ALTER TABLE challenges DROP COLUMN increment_days",
        "ALTER TABLE challenges DROP COLUMN cap_days",
        "ALTER TABLE games DROP COLUMN increment_days",
        "ALTER TABLE games DROP COLUMN cap_days",
        "ALTER TABLE games DROP COLUMN waiting_bank",
        "postgresql: DROP DOMAIN postal_bank_seconds",
    ),
    47: (
        "ALTER TABLE tournament_entrants DROP COLUMN annulled",
        "ALTER TABLE tournament_entrants DROP COLUMN withdrawn_at",
    ),
    # 0046 rewrites outbox rows' facts from the old shape: run again, it finds none.
    46: (),
    45: ("DROP INDEX games_list_to_move", "DROP INDEX games_list_waiting"),
    44: tuple(
        f"DROP TABLE {table}"
        for table in ("tournament_games", "tournament_rounds", "tournament_entrants", "tournaments")
    ),
    43: ("DROP TABLE player_results",),
    42: ("DROP TABLE server_languages",),
    # 0040 and 0041 replace a trigger and narrow columns in place: run again, they end the same.
    41: (),
    40: (),
    39: ("DROP TABLE shard_leases",),
    38: ("DROP TABLE move_previews",),
}


def undo_migrations_after(connection: Any, version: int) -> None:
    """Drop what the migrations after ``version`` (from 0038 on) created, newest first."""
    for number in sorted(UNDO_MIGRATION, reverse=True):
        if number > version:
            for statement in UNDO_MIGRATION[number]:
                # "postgresql: ..." undoes what only PostgreSQL's version made.
                if not statement.startswith(PG_ONLY):
                    connection.execute(statement)
                elif isinstance(connection, PostgresSync):
                    connection.execute(statement.removeprefix(PG_ONLY))
