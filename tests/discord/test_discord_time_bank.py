"""A time bank through the fake Discord: the challenge says its clock in one phrase, the
board shows the waiting player's bank, nonsense terms are refused privately."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness, command, game_thread, play, start_game

pytestmark = pytest.mark.store


async def test_a_challenge_on_a_time_bank_and_its_board(running: Harness) -> None:
    """``/challenge days:3 increment:1 cap:7`` posts the clock's phrase; after a move the
    board shows the deadline of the player to move and the bank of the one waiting."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    options = {"opponent": bob, "color": "white", "days": 3, "increment": 1, "cap": 7}
    challenge = await command(fake, alice, "challenge", options)
    assert "3 days + 1 day per move, max 7" in challenge.text()
    press = await fake.click(bob, challenge, "Accept")
    await fake.acknowledged(press)
    thread = await game_thread(fake)
    board = await play(fake, alice, "e4", thread)
    assert "alice has 4 days in their time bank" in board.text()


async def test_nonsense_terms_are_refused_privately(running: Harness) -> None:
    """A cap below the start bank is refused, saying so, and no challenge is posted."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    options = {"opponent": bob, "days": 3, "increment": 1, "cap": 2}
    refused = await command(fake, alice, "challenge", options)
    assert refused.ephemeral
    assert "cap (2) cannot be less than the days:3 the bank starts with" in refused.text()


async def test_days_per_move_games_show_no_bank(running: Harness) -> None:
    """A game of days per move shows its deadline only."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    board = await play(fake, alice, "e4", thread)
    assert "time bank" not in board.text()


async def test_a_bank_runs_out_to_the_second_through_discord(running: Harness) -> None:
    """2 days + 1 day per move, max 5: alice banks 2 days by moving after one, bob 1.5 days
    by moving after 1.5; /games says alice's 2 days; nothing ends a second before her bank
    empties, and the clock's round that second says she ran out of time."""
    fake, clock = running.fake, running.clock
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    options = {"opponent": bob, "color": "white", "days": 2, "increment": 1, "cap": 5}
    challenge = await command(fake, alice, "challenge", options)
    await fake.acknowledged(await fake.click(bob, challenge, "Accept"))
    thread = await game_thread(fake)
    clock.advance(days=1)
    await play(fake, alice, "e4", thread)
    clock.advance(days=1, hours=12)
    board = await play(fake, bob, "e5", thread)
    assert "bob has 1 day 12 hours in their time bank" in board.text()
    listing = await command(fake, alice, "games")
    assert "1... e5 · 2 days left" in listing.text()
    clock.advance(days=2, seconds=-1)
    await running.clock_round()
    assert not any("ran out of time" in m.text() for m in fake.channel_messages(thread.id))
    clock.advance(seconds=1)
    await running.clock_round()
    assert "alice ran out of time — black wins" in fake.channel_messages(thread.id)[-1].text()
