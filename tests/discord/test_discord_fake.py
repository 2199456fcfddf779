"""The fake Discord itself: it refuses, and records, what real Discord would refuse."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord, FakeInteraction


@pytest.fixture
async def loose_fake() -> AsyncIterator[FakeDiscord]:
    """A fake whose violations these tests inspect themselves."""
    server = FakeDiscord()
    await server.start()
    server.global_commands = server._register(
        [
            {
                "name": "ping",
                "description": "test",
                "options": [{"name": "text", "description": "t", "type": 3, "autocomplete": True}],
            }
        ],
        None,
    )
    yield server
    await server.stop()


async def callback(
    fake: FakeDiscord, interaction: FakeInteraction, body: dict[str, Any]
) -> tuple[int, dict[str, Any]]:
    url = f"{fake.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json=body) as response,
    ):
        return response.status, json.loads(await response.text())


async def test_second_acknowledgement_is_refused(loose_fake: FakeDiscord) -> None:
    """An interaction can be acknowledged once; the second callback is an error."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {"text": "x"})
    assert (await callback(loose_fake, interaction, {"type": 5}))[0] == 200
    status, body = await callback(loose_fake, interaction, {"type": 4, "data": {"content": "x"}})
    assert status == 400 and body["code"] == 40060
    assert loose_fake.violations == [f"Interaction {interaction.id} has already been acknowledged"]


async def test_late_acknowledgement_is_refused(loose_fake: FakeDiscord) -> None:
    """An acknowledgement more than 3 seconds after dispatch is an unknown interaction."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {"text": "x"})
    interaction.dispatched_at -= 3.5
    status, body = await callback(loose_fake, interaction, {"type": 5})
    assert status == 404 and body["code"] == 10062
    assert "acknowledged after 3.5" in loose_fake.violations[0]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"content": "x" * 2001}, "content is 2001 characters"),
        (
            {
                "content": "x",
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"}],
                    }
                    for i in range(6)
                ],
            },
            "6 component rows",
        ),
        (
            {
                "content": "x",
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": "c" * 101}
                        ],
                    }
                ],
            },
            "custom_id",
        ),
        ({"content": ""}, "empty message"),
        (
            {"content": "x", "embeds": [{"image": {"url": "attachment://board.png"}}]},
            "missing attachment://board.png",
        ),
    ],
)
async def test_message_limits(loose_fake: FakeDiscord, data: dict[str, Any], problem: str) -> None:
    """Oversized content, too many rows, long custom_ids, empty messages, missing images."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {"text": "x"})
    await callback(loose_fake, interaction, {"type": 4, "data": data})
    assert any(problem in v for v in loose_fake.violations), loose_fake.violations


async def test_too_many_autocomplete_choices(loose_fake: FakeDiscord) -> None:
    """Autocomplete answers hold at most 25 choices."""
    interaction = await loose_fake._interact(
        4,
        loose_fake.add_user("a"),
        None,
        loose_fake._command_data(loose_fake.commands()["ping"], None, {"text": ""}, focused="text"),
    )
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]
    status, _ = await callback(loose_fake, interaction, {"type": 8, "data": {"choices": choices}})
    assert status == 400 and loose_fake.violations == ["26 autocomplete choices (max 25)"]


async def test_options_are_checked_like_discords_client(loose_fake: FakeDiscord) -> None:
    """The fake refuses to send what Discord's client would not: unknown options."""
    with pytest.raises(ValueError, match="no options"):
        await loose_fake.slash(loose_fake.add_user("a"), "ping", {"nope": 1})
    with pytest.raises(LookupError, match="not registered"):
        await loose_fake.slash(loose_fake.add_user("a"), "pong", {})
