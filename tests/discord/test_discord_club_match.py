"""A club match between two servers through the fake Discord (issue 26): server A's
organiser challenges server B by its id, B's organiser accepts, each server's members join
their side from their own server, and the start opens every game in a thread of each
server. Each player acts from their own server's thread; a member of one server sees none
of the other's channels (the fake refuses them, as Discord does, and Postal posts only in
servers it is in); every result edits one standings message in each server."""

from __future__ import annotations

import re

import pytest

from tests.discord.harness import Harness, command
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.model import MANAGE_GUILD

# Starter messages and boards in two channels: each channel's 5-per-5-seconds limit.
OPENING_TIMEOUT = 60.0


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


def _boards(fake: FakeDiscord, guild_id: int | None) -> list[FakeChannel]:
    """The threads of ``guild_id`` holding a game's board."""
    return [
        thread
        for thread in fake.threads()
        if thread.guild_id == guild_id and any(m.files for m in fake.channel_messages(thread.id))
    ]


def _standings(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    """Postal's own standings messages in ``channel`` (no command's answer)."""
    return [
        m
        for m in fake.channel_messages(channel.id)
        if m.interaction_id is None and m.text().startswith("Club match #")
    ]


async def _resign(fake: FakeDiscord, loser: FakeUser, thread: FakeChannel) -> None:
    confirm = await command(fake, loser, "resign", channel=thread)
    assert not confirm.ephemeral or "Resign" in confirm.text(), confirm.text()
    await fake.acknowledged(await fake.click(loser, confirm, "Resign"))


async def test_a_four_board_match_between_two_servers(running: Harness) -> None:
    fake = running.fake
    here = fake.channel
    there = fake.add_guild("Tigers Club")
    ours, theirs = here.guild_id, there.guild_id
    assert ours is not None and theirs is not None
    ada = fake.add_user("ada", guild_ids=[ours])
    bea = fake.add_user("bea", guild_ids=[theirs])
    for organiser in (ada, bea):
        organiser.permissions |= MANAGE_GUILD
    lions = [fake.add_user(name, guild_ids=[ours]) for name in ("leo", "lia", "lou", "lux")]
    tigers = [fake.add_user(name, guild_ids=[theirs]) for name in ("tom", "tia", "ted", "tess")]

    # A server named by what is not its id (a superscript two is a digit to isdigit, not
    # to int) or by one Postal is not in: refused, no match made.
    for typed in ("²", "12345"):
        terms = {"title": "Lions", "rival": "Tigers", "boards": 4, "server": typed}
        refused = await command(fake, ada, "match create", terms)
        assert refused.ephemeral and "Name a server by its id" in refused.text()
    # A challenges B by its id; a member of B who may not manage it cannot accept.
    made = await command(
        fake,
        ada,
        "match create",
        {"title": "Lions", "rival": "Tigers", "boards": 4, "server": str(theirs), "games": 1},
    )
    assert f"Server {theirs} is invited." in made.text(), made.text()
    found = re.search(r"Club match #(\d+)", made.text())
    assert found is not None
    match_id = int(found.group(1))
    refused = await command(fake, tigers[0], "match accept", {"match": match_id}, channel=there)
    assert refused.ephemeral and "Only an organiser" in refused.text()
    accepted = await command(fake, bea, "match accept", {"match": match_id}, channel=there)
    assert "Tigers accepts the match." in accepted.text(), accepted.text()
    for lion in lions:
        await command(fake, lion, "match join")
    for tiger in tigers:
        await command(fake, tiger, "match join", channel=there)
    started = await command(fake, bea, "match start", channel=there)
    assert "The match has started: 4 games." in started.text(), started.text()

    # Every game opens in a thread of each server, its players' names in its name.
    await fake.wait_until(
        lambda: len(_boards(fake, ours)) == 4 and len(_boards(fake, theirs)) == 4,
        timeout=OPENING_TIMEOUT,
    )
    in_a = {thread.name: thread for thread in _boards(fake, ours)}
    in_b = {thread.name: thread for thread in _boards(fake, theirs)}
    assert set(in_a) == set(in_b) and len(in_a) == 4
    games = []
    for name in sorted(in_a):
        white, black = name.split(" · ")[0].split(" vs ")
        lion = next(u for u in lions if u.name in (white, black))
        tiger = next(u for u in tigers if u.name in (white, black))
        games.append((lion, tiger, in_a[name], in_b[name], white == lion.name))
        # Privacy: each server's thread is its members' alone.
        assert fake.can_read(lion, in_a[name]) and not fake.can_read(lion, in_b[name])
        assert fake.can_read(tiger, in_b[name]) and not fake.can_read(tiger, in_a[name])
    assert [white for *_, white in games].count(True) == 2  # colours alternate by board

    # One game played a little from both servers: each move's board reaches both threads.
    lion, tiger, thread_a, thread_b, _ = next(g for g in games if g[4])
    await command(fake, lion, "move", {"move": "e4"}, channel=thread_a)
    await fake.wait_until(
        lambda: any("e4" in m.text() for m in fake.channel_messages(thread_b.id) if m.files)
    )
    await command(fake, tiger, "move", {"move": "e5"}, channel=thread_b)
    await fake.wait_until(
        lambda: any("e5" in m.text() for m in fake.channel_messages(thread_a.id) if m.files)
    )

    # Results: the Lions win three boards (their rivals resign from B), lose one (from A).
    for at, (lion, tiger, thread_a, thread_b, _) in enumerate(games):
        if at < 3:
            await _resign(fake, tiger, thread_b)
        else:
            await _resign(fake, lion, thread_a)
        await running.delivered()
    for channel in (here, there):
        (message,) = _standings(fake, channel)
        assert "Lions 3 – 1 Tigers" in message.text(), message.text()
        assert "Final: Lions wins the match." in message.text()
        assert message.edits >= 1
    # Every game's end was said in both of its threads.
    for *_, thread_a, thread_b, _ in games:
        for thread in (thread_a, thread_b):
            assert any("resigned" in m.text() for m in fake.channel_messages(thread.id)), _debug(
                fake, thread
            )


def _debug(fake: FakeDiscord, thread: FakeChannel) -> list[str]:
    return [m.text()[:80] for m in fake.channel_messages(thread.id)]


async def test_an_organiser_lists_members_of_the_server_alone(running: Harness) -> None:
    """``/match join player:`` takes a member of the command's server: a user of another
    server (Discord resolves no member for them) and a bot are refused, nothing listed; a
    second organiser (Manage Server, not the match's maker) lists a member and starts."""
    fake = running.fake
    here = fake.channel
    elsewhere = fake.add_guild("Elsewhere")
    ours = here.guild_id
    assert ours is not None and elsewhere.guild_id is not None
    ada = fake.add_user("ada", guild_ids=[ours])
    ada.permissions |= MANAGE_GUILD
    stranger = fake.add_user("sid", guild_ids=[elsewhere.guild_id])
    robot = fake.add_user("robo", bot=True, guild_ids=[ours])
    made = await command(
        fake, ada, "match create", {"title": "Reds", "rival": "Blues", "boards": 1, "games": 1}
    )
    assert "Club match #" in made.text(), made.text()
    for user, said in ((stranger, "List a member of this server"), (robot, "A bot cannot")):
        refused = await command(fake, ada, "match join", {"team": 1, "player": user})
        assert refused.ephemeral and said in refused.text(), refused.text()
    shown = await command(fake, ada, "match show")
    assert "sid" not in shown.text() and "robo" not in shown.text(), shown.text()
    second = fake.add_user("bo", guild_ids=[ours])
    second.permissions |= MANAGE_GUILD
    red, blue = (fake.add_user(name, guild_ids=[ours]) for name in ("rex", "bly"))
    for team, player in ((1, red), (2, blue)):
        listed = await command(fake, second, "match join", {"team": team, "player": player})
        assert player.name in listed.text(), listed.text()
    started = await command(fake, second, "match start")
    assert "The match has started: 1 game." in started.text(), started.text()
