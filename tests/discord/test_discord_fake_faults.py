"""The fake's fault mode and nonces: Discord's failures as discord.py meets them."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.fakediscord import Call, FakeDiscord, Faults, RouteLimit


async def post(
    fake: FakeDiscord, path: str, body: dict[str, Any]
) -> tuple[int, dict[str, Any], dict[str, str]]:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(fake.api_base + path, json=body, headers=headers) as response,
    ):
        return response.status, await response.json(), dict(response.headers)


async def test_a_repeated_nonce_returns_the_first_message(fake: FakeDiscord) -> None:
    """With ``enforce_nonce`` a repeat returns the first message; without it, or once the
    nonce is forgotten, a second message is created."""
    path = f"/channels/{fake.channel.id}/messages"
    _, first, _ = await post(fake, path, {"content": "a", "nonce": "n1", "enforce_nonce": True})
    _, again, _ = await post(fake, path, {"content": "a", "nonce": "n1", "enforce_nonce": True})
    assert again["id"] == first["id"] and fake.nonce_repeats == 1
    _, loose, _ = await post(fake, path, {"content": "a", "nonce": "n1"})
    assert loose["id"] != first["id"]
    fake.nonce_memory_seconds = 0
    _, late, _ = await post(fake, path, {"content": "a", "nonce": "n1", "enforce_nonce": True})
    assert late["id"] not in (first["id"], loose["id"])
    assert len(fake.channel_messages(fake.channel.id)) == 3


@pytest.mark.parametrize("kind", ["429", "429-global"])
async def test_a_429_carries_what_discord_py_reads(fake: FakeDiscord, kind: str) -> None:
    fake.fail_next("POST", "/messages", kind)
    status, body, headers = await post(
        fake, f"/channels/{fake.channel.id}/messages", {"content": "x"}
    )
    assert status == 429 and body["retry_after"] > 0 and body["global"] == (kind != "429")
    assert headers["Retry-After"] and headers["Via"] and headers["X-RateLimit-Remaining"] == "0"
    assert ("X-RateLimit-Global" in headers) == (kind == "429-global")
    assert fake.channel_messages(fake.channel.id) == []


async def test_resets_before_and_after_the_call_took_effect(fake: FakeDiscord) -> None:
    path = f"/channels/{fake.channel.id}/messages"
    fake.fail_next("POST", "/messages", "reset")
    with pytest.raises(aiohttp.ClientError):
        await post(fake, path, {"content": "lost"})
    assert fake.channel_messages(fake.channel.id) == []
    fake.fail_next("POST", "/messages", "reset-after")
    with pytest.raises(aiohttp.ClientError):
        await post(fake, path, {"content": "kept"})
    assert [m.content for m in fake.channel_messages(fake.channel.id)] == ["kept"]


async def test_a_fraction_of_calls_fails(fake: FakeDiscord) -> None:
    """``Faults(0.5, kinds=("503",))``: about half the channel calls fail, each recorded."""
    fake.faults = Faults(0.5, kinds=("503",), seed=7)
    fake.post_limit = RouteLimit(100, 5.0)  # faults here, not the channel's limit
    statuses = [
        (await post(fake, f"/channels/{fake.channel.id}/messages", {"content": "x"}))[0]
        for _ in range(40)
    ]
    assert 10 <= statuses.count(503) <= 30 and statuses.count(200) == 40 - statuses.count(503)
    assert [c.fault for c in fake.calls].count("503") == statuses.count(503)
    with pytest.raises(ValueError):
        Faults(0.1, kinds=("418",))


def test_max_rate_counts_the_busiest_second_of_counted_calls(fake: FakeDiscord) -> None:
    """Interaction answers are not counted (Discord exempts them from its global limit)."""
    channel, callback = "/api/v10/channels/1/messages", "/api/v10/interactions/1/t/callback"
    fake.calls = [Call("POST", channel, 200, t, started=t) for t in (0, 0.5, 0.9, 1.2, 1.8, 2.5)]
    fake.calls += [Call("POST", callback, 200, t, started=t) for t in (0.6, 0.7, 0.8)]
    assert fake.max_rate() == 3
