"""A move's hot path: one read and one write, each one round trip to the database.

Counted where every SQLite statement goes: the trips to aiosqlite's thread (each statement,
fetch and commit on its own is one), and the statements SQLite ran (its trace callback).
The guard and the rollback are checked on both databases.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, cast

import pytest

from bot.service import GameService, MovePlayed
from bot.store import DATABASE_ERRORS, MoveWrite, PreparedAnswer, Store
from bot.store.database import Statement
from tests.service.service_helpers import ALICE, BOB, PLACE, play, start_game

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store


@dataclass
class Trips:
    """What the database was asked while counting."""

    trips: int = 0
    statements: list[str] = field(default_factory=list)

    def reads_outside_writes(self) -> list[str]:
        """The statements run outside a transaction (a write's own reads excluded)."""
        outside, depth = [], 0
        for sql in self.statements:
            word = sql.split()[0].upper()
            if word == "BEGIN":
                depth += 1
            elif word in ("COMMIT", "ROLLBACK"):
                depth -= 1
            elif depth == 0:
                outside.append(sql)
        return outside

    def writes(self) -> int:
        return sum(1 for sql in self.statements if sql.split()[0].upper() == "BEGIN")


@asynccontextmanager
async def counted(store: Store) -> AsyncIterator[Trips]:
    """Count the round trips to ``store``'s database and the statements it runs."""
    connection: Any = cast(Any, store.database)._connection
    real: Callable[..., Any] = connection._execute
    seen = Trips()

    async def execute(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        seen.trips += 1
        return await real(fn, *args, **kwargs)

    await connection.set_trace_callback(seen.statements.append)
    connection._execute = execute
    try:
        yield seen
    finally:
        del connection._execute
        await connection.set_trace_callback(None)


@pytest.mark.sqlite_only
async def test_a_move_is_one_read_and_one_write(service: GameService, store: Store) -> None:
    """A move in a game this process has seen: one statement reads the game, its players and
    what else the move needs (the last moves the board lists among it); one transaction, sent
    whole, writes it, reading no moves back."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4")
    async with counted(store) as seen:
        played = await service.play.move(BOB, PLACE, "e5")
    assert isinstance(played, MovePlayed) and played.recent == "1. e4 e5"
    assert seen.trips == 2, seen.statements
    assert len(seen.reads_outside_writes()) == 1 and seen.writes() == 1
    assert not [sql for sql in seen.statements if sql.startswith("SELECT ply, uci, san")]
    # No conditional lines wait in the game (its row said so): none are dropped.
    assert not [sql for sql in seen.statements if sql.startswith("DELETE FROM conditional")]


@pytest.mark.sqlite_only
async def test_a_move_after_its_board_message_was_recorded_reads_no_moves(
    service: GameService, store: Store
) -> None:
    """Recording the board message raises the game's version, not its moves: the replay
    cached at the move before stays good (the game's row comes with its last move's
    version), so the next move still costs two trips; recording is one."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4")
    await service.reports.replace_board_message(game.id, PLACE.channel_id, 1001)
    async with counted(store) as recording:
        old = await service.reports.replace_board_message(game.id, PLACE.channel_id, 1002)
    assert old is not None and old.message_id == 1001
    assert recording.trips == 1
    async with counted(store) as seen:
        await service.play.move(BOB, PLACE, "e5")
    assert seen.trips == 2, seen.statements
    assert [b.message_id for b in await service.reports.boards_to_retire()] == [1001]


@pytest.mark.sqlite_only
async def test_a_typed_move_away_with_dms_and_prepared_lines_stays_within_three(
    service: GameService, store: Store
) -> None:
    """The heavier cases stay within three trips: conditional lines waiting (their tree is
    read only when the game's row says there are some) and a player who wants DMs."""
    game = (await start_game(service)).game
    await service.preferences.settings(BOB, notify="dm")
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6", game_id=game.id)
    async with counted(store) as seen:
        played = await service.play.move(ALICE, None, "Nf3", game_id=game.id)
    assert isinstance(played, MovePlayed) and [a.notation for a in played.answers] == ["Nc6"]
    assert seen.trips == 3, [s[:60] for s in seen.statements]


async def test_a_write_refused_by_its_guard_changes_nothing(
    store: Store, service: GameService
) -> None:
    """The optimistic guard: a move written against a version the game has left is refused
    as a whole, the statements after the guard included."""
    game = (await start_game(service)).game
    stale = await store.games.get(game.id)
    assert stale is not None
    await play(service, game.id, "e4")
    before = (await store.games.get(game.id), await store.games.moves(game.id))
    written = await store.games.play_move(
        MoveWrite(
            stale,
            PreparedAnswer("d2d4", "d4", ALICE.id),
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
            service.core.now(),
            None,
        )
    )
    assert not written.ok
    assert (await store.games.get(game.id), await store.games.moves(game.id)) == before


async def test_a_write_sent_whole_rolls_back_on_an_error(store: Store) -> None:
    """A statement failing half-way through a write leaves nothing of it behind."""
    with pytest.raises(DATABASE_ERRORS):
        await store.database.write(
            [
                Statement("INSERT INTO bot_state (key, value) VALUES ('a', '1')"),
                Statement("INSERT INTO bot_state (key, value) VALUES ('a', '2')"),
            ]
        )
    assert await store.bot_state.get("a") is None
    assert await store.database.write([Statement("SELECT 1")]) == [[(1,)]]


@pytest.mark.postgresql
async def test_a_move_on_postgresql_is_one_read_and_one_write(
    pg_url: str, clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL too a move in a game this process has seen is two round trips to the
    server: the statement that reads it, and the call that writes it whole."""
    import asyncpg.connection

    store = await Store.open(pg_url)
    try:
        service = GameService(store, clock)
        game = (await start_game(service)).game
        await play(service, game.id, "e4")
        sent: list[str] = []
        real = cast(Any, asyncpg.connection.Connection)._execute

        async def spy(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
            sent.append(query)
            return await real(self, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.connection.Connection, "_execute", spy)
        played = await service.play.move(BOB, PLACE, "e5")
        assert isinstance(played, MovePlayed) and played.recent == "1. e4 e5"
        assert len(sent) == 2, sent
        assert sent[1].startswith("SELECT postal_write_")
    finally:
        await store.close()


@pytest.mark.sqlite_only
async def test_a_move_reporting_a_new_app_language_is_still_two_trips(
    service: GameService, store: Store
) -> None:
    """The mover's app language, changed since it was stored, goes into the move's own
    write: no round trip of its own."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4")
    async with counted(store) as seen:
        await service.play.move(dataclasses.replace(BOB, locale="zh-CN"), PLACE, "e5")
    assert seen.trips == 2, seen.statements
    assert seen.writes() == 1
    assert [sql for sql in seen.statements if sql.startswith("UPDATE players SET client_locale")]
