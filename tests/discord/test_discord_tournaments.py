"""Tournaments on Discord, end to end: a double round robin of four played to its end, each
game in its own thread, the standings right after every result, the end announced once."""

from __future__ import annotations

import io
import threading

import pytest
from PIL import Image

from bot.discord import standings_posts
from bot.render.cross_table import GAIN, LOSS, ROW, CrossTable, render_cross_table
from tests.discord.harness import Harness, command
from tests.discord.tournament_play import (
    announced,
    draw,
    has_board,
    opened_games,
    points,
    resign,
    signed_up,
)
from tests.fake_components import IS_COMPONENTS_V2
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage
from tests.fakediscord.model import CREATE_PUBLIC_THREADS, MANAGE_GUILD, SEND_MESSAGES

# Who scores what against whom in the double round robin (each pair's two games): alice and
# bob end level on 4 points, and alice is first by the direct encounter (she beat bob twice).
SCORES = {
    ("alice", "bob"): (1.0, 1.0),
    ("alice", "carol"): (0.0, 0.0),
    ("alice", "dave"): (1.0, 1.0),
    ("bob", "carol"): (1.0, 1.0),
    ("bob", "dave"): (1.0, 1.0),
    ("carol", "dave"): (0.5, 0.5),
}


def _announced(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    """The end's announcements in ``channel``."""
    return announced(fake, channel, "Club is over")


async def test_a_double_round_robin_of_four_played_to_its_end(running: Harness) -> None:
    """Created, joined by four, started (12 games, each in its own thread with its first
    mover mentioned), every game played out with the table right after each result; the end
    is announced once in the channel with the final table and alice first on the direct
    encounter over bob, level on points."""
    fake = running.fake
    names = ("alice", "bob", "carol", "dave")
    players = {name: fake.add_user(name) for name in names}
    users = {user.id: user for user in players.values()}
    players["alice"].permissions |= MANAGE_GUILD  # the organiser
    made = await command(
        fake, players["alice"], "tournament create", {"title": "Club", "players": 4, "double": True}
    )
    assert not made.ephemeral and "### Club (#1)\nFormat: double round robin" in made.text()
    for name in names:
        joined = await command(fake, players[name], "tournament join")
        assert f"{name} joined." in joined.text(), joined.text()
    started = await command(fake, players["alice"], "tournament start")
    assert "Club has started: 12 games, all at once." in started.text()
    games = await opened_games(fake, users, 12)
    assert len(games) == 12 and len({g.thread.id for g in games}) == 12
    pairs = {frozenset((g.white.name, g.black.name)) for g in games}
    assert len(pairs) == 6  # each pair plays twice, once with each colour
    expected = dict.fromkeys(names, 0.0)
    played: dict[tuple[str, str], int] = {}
    for game in games:
        a, b = sorted((game.white.name, game.black.name))
        index = played.get((a, b), 0)
        played[(a, b)] = index + 1
        score = SCORES[(a, b)][index]
        if score == 0.5:
            await draw(fake, game)
        else:
            loser = players[b] if score == 1.0 else players[a]
            await resign(fake, loser, game.thread)
        expected[a] += score
        expected[b] += 1 - score
        table = await command(fake, players["carol"], "tournament standings")
        shown = points(table.text())
        assert shown == {n: f"{expected[n]:g}" for n in names}, (shown, expected)
    await running.delivered()
    ended = _announced(fake, fake.channel)
    assert len(ended) == 1, [m.text() for m in ended]
    announced = ended[0].text()
    assert "Club is over: alice wins." in announced
    ranks = [announced.index(f"{rank}\\. {name} — points: ") for rank, name in enumerate(names, 1)]
    assert ranks == sorted(ranks), announced  # alice, bob, carol, dave
    assert "alice — points: 4, games: 6, direct encounter: 2" in announced
    assert "bob — points: 4, games: 6, direct encounter: 0" in announced
    await running.clock_round()
    assert len(_announced(fake, fake.channel)) == 1


async def test_join_and_leave_buttons_on_the_sign_up_message(running: Harness) -> None:
    """The sign-up message carries Join and Leave: each acts for the presser and rewrites
    the message's list of players (a /tournament join too); leaving when not in is refused
    privately; the join that fills it starts it, the buttons go, and a press on the buttons
    as a client still shows them is refused as started."""
    fake = running.fake
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    alice.permissions |= MANAGE_GUILD
    options = {"title": "Blitz", "players": 3, "start_when_full": True}
    signup = await command(fake, alice, "tournament create", options)
    assert signup.layout and signup.content == "" and signup.embeds == []
    assert "alice opened a tournament." in signup.text() and "### Blitz" in signup.text()
    assert [b["label"] for b in signup.buttons()] == ["Join", "Leave"]
    join_button = dict(signup.button("Join"))  # as a client still shows it at the end

    def players_line() -> str:
        return next(
            line for line in fake.messages[signup.id].text().split(". ") if "layers" in line
        )

    await fake.reply(await fake.click(bob, signup, "Join"))
    assert "Players (1/3): bob" in fake.messages[signup.id].text()
    refused = await fake.reply(await fake.click(carol, signup, "Leave"))
    assert refused.ephemeral and "You are not in tournament #1." in refused.text()
    assert "Players (1/3): bob" in fake.messages[signup.id].text()
    await fake.reply(await fake.click(bob, signup, "Leave"))
    assert "No players yet." in fake.messages[signup.id].text()
    joined = await command(fake, carol, "tournament join")
    assert "carol joined." in joined.text()
    await fake.wait_until(lambda: "Players (1/3): carol" in fake.messages[signup.id].text())
    await fake.reply(await fake.click(bob, signup, "Join"))
    press = await fake.click(dave, signup, "Join")
    await fake.acknowledged(press)
    await fake.wait_until(lambda: fake.messages[signup.id].buttons() == [])
    assert "Under way" in fake.messages[signup.id].text()
    assert fake.messages[signup.id].layout and fake.messages[signup.id].content == ""
    assert "Players (3/3): carol, bob, dave" in fake.messages[signup.id].text()
    pairings = await fake.wait_until(
        lambda: [m for m in press.messages() if "Blitz has started" in m.text()]
    )
    assert "3 games, all at once" in pairings[0].text()
    await fake.wait_until(
        lambda: len([t for t in fake.threads() if has_board(fake, t)]) == 3, timeout=60
    )
    late = await fake.click_as_shown(alice, signup, join_button)
    refusal = await fake.reply(late)
    assert refusal.ephemeral and "Tournament #1 has started already" in refusal.text()


async def test_a_sign_up_message_posted_as_text_becomes_a_layout(running: Harness) -> None:
    """A tournament whose message was posted as text (before the layout) is rewritten as
    a layout at the next join: its content reset in the same edit, as Discord requires."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.permissions |= MANAGE_GUILD
    signup = await command(fake, alice, "tournament create", {"title": "Old", "players": 4})
    message = fake.messages[signup.id]
    message.flags &= ~IS_COMPONENTS_V2  # as it was posted before
    message.content, message.components = "Old (#1): round robin of chess.", []
    await command(fake, bob, "tournament join")
    await fake.wait_until(lambda: "Players (1/4): bob" in message.text())
    assert message.layout and message.content == "" and fake.violations == []
    assert [b["label"] for b in message.buttons()] == ["Join", "Leave"]


async def test_withdrawals_strike_out_or_forfeit_by_the_half_rule(running: Harness) -> None:
    """A round robin of four: dave withdraws before any game ended (fewer than half: his
    results are struck out and the table leaves him out); alice beats carol, then the
    organiser withdraws carol (half of her games counted: her results stand and her game
    left is lost by forfeit); bob's resignation ends it, announced once. Refusals: twice,
    someone else's without the right, before the start."""
    fake = running.fake
    players = {n: fake.add_user(n) for n in ("alice", "bob", "carol", "dave")}
    users = {user.id: user for user in players.values()}
    alice, bob, carol, dave = players.values()
    alice.permissions |= MANAGE_GUILD
    await command(fake, alice, "tournament create", {"title": "Club", "players": 4})
    for user in players.values():
        await command(fake, user, "tournament join")
    early = await command(fake, dave, "tournament withdraw")
    assert early.ephemeral and "Tournament #1 has not started" in early.text()
    await command(fake, alice, "tournament start")
    games = await opened_games(fake, users, 6)
    gone = await command(fake, dave, "tournament withdraw")
    assert not gone.ephemeral, gone.text()
    assert "dave withdrew from Club after 0 of 3 games: fewer than half" in gone.text()
    assert "3 games ended." in gone.text()
    again = await command(fake, dave, "tournament withdraw")
    assert again.ephemeral and "dave has already withdrawn from tournament #1." in again.text()
    table = (await command(fake, bob, "tournament standings")).text()
    assert "dave" not in table and points(table) == {"alice": "0", "bob": "0", "carol": "0"}
    versus = {frozenset((g.white.name, g.black.name)): g for g in games}
    await resign(fake, carol, versus[frozenset(("alice", "carol"))].thread)
    refused = await command(fake, bob, "tournament withdraw", {"player": carol})
    assert refused.ephemeral and "can withdraw another player" in refused.text()
    removed = await command(fake, alice, "tournament withdraw", {"player": carol})
    said = removed.text()
    assert "carol was withdrawn from Club by alice after 1 of 2 games: their results stand" in said
    shown = await command(fake, bob, "tournament standings")
    assert points(shown.text()) == {"alice": "1", "bob": "1", "carol (withdrew)": "0"}
    width, height = _cross_table(shown)
    assert height == ROW * 5 and width < 800  # a title, the headings, three players
    # Rated: alice's gain over carol in green, carol's loss in red (their Rating column).
    with Image.open(io.BytesIO(shown.file("standings.png").content)) as image:
        assert {GAIN, LOSS} <= set(image.convert("RGB").get_flattened_data())
    await resign(fake, bob, versus[frozenset(("alice", "bob"))].thread)
    await running.delivered()
    ended = _announced(fake, fake.channel)
    assert len(ended) == 1 and "Club is over: alice wins." in ended[0].text()
    assert "dave" not in ended[0].text() and "carol (withdrew) — points: 0" in ended[0].text()
    records = await command(fake, carol, "tournament pgn")
    assert "Club: 6 games in one file." in records.text()
    pgn = records.file("postal-tournament-1.pgn").content.decode()
    assert pgn.count('[Event "Club"]') == 6
    assert sorted(pgn.count(f'[Round "{n}"]') for n in (1, 2, 3)) == [2, 2, 2]
    assert pgn.count('[Result "1-0"]') + pgn.count('[Result "0-1"]') == 6


async def test_no_tournament_where_postal_cannot_open_its_games(running: Harness) -> None:
    """Where Postal may not open threads, or not post at all, /tournament create is refused
    privately, naming the permission, and nothing is stored."""
    fake = running.fake
    alice = fake.add_user("alice")
    alice.permissions |= MANAGE_GUILD
    for denied, named in (
        (CREATE_PUBLIC_THREADS, "Create Public Threads"),
        (SEND_MESSAGES, "Send Messages"),
    ):
        fake.set_channel_permissions(fake.channel, deny=denied)
        refused = await command(fake, alice, "tournament create", {"title": "Club"})
        assert refused.ephemeral, refused.text()
        assert f"I cannot hold a tournament here: I am missing {named}" in refused.text()
    fake.set_channel_permissions(fake.channel)
    nothing = await command(fake, alice, "tournament join")
    assert nothing.ephemeral and "There is no open tournament here." in nothing.text()


def _cross_table(message: FakeMessage) -> tuple[int, int]:
    """The standings' cross-table image, decoded by Pillow: its size."""
    with Image.open(io.BytesIO(message.file("standings.png").content)) as image:
        assert image.format == "PNG"
        image.load()
        return image.size


async def test_each_game_opens_in_one_thread_whatever_discord_loses(running: Harness) -> None:
    """The games open as the outbox delivers their rows: when Discord made the first
    thread's starter message and another thread but its answers were lost (the connection
    reset after), and the bot is restarted in the middle, every game still has exactly one
    thread, one starter line in the channel and one first board mentioning both players."""
    fake = running.fake
    players = await signed_up(fake)
    users = {user.id: user for user in players.values()}
    fake.fail_next("POST", f"/channels/{fake.channel.id}/messages", "reset-after")
    fake.fail_next("POST", "/threads", "reset-after", times=2)
    await command(fake, players["alice"], "tournament start")
    await fake.wait_until(lambda: fake.threads())
    await running.restart()
    running.clock.advance(minutes=5)  # past the retries' backoff
    await running.delivered()
    games = await opened_games(fake, users, 3)
    assert len(games) == len(fake.threads()) == 3
    for game in games:
        boards = [m for m in fake.channel_messages(game.thread.id) if m.files]
        assert len(boards) == 1
        assert sorted(boards[0].mentions) == sorted((game.white.id, game.black.id))
    starters = [
        m
        for m in fake.channel_messages(fake.channel.id)
        if m.interaction_id is None and "Board 1, game #" in m.text()
    ]
    assert len(starters) == 3 and all(not m.mentions for m in starters)
    assert {m.id for m in starters} == {g.thread.id for g in games}  # each thread's start
    assert fake.nonce_repeats >= 1  # the lost starter was asked for again, and returned


async def test_the_cross_table_is_drawn_off_the_event_loop(
    running: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/tournament standings draws its cross-table in a worker thread, as boards are drawn,
    never on the event loop that answers every other command."""
    fake = running.fake
    players = {n: fake.add_user(n) for n in ("alice", "bob", "carol")}
    players["alice"].permissions |= MANAGE_GUILD
    drawn_in: list[int] = []

    def recording(table: CrossTable) -> bytes:
        drawn_in.append(threading.get_ident())
        return render_cross_table(table)

    monkeypatch.setattr(standings_posts, "render_cross_table", recording)
    await command(fake, players["alice"], "tournament create", {"title": "Club", "players": 3})
    for user in players.values():
        await command(fake, user, "tournament join")
    await command(fake, players["alice"], "tournament start")
    shown = await command(fake, players["bob"], "tournament standings")
    assert _cross_table(shown)[1] == ROW * 5  # a title, the headings, three players
    assert len(drawn_in) == 1 and drawn_in[0] != threading.get_ident()


async def test_games_stay_in_the_channel_when_threads_are_refused(running: Harness) -> None:
    """Create Public Threads taken away after the tournament was opened: each game's row
    posts its first board in the channel instead (no starter line, no thread), mentioning
    the first mover only, and the games are played there with ``game:``."""
    fake = running.fake
    players = {n: fake.add_user(n) for n in ("alice", "bob", "carol")}
    players["alice"].permissions |= MANAGE_GUILD
    await command(fake, players["alice"], "tournament create", {"title": "Club", "players": 3})
    for user in players.values():
        await command(fake, user, "tournament join")
    fake.set_channel_permissions(fake.channel, deny=CREATE_PUBLIC_THREADS)
    await command(fake, players["alice"], "tournament start")
    await running.delivered()
    boards = [
        m for m in fake.channel_messages(fake.channel.id) if m.interaction_id is None and m.files
    ]
    assert len(boards) == 3 and not fake.threads()
    assert all(len(m.mentions) == 1 and "to move" in m.text() for m in boards)
    own = [m for m in fake.channel_messages(fake.channel.id) if m.interaction_id is None]
    assert own == boards  # no starter line: Postal's own posts there are the boards


async def test_a_janggi_game_opens_saying_who_is_cho_and_who_han(running: Harness) -> None:
    """A janggi round robin of three: the start's pairings, each thread's starter line in
    the channel and each game's first board name who is Cho (who moves first) and who is
    Han, as janggi names its sides."""
    fake = running.fake
    players = {name: fake.add_user(name) for name in ("alice", "bob", "carol")}
    players["alice"].permissions |= MANAGE_GUILD
    made = {"title": "Club", "players": 3, "game": "janggi"}
    await command(fake, players["alice"], "tournament create", made)
    for user in players.values():
        await command(fake, user, "tournament join")
    started = await command(fake, players["alice"], "tournament start")
    assert "Round 1, game #1: bob (Cho) – carol (Han)" in started.text(), started.text()
    users = {user.id: user for user in players.values()}
    games = await opened_games(fake, users, 3, sides=("Cho", "Han"))
    assert {g.white.name for g in games} == {"alice", "bob", "carol"}
