"""A burst of reminders: many games whose reminders all fall due at once (start the real bot
on them with ``tests.discord.live.start_bot``). Used by the burst test and
``benchmarks/discord_e2e.py``."""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.store import Challenge, Store
from tests.fakediscord import FakeDiscord

GAME_NUMBER = re.compile(r"game #(\d+)")


async def seed_due_reminders(fake: FakeDiscord, database: Path, count: int) -> None:
    """``count`` games challenged in the fake's channel, each in its own thread there (as a
    game lives: Discord takes 5 posts per 5 seconds per channel, so a thousand reminders in
    one channel would take a quarter of an hour), each with its 24-hour reminder due now
    (the games began two days and an hour ago, with three days per move; the same two
    players play them all)."""
    started = datetime.now(UTC) - timedelta(days=2, hours=1)
    white, black = fake.add_user("white"), fake.add_user("black")
    store = await Store.open(database, synchronous="NORMAL")
    try:
        for user in (white, black):
            await store.players.ensure(user.id, user.name, False, started)
        for n in range(count):
            thread = fake.add_thread(fake.channel, f"game {n + 1}", owner=fake.bot_user)
            challenge = await store.challenges.create(
                guild_id=fake.guild_id,
                channel_id=fake.channel.id,
                thread_id=thread.id,
                challenger_id=white.id,
                opponent_id=black.id,
                variant="chess",
                color="white",
                days_per_move=3,
                rated=False,
                start_fen=None,
                now=started,
                expires_at=started + timedelta(days=2),
            )
            # Not a limit hit nor a challenge already open: the same two players get one
            # game after another, each challenge accepted before the next.
            assert isinstance(challenge, Challenge), challenge
            await store.games.start_from_challenge(
                challenge_id=challenge.id,
                acceptor_id=black.id,
                white_id=white.id,
                black_id=black.id,
                start_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                to_move_id=white.id,
                now=started,
                deadline_at=started + timedelta(days=3),
            )
    finally:
        await store.close()


def reminders_by_game(fake: FakeDiscord) -> Counter[int]:
    """How many reminders each game got, wherever they were posted."""
    found: Counter[int] = Counter()
    for message in fake.public_messages():
        text = message.text()
        match = GAME_NUMBER.search(text)
        if "Reminder" in text and match:
            found[int(match.group(1))] += 1
    return found
