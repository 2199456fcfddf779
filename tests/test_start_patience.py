"""A start that meets another process's lock on the database waits it out
(``bot.store.patience.when_available``) instead of ending or skipping a step: opening the
database (``bot.startup.open_store``) and the outbox sender's start-up bookkeeping."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, cast

import pytest

from bot.config import Settings
from bot.discord.sender import OutboxSender
from bot.service import GameService, ManualClock
from bot.startup import open_store
from bot.store import Store
from bot.store import database as database_module
from tests.service.service_helpers import BOB, play, start_game

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

pytestmark = pytest.mark.sqlite_only

HOLDER = "shards:all"


def locked_for(path: Path, seconds: float) -> threading.Timer:
    """Another program's write lock on ``path``, let go after ``seconds`` (a timer's thread:
    the test's event loop keeps running meanwhile)."""
    blocker = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN EXCLUSIVE")

    def release() -> None:
        blocker.execute("ROLLBACK")
        blocker.close()

    timer = threading.Timer(seconds, release)
    timer.start()
    return timer


def waits(caplog: pytest.LogCaptureFixture, step: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if "waits for the database" in r.getMessage() and step in r.getMessage()
    ]


async def test_the_bot_opens_a_database_another_process_holds_locked_a_moment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """``python -m bot``'s opening of the database waits while another process holds its
    lock past the busy timeout, and opens it once the lock is gone."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT_MS", 100)
    path = tmp_path / "postal.db"
    await (await Store.open(path)).close()
    timer = locked_for(path, 0.5)
    try:
        store = await open_store(Settings(database=path))
    finally:
        timer.join()
    await store.close()
    assert waits(caplog, "opening the database")


async def test_the_outbox_start_up_waits_for_a_locked_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The sender's start-up bookkeeping, meeting another process's lock, waits and then
    ends the claims its previous run left: their rows are claimable again at once, not
    only when the lease ends."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT_MS", 100)
    path = tmp_path / "postal.db"
    clock = ManualClock()
    store = await Store.open(path)
    try:
        service = GameService(store, clock)
        await service.preferences.settings(BOB, notify="dm")
        game = await start_game(service)
        await play(service, game.game.id, "e4")
        now = clock().timestamp()
        left = await service.deliveries.claim_deliveries(HOLDER, now, 3600.0, 10)
        assert left, "the move wrote bob's turn notice"
        bot = cast("PostalBot", SimpleNamespace(service=service))
        sender = OutboxSender(bot, clock, holder=HOLDER)
        timer = locked_for(path, 0.5)
        try:
            await sender._start_up()
        finally:
            timer.join()
        again = await service.deliveries.claim_deliveries("another", now, 60.0, 10)
        assert [row.id for row in again] == [row.id for row in left]
        assert waits(caplog, "releasing the outbox's claims")
    finally:
        await store.close()
