"""The clock's and the lists' query plans on a database big enough for the planner to choose
by its statistics (issue 29): 100,000 games on PostgreSQL (a tenth active, the finished ones
each in a thread Postal opened and archived, but 111; 10,000 players, one of them in 3,000
games), built by one SQL statement a table and analysed, as autovacuum would. At ~3,600 games
(tests/store/test_store_plans.py) the misestimates do not show.

On PostgreSQL each statement reads games and players through an index (never a sequential
scan), at most ``MOST_READ`` rows of games (the active games are 10,000), with no JIT, and
where its plan follows an estimate, the estimate is within ``MISESTIMATE`` of the rows really
read (``EXPLAIN ANALYZE``). Before, it multiplied conditions that go together ("active",
"has a deadline", a range of deadlines) as if unrelated: the reminders due were read through
every active game (10,000 rows for 2, estimated 1 %), and the threads to archive hashed every
active game first (expecting ~150 times the finished games waiting). On SQLite (planned by
its rules, never analysed: the size does not change its plans, so 20,000 games) the same
indexes, by ``EXPLAIN QUERY PLAN``. Then a whole clock round at a moment when nothing but the
threads waiting is due: every read of games and players it sends, held to the same (on
PostgreSQL, at most ``MOST_READ`` rows of games for the whole round).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, ManualClock
from bot.service.reports import GAMES_PAGE, HISTORY_SCAN
from bot.store import Store
from bot.store.database import SqliteDatabase
from bot.store.pg_writes import to_postgres
from bot.store.postgres import PostgresDatabase
from tests.store.test_store_plans import _recorded

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
GAMES = {"postgresql": 100_000, "sqlite": 20_000}
PLAYERS = 10_000
# Player 1 plays white in every 100th game from the 1st (finished) and from the 10th
# (active): 1,000 of each per 100,000 games.
HEAVY = 1
# The most rows of games one statement may read (a tenth of the active games).
MOST_READ = 1_000
# How far an estimate may be from the rows read, either way: PostgreSQL's estimate of a
# partial index of the active games is ~10 times short (the active share, multiplied again).
MISESTIMATE = 20

# One statement a table; x counts from 1. Active games (a tenth) have deadlines from an hour
# ago to 73 h away, their next look (migration 0033) a day before the deadline, or the
# deadline when that is past; finished games ended within the last year, each in a thread
# of its own that Postal opened and archived, but those with x % 900 = 1 (a hundred and
# eleven a hundred thousand); a fiftieth of the players want a daily digest.
_NUMBERS = (
    "WITH RECURSIVE n(x) AS (SELECT CAST(1 AS BIGINT) UNION ALL "
    "SELECT x + 1 FROM n WHERE x < {count}) "
)
# PostgreSQL counts faster by its own function (SQLite has none built in).
_SERIES = "WITH n(x) AS (SELECT CAST(generate_series(1, {count}) AS BIGINT)) "
_PLAYERS = (
    _NUMBERS + "INSERT INTO players (id, display_name, is_bot, created_at, digest_due_at) "
    "SELECT x, 'p' || x, 0, {now}, CASE WHEN x % 50 = 0 THEN {now} + x END FROM n"
)
_DEADLINE = "({now} - 3600 + x * 7919 % (74 * 3600))"
_OTHER = "2 + (x + 1 + x * 7 % 1000) % ({players} - 1)"  # never player 1, never white
_GAMES = (
    _NUMBERS
    + "INSERT INTO games (id, guild_id, channel_id, variant, start_fen, white_id, black_id, "
    "days_per_move, rated, status, result, ply, fen, to_move_id, created_at, last_move_at, "
    "deadline_at, finished_at, thread_id, thread_owned, thread_archived_at, clock_deadline, "
    "clock_next_at) "
    "SELECT x, 1 + x % 1000, 1000 + x % 7000, 'chess', '{fen}', "
    "CASE WHEN x % 100 IN (1, 10) THEN 1 ELSE 2 + x % ({players} - 1) END, "
    f"{_OTHER}, 3, 0, "
    "CASE WHEN x % 10 = 0 THEN 'active' ELSE 'finished' END, "
    "CASE WHEN x % 10 = 0 THEN NULL ELSE '1-0' END, 40, '{fen}', "
    f"CASE WHEN x % 10 = 0 THEN {_OTHER} END, "
    "{now} - 400 * 86400, {now} - x * 7919 % (47 * 3600), "
    f"CASE WHEN x % 10 = 0 THEN {_DEADLINE} END, "
    "CASE WHEN x % 10 = 0 THEN NULL ELSE {now} - 86400 - x * 104729 % (364 * 86400) END, "
    "CASE WHEN x % 10 = 0 THEN NULL ELSE 10000000 + x END, "
    "CASE WHEN x % 10 = 0 THEN 0 ELSE 1 END, "
    "CASE WHEN x % 10 = 0 OR x % 900 = 1 THEN NULL "
    "ELSE {now} - x * 104729 % (364 * 86400) END, "
    f"CASE WHEN x % 10 = 0 THEN {_DEADLINE} END, "
    f"CASE WHEN x % 10 = 0 THEN {_DEADLINE} - CASE WHEN {_DEADLINE} - 86400 > {{now}} "
    "THEN 86400 ELSE 0 END END FROM n"
)


@pytest.fixture
async def store(db_target: Path | str, db_backend: str) -> AsyncIterator[Store]:
    opened = await Store.open(db_target)
    try:
        values = {"now": int(NOW.timestamp()), "fen": START, "players": PLAYERS}
        postgresql = isinstance(opened.database, PostgresDatabase)
        async with opened.database.transaction() as conn:
            for sql, count in ((_PLAYERS, PLAYERS), (_GAMES, GAMES[db_backend])):
                if postgresql:
                    sql = sql.replace(_NUMBERS, _SERIES)
                await conn.execute(sql.format(count=count, **values))
        if postgresql:
            # Vacuumed too, the indexes as well (PostgreSQL skips them for a few dead rows):
            # the database is shared, emptied by DELETE between tests, and an earlier test's
            # dead index entries (its games' rows before they ended, old deadlines) counted
            # as rows read by the bitmap scan of games_active_deadline (407 for 137 due).
            await opened.database.fetch("VACUUM (INDEX_CLEANUP ON, ANALYZE) games, players")
        yield opened
    finally:
        await opened.close()


@dataclass(frozen=True)
class Case:
    """A read of the clock or of a list: what it does, the index it must go through, and
    whether PostgreSQL's estimate of it is held to ``MISESTIMATE``."""

    name: str
    action: Callable[[Store], Awaitable[object]]
    index: str
    estimated: bool = True
    # The most rows of games its statements may read together.
    most: int = MOST_READ


SOON = NOW + timedelta(minutes=1)
# What /games reads of a player other than the one asking (bot.service.reports).
OTHERS_SCAN = GAMES_PAGE * HISTORY_SCAN + 1
DAY = timedelta(days=1)
CASES = [
    Case("next look", lambda s: s.clock.next_look(), "games_clock_next"),
    Case("looks due", lambda s: s.clock.due(SOON, None, 500), "games_clock_next"),
    Case("time-outs", lambda s: s.games.overdue(SOON), "games_active_deadline"),
    # PostgreSQL multiplies "finished", "owned" and "not archived" as if unrelated (and the
    # active games have no archive time either): ~150 times the rows. The plan no longer
    # follows it (each finished game waiting is one probe of games_thread).
    Case(
        "threads to archive",
        lambda s: s.games.threads_to_archive(NOW, DAY),
        "games_thread_to_archive",
        estimated=False,
    ),
    Case(
        "next thread archive",
        lambda s: s.games.next_thread_archive(DAY),
        "games_thread_to_archive",
        estimated=False,
    ),
    Case("next thread upkeep", lambda s: s.games.next_thread_upkeep(), "games_thread_upkeep"),
    Case("next digest", lambda s: s.players.next_digest(), "players_digest_due"),
    # As the commands ask: /history's default page of 10 read five times over, /games' own page
    # and one more.
    Case(
        "/history",
        lambda s: s.games.finished_for_player(HEAVY, None, 10 * HISTORY_SCAN),
        "games_white_finished",
    ),
    Case(
        "/games",
        lambda s: s.games.active_page(HEAVY, None, None, GAMES_PAGE + 1),
        "games_list_waiting",
    ),
    # Another player's /games (HEAVY waits in every one of their 1,000 active games) scans
    # five pages and one more. PostgreSQL keeps no statistics of an expression only a partial
    # index holds, and guessed 50 games a player waits in, so it read all 1,000 and sorted
    # them; migration 73's statistics on the expression make it read the index in order.
    Case(
        "/games of another player",
        lambda s: s.games.active_page(HEAVY, None, None, OTHERS_SCAN),
        "games_list_waiting",
        most=3 * OTHERS_SCAN,
    ),
]


async def test_the_clock_and_lists_read_what_they_show_through_their_indexes(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each case's statements on games and players, on a table where scanning shows."""
    for case in CASES:

        async def action(case: Case = case) -> None:
            await case.action(store)

        statements = [
            (sql, parameters)
            for sql, parameters in await _recorded(monkeypatch, action, "")
            if " FROM games" in sql or " FROM players" in sql
        ]
        assert statements, case.name
        plans = [await _plan(store, sql, parameters) for sql, parameters in statements]
        assert case.index in str(plans), (case.name, plans)
        read = 0
        for plan in plans:
            if isinstance(store.database, SqliteDatabase):
                _check_sqlite({case.index}, plan)
            else:
                read += _check_postgresql(case.name, plan, estimated=case.estimated)
        assert read <= case.most, (case.name, read, plans)

    # A whole round as the bot's clock runs it (bot.discord.clockwork.run_clock's service
    # calls) two hours before NOW, when no game is due a time-out or a reminder and nobody a
    # digest (the 111 threads waiting are due): every read of games and players it sends.
    earlier = NOW - timedelta(hours=2)
    service = GameService(store, ManualClock(earlier))
    sent = await _recorded(monkeypatch, lambda: _round(service, earlier), "")
    reads = [
        (sql, parameters)
        for sql, parameters in sent
        if sql.lstrip().startswith(("SELECT", "WITH"))
        and any(f" {word} {table}" in sql for word in ("FROM", "JOIN") for table in TABLES)
    ]
    assert len(reads) >= 8, [sql for sql, _ in sent]
    read = 0
    for sql, parameters in reads:
        plan = await _plan(store, sql, parameters)
        if isinstance(store.database, SqliteDatabase):
            _check_sqlite(ROUND_SCANS, plan)
        else:
            read += _check_postgresql("round", plan, estimated=False)
    assert read <= MOST_READ, read


TABLES = ("games", "players")
# What a round may read whole: the soonest look (the first entry, in order) and the finished
# games waiting for their thread's archive (partial: only those).
ROUND_SCANS = {"games_clock_next", "games_thread_to_archive"}


async def _round(service: GameService, now: datetime) -> None:
    """The service's part of one clock round (what run_clock asks, Discord's calls left out)."""
    await service.deadlines.expire_overdue(now, describe=False)
    await service.deadlines.hand_over_reminders(now)
    await service.digests.hand_over_digests(now)
    await service.signups.close_due(now)
    await service.votes.close_due_windows()
    await service.deadlines.threads_to_archive(now)
    await service.deadlines.threads_to_keep(now)
    await service.deadlines.next_wakeup()
    await service.votes.next_close()


async def _plan(store: Store, sql: str, parameters: tuple[object, ...]) -> Any:
    """SQLite: the lines of ``EXPLAIN QUERY PLAN``; PostgreSQL: ``EXPLAIN ANALYZE``'s tree."""
    database = store.database
    if isinstance(database, SqliteDatabase):
        rows = await database.fetch("EXPLAIN QUERY PLAN " + sql, parameters)
        return [str(row[3]) for row in rows]
    assert isinstance(database, PostgresDatabase)
    query = "EXPLAIN (ANALYZE, FORMAT JSON) " + to_postgres(sql)[0]
    ((found,),) = await database.fetch(query, parameters)
    return (json.loads(found) if isinstance(found, str) else found)[0]


def _check_sqlite(indexes: set[str], details: list[str]) -> None:
    """No scan of games or players but down one of ``indexes`` (partial or read in order:
    the soonest look, the finished games waiting for an archive)."""
    for detail in details:
        words = detail.split(" ")
        if words[0] == "SCAN" and words[1] in TABLES:
            assert words[2:4] == ["USING", "INDEX"] and words[4] in indexes, details


def _check_postgresql(name: str, plan: dict[str, Any], *, estimated: bool) -> int:
    """Asserts as the module says; the rows of games the plan read."""
    text = json.dumps(plan)
    assert "JIT" not in plan, (name, text)
    read = 0
    for node, limited in _nodes(plan["Plan"]):
        relation = node.get("Relation Name") or str(node.get("Index Name", "")).split("_")[0]
        if relation not in TABLES:
            continue
        kind = node["Node Type"]
        assert kind != "Seq Scan", (name, text)
        if kind not in ("Index Scan", "Index Only Scan", "Bitmap Index Scan"):
            continue
        actual = float(node["Actual Rows"])
        if relation == "games":
            read += round(actual * node["Actual Loops"])
        # A plain index read under a LIMIT stops early: its estimate is of the whole range.
        if estimated and not (limited and kind != "Bitmap Index Scan"):
            estimate = float(node["Plan Rows"])
            ratio = max(estimate, actual) / max(min(estimate, actual), 1.0)
            assert ratio <= MISESTIMATE, (name, node.get("Index Name"), estimate, actual)
    assert read <= MOST_READ, (name, read, text)
    return read


def _nodes(node: dict[str, Any], limited: bool = False) -> Iterator[tuple[dict[str, Any], bool]]:
    """Each node of a plan, and whether a LIMIT above it stops it early (no sort between)."""
    yield node, limited
    below = node["Node Type"] == "Limit" or (limited and node["Node Type"] != "Sort")
    for child in node.get("Plans", []):
        yield from _nodes(child, below)
