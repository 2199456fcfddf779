"""Club matches (issue 26): an organiser makes a match, another server's organiser accepts
it, members join their server's side, the start pairs the sides board by board in rating
order (both colours at once), every game lives in both servers, and each result updates
each side's standings message, posted once and then edited."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service import ButtonAction, DeliveryTarget, GameService, Place, User
from bot.service.controls import board_controls
from bot.service.match_facts import (
    MatchChange,
    MatchError,
    MatchRefusal,
    MatchUpdate,
)
from bot.service.option_errors import DaysError
from bot.store import MatchStatus, OutboxKind, Rating, Store
from bot.store.ratings import write_rating

NOW = datetime(2026, 1, 1, tzinfo=UTC)
A = Place(guild_id=1, channel_id=10)
B = Place(guild_id=2, channel_id=20)
ORGANISER_A, ORGANISER_B = User(11, "ada"), User(21, "bea")
LIONS = (User(12, "leo"), User(13, "lia"))
TIGERS = (User(22, "tom"), User(23, "tia"))

# The store's new tables and statements (game places, club matches) are reached from these
# tests: they run on PostgreSQL too.
pytestmark = pytest.mark.store


async def _match_between_servers(service: GameService) -> int:
    """A 2-board match of two games a board, Lions (server 1) against Tigers (server 2),
    accepted and filled."""
    matches = service.matches
    made = await matches.create(
        ORGANISER_A, A, manages_server=True, names=("Lions", "Tigers"), boards=2, against=2
    )
    assert made.change is MatchChange.INVITED and made.match.status is MatchStatus.INVITED
    accepted = await matches.accept(ORGANISER_B, B, made.match.id, manages_server=True)
    assert accepted.match.status is MatchStatus.OPEN
    for player in LIONS:
        await matches.join(player, A)
    for player in TIGERS:
        await matches.join(player, B)
    return made.match.id


async def test_a_match_between_servers_is_played_to_its_standings(
    service: GameService, store: Store
) -> None:
    """The start makes two games a board, each with its own place in server 1 and a
    place in server 2 for the Tigers' player; every result writes a standings row for
    each side; the first delivered posts in that side's channel, later ones edit it, and
    the last result finishes the match with its total."""
    match_id = await _match_between_servers(service)
    started = await service.matches.start(ORGANISER_B, B, match_id)
    boards = started.standings.boards
    assert [b.number for b in boards] == [1, 2] and started.standings.games == 4
    for board in boards:
        assert {p.id for p in board.players} <= {u.id for u in (*LIONS, *TIGERS)}
        assert [g.side_one_white for g in board.games] == [True, False]
    for board in boards:
        for game in board.games:
            (place,) = await store.game_places.of_game(game.game_id)
            assert place.guild_id == 2 and place.player_id == board.players[1].id
            record = await store.games.get(game.game_id)
            assert record is not None and record.guild_id == 1 and not record.rated
    # Side 1 wins the first game by resignation, and the Tigers the other three.
    games = [g for b in boards for g in b.games]
    first, *others = games
    tiger = boards[0].players[1]
    await service.endings.confirm_resign(User(tiger.id, tiger.name), first.game_id)
    rows = [
        r
        for r in await service.deliveries.pending_deliveries()
        if r.kind is OutboxKind.MATCH_STANDINGS
    ]
    assert len(rows) == 2
    posted = [await service.deliveries.delivery(row) for row in rows]
    assert [(p.guild_id, p.channel_id) for p in posted if p] == [(1, 10), (2, 20)]
    for at, delivery in enumerate(posted):
        assert delivery is not None and isinstance(delivery.content, MatchUpdate)
        assert delivery.content.standings.halves == (2, 0)
        await service.deliveries.delivered_many([(delivery, delivery.channel_id, 900 + at)])
    for game, at_board in zip(others, (0, 1, 1), strict=True):
        loser = boards[at_board].players[0]
        await service.endings.confirm_resign(User(loser.id, loser.name), game.game_id)
    rows = [
        r
        for r in await service.deliveries.pending_deliveries()
        if r.kind is OutboxKind.MATCH_STANDINGS
    ]
    said = [await service.deliveries.delivery(row) for row in rows]
    edits = [d for d in said if d is not None]
    assert len(edits) == 2  # the last result's rows; the two before were overtaken
    assert [(d.target, d.message_id) for d in edits] == [
        (DeliveryTarget.MESSAGE, 900),
        (DeliveryTarget.MESSAGE, 901),
    ]
    final = edits[0].content
    assert isinstance(final, MatchUpdate) and final.standings.over
    assert final.standings.halves == (2, 6)
    assert [b.halves for b in final.standings.boards] == [(2, 2), (0, 4)]
    match = await store.club_matches.get(match_id)
    assert match is not None and match.status is MatchStatus.FINISHED


async def test_refusals_change_nothing(service: GameService, store: Store) -> None:
    """Only the invited server's organiser accepts; members of a third server cannot
    join; a side short of players cannot start; a member joins once."""
    matches = service.matches
    with pytest.raises(MatchError) as refused:
        await matches.create(
            LIONS[0], A, manages_server=False, names=("Lions", "Tigers"), boards=2, against=2
        )
    assert refused.value.reason is MatchRefusal.NOT_ORGANISER
    with pytest.raises(MatchError) as refused:
        await matches.create(ORGANISER_A, A, manages_server=True, names=("L", "T"), boards=0)
    assert refused.value.reason is MatchRefusal.BAD_BOARDS
    with pytest.raises(DaysError):  # the adapters offer the choices; the service checks
        await matches.create(
            ORGANISER_A, A, manages_server=True, names=("L", "T"), boards=2, days=4
        )
    made = await matches.create(
        ORGANISER_A, A, manages_server=True, names=("Lions", "Tigers"), boards=2, against=2
    )
    match_id = made.match.id
    for who, where, reason in (
        (ORGANISER_A, A, MatchRefusal.NOT_INVITED),
        (ORGANISER_B, Place(3, 30), MatchRefusal.NO_MATCH),  # not confirmed to others
    ):
        with pytest.raises(MatchError) as refused:
            await matches.accept(who, where, match_id, manages_server=True)
        assert refused.value.reason is reason
    with pytest.raises(MatchError) as refused:
        await matches.accept(TIGERS[0], B, match_id, manages_server=False)
    assert refused.value.reason is MatchRefusal.NOT_ORGANISER
    await matches.accept(ORGANISER_B, B, match_id, manages_server=True)
    with pytest.raises(MatchError) as refused:
        await matches.join(User(31, "cy"), Place(3, 30), match_id)
    assert refused.value.reason is MatchRefusal.NO_MATCH  # another server's: not confirmed
    await matches.join(LIONS[0], A)
    with pytest.raises(MatchError) as refused:
        await matches.join(LIONS[0], A)
    assert refused.value.reason is MatchRefusal.ALREADY_IN
    with pytest.raises(MatchError) as refused:
        await matches.start(ORGANISER_A, A)
    assert refused.value.reason is MatchRefusal.TOO_FEW and refused.value.side == "Lions"
    match = await store.club_matches.get(match_id)
    assert match is not None and match.status is MatchStatus.OPEN


async def test_one_servers_match_pairs_by_rating_one_game_a_board(
    service: GameService, store: Store
) -> None:
    """In one server the organiser lists each side's players; the start puts the best
    rated first (newcomers at 1500), whatever the listing order, one game a board, side 1
    white on odd boards."""
    matches = service.matches
    made = await matches.create(
        ORGANISER_A, A, manages_server=True, names=("Reds", "Blues"), boards=2, games_a_board=1
    )
    with pytest.raises(MatchError) as refused:
        await matches.join(LIONS[0], A)
    assert refused.value.reason is MatchRefusal.WHICH_SIDE
    for player in LIONS:
        await matches.join(ORGANISER_A, A, side=1, player=player)
    for player in TIGERS:
        await matches.join(player, A, side=2)
    # Listed first, rated lower: LIONS[0] 1400 against LIONS[1] 1700; TIGERS[0] a
    # newcomer (1500) against TIGERS[1] 1600.
    async with store.database.transaction() as conn:
        for player, rating in ((LIONS[0], 1400.0), (LIONS[1], 1700.0), (TIGERS[1], 1600.0)):
            await write_rating(
                conn, A.guild_id, "chess", player.id, Rating(rating, 80.0, 0.06, 10), NOW
            )
    started = await matches.start(ORGANISER_A, A, made.match.id)
    boards = started.standings.boards
    assert [len(b.games) for b in boards] == [1, 1]
    assert [b.games[0].side_one_white for b in boards] == [True, False]
    assert [(b.players[0].id, b.players[1].id) for b in boards] == [
        (LIONS[1].id, TIGERS[1].id),
        (LIONS[0].id, TIGERS[0].id),
    ]


async def test_an_organiser_takes_off_only_their_own_sides_players(
    service: GameService, store: Store
) -> None:
    """Between servers, server 1's organiser cannot take a Tigers player (server 2's side)
    off the match: refused as not on their side, and the player stays listed."""
    match_id = await _match_between_servers(service)
    with pytest.raises(MatchError) as refused:
        await service.matches.join(ORGANISER_A, A, match_id, player=TIGERS[0], leave=True)
    assert refused.value.reason is MatchRefusal.NOT_IN
    listed = {(p.side, p.player_id) for p in await store.club_matches.players(match_id)}
    assert (2, TIGERS[0].id) in listed
    left = await service.matches.join(ORGANISER_B, B, match_id, player=TIGERS[0], leave=True)
    assert left.change is MatchChange.LEFT


async def test_leaving_a_one_servers_match_needs_no_team(service: GameService) -> None:
    """A member leaves the team they are on without naming it; leaving twice is refused."""
    matches = service.matches
    await matches.create(ORGANISER_A, A, manages_server=True, names=("Reds", "Blues"), boards=1)
    await matches.join(LIONS[0], A, side=2)
    left = await matches.join(LIONS[0], A, leave=True)
    assert left.change is MatchChange.LEFT and left.side == 2
    assert left.match.players == ((), ())
    with pytest.raises(MatchError) as refused:
        await matches.join(LIONS[0], A, leave=True)
    assert refused.value.reason is MatchRefusal.NOT_IN


async def _one_game_match(service: GameService) -> int:
    """A one-board, one-game match of one server, started: its game's id."""
    matches = service.matches
    await matches.create(
        ORGANISER_A, A, manages_server=True, names=("Reds", "Blues"), boards=1, games_a_board=1
    )
    await matches.join(LIONS[0], A, side=1)
    await matches.join(TIGERS[0], A, side=2)
    started = await matches.start(ORGANISER_A, A)
    return started.standings.boards[0].games[0].game_id


async def test_a_match_game_cannot_be_aborted(service: GameService) -> None:
    """A match's game counts from its start: /abort is refused as a match's, not a
    tournament's, and the game goes on."""
    game_id = await _one_game_match(service)
    with pytest.raises(MatchError) as refused:
        await service.endings.abort(LIONS[0], None, game_id=game_id)
    assert refused.value.reason is MatchRefusal.NO_ABORT
    assert (await service.reports.game_view(game_id)).to_move is not None


async def test_a_finished_match_game_offers_no_rematch(service: GameService) -> None:
    """A club match's finished game: its board has no Rematch (its players meet in the
    match's games), and a forged press is refused with the match's words."""
    game_id = await _one_game_match(service)
    running = await service.reports.game_view(game_id)
    assert not running.in_match  # read for finished games only
    ended = await service.endings.confirm_resign(TIGERS[0], game_id)
    assert ended.game.in_match
    assert [b.action for b in board_controls(ended.game)] == [ButtonAction.GIF, ButtonAction.PGN]
    with pytest.raises(MatchError) as refused:
        await service.after_game.rematch(LIONS[0], game_id)
    assert refused.value.reason is MatchRefusal.NO_REMATCH
    assert await service.challenges.waiting_in(A) == []
