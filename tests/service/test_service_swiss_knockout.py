"""Swiss and knockout tournaments through the service: the format chosen at creation, the
first round at the start, then each round (or match) started when the games before it have
ended, by the outbox row their last ending wrote (delivered as the sender does), and the
end with its final table. A retried delivery starts nothing twice."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import GameService, ManualClock
from bot.service.tournament.facts import (
    TournamentError,
    TournamentRefusal,
    TournamentStandings,
    TournamentStarted,
)
from bot.service.tournament.knockout import Decision
from bot.store import OutboxKind, Rating, Store, TournamentFormat, TournamentStatus
from bot.store.ratings import write_rating
from bot.text.standings_words import standings_text
from bot.text.tournament_words import started_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE
from tests.service.tournament_helpers import DAVE, ERIN, USERS, draw, went_on, win


async def test_a_swiss_is_paired_round_by_round_to_its_end(service: GameService) -> None:
    """Five players, three rounds: each round starts when the last game of the one before
    ends, nobody meets anyone twice, the bye goes to a different player each round, and the
    table ranks by points then Buchholz Cut 1; the last round's end finishes it."""
    tournaments = service.tournaments
    made = await tournaments.create(
        ALICE, PLACE, manages_server=True, format=TournamentFormat.SWISS, rounds=3, players=5
    )
    assert (made.tournament.format, made.tournament.rounds) == (TournamentFormat.SWISS, 3)
    for user in USERS.values():
        await tournaments.join(user, PLACE)
    current = await tournaments.start(ALICE, PLACE, manages_server=False)
    met: Counter[frozenset[int]] = Counter()
    byes = []
    for number in (1, 2, 3):
        assert len(current.pairings) == 2 and current.round in (None, number)
        for index, pairing in enumerate(current.pairings):
            met[frozenset((pairing.game.white.id, pairing.game.black.id))] += 1
            await win(service, pairing.game.white.id, current, index)
        byes.append(await service.core.store.tournaments.byes(current.tournament.id))
        said = await went_on(service)
        assert len(said) == 1
        if number < 3:
            assert isinstance(said[0], TournamentStarted) and said[0].round == number + 1
            assert said[0].bye is not None
            current = said[0]
    final = said[0]
    assert isinstance(final, TournamentStandings)
    assert final.tournament.status is TournamentStatus.FINISHED
    assert max(met.values()) == 1
    given = list(byes[-1].values())
    assert len(given) == 3 == len(set(given))
    assert [line.rank for line in final.lines] == sorted(line.rank for line in final.lines)
    assert all(line.buchholz_cut1 is not None for line in final.lines)
    assert final.winners and final.winners[0] == final.lines[0].player
    assert "Buchholz Cut 1" in str(standings_text(final))


async def _two_round_swiss_after_round_one(service: GameService) -> TournamentStarted:
    """A 4-player Swiss of 2 rounds whose round 1 is played (every White wins): its start."""
    tournaments = service.tournaments
    await tournaments.create(
        ALICE, PLACE, manages_server=True, format=TournamentFormat.SWISS, rounds=2, players=4
    )
    for user in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(user, PLACE)
    first = await tournaments.start(ALICE, PLACE, manages_server=False)
    for index, pairing in enumerate(first.pairings):
        await win(service, pairing.game.white.id, first, index)
    return first


async def test_a_retried_delivery_starts_nothing_twice(service: GameService) -> None:
    """Delivering a round's row again (the sender retrying after Discord failed) pairs no
    second round, and says the round it began again: the write that began it restated the
    row as its announcement; the last round's row says the final table again alike."""
    tournaments = service.tournaments
    first = await _two_round_swiss_after_round_one(service)
    rows = [
        row
        for row in await service.deliveries.pending_deliveries()
        if row.kind is OutboxKind.TOURNAMENT_ROUND
    ]
    assert len(rows) == 1
    said = await _delivered_twice(service, rows[0].id)
    assert isinstance(said, TournamentStarted) and said.round == 2
    assert await tournaments.go_on(first.tournament.id) is None
    games = await service.core.store.tournaments.games(first.tournament.id)
    assert sorted(Counter(game.round for game in games).items()) == [(1, 2), (2, 2)]
    for index, pairing in enumerate(said.pairings):
        await win(service, pairing.game.white.id, said, index)
    (last,) = [
        row
        for row in await service.deliveries.pending_deliveries()
        if row.kind is OutboxKind.TOURNAMENT_ROUND
    ]
    final = await _delivered_twice(service, last.id)
    assert isinstance(final, TournamentStandings)
    assert final.tournament.status is TournamentStatus.FINISHED


async def _delivered_twice(
    service: GameService, row_id: int
) -> TournamentStarted | TournamentStandings:
    """Deliver the outbox row ``row_id`` as the sender does, Discord refusing the first
    post (a network error: retried), then again, read anew: what both said, the same."""
    deliveries = service.deliveries

    async def deliver() -> TournamentStarted | TournamentStandings:
        (row,) = [row for row in await deliveries.pending_deliveries() if row.id == row_id]
        delivery = await deliveries.delivery(row)
        assert delivery is not None
        assert isinstance(delivery.content, TournamentStarted | TournamentStandings)
        return delivery.content

    first = await deliver()
    await deliveries.retry_delivery(row_id, 0.0, "network: ClientError: refused")
    again = await deliver()
    assert again == first
    return again


@pytest.mark.store
async def test_two_processes_going_on_start_the_round_once(
    service: GameService, clock: ManualClock, db_path: Path | str
) -> None:
    """Two services on one database (two Store objects) go on from round 1 of a Swiss at
    once: one starts round 2, the other finds it begun; two games of round 2, one
    announcement."""
    tournaments = service.tournaments
    first = await _two_round_swiss_after_round_one(service)
    tid = first.tournament.id
    other_store = await Store.open(db_path)
    try:
        other = GameService(other_store, clock)
        done = await asyncio.gather(tournaments.go_on(tid), other.tournaments.go_on(tid))
    finally:
        await other_store.close()
    assert sorted(type(d).__name__ for d in done) == ["NoneType", "TournamentStarted"]
    games = await service.core.store.tournaments.games(tid)
    assert sorted(Counter(game.round for game in games).items()) == [(1, 2), (2, 2)]
    announced = [d for d in done if isinstance(d, TournamentStarted)]
    assert announced[0].round == 2 and len(announced[0].pairings) == 2


@pytest.mark.store
async def test_a_knockout_with_a_drawn_match(service: GameService) -> None:
    """Four players: 1-4 and 2-3, two games each. 2-3 is level after two games: a
    tie-break pair, level again, and the higher seed goes through; the final starts only
    then, and its winner is the champion."""
    tournaments = service.tournaments
    await tournaments.create(
        ALICE, PLACE, manages_server=True, format=TournamentFormat.KNOCKOUT, players=4
    )
    for user in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(user, PLACE)  # unrated: seeded in joining order
    first = await tournaments.start(ALICE, PLACE, manages_server=False)
    seats = [(p.round, p.board, p.game.white.id, p.game.black.id) for p in first.pairings]
    assert seats == [
        (1, 1, ALICE.id, DAVE.id),
        (1, 1, DAVE.id, ALICE.id),
        (1, 2, BOB.id, CAROL.id),
        (1, 2, CAROL.id, BOB.id),
    ]
    for index in (0, 1):
        await win(service, ALICE.id, first, index)
    await win(service, BOB.id, first, 2)
    await win(service, CAROL.id, first, 3)  # 1-1: level
    said = await went_on(service)
    tiebreak = [s for s in said if isinstance(s, TournamentStarted)]
    assert [(p.round, p.board, p.game.white.id) for p in tiebreak[0].pairings] == [
        (1, 2, BOB.id),
        (1, 2, CAROL.id),
    ]
    await draw(service, tiebreak[0], 0)
    await draw(service, tiebreak[0], 1)
    final = (await went_on(service))[0]
    assert isinstance(final, TournamentStarted) and final.round == 2
    assert {p.game.white.id for p in final.pairings} == {ALICE.id, BOB.id}
    bracket = await tournaments.standings(PLACE)
    match = next(m for m in bracket.matches if (m.round, m.number) == (1, 2))
    assert (match.winner, match.decision) == (bracket.matches[1].high, Decision.SEED)
    assert "higher seed" in str(standings_text(bracket))
    await win(service, BOB.id, final, 0)
    await win(service, BOB.id, final, 1)
    ended = (await went_on(service))[0]
    assert isinstance(ended, TournamentStandings)
    assert [p.id for p in ended.winners] == [BOB.id]
    assert ended.tournament.status is TournamentStatus.FINISHED


async def test_swiss_terms_are_checked(service: GameService) -> None:
    """A Swiss of more rounds than a round robin of its field, or of a field past 256, is
    refused; a knockout may take more than a round robin's 16."""
    tournaments = service.tournaments
    for players, rounds, reason in (
        (4, 4, TournamentRefusal.BAD_ROUNDS),
        (8, 0, TournamentRefusal.BAD_ROUNDS),
        (300, 5, TournamentRefusal.BAD_FIELD),
    ):
        with pytest.raises(TournamentError) as raised:
            await tournaments.create(
                ALICE,
                PLACE,
                manages_server=True,
                format=TournamentFormat.SWISS,
                rounds=rounds,
                players=players,
            )
        assert raised.value.reason is reason
    made = await tournaments.create(
        ALICE, PLACE, manages_server=True, format=TournamentFormat.KNOCKOUT, players=64
    )
    assert made.tournament.max_players == 64


@pytest.mark.parametrize(
    ("format", "english", "french"),
    [
        (
            TournamentFormat.SWISS,
            "has started with round 1 of 3: {n} games; each next round is paired when the one "
            "before has ended.",
            "a commencé par la ronde 1 sur 3 : {n} parties ;",
        ),
        (
            TournamentFormat.KNOCKOUT,
            "has started: {n} games now; each later match starts as soon as its players are known.",
            "a commencé : {n} parties pour l'instant ;",
        ),
    ],
)
async def test_the_start_says_which_games_begin_by_format(
    service: GameService, format: TournamentFormat, english: str, french: str
) -> None:
    """A Swiss starts round 1 only, a knockout its first matches: the start says so (not
    "all at once", which is a round robin's), in every language."""
    tournaments = service.tournaments
    rounds = 3 if format is TournamentFormat.SWISS else None
    await tournaments.create(
        ALICE, PLACE, manages_server=True, format=format, players=5, name="Cup", rounds=rounds
    )
    for user in (ALICE, BOB, CAROL, DAVE, ERIN):
        await tournaments.join(user, PLACE)
    started = await tournaments.start(ALICE, PLACE, manages_server=False)
    count = len(started.pairings)  # a Swiss: 2 (and a bye); a knockout: two games a match
    assert count < 10 and started.round is None
    assert english.format(n=count) in str(started_text(started))
    assert "all at once" not in str(started_text(started))
    with using(Locale.FR):
        assert french.format(n=count) in say(started_text(started))


async def _rated(service: GameService, variant: str, ratings: dict[int, float]) -> None:
    """Give players ``ratings`` in ``variant`` on PLACE's server, as rated games would."""
    async with service.core.store.database.transaction() as conn:
        for player, rating in ratings.items():
            await write_rating(
                conn,
                PLACE.guild_id,
                variant,
                player,
                Rating(rating, 60.0, 0.06, 10),
                service.core.now(),
            )


@pytest.mark.parametrize("format_", [TournamentFormat.KNOCKOUT, TournamentFormat.SWISS])
async def test_the_field_is_seeded_by_rating_not_joining_order(
    service: GameService, format_: TournamentFormat
) -> None:
    """Joined alice, bob, carol, dave; rated dave 1900, carol 1800, alice 1700, bob none
    (last): seeds dave, carol, alice, bob. The knockout's bracket is 1 v 4 and 2 v 3 by
    those seeds (dave v bob, carol v alice), a Swiss' round 1 the top half against the
    bottom half (dave v alice, bob v carol) — neither is what joining order gives."""
    tournaments = service.tournaments
    rounds = 2 if format_ is TournamentFormat.SWISS else None
    made = await tournaments.create(
        ALICE, PLACE, manages_server=True, format=format_, players=4, rounds=rounds
    )
    for user in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(user, PLACE)
    await _rated(service, made.tournament.variant, {DAVE.id: 1900, CAROL.id: 1800, ALICE.id: 1700})
    first = await tournaments.start(ALICE, PLACE, manages_server=False)
    pairs = {frozenset((p.game.white.id, p.game.black.id)) for p in first.pairings}
    if format_ is TournamentFormat.KNOCKOUT:
        assert pairs == {frozenset((DAVE.id, BOB.id)), frozenset((CAROL.id, ALICE.id))}
        boards = {p.board: {p.game.white.id, p.game.black.id} for p in first.pairings}
        assert boards == {1: {DAVE.id, BOB.id}, 2: {CAROL.id, ALICE.id}}
    else:
        assert pairs == {frozenset((DAVE.id, ALICE.id)), frozenset((BOB.id, CAROL.id))}
        top = next(p for p in first.pairings if DAVE.id in (p.game.white.id, p.game.black.id))
        assert top.game.white.id == DAVE.id  # the top seed white
