"""Query plans: the queries for a player's games where they are to move reach the games
through an index of the player's games (games_white, games_black), never by reading every
game or every active game, on SQLite and on PostgreSQL.

Migration 31 dropped the index of ``to_move_id`` (every move changes it, so every move
maintained it) and these queries added "the player is white or black", which those indexes
answer; migration 44 brought one back, ordered as /games lists the games
(games_list_to_move), which the planner may take instead. The plans are read with the
server's own EXPLAIN, of the statements the store really sends (recorded as it runs them),
on a database with many players and games (PostgreSQL plans by its statistics, which
ANALYZE gathers as autovacuum would; SQLite Postal never analyses, so it plans by its
rules). By cost, PostgreSQL may still prefer to read the active games whole
(games_active_deadline) for a player in a large share of them.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.store import ActiveKey, Store
from bot.store.database import SqliteConnection, SqliteDatabase
from bot.store.pg_writes import to_postgres
from bot.store.postgres import PostgresConnection, PostgresDatabase

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
PEOPLE = 200
HUMAN_GAMES = 3000
COMPUTER_GAMES = 600
COMPUTER = 1000
# The indexes that find a player's games; the primary key reaches a game from another row.
PLAYER_INDEXES = {"games_white", "games_black"}

Recorded = list[tuple[str, tuple[object, ...]]]


@pytest.fixture
async def store(db_target: Path | str) -> AsyncIterator[Store]:
    """A store whose database holds 200 people's games (half finished), and the computer's:
    many finished, a few active."""
    opened = await Store.open(db_target)
    try:
        await _populate(opened)
        yield opened
    finally:
        await opened.close()


async def _populate(store: Store) -> None:
    moment = int(NOW.timestamp())
    people = [(p, f"player{p}", 0, moment) for p in range(1, PEOPLE + 1)]
    games: list[tuple[object, ...]] = []
    computer: list[tuple[int, int]] = []
    for n in range(HUMAN_GAMES):
        white = n % PEOPLE + 1
        black = (n * 7 + 3) % PEOPLE + 1
        if white == black:
            continue
        games.append(_game(len(games) + 1, white, black, active=n % 2 == 0, to_move=black))
    for n in range(COMPUTER_GAMES):
        human = n % PEOPLE + 1
        number = len(games) + 1
        to_move = COMPUTER if n // 20 % 2 else human
        games.append(_game(number, human, COMPUTER, active=n % 20 == 0, to_move=to_move))
        computer.append((number, COMPUTER))
    async with store.database.transaction() as conn:
        await conn.executemany(
            "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, ?, ?)",
            [*people, (COMPUTER, "Postal", 1, moment)],
        )
        await conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, variant, start_fen, white_id, "
            "black_id, days_per_move, rated, status, result, ply, fen, to_move_id, "
            "created_at, last_move_at, deadline_at, finished_at) "
            "VALUES (?, 5, 6, 'chess', ?, ?, ?, 3, 0, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
            games,
        )
        await conn.executemany(
            "INSERT INTO computer_games (game_id, computer_id, level) VALUES (?, ?, 1)", computer
        )
    if isinstance(store.database, PostgresDatabase):
        await store.database.fetch("ANALYZE")


def _game(number: int, white: int, black: int, *, active: bool, to_move: int) -> tuple[object, ...]:
    # Moves at scattered times, as games are played: the order of deadlines is not the
    # order the rows were written in.
    moved = int(NOW.timestamp()) - number * 7919 % (3 * 86400)
    if active:
        return (number, START, white, black, "active", None, START, to_move, moved, moved,
                moved + 3 * 86400, None)  # fmt: skip
    return (number, START, white, black, "finished", "1-0", START, None, moved, moved,
            None, moved)  # fmt: skip


async def _recorded(
    monkeypatch: pytest.MonkeyPatch,
    action: Callable[[], Awaitable[object]],
    naming: str = "to_move_id = ?",
) -> Recorded:
    """The statements with ``naming`` in them (by default: those that read or change
    games by the player to move), as ``action`` sends them (SQL and parameters)."""
    seen: Recorded = []
    # Statements inside a block go through a connection's execute, reads outside one
    # through the database's fetch: both take (sql, parameters).
    sending: list[tuple[type, str]] = [
        (kind, "execute") for kind in (SqliteConnection, PostgresConnection)
    ]
    sending += [(kind, "fetch") for kind in (SqliteDatabase, PostgresDatabase)]
    for owner, method in sending:
        original = getattr(owner, method)

        async def recorded(
            self: Any, sql: str, parameters: Sequence[object] = (), _original: Any = original
        ) -> Any:
            if naming in sql:
                seen.append((sql, tuple(parameters)))
            return await _original(self, sql, parameters)

        monkeypatch.setattr(owner, method, recorded)
    await action()
    monkeypatch.undo()
    return seen


async def _games_read_by(store: Store, sql: str, parameters: tuple[object, ...]) -> list[str]:
    """How the plan of ``sql`` reaches the games table, one entry a scan of it: the index
    used (``games_white``…, ``PRIMARY KEY``) or ``FULL`` for a scan of every row or of a
    whole index. Each plan's text is in the assertion's message."""
    database = store.database
    if isinstance(database, SqliteDatabase):
        rows = await database.fetch("EXPLAIN QUERY PLAN " + sql, parameters)
        details = [str(row[3]) for row in rows]
        reads = [d for d in details if d.split(" ")[1:2] in (["games"], ["g"])]
        return [_sqlite_access(d) for d in reads] + [f"plan: {details}"]
    assert isinstance(database, PostgresDatabase)
    query = "EXPLAIN (FORMAT JSON) " + to_postgres(sql)[0]
    ((plan,),) = await database.fetch(query, parameters)
    tree = json.loads(plan) if isinstance(plan, str) else plan
    return [*_postgres_access(tree[0]["Plan"]), f"plan: {json.dumps(tree)}"]


def _sqlite_access(detail: str) -> str:
    """``SEARCH g USING INDEX games_white (white_id=? AND status=?)`` → games_white;
    ``SEARCH g USING INTEGER PRIMARY KEY (rowid=?)`` → PRIMARY KEY; a SCAN → FULL."""
    if not detail.startswith("SEARCH"):
        return "FULL"
    if "PRIMARY KEY" in detail:
        return "PRIMARY KEY"
    return detail.split(" INDEX ", 1)[1].split(" ", 1)[0]


def _sequential_scans(node: dict[str, Any]) -> set[str]:
    """The tables PostgreSQL's plan tree ``node`` reads by a sequential scan."""
    found = {str(node["Relation Name"])} if node.get("Node Type") == "Seq Scan" else set()
    for child in node.get("Plans", []):
        found |= _sequential_scans(child)
    return found


def _postgres_access(node: dict[str, Any]) -> Iterator[str]:
    """Each read of games in the plan tree ``node``: the index with a condition on it, or
    FULL (a sequential scan, or an index read whole: no Index Cond)."""
    index = str(node.get("Index Name", ""))
    if node.get("Relation Name") == "games" or index.startswith("games"):
        kind = node["Node Type"]
        if kind in ("Index Scan", "Index Only Scan", "Bitmap Index Scan"):
            named = "PRIMARY KEY" if index == "games_pkey" else index
            yield named if node.get("Index Cond") else "FULL"
        elif kind not in ("Bitmap Heap Scan", "ModifyTable"):  # their scans are below them
            yield "FULL"
    for child in node.get("Plans", []):
        yield from _postgres_access(child)


async def _assert_by_player(store: Store, statements: Recorded, count: int) -> None:
    assert len(statements) == count, [sql for sql, _ in statements]
    for sql, parameters in statements:
        *reads, plan = await _games_read_by(store, sql, parameters)
        assert reads, plan
        assert "FULL" not in reads, plan
        # The player's own games are the way in: by both colours' index, or by the index of
        # the games where they are to move.
        assert set(reads) >= PLAYER_INDEXES or "games_list_to_move" in reads, plan


async def test_a_computers_waiting_games_are_found_by_its_games_index(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The computer's replies owed (and the next retry) read its active games through
    games_white/games_black, not its every game ever (computer_games_player) nor every
    active game."""

    async def both() -> None:
        pending = await store.computer.pending(COMPUTER, NOW, 100)
        assert len(pending) == 15  # the active games (30) where it is to move (half)
        await store.computer.next_retry(COMPUTER)

    await _assert_by_player(store, await _recorded(monkeypatch, both), 2)


async def test_a_players_games_in_a_channel_are_found_by_the_players_games_index(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's active games in a channel (or its threads) are read through
    games_white/games_black, not through the channel's (games_channel: every active game
    there, whoever plays it)."""

    async def both() -> None:
        assert len(await store.games.active_in_channel(7, 6)) == 15
        assert len(await store.games.seated_in_channel(7, 6, NOW)) == 15

    await _assert_by_player(store, await _recorded(monkeypatch, both, "channel_id = ?"), 2)


async def test_a_vacation_moves_deadlines_through_the_players_games_index(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Taking and ending a vacation shift the deadlines of the player's games where they
    are to move, found through games_white/games_black (an UPDATE for the games without
    weekends off, a read of those with them, each deadline then moved where the service
    says)."""
    window = NOW - timedelta(days=365)

    async def both() -> None:
        assert (await store.players.start_vacation(7, 3, NOW, window, 30))[0]
        assert await store.players.end_vacation(7, NOW + timedelta(days=1)) is not None

    await _assert_by_player(store, await _recorded(monkeypatch, both), 4)


async def test_the_clock_finds_deadlines_through_the_active_deadline_index(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The overdue games are read through games_active_deadline, never by reading every
    game. (That index is also what stops a move's UPDATE from being heap-only on
    PostgreSQL, deadline_at changing at every move: dropping it was measured at -0.06 ms of
    server CPU a move, but the clock then reads every active game twice a round, and the
    planner starts reading the active games whole for other queries too.)"""

    async def overdue() -> None:
        assert await store.games.overdue(NOW + timedelta(hours=1)) != []  # a few

    statements = await _recorded(monkeypatch, overdue, "deadline_at <= ?")
    assert len(statements) == 1, [sql for sql, _ in statements]
    for sql, parameters in statements:
        *reads, plan = await _games_read_by(store, sql, parameters)
        assert reads == ["games_active_deadline"], plan


async def test_the_clocks_looks_are_found_through_their_own_index(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The next wake-up and the games due for a look (reminders) are read through
    games_clock_next: as many rows as are due, however many games are active (the clock
    read every active game once per reminder hour before, issue 29)."""

    async def both() -> None:
        assert await store.clock.next_look() is not None
        assert await store.clock.due(NOW + timedelta(hours=1), None, 500) != []

    (first, due) = await _recorded(monkeypatch, both, "clock_next_at")
    # The soonest look: the index's first entry (read in its order, no sort, LIMIT 1).
    *reads, plan = await _games_read_by(store, *first)
    assert reads in (["FULL"], ["games_clock_next"]) and "games_clock_next" in plan, plan
    assert "Sort" not in plan and "B-TREE" not in plan, plan
    *reads, plan = await _games_read_by(store, *due)
    assert reads == ["games_clock_next"], plan


async def test_the_seated_read_takes_the_last_moves_and_vacations_by_plain_index_scans(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seated read (every move's) reaches a game's last moves through the moves' key and
    each player's latest vacation through vacations_player, without sorting; on PostgreSQL
    (its generic plan, the one a prepared statement keeps) as plain index scans: no InitPlan
    (what a MAX becomes) and no bitmap scan (costly to start: the benchmark's workload had
    the moves' bare range read by one), nothing read whole."""
    moment = int(NOW.timestamp())
    async with store.database.transaction() as conn:  # games' moves, players' vacations
        await conn.executemany(
            "INSERT INTO moves (game_id, ply, uci, san, played_at) VALUES (?, ?, 'e2e4', 'e4', ?)",
            [(game, ply, moment) for game in range(1, 1001) for ply in range(1, 7)],
        )
        await conn.executemany(
            "INSERT INTO vacations (player_id, starts_at, ends_at, days) VALUES (?, ?, ?, 1)",
            [
                (p, moment - d * 86400, moment - d * 86400 + 86400)
                for p in range(1, PEOPLE + 1)
                for d in range(1, 6)
            ],
        )
        await conn.execute("UPDATE games SET ply = 6 WHERE id <= 1000")
    if isinstance(store.database, PostgresDatabase):
        await store.database.fetch("ANALYZE")

    async def read() -> None:
        assert (await store.games.seated(1, NOW)) is not None

    ((sql, parameters),) = await _recorded(monkeypatch, read, "FROM vacations v")
    database = store.database
    if isinstance(database, SqliteDatabase):
        rows = await database.fetch("EXPLAIN QUERY PLAN " + sql, parameters)
        details = [str(row[3]) for row in rows]
        assert "SEARCH m USING PRIMARY KEY (game_id=? AND ply>?)" in details, details
        vacations = "SEARCH v USING COVERING INDEX vacations_player (player_id=?)"
        assert details.count(vacations) == 2, details
        assert not [d for d in details if "TEMP B-TREE" in d or d.startswith("SCAN v")], details
        return
    assert isinstance(database, PostgresDatabase)
    async with database.read() as conn:
        assert isinstance(conn, PostgresConnection)
        raw = conn.raw
        await raw.execute("SET plan_cache_mode = force_generic_plan")
        try:
            await raw.execute("PREPARE seated AS " + to_postgres(sql)[0])
            values = ", ".join(_literal(p) for p in parameters)
            plan = await raw.fetchval(f"EXPLAIN (FORMAT JSON) EXECUTE seated({values})")
        finally:
            await raw.execute("DEALLOCATE ALL")
            await raw.execute("RESET plan_cache_mode")
    tree = json.loads(plan) if isinstance(plan, str) else plan
    nodes = list(_nodes(tree[0]["Plan"]))
    text = json.dumps(tree)
    scans = {
        n["Relation Name"]: n for n in nodes if n.get("Relation Name") in ("moves", "vacations")
    }
    assert scans.keys() == {"moves", "vacations"}, text
    for subplan in nodes:  # the subqueries' plans: the moves' and the vacations'
        below = list(_nodes(subplan))
        if subplan.get("Parent Relationship") != "SubPlan" or not any(
            n.get("Relation Name") in ("moves", "vacations") for n in below
        ):
            continue
        for node in below:
            assert node["Node Type"] not in ("Bitmap Heap Scan", "Seq Scan", "Sort"), text
            assert node.get("Parent Relationship") != "InitPlan", text
            if node.get("Relation Name") in ("moves", "vacations"):
                assert node["Node Type"] in ("Index Scan", "Index Only Scan"), text
                assert node.get("Index Cond"), text


def _nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """``node`` and every node below it."""
    yield node
    for child in node.get("Plans", []):
        yield from _nodes(child)


async def test_postgresql_sessions_plan_without_jit_and_vacuum_games_by_its_changes(
    store: Store,
) -> None:
    """On PostgreSQL the store's sessions run without JIT (it compiled the clock's archive
    query for ~600 ms a round at 1M games, issue 29) and games is vacuumed after 1 % of its
    rows changed, not a fifth (every move leaves dead entries in the clock's indexes)."""
    if not isinstance(store.database, PostgresDatabase):
        pytest.skip("PostgreSQL's settings")
    ((jit,),) = await store.database.fetch("SELECT current_setting('jit')")
    assert jit == "off"
    ((options,),) = await store.database.fetch(
        "SELECT reloptions FROM pg_class WHERE relname = 'games' "
        "AND relnamespace = current_schema()::regnamespace"
    )
    assert "autovacuum_vacuum_scale_factor=0.01" in options


async def test_threads_to_archive_are_found_through_their_own_index(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The finished games whose thread is due to be archived, and the next one, are read
    through games_thread_to_archive (finished games not archived yet), never every game
    (the other games of each one's thread through games_thread)."""
    day = timedelta(days=1)

    async def both() -> None:
        await store.games.threads_to_archive(NOW, day)
        await store.games.next_thread_archive(day)

    statements = await _recorded(monkeypatch, both, "thread_archived_at IS NULL")
    assert len(statements) == 2, [sql for sql, _ in statements]
    for sql, parameters in statements:
        # The partial index holds only the finished games not archived yet: read whole, it is
        # as many rows as threads wait.
        *_, plan = await _games_read_by(store, sql, parameters)
        assert "games_thread_to_archive" in plan, plan
        assert "SCAN games'" not in plan and "SCAN games," not in plan, plan
        # Of games, that is: PostgreSQL may read the few rows of an almost empty table (here
        # moves, for a game's last move) by a sequential scan, as its statistics suggest.
        if isinstance(store.database, PostgresDatabase):
            scanned = _sequential_scans(json.loads(plan.removeprefix("plan: "))[0]["Plan"])
            assert "games" not in scanned, plan


async def test_a_players_history_reads_only_the_newest_of_each_colour(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/history reads a player's newest finished games down games_white_finished and
    games_black_finished (a LIMIT each), not every finished game of theirs sorted."""

    async def history() -> None:
        found = await store.games.finished_for_player(7, None, 5)
        ends = [g.finished_at for g in found if g.finished_at is not None]
        assert len(ends) == 5 and ends == sorted(ends, reverse=True)

    statements = await _recorded(monkeypatch, history, "status = 'finished' AND white_id = ?")
    assert len(statements) == 1, [sql for sql, _ in statements]
    *reads, plan = await _games_read_by(store, *statements[0])
    assert {"games_white_finished", "games_black_finished"} <= set(reads), plan
    assert "FULL" not in reads, plan


def _literal(value: object) -> str:
    """A parameter written into EXECUTE's text: text quoted (the seated read asks for a
    player's confirm mode by name), anything else as a whole number."""
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return str(int(value))  # type: ignore[call-overload]


async def test_the_next_digest_is_the_first_entry_of_its_index(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clock's next wake-up asks for the soonest daily digest at every round: the first
    entry of players_digest_due (partial: only players who want one), not a read of every
    player (42-236 ms at 50,000 players, holding SQLite's one connection while moves
    waited)."""

    if isinstance(store.database, PostgresDatabase):
        # PostgreSQL plans by cost: a table of two pages is read whole whatever the indexes.
        moment = int(NOW.timestamp())
        async with store.database.transaction() as conn:
            await conn.executemany(
                "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, 0, ?)",
                [(10_000 + p, f"more{p}", moment) for p in range(20_000)],
            )
        await store.database.fetch("ANALYZE players")

    async def soonest() -> None:
        await store.players.next_digest()

    ((sql, parameters),) = await _recorded(monkeypatch, soonest, "digest_due_at")
    database = store.database
    if isinstance(database, SqliteDatabase):
        rows = await database.fetch("EXPLAIN QUERY PLAN " + sql, parameters)
        plan = str([str(row[3]) for row in rows])
    else:
        assert isinstance(database, PostgresDatabase)
        ((found,),) = await database.fetch("EXPLAIN (FORMAT JSON) " + to_postgres(sql)[0])
        plan = found if isinstance(found, str) else json.dumps(found)
    assert "players_digest_due" in plan and "Seq Scan" not in plan, plan


async def test_a_players_active_games_are_read_a_page_down_each_side_of_the_turn(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/games reads a page of a player's active games down games_list_to_move and
    games_list_waiting (a LIMIT each, from the last game shown), not every active game of
    theirs sorted; the pages follow one another in the list's order (the computer's: it is
    to move in half of them)."""
    everything = await store.games.active_page(COMPUTER, None, None, 100)
    keys = [ActiveKey.of(game, COMPUTER) for game in everything]
    assert len(keys) > 8 and keys == sorted(keys)
    assert {key.waiting for key in keys} == {False, True}  # its move in some, not in others

    async def three_pages() -> None:
        first = await store.games.active_page(COMPUTER, None, None, 4)
        assert first == everything[:4]
        after = ActiveKey.of(first[-1], COMPUTER)
        assert await store.games.active_page(COMPUTER, None, after, 4) == everything[4:8]
        after = ActiveKey.of(everything[20], COMPUTER)  # where it waits
        assert await store.games.active_page(COMPUTER, None, after, 4) == everything[21:25]

    statements = await _recorded(monkeypatch, three_pages, "COALESCE(deadline_at")
    assert len(statements) == 3, [sql for sql, _ in statements]
    for number, (sql, parameters) in enumerate(statements):
        *reads, plan = await _games_read_by(store, sql, parameters)
        assert "FULL" not in reads, plan
        assert set(reads) <= {"games_list_to_move", "games_list_waiting", "PRIMARY KEY"}, plan
        if number == 0:  # from the first game: both sides of the turn
            assert {"games_list_to_move", "games_list_waiting"} <= set(reads), plan
