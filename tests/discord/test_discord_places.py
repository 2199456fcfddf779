"""Where a game lives: the channel, thread, forum post or voice chat it was challenged in.

Everything about the game goes there (boards, reminders, time-outs, the expired challenge's
edit); a new thread is opened only where Discord allows one; a finished game's own thread
is archived a day later; a move typed elsewhere is announced in the game's place.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from tests.discord.harness import OPENED, Harness, board_image, command, play, start_game
from tests.discord.test_discord_refusals import game_id_of
from tests.fakediscord import (
    ANNOUNCEMENT_THREAD,
    CONNECT,
    GUILD_ANNOUNCEMENT,
    GUILD_FORUM,
    GUILD_VOICE,
    PRIVATE_THREAD,
    SEND_MESSAGES,
    FakeChannel,
    FakeDiscord,
    FakeMessage,
    Faults,
)


def reminders(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    return [m for m in fake.channel_messages(channel.id) if "Reminder" in m.text()]


async def remind_and_time_out(running: Harness, place: FakeChannel) -> None:
    """A day before the deadline and after it: the reminder and the time-out are in
    ``place`` and nowhere else."""
    fake = running.fake
    elsewhere = {c.id: len(fake.channel_messages(c.id)) for c in fake.channels.values()}
    running.clock.advance(days=2, hours=1)
    await running.clock_round()
    assert len(reminders(fake, place)) == 1
    running.clock.advance(days=1)
    await running.clock_round()
    assert "ran out of time" in fake.channel_messages(place.id)[-1].text()
    for channel_id, count in elsewhere.items():
        if channel_id != place.id:
            assert len(fake.channel_messages(channel_id)) == count, fake.channels[channel_id].name


@pytest.mark.parametrize("kind", ["thread", "forum post"])
async def test_a_game_challenged_in_a_thread_lives_there(running: Harness, kind: str) -> None:
    """Challenged in someone's thread or a forum post, the game stays in it (no new thread
    inside it): the board, the moves, the reminder and the time-out all go there, not to the
    parent channel (a forum refuses messages with a 400)."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    parent = fake.channel if kind == "thread" else fake.add_channel("games", type=GUILD_FORUM)
    post = fake.add_thread(parent, "friendly games", owner=alice)
    threads_before = len(fake.threads())
    where, first = await start_game(fake, alice, bob, channel=post)
    assert where.id == post.id and first.channel_id == post.id
    assert len(fake.threads()) == threads_before
    reply = await play(fake, alice, "e4", post)
    assert reply.channel_id == post.id
    await play(fake, bob, "e5", post)  # rated from ply 2: a real time-out
    await remind_and_time_out(running, post)


async def test_a_game_in_a_voice_chat_opens_no_thread(running: Harness) -> None:
    """A voice channel's chat holds the game itself: Discord starts no threads there."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    voice = fake.add_channel("lounge", type=GUILD_VOICE)
    where, _ = await start_game(fake, alice, bob, channel=voice, moves=OPENED)
    assert where.id == voice.id and fake.threads() == []
    await remind_and_time_out(running, voice)


async def test_a_game_in_an_announcement_channel_gets_an_announcement_thread(
    running: Harness,
) -> None:
    """An announcement channel starts announcement threads from a message: the game's."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    news = fake.add_channel("news", type=GUILD_ANNOUNCEMENT)
    thread, _ = await start_game(fake, alice, bob, channel=news, moves=OPENED)
    assert thread.type == ANNOUNCEMENT_THREAD and thread.parent_id == news.id
    assert thread.auto_archive_duration == 10080
    await remind_and_time_out(running, thread)


async def test_an_expired_challenge_in_a_thread_is_edited_there(running: Harness) -> None:
    """A challenge made in a thread loses its buttons when it expires: its message is
    edited through the thread (through the parent channel Discord answers 404)."""
    fake = running.fake
    alice = fake.add_user("alice")
    thread = fake.add_thread(fake.channel, "open games", owner=alice)
    challenge = await command(fake, alice, "challenge", channel=thread)
    assert challenge.channel_id == thread.id and challenge.buttons()
    running.clock.advance(hours=48, minutes=1)
    await running.clock_round()
    expired = fake.messages[challenge.id]
    assert expired.buttons() == [] and "expired" in expired.content


async def test_an_expired_challenge_in_an_archived_thread_postal_never_joined_is_edited(
    running: Harness,
) -> None:
    """A challenge answered in someone's thread that has since been archived: Discord
    refuses edits in an archived thread (50083) and lets only members unarchive it, and
    Postal never joined. Posting reopens it: the expiry is said there, then the buttons
    are removed (before, the row ended failed and the buttons stayed)."""
    fake = running.fake
    alice = fake.add_user("alice")
    thread = fake.add_thread(fake.channel, "open games", owner=alice)
    challenge = await command(fake, alice, "challenge", channel=thread)
    fake.set_thread_state(thread, archived=True)  # a day of silence
    running.clock.advance(hours=48, minutes=1)
    await running.clock_round()
    expired = fake.messages[challenge.id]
    assert expired.buttons() == [] and "expired" in expired.content
    said = [m for m in fake.channel_messages(thread.id) if m.id != challenge.id]
    assert len(said) == 1 and "expired" in said[0].text()
    assert not thread.archived
    unarchiving = [
        c.status for c in fake.calls if c.method == "PATCH" and c.path.endswith(str(thread.id))
    ]
    assert unarchiving == [403]  # refused to a non-member: then it posted


async def test_an_expired_challenge_in_an_archived_thread_postal_is_in_is_unarchived(
    running: Harness,
) -> None:
    """Postal is a member of the archived thread: it unarchives it and edits, posting
    nothing else."""
    fake = running.fake
    alice = fake.add_user("alice")
    thread = fake.add_thread(fake.channel, "open games", owner=alice)
    fake.add_thread_member(thread, fake.bot_user)
    challenge = await command(fake, alice, "challenge", channel=thread)
    fake.set_thread_state(thread, archived=True)
    running.clock.advance(hours=48, minutes=1)
    await running.clock_round()
    expired = fake.messages[challenge.id]
    assert expired.buttons() == [] and "expired" in expired.content
    assert [m.id for m in fake.channel_messages(thread.id)] == [challenge.id]
    assert not thread.archived


async def test_an_expired_challenge_in_a_locked_thread_ends_failed_once(
    running: Harness,
) -> None:
    """A thread a moderator archived and locked: nobody but a moderator may reopen it, so
    the edit ends failed with its reason, tried once, nothing posted."""
    fake = running.fake
    alice = fake.add_user("alice")
    thread = fake.add_thread(fake.channel, "open games", owner=alice)
    challenge = await command(fake, alice, "challenge", channel=thread)
    fake.set_thread_state(thread, archived=True, locked=True)
    running.clock.advance(hours=48, minutes=1)
    await running.clock_round()
    assert running.bot is not None
    rows = await running.bot.service.core.store.outbox.pending(10)
    assert rows == []
    assert fake.messages[challenge.id].buttons()
    assert [m.id for m in fake.channel_messages(thread.id)] == [challenge.id]


async def test_a_move_typed_elsewhere_is_announced_in_the_games_place(running: Harness) -> None:
    """/move game:N from another channel is played; the mover gets a private note with a
    link, and the board with the opponent's mention is posted in the game's thread."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    game_id = game_id_of(fake, thread)
    lobby = fake.add_channel("lobby")
    note = await command(fake, alice, "move", {"move": "e4", "game": game_id}, channel=lobby)
    assert note.ephemeral and "e4" in note.text()
    assert f"https://discord.com/channels/{fake.guild_id}/{thread.id}" in note.text()
    posted = await fake.wait_until(
        lambda: [m for m in fake.channel_messages(thread.id) if "e4" in m.text()]
    )
    board = posted[0]
    assert len(posted) == 1 and board.files and board.mentions == [bob.id]
    assert board_image(board) == "attachment://board.png"
    assert fake.channel_messages(lobby.id) == []


async def test_games_lists_a_link_to_each_games_place(running: Harness) -> None:
    """/games links each game to its thread."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    listing = await command(fake, alice, "games")
    assert f"https://discord.com/channels/{fake.guild_id}/{thread.id}" in listing.text()


async def test_a_finished_games_thread_is_archived_a_day_later(running: Harness) -> None:
    """A day after the end, the game's own thread is archived (not locked), even across a
    restart; a thread that was not Postal's is left alone."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    theirs = fake.add_thread(fake.channel, "carol's corner", owner=carol)
    other, _ = await start_game(fake, carol, bob, channel=theirs)
    for player, place in ((alice, thread), (carol, other)):
        ended = await command(fake, player, "abort", channel=place)
        assert "aborted" in ended.text()
    running.clock.advance(hours=23)
    await running.clock_round()
    assert not thread.archived
    await running.restart()
    running.clock.advance(hours=1, minutes=1)
    await running.clock_round()
    assert thread.archived and not thread.locked
    assert fake.thread_edits[thread.id] == [{"archived": True}]
    assert not theirs.archived and theirs.id not in fake.thread_edits


async def test_a_running_games_idle_thread_stays_usable(running: Harness) -> None:
    """A 14-day game: Discord archives a thread a week after its last activity, and then
    nobody can type a command in it. Postal keeps an idle game's thread active by changing
    its auto-archive time (to 3 days and back to a week: activity, no message), six days
    after the last move and every six days after; a move in between puts that off."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=14)
    await play(fake, alice, "e4", thread)
    running.clock.advance(days=5)
    await running.clock_round()
    assert thread.id not in fake.thread_edits  # a move five days ago: nothing to do
    for days in (1, 6):  # six days after the move, and six days after that
        running.clock.advance(days=days, hours=1 if days == 1 else 0)
        await running.clock_round()
    kept = [{"archived": False, "auto_archive_duration": 4320}, {"auto_archive_duration": 10080}]
    assert fake.thread_edits[thread.id] == kept * 2
    running.clock.advance(days=1, hours=12)
    assert not thread.archived and fake.archive_idle_threads() == []
    answer = await play(fake, bob, "e5", thread)  # 13.5 days after alice's move
    assert "e5" in answer.text()
    assert thread.auto_archive_duration == 10080 and not fake.violations


async def test_a_game_started_in_postals_thread_keeps_it_usable(running: Harness) -> None:
    """A second game challenged inside the thread Postal opened for the first (a rematch)
    lives there; idle six days, its thread is kept active too. A game in someone else's
    thread is not Postal's to keep: nothing is tried there."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    assert "aborted" in (await command(fake, alice, "abort", channel=thread)).text()
    again, _ = await start_game(fake, alice, bob, channel=thread, days=14)
    theirs = fake.add_thread(fake.channel, "carol's corner", owner=carol)
    await start_game(fake, carol, bob, channel=theirs, days=14)
    assert again.id == thread.id
    running.clock.advance(days=6, hours=1)
    await running.clock_round()
    assert len(fake.thread_edits[thread.id]) == 2 and theirs.id not in fake.thread_edits
    assert not thread.archived


async def test_a_running_games_thread_archived_early_is_reopened(running: Harness) -> None:
    """Discord archives a busy server's thread before its week: Postal reopens a running
    game's thread at once (THREAD_UPDATE), and leaves a finished game's alone."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    fake.set_thread_state(thread, archived=True)
    await fake.wait_until(lambda: len(fake.thread_edits.get(thread.id, [])) == 2)
    assert fake.thread_edits[thread.id][0] == {"archived": False, "auto_archive_duration": 4320}
    assert not thread.archived
    ended = await command(fake, alice, "abort", channel=thread)
    assert "aborted" in ended.text()
    fake.set_thread_state(thread, archived=True)
    await running.clock_round()
    assert thread.archived and len(fake.thread_edits[thread.id]) == 2


async def test_a_thread_archived_as_the_bot_stops_is_reopened_before_it_closes(
    running: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A THREAD_UPDATE being handled when the bot begins to stop: the stop lets the handler
    finish its two edits before it closes the HTTP session and the store under it (before,
    the handler's edit met a closed session: an error logged, the thread left archived)."""
    fake, bot = running.fake, running.bot
    assert bot is not None
    thread, _ = await start_game(fake, *(fake.add_user(name) for name in ("alice", "bob")))
    session_closing = asyncio.Event()
    close_session = bot.http.close

    async def closing_session() -> None:
        session_closing.set()
        await close_session()

    keeps_thread = bot.service.deadlines.keeps_thread
    handling = asyncio.Event()

    async def keeps_thread_once_stopping(thread_id: int) -> bool:
        # Held until the stop has begun: until it closes the session, unless it waits for
        # this handler (then counted in flight).
        handling.set()
        waited_for = asyncio.current_task() in bot._in_flight
        while not session_closing.is_set() and not (bot.stopping and waited_for):
            await asyncio.sleep(0.01)
        return await keeps_thread(thread_id)

    monkeypatch.setattr(bot.http, "close", closing_session)
    monkeypatch.setattr(bot.service.deadlines, "keeps_thread", keeps_thread_once_stopping)
    fake.set_thread_state(thread, archived=True)
    await asyncio.wait_for(handling.wait(), 10)
    await running.stop()
    assert not thread.archived and len(fake.thread_edits[thread.id]) == 2


async def test_posting_reopens_an_archived_thread(running: Harness) -> None:
    """A reminder in a game whose thread Discord archived (a week's silence) reopens it."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=14)
    fake.set_thread_state(thread, archived=True)
    running.clock.advance(days=13, hours=1)
    await running.clock_round()
    assert len(reminders(fake, thread)) == 1 and not thread.archived


@pytest.mark.parametrize("archived", [True, False])
async def test_a_locked_thread_falls_back_to_the_channel(running: Harness, archived: bool) -> None:
    """A moderator locked the game's thread (archived too: 50083; still active: 160005,
    "Thread is locked"): the reminder goes to the parent channel, once, instead of being
    retried forever against Discord's 400."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    fake.set_thread_state(thread, archived=archived, locked=True)
    running.clock.advance(days=2, hours=1)
    await running.clock_round()
    moved = reminders(fake, fake.channel)
    assert len(moved) == 1 and moved[0].mentions == [alice.id]
    assert thread.locked and thread.archived == archived and reminders(fake, thread) == []
    assert running.bot is not None
    assert await running.bot.service.core.store.outbox.pending(10) == []


async def test_a_thread_closed_to_the_bot_falls_back_to_the_channel(running: Harness) -> None:
    """Send Messages in Threads taken away after the start: reminders go to the channel."""
    from tests.fakediscord import SEND_MESSAGES_IN_THREADS

    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    fake.set_channel_permissions(fake.channel, allow=SEND_MESSAGES, deny=SEND_MESSAGES_IN_THREADS)
    running.clock.advance(days=2, hours=1)
    await running.clock_round()
    assert len(reminders(fake, fake.channel)) == 1 and reminders(fake, thread) == []


async def test_commands_are_for_servers_and_own_games_also_in_dms(harness: Harness) -> None:
    """Registered globally, every command is for servers (installed there); only /games,
    /pgn, /history, /stats and /note are also offered in the bot's DM: /challenge or /move from a
    DM never reach the bot (Discord does not offer them), /games there lists one's games."""
    del harness.environ["DEV_GUILD_ID"]
    await harness.start()
    fake = harness.fake
    registered = fake.commands()
    for name, command_data in registered.items():
        expected = [0, 1] if name in {"games", "pgn", "history", "stats", "note"} else [0]
        assert sorted(command_data["contexts"]) == expected, name
        assert command_data["integration_types"] == [0], name
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    dm = fake.dm_with(alice)
    for name, options in (("challenge", {"opponent": bob}), ("move", {"move": "e4"})):
        with pytest.raises(LookupError, match="not offered"):
            await fake.slash(alice, name, options, channel=dm)
    thread, _ = await start_game(fake, alice, bob)
    listing = await command(fake, alice, "games", channel=dm)
    assert "vs bob" in listing.text() and str(thread.id) in listing.text()


async def test_archiving_that_meets_a_server_error_is_tried_again_later(
    running: Harness,
) -> None:
    """A 503 while archiving does not lose the thread nor make the scheduler spin: the
    next try is five minutes later (stored, so a restart keeps it)."""
    assert running.bot is not None
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await command(fake, alice, "abort", channel=thread)
    fake.faults = Faults(rate=1.0, kinds=("503",), applies=lambda method, _: method == "PATCH")
    running.clock.advance(days=1, minutes=1)
    await running.clock_round()
    assert not thread.archived
    fake.faults = None
    wakeup = await running.bot.service.deadlines.next_wakeup()
    assert wakeup is not None and wakeup - running.clock() >= timedelta(minutes=4)
    await running.restart()
    running.clock.advance(minutes=6)
    await running.clock_round()
    assert thread.archived
    assert await running.bot.service.deadlines.next_wakeup() is None


async def test_a_private_thread_admits_postal_only_once_added(running: Harness) -> None:
    """A private thread Postal was never added to refuses the challenge (it could never
    post there); once added, the game lives there, and when Postal is removed later its
    messages are not moved to the public parent channel."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    secret = fake.add_thread(fake.channel, "secret", type=PRIVATE_THREAD, owner=alice)
    fake.add_thread_member(secret, bob)  # alice invited bob: nobody else sees it
    refused = await command(fake, alice, "challenge", {"opponent": bob}, channel=secret)
    assert refused.ephemeral and "private thread" in refused.text()
    assert fake.public_messages() == []
    fake.add_thread_member(secret, fake.bot_user)
    where, _ = await start_game(fake, alice, bob, channel=secret)
    assert where.id == secret.id
    secret.member_ids.discard(fake.bot_user.id)
    running.clock.advance(days=2, hours=1)
    await running.clock_round()
    assert reminders(fake, fake.channel) == [] and reminders(fake, secret) == []


async def test_a_voice_chat_needs_connect(running: Harness) -> None:
    """Discord opens a voice channel's text chat only to those who may connect: without
    Connect there, /challenge is refused naming it (Postal could post nothing later)."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    voice = fake.add_channel("lounge", type=GUILD_VOICE)
    fake.set_channel_permissions(voice, deny=CONNECT)
    refused = await command(fake, alice, "challenge", {"opponent": bob}, channel=voice)
    assert refused.ephemeral and "Connect" in refused.text()
    assert fake.public_messages() == []


async def test_a_promotion_chosen_elsewhere_is_announced_in_the_games_place(
    running: Harness,
) -> None:
    """/move a8 game:N from another channel asks for the piece there; the board after the
    chosen promotion goes to the game's thread, the other channel gets nothing public."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, fen="7k/P7/8/8/8/8/8/4K3 w - - 0 1")
    game_id = game_id_of(fake, thread)
    lobby = fake.add_channel("lobby")
    prompt = await command(fake, alice, "move", {"move": "a8", "game": game_id}, channel=lobby)
    assert prompt.ephemeral and prompt.buttons()
    press = await fake.click(alice, prompt, "Queen")
    note = await fake.reply(press)
    posted = await fake.wait_until(
        lambda: [m for m in fake.channel_messages(thread.id) if "a8=Q" in m.text()]
    )
    assert posted[0].files and posted[0].mentions == [bob.id]
    assert note.ephemeral and fake.channel_messages(lobby.id) == []


async def test_an_ending_typed_elsewhere_is_announced_in_the_games_place(
    running: Harness,
) -> None:
    """/abort game:N and /draw game:N (accepting an offer) from another channel end the
    game; the ending is posted in the game's thread, the typist gets a private note."""
    fake = running.fake
    alice, bob, carol, dave = (fake.add_user(name) for name in ("alice", "bob", "carol", "dave"))
    lobby = fake.add_channel("lobby")
    first, _ = await start_game(fake, alice, bob)
    note = await command(fake, alice, "abort", {"game": game_id_of(fake, first)}, channel=lobby)
    assert note.ephemeral and "aborted" in note.text() and str(first.id) in note.text()
    await fake.wait_until(
        lambda: [m for m in fake.channel_messages(first.id) if "aborted" in m.text()]
    )
    second, _ = await start_game(fake, carol, dave, moves=OPENED)
    offer = await command(fake, carol, "draw", channel=second)
    assert not offer.ephemeral, offer.text()
    game_id = game_id_of(fake, second)
    note = await command(fake, dave, "draw", {"game": game_id}, channel=lobby)
    assert note.ephemeral and "Draw by agreement" in note.text()
    await fake.wait_until(
        lambda: [m for m in fake.channel_messages(second.id) if "agreement" in m.text()]
    )
    assert fake.channel_messages(lobby.id) == []


@pytest.mark.parametrize("kind", ["draw", "takeback"])
async def test_an_offer_typed_elsewhere_is_posted_in_the_games_place(
    running: Harness, kind: str
) -> None:
    """/draw game:N or /takeback game:N from another channel: the offer with its Accept and
    Decline buttons is posted in the game's thread (mentioning the opponent), the typist
    gets a private note with a link, and the opponent's Accept there works."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, moves=(*OPENED, "Nf3"))
    lobby = fake.add_channel("lobby")
    game_id = game_id_of(fake, thread)
    note = await command(fake, alice, kind, {"game": game_id}, channel=lobby)
    assert note.ephemeral and note.buttons() == [], note.text()
    assert f"https://discord.com/channels/{fake.guild_id}/{thread.id}" in note.text()

    def labels(message: FakeMessage) -> list[str]:
        return [button["label"] for button in message.buttons()]

    offers = await fake.wait_until(
        lambda: [m for m in fake.channel_messages(thread.id) if "Accept" in labels(m)]
    )
    assert len(offers) == 1 and labels(offers[0]) == ["Accept", "Decline"]
    assert offers[0].mentions == [bob.id] and "alice" in offers[0].text()
    assert fake.channel_messages(lobby.id) == []
    accepted = await fake.click(bob, offers[0], "Accept")
    await fake.acknowledged(accepted)
    said = "agreement" if kind == "draw" else "taken back"
    await fake.wait_until(lambda: [m for m in fake.channel_messages(thread.id) if said in m.text()])


async def test_a_takeback_granted_elsewhere_is_shown_in_the_games_place(running: Harness) -> None:
    """alice asks for a takeback in the thread; bob grants it with /takeback game:N from
    another channel: the board after the takeback is posted in the thread mentioning alice
    (to move again), bob gets a private note with a link, nothing lands in the lobby."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    asked = await command(fake, alice, "takeback", channel=thread)
    assert not asked.ephemeral and asked.buttons(), asked.text()
    lobby = fake.add_channel("lobby")
    note = await command(fake, bob, "takeback", {"game": game_id_of(fake, thread)}, channel=lobby)
    assert note.ephemeral and "taken back" in note.text(), note.text()
    assert f"https://discord.com/channels/{fake.guild_id}/{thread.id}" in note.text()
    shown = await fake.wait_until(
        lambda: [m for m in fake.channel_messages(thread.id) if "taken back" in m.text()]
    )
    assert len(shown) == 1 and shown[0].files and shown[0].mentions == [alice.id]
    assert fake.channel_messages(lobby.id) == []
