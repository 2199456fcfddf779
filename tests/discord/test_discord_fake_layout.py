"""The fake Discord refuses component layouts as Discord does (components v2, menus, forms)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.discord.test_discord_fake import callback
from tests.fakediscord import FakeDiscord

V2 = 1 << 15
BOARD = {"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]}


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "b", "custom_id": custom_id}


def select(options: int) -> dict[str, Any]:
    return {
        "type": 3,
        "custom_id": "menu",
        "options": [{"label": str(i), "value": str(i)} for i in range(options)],
    }


@pytest.fixture
async def loose_fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    server.global_commands = server._register(
        [{"name": "ping", "description": "test", "options": []}], None
    )
    yield server
    await server.stop()


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (
            {"flags": V2, "content": "x", "components": [text("y")]},
            "cannot be used with IS_COMPONENTS_V2",
        ),
        (
            {"flags": V2, "embeds": [{"title": "x"}], "components": [text("y")]},
            "cannot be used with IS_COMPONENTS_V2",
        ),
        ({"components": [text("y")]}, "needs the IS_COMPONENTS_V2 flag"),
        (
            {"flags": V2, "components": [{"type": 17, "components": [text("x")] * 40}]},
            "41 components (max 40)",
        ),
        ({"flags": V2, "components": [text("x" * 2001), text("y" * 2000)]}, "4001 characters"),
        ({"flags": V2, "components": [{"type": 17, "components": [BOARD]}]}, "no attached file"),
        ({"flags": V2, "components": [{"type": 17, "components": [button("b")]}]}, "type 2"),
        ({"content": "x", "components": [{"type": 1, "components": [select(26)]}]}, "1-25"),
        (
            {
                "content": "x",
                "components": [{"type": 1, "components": [select(3), button("b")]}],
            },
            "holds nothing else",
        ),
    ],
)
async def test_layout_limits(loose_fake: FakeDiscord, data: dict[str, Any], problem: str) -> None:
    """Content or embeds beside a layout, a layout without the flag, more than 40
    components, more than 4,000 characters of text, media without their file, a button
    outside a row, a menu of 26 options, a menu sharing its row."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {})
    status, _ = await callback(loose_fake, interaction, {"type": 4, "data": data})
    assert status == 400
    assert any(problem in v for v in loose_fake.violations), loose_fake.violations


async def test_a_full_layout_is_accepted(loose_fake: FakeDiscord) -> None:
    """40 components and 4,000 characters, exactly: accepted."""
    children = [text("x" * 100)] * 36 + [
        {"type": 1, "components": [button(f"b{i}") for i in range(2)]}
    ]
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {})
    data = {"flags": V2, "components": [{"type": 17, "components": children}]}
    status, _ = await callback(loose_fake, interaction, {"type": 4, "data": data})
    assert status == 200 and loose_fake.violations == []


async def test_layout_flag_on_a_deferred_response_is_refused(loose_fake: FakeDiscord) -> None:
    """Only EPHEMERAL may go on a deferred response: the layout flag goes on its follow-up."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {})
    status, _ = await callback(loose_fake, interaction, {"type": 5, "data": {"flags": V2}})
    assert status == 400 and "deferred response" in loose_fake.violations[0]


async def test_the_layout_flag_cannot_be_removed_by_an_edit(loose_fake: FakeDiscord) -> None:
    """Once a message has the layout flag, an edit without it is refused."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {})
    data = {"flags": V2, "components": [text("board")]}
    assert (await callback(loose_fake, interaction, {"type": 4, "data": data}))[0] == 200
    message = interaction.original
    assert message is not None and message.layout
    url = f"{loose_fake.api_base}/webhooks/{loose_fake.application_id}/{interaction.token}"
    async with (
        aiohttp.ClientSession() as session,
        session.patch(f"{url}/messages/@original", json={"flags": 0, "content": "x"}) as reply,
    ):
        assert reply.status == 400
    assert any("cannot be removed" in v for v in loose_fake.violations)
    assert message.layout and message.content == ""


@pytest.mark.parametrize(
    ("edit", "refused"),
    [
        ({"flags": V2, "components": [text("layout")]}, True),  # its content kept
        ({"flags": V2, "content": None, "components": [text("layout")]}, False),
        ({"flags": V2, "content": "", "components": [text("layout")]}, False),
    ],
)
async def test_an_edit_upgrading_to_a_layout_must_reset_the_content(
    loose_fake: FakeDiscord, edit: dict[str, Any], refused: bool
) -> None:
    """Discord: a message given the layout flag by an edit must reset its content (null)
    in that edit; one that keeps it is refused and left as it was."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {})
    data = {"content": "plain"}
    assert (await callback(loose_fake, interaction, {"type": 4, "data": data}))[0] == 200
    message = interaction.original
    assert message is not None and not message.layout
    url = f"{loose_fake.api_base}/webhooks/{loose_fake.application_id}/{interaction.token}"
    async with (
        aiohttp.ClientSession() as session,
        session.patch(f"{url}/messages/@original", json=edit) as reply,
    ):
        assert (reply.status == 400) is refused
    assert message.layout is not refused
    assert (message.content == "plain") is refused
    assert any("must be reset" in v for v in loose_fake.violations) is refused
