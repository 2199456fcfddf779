"""What the deadline scheduler does each round: end overdue games, expire old challenges and
hand due reminders to the outbox. The service writes every announcement as an outbox row in
the same transaction; the sender (``bot.discord.sender``) delivers them, paced and retried."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import PostalBot


async def run_clock(bot: PostalBot, now: datetime) -> datetime | None:
    """One round at ``now``: time-outs, expired challenges, reminders. Returns when the next
    round is due (None: nothing pending). Nothing here waits for Discord, so a refused
    message never makes the scheduler spin: its retries are the outbox's."""
    service = bot.service
    await service.expire_overdue(now)
    await service.hand_over_reminders(now)
    bot.outbox.wake()
    return await service.next_wakeup()
