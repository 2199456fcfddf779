"""Club matches taking turns (issue 26): a start that a join overtook, a second start, a
second accept and a decline each change nothing; a side lists at most MAX_SIDE_PLAYERS; any
organiser of a side (its maker, or whoever may organise in its server by Manage Server or
the organisers' role) lists players and starts; the standings read the match's games in
one statement whatever the number of boards."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service import GameService, User
from bot.service.match_facts import MAX_SIDE_PLAYERS, MatchChange, MatchError, MatchRefusal
from bot.store import MatchStatus, Store
from tests.service.test_service_club_matches import (
    LIONS,
    ORGANISER_A,
    ORGANISER_B,
    TIGERS,
    A,
    B,
    _match_between_servers,
)
from tests.service.test_service_round_trips import counted

# The store's guarded writes (the version, the claim of an open match): on PostgreSQL too.
pytestmark = pytest.mark.store

ARBITERS = 7001


async def _refused(call: object) -> MatchRefusal:
    with pytest.raises(MatchError) as raised:
        await call  # type: ignore[misc]
    return raised.value.reason


async def _one_server_match(service: GameService, boards: int = 1) -> int:
    made = await service.matches.create(
        ORGANISER_A, A, manages_server=True, names=("Reds", "Blues"), boards=boards
    )
    return made.match.id


async def test_a_start_a_join_overtook_changes_nothing(service: GameService, store: Store) -> None:
    """A start paired from the match as read before a join (the join raised its version)
    writes nothing: no game, the match still open, the late player listed; the service
    says the players changed (start again), and the next start goes through."""
    match_id = await _one_server_match(service)
    await service.matches.join(LIONS[0], A, side=1)
    await service.matches.join(TIGERS[0], A, side=2)
    read = await store.club_matches.get(match_id)
    assert read is not None
    await service.matches.join(LIONS[1], A, side=1)  # between the start's read and write
    assert await store.club_matches.start(read, {}, [], datetime.now(UTC)) is None
    match = await store.club_matches.get(match_id)
    assert match is not None and match.status is MatchStatus.OPEN
    assert await store.club_matches.games(match_id) == []
    started = await service.matches.start(ORGANISER_A, A, match_id)
    assert started.standings.games == 2


async def test_the_service_names_a_start_overtaken_by_the_list(
    service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A join landing while the start pairs (after its read, before its write): refused
    as CHANGED, not as a match that is not open, and no game made."""
    match_id = await _one_server_match(service)
    await service.matches.join(LIONS[0], A, side=1)
    await service.matches.join(TIGERS[0], A, side=2)
    real = store.club_matches.start

    async def join_first(*args: object, **kwargs: object) -> object:
        await service.matches.join(LIONS[1], A, side=1)
        return await real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store.club_matches, "start", join_first)
    assert await _refused(service.matches.start(ORGANISER_A, A, match_id)) is MatchRefusal.CHANGED
    assert await store.club_matches.games(match_id) == []


async def test_a_second_start_changes_nothing(service: GameService, store: Store) -> None:
    """Starting twice (two clicks, or both organisers): the second is refused, its games
    not made again."""
    match_id = await _one_server_match(service)
    await service.matches.join(LIONS[0], A, side=1)
    await service.matches.join(TIGERS[0], A, side=2)
    read = await store.club_matches.get(match_id)
    assert read is not None
    await service.matches.start(ORGANISER_A, A, match_id)
    assert await store.club_matches.start(read, {}, [], datetime.now(UTC)) is None
    refused = await _refused(service.matches.start(ORGANISER_A, A, match_id))
    assert refused is MatchRefusal.NOT_OPEN
    assert len(await store.club_matches.games(match_id)) == 2


async def test_a_second_accept_and_a_decline_change_nothing(
    service: GameService, store: Store
) -> None:
    """Two organisers of the invited server answer at once: the second answer (read before
    the first wrote) changes nothing, and once accepted a decline is refused; a declined
    invitation cannot be accepted, nor its sides joined."""
    made = await service.matches.create(
        ORGANISER_A, A, manages_server=True, names=("Lions", "Tigers"), boards=1, against=2
    )
    match_id = made.match.id
    read = await store.club_matches.get(match_id)
    assert read is not None
    await service.matches.accept(ORGANISER_B, B, match_id, manages_server=True)
    assert not await store.club_matches.accept(read, 99, None, TIGERS[0].id)
    assert not await store.club_matches.decline(read)
    match = await store.club_matches.get(match_id)
    assert match is not None and match.status is MatchStatus.OPEN
    assert match.sides[1].channel_id == B.channel_id
    assert match.sides[1].organiser_id == ORGANISER_B.id
    for decline in (False, True):
        refused = await _refused(
            service.matches.accept(TIGERS[0], B, match_id, manages_server=True, decline=decline)
        )
        assert refused is MatchRefusal.NOT_INVITATION

    other = await service.matches.create(
        ORGANISER_A, A, manages_server=True, names=("Lions", "Pumas"), boards=1, against=2
    )
    declined = await service.matches.accept(
        ORGANISER_B, B, other.match.id, manages_server=True, decline=True
    )
    assert declined.change is MatchChange.DECLINED
    assert declined.match.status is MatchStatus.DECLINED
    refused = await _refused(
        service.matches.accept(ORGANISER_B, B, other.match.id, manages_server=True)
    )
    assert refused is MatchRefusal.NOT_INVITATION
    refused = await _refused(service.matches.join(LIONS[0], A, other.match.id))
    assert refused is MatchRefusal.NOT_OPEN


async def test_a_side_lists_at_most_its_cap(service: GameService, store: Store) -> None:
    """A side takes MAX_SIDE_PLAYERS players; the next is refused (naming the cap) and not
    listed, while the other side still takes players."""
    match_id = await _one_server_match(service)
    for number in range(MAX_SIDE_PLAYERS):
        await service.matches.join(User(1000 + number, f"p{number}"), A, side=1)
    with pytest.raises(MatchError) as raised:
        await service.matches.join(User(2000, "late"), A, side=1)
    assert raised.value.reason is MatchRefusal.SIDE_FULL
    assert raised.value.count == MAX_SIDE_PLAYERS
    listed = await store.club_matches.players(match_id)
    assert len(listed) == MAX_SIDE_PLAYERS and 2000 not in {p.player_id for p in listed}
    joined = await service.matches.join(User(2000, "late"), A, side=2)
    assert joined.change is MatchChange.JOINED


async def test_any_organiser_of_a_side_lists_and_starts(service: GameService) -> None:
    """A second organiser of server 2 (Manage Server) or of server 1 (the organisers'
    role) lists their side's players and starts the match, which its makers alone could
    before; a member who is neither is refused."""
    match_id = await _match_between_servers(service)
    second_b, second_a = User(24, "bo"), User(14, "al")
    assert (
        await _refused(service.matches.join(second_b, B, match_id, player=User(25, "ty")))
        is MatchRefusal.NOT_ORGANISER
    )
    listed = await service.matches.join(
        second_b, B, match_id, player=User(25, "ty"), manages_server=True
    )
    assert listed.change is MatchChange.JOINED and listed.side == 2
    await service.tournament_roles.choose(A.guild_id, ARBITERS, manages_server=True)
    refused = await _refused(service.matches.start(second_a, A, match_id, role_ids={ARBITERS + 1}))
    assert refused is MatchRefusal.NOT_ORGANISER
    started = await service.matches.start(second_a, A, match_id, role_ids={ARBITERS})
    assert started.standings.games == 4


async def _full_match(service: GameService, boards: int) -> int:
    """A one-server match of ``boards`` boards, each side's players listed: its id."""
    made = await service.matches.create(
        ORGANISER_A, A, manages_server=True, names=("Reds", "Blues"), boards=boards
    )
    for number in range(boards):
        await service.matches.join(User(1000 + number, f"r{number}"), A, side=1)
        await service.matches.join(User(2000 + number, f"b{number}"), A, side=2)
    return made.match.id


@pytest.mark.sqlite_only
async def test_standings_read_the_games_in_one_statement(
    service: GameService, store: Store
) -> None:
    """The standings of a 50-board match (100 games), read on every result's delivery:
    a handful of statements (the match, its players, the games with their results, the
    names), not one or more a game."""
    boards = 50
    match_id = await _full_match(service, boards)
    await service.matches.start(ORGANISER_A, A, match_id)
    async with counted(store) as seen:
        standings = await service.matches.standings(match_id)
    assert standings.games == 2 * boards and len(standings.boards) == boards
    reads = [sql for sql in seen.statements if sql.lstrip().upper().startswith("SELECT")]
    assert len(reads) <= 8, reads


@pytest.mark.sqlite_only
async def test_a_start_reads_the_ratings_once_a_side(service: GameService, store: Store) -> None:
    """A 50-board match's start ranks each side by its players' ratings: one statement a
    side reads them (``Ratings.get_many``), not one a player (100 before)."""
    boards = 50
    match_id = await _full_match(service, boards)
    async with counted(store) as seen:
        started = await service.matches.start(ORGANISER_A, A, match_id)
    assert started.standings.games == 2 * boards
    reads = [sql for sql in seen.statements if "FROM ratings" in sql]
    assert len(reads) == 2, reads
