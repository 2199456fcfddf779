"""Fixtures for end-to-end tests: the loopback fake Discord and the real bot pointed at it.

A test fails when the fake saw a broken Discord rule or the bot logged an error.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `pytest` run without `python -m`: make `tests` importable
    sys.path.insert(0, str(ROOT))

from bot.config import DEFAULT_DISCORD_RATE_LIMIT  # noqa: E402
from bot.discord import boards, respond  # noqa: E402
from bot.discord.pacing import OldEdits  # noqa: E402
from bot.service import ManualClock  # noqa: E402
from bot.store import ConfirmMoves, confirmations  # noqa: E402
from tests.discord.harness import ErrorLog, Harness  # noqa: E402
from tests.discord.shard_process import quicken_identify_turns  # noqa: E402
from tests.discord_schema import check_request  # noqa: E402
from tests.fakediscord import GLOBAL_LIMIT, FakeDiscord  # noqa: E402

# Tests not about Discord's rate limits run the fake's per-channel windows (5 posts, 5 edits
# per 5 s; 3 old edits per 6 s) this much shorter, and the bot's own pace within them with
# them: a burst still meets the limit and discord.py still waits for the window's end, in a
# tenth of the time. Tests about the limits are marked ``discord_windows`` (Discord's own).
QUICK_WINDOWS = 0.1
# Their global limit (50 requests a second) is quickened alike, its count kept: 50 a quarter
# second, and the bot's own pace below it (DISCORD_RATE_LIMIT, 25 a second) four times as
# fast with it. Less than the windows: a busy event loop delays requests already let go by
# the bot's pace, and they reach the fake bunched (here at most 100 a second in flight).
QUICK_GLOBAL = 0.25


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "discord_windows: a test about Discord's rate limits, on their own windows"
    )


@pytest.fixture
def window_scale(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> float:
    """The fake's window scale for this test: 1 when it is marked ``discord_windows``,
    else ``QUICK_WINDOWS``, the bot's windows of the same limits scaled alike (the margin
    for a busy loop is not Discord's: it stays)."""
    if request.node.get_closest_marker("discord_windows"):
        return 1.0
    monkeypatch.setattr(OldEdits, "WINDOW_SECONDS", OldEdits.WINDOW_SECONDS * QUICK_WINDOWS)
    monkeypatch.setattr(boards, "QUIET_SECONDS", boards.QUIET_SECONDS * QUICK_WINDOWS)
    monkeypatch.setattr(boards, "EDIT_WINDOW_SECONDS", boards.EDIT_WINDOW_SECONDS * QUICK_WINDOWS)
    quicken_identify_turns(QUICK_WINDOWS, monkeypatch.setattr)
    return QUICK_WINDOWS


@pytest.fixture
async def fake(window_scale: float) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    if window_scale != 1:
        server.quicken_windows(window_scale)
        server.global_limit = replace(GLOBAL_LIMIT, seconds=GLOBAL_LIMIT.seconds * QUICK_GLOBAL)
    await server.start()
    yield server
    await server.stop()
    assert server.violations == [], f"the bot broke Discord's rules: {server.violations}"
    thinking = [i.id for i in server.still_thinking()]
    assert thinking == [], f"interactions left 'thinking' forever: {thinking}"
    refused = refused_bodies(server)
    assert refused == [], f"Discord's OpenAPI description refuses: {refused}"


def refused_bodies(server: FakeDiscord) -> list[str]:
    """Every request body the bot sent that Discord's OpenAPI description refuses (the
    schemas of ``tests/discord_api``), with where and why."""
    refused = []
    for sent in server.bodies:
        for refusal in check_request(sent.method, sent.path, sent.body):
            refused.append(f"{sent.method} {sent.path} {refusal}")
    return refused


@pytest.fixture
def environ(fake: FakeDiscord, db_target: Path | str, window_scale: float) -> dict[str, str]:
    pace = (
        DEFAULT_DISCORD_RATE_LIMIT
        if window_scale == 1
        else DEFAULT_DISCORD_RATE_LIMIT / QUICK_GLOBAL
    )
    return {
        "DISCORD_RATE_LIMIT": f"{pace:g}",
        "DISCORD_TOKEN": fake.token,
        "DATABASE_URL": db_target if isinstance(db_target, str) else f"sqlite:///{db_target}",
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DEV_GUILD_ID": str(fake.guild_id),
        "LOG_LEVEL": "WARNING",
    }


@pytest.fixture(autouse=True)
def answer_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot under test answers directly for up to 2 s, as on a quick machine: whether a
    reply is deferred must not depend on how busy the test machine is. The tests of
    deferral (test_discord_errors) set the window they need, the shipped one included."""
    monkeypatch.setattr(respond, "ANSWER_WITHIN_SECONDS", 2.0)


@pytest.fixture(autouse=True)
def moves_unconfirmed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The players of these tests play their moves at once, as if each had turned Confirm
    moves off: most tests are not about confirming. The tests of confirming ask for
    ``confirming`` (the shipped default: on)."""
    monkeypatch.setattr(confirmations, "DEFAULT_CONFIRM", ConfirmMoves.NEVER)


@pytest.fixture
def confirming(monkeypatch: pytest.MonkeyPatch) -> None:
    """Confirm moves as shipped: on unless a player turns it off."""
    monkeypatch.setattr(confirmations, "DEFAULT_CONFIRM", ConfirmMoves.ALWAYS)


@pytest.fixture
async def harness(
    fake: FakeDiscord, environ: dict[str, str], db_target: Path | str, sqlite_template: Path
) -> AsyncIterator[Harness]:
    errors = ErrorLog()
    root = logging.getLogger()
    root.addHandler(errors)
    clock = ManualClock(datetime.now(UTC).replace(microsecond=0))
    # Threads archive after days without activity on the bot's clock, as moved by the test.
    fake.wall = clock
    rig = Harness(fake, db_target, clock, errors, environ, template=sqlite_template)
    try:
        yield rig
    finally:
        await rig.stop()
        root.removeHandler(errors)
    assert errors.lines() == [], f"the bot logged errors: {errors.lines()}"


@pytest.fixture
async def running(harness: Harness) -> Harness:
    """The harness with the bot started."""
    await harness.start()
    return harness
