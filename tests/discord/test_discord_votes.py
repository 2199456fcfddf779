"""Vote chess on Discord, through the real discord.py and the fake: /vote team opens a team's
game, members nominate and vote privately (by command or from the board's Vote… menu), the
channel sees no vote before the window closes, and the elected move's board is posted in
the game's place."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

import rules
from tests.discord.harness import Harness, command, game_thread
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.model import CREATE_PRIVATE_THREADS, DM, PRIVATE_THREAD, SEND_POLLS


async def _open_game(
    fake: FakeDiscord, captain: FakeUser, opponent: FakeUser, **team: Any
) -> tuple[FakeChannel, FakeMessage]:
    """``captain``'s team (``team``: /vote team's options) challenges ``opponent``, who
    accepts; returns the game's thread and its first board (the team plays white)."""
    options = {"title": "Lions", "opponent": opponent, "color": "white", "days": 3, **team}
    title = options["title"]
    interaction = await fake.slash(captain, "vote team", options)
    opened = await fake.reply(interaction)
    assert not opened.ephemeral and title in opened.text(), opened.text()
    await fake.wait_until(lambda: len(interaction.messages()) >= 2)
    challenge = interaction.messages()[1]
    known = {thread.id for thread in fake.threads()}
    press = await fake.click(opponent, challenge, "Accept")
    await fake.acknowledged(press)

    def first_board() -> tuple[FakeChannel, FakeMessage] | None:
        for thread in fake.threads():
            if thread.id in known:
                continue
            boards = [m for m in fake.channel_messages(thread.id) if m.files]
            if boards:
                return thread, boards[0]
        return None

    found: tuple[FakeChannel, FakeMessage] = await fake.wait_until(first_board)
    return found


async def _private(
    fake: FakeDiscord, user: FakeUser, name: str, options: dict[str, Any], thread: FakeChannel
) -> FakeMessage:
    """``/name`` answered to ``user`` alone."""
    answer = await command(fake, user, name, options, channel=thread)
    assert answer.ephemeral, answer.text()
    return answer


def _team_polls(fake: FakeDiscord, opponent: FakeUser) -> list[FakeMessage]:
    """The polls posted: each in a team's private thread, which ``opponent`` cannot read."""
    polls = [m for m in fake.public_messages() if m.poll is not None]
    for poll in polls:
        where = fake.channels[poll.channel_id]
        assert where.type == PRIVATE_THREAD and not fake.can_read(opponent, where), where
    return polls


def _public_text(fake: FakeDiscord, thread: FakeChannel) -> str:
    return "\n".join(m.text() for m in fake.channel_messages(thread.id))


def _team_thread_says(fake: FakeDiscord, team: str) -> list[FakeMessage]:
    """The messages of ``team``'s private thread (none when it was never opened)."""
    threads = [t for t in fake.threads() if t.type == PRIVATE_THREAD and team in t.name]
    return [m for thread in threads for m in fake.channel_messages(thread.id)]


async def _team_told(fake: FakeDiscord, team: str, expected: str) -> None:
    """``team``'s private thread says ``expected`` (the close's counts, by the outbox)."""
    await fake.wait_until(
        lambda: any(m.text() == expected for m in _team_thread_says(fake, team)) or None
    )


async def _tally_shows(
    fake: FakeDiscord, member: FakeUser, thread: FakeChannel, expected: str
) -> str:
    """The member's /vote tally once it shows ``expected`` (poll votes are gateway events)."""
    for _ in range(100):
        counted = (await _private(fake, member, "vote tally", {}, thread)).text()
        if expected in counted:
            return counted
        await asyncio.sleep(0.05)
    raise AssertionError(counted)


async def test_a_listed_team_votes_privately_and_its_elected_move_is_posted(
    running: Harness,
) -> None:
    """alice's team (bob and carol @mentioned) plays dave: the board says Vote…, each
    nomination and vote is answered to the member alone (dave is refused), the channel
    sees no vote while it is open, and the last member's vote plays the move with most votes,
    its board posted in the game's thread with dave to move."""
    fake = running.fake
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    thread, board = await _open_game(
        fake, alice, dave, members=f"{bob.mention} {carol.mention}", window=24
    )
    assert "Vote…" in [b["label"] for b in board.buttons()]
    assert "Move…" not in [b["label"] for b in board.buttons()]
    before = len(fake.channel_messages(thread.id))
    await _private(fake, alice, "vote nominate", {"move": "e4"}, thread)
    await _private(fake, bob, "vote cast", {"move": "d4"}, thread)
    refused = await _private(fake, dave, "vote cast", {"move": "e4"}, thread)
    assert "no team" in refused.text()
    await _private(fake, carol, "vote cast", {"move": "e4"}, thread)
    assert len(fake.channel_messages(thread.id)) == before  # nothing public while voting
    assert "d4" not in _public_text(fake, thread)
    last = await _private(fake, alice, "vote cast", {"move": "e4"}, thread)
    assert "e4 is played" in last.text() and "d4 (1)" in last.text()
    await running.delivered()
    played = fake.channel_messages(thread.id)[-1]
    assert played.files and "e4" in played.text(), played.text()
    await command(fake, dave, "move", {"move": "e5"}, channel=thread)


async def test_a_role_team_votes_from_the_board_menu_and_the_window_closes_on_time(
    running: Harness,
) -> None:
    """A team of whoever holds @Lions: a holder opens Vote… on the board and gets a private
    menu of the nominations (votes not shown: secret), chooses one and is told privately;
    someone without the role is refused; when the window's hours pass the scheduler plays
    the elected move in the thread."""
    fake = running.fake
    lions = fake.add_role("Lions")
    alice, bob, eve, dave = (fake.add_user(n) for n in ("alice", "bob", "eve", "dave"))
    bob.roles = (lions,)
    thread, board = await _open_game(fake, alice, dave, role=lions, window=6)
    empty = await fake.reply(await fake.click(bob, board, "Vote…"))
    assert empty.ephemeral and "nominate" in empty.text()
    assert [s["custom_id"].split(":")[1] for s in empty.selects()] == ["npiece"]  # no vote yet
    await _private(fake, alice, "vote nominate", {"move": "Nf3"}, thread)
    await _private(fake, alice, "vote nominate", {"move": "c4"}, thread)
    menu = await fake.reply(await fake.click(bob, board, "Vote…"))
    assert menu.ephemeral
    select, _ = menu.selects()  # the vote, then the pieces to nominate from
    assert [o["value"] for o in select["options"]] == ["g1f3", "c2c4"]
    assert all(not o.get("description") for o in select["options"])  # secret: no counts
    chosen = await fake.choose(bob, menu, ["c2c4"])
    await fake.acknowledged(chosen)
    await fake.wait_until(lambda: "voted for c4" in fake.messages[menu.id].text())
    outsider = await fake.reply(await fake.click(eve, board, "Vote…"))
    assert outsider.ephemeral and "not on this team" in outsider.text()
    assert "c4" not in _public_text(fake, thread)
    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    await running.delivered()
    played = fake.channel_messages(thread.id)[-1]
    assert played.files and "c4" in played.text(), played.text()


async def test_shown_votes_are_counted_in_the_members_menu(running: Harness) -> None:
    """A team that shows its votes: the member's Vote… menu gives each nomination's votes."""
    fake = running.fake
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, board = await _open_game(fake, alice, dave, members=bob.mention, secret=False)
    await _private(fake, alice, "vote cast", {"move": "e4"}, thread)
    menu = await fake.reply(await fake.click(bob, board, "Vote…"))
    select, _ = menu.selects()
    assert [(o["value"], o.get("description")) for o in select["options"]] == [("e2e4", "1 vote")]


async def test_members_must_be_mentions(running: Harness) -> None:
    """/vote team with players that are not @mentions is refused, and opens nothing."""
    fake = running.fake
    alice, dave = fake.add_user("alice"), fake.add_user("dave")
    answer = await command(
        fake, alice, "vote team", {"title": "Lions", "members": "bob carol", "opponent": dave}
    )
    assert answer.ephemeral and "@mentioning" in answer.text()
    assert not fake.channel_messages(fake.channel.id)


async def test_a_teams_poll_counts_members_votes_and_ends_with_the_window(
    running: Harness,
) -> None:
    """A team that shows its votes asks for a poll: it is posted in the team's private
    thread (opened for it), which the opponent cannot read, one answer a nomination; a
    member's vote in it counts as their vote (the tally says so), an outsider's does not;
    the last member's vote closes the window, plays the move and ends the poll (its results
    finalized)."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS | CREATE_PRIVATE_THREADS
    alice, bob, eve, dave = (fake.add_user(n) for n in ("alice", "bob", "eve", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention, secret=False)
    await _private(fake, alice, "vote nominate", {"move": "e4"}, thread)
    await _private(fake, alice, "vote nominate", {"move": "d4"}, thread)
    posted = await _private(fake, bob, "vote poll", {}, thread)
    assert "2 nominations" in posted.text(), posted.text()
    (poll,) = _team_polls(fake, dave)
    assert fake.channels[poll.channel_id].parent_id == fake.channel.id
    assert poll.poll is not None
    assert [a["poll_media"]["text"] for a in poll.poll["answers"]] == ["e4", "d4"]
    await fake.poll_vote(eve, poll, 1)  # not on the team: not counted
    await fake.poll_vote(bob, poll, 2)

    counted = await _tally_shows(fake, alice, thread, "d4 (1)")
    assert "e4 (0)" in counted, counted
    await fake.poll_vote(alice, poll, 2)  # every listed member voted: the window closes
    await fake.wait_until(lambda: fake.messages[poll.id].poll_ended)
    await running.delivered()
    played = fake.channel_messages(thread.id)[-1]
    assert played.files and "d4" in played.text(), played.text()


async def test_a_vote_taken_back_in_the_poll_is_withdrawn(running: Harness) -> None:
    """bob votes d4 in the team's poll, then takes his vote back in Discord: the tally no
    longer counts it; he votes e4 instead, and it counts."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS | CREATE_PRIVATE_THREADS
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    members = f"{bob.mention} {carol.mention}"
    thread, _ = await _open_game(fake, alice, dave, members=members, secret=False)
    await _private(fake, alice, "vote nominate", {"move": "e4"}, thread)
    await _private(fake, alice, "vote nominate", {"move": "d4"}, thread)
    await _private(fake, bob, "vote poll", {}, thread)
    (poll,) = _team_polls(fake, dave)
    await fake.poll_vote(bob, poll, 2)
    await _tally_shows(fake, alice, thread, "d4 (1)")
    await fake.poll_vote(bob, poll, 2, remove=True)
    counted = await _tally_shows(fake, alice, thread, "d4 (0)")
    assert "e4 (0)" in counted, counted
    await fake.poll_vote(bob, poll, 1)
    counted = await _tally_shows(fake, alice, thread, "e4 (1)")
    assert "d4 (0)" in counted, counted


async def test_no_poll_without_send_polls_nor_for_secret_votes(running: Harness) -> None:
    """Without Send Polls, /vote poll says so privately and posts nothing; a team keeping its
    votes secret gets no poll (Discord shows a poll's counts to whoever votes)."""
    fake = running.fake
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention, secret=False)
    await _private(fake, alice, "vote nominate", {"move": "e4"}, thread)
    refused = await _private(fake, bob, "vote poll", {}, thread)
    assert "Send Polls" in refused.text()
    assert not _team_polls(fake, dave)
    fake.bot_permissions |= SEND_POLLS
    carol, erin = fake.add_user("carol"), fake.add_user("erin")
    other, _ = await _open_game(fake, carol, erin, title="Owls")
    await _private(fake, carol, "vote nominate", {"move": "e4"}, other)
    secret = await _private(fake, carol, "vote poll", {}, other)
    assert "secret" in secret.text()


async def test_the_captain_resigns_for_the_team_and_a_member_cannot(running: Harness) -> None:
    """In the game's thread a member's /resign is refused privately; the captain's asks them
    to confirm, and their press ends the game: the team resigned."""
    fake = running.fake
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention)
    for member in (alice, bob):  # both voted: e4 is played (before it, a resignation aborts)
        await _private(fake, member, "vote cast", {"move": "e4"}, thread)
    await running.delivered()
    await command(fake, dave, "move", {"move": "e5"}, channel=thread)
    refused = await _private(fake, bob, "resign", {}, thread)
    assert "not a player" in refused.text().lower() or "not playing" in refused.text().lower()
    asked = await _private(fake, alice, "resign", {}, thread)
    press = await fake.click(alice, asked, "Resign")
    await fake.acknowledged(press)
    await fake.wait_until(lambda: "Lions resigned" in _public_text(fake, thread))


async def test_a_team_mates_a_player_by_votes(running: Harness) -> None:
    """The Lions (black) against dave, every move voted by both members: the second vote of
    each turn closes the window and the move is posted; Qh4 mates."""
    fake = running.fake
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention, color="black")
    for answer, elected in (("f3", "e5"), ("g4", "Qh4")):
        await command(fake, dave, "move", {"move": answer}, channel=thread)
        for member in (alice, bob):
            await _private(fake, member, "vote cast", {"move": elected}, thread)
        await running.delivered()
    last = fake.channel_messages(thread.id)[-1]
    assert last.files and "Qh4#" in last.text() and "Checkmate" in last.text(), last.text()
    # No Rematch on a team game's final board: its team was formed for this game.
    assert [button.get("label") for button in last.buttons()] == ["GIF", "PGN"]
    pressed = await fake.reply(await fake.click(bob, last, "PGN"))
    typed = await command(fake, dave, "pgn", {}, channel=thread)
    for export in (pressed, typed):
        tags, game = rules.get_variant("chess").read_record(export.files[0].content.decode())
        assert (tags["White"], tags["Black"], tags["BlackTeam"]) == ("dave", "Lions", "Lions")
        assert "WhiteTeam" not in tags and tags["Result"] == "0-1" and len(game.moves) == 4


async def _poll_of_the_turn(
    fake: FakeDiscord, member: FakeUser, thread: FakeChannel, moves: tuple[str, ...]
) -> FakeMessage:
    """``member`` nominates ``moves`` and asks for the turn's poll; the poll posted (in the
    team's private thread)."""
    for move in moves:
        await _private(fake, member, "vote nominate", {"move": move}, thread)
    known = {m.id for m in fake.public_messages() if m.poll is not None}
    await _private(fake, member, "vote poll", {}, thread)
    (poll,) = [m for m in fake.public_messages() if m.poll and m.id not in known]
    assert fake.channels[poll.channel_id].type == PRIVATE_THREAD
    return poll


async def test_a_team_mates_through_polls_closed_by_the_clock_and_by_votes(
    running: Harness,
) -> None:
    """The Lions (black, votes shown) against dave, every move voted in a Discord poll: the
    first window closes by the clock with carol abstaining (the close said, the poll ended),
    the second by the last member's poll vote; Qh4 mates, and the board says checkmate."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS | CREATE_PRIVATE_THREADS
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    members = f"{bob.mention} {carol.mention}"
    thread, _ = await _open_game(
        fake, alice, dave, members=members, color="black", window=6, secret=False
    )
    await command(fake, dave, "move", {"move": "f3"}, channel=thread)
    poll = await _poll_of_the_turn(fake, alice, thread, ("e5", "d5"))
    for member in (alice, bob):
        await fake.poll_vote(member, poll, 1)
    await _tally_shows(fake, carol, thread, "e5 (2)")
    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    await fake.wait_until(lambda: fake.messages[poll.id].poll_ended)
    said = _public_text(fake, thread)
    assert "Lions's vote closed: e5 is played." in said and "(2)" not in said, said
    await _team_told(fake, "Lions", "Lions's vote closed: e5 is played. Votes: e5 (2), d5 (0).")

    await command(fake, dave, "move", {"move": "g4"}, channel=thread)
    poll = await _poll_of_the_turn(fake, bob, thread, ("Qh4", "d5"))
    for member in (alice, bob, carol):  # the last vote closes the window
        await fake.poll_vote(member, poll, 1)
    await fake.wait_until(lambda: fake.messages[poll.id].poll_ended)
    await running.delivered()
    last = fake.channel_messages(thread.id)[-1]
    assert last.files and "Qh4#" in last.text() and "Checkmate" in last.text(), last.text()
    refused = await command(fake, dave, "move", {"move": "a3"}, channel=thread)
    assert refused.ephemeral, refused.text()


async def test_a_tie_plays_the_earliest_nomination_and_no_vote_plays_nothing(
    running: Harness,
) -> None:
    """Votes tied when the window's hours pass: the move nominated first is played, the
    close said before its board (the secret team's counts kept). A window that closes with
    no vote and no nomination of the captain's plays nothing: the channel is told, the team
    still to move, and the clock decides."""
    fake = running.fake
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    members = f"{bob.mention} {carol.mention}"
    thread, _ = await _open_game(fake, alice, dave, members=members, window=6)
    await _private(fake, bob, "vote cast", {"move": "d4"}, thread)  # nominated first
    await _private(fake, carol, "vote cast", {"move": "e4"}, thread)
    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    said, played = fake.channel_messages(thread.id)[-2:]
    assert played.files and "d4" in played.text() and "e4" not in played.text(), played.text()
    assert said.text() == "Lions's vote closed in a tie: d4, nominated first, is played."
    await command(fake, dave, "move", {"move": "d5"}, channel=thread)
    before = len(fake.channel_messages(thread.id))
    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    (nothing,) = fake.channel_messages(thread.id)[before:]
    assert "closed with nothing elected" in nothing.text() and not nothing.files
    tally = await _private(fake, alice, "vote tally", {}, thread)
    assert "no vote open" in tally.text(), tally.text()


async def test_the_clocks_close_posts_the_votes_once(running: Harness) -> None:
    """A team showing its votes: when the window's hours pass, the game's thread is told the
    move played, once (a second round of the clock says nothing more), then the elected
    move's board; every nomination's votes go to the team's private thread alone."""
    fake = running.fake
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    members = f"{bob.mention} {carol.mention} {fake.add_user('erin').mention}"  # erin abstains
    thread, _ = await _open_game(fake, alice, dave, members=members, window=6, secret=False)
    await _private(fake, bob, "vote cast", {"move": "Nf3"}, thread)
    await _private(fake, carol, "vote cast", {"move": "Nf3"}, thread)
    await _private(fake, alice, "vote cast", {"move": "e4"}, thread)
    await _private(fake, alice, "vote nominate", {"move": "c4"}, thread)
    before = len(fake.channel_messages(thread.id))
    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    await running.clock_round()
    said, played = fake.channel_messages(thread.id)[before:]
    assert said.text() == "Lions's vote closed: Nf3 is played.", said.text()
    assert played.files and "Nf3" in played.text(), played.text()
    await _team_told(
        fake, "Lions", "Lions's vote closed: Nf3 is played. Votes: Nf3 (2), e4 (1), c4 (0)."
    )


async def test_a_role_team_is_reminded_in_the_games_thread(running: Harness) -> None:
    """A day before the team's vote closes, the game's thread is told, pinging @Lions (a
    mentionable role) and the captain, who has not voted; 23 hours later the last hour's
    reminder pings the captain alone (a role is pinged at most once a day)."""
    fake = running.fake
    lions = fake.add_role("Lions", mentionable=True)
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    bob.roles = (lions,)
    thread, _ = await _open_game(fake, alice, dave, role=lions)
    await _private(fake, bob, "vote cast", {"move": "e4"}, thread)
    before = len(fake.channel_messages(thread.id))
    running.clock.advance(timedelta(hours=48, minutes=1))
    await running.clock_round()
    (day,) = fake.channel_messages(thread.id)[before:]
    assert day.role_mentions == [lions] and day.mentions == [alice.id], day.text()
    assert "less than 24 hours left to vote" in day.text(), day.text()
    running.clock.advance(timedelta(hours=23))
    await running.clock_round()
    (hour,) = fake.channel_messages(thread.id)[before + 1 :]
    assert hour.role_mentions == [] and hour.mentions == [alice.id], hour.text()
    assert "less than 1 hour left to vote" in hour.text(), hour.text()


async def test_a_team_accepts_another_teams_challenge(running: Harness) -> None:
    """The Lions challenge anyone; dave forms the Tigers with erin and accepts it with
    /vote team challenge:1 (naming a game too is refused): the game opens in a thread of its
    own under the challenge's channel, its first board there, the Tigers to move; erin's and
    dave's votes play their move in that thread, and alice's vote then counts for the Lions."""
    fake = running.fake
    alice, bob, dave, erin = (fake.add_user(n) for n in ("alice", "bob", "dave", "erin"))
    opened = await fake.slash(
        alice, "vote team", {"title": "Lions", "members": bob.mention, "color": "black"}
    )
    assert "Lions" in (await fake.reply(opened)).text()
    await fake.wait_until(lambda: len(opened.messages()) >= 2)  # the open challenge
    challenge = opened.messages()[1]
    team = {"title": "Tigers", "members": erin.mention, "challenge": 1}
    refused = await command(fake, dave, "vote team", {**team, "game": "xiangqi"})
    assert refused.ephemeral and "plays on its terms" in refused.text(), refused.text()
    accepted = await fake.slash(dave, "vote team", team)
    said = await fake.reply(accepted)
    assert "Tigers, captained by dave" in said.text(), said.text()
    assert not any(m.files for m in accepted.messages())  # the board goes to the thread
    thread = await game_thread(fake)
    assert thread.parent_id == fake.channel.id
    board = next(m for m in fake.channel_messages(thread.id) if m.files)
    assert "Vote…" in [b["label"] for b in board.buttons()]
    assert "Tigers to move" in board.text(), board.text()
    await fake.wait_until(lambda: not fake.messages[challenge.id].buttons())
    rewritten = fake.messages[challenge.id].text()
    assert "Tigers accepted" in rewritten and "thread of its own" in rewritten, rewritten
    for member in (dave, erin):
        await _private(fake, member, "vote cast", {"move": "e4"}, thread)
    await running.delivered()
    assert "Tigers played 1. e4" in _public_text(fake, thread)
    cast = await _private(fake, alice, "vote cast", {"move": "e5"}, thread)
    assert "voted for e5 for Lions" in cast.text(), cast.text()


async def test_a_teams_private_thread_is_its_members_alone(running: Harness) -> None:
    """/vote thread opens the team's private thread once, in the game's channel, with the
    captain and the listed members in it (and a role's holder who asks); the opponent
    cannot see it, nor type there, nor ask for it; asking again gives the same thread."""
    fake = running.fake
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention)
    told = await _private(fake, bob, "vote thread", {}, thread)
    (team_thread,) = [t for t in fake.threads() if t.type == PRIVATE_THREAD]
    assert team_thread.mention in told.text() and team_thread.parent_id == fake.channel.id
    assert {alice.id, bob.id} <= team_thread.member_ids and dave.id not in team_thread.member_ids
    assert not fake.can_read(dave, team_thread)
    with pytest.raises(ValueError):
        await fake.slash(dave, "board", {}, channel=team_thread)
    refused = await _private(fake, dave, "vote thread", {}, thread)
    assert "no team" in refused.text()
    again = await _private(fake, alice, "vote thread", {}, thread)
    assert team_thread.mention in again.text()
    assert [t.id for t in fake.threads() if t.type == PRIVATE_THREAD] == [team_thread.id]
    await command(fake, bob, "vote tally", channel=team_thread)  # the team talks there


async def test_no_team_thread_where_postal_may_not_open_private_threads(
    running: Harness,
) -> None:
    """Without Create Private Threads, /vote thread says so privately and opens nothing."""
    fake = running.fake
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention)
    refused = await _private(fake, bob, "vote thread", {}, thread)
    assert "Create Private Threads" in refused.text()
    assert not [t for t in fake.threads() if t.type == PRIVATE_THREAD]


async def test_members_who_asked_are_reminded_by_dm(running: Harness) -> None:
    """bob and carol ask with /vote remind (answered privately; dave, not on the team, is
    refused); carol's DMs are closed. A day before the vote closes bob gets a DM with a
    link to the game, and carol's refused DM (50007) is said in the thread with a mention
    instead, holding up nobody's; the last hour's reminder sends no second DM."""
    fake = running.fake
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    carol = fake.add_user("carol", accepts_dms=False)
    thread, _ = await _open_game(
        fake, alice, dave, members=f"{bob.mention} {carol.mention}", window=72
    )
    for member in (carol, bob):
        asked = await _private(fake, member, "vote remind", {}, thread)
        assert "You will get a DM when Lions's vote is open" in asked.text(), asked.text()
    refused = await _private(fake, dave, "vote remind", {"game": 1}, thread)
    assert "not on this team" in refused.text(), refused.text()
    before = len(fake.channel_messages(thread.id))
    running.clock.advance(timedelta(hours=48, minutes=1))
    await running.clock_round()
    await running.delivered()
    (dm,) = [c for c in fake.channels.values() if c.type == DM and c.recipient is bob]
    (sent,) = fake.channel_messages(dm.id)
    assert "less than 24 hours left to vote" in sent.text() and f"/{thread.id}" in sent.text()
    closed = [c for c in fake.channels.values() if c.type == DM and c.recipient is carol]
    assert all(not fake.channel_messages(c.id) for c in closed)
    said = fake.channel_messages(thread.id)[before:]
    (fallback,) = [m for m in said if "DMs are closed" in m.text()]
    assert fallback.mentions == [carol.id], fallback.text()
    running.clock.advance(timedelta(hours=23))
    await running.clock_round()
    await running.delivered()
    assert len(fake.channel_messages(dm.id)) == 1


async def test_a_member_whose_role_was_removed_can_no_longer_vote(running: Harness) -> None:
    """bob holds @Lions and nominates e4; a moderator takes the role from him (Postal, without
    the GUILD_MEMBERS intent, is not told): his vote, his nomination and his press of Vote…
    are refused (he is on no team here), and his vote in the team's poll is not counted; erin,
    who still holds it, votes."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS | CREATE_PRIVATE_THREADS
    lions = fake.add_role("Lions")
    alice, bob, erin, dave = (fake.add_user(n) for n in ("alice", "bob", "erin", "dave"))
    bob.roles = erin.roles = (lions,)
    thread, board = await _open_game(fake, alice, dave, role=lions, secret=False)
    await _private(fake, bob, "vote nominate", {"move": "e4"}, thread)
    await _private(fake, alice, "vote nominate", {"move": "d4"}, thread)
    await _private(fake, bob, "vote poll", {}, thread)
    (poll,) = _team_polls(fake, dave)
    fake.update_member(bob, ())
    for name, move in (("vote cast", "e4"), ("vote nominate", "c4")):
        refused = await _private(fake, bob, name, {"move": move}, thread)
        assert "on no team playing a vote game here" in refused.text(), refused.text()
    pressed = await fake.reply(await fake.click(bob, board, "Vote…"))
    assert pressed.ephemeral and "not on this team" in pressed.text(), pressed.text()
    await fake.poll_vote(bob, poll, 1)
    await fake.poll_vote(erin, poll, 2)
    counted = await _tally_shows(fake, alice, thread, "d4 (1)")
    assert "e4 (0)" in counted and "c4" not in counted, counted


async def test_a_member_who_lost_the_role_or_left_gets_no_reminder_dm(running: Harness) -> None:
    """bob, carol and erin hold @Lions and ask for DM reminders; then bob loses the role and
    erin leaves the server. The day's reminder DMs carol alone: Postal asks Discord whether
    each still holds the role as it sends (roles are not known when the row is written), and
    bob's and erin's rows are dropped without holding up carol's."""
    fake = running.fake
    lions = fake.add_role("Lions")
    alice, bob, carol, erin, dave = (
        fake.add_user(n) for n in ("alice", "bob", "carol", "erin", "dave")
    )
    bob.roles = carol.roles = erin.roles = (lions,)
    thread, _ = await _open_game(fake, alice, dave, role=lions, window=72)
    for member in (bob, carol, erin):
        await _private(fake, member, "vote remind", {}, thread)
    fake.update_member(bob, ())
    fake.remove_member(erin)
    running.clock.advance(timedelta(hours=48, minutes=1))
    await running.clock_round()
    await running.delivered()
    dms = {
        c.recipient.name: fake.channel_messages(c.id)
        for c in fake.channels.values()
        if c.type == DM and c.recipient is not None
    }
    assert {name for name, sent in dms.items() if sent} == {"carol"}, dms
    (sent,) = dms["carol"]
    assert "less than 24 hours left to vote" in sent.text(), sent.text()
    said = "\n".join(m.text() for m in fake.channel_messages(thread.id))
    assert "DMs are closed" not in said


async def test_a_poll_holds_discords_ten_answers_of_twelve_nominations(
    running: Harness,
) -> None:
    """Four members nominate twelve moves: the poll Postal posts holds the ten earliest
    (Discord refuses an eleventh answer), and the member who asked is told two are not in
    it; a vote for the tenth answer counts as a vote for that move."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS | CREATE_PRIVATE_THREADS
    alice, bob, carol, erin, dave = (
        fake.add_user(n) for n in ("alice", "bob", "carol", "erin", "dave")
    )
    members = f"{bob.mention} {carol.mention} {erin.mention}"
    thread, _ = await _open_game(fake, alice, dave, members=members, secret=False)
    moves = ["a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4"]
    for index, move in enumerate(moves):
        member = (alice, bob, carol, erin)[index // 3]
        await _private(fake, member, "vote nominate", {"move": move}, thread)
    posted = await _private(fake, bob, "vote poll", {}, thread)
    said = posted.text()
    assert "10 nominations" in said and "2 more nominations are not listed" in said, said
    (poll,) = _team_polls(fake, dave)
    assert poll.poll is not None
    assert [a["poll_media"]["text"] for a in poll.poll["answers"]] == moves[:10]
    await fake.poll_vote(carol, poll, 10)
    await _tally_shows(fake, alice, thread, "e4 (1)")
