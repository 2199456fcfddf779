"""A team's poll through the service: a vote cast in it counts as the member's vote, and
taking it back withdraws that vote while it is still for that answer's move; voting again
after a withdrawal is a change of vote; a withdrawal after the window closed changes
nothing."""

from __future__ import annotations

import pytest

from bot.service import GameService, ManualClock
from bot.service.vote_facts import VoteError, VoteRefusal
from bot.service.vote_rules import VOTE_CHANGES_PER_TURN
from bot.store import Store
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE
from tests.service.test_service_votes import open_team_game

POLL = 7001  # the poll's message id on Discord
TEAM_THREAD = 7002  # the team's private thread, where it is posted


async def _poll(service: GameService, *moves: str) -> None:
    """Alice nominates ``moves`` and Bob asks for the poll of them (message ``POLL``)."""
    for move in moves:
        await service.votes.nominate(ALICE, PLACE, move)
    asked = await service.vote_polls.ask(BOB, PLACE)
    await service.vote_polls.posted(asked, POLL, TEAM_THREAD)


async def _counts(service: GameService) -> list[tuple[str, int | None]]:
    tally = await service.votes.tally(ALICE, PLACE)
    return [(count.san, count.votes) for count in tally.counts]


@pytest.mark.store
async def test_a_poll_vote_taken_back_is_withdrawn(service: GameService) -> None:
    """Bob votes d4 in the poll, then takes it back: his vote no longer counts, and the
    window stays open (a list team closes when every member has a vote)."""
    await open_team_game(service, secret=False)
    await _poll(service, "e4", "d4")
    await service.vote_polls.vote(BOB, POLL, 2)
    assert await _counts(service) == [("e4", 0), ("d4", 1)]
    assert await service.vote_polls.withdraw(BOB, POLL, 2)
    assert await _counts(service) == [("e4", 0), ("d4", 0)]
    assert not await service.vote_polls.withdraw(BOB, POLL, 2)  # nothing left to withdraw
    await service.vote_polls.vote(ALICE, POLL, 1)
    taken = await service.vote_polls.vote(CAROL, POLL, 1)
    assert taken is not None and taken.closed is None  # bob has no vote: still open


async def test_taking_back_an_answer_no_longer_voted_for_changes_nothing(
    service: GameService,
) -> None:
    """Bob votes d4 in the poll, then e4 by command; taking back his poll vote for d4
    leaves his e4. Another answer, or a message that is no team's poll, withdraws nothing."""
    await open_team_game(service, secret=False)
    await _poll(service, "e4", "d4")
    await service.vote_polls.vote(BOB, POLL, 2)
    await service.votes.vote(BOB, PLACE, "e4")
    assert not await service.vote_polls.withdraw(BOB, POLL, 2)
    assert not await service.vote_polls.withdraw(BOB, POLL, 9)
    assert not await service.vote_polls.withdraw(BOB, POLL + 1, 1)
    assert await _counts(service) == [("e4", 1), ("d4", 0)]


@pytest.mark.store
async def test_voting_again_after_a_withdrawal_is_a_change(service: GameService) -> None:
    """Withdrawing and voting again cannot get round the limit on changes of vote."""
    await open_team_game(service, secret=False)
    await _poll(service, "e4", "d4")
    await service.vote_polls.vote(BOB, POLL, 1)
    for _ in range(VOTE_CHANGES_PER_TURN):
        assert await service.vote_polls.withdraw(BOB, POLL, 1)
        await service.vote_polls.vote(BOB, POLL, 1)
    assert await service.vote_polls.withdraw(BOB, POLL, 1)
    with pytest.raises(VoteError) as refused:
        await service.vote_polls.vote(BOB, POLL, 1)
    assert refused.value.reason is VoteRefusal.CHANGE_LIMIT
    assert await _counts(service) == [("e4", 0), ("d4", 0)]


@pytest.mark.store
async def test_a_withdrawal_after_the_close_changes_nothing(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """The window closed with Bob's poll vote counted: taking it back then is refused, and
    the move stays played."""
    game_id, _ = await open_team_game(service, secret=False)
    await _poll(service, "e4", "d4")
    await service.vote_polls.vote(BOB, POLL, 2)
    clock.advance(hours=24)
    (closed,) = await service.votes.close_due_windows()
    assert closed.elected == "d4"
    with pytest.raises(VoteError) as refused:
        await service.vote_polls.withdraw(BOB, POLL, 2)
    assert refused.value.reason is VoteRefusal.WINDOW_CLOSED
    assert [move.uci for move in await store.games.moves(game_id)] == ["d2d4"]


async def test_a_team_has_two_polls_a_turn(service: GameService) -> None:
    """A team's second poll of a turn is posted (a later nomination may want one); a third
    is refused, naming the limit and how to vote instead."""
    await open_team_game(service, secret=False)
    await _poll(service, "e4")
    await service.votes.nominate(ALICE, PLACE, "d4")
    second = await service.vote_polls.ask(BOB, PLACE)
    assert [count.san for count in second.counts] == ["e4", "d4"]
    await service.vote_polls.posted(second, POLL + 1, TEAM_THREAD)
    with pytest.raises(VoteError) as third:
        await service.vote_polls.ask(ALICE, PLACE)
    assert third.value.reason is VoteRefusal.POLL_LIMIT and third.value.count == 2
