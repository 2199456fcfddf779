"""A late /move's acknowledgement: public when autocomplete offered the move to a player
who plays typed moves at once, so its board needs no private placeholder removed first."""

from __future__ import annotations

import time
from types import SimpleNamespace

import discord
import pytest

from bot.discord import respond
from tests.discord.harness import Harness, command, start_game
from tests.discord.test_discord_errors import slow_down
from tests.fakediscord import DEFERRED_CHANNEL_MESSAGE, EPHEMERAL, FakeDiscord, FakeInteraction


def removals(fake: FakeDiscord, interaction: FakeInteraction) -> int:
    """How many times the bot deleted ``interaction``'s original response."""
    return sum(
        1
        for call in fake.calls
        if call.method == "DELETE" and f"/{interaction.token}/messages/@original" in call.path
    )


@pytest.fixture
def late(running: Harness, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """Every /move is checked after its acknowledgement is due."""
    assert running.bot is not None
    monkeypatch.setattr(respond, "ANSWER_WITHIN_SECONDS", 0.05)
    slow_down(monkeypatch, running.bot.service.play, "move_or_preview", 0.3)
    return running


async def test_an_offered_move_is_deferred_publicly_and_filled_by_its_board(
    late: Harness,
) -> None:
    """Confirm moves off, e4 offered by autocomplete: "thinking…" in public, then the
    board in that same message, nothing removed; a move typed without autocomplete is
    deferred privately as before, its placeholder removed before the public board."""
    fake = late.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    for user in (alice, bob):
        await command(fake, user, "settings", {"confirm": "never"}, channel=thread)
    typing = await fake.autocomplete(alice, "move", "move", {"move": "e"}, channel=thread)
    assert "e4" in [choice["value"] for choice in typing.choices]
    interaction = await fake.slash(alice, "move", {"move": "e4"}, channel=thread)
    ack = await fake.acknowledged(interaction)
    assert ack.type == DEFERRED_CHANNEL_MESSAGE and not ack.data.get("flags", 0) & EPHEMERAL
    board = await fake.reply(interaction)
    assert board is interaction.original and not board.ephemeral and board.files
    assert "e4" in board.text() and removals(fake, interaction) == 0

    typed = await fake.slash(bob, "move", {"move": "e5"}, channel=thread)
    ack = await fake.acknowledged(typed)
    assert ack.type == DEFERRED_CHANNEL_MESSAGE and ack.data["flags"] & EPHEMERAL
    board = await fake.reply(typed)
    assert not board.ephemeral and board.files and removals(fake, typed) == 1


async def test_a_wrong_guess_is_refused_privately(
    late: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An offered move sent twice at once (a double click): both are deferred publicly, one
    is played, and the other, refused, removes its public "thinking…" and is refused
    privately as a new follow-up (Discord would keep a filled "thinking…" public whatever
    its flag); the channel sees one board and no refusal."""
    fake = late.fake
    assert late.bot is not None
    # Both sent before either is played, even on a loop running late.
    slow_down(monkeypatch, late.bot.service.play, "move_or_preview", 1.0)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    for user in (alice, bob):
        await command(fake, user, "settings", {"confirm": "never"}, channel=thread)
    await fake.autocomplete(alice, "move", "move", {"move": "e"}, channel=thread)
    public_before = len(fake.public_messages())
    twice = [await fake.slash(alice, "move", {"move": "e4"}, channel=thread) for _ in "12"]
    for interaction in twice:
        fake.expect_flash(interaction)
    for interaction in twice:
        ack = await fake.acknowledged(interaction)
        assert ack.type == DEFERRED_CHANNEL_MESSAGE and not ack.data.get("flags", 0) & EPHEMERAL
    answers = [await fake.reply(interaction) for interaction in twice]
    (board,) = [m for m in answers if not m.ephemeral]
    (refusal,) = [m for m in answers if m.ephemeral]
    refused = twice[answers.index(refusal)]
    assert board.files and refusal.visible_to == alice.id
    assert refused.original is None and refused.followups == [refusal]
    assert removals(fake, refused) == 1 and fake.flashes == [refused.id]
    assert len(fake.public_messages()) == public_before + 1


async def test_a_played_move_is_no_longer_guessed_public(late: Harness) -> None:
    """Once the offered move was played, sending it again is deferred privately: what
    autocomplete offered was for the position before it."""
    fake = late.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    for user in (alice, bob):
        await command(fake, user, "settings", {"confirm": "never"}, channel=thread)
    await fake.autocomplete(alice, "move", "move", {"move": "e"}, channel=thread)
    first = await fake.slash(alice, "move", {"move": "e4"}, channel=thread)
    assert not (await fake.reply(first)).ephemeral
    again = await fake.slash(alice, "move", {"move": "e4"}, channel=thread)
    ack = await fake.acknowledged(again)
    assert ack.type == DEFERRED_CHANNEL_MESSAGE and ack.data["flags"] & EPHEMERAL
    refusal = await fake.reply(again)
    assert refusal.ephemeral and fake.flashes == []


async def test_a_player_who_confirms_moves_is_never_deferred_publicly(late: Harness) -> None:
    """Confirm moves on (the default): the preview is private, so an offered move is
    deferred privately, and nothing public appears."""
    fake = late.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await command(fake, alice, "settings", {"confirm": "always"}, channel=thread)
    await fake.autocomplete(alice, "move", "move", {"move": "e"}, channel=thread)
    before = len(fake.public_messages())
    interaction = await fake.slash(alice, "move", {"move": "e4"}, channel=thread)
    ack = await fake.acknowledged(interaction)
    assert ack.type == DEFERRED_CHANNEL_MESSAGE and ack.data["flags"] & EPHEMERAL
    preview = await fake.reply(interaction)
    assert preview.ephemeral and len(fake.public_messages()) == before


async def test_an_offer_is_for_its_own_channel_and_move_only() -> None:
    """The guess needs the same user, channel and move text, a player known to play at
    once, and an offer younger than five minutes."""
    now = [0.0]
    foresight = respond.Foresight(monotonic=lambda: now[0])
    foresight.offered(1, 10, ["e4", "e3"])
    assert not foresight.public_move(1, 10, "e4")  # their setting is not known yet
    foresight.confirms(1, False)
    assert foresight.public_move(1, 10, "e4") and foresight.public_move(1, 10, " e3 ")
    assert not foresight.public_move(1, 10, "d4")
    assert not foresight.public_move(1, 11, "e4") and not foresight.public_move(2, 10, "e4")
    now[0] = respond.Foresight.OFFERS_KEPT_SECONDS + 1
    assert not foresight.public_move(1, 10, "e4")
    foresight.offered(1, 10, ["e4"])
    foresight.confirms(1, True)
    assert not foresight.public_move(1, 10, "e4")


async def test_a_late_interaction_is_acknowledged_before_its_work_takes_a_turn() -> None:
    """An interaction whose time to answer directly is already over (the event loop ran
    behind) is acknowledged at once: its work starts only after the deferral was sent, not
    after one more turn of a busy loop."""
    events: list[str] = []

    async def defer(*, thinking: bool, ephemeral: bool) -> None:
        events.append(f"deferred ephemeral={ephemeral}")

    response = SimpleNamespace(is_done=lambda: False, defer=defer)
    late = SimpleNamespace(
        extras={"postal_seen": time.monotonic() - 10.0},  # first seen long ago
        type=discord.InteractionType.application_command,
        response=response,
    )

    async def work() -> str:
        events.append("work started")
        return "done"

    outlook = respond.Outlook()
    outlook.known(False)
    assert await respond.quickly(late, work(), ephemeral=outlook) == "done"  # type: ignore[arg-type]
    assert events == ["deferred ephemeral=False", "work started"]
