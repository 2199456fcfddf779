"""A move whose public answer is lost still reaches the opponent, once: the board with the
mention is an outbox row of the move, done when the answer lands and posted by the outbox
when it does not (a failed request, or a process killed before it answered)."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from bot.store import OutboxKind, OutboxState, OutboxTarget, Store
from tests.discord.harness import Harness, command, play, start_game
from tests.discord.live import STEP_TIMEOUT, start_bot
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.store


def told(fake: FakeDiscord, thread: FakeChannel, user: FakeUser) -> list[FakeMessage]:
    """The boards in ``thread`` after 1. e4 that mention ``user``."""
    return [
        m
        for m in fake.channel_messages(thread.id)
        if m.files and user.id in m.mentions and "e4" in m.text()
    ]


async def turn_rows(store: Store) -> list[tuple[OutboxTarget, OutboxState]]:
    rows = await store.outbox.rows()
    return [(r.target, r.state) for r in rows if r.kind is OutboxKind.TURN]


async def test_an_answered_move_is_told_once(running: Harness) -> None:
    """The answer tells bob; the row written in case it was lost is marked sent with the
    answer's message, and the outbox posts nothing more."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    reply = await play(fake, alice, "e4", thread)
    assert reply.mentions == [bob.id]
    await running.clock_round()
    assert told(fake, thread, bob) == [reply]
    assert running.bot is not None
    rows = await running.bot.service.core.store.outbox.rows()
    place = [r for r in rows if r.kind is OutboxKind.TURN]
    assert [(r.state, r.message_id) for r in place] == [(OutboxState.SENT, int(reply.id))]


@pytest.mark.parametrize(("fault", "times"), [("reset", 1), ("reset", 2), ("503", 2)])
async def test_a_lost_answer_is_posted_by_the_outbox(
    running: Harness, fault: str, times: int
) -> None:
    """The answer to /move fails (the connection reset; or 503s until the interaction
    expires, discord.py retrying; the apology after it may fail too): the move is stored
    and the outbox posts the board in the game's thread with bob's mention, once."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    fake.fail_next("POST", "/callback", fault, times=times)
    interaction = await fake.slash(alice, "move", {"move": "e4"}, channel=thread)
    await fake.wait_until(lambda: told(fake, thread, bob), STEP_TIMEOUT)
    assert running.bot is not None
    await running.bot.commands_finished()
    await running.clock_round()
    [notice] = told(fake, thread, bob)
    assert notice.interaction_id is None, "posted by the outbox, not as the answer"
    assert "alice played 1. e4" in notice.text()
    assert await turn_rows(running.bot.service.core.store) == [
        (OutboxTarget.PLACE, OutboxState.SENT)
    ]
    # The error the failed answer raised is logged, and the apology could not be sent in
    # time either: discord.py retried the 503s past Discord's 3 seconds (as it would).
    running.errors.records.clear()
    late = [v for v in fake.violations if "acknowledged after" in v]
    assert (fault == "503") == bool(late)
    fake.violations[:] = [v for v in fake.violations if v not in late]
    del interaction


async def test_an_answer_that_landed_unheard_is_not_told_again(running: Harness) -> None:
    """The answer took effect but its connection reset before the bot heard back: asked,
    Discord shows the answer, which is recorded as the board; nothing is posted twice."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    fake.fail_next("POST", "/callback", "reset-after")
    await fake.slash(alice, "move", {"move": "e4"}, channel=thread)
    await fake.wait_until(lambda: told(fake, thread, bob), STEP_TIMEOUT)
    assert running.bot is not None
    await running.bot.commands_finished()
    await running.clock_round()
    [answer] = told(fake, thread, bob)
    assert answer.interaction_id is not None
    store = running.bot.service.core.store
    assert await turn_rows(store) == [(OutboxTarget.PLACE, OutboxState.SENT)]
    game = await store.games.get(1)
    assert game is not None and game.message_id == int(answer.id)
    running.errors.records.clear()  # the reset answer, logged as the error it was
    fake.violations[:] = [v for v in fake.violations if "already been acknowledged" not in v]


async def test_a_kill_before_the_answer_is_told_after_the_restart(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """``python -m bot`` killed (SIGKILL) after storing a move and before its answer
    reached Discord: the next run posts the board with bob's mention in the thread, once."""
    database = tmp_path / "postal.db"
    bot = await start_bot(fake, database)
    try:
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        for player in (alice, bob):
            await command(fake, player, "settings", {"confirm": "never"})
        thread, _ = await start_game(fake, alice, bob)
        fake.arriving.clear()
        await fake.slash(alice, "move", {"move": "e4"}, channel=thread)
        await fake.wait_until(lambda: fake.held_arrivals >= 1, STEP_TIMEOUT)
        await moved(database)
        bot.send_signal(signal.SIGKILL)
        assert await bot.wait() == -signal.SIGKILL
        fake.arriving.set()
        assert told(fake, thread, bob) == []
        bot = await start_bot(fake, database)
        await fake.wait_until(lambda: told(fake, thread, bob), STEP_TIMEOUT)
        await asyncio.sleep(1.0)  # time for a second notice, if one were coming
        [notice] = told(fake, thread, bob)
        assert notice.interaction_id is None
    finally:
        if bot.returncode is None:
            bot.send_signal(signal.SIGTERM)
            await asyncio.wait_for(bot.wait(), STEP_TIMEOUT)
    fake.violations[:] = [v for v in fake.violations if "acknowledged after" not in v]


async def moved(database: Path) -> None:
    """Wait until the move is stored (the answer may be held before or after the write)."""
    for _ in range(int(STEP_TIMEOUT / 0.05)):
        store = await Store.open(database)
        try:
            game = await store.games.get(1)
        finally:
            await store.close()
        if game is not None and game.ply == 1:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the move was never stored")
