"""Writes that must happen once, raced by two processes: two stores (two connections, or
two pools on PostgreSQL) on one database send the same write at the same moment, round
after round, and what was written is checked.

On PostgreSQL writes run side by side (no lock of the whole database): each of these holds
because of its own guard, row lock, unique key or named lock. Run with ``--db postgresql``
to race them for real; on SQLite one writer at a time makes them pass trivially.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.store import (
    Challenge,
    ChallengeLimits,
    GameEnding,
    GameRecord,
    LimitHit,
    MoveWrite,
    OfferKind,
    PingKind,
    PreparedAnswer,
    Rating,
    SameChallengeOpen,
    Store,
)
from bot.store.records import PingLimit

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
AFTER_D4 = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
ROUNDS = 12
T = TypeVar("T")
U = TypeVar("U")


@pytest.fixture
async def stores(db_target: Path | str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database, as two bot processes have."""
    first = await Store.open(db_target)
    second = await Store.open(db_target)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def race(first: Awaitable[T], second: Awaitable[U]) -> tuple[T, U]:
    """Both at once (each store's statements go to the server side by side)."""
    return await asyncio.gather(first, second)


async def players(store: Store, *ids: int) -> None:
    for player_id in ids:
        await store.players.ensure(player_id, f"p{player_id}", False, NOW)


async def challenge(
    store: Store, challenger_id: int, opponent_id: int | None, **terms: Any
) -> Challenge | LimitHit | SameChallengeOpen:
    return await store.challenges.create(
        guild_id=5, channel_id=6, challenger_id=challenger_id, opponent_id=opponent_id,
        variant="chess", color=terms.pop("color", "white"), days_per_move=3,
        rated=terms.pop("rated", True), start_fen=None, now=NOW,
        expires_at=NOW + timedelta(hours=48), **terms,
    )  # fmt: skip


async def game(store: Store, white_id: int, black_id: int) -> GameRecord:
    """A rated chess game between the two, white to move."""
    await players(store, white_id, black_id)
    made = await challenge(store, white_id, black_id)
    assert isinstance(made, Challenge)
    started = await store.games.start_from_challenge(
        challenge_id=made.id, acceptor_id=black_id, white_id=white_id, black_id=black_id,
        start_fen=START, to_move_id=white_id, now=NOW, deadline_at=NOW + timedelta(days=3),
    )  # fmt: skip
    assert started is not None
    return started


def plus_one(white: Rating | None, black: Rating | None, result: str) -> tuple[Rating, Rating]:
    """A rating function that counts: each game adds one to both players' rating and games."""
    start = Rating(1500.0, 350.0, 0.06, 0)
    white, black = white or start, black or start
    return (
        Rating(white.rating + 1, white.deviation, white.volatility, white.games + 1),
        Rating(black.rating + 1, black.deviation, black.volatility, black.games + 1),
    )


async def test_two_accepts_of_one_challenge_make_one_game(stores: tuple[Store, Store]) -> None:
    """An open challenge accepted by two players at once becomes one game."""
    first, second = stores
    await players(first, 1, 2, 3)
    for _ in range(ROUNDS):
        made = await challenge(first, 1, None)
        assert isinstance(made, Challenge)

        async def accept(store: Store, made: Challenge, acceptor: int) -> GameRecord | None:
            return await store.games.start_from_challenge(
                challenge_id=made.id, acceptor_id=acceptor, white_id=1, black_id=acceptor,
                start_fen=START, to_move_id=1, now=NOW, deadline_at=None,
            )  # fmt: skip

        results = await race(accept(first, made, 2), accept(second, made, 3))
        assert sum(result is not None for result in results) == 1
    assert len(await first.games.all_ids()) == ROUNDS


async def test_two_moves_at_one_version_play_one(stores: tuple[Store, Store]) -> None:
    """Two moves sent for the same version of a game (a double click, two devices, two
    processes): one is stored, the other refused, and the game has one first move."""
    first, second = stores
    for _ in range(ROUNDS):
        record = await game(first, 1, 2)

        async def move(store: Store, record: GameRecord, uci: str, san: str, fen: str) -> bool:
            move = PreparedAnswer(uci, san, 1)
            written = await store.games.play_move(
                MoveWrite(record, move, fen, NOW, NOW + timedelta(days=3))
            )
            return written.ok

        results = await race(
            move(first, record, "e2e4", "e4", AFTER_E4),
            move(second, record, "d2d4", "d4", AFTER_D4),
        )
        assert sorted(results) == [False, True]
        moves = await first.games.moves(record.id)
        stored = await first.games.get(record.id)
        assert stored is not None and stored.ply == 1 and len(moves) == 1
        assert stored.fen == (AFTER_E4 if results[0] else AFTER_D4)


async def test_games_of_one_player_ending_at_once_both_count(
    stores: tuple[Store, Store],
) -> None:
    """Two of a player's rated games end at the same moment (in two processes): both
    results are rated from what the other left, none is lost."""
    first, second = stores
    ending = GameEnding("1-0", "resignation")
    for n in range(ROUNDS):
        one, other = await game(first, 1, 2), await game(first, 1, 3)
        results = await race(
            first.games.finish(one, ending, NOW, plus_one),
            second.games.finish(other, ending, NOW, plus_one),
        )
        assert all(result.ok for result in results)
        rating = await first.ratings.get(5, "chess", 1)
        assert rating is not None and rating.games == 2 * (n + 1)
        assert rating.rating == 1500.0 + 2 * (n + 1)


async def test_the_same_challenge_twice_at_once_is_made_once(
    stores: tuple[Store, Store],
) -> None:
    """The same challenge sent twice at once (two processes, a double click): one is made,
    the other names it."""
    first, second = stores
    for n in range(ROUNDS):
        challenger, opponent = 100 + 2 * n, 101 + 2 * n
        await players(first, challenger, opponent)
        made, again = await race(
            challenge(first, challenger, opponent), challenge(second, challenger, opponent)
        )
        kinds = sorted(type(result).__name__ for result in (made, again))
        assert kinds == ["Challenge", "SameChallengeOpen"]
        opened = await first.challenges.open_for(challenger)
        assert len(opened) == 1
        named = made if isinstance(made, SameChallengeOpen) else again
        assert isinstance(named, SameChallengeOpen) and named.challenge.id == opened[0].id


async def test_limits_hold_against_challenges_sent_at_once(stores: tuple[Store, Store]) -> None:
    """With one open challenge allowed per challenger, two different ones sent at once: one
    is made, the other hits the limit."""
    first, second = stores
    limits = ChallengeLimits(1, 10, PingLimit(10, timedelta(hours=1)))
    for n in range(ROUNDS):
        challenger = 300 + 3 * n
        await players(first, challenger, challenger + 1, challenger + 2)
        results = await race(
            challenge(first, challenger, challenger + 1, limits=limits),
            challenge(second, challenger, challenger + 2, limits=limits),
        )
        kinds = sorted(type(result).__name__ for result in results)
        assert kinds == ["Challenge", "LimitHit"]
        assert len(await first.challenges.open_for(challenger)) == 1


async def test_pings_sent_at_once_stay_within_the_limit(stores: tuple[Store, Store]) -> None:
    """One ping left in the pair's window, two sent at once: one is logged."""
    first, second = stores
    limit = PingLimit(1, timedelta(hours=1))
    for n in range(ROUNDS):
        sender = 500 + 2 * n
        results = await race(
            first.pings.take(sender, sender + 1, PingKind.DRAW, NOW, limit),
            second.pings.take(sender, sender + 1, PingKind.DRAW, NOW, limit),
        )
        assert sorted(result is None for result in results) == [False, True]


async def test_an_offer_crossing_a_move_never_outlives_it(stores: tuple[Store, Store]) -> None:
    """Black offers a draw while white's move is being written: either the offer came first
    and the move made it lapse (and says so), or the move came first and the offer, made
    for the position before it, is refused. No offer about an old position is left."""
    first, second = stores
    for _ in range(ROUNDS):
        record = await game(first, 1, 2)
        written, offered = await race(
            first.games.play_move(
                MoveWrite(
                    record, PreparedAnswer("e2e4", "e4", 1), AFTER_E4, NOW,
                    NOW + timedelta(days=3),
                )
            ),
            second.games.make_offer(record, OfferKind.DRAW, 2, NOW),
        )  # fmt: skip
        assert written.ok
        assert await first.games.offers(record.id) == []
        assert (OfferKind.DRAW in written.lapsed) == offered


async def test_two_boards_posted_at_once_leave_the_loser_to_retire(
    stores: tuple[Store, Store],
) -> None:
    """Two new board messages recorded at once for one game: one becomes the game's board,
    and the other, now the newest old board, is the one listed to lose its buttons (had the
    second write read the board before the first committed, it would be forgotten)."""
    first, second = stores
    for n in range(ROUNDS):
        record = await game(first, 1, 2)
        old, one, other = 1000 * (n + 1), 1000 * (n + 1) + 1, 1000 * (n + 1) + 2
        await first.boards.replace(record.id, 6, old, NOW)
        await race(
            first.boards.replace(record.id, 6, one, NOW),
            second.boards.replace(record.id, 6, other, NOW),
        )
        stored = await first.games.get(record.id)
        assert stored is not None and stored.message_id in (one, other)
        retiring = {
            board.message_id
            for board in await first.boards.to_retire(100_000)
            if board.game_id == record.id
        }
        assert retiring == {one, other} - {stored.message_id}


async def test_challenges_expired_by_two_processes_are_expired_once(
    stores: tuple[Store, Store],
) -> None:
    """Both processes' clocks expire due challenges at the same moment: each challenge is
    expired (and reported) by one of them."""
    first, second = stores
    await players(first, 1, *range(700, 700 + ROUNDS))
    for n in range(ROUNDS):
        made = await challenge(first, 1, 700 + n)
        assert isinstance(made, Challenge)
    later = NOW + timedelta(hours=49)
    one, other = await race(first.challenges.expire_due(later), second.challenges.expire_due(later))
    ids = [found.id for found in [*one, *other]]
    assert len(ids) == ROUNDS and len(set(ids)) == ROUNDS


async def test_two_processes_starting_at_once_credit_the_downtime_once(
    stores: tuple[Store, Store],
) -> None:
    """After an hour down, two processes start together: the hour is added to each clock
    once, by one of them."""
    first, second = stores
    record = await game(first, 1, 2)
    await first.uptime.beat(NOW)
    back = NOW + timedelta(hours=1)
    credits = await race(first.uptime.resume(back, 60), second.uptime.resume(back, 60))
    assert sum(credit is not None for credit in credits) == 1
    stored = await first.games.get(record.id)
    assert record.deadline_at is not None and stored is not None
    assert stored.deadline_at == record.deadline_at + timedelta(hours=1)


async def test_vacations_asked_at_once_stay_within_the_allowance(
    stores: tuple[Store, Store],
) -> None:
    """Ten days a year, seven asked twice at once: one vacation is taken."""
    first, second = stores
    window = NOW - timedelta(days=365)
    for n in range(ROUNDS):
        player = 900 + n
        await players(first, player)
        results = await race(
            first.players.start_vacation(player, 7, NOW, window, 10),
            second.players.start_vacation(player, 7, NOW, window, 10),
        )
        assert sorted(taken for taken, _ in results) == [False, True]
        assert await first.players.vacation_days_used(player, window, NOW) == 7


async def test_notes_added_at_once_stay_within_the_limit(stores: tuple[Store, Store]) -> None:
    """One note allowed, two added at once: one is kept."""
    first, second = stores
    for _ in range(ROUNDS):
        record = await game(first, 1, 2)
        results = await race(
            first.notes.add(record.id, 1, 0, "a", NOW, limit=1),
            second.notes.add(record.id, 1, 0, "b", NOW, limit=1),
        )
        assert sum(note is not None for note in results) == 1
