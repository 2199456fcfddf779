"""The fake's per-route rate limits on posting and editing messages, as Discord answers them
and as discord.py meets them: 5 per 5 seconds per channel each, under one bucket hash though
they are counted apart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import handle_message_parameters

from bot.service import ManualClock
from tests.fakediscord import (
    EDIT_MESSAGE_LIMIT,
    GLOBAL_LIMIT,
    OLD_EDIT_LIMIT,
    POST_MESSAGE_LIMIT,
    FakeDiscord,
    FakeMessage,
    RouteLimit,
)

# Discord's own windows: these tests are about them (see tests/discord/conftest.py).
pytestmark = pytest.mark.discord_windows


class Clock:
    """The fake's clock for its rate-limit windows, turned by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def call(
    fake: FakeDiscord, method: str, path: str, body: dict[str, Any]
) -> tuple[int, dict[str, Any], dict[str, str]]:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.api_base + path, json=body, headers=headers) as response,
    ):
        return response.status, await response.json(), dict(response.headers)


async def posted(fake: FakeDiscord, channel_id: int) -> FakeMessage:
    status, body, _ = await call(fake, "POST", f"/channels/{channel_id}/messages", {"content": "a"})
    assert status == 200, body
    return fake.messages[int(body["id"])]


async def test_a_sixth_edit_within_five_seconds_is_refused_with_429(fake: FakeDiscord) -> None:
    """Five edits in a channel count down X-RateLimit-Remaining under one reset time; the
    sixth is a 429 (retry_after until that reset, the same bucket, Via, Retry-After) and
    changes nothing; once the window is over, edits go through again."""
    clock = Clock()
    fake.clock = clock
    message = await posted(fake, fake.channel.id)
    path = f"/channels/{fake.channel.id}/messages/{message.id}"
    seen = []
    for n in range(5):
        clock.now += 0.5
        status, _, headers = await call(fake, "PATCH", path, {"content": f"edit {n}"})
        assert status == 200
        seen.append((headers["X-RateLimit-Limit"], headers["X-RateLimit-Remaining"]))
    assert seen == [("5", str(4 - n)) for n in range(5)]
    assert headers["X-RateLimit-Reset-After"] == "3.000"  # 5 s from the first edit
    bucket = headers["X-RateLimit-Bucket"]
    status, body, refused = await call(fake, "PATCH", path, {"content": "too soon"})
    assert status == 429 and body["retry_after"] == 3.0 and body["global"] is False
    assert refused["X-RateLimit-Remaining"] == "0" and refused["X-RateLimit-Bucket"] == bucket
    assert refused["Retry-After"] == "3" and refused["Via"]
    assert refused["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in refused
    assert fake.messages[message.id].content == "edit 4" and message.edits == 5
    assert [(c.method, c.status) for c in fake.rate_limited()] == [("PATCH", 429)]
    clock.now += 3.0
    status, _, headers = await call(fake, "PATCH", path, {"content": "later"})
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"
    assert fake.messages[message.id].content == "later"


async def test_channels_and_posts_are_counted_apart(fake: FakeDiscord) -> None:
    """The limit is per channel (another channel's edits go through), and posting in the
    channel answers with the same bucket hash but is not counted with the edits (as
    Discord does: discord-api-docs issues #1442 and #8073)."""
    fake.clock = Clock()
    other = fake.add_channel("other")
    here, there = await posted(fake, fake.channel.id), await posted(fake, other.id)
    for _ in range(EDIT_MESSAGE_LIMIT.limit):
        path = f"/channels/{fake.channel.id}/messages/{here.id}"
        status, _, edited = await call(fake, "PATCH", path, {"content": "b"})
        assert status == 200
    status, _, _ = await call(fake, "PATCH", path, {"content": "c"})
    assert status == 429
    path = f"/channels/{other.id}/messages/{there.id}"
    status, _, headers = await call(fake, "PATCH", path, {"content": "b"})
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"
    status, _, post = await call(
        fake, "POST", f"/channels/{fake.channel.id}/messages", {"content": "d"}
    )
    assert status == 200 and post["X-RateLimit-Bucket"] == edited["X-RateLimit-Bucket"]


async def test_a_sixth_post_within_five_seconds_is_refused_and_not_posted(
    fake: FakeDiscord,
) -> None:
    """Posting has its own count: five posts in a channel go through, the sixth is a 429
    and posts nothing; edits in that channel are still allowed; the window's end lets
    posts through again."""
    clock = Clock()
    fake.clock = clock
    path = f"/channels/{fake.channel.id}/messages"
    for n in range(POST_MESSAGE_LIMIT.limit):
        status, _, headers = await call(fake, "POST", path, {"content": f"post {n}"})
        assert status == 200 and headers["X-RateLimit-Remaining"] == str(4 - n)
    status, body, refused = await call(fake, "POST", path, {"content": "too soon"})
    assert status == 429 and body["retry_after"] == 5.0 and refused["Via"]
    assert [m.content for m in fake.channel_messages(fake.channel.id)][-1] == "post 4"
    first = fake.channel_messages(fake.channel.id)[0]
    status, _, _ = await call(fake, "PATCH", f"{path}/{first.id}", {"content": "edited"})
    assert status == 200
    clock.now += 5.0
    status, _, _ = await call(fake, "POST", path, {"content": "later"})
    assert status == 200 and len(fake.channel_messages(fake.channel.id)) == 6


async def test_more_than_fifty_requests_in_a_second_is_a_global_429_and_a_violation(
    fake: FakeDiscord,
) -> None:
    """Discord's global limit: the 51st request of a second (the fake's clock stopped) is a
    global 429 and a broken rule; the next second takes requests again."""
    clock = Clock()
    fake.clock = clock
    path = f"/channels/{fake.channel.id}"
    for _ in range(GLOBAL_LIMIT.limit):
        status, _, _ = await call(fake, "GET", path, {})
        assert status == 200
    status, body, refused = await call(fake, "GET", path, {})
    assert status == 429 and body["global"] is True and refused["X-RateLimit-Global"] == "true"
    assert refused["X-RateLimit-Scope"] == "global" and refused["Via"]
    assert len(fake.violations) == 1 and "global limit" in fake.violations[0]
    fake.violations.clear()  # the broken rule was the point here
    clock.now += 1.0
    status, _, _ = await call(fake, "GET", path, {})
    assert status == 200


@pytest.fixture
async def http(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    """discord.py's own HTTP client, logged in to the fake."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    client = discord.http.HTTPClient(asyncio.get_running_loop())
    await client.static_login(fake.token)
    try:
        yield client
    finally:
        await client.close()


async def test_discord_py_spreads_a_burst_of_edits_over_the_windows(
    fake: FakeDiscord, http: Any
) -> None:
    """Seven edits of one message at once through discord.py: every one lands (discord.py
    reads the bucket from the headers, or waits out a 429's retry_after, and tries again)."""
    fake.edit_limit = RouteLimit(5, 0.5)  # short windows: the test waits them out
    message = await posted(fake, fake.channel.id)
    await asyncio.gather(
        *(
            http.edit_message(fake.channel.id, message.id, params=handle_message_parameters(f"{n}"))
            for n in range(7)
        )
    )
    edits = [c for c in fake.calls if c.method == "PATCH"]
    assert message.edits == 7 and sum(c.status == 200 for c in edits) == 7
    assert all(c.status in (200, 429) for c in edits)


async def refused_after(fake: FakeDiscord, method: str, path: str, count: int) -> list[Any]:
    """``count`` calls of ``method path`` in a row: each one's status, and the
    ``retry_after`` (and code) of the first refused."""
    answers: list[Any] = []
    for _ in range(count):
        status, body, _ = await call(fake, method, path, {"content": "x"})
        answers.append(status)
        if status == 429:
            return [*answers, body.get("retry_after"), body.get("code")]
    return answers


@pytest.mark.parametrize("scale", [1.0, 0.1])
async def test_quickened_windows_refuse_as_discords_do_in_a_shorter_time(
    fake: FakeDiscord, scale: float
) -> None:
    """Per window, quickened windows (the Discord tests not about the limits) refuse exactly
    as Discord's: the sixth post and the sixth edit of a channel's window, the fourth old
    edit, each a 429 until the window's end (``scale`` of Discord's), then let through
    again; the global limit stays 50 a second. Counting 429s needs Discord's windows."""
    clock, wall = Clock(), ManualClock()
    fake.clock, fake.wall = clock, wall
    if scale != 1:
        fake.quicken_windows(scale)
    channel = f"/channels/{fake.channel.id}/messages"
    messages = [await posted(fake, fake.channel.id) for _ in range(4)]
    post = round(POST_MESSAGE_LIMIT.seconds * scale, 3)
    assert await refused_after(fake, "POST", channel, 2) == [200, 429, post, None]
    clock.now += post
    edit, edited = round(EDIT_MESSAGE_LIMIT.seconds * scale, 3), f"{channel}/{messages[0].id}"
    assert await refused_after(fake, "PATCH", edited, 6) == [200] * 5 + [429, edit, None]
    clock.now += edit
    assert await refused_after(fake, "POST", channel, 1) == [200]
    wall.advance(hours=1)
    old = round(OLD_EDIT_LIMIT.seconds * scale, 3)
    answers = [await refused_after(fake, "PATCH", f"{channel}/{m.id}", 1) for m in messages]
    assert answers == [[200]] * 3 + [[429, old, 30046]]
    clock.now += old
    assert await refused_after(fake, "PATCH", f"{channel}/{messages[3].id}", 1) == [200]
    assert fake.global_limit == GLOBAL_LIMIT
    if scale == 1:
        assert len(fake.rate_limited()) == 3
    else:
        with pytest.raises(AssertionError, match="mark the test discord_windows"):
            fake.rate_limited()


def test_a_window_scale_is_a_fraction(fake: FakeDiscord) -> None:
    """Windows are quickened, never lengthened or stopped: a scale outside (0, 1] is a
    ValueError and changes nothing."""
    for scale in (0.0, -1.0, 1.5):
        with pytest.raises(ValueError, match="a window scale is in"):
            fake.quicken_windows(scale)
    assert fake.post_limit == POST_MESSAGE_LIMIT and fake.window_scale == 1
