"""Team against team through the service: a team's challenge accepted by another team
formed with it (on the challenge's terms), each member voting for their own side (named
by the game), and refusals that leave no team behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService, Place, User
from bot.service.errors import ChallengeClosedError, UnknownChallengeError
from bot.service.vote_facts import VoteError, VoteRefusal
from bot.store import Store
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, snapshot
from tests.service.test_service_votes import DAVE, ERIN


async def _lions(service: GameService) -> int:
    """Alice's Lions (with bob) challenge anyone, as black: the challenge's id."""
    opened = await service.votes.open(
        ALICE, PLACE, name="Lions", members=(BOB,), color="black", days=2, secret=False
    )
    assert opened.challenge is not None
    return opened.challenge.challenge.id


async def test_a_team_accepts_a_teams_challenge_and_each_side_votes(
    service: GameService, store: Store
) -> None:
    """The Tigers (dave, erin) accept the Lions' challenge: a casual game of the two teams'
    seats; a vote named by the game counts for the voter's own side only."""
    challenge = await _lions(service)
    opened = await service.votes.accept(DAVE, challenge, PLACE, name="Tigers", members=(ERIN,))
    started = opened.accepted
    assert started is not None and opened.team.window_hours == 48
    game = started.game
    assert (game.white.name, game.black.name, game.rated) == ("Tigers", "Lions", False)
    await service.votes.vote(DAVE, None, "e4", game_id=game.id)
    with pytest.raises(VoteError) as early:
        await service.votes.vote(ALICE, None, "e5", game_id=game.id)
    assert early.value.reason is VoteRefusal.WINDOW_CLOSED  # the Tigers are to move
    with pytest.raises(VoteError) as outsider:
        await service.votes.vote(CAROL, None, "e4", game_id=game.id)
    assert outsider.value.reason is VoteRefusal.NOT_A_MEMBER
    taken = await service.votes.vote(ERIN, None, "e4", game_id=game.id)
    assert taken.closed is not None and taken.closed.elected == "e4"
    taken = await service.votes.vote(BOB, None, "c5", game_id=game.id)
    assert taken.team == "Lions"
    record = await store.games.get(game.id)
    assert record is not None and record.to_move_id == game.black.id


async def test_one_holding_both_teams_roles_votes_for_neither(
    service: GameService, db_path: Path
) -> None:
    """The Lions are @77, the Tigers @88: carol holds both roles, so she would play both
    sides; her nomination and vote are refused for either team, changing nothing, while
    a holder of one role votes for it."""
    opened = await service.votes.open(
        ALICE, PLACE, name="Lions", role_id=77, color="black", days=2, secret=False
    )
    assert opened.challenge is not None
    accepted = await service.votes.accept(
        DAVE, opened.challenge.challenge.id, PLACE, name="Tigers", role_id=88
    )
    assert accepted.accepted is not None
    game_id = accepted.accepted.game.id
    before = snapshot(db_path)
    for action in (service.votes.vote, service.votes.nominate):
        with pytest.raises(VoteError) as both:
            await action(CAROL, None, "e4", game_id=game_id, roles=frozenset({77, 88}))
        assert both.value.reason is VoteRefusal.BOTH_SIDES
    assert snapshot(db_path) == before
    taken = await service.votes.vote(ERIN, None, "e4", game_id=game_id, roles=frozenset({88}))
    assert taken.team == "Tigers" and taken.voted


async def test_what_a_team_may_not_accept_leaves_no_team(
    service: GameService, db_path: Path | str
) -> None:
    """A player's challenge, an unknown one, one from another server, a member on both
    teams, a window beyond the days, a challenge accepted already: refused, and nothing is
    left of the team formed."""
    person = await service.challenges.challenge(ALICE, PLACE, BOB)
    lions = await _lions(service)
    elsewhere = Place(PLACE.guild_id + 1, PLACE.channel_id + 1)
    refusals: list[tuple[int, Place, tuple[User, ...], int | None, VoteRefusal | None]] = [
        (person.challenge.id, PLACE, (), None, VoteRefusal.NOT_A_TEAM_CHALLENGE),
        (999, PLACE, (), None, None),
        (lions, elsewhere, (), None, VoteRefusal.ANOTHER_SERVER),
        (lions, PLACE, (BOB,), None, VoteRefusal.OPPONENT_IN_TEAM),
        (lions, PLACE, (), 49, VoteRefusal.WINDOW_LENGTH),
    ]
    before = snapshot(db_path)
    for challenge_id, where, members, window, reason in refusals:
        with pytest.raises(VoteError if reason else UnknownChallengeError) as refused:
            await service.votes.accept(
                DAVE, challenge_id, where, name="Tigers", members=members, window_hours=window
            )
        if reason is not None:
            assert isinstance(refused.value, VoteError) and refused.value.reason is reason
        assert snapshot(db_path) == before
    await service.votes.accept(DAVE, lions, PLACE, name="Tigers")
    before = snapshot(db_path)
    with pytest.raises(ChallengeClosedError):
        await service.votes.accept(CAROL, lions, PLACE, name="Owls")
    assert snapshot(db_path) == before


async def test_a_teams_challenge_to_another_server_is_taken_by_a_team_there(
    service: GameService, store: Store, db_path: Path | str
) -> None:
    """The Lions challenge server B's teams: a player may not take it (nor with a player or
    the computer named too), nor a team formed in A; the Tigers formed in B take it, and
    the game has a place in B where the Tigers play (their team's place)."""
    with pytest.raises(VoteError) as both:
        await service.votes.open(
            ALICE, PLACE, name="Lions", opponent=CAROL, rival_guild_id=PLACE.guild_id + 1
        )
    assert both.value.reason is VoteRefusal.SERVER_AND_OPPONENT
    b = Place(PLACE.guild_id + 1, PLACE.channel_id + 1)
    opened = await service.votes.open(
        ALICE, PLACE, name="Lions", members=(BOB,), color="black", rival_guild_id=b.guild_id
    )
    assert opened.challenge is not None
    challenge = opened.challenge.challenge.id
    before = snapshot(db_path)
    with pytest.raises(VoteError) as player:
        await service.challenges.accept_challenge(CAROL, challenge)
    assert player.value.reason is VoteRefusal.ANOTHER_SERVERS_TEAMS
    with pytest.raises(VoteError) as here:
        await service.votes.accept(DAVE, challenge, PLACE, name="Owls")
    assert here.value.reason is VoteRefusal.ANOTHER_SERVER
    assert snapshot(db_path) == before
    taken = await service.votes.accept(DAVE, challenge, b, name="Tigers", members=(ERIN,))
    assert taken.accepted is not None
    game = taken.accepted.game
    assert (game.white.name, game.guild_id) == ("Tigers", PLACE.guild_id)
    (there,) = await store.game_places.of_game(game.id)
    assert (there.guild_id, there.channel_id, there.player_id) == (
        b.guild_id,
        b.channel_id,
        game.white.id,
    )
    ballot = await service.votes.vote(ERIN, b, "e4", game_id=game.id)
    assert ballot.team == "Tigers"
