"""One bot process of a sharded deployment, for the multi-process tests.

It runs the bot as ``python -m bot`` does (``create_bot`` and ``serve``), with two handles
for the test: its clock is the wall clock plus the seconds written in the file named by
``POSTAL_TEST_CLOCK`` (so the test moves time in every process at once), its turns to
IDENTIFY are as short as the fake's quickened windows say (``POSTAL_TEST_WINDOW_SCALE``), and
SIGUSR1 makes its scheduler, outbox sender and board editor look for due work now.

    POSTAL_TEST_CLOCK=/tmp/shift python -m tests.discord.shard_process
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.config import Settings
from bot.discord.runner import create_bot, serve
from bot.logs import configure_logging
from bot.service import identify_turns
from bot.startup import StopSignals, require_token


class FileClock:
    """The wall clock moved forward by the seconds in ``path`` (0 while it is unreadable);
    the test replaces the file atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self) -> datetime:
        try:
            shift = float(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            shift = 0.0
        return datetime.now(UTC) + timedelta(seconds=shift)


def quicken_identify_turns(
    scale: float, set_to: Callable[[object, str, float], None] = setattr
) -> None:
    """Shorten the bot's turns to IDENTIFY to ``scale`` of Discord's window, as the fake's
    quickened windows shorten it (``set_to``: a monkeypatch's, in a test's process). The
    margin stays: it covers the way from a turn to the fake's gateway, which a loaded
    machine's event loop stretches however short the window (a tenth of it, 0.1 s, was
    overrun at load 17: two IDENTIFYs 0.48 s apart in a 0.5 s window)."""
    set_to(identify_turns, "IDENTIFY_SECONDS", identify_turns.IDENTIFY_SECONDS * scale)


def shift_clock(path: Path, seconds: float) -> None:
    """Move every process's ``FileClock`` on ``path`` to ``seconds`` after the wall clock."""
    temporary = path.with_suffix(".tmp")
    temporary.write_text(str(seconds), encoding="utf-8")
    os.replace(temporary, path)


async def main() -> None:
    settings = Settings.from_env(env_file=None)
    # The fake's windows quickened in the test: the bot's IDENTIFY turns with them.
    quicken_identify_turns(float(os.environ.get("POSTAL_TEST_WINDOW_SCALE", "1")))
    configure_logging(settings.log_level)
    loop = asyncio.get_running_loop()
    signals = StopSignals(loop)
    bot = create_bot(settings, clock=FileClock(Path(os.environ["POSTAL_TEST_CLOCK"])))

    def look_now() -> None:
        bot.scheduler.wake()
        bot.outbox.wake()
        bot.boards.wake()

    loop.add_signal_handler(signal.SIGUSR1, look_now)
    await serve(bot, require_token(settings), settings, signals.requested)


if __name__ == "__main__":
    asyncio.run(main())
