"""A voting window closed by the clock is said in the game's place through the outbox: the
move played, never the votes (the other side reads it), written in the close's own write,
once across two processes; a window a member's vote closes says it in that member's answer
alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.i18n.text import say
from bot.service import GameService, ManualClock, User
from bot.service.vote_facts import TeamCountsNotice, VoteClosedNotice
from bot.service.vote_rules import ElectedBy
from bot.store import OutboxKind, OutboxTarget, Store, TeamCountsFacts, VoteClosedFacts
from bot.text.vote_words import closed_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, rows_of_kind, said_in_place
from tests.service.test_service_votes import DAVE, open_team_game


async def test_the_clocks_close_says_the_move_before_the_board_and_no_votes(
    service: GameService, clock: ManualClock
) -> None:
    """A team showing its votes: the clock's close writes one row saying the elected move,
    ahead of the elected move's board in the game's lane; the votes it does not say (the
    other side reads the game's place: the team's own row tells the team, below)."""
    game_id, team_id = await open_team_game(service, secret=False)
    await service.votes.vote(BOB, PLACE, "d4")
    await service.votes.vote(CAROL, PLACE, "d4")
    await service.votes.nominate(ALICE, PLACE, "e4")
    clock.advance(hours=24)
    (closed,) = await service.votes.close_due_windows()
    assert closed.elected == "d4"
    rows = await service.deliveries.deliveries_of(game_id)
    vote_rows = [row for row in rows if row.kind is OutboxKind.VOTE_CLOSED]
    (row,) = vote_rows
    assert row.facts == VoteClosedFacts(team_id, 0) and row.target is OutboxTarget.PLACE
    board = [r for r in rows if r.kind is OutboxKind.TURN and r.target is OutboxTarget.PLACE]
    assert board and row.id < board[-1].id  # the lane says the vote, then the board
    notice = await said_in_place(service, row, VoteClosedNotice)
    assert notice.game.id == game_id and notice.closed.by is ElectedBy.VOTES
    assert notice.closed.elected == "d4"
    assert notice.closed.counts == ()
    assert say(closed_text(notice.closed)) == "Lions's vote closed: d4 is played."


async def test_a_secret_teams_close_says_only_the_move(
    service: GameService, clock: ManualClock
) -> None:
    """A team keeping its votes secret: the place is told the move, not the counts."""
    game_id, _ = await open_team_game(service)
    await service.votes.vote(BOB, PLACE, "Nf3")
    await service.votes.nominate(CAROL, PLACE, "c4")
    clock.advance(hours=24)
    await service.votes.close_due_windows()
    (row,) = await rows_of_kind(service, game_id, OutboxKind.VOTE_CLOSED)
    notice = await said_in_place(service, row, VoteClosedNotice)
    assert notice.closed.elected == "Nf3" and notice.closed.counts == ()
    assert say(closed_text(notice.closed)) == "Lions's vote closed: Nf3 is played."


async def test_a_close_with_nothing_elected_is_said_too(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Nothing elected (no vote, no nomination of the captain's): the row says so, written
    with the window's close; no move is played."""
    game_id, _ = await open_team_game(service, secret=False)
    await service.votes.nominate(BOB, PLACE, "e4")
    clock.advance(hours=24)
    await service.votes.close_due_windows()
    (row,) = await rows_of_kind(service, game_id, OutboxKind.VOTE_CLOSED)
    notice = await said_in_place(service, row, VoteClosedNotice)
    assert notice.closed.elected is None and await store.games.moves(game_id) == []
    assert "nothing elected" in say(closed_text(notice.closed))


async def test_a_window_a_members_vote_closes_writes_no_row(service: GameService) -> None:
    """The last listed member's vote closes the window: their answer says it, the place
    gets the board only (the team its counts: below)."""
    game_id, _ = await open_team_game(service, secret=False)
    for member in (ALICE, BOB, CAROL):
        taken = await service.votes.vote(member, PLACE, "e4")
    assert taken.closed is not None and taken.closed.elected == "e4"
    assert await rows_of_kind(service, game_id, OutboxKind.VOTE_CLOSED) == []


async def test_two_processes_closing_one_window_say_it_once(
    store: Store, clock: ManualClock
) -> None:
    """Two services (processes) close the same due windows at once, twice over (the second
    round finds nothing): one row per close, each the first in its lane."""
    first = GameService(store, clock, process="one")
    second = GameService(store, clock, process="two")
    game_id, team_id = await open_team_game(first, secret=False)
    await first.votes.vote(BOB, PLACE, "e4")
    clock.advance(hours=24)
    for _ in range(2):
        await asyncio.gather(first.votes.close_due_windows(), second.votes.close_due_windows())
    await first.play.move(DAVE, PLACE, "e5", game_id=game_id)
    clock.advance(hours=24)  # the next window: nothing nominated, still said once
    for _ in range(2):
        await asyncio.gather(first.votes.close_due_windows(), second.votes.close_due_windows())
    rows = await rows_of_kind(first, game_id, OutboxKind.VOTE_CLOSED)
    assert [row.facts for row in rows] == [VoteClosedFacts(team_id, 0), VoteClosedFacts(team_id, 2)]


@pytest.mark.store
async def test_two_processes_on_their_own_connections_close_each_window_once(
    store: Store, clock: ManualClock, db_path: Path | str
) -> None:
    """Two processes, each with its own Store (its own connection: on PostgreSQL two
    sessions really at once), close the same six due windows in two rounds at once: each
    game gets one move and one close row, and every window is closed by one of them."""
    first = GameService(store, clock, process="one")
    games = []
    for n in range(6):
        captain, member = User(3000 + n, f"c{n}"), User(3100 + n, f"m{n}")
        opponent = User(3200 + n, f"o{n}")
        opened = await first.votes.open(
            captain, PLACE, name=f"T{n}", members=(member,), opponent=opponent,
            color="white", days=3, window_hours=24,
        )  # fmt: skip
        assert opened.challenge is not None
        started = await first.challenges.accept_challenge(opponent, opened.challenge.challenge.id)
        await first.votes.vote(captain, PLACE, "e4", game_id=started.game.id)
        games.append(started.game.id)
    clock.advance(hours=24)
    other_store = await Store.open(db_path)
    try:
        second = GameService(other_store, clock, process="two")
        closed = []
        for _ in range(2):
            rounds = await asyncio.gather(
                first.votes.close_due_windows(), second.votes.close_due_windows()
            )
            closed += [window for found in rounds for window in found]
    finally:
        await other_store.close()
    assert sorted(window.game_id for window in closed) == sorted(games)
    for game_id in games:
        assert [m.uci for m in await store.games.moves(game_id)] == ["e2e4"]
        assert len(await rows_of_kind(first, game_id, OutboxKind.VOTE_CLOSED)) == 1


async def test_every_close_tells_the_team_its_counts_alone(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """A secret team's close, by the clock or by the last member's vote, writes one row
    more in the close's write: the counts for the team alone (its private thread, never a
    fallback to the game's channel), every nomination's votes and the move elected."""
    game_id, team_id = await open_team_game(service)
    await service.votes.vote(BOB, PLACE, "d4")
    await service.votes.nominate(ALICE, PLACE, "e4")
    clock.advance(hours=24)
    await service.votes.close_due_windows()
    await service.play.move(DAVE, PLACE, "d5", game_id=game_id)
    for member in (ALICE, BOB, CAROL):
        await service.votes.vote(member, PLACE, "c4")
    rows = await rows_of_kind(service, game_id, OutboxKind.TEAM_COUNTS)
    assert [row.facts for row in rows] == [TeamCountsFacts(team_id, 0), TeamCountsFacts(team_id, 2)]
    said = []
    for row in rows:
        delivery = await service.deliveries.delivery(row)
        assert delivery is not None and isinstance(delivery.content, TeamCountsNotice)
        assert delivery.parent_id is None and delivery.mention == ()
        assert delivery.content.thread.members == (ALICE.id, BOB.id, CAROL.id)
        said.append(say(closed_text(delivery.content.closed)))
    assert said == [
        "Lions's vote closed: d4 is played. Votes: d4 (1), e4 (0).",
        "Lions's vote closed: c4 is played. Votes: c4 (3).",
    ]
