"""``/stats`` counts team games apart (issue 26): the vote games a member took part in (a
vote or a nomination: their team's result, unrated), and their club matches' games (unrated,
taken out of their games against people); a member who neither voted nor nominated, and the
team's opponent, count no vote game."""

from __future__ import annotations

import pytest

from bot.service import GameService, ManualClock, User
from bot.store import ResultCounts
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, start_game
from tests.service.test_service_club_matches import LIONS, ORGANISER_A, TIGERS, A
from tests.service.test_service_votes import DAVE, open_team_game

# The store's reads of votes, nominations and club games: on PostgreSQL too.
pytestmark = pytest.mark.store


async def test_vote_games_count_for_members_who_took_part(
    service: GameService, clock: ManualClock
) -> None:
    """alice and bob vote e4 (carol nominates nothing and casts no vote); the window closes
    at its time with e4; dave answers and the captain resigns: alice and bob have a vote
    game lost, carol and dave none (dave's own game against the team counts as his)."""
    game_id, _ = await open_team_game(service, window=24)
    await service.votes.vote(ALICE, PLACE, "e4")
    await service.votes.vote(BOB, PLACE, "e4")
    clock.advance(hours=24, seconds=1)
    await service.votes.close_due_windows()
    await service.play.move(DAVE, PLACE, "e5", game_id=game_id)
    await service.endings.confirm_resign(ALICE, game_id)
    for member in (ALICE, BOB):
        stats = await service.reports.stats(member, place=PLACE)
        assert stats.votes == ResultCounts("", 0, 0, 1), member
        assert stats.variants == () and stats.club is None
    assert (await service.reports.stats(CAROL, place=PLACE)).votes is None
    dave = await service.reports.stats(DAVE, place=PLACE)
    assert dave.votes is None and [(v.variant, v.wins) for v in dave.variants] == [("chess", 1)]


async def test_club_games_are_counted_apart(service: GameService) -> None:
    """A one-game club match the Lions' player wins (the Tigers' resigns), beside an
    ordinary game he lost: his chess row holds the ordinary game alone, the club line the
    match's; his rival's the same, the other way round."""
    made = await service.matches.create(
        ORGANISER_A, A, manages_server=True, names=("Reds", "Blues"), boards=1, games_a_board=1
    )
    await service.matches.join(LIONS[0], A, side=1)
    await service.matches.join(TIGERS[0], A, side=2)
    started = await service.matches.start(ORGANISER_A, A, made.match.id)
    (board,) = started.standings.boards
    await service.endings.confirm_resign(TIGERS[0], board.games[0].game_id)
    zoe = User(99, "zoe")
    ordinary = await start_game(service, white=LIONS[0], black=zoe, place=A)
    for mover, move in ((LIONS[0], "f3"), (zoe, "e5"), (LIONS[0], "g4"), (zoe, "Qh4#")):
        await service.play.move(mover, None, move, game_id=ordinary.game.id)
    lion = await service.reports.stats(LIONS[0], place=A)
    assert lion.club == ResultCounts("", 1, 0, 0)
    assert [(v.variant, v.wins, v.draws, v.losses) for v in lion.variants] == [("chess", 0, 0, 1)]
    tiger = await service.reports.stats(TIGERS[0], place=A)
    assert tiger.club == ResultCounts("", 0, 0, 1) and tiger.variants == ()
