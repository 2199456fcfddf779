"""Every request body Postal sends is checked against Discord's OpenAPI description: the
fake records the bodies, the ``fake`` fixture validates them after each Discord test (a
body Discord would refuse fails that test), with the schemas shipped in
``tests/discord_api`` and the validator in ``tests/discord_schema.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord.conftest import refused_bodies
from tests.discord.harness import Harness, command, play, start_game
from tests.discord_schema import ROUTES, SPEC_PART, check_request, route_of, spec_part

SPEC_DIR = Path(__file__).resolve().parents[1] / "discord_api"


def test_the_spec_part_ships_with_discords_licence() -> None:
    """The part of discord-api-spec shipped is MIT-licensed by Discord: its licence and
    its source (commit) are beside it."""
    licence = (SPEC_DIR / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Copyright 2023 Discord" in licence
    readme = (SPEC_DIR / "README.md").read_text(encoding="utf-8")
    assert "discord/discord-api-spec" in readme and "74fda0fad044" in readme
    assert SPEC_PART.parent == SPEC_DIR
    assert set(spec_part()["requests"]) == {f"{m} {r}" for m, r in ROUTES}


@pytest.mark.parametrize(
    ("method", "path", "body", "refused"),
    [
        (
            "POST",
            "/api/v10/channels/1/messages",
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "a", "custom_id": "x" * 101}
                        ],
                    }
                ]
            },
            "$.components[0].components[0].custom_id: 101 characters, more than 100",
        ),
        (
            "POST",
            "/api/v10/channels/1/messages/2/threads",
            {"name": "alice vs bob", "auto_archive_duration": 20160},
            "$.auto_archive_duration: 20160 is not one of [60, 1440, 4320, 10080]",
        ),
        (
            "POST",
            "/api/v10/interactions/1/token/callback",
            {"type": 8, "data": {"choices": [{"name": "", "value": "e4"}]}},
            "$.data.choices[0].name",
        ),
        (
            "PATCH",
            "/api/v10/webhooks/1/token/messages/@original",
            {"embeds": [{"title": "x" * 257}]},
            "$.embeds[0].title: 257 characters, more than 256",
        ),
        (
            "POST",
            "/api/v10/users/@me/channels",
            {"recipient_id": "bob"},
            '$.recipient_id: "bob" does not match',
        ),
    ],
)
def test_a_body_discord_would_refuse_is_refused(
    method: str, path: str, body: object, refused: str
) -> None:
    """Bodies the spec refuses (a custom_id over 100 characters, an auto-archive time
    Discord does not offer, an empty choice name, an embed title over 256, a DM with a
    recipient that is no snowflake) are refused, and where."""
    found = [str(r) for r in check_request(method, path, body)]
    assert any(refused in line for line in found), found


def test_the_specs_conventions_are_kept() -> None:
    """As the spec's README says: an integer may come as a string of digits; and a
    snowflake as a JSON integer (discord.py sends some ids so). Routes the fake does not
    check have no schema here."""
    assert check_request("POST", "/api/v10/users/@me/channels", {"recipient_id": 42}) == []
    assert check_request("POST", "/api/v10/users/@me/channels", {"recipient_id": "42"}) == []
    assert check_request("POST", "/api/v10/users/@me/channels", {"recipient_id": "x"}) != []
    flags = {"content": "x", "flags": "64"}
    assert check_request("POST", "/api/v10/channels/1/messages", flags) == []
    assert route_of("GET", "/api/v10/channels/1") is None


async def test_a_game_sends_only_bodies_discord_takes(running: Harness) -> None:
    """A challenge, its thread, moves by command and by buttons, a refusal, the board and
    a resignation: every body recorded, on every route Postal uses for them, and none
    refused by the spec (the fixture checks every Discord test the same way)."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    refused = await command(fake, bob, "move", {"move": "Ke3"}, channel=thread)
    assert refused.ephemeral
    await command(fake, bob, "board", channel=thread)
    resign = await command(fake, bob, "resign", channel=thread)
    await fake.acknowledged(await fake.click(bob, resign, resign.buttons()[0]["label"]))
    await running.clock_round()
    routes = {route_of(b.method, b.path) for b in fake.bodies}
    assert {
        "/applications/{application_id}/guilds/{guild_id}/commands",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        "/channels/{channel_id}/messages/{message_id}/threads",
        "/channels/{channel_id}/messages",
    } <= routes
    assert len(fake.bodies) >= 10 and refused_bodies(fake) == []
