"""Hundreds of reminders due at once: paced at the cap, and a bot killed mid-burst and
restarted on the same database sends nothing twice and loses nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.discord.burst import reminders_by_game, seed_due_reminders
from tests.discord.live import start_bot
from tests.fakediscord import FakeDiscord, RouteLimit

# Two seconds' worth at the cap: enough to be paced, to be killed in, and to resume.
REMINDERS = 400
# Above the default 25/s so the test takes seconds; the pacing is the same at any cap.
CAP = 200


async def test_a_burst_is_paced_and_survives_a_kill(fake: FakeDiscord, tmp_path: Path) -> None:
    database = tmp_path / "postal.db"
    fake.global_limit = RouteLimit(CAP, 1.0)  # a bot whose global limit Discord raised
    await seed_due_reminders(fake, database, REMINDERS)
    first = await start_bot(fake, database, DISCORD_RATE_LIMIT=str(CAP))
    try:
        # A cheap test: the fake checks it after every call.
        await fake.wait_until(lambda: len(fake.messages) >= REMINDERS // 4, 60)
    finally:
        first.kill()  # SIGKILL: no clean-up, requests may be in flight
        await first.wait()
    before = sum(reminders_by_game(fake).values())
    assert before < REMINDERS, "the burst ended before the kill; nothing was tested"
    second = await start_bot(fake, database, DISCORD_RATE_LIMIT=str(CAP))
    try:
        await fake.wait_until(lambda: len(fake.messages) >= REMINDERS, 60)
        await asyncio.sleep(0.5)  # a doubled reminder would arrive now
    finally:
        second.terminate()
        await second.wait()
    sent = reminders_by_game(fake)
    assert len(sent) == REMINDERS  # none lost
    assert max(sent.values()) == 1  # none doubled (a resend after the kill was deduped)
    assert fake.max_rate() <= CAP
