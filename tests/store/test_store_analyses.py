"""Stored analyses: evaluations kept one by one, the first for a ply standing, a failed
analysis tried again with its evaluations kept, unfinished ones found after reopening."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from bot.store import PositionEvaluation, ProgressShown, Store
from tests.dbtools import undo_migrations_after
from tests.store.test_store_database import NOW, _game


async def test_an_analysis_survives_reopening_and_resumes(tmp_path: Path) -> None:
    """Evaluations written before a restart are there after it, the analysis is listed as
    unfinished until finished, and a second evaluation of a ply does not replace the first."""
    path = tmp_path / "postal.db"
    store = await Store.open(path)
    try:
        game = await _game(store, None)
        started = await store.analyses.start(
            game.id, nodes=1000, positions=3, requested_by=game.white_id, now=NOW
        )
        assert (started.game_id, started.positions, started.finished_at) == (game.id, 3, None)
        await store.analyses.add_evaluation(
            game.id, PositionEvaluation(0, 20, None, 12, "e2e4", ("e2e4", "e7e5"))
        )
        await store.analyses.add_evaluation(game.id, PositionEvaluation(0, 999, None, 1, "a2a3"))
        await store.analyses.add_evaluation(game.id, PositionEvaluation(2, None, 0, 0, None))
    finally:
        await store.close()
    store = await Store.open(path)
    try:
        assert [a.game_id for a in await store.analyses.unfinished()] == [game.id]
        assert await store.analyses.evaluations(game.id) == [
            PositionEvaluation(0, 20, None, 12, "e2e4", ("e2e4", "e7e5")),
            PositionEvaluation(2, None, 0, 0, None, ()),
        ]
        await store.analyses.finish(game.id, NOW + timedelta(seconds=5))
        assert await store.analyses.unfinished() == []
        done = await store.analyses.get(game.id)
        assert done is not None and done.finished_at == NOW + timedelta(seconds=5)
    finally:
        await store.close()


async def test_a_failed_analysis_is_tried_again_keeping_its_evaluations(tmp_path: Path) -> None:
    """A failure stops the analysis (not listed to resume); starting it again clears the
    failure and keeps what was evaluated; the first request's budget and asker stay."""
    store = await Store.open(tmp_path / "postal.db")
    try:
        game = await _game(store, None)
        await store.analyses.start(game.id, nodes=500, positions=2, requested_by=1, now=NOW)
        await store.analyses.add_evaluation(game.id, PositionEvaluation(0, 15, None, 9, "e2e4"))
        await store.analyses.fail(game.id, "engine crashed")
        failed = await store.analyses.get(game.id)
        assert failed is not None and failed.failure == "engine crashed"
        assert await store.analyses.unfinished() == []
        again = await store.analyses.start(game.id, nodes=9, positions=2, requested_by=2, now=NOW)
        assert (again.failure, again.nodes, again.requested_by) == (None, 500, 1)
        assert len(await store.analyses.evaluations(game.id)) == 1
    finally:
        await store.close()


async def test_each_askers_message_is_kept_and_the_first_asker_stays(
    db_target: Path | str,
) -> None:
    """Every asker's message showing an analysis is found again after reopening, a later
    message of the same asker replacing theirs; the analysis's requester stays the one who
    started it (the engine pool's fairness key); finishing it forgets the messages."""
    store = await Store.open(db_target)
    try:
        game = await _game(store, None)
        await store.analyses.start(
            game.id, nodes=1000, positions=3, requested_by=game.white_id, now=NOW
        )
        assert await store.analyses.progress_messages(game.id) == []
        await store.analyses.show_progress_in(game.id, 700, 800, game.white_id)
        await store.analyses.show_progress_in(game.id, 701, 801, game.black_id)  # a later asker
        await store.analyses.show_progress_in(game.id, 702, 802, game.black_id)  # bob again
    finally:
        await store.close()
    store = await Store.open(db_target)
    try:
        (unfinished,) = await store.analyses.unfinished()
        assert unfinished.requested_by == game.white_id
        assert await store.analyses.progress_messages(game.id) == [
            ProgressShown(game.id, game.white_id, 700, 800),
            ProgressShown(game.id, game.black_id, 702, 802),
        ]
        await store.analyses.finish(game.id, NOW)
        assert await store.analyses.progress_messages(game.id) == []
    finally:
        await store.close()


async def test_each_message_is_shown_by_its_process_until_another_takes_it(
    db_target: Path | str,
) -> None:
    """A message is listed for the process that showed it (and one shown by nobody, from
    before, for whoever asks for it); a process taking the analysis over takes the other
    processes' messages, and only those."""
    store = await Store.open(db_target)
    try:
        game = await _game(store, None)
        await store.analyses.start(game.id, nodes=1000, positions=3, requested_by=1, now=NOW)
        await store.analyses.show_progress_in(game.id, 70, 700, 1, "shards:0/2")
        await store.analyses.show_progress_in(game.id, 71, 710, 2, "shards:1/2")
        await store.analyses.show_progress_in(game.id, 72, 720, 3)  # shown by nobody known
        alice, bob, carol = (
            ProgressShown(game.id, 1, 70, 700),
            ProgressShown(game.id, 2, 71, 710),
            ProgressShown(game.id, 3, 72, 720),
        )
        assert await store.analyses.progress_messages(game.id, ("shards:1/2",)) == [bob]
        assert await store.analyses.progress_messages(game.id, ("shards:0/2", "")) == [
            alice,
            carol,
        ]
        assert await store.analyses.take_progress_messages(game.id, "shards:1/2") == [
            alice,
            carol,
        ]
        assert await store.analyses.progress_messages(game.id, ("shards:0/2",)) == []
        assert await store.analyses.progress_messages(game.id, ("shards:1/2",)) == [
            alice,
            bob,
            carol,
        ]
        assert await store.analyses.take_progress_messages(game.id, "shards:1/2") == []
    finally:
        await store.close()


@pytest.mark.sqlite_only
async def test_a_message_stored_before_the_migration_is_kept(tmp_path: Path) -> None:
    """An unfinished analysis's message stored in the analyses row (migration 26) is its
    asker's message after migration 27."""
    path = tmp_path / "postal.db"
    store = await Store.open(path)
    game = await _game(store, None)
    await store.close()
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE analysis_progress_messages")
        connection.execute("ALTER TABLE analyses ADD COLUMN progress_channel_id INTEGER")
        connection.execute("ALTER TABLE analyses ADD COLUMN progress_message_id INTEGER")
        connection.execute(
            "INSERT INTO analyses (game_id, nodes, positions, requested_by, created_at, "
            "progress_channel_id, progress_message_id) VALUES (?, 1000, 3, 2, 0, 700, 800)",
            (game.id,),
        )
        connection.execute("ALTER TABLE moves DROP COLUMN chinese")  # 0030, applied again
        connection.execute(  # 0031, applied again
            "CREATE INDEX games_to_move ON games (to_move_id) WHERE status = 'active'"
        )
        connection.executescript(  # 0033, applied again
            "DROP INDEX games_clock_next; DROP TRIGGER games_version_increases; "
            "CREATE TRIGGER games_version_increases AFTER UPDATE ON games "
            "WHEN NEW.version <= OLD.version BEGIN "
            "UPDATE games SET version = OLD.version + 1 WHERE id = NEW.id; END; "
            "ALTER TABLE games DROP COLUMN clock_deadline; "
            "ALTER TABLE games DROP COLUMN clock_next_at;"
        )
        connection.execute("DROP INDEX games_thread_upkeep")  # 0034, applied again
        connection.executescript(  # 0036, applied again
            "DROP INDEX games_white_finished; DROP INDEX games_black_finished;"
        )
        connection.execute("ALTER TABLE games DROP COLUMN thread_upkeep_at")
        undo_migrations_after(connection, 37)  # 0038 on, applied again
        connection.execute("DROP TABLE move_confirmation")  # 0037, applied again
        connection.execute(
            "CREATE TABLE move_confirmation (player_id INTEGER PRIMARY KEY, confirm INTEGER)"
        )
        connection.execute("PRAGMA user_version = 26")
    store = await Store.open(path)
    try:
        assert await store.analyses.progress_messages(game.id) == [
            ProgressShown(game.id, 2, 700, 800)
        ]
    finally:
        await store.close()
