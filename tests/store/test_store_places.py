"""Where a game lives, in the store: a challenge's thread passes to its game; the threads
Postal opened are archived a day after the end, retried after a failure, once."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock
from bot.store import GameEnding, GameRecord, Store
from bot.store.database import migrations
from bot.store.game_threads import THREADS_A_ROUND
from tests.store.test_store_database import NOW, START, _game

DAY = timedelta(days=1)


async def started(store: Store, thread_id: int | None) -> GameRecord:
    game: GameRecord = await _game(store, thread_id)
    return game


async def aborted(store: Store, game: GameRecord) -> None:
    current = await store.games.get(game.id)
    assert current is not None
    written = await store.games.finish(current, GameEnding("*", "aborted"), NOW, None)
    assert written.ok


async def test_a_game_lives_in_its_challenges_thread_and_is_never_archived(
    db_target: Path | str,
) -> None:
    """A challenge made in someone's thread starts a game in that thread; that thread is
    not Postal's, so it is never archived."""
    store = await Store.open(db_target)
    try:
        game = await started(store, thread_id=77)
        assert (game.channel_id, game.thread_id, game.thread_owned) == (6, 77, False)
        await aborted(store, game)
        assert await store.games.threads_to_archive(NOW + 2 * DAY, DAY) == []
        assert await store.games.next_thread_archive(DAY) is None
    finally:
        await store.close()


async def test_postals_own_thread_is_archived_a_day_after_the_end(db_target: Path | str) -> None:
    """The thread Postal opened is due a day after the end; a failed attempt moves it to
    the retry time; once done it is never due again."""
    store = await Store.open(db_target)
    try:
        game = await started(store, thread_id=None)
        await store.games.set_thread(game.id, 88)
        assert await store.games.next_thread_archive(DAY) is None  # still being played
        await aborted(store, game)
        assert await store.games.next_thread_archive(DAY) == NOW + DAY
        assert await store.games.threads_to_archive(NOW + DAY - timedelta(seconds=1), DAY) == []
        due = await store.games.threads_to_archive(NOW + DAY, DAY)
        assert [(g.id, g.thread_id, g.thread_owned) for g in due] == [(game.id, 88, True)]
        await store.games.retry_thread_archive(game.id, NOW + DAY + timedelta(minutes=5))
        assert await store.games.threads_to_archive(NOW + DAY, DAY) == []
        assert await store.games.next_thread_archive(DAY) == NOW + DAY + timedelta(minutes=5)
        await store.games.thread_archive_done(game.id, NOW + DAY + timedelta(minutes=5))
        assert await store.games.threads_to_archive(NOW + 9 * DAY, DAY) == []
        assert await store.games.next_thread_archive(DAY) is None
    finally:
        await store.close()


async def test_a_running_games_own_thread_is_due_a_look_until_the_end(
    db_target: Path | str,
) -> None:
    """The thread Postal opened for a running game is due at its upkeep time, moved by
    each look, and never once the game is over (nor for a thread that is not Postal's)."""
    store = await Store.open(db_target)
    try:
        game = await started(store, thread_id=None)
        theirs = await started(store, thread_id=77)
        await store.games.set_thread(game.id, 88, NOW + 6 * DAY)
        assert await store.games.next_thread_upkeep() == NOW + 6 * DAY
        assert await store.games.threads_to_keep(NOW + 6 * DAY - timedelta(seconds=1)) == []
        [due] = await store.games.threads_to_keep(NOW + 6 * DAY)
        assert (due.game_id, due.thread_id) == (game.id, 88)
        assert await store.games.keeps_thread(88) and not await store.games.keeps_thread(77)
        before = await store.games.get(game.id)
        await store.games.set_thread_upkeep(game.id, NOW + 12 * DAY)
        assert await store.games.threads_to_keep(NOW + 11 * DAY) == []
        # The look is not a change of the game: a move read before it still writes.
        after = await store.games.get(game.id)
        assert before is not None and after is not None and after.version == before.version
        await aborted(store, game)
        assert await store.games.threads_to_keep(NOW + 99 * DAY) == []
        assert await store.games.next_thread_upkeep() is None
        assert theirs.thread_owned is False
    finally:
        await store.close()


@pytest.mark.sqlite_only
async def test_threads_of_games_from_before_the_migration_are_postals(tmp_path: Path) -> None:
    """Before places were stored, a game's thread was always one Postal opened: the
    migration marks those as its own, so they are archived like new ones."""
    path = tmp_path / "postal.db"
    with sqlite3.connect(path) as connection:
        for version, script in migrations():
            if version >= 7:
                break
            connection.executescript(script)
        connection.execute("PRAGMA user_version = 6")
        for player_id, name in ((1, "alice"), (2, "bob")):
            connection.execute(
                "INSERT INTO players (id, display_name, created_at) VALUES (?, ?, 0)",
                (player_id, name),
            )
        stamp = int(NOW.timestamp())
        connection.execute(
            "INSERT INTO games (guild_id, channel_id, thread_id, variant, start_fen, white_id, "
            "black_id, days_per_move, rated, status, result, termination, fen, created_at, "
            "last_move_at, finished_at) VALUES (5, 6, 99, 'chess', ?, 1, 2, 3, 0, 'finished', "
            "'*', 'aborted', ?, ?, ?, ?)",
            (START, START, stamp, stamp, stamp),
        )
    store = await Store.open(path)
    try:
        due = await store.games.threads_to_archive(NOW + DAY, DAY)
        assert [(g.thread_id, g.thread_owned) for g in due] == [(99, True)]
    finally:
        await store.close()


async def test_a_thread_with_a_rematch_running_waits_to_be_archived(db_target: Path | str) -> None:
    """A rematch played in the finished game's thread keeps that thread open: it is due
    only once no game in it is running."""
    store = await Store.open(db_target)
    try:
        game = await started(store, thread_id=None)
        await store.games.set_thread(game.id, 88)
        await aborted(store, game)
        rematch = await started(store, thread_id=88)
        assert await store.games.threads_to_archive(NOW + 2 * DAY, DAY) == []
        assert await store.games.next_thread_archive(DAY) is None
        await aborted(store, rematch)
        due = await store.games.threads_to_archive(NOW + 2 * DAY, DAY)
        assert [g.id for g in due] == [game.id]
    finally:
        await store.close()


async def test_a_backlog_of_threads_is_archived_a_batch_a_round_each_once(
    db_target: Path | str,
) -> None:
    """More threads due than a round takes (after an outage): the first round gets a batch,
    oldest first, the next the rest, and no thread comes twice."""
    store = await Store.open(db_target)
    try:
        ended = []
        for n in range(THREADS_A_ROUND + 30):
            game = await started(store, thread_id=None)
            await store.games.set_thread(game.id, 1000 + n)
            await aborted(store, game)
            ended.append(game.id)
        later = NOW + 2 * DAY
        service = GameService(store, ManualClock(later))
        archived: list[int] = []
        for batch in (THREADS_A_ROUND, 30, 0):
            views = await service.deadlines.threads_to_archive(later)
            assert len(views) == batch
            for view in views:
                await service.deadlines.thread_archived(view.id)
            archived += [view.id for view in views]
        assert archived == ended
    finally:
        await store.close()
