"""A player's finished tournaments in ``/stats``: how many, and for the latest their place
of how many and their points; only the server's own (every server for one's own stats
outside servers); a knockout's places from its bracket."""

from __future__ import annotations

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import GameService
from bot.service.results import Place, PlayerRef
from bot.service.tournament.facts import MatchLine
from bot.service.tournament.history import knockout_place
from bot.service.tournament.knockout import Decision
from bot.store import NotifyMode
from bot.text.reports import stats_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE

USERS = {user.id: user for user in (ALICE, BOB, CAROL)}


async def _played_round_robin(service: GameService) -> int:
    """Alice beats both, Bob beats Carol: places 1, 2, 3 with 2, 1, 0 points."""
    made = await service.tournaments.create(ALICE, PLACE, manages_server=True, name="Cup")
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(user, PLACE)
    started = await service.tournaments.start(ALICE, PLACE, manages_server=True)
    for pairing in started.pairings:
        game = pairing.game
        ids = {game.white.id, game.black.id}
        loser = CAROL.id if CAROL.id in ids else BOB.id
        await service.endings.confirm_resign(USERS[loser], game.id)
    return made.tournament.id


async def test_stats_list_the_tournaments_finished_here(service: GameService) -> None:
    """Bob's stats on the server: one tournament, place 2 of 3, 1 point; Carol's place 3;
    on another server none; asked outside servers, his own list them and another's not."""
    tid = await _played_round_robin(service)
    bob = await service.reports.stats(BOB, place=PLACE)
    assert bob.tournaments_played == 1
    [played] = bob.tournaments
    assert (played.id, played.name, played.place, played.players, played.points) == (
        tid,
        "Cup",
        2,
        3,
        1.0,
    )
    assert "Tournaments: 1 finished.\nCup (#1): place 2 of 3, points: 1" in str(stats_text(bob))
    with using(Locale.FR):
        assert "Cup (n° 1) : place 2 sur 3, points : 1" in say(stats_text(bob))
    carol = await service.reports.stats(ALICE, CAROL, place=PLACE)
    assert [(p.place, p.points) for p in carol.tournaments] == [(3, 0.0)]
    elsewhere = await service.reports.stats(BOB, place=Place(guild_id=2, channel_id=20))
    assert (elsewhere.tournaments_played, elsewhere.tournaments) == (0, ())
    own = await service.reports.stats(BOB, place=Place(guild_id=0, channel_id=5))
    assert own.tournaments_played == 1
    other = await service.reports.stats(ALICE, BOB, place=Place(guild_id=0, channel_id=5))
    assert other.tournaments_played == 0


async def test_a_tournament_not_finished_is_not_listed(service: GameService) -> None:
    """Started and not over: nothing in the stats yet."""
    await service.tournaments.create(ALICE, PLACE, manages_server=True, name="Cup")
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(user, PLACE)
    await service.tournaments.start(ALICE, PLACE, manages_server=True)
    assert (await service.reports.stats(BOB, place=PLACE)).tournaments_played == 0


def _ref(number: int) -> PlayerRef:
    return PlayerRef(number, f"p{number}", NotifyMode.CHANNEL)


def test_knockout_places_come_from_the_bracket() -> None:
    """Eight players: the champion 1st, the final's loser 2nd, semi-final losers 3rd,
    quarter-final losers 5th; points are the player's over their matches."""
    p = {n: _ref(n) for n in range(1, 9)}
    won = Decision.GAMES

    def match(round_: int, number: int, high: int, low: int, hp: float, lp: float) -> MatchLine:
        winner = p[high] if hp > lp else p[low]
        return MatchLine(round_, number, p[high], p[low], hp, lp, winner, won)

    matches = [
        match(1, 1, 1, 8, 2, 0),
        match(1, 2, 4, 5, 1.5, 0.5),
        match(1, 3, 2, 7, 2, 0),
        match(1, 4, 3, 6, 0.5, 1.5),
        match(2, 1, 1, 4, 1.5, 0.5),
        match(2, 2, 2, 6, 1, 2),
        match(3, 1, 1, 6, 0.5, 1.5),
    ]
    assert knockout_place(matches, 6) == (1, 5.0)
    assert knockout_place(matches, 1) == (2, 4.0)
    assert knockout_place(matches, 4)[0] == 3 and knockout_place(matches, 2)[0] == 3
    assert knockout_place(matches, 5) == (5, 0.5)
    assert knockout_place(matches, 8) == (5, 0.0)
