"""Tournaments in the store: opening, joining and leaving (each one guarded transaction),
the start that creates every game with its outbox rows at once and never twice, and a
game's ending that finishes its tournament in the same transaction."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import (
    BatchEnding,
    EntryChange,
    GameEnding,
    NewGame,
    NewTournament,
    OutboxItem,
    OutboxTarget,
    PairedGame,
    Store,
    Tournament,
    TournamentEndedFacts,
    TournamentFormat,
    TournamentStatus,
    TurnFacts,
)

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.fixture
async def store(db_target: Path | str) -> AsyncIterator[Store]:
    opened = await Store.open(db_target)
    for player in range(1, 7):
        await opened.players.ensure(player, f"p{player}", False, NOW)
    yield opened
    await opened.close()


async def _open(store: Store, max_players: int = 4) -> Tournament:
    return await store.tournaments.create(
        NewTournament(
            guild_id=5, channel_id=6, thread_id=None, organiser_id=1, name="Autumn cup",
            format=TournamentFormat.ROUND_ROBIN, cycles=2, variant="chess", days_per_move=3,
            rated=True, max_players=max_players, start_when_full=False,
        ),
        NOW,
    )  # fmt: skip


async def _filled(store: Store, *players: int) -> Tournament:
    """An open tournament ``players`` joined, as it is after their joins."""
    tournament = await _open(store)
    for player in players:
        await store.tournaments.join(tournament.id, player, NOW)
    current = await store.tournaments.get(tournament.id)
    assert current is not None
    return current


# A 3-player round robin's games (Berger's table), white first, and its seeds.
GAMES = ((1, 3, 1), (3, 2, 2), (2, 1, 3))
SEEDS = {1: 1, 2: 2, 3: 3}


def _paired(white: int, black: int, round_number: int, board: int) -> PairedGame:
    game = NewGame(
        5, 6, None, "chess", START, white, black, 3, True, False, white, NOW + timedelta(days=3)
    )
    turn = OutboxItem(OutboxTarget.PLACE, TurnFacts(0), user_id=white)
    return PairedGame(round_number, board, game, (turn,))


async def test_joining_and_leaving_change_the_field_once(store: Store) -> None:
    """A player joins once (again: already in), leaves once (again: not in); a full field
    refuses the next; each refusal leaves the field and the version as they were."""
    tournament = await _open(store, max_players=3)
    for player in (1, 2, 3):
        entry = await store.tournaments.join(tournament.id, player, NOW)
        assert (entry.change, entry.entrants) == (EntryChange.DONE, player)
    before = await store.tournaments.get(tournament.id)
    assert (await store.tournaments.join(tournament.id, 2, NOW)).change is EntryChange.ALREADY_IN
    assert (await store.tournaments.join(tournament.id, 4, NOW)).change is EntryChange.FULL
    assert (await store.tournaments.leave(tournament.id, 5)).change is EntryChange.NOT_IN
    assert await store.tournaments.get(tournament.id) == before
    left = await store.tournaments.leave(tournament.id, 2)
    assert (left.change, left.entrants) == (EntryChange.DONE, 2)
    assert [e.player_id for e in await store.tournaments.entrants(tournament.id)] == [1, 3]
    assert (await store.tournaments.join(999, 4, NOW)).change is EntryChange.UNKNOWN


async def test_the_start_creates_every_game_once(store: Store) -> None:
    """The start numbers the entrants, begins the rounds and creates the games with their
    outbox rows in one transaction; a second start at the same version (a double click,
    another process) changes nothing, and so does a join after it."""
    tournament = current = await _filled(store, 1, 2, 3)
    games = [_paired(white, black, number, 1) for white, black, number in GAMES]
    seeds = SEEDS
    first, second = await asyncio.gather(
        store.tournaments.start(current, seeds, [1, 2, 3], games, NOW),
        store.tournaments.start(current, seeds, [1, 2, 3], games, NOW),
    )
    assert (first is None) != (second is None)
    started = first or second
    assert started is not None
    assert [(g.white_id, g.black_id) for g in started] == [(1, 3), (3, 2), (2, 1)]
    listed = await store.tournaments.games(tournament.id)
    assert [(g.game_id, g.round, g.result) for g in listed] == [
        (game.id, n, None) for n, game in enumerate(started, 1)
    ]
    rows = await store.outbox.pending(10)
    assert {row.game_id for row in rows} == {game.id for game in started}
    assert await store.tournaments.of_game(started[0].id) == tournament.id
    running = await store.tournaments.get(tournament.id)
    assert running is not None and running.status is TournamentStatus.RUNNING
    assert [e.seed for e in await store.tournaments.entrants(tournament.id)] == [1, 2, 3]
    assert (await store.tournaments.join(tournament.id, 4, NOW)).change is EntryChange.NOT_OPEN
    assert await store.tournaments.start(running, seeds, [1], games, NOW) is None
    assert len(await store.games.all_ids()) == 3


async def test_a_start_paired_on_an_old_field_changes_nothing(store: Store) -> None:
    """A start paired before a join (its version behind) is refused: no game, still open."""
    tournament = paired = await _filled(store, 1, 2, 3)
    await store.tournaments.join(tournament.id, 4, NOW)
    assert await store.tournaments.start(paired, {}, [1], [_paired(1, 2, 1, 1)], NOW) is None
    assert await store.games.all_ids() == []
    latest = await store.tournaments.get(tournament.id)
    assert latest is not None and latest.status is TournamentStatus.OPEN


async def test_the_last_game_ending_finishes_the_tournament(store: Store) -> None:
    """Each game's result is read from the game; the ending of the last game going on
    finishes the tournament in the same transaction, not before."""
    tournament = await _filled(store, 1, 2, 3)
    games = [_paired(white, black, number, 1) for white, black, number in GAMES]
    started = await store.tournaments.start(tournament, SEEDS, [1, 2, 3], games, NOW)
    assert started is not None
    results = ["1-0", "1/2-1/2", "0-1"]
    for index, (game, result) in enumerate(zip(started, results, strict=True)):
        ending = GameEnding(result, "resignation")
        assert (await store.games.finish(game, ending, NOW, None)).ok
        state = await store.tournaments.get(tournament.id)
        assert state is not None
        last = index == len(started) - 1
        assert state.status is (TournamentStatus.FINISHED if last else TournamentStatus.RUNNING)
    listed = await store.tournaments.games(tournament.id)
    assert [g.result for g in listed] == results
    finished = await store.tournaments.get(tournament.id)
    assert finished is not None and finished.finished_at == NOW
    assert await store.tournaments.unfinished_in(5, 6) == []


async def test_entrants_are_listed_in_joining_order(store: Store) -> None:
    """Joined in one second, entrants keep their joining order (not their ids'), and one who
    left and came back joins at the end."""
    tournament = await _open(store)
    for player in (3, 1, 2):
        await store.tournaments.join(tournament.id, player, NOW)
    await store.tournaments.leave(tournament.id, 3)
    await store.tournaments.join(tournament.id, 3, NOW)
    assert [e.player_id for e in await store.tournaments.entrants(tournament.id)] == [1, 2, 3]
    await store.tournaments.leave(tournament.id, 1)
    await store.tournaments.join(tournament.id, 4, NOW)
    assert [e.player_id for e in await store.tournaments.entrants(tournament.id)] == [2, 3, 4]


async def test_a_withdrawal_ends_the_players_games_in_its_transaction(store: Store) -> None:
    """Withdrawing marks the entrant and ends their games still going together: refused
    (nothing written) for an open tournament, a game that moved meanwhile, or a second
    time; the withdrawal that ends the last game finishes the tournament and writes its
    announcement once."""
    tournament = await _filled(store, 1, 2, 3)
    assert not await store.tournaments.withdraw(
        tournament.id, 3, annulled=True, endings=(), now=NOW
    )
    games = [_paired(white, black, number, 1) for white, black, number in GAMES]
    started = await store.tournaments.start(tournament, SEEDS, [1, 2, 3], games, NOW)
    assert started is not None
    assert (await store.games.finish(started[2], GameEnding("0-1", "resignation"), NOW, None)).ok
    theirs = [g for g in started if 3 in (g.white_id, g.black_id)]
    endings = [
        BatchEnding(g, GameEnding("0-1" if g.white_id == 3 else "1-0", "resignation"), None)
        for g in theirs
    ]
    moved = [
        BatchEnding(replace(theirs[0], version=theirs[0].version - 1), endings[0].ending, None),
        endings[1],
    ]
    assert not await store.tournaments.withdraw(
        tournament.id, 3, annulled=False, endings=moved, now=NOW
    )
    entrants = await store.tournaments.entrants(tournament.id)
    assert not any(e.withdrawn for e in entrants)
    assert [g.result for g in await store.tournaments.games(tournament.id)] == [None, None, "0-1"]
    assert await store.tournaments.withdraw(
        tournament.id, 3, annulled=False, endings=endings, now=NOW
    )
    assert [g.result for g in await store.tournaments.games(tournament.id)] == ["1-0", "0-1", "0-1"]
    # The two games the withdrawal ended are forfeits; the one that ended before is not.
    assert [g.forfeit for g in await store.tournaments.games(tournament.id)] == [True, True, False]
    gone = [e for e in await store.tournaments.entrants(tournament.id) if e.withdrawn]
    assert [(e.player_id, e.annulled) for e in gone] == [(3, False)]
    finished = await store.tournaments.get(tournament.id)
    assert finished is not None and finished.status is TournamentStatus.FINISHED
    rows = await store.outbox.pending(50)
    ended = [r.facts for r in rows if isinstance(r.facts, TournamentEndedFacts)]
    assert ended == [TournamentEndedFacts(tournament.id)]
    assert not await store.tournaments.withdraw(
        tournament.id, 3, annulled=False, endings=(), now=NOW
    )
