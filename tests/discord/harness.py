"""The end-to-end harness: the real bot started on a loopback fake Discord, and helpers.

The bot is built by ``bot.discord.runner.create_bot`` from ``Settings.from_env`` — the code
path of ``python -m bot`` — with ``DISCORD_API_BASE``/``DISCORD_GATEWAY_URL`` aimed at the
fake. A test fails when the fake saw a broken Discord rule or the bot logged an error.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from bot.config import Settings
from bot.discord import respond
from bot.discord.client import PostalBot
from bot.discord.runner import create_bot, run
from bot.engine.api import Engines
from bot.logs import DropVoiceWarnings
from bot.service import ManualClock
from bot.startup import StartupError, StopSignals, open_store
from bot.store import Store
from tests.dbtools import from_template
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

READY_TIMEOUT = 10.0
# The answer window Postal ships (the tests' fixture widens it; deferral tests restore it).
SHIPPED_ANSWER_WINDOW = respond.ANSWER_WITHIN_SECONDS


class StopAsked(StopSignals):
    """The launcher's stop request without the process's signal handlers: the test sets
    ``requested`` where ``python -m bot`` would get SIGTERM."""

    def __init__(self) -> None:
        self.requested = asyncio.Event()


class ErrorLog(logging.Handler):
    """Collects ERROR records (or ``level`` and above) from every logger while a test runs."""

    def __init__(self, level: int = logging.ERROR) -> None:
        super().__init__(level)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        return [f"{r.name}: {r.getMessage()}" for r in self.records]


@dataclass
class Harness:
    """A fake Discord, a database (a file, or a PostgreSQL URL), a hand-moved clock, and the
    bot (re)started on them."""

    fake: FakeDiscord
    database: Path | str
    clock: ManualClock
    errors: ErrorLog
    environ: dict[str, str] = field(default_factory=dict)
    bot: PostalBot | None = None
    # The computer opponent's engines the bot is started with (None: none).
    engines: Engines | None = None
    # A migrated SQLite database the first start copies when ``database`` is no file yet.
    template: Path | None = None
    # A store already open the bot starts on (as ``python -m bot``'s runner gives it one),
    # left open when it closes; None: the bot opens ``database`` itself.
    store: Store | None = None
    _task: asyncio.Task[None] | None = None

    def settings(self) -> Settings:
        return Settings.from_env(self.environ, env_file=None)

    async def start(self) -> PostalBot:
        """Start the bot as ``python -m bot`` would, and wait until it is connected."""
        if self.template is not None:
            from_template(self.database, self.template)
        bot = create_bot(self.settings(), clock=self.clock, store=self.store, engines=self.engines)
        # READY waits for GUILD_CREATEs up to this long; 2 s by default.
        bot._connection.guild_ready_timeout = 0.05
        token = self.environ["DISCORD_TOKEN"]
        self._task = asyncio.create_task(bot.start(token))
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait(
            {self._task, ready}, timeout=READY_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            if self._task in done:
                self._task.result()  # raises the start-up error
            raise AssertionError("the bot did not become ready")
        self.bot = bot
        return bot

    async def stop(self) -> None:
        """Close the bot and wait for its start task to end (both, even if closing raises)."""
        bot, self.bot = self.bot, None
        task, self._task = self._task, None
        try:
            if bot is not None:
                await bot.close()
        finally:
            if task is not None:
                await asyncio.wait_for(task, READY_TIMEOUT)

    async def launch(self, stop: StopSignals | None = None) -> None:
        """Run the bot in this process as ``python -m bot`` does once its settings and token
        are read (``bot.discord.runner.run``: the shards' lease, the kept time, the daily
        backups, a refused start worded as a ``StartupError``), on the database opened as
        the launcher opens it, until ``stop`` is requested (None: until it ends). Raises
        ``StartupError``, the one line ``python -m bot`` would print before exiting 1."""
        if self.template is not None:
            from_template(self.database, self.template)
        settings = self.settings()
        store = await open_store(settings)
        try:
            await run(settings, self.environ["DISCORD_TOKEN"], stop or StopAsked(), store)
        finally:
            await store.close()

    async def refused_start(self) -> str:
        """The one line ``python -m bot`` prints before exiting 1 when its start is refused
        after connecting, by ``launch`` in this process. Fails if it starts, or if anything
        is logged at WARNING or above on the way (the process would print it too)."""
        said = ErrorLog(logging.WARNING)
        said.addFilter(DropVoiceWarnings())  # as python -m bot's stderr handler drops them
        root = logging.getLogger()
        root.addHandler(said)
        try:
            await self.launch()
        except StartupError as refusal:
            line = f"postal: {refusal}"
        else:
            raise AssertionError("the start was not refused")
        finally:
            root.removeHandler(said)
        assert said.lines() == [], f"logged besides the refusal: {said.lines()}"
        return line

    async def restart(self) -> PostalBot:
        await self.stop()
        return await self.start()

    async def clock_round(self, timeout: float = READY_TIMEOUT) -> None:
        """Run one scheduler round at the clock's current time and wait for it to end, and
        for the outbox to deliver what is due. The commands running are let finish first: a
        test sees a command's answer before the bot has done what follows it (storing the
        message id of a challenge, say), and time is meant to pass after that. ``timeout``
        for each wait: a round meeting Discord's 5xx waits out discord.py's back-off (1 s,
        then 3, 5...) on each of its requests."""
        assert self.bot is not None
        await asyncio.wait_for(self.bot.commands_finished(), timeout)
        self.bot.scheduler.wake()
        await asyncio.wait_for(self.bot.scheduler.wait_idle(), timeout)
        await self.delivered(timeout)

    async def delivered(self, timeout: float = READY_TIMEOUT) -> None:
        """Wait until the outbox has nothing due left (at the clock's current time)."""
        assert self.bot is not None
        self.bot.outbox.wake()
        await asyncio.wait_for(self.bot.outbox.wait_idle(), timeout)


# ------------------------------------------------------------------------------ helpers


def png_size(message: FakeMessage, filename: str = "board.png") -> tuple[int, int]:
    """Decode the message's PNG with Pillow; returns its size. Fails if it is no PNG."""
    data = message.file(filename).content
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        image.load()
        return image.size


def board_image(message: FakeMessage) -> str:
    """Where the message shows its board: a board message's media gallery, else its embed."""
    if message.layout:
        return message.media()[0] if message.media() else ""
    return str(message.embeds[0].get("image", {}).get("url", "")) if message.embeds else ""


async def command(
    fake: FakeDiscord,
    user: FakeUser,
    name: str,
    options: dict[str, Any] | None = None,
    *,
    channel: FakeChannel | int | None = None,
) -> FakeMessage:
    """Run ``/name`` and return the bot's first answer."""
    interaction = await fake.slash(user, name, options or {}, channel=channel)
    return await fake.reply(interaction)


async def start_game(
    fake: FakeDiscord,
    white: FakeUser,
    black: FakeUser,
    *,
    game: str = "chess",
    fen: str | None = None,
    days: int = 3,
    channel: FakeChannel | None = None,
    moves: Sequence[str] = (),
    position: int | None = None,
) -> tuple[FakeChannel, FakeMessage]:
    """``white`` challenges ``black`` (who accepts) in ``channel`` (default: the first text
    channel), and ``moves`` are played in turn (``OPENED``: a game with a result to rate);
    returns where the game lives and its latest board message."""
    seat = {"xiangqi": "red", "janggi": "cho"}.get(game, "white")
    options: dict[str, Any] = {"opponent": black, "game": game, "color": seat, "days": days}
    if fen is not None:
        options["fen"] = fen
    if position is not None:
        options["position"] = position  # a Chess960 start
    challenge = await command(fake, white, "challenge", options, channel=channel)
    assert not challenge.ephemeral, challenge.text()
    known_threads = {thread.id for thread in fake.threads()}
    press = await fake.click(black, challenge, "Accept")
    await fake.acknowledged(press)

    def first_board() -> tuple[FakeChannel, FakeMessage] | None:
        for thread in fake.threads():
            found = [m for m in fake.channel_messages(thread.id) if m.files]
            if thread.id not in known_threads and found:
                return thread, found[0]
        in_channel = [m for m in press.messages() if m.files]
        if in_channel:
            return fake.channels[in_channel[0].channel_id], in_channel[0]
        return None

    found: tuple[FakeChannel, FakeMessage] = await fake.wait_until(first_board)
    place, board = found
    for ply, move in enumerate(moves):
        board = await play(fake, (white, black)[ply % 2], move, place)
    return place, board


async def game_thread(fake: FakeDiscord) -> FakeChannel:
    """The first thread holding a game's board, once it holds one: the thread alone may be
    there before the bot has stored the game's place in it, and a move sent then is answered
    as one from outside the game's place."""

    def with_board() -> FakeChannel | None:
        boards = (t for t in fake.threads() if any(m.files for m in fake.channel_messages(t.id)))
        return next(boards, None)

    found: FakeChannel = await fake.wait_until(with_board)
    return found


# Two plies: before them, whatever ends a game aborts it (no result, no rating).
OPENED = ("e4", "e5")


async def play(
    fake: FakeDiscord, user: FakeUser, move: str, channel: FakeChannel | int | None
) -> FakeMessage:
    """``/move`` and its public answer (asserted public, with the board)."""
    message = await command(fake, user, "move", {"move": move}, channel=channel)
    assert not message.ephemeral, message.content
    assert message.files, f"no board after {move}: {message.text()}"
    return message
