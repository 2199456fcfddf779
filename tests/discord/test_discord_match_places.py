"""A club match's game between two servers through the fake Discord (issue 26): each player
acts from their own server's thread and the other server sees what they did. A draw offer,
a takeback request and their answers, a resignation: their announcements and buttons reach
both threads; an older board loses its buttons in both; a game read by number from the
other server; a finished match game offers no Rematch."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from functools import partial

import pytest

from bot.discord import client
from bot.service import Button, ButtonAction, ButtonLabel
from tests.discord.harness import Harness, command
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.model import MANAGE_GUILD

# Starter messages and boards in two channels: each channel's 5-per-5-seconds limit.
OPENING_TIMEOUT = 60.0


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


@dataclass(frozen=True)
class MatchGame:
    """A one-board match's game: ``lion`` (server A, white) and ``tiger`` (server B), and
    its thread in each server."""

    game_id: int
    lion: FakeUser
    tiger: FakeUser
    thread_a: FakeChannel
    thread_b: FakeChannel
    there: FakeChannel  # B's side's channel, where its thread was opened


def _with_board(fake: FakeDiscord, guild_id: int | None) -> FakeChannel | None:
    return next(
        (
            thread
            for thread in fake.threads()
            if thread.guild_id == guild_id
            and any(m.files for m in fake.channel_messages(thread.id))
        ),
        None,
    )


def club_servers(fake: FakeDiscord) -> tuple[FakeUser, FakeUser, FakeChannel]:
    """A second server, Tigers Club: this server's organiser, its organiser, and its first
    channel."""
    there = fake.add_guild("Tigers Club")
    assert fake.channel.guild_id is not None and there.guild_id is not None
    ada = fake.add_user("ada", guild_ids=[fake.channel.guild_id])
    bea = fake.add_user("bea", guild_ids=[there.guild_id])
    for organiser in (ada, bea):
        organiser.permissions |= MANAGE_GUILD
    return ada, bea, there


async def one_board_match(fake: FakeDiscord) -> MatchGame:
    """Lions (this server) against Tigers (a second server), one board, one game, started:
    its game open in a thread of each server."""
    ada, bea, there = club_servers(fake)
    ours, theirs = fake.channel.guild_id, there.guild_id
    assert ours is not None and theirs is not None
    lion = fake.add_user("leo", guild_ids=[ours])
    tiger = fake.add_user("tom", guild_ids=[theirs])
    terms = {"title": "Lions", "rival": "Tigers", "boards": 1, "server": str(theirs), "games": 1}
    made = await command(fake, ada, "match create", terms)
    found = re.search(r"Club match #(\d+)", made.text())
    assert found is not None, made.text()
    match_id = int(found.group(1))
    await command(fake, bea, "match accept", {"match": match_id}, channel=there)
    await command(fake, lion, "match join")
    await command(fake, tiger, "match join", channel=there)
    started = await command(fake, ada, "match start")
    assert "The match has started: 1 game." in started.text(), started.text()
    thread_a = await fake.wait_until(lambda: _with_board(fake, ours), timeout=OPENING_TIMEOUT)
    thread_b = await fake.wait_until(lambda: _with_board(fake, theirs), timeout=OPENING_TIMEOUT)
    board = await command(fake, lion, "board", channel=thread_a)
    number = re.search(r"#(\d+)", board.text())
    assert number is not None, board.text()
    return MatchGame(int(number.group(1)), lion, tiger, thread_a, thread_b, there)


def said(fake: FakeDiscord, thread: FakeChannel, words: str) -> list[FakeMessage]:
    """Postal's messages in ``thread`` (answers included) that say ``words``."""
    return [m for m in fake.channel_messages(thread.id) if words in m.text()]


def boards_saying(fake: FakeDiscord, thread: FakeChannel, words: str) -> list[FakeMessage]:
    """The board messages in ``thread`` that say ``words``."""
    return [m for m in said(fake, thread, words) if m.files]


async def told_once_in_each(running: Harness, game: MatchGame, words: str) -> None:
    """``words`` reach both threads, once each on a board: the answer in one server is
    not followed there by a copy of what it said."""
    fake = running.fake
    for thread in (game.thread_a, game.thread_b):
        await fake.wait_until(partial(said, fake, thread, words))
    await running.delivered()
    for thread in (game.thread_a, game.thread_b):
        boards = boards_saying(fake, thread, words)
        assert len(boards) == 1, [m.text()[:60] for m in fake.channel_messages(thread.id)]


async def test_a_draw_offer_made_in_a_is_answered_from_b(running: Harness) -> None:
    """The Lions' player offers a draw from A's thread; the offer, with its buttons, is
    posted in B's thread too, where the Tigers' player accepts it by its button; the
    ending is said in both threads, once each."""
    fake = running.fake
    game = await one_board_match(fake)
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
    offered = await command(fake, game.lion, "draw", channel=game.thread_a)
    assert "offers a draw" in offered.text(), offered.text()
    copies = await fake.wait_until(lambda: said(fake, game.thread_b, "offers a draw"))
    (copy,) = copies
    assert copy.interaction_id is None and copy.button("Accept")
    await fake.acknowledged(await fake.click(game.tiger, copy, "Accept"))
    await told_once_in_each(running, game, "Draw by agreement")


async def test_a_takeback_asked_from_b_is_declined_then_granted_from_a(
    running: Harness,
) -> None:
    """The Tigers' player asks from B for a takeback; A's thread shows the request with
    its buttons; the decline pressed in A is said in B; asked again, the grant pressed in
    A posts the board after it in both threads, once each."""
    fake = running.fake
    game = await one_board_match(fake)
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
    # Typed in B's thread: a private note linking there, where the request comes too.
    asked = await command(fake, game.tiger, "takeback", channel=game.thread_b)
    assert asked.ephemeral and f"/{game.thread_b.id}" in asked.text(), asked.text()
    await fake.wait_until(lambda: said(fake, game.thread_b, "asks to take back"))
    (request,) = await fake.wait_until(lambda: said(fake, game.thread_a, "asks to take back"))
    await fake.acknowledged(await fake.click(game.lion, request, "Decline"))
    await fake.wait_until(lambda: said(fake, game.thread_b, "declined"))
    # Only the Tigers' player is mentioned in B: nobody of A is pinged there.
    for message in fake.channel_messages(game.thread_b.id):
        assert str(game.lion.id) not in message.content

    await command(fake, game.tiger, "takeback", channel=game.thread_b)
    # The declined request was rewritten to say so: the new one is the one asking.
    (again,) = await fake.wait_until(lambda: said(fake, game.thread_a, "asks to take back"))
    await fake.acknowledged(await fake.click(game.lion, again, "Accept"))
    await told_once_in_each(running, game, "accepted the takeback")
    # The game goes on from B: the mover's note links to B's thread, where the board comes.
    note = await command(fake, game.tiger, "move", {"move": "c5"}, channel=game.thread_b)
    assert note.ephemeral and f"/{game.thread_b.id}" in note.text(), note.text()
    for thread in (game.thread_a, game.thread_b):
        await fake.wait_until(partial(boards_saying, fake, thread, "c5"))


async def test_a_resignation_from_b_is_said_in_a_once_and_b_once(running: Harness) -> None:
    """The Tigers' player resigns from B: the ending is the answer in B and a message in
    A, once each. A club match's finished game offers no Rematch (an ordinary challenge):
    its final board has GIF and PGN only, and a forged Rematch press is refused."""
    fake = running.fake
    game = await one_board_match(fake)
    confirm = await command(fake, game.tiger, "resign", channel=game.thread_b)
    await fake.acknowledged(await fake.click(game.tiger, confirm, "Resign"))
    await told_once_in_each(running, game, "resigned")
    for thread in (game.thread_a, game.thread_b):
        (final,) = boards_saying(fake, thread, "resigned")
        assert [button.get("label") for button in final.buttons()] == ["GIF", "PGN"]
    forged = Button(ButtonLabel.REMATCH, ButtonAction.REMATCH, game.game_id)
    final_a = boards_saying(fake, game.thread_a, "resigned")[0]
    press = await fake.click_as_shown(
        game.lion, final_a, {"custom_id": forged.custom_id, "type": 2}
    )
    refused = await fake.reply(press)
    assert refused.ephemeral and "has no rematch" in refused.text(), refused.text()
    assert not [m for m in fake.channel_messages(fake.channel.id) if "challenges" in m.text()]


async def test_the_game_is_read_by_number_from_b(running: Harness) -> None:
    """B's members read the match's game by its number where it lives in B (its thread,
    and the channel that thread was opened in), as A's do in A; elsewhere in B it is a
    number like any other that does not exist. B's player lists it in /games there."""
    fake = running.fake
    game = await one_board_match(fake)
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    assert game.there.guild_id is not None
    fan = fake.add_user("fay", guild_ids=[game.there.guild_id])
    elsewhere = fake.add_channel("lounge", guild_id=game.there.guild_id)
    for where in (game.thread_b, game.there):
        shown = await command(fake, fan, "board", {"game": game.game_id}, channel=where)
        assert shown.files and f"#{game.game_id}" in shown.text(), shown.text()
        record = await command(fake, fan, "pgn", {"game": game.game_id}, channel=where)
        assert record.files and b"1. e4" in record.files[0].content, record.text()
    refused = await command(fake, fan, "board", {"game": game.game_id}, channel=elsewhere)
    assert refused.ephemeral and f"There is no game #{game.game_id}." in refused.text()
    listed = await command(fake, game.tiger, "games", channel=elsewhere)
    assert f"#{game.game_id}" in listed.text(), listed.text()


async def test_an_older_board_loses_its_buttons_in_both_threads(running: Harness) -> None:
    """Each move's board reaches both threads; the board it follows loses its buttons in
    each (as in the game's own place), keeping its picture; the newest keeps them."""
    fake = running.fake
    game = await one_board_match(fake)
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    await fake.wait_until(partial(boards_saying, fake, game.thread_b, "e4"))
    await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
    await fake.wait_until(partial(boards_saying, fake, game.thread_b, "e5"))
    await running.delivered()
    bot = running.bot
    assert bot is not None

    def retired(thread: FakeChannel) -> bool:
        boards = [m for m in fake.channel_messages(thread.id) if m.files]
        *older, newest = boards
        return bool(older) and all(not m.buttons() for m in older) and bool(newest.buttons())

    for thread in (game.thread_a, game.thread_b):
        await fake.wait_until(partial(retired, thread))


def pinged_in(fake: FakeDiscord, thread: FakeChannel, user: FakeUser) -> list[str]:
    """Postal's messages in ``thread`` that mention ``user`` (pinged, or written as a
    mention that would show as an unknown user where they are no member)."""
    return [
        m.text()[:80]
        for m in fake.channel_messages(thread.id)
        if user.id in m.mentions or user.mention in m.text()
    ]


async def test_presses_in_b_answer_there_mentioning_only_bs_player(running: Harness) -> None:
    """The Tigers' player presses the board's Draw in B's thread: the offer, answered in
    public there, names the Lions' player without a ping (they are no member of B), as B's
    copies do; A's copy pings them. The Tigers' player then resigns by the board's button
    there, and the ending answered in B pings only the Tigers' player. No message in B
    mentions a non-member of B."""
    fake = running.fake
    game = await one_board_match(fake)
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
    # The board tom's move answered: the one before it may say "e5" too while it keeps its
    # move menu (a legal reply), until Postal retires it.
    (board,) = await fake.wait_until(partial(boards_saying, fake, game.thread_b, "played 1... e5"))
    await fake.acknowledged(await fake.click(game.tiger, board, "Draw"))
    (offer,) = await fake.wait_until(lambda: said(fake, game.thread_b, "offers a draw"))
    assert offer.interaction_id is not None and game.lion.name in offer.text(), offer.text()
    (copy,) = await fake.wait_until(lambda: said(fake, game.thread_a, "offers a draw"))
    assert game.lion.id in copy.mentions, copy.text()
    assert pinged_in(fake, game.thread_b, game.lion) == []

    await running.delivered()
    (board,) = [m for m in boards_saying(fake, game.thread_b, "e5") if m.buttons()]
    confirm = await fake.click(game.tiger, board, "Resign")
    await fake.acknowledged(await fake.click(game.tiger, await fake.reply(confirm), "Resign"))
    await told_once_in_each(running, game, "resigned")
    (ending,) = boards_saying(fake, game.thread_b, "resigned")
    assert ending.mentions == [game.tiger.id], ending.text()
    assert pinged_in(fake, game.thread_b, game.lion) == []
    stray = [m.text()[:70] for m, _ in fake.stray_mentions() if m.channel_id == game.thread_b.id]
    assert stray == []


async def test_a_moves_copy_follows_its_answer_landing_after_the_senders_round(
    running: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Lions' player's move is answered in A's thread; its copy for B waits in the
    game's lane behind the row that answer stands for. Discord is slow to confirm the
    answer, so the sender's round the move woke (the settled schedule) finds the lane
    still held and goes to sleep (up to a minute, idle): the answer's landing must wake it,
    or B sees the move a minute late (CI at 9663340: not within 10 s)."""
    # The schedule's change settles at once: its round comes before the answer lands.
    monkeypatch.setattr(client, "SCHEDULE_SETTLE_SECONDS", 0.0)
    fake = running.fake
    game = await one_board_match(fake)
    await running.delivered()
    fake.answering.clear()  # the answer is posted, but Postal does not hear back yet
    moved = await fake.slash(game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    await fake.wait_until(lambda: fake.held_answers == 1)
    bot = running.bot
    assert bot is not None
    # The rounds the move woke, both over: the clock's (which wakes the sender at its end)
    # and the sender's, which finds nothing it may send (the copy waits in the lane).
    await asyncio.wait_for(bot.scheduler.wait_idle(), 10)
    await running.delivered()
    assert boards_saying(fake, game.thread_b, "e4") == []
    fake.answering.set()
    assert "e4" in (await fake.reply(moved)).text()
    await fake.wait_until(partial(boards_saying, fake, game.thread_b, "played 1. e4"))


async def test_a_board_that_pings_nobody_says_no_your_move(running: Harness) -> None:
    """The Tigers' player's move, typed in B, is posted in A pinging the Lions' player
    ("your move."), and copied back to B, where the Lions' player is no member: there it
    pings nobody and says whose move it is, never "your move." to the player who made it."""
    fake = running.fake
    game = await one_board_match(fake)
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    await fake.wait_until(partial(boards_saying, fake, game.thread_b, "played 1. e4"))
    await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
    (there,) = await fake.wait_until(partial(boards_saying, fake, game.thread_b, "played 1... e5"))
    (here,) = await fake.wait_until(partial(boards_saying, fake, game.thread_a, "played 1... e5"))
    assert here.mentions == [game.lion.id] and "your move" in here.text(), here.text()
    assert there.mentions == [] and "your move" not in there.text(), there.text()
    assert there.text().startswith("tom played 1... e5. leo to move."), there.text()
