"""Postal under Discord's limit on message edits (5 per 5 seconds per channel, as the fake
enforces it): what it edits in a busy channel is edited late, never lost."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import boards as board_worker
from tests.discord.harness import Harness, play, start_game
from tests.fakediscord import EDIT_MESSAGE_LIMIT, GUILD_VOICE, FakeMessage

GAMES = EDIT_MESSAGE_LIMIT.limit + 2

# Discord's own windows: these tests are about them (see tests/discord/conftest.py).
pytestmark = pytest.mark.discord_windows


async def test_old_boards_beyond_the_channels_edit_limit_are_retired_late(
    running: Harness,
) -> None:
    """Seven games in one voice chat (no threads there: every game lives in the channel)
    each replace their first board at once: seven edits for one channel, two more than
    Discord takes per window. All seven old boards lose their buttons, the last two once
    the channel's window is over; none is given up."""
    fake = running.fake
    bot = running.bot
    assert bot is not None
    voice = fake.add_channel("lounge", type=GUILD_VOICE)
    firsts: list[FakeMessage] = []
    players = []
    for n in range(GAMES):
        white, black = fake.add_user(f"white{n}"), fake.add_user(f"black{n}")
        where, first = await start_game(fake, white, black, channel=voice)
        assert where.id == voice.id
        firsts.append(first)
        players.append(white)
    await asyncio.wait_for(bot.boards.wait_idle(), 10)
    await bot.boards.stop()  # the old boards pile up, then go out together
    for white in players:
        await play(fake, white, "e4", voice)
    await bot.commands_finished()
    assert all(first.buttons() for first in firsts)
    bot.boards.start()
    bot.boards.wake()
    # A bound, not a figure: each edit may first wait up to a second for a quiet event loop
    # (boards.MAX_WAIT_SECONDS), and the last two for the channel's next window.
    bound = GAMES * board_worker.MAX_WAIT_SECONDS + EDIT_MESSAGE_LIMIT.seconds + 15
    await fake.wait_until(lambda: all(not f.buttons() for f in firsts), timeout=bound)
    edits = [c for c in fake.calls if c.method == "PATCH" and f"/channels/{voice.id}/" in c.path]
    assert sum(c.status == 200 for c in edits) == GAMES, [(c.path, c.status) for c in edits]
    assert {c.status for c in edits} <= {200, 429}
    assert bot.boards.edited == GAMES
    assert all(first.media() == ["attachment://board.png"] for first in firsts)
