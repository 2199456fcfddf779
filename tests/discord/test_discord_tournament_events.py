"""A tournament as a Discord scheduled event (``event:yes``): made at the sign-up deadline
where Postal has Create Events, its location the sign-up message; without the permission,
or without a deadline, the tournament opens all the same and its organiser is told why
privately."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.discord.harness import Harness
from tests.fakediscord.model import CREATE_EVENTS, MANAGE_GUILD


async def test_an_event_at_the_sign_up_deadline(running: Harness) -> None:
    """With Create Events: one external event named after the tournament, from its deadline
    for an hour, located at the sign-up message; no note to the organiser."""
    fake = running.fake
    fake.set_bot_permissions(fake.bot_permissions | CREATE_EVENTS)
    alice = fake.add_user("alice")
    alice.permissions |= MANAGE_GUILD
    interaction = await fake.slash(
        alice, "tournament create", {"title": "Cup", "deadline": "2d", "event": True}
    )
    signup = await fake.reply(interaction)
    await fake.wait_until(lambda: len(fake.scheduled_events) == 1)
    [event] = fake.scheduled_events
    start = datetime.fromisoformat(event["scheduled_start_time"])
    assert start == running.clock.now + timedelta(days=2)
    assert datetime.fromisoformat(event["scheduled_end_time"]) == start + timedelta(hours=1)
    assert (event["name"], event["entity_type"], event["privacy_level"]) == ("Cup", 3, 2)
    location = event["entity_metadata"]["location"]
    assert location.endswith(f"/{fake.channel.id}/{signup.id}"), location
    assert [m for m in interaction.messages() if m.ephemeral] == []


async def test_without_create_events_the_tournament_opens_and_says_why(
    running: Harness,
) -> None:
    """Without Create Events: Discord refuses the event (403), the tournament is open, and
    the organiser alone reads that Postal needs the permission."""
    fake = running.fake
    alice = fake.add_user("alice")
    alice.permissions |= MANAGE_GUILD
    interaction = await fake.slash(
        alice, "tournament create", {"title": "Cup", "deadline": "2d", "event": True}
    )
    signup = await fake.reply(interaction)
    assert not signup.ephemeral and "Cup (#1)" in signup.text()
    [note] = await fake.wait_until(lambda: [m for m in interaction.messages() if m.ephemeral])
    assert "needs the Create Events permission" in note.text()
    assert fake.scheduled_events == []


async def test_an_event_needs_a_deadline(running: Harness) -> None:
    """``event:yes`` without a deadline: no event asked for, the organiser told why."""
    fake = running.fake
    fake.set_bot_permissions(fake.bot_permissions | CREATE_EVENTS)
    alice = fake.add_user("alice")
    alice.permissions |= MANAGE_GUILD
    interaction = await fake.slash(alice, "tournament create", {"title": "Cup", "event": True})
    await fake.reply(interaction)
    [note] = await fake.wait_until(lambda: [m for m in interaction.messages() if m.ephemeral])
    assert "an event needs the deadline option" in note.text()
    assert fake.scheduled_events == []
