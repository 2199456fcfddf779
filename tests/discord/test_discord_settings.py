"""/settings on Discord: every preference offered, shown privately, applied to boards."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.discord.harness import Harness, command, play, start_game
from tests.fakediscord import DM, FakeDiscord, FakeMessage, FakeUser


async def test_orientation_turns_the_board_image(running: Harness) -> None:
    """With the side to move at the bottom, white's /board while black is to move is the
    very image black sees; with their own side (the default) it is not."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    own = (await command(fake, alice, "board", channel=thread)).file("board.png").content
    blacks = (await command(fake, bob, "board", channel=thread)).file("board.png").content
    assert own != blacks
    chosen = await command(fake, alice, "settings", {"orientation": "turn"})
    assert chosen.ephemeral and "the side to move at the bottom" in chosen.text()
    turned = (await command(fake, alice, "board", channel=thread)).file("board.png").content
    assert turned == blacks
    shown = await command(fake, alice, "settings")
    assert "the side to move at the bottom" in shown.text()


def clock_time(moment: datetime) -> str:
    return f"{moment:%H:%M}"


def dms_to(fake: FakeDiscord, user: FakeUser) -> list[FakeMessage]:
    return [
        message
        for channel in fake.channels.values()
        if channel.type == DM and channel.recipient is user
        for message in fake.channel_messages(channel.id)
    ]


async def test_a_dm_waits_for_the_end_of_quiet_hours(running: Harness) -> None:
    """Bob's quiet hours hold the DM telling him it is his move until they end."""
    fake, clock = running.fake, running.clock
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    now = clock.now
    quiet = f"{clock_time(now - timedelta(hours=1))}-{clock_time(now + timedelta(hours=2))}"
    chosen = await command(fake, bob, "settings", {"notify": "dm", "quiet": quiet})
    assert chosen.ephemeral and f"quiet hours {quiet}" in chosen.text()
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    await running.delivered()
    assert [m for m in dms_to(fake, bob) if "alice played 1. e4" in m.text()] == []
    clock.advance(hours=2, minutes=1)
    await running.clock_round()
    (dm,) = [m for m in dms_to(fake, bob) if "alice played 1. e4" in m.text()]
    assert f"/{thread.id}" in dm.text()


async def test_the_daily_digest_through_discord(running: Harness) -> None:
    """With a digest, moves mention nobody; once a day one DM lists the games to move."""
    fake, clock = running.fake, running.clock
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    at = clock_time(clock.now + timedelta(hours=1))
    chosen = await command(fake, bob, "settings", {"digest": at})
    assert f"a daily digest at {at}" in chosen.text()
    threads = []
    for _ in range(2):
        thread, _ = await start_game(fake, alice, bob)
        reply = await play(fake, alice, "e4", thread)
        assert reply.mentions == []
        threads.append(thread)
    await running.delivered()
    assert dms_to(fake, bob) == []
    clock.advance(hours=1)
    await running.clock_round()
    (digest,) = dms_to(fake, bob)
    assert digest.text().startswith("Your move in 2 games:")
    assert all(f"/{thread.id}" in digest.text() for thread in threads)
    await running.clock_round()
    assert len(dms_to(fake, bob)) == 1  # once a day


async def test_time_zones_are_offered_and_checked(running: Harness) -> None:
    """/settings offers IANA names by autocomplete and refuses a name it does not know."""
    fake = running.fake
    alice = fake.add_user("alice")
    offered = await fake.autocomplete(alice, "settings", "timezone", {"timezone": "paris"})
    assert [c["value"] for c in offered.choices] == ["Europe/Paris"]
    refused = await command(fake, alice, "settings", {"timezone": "Paris"})
    assert refused.ephemeral and '"Paris" is not a time zone name' in refused.text()
    chosen = await command(fake, alice, "settings", {"timezone": "Europe/Paris"})
    assert "time zone Europe/Paris" in chosen.text()


async def test_a_player_who_never_takes_takebacks_is_not_asked(running: Harness) -> None:
    """bob chose takebacks:never: alice's /takeback is refused privately, bob sees nothing."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    chosen = await command(fake, bob, "settings", {"takebacks": "never"})
    assert "takeback requests never asked" in chosen.text()
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    seen = len(fake.channel_messages(thread.id))
    refused = await command(fake, alice, "takeback", channel=thread)
    assert refused.ephemeral and "bob does not take takeback requests" in refused.text()
    assert refused.mentions == [] and len(fake.channel_messages(thread.id)) == seen


async def test_an_untimed_game_on_discord(running: Harness) -> None:
    """days: none (no time limit) makes a casual game whose boards show no deadline."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    refused = await command(fake, alice, "challenge", {"opponent": bob, "days": 0, "rated": True})
    assert refused.ephemeral and "Rated games keep a deadline" in refused.text()
    thread, first = await start_game(fake, alice, bob, days=0)
    assert "<t:" not in first.text()  # no deadline shown
    moved = await play(fake, alice, "e4", thread)
    assert "<t:" not in moved.text()
    running.clock.advance(days=60)
    await running.clock_round()
    assert "ran out of time" not in fake.channel_messages(thread.id)[-1].text()


async def test_xiangqi_in_chinese_through_discord(running: Harness) -> None:
    """A move typed in Chinese is answered in Chinese; autocomplete follows the notation."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, game="xiangqi")
    offered = await fake.autocomplete(alice, "move", "move", {"move": "炮二"}, channel=thread)
    assert "炮二平五" in [c["value"] for c in offered.choices]
    reply = await play(fake, alice, "炮二平五", thread)
    assert "炮二平五" in reply.text() and "C2.5" not in reply.text()
    await command(fake, bob, "settings", {"notation": "iccs"})
    answer = await play(fake, bob, "马８进７", thread)
    assert "h9g7" in answer.text()


async def test_piece_sets_are_offered_and_drawn(running: Harness) -> None:
    """/settings offers the piece sets with their game; the chosen set changes the image."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    offered = await fake.autocomplete(alice, "settings", "pieces", {"pieces": ""})
    names = {c["value"]: c["name"] for c in offered.choices}
    assert names["simple"] == "simple (chess)" and names["simplified"] == "simplified (xiangqi)"
    thread, _ = await start_game(fake, alice, bob)
    before = (await command(fake, alice, "board", channel=thread)).file("board.png").content
    chosen = await command(fake, alice, "settings", {"pieces": "simple"})
    assert "pieces simple (chess)" in chosen.text()
    after = (await command(fake, alice, "board", channel=thread)).file("board.png").content
    assert after != before


async def test_a_french_client_is_offered_french_looks(running: Harness) -> None:
    """Autocomplete shows a French client the themes and piece sets in French and sends back
    their names; a label typed without picking is read too, and /settings says it in French."""
    fake = running.fake
    alice = fake.add_user("alice")
    alice.locale = "fr"
    themes = await fake.autocomplete(alice, "settings", "theme", {"theme": "BO"})
    assert [(c["name"], c["value"]) for c in themes.choices] == [("bois", "wood")]
    pieces = await fake.autocomplete(alice, "settings", "pieces", {"pieces": ""})
    names = {c["value"]: c["name"] for c in pieces.choices}
    assert names["simplified"] == "simplifiées (xiangqi)" and names["cburnett"] == (
        "cburnett (échecs)"
    )
    chosen = await command(fake, alice, "settings", {"theme": "vert", "pieces": "simples"})
    assert "thème vert" in chosen.text() and "pièces simples (échecs)" in chosen.text()
    assert "Thèmes : bois, vert, bleu." in chosen.text()
    assert "green" not in chosen.text() and "simple (chess)" not in chosen.text()
