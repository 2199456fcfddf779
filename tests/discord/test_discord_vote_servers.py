"""Vote games and a second server: a team's challenge is accepted in its own server alone
(docs/playing.md, *Vote chess*)."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness, command


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


async def test_a_teams_challenge_is_accepted_in_its_own_server_alone(running: Harness) -> None:
    """A captain in another server naming the Lions' challenge is refused, and no team,
    game or thread is made: the challenge stays open for this server."""
    fake = running.fake
    alice, bob = (fake.add_user(n) for n in ("alice", "bob"))
    opened = await fake.slash(alice, "vote team", {"title": "Lions", "members": bob.mention})
    await fake.wait_until(lambda: len(opened.messages()) >= 2)  # the open challenge
    elsewhere = fake.add_guild("Elsewhere")
    assert elsewhere.guild_id is not None
    zed = fake.add_user("zed", guild_ids=[elsewhere.guild_id])
    refused = await command(
        fake, zed, "vote team", {"title": "Owls", "challenge": 1}, channel=elsewhere
    )
    assert refused.ephemeral and "not to this server" in refused.text(), refused.text()
    assert not fake.threads()
    assert fake.messages[opened.messages()[1].id].buttons()  # still open
