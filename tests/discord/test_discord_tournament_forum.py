"""A tournament posted in a forum, end to end through the fake Discord: each game opens as a
post of its own in that forum (a thread made with its first message, the game's line), its
board there mentioning both players; where Postal may not post in the forum, the games stay
in the tournament's post."""

from __future__ import annotations

from tests.discord.harness import Harness, command
from tests.discord.tournament_play import has_board, opened_games, resign
from tests.fakediscord import GUILD_FORUM, FakeDiscord, FakeUser
from tests.fakediscord.model import MANAGE_GUILD, PUBLIC_THREAD, SEND_MESSAGES


async def _started(fake: FakeDiscord, where: int) -> dict[int, FakeUser]:
    """A round robin of three created in the post ``where``, joined and started there."""
    players = {name: fake.add_user(name) for name in ("alice", "bob", "carol")}
    players["alice"].permissions |= MANAGE_GUILD
    options = {"title": "League", "players": 3}
    made = await command(fake, players["alice"], "tournament create", options, channel=where)
    assert "League (#1)" in made.text(), made.text()
    for user in players.values():
        joined = await command(fake, user, "tournament join", channel=where)
        assert f"{user.name} joined." in joined.text(), joined.text()
    started = await command(fake, players["alice"], "tournament start", channel=where)
    assert "League has started: 3 games, all at once." in started.text()
    return {user.id: user for user in players.values()}


async def test_a_rounds_games_open_as_posts_of_the_forum(running: Harness) -> None:
    """Three games, three new posts of the forum made by Postal, each named after its game
    (with its number) and begun with the game's line; each post's board mentions both
    players once; a game is played in its post, and the tournament's post keeps none."""
    fake = running.fake
    forum = fake.add_channel("leagues", type=GUILD_FORUM)
    home = fake.add_thread(forum, "Autumn league")
    users = await _started(fake, home.id)
    games = await opened_games(fake, users, 3)
    posts = [game.thread for game in games]
    assert all(p.parent_id == forum.id and p.type == PUBLIC_THREAD for p in posts)
    assert all(p.owner_id == fake.bot_user.id for p in posts)
    assert sorted(p.name.split(" · #")[1] for p in posts) == ["1", "2", "3"]
    for post in posts:
        first = fake.channel_messages(post.id)[0]
        assert first.id == post.id and "Board 1, game #" in first.text() and not first.mentions
    assert not has_board(fake, home)
    game = games[0]
    await resign(fake, game.white, game.thread)
    assert any("wins" in m.text() for m in fake.channel_messages(game.thread.id))
    assert [t.id for t in fake.threads() if t.parent_id == forum.id] == [
        home.id,
        *sorted(p.id for p in posts),
    ]


async def test_without_send_messages_in_the_forum_the_games_stay_in_its_post(
    running: Harness,
) -> None:
    """Postal may not make posts in the forum (Send Messages denied there, as Discord asks
    of a post's author): no post is made, and the three boards go in the tournament's post."""
    fake = running.fake
    forum = fake.add_channel("leagues", type=GUILD_FORUM)
    home = fake.add_thread(forum, "Autumn league")
    fake.set_channel_permissions(forum, deny=SEND_MESSAGES)
    await _started(fake, home.id)
    await fake.wait_until(
        lambda: len([m for m in fake.channel_messages(home.id) if m.files]) == 3, timeout=60
    )
    assert [t.id for t in fake.threads() if t.parent_id == forum.id] == [home.id]
