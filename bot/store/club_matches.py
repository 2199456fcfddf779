"""Club matches (migration 0070): two sides, their players, and the games the start
created; every write one transaction, each raising the match's ``version``, so the start,
guarded by the version the service paired, changes nothing when a player joined or left
meanwhile or another click started it first. A game's ending updates its match in the
ending's own transaction (``bot.store.club_match_endings``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from bot.store.database import Connection, Database
from bot.store.game_starts import insert_game
from bot.store.outbox import OutboxItem, insert_items
from bot.store.records import GameRecord, NewGame, to_epoch
from bot.store.versioned import (
    Unchanged,
    Versioned,
    advance,
    answer_of,
    claim_open,
    one_row,
)


class MatchStatus(Enum):
    INVITED = "invited"  # side 2 is another server whose organiser has not accepted yet
    OPEN = "open"  # players join their sides
    RUNNING = "running"
    FINISHED = "finished"
    DECLINED = "declined"


@dataclass(frozen=True, slots=True)
class MatchSide:
    """One side of a match: its server, its channel (and thread) there once known, its
    name, its organiser, and its standings message once posted."""

    side: int
    guild_id: int
    channel_id: int | None
    thread_id: int | None
    name: str
    organiser_id: int | None
    standings_message_id: int | None = None

    @property
    def target_id(self) -> int | None:
        """Where the side's messages go: its thread, else its channel."""
        return self.thread_id if self.thread_id is not None else self.channel_id


@dataclass(frozen=True, slots=True)
class ClubMatch:
    id: int
    variant: str
    boards: int
    games_a_board: int
    days_per_move: int
    status: MatchStatus
    version: int
    sides: tuple[MatchSide, MatchSide]

    @property
    def between_servers(self) -> bool:
        return self.sides[0].guild_id != self.sides[1].guild_id


@dataclass(frozen=True, slots=True)
class NewMatch:
    """A match to create: its terms and both sides (side 2's channel None and no
    organiser: another server, invited)."""

    variant: str
    boards: int
    games_a_board: int
    days_per_move: int
    sides: tuple[MatchSide, MatchSide]


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    """A player listed on ``side`` (``board`` given at the start; None: not playing)."""

    side: int
    player_id: int
    board: int | None


@dataclass(frozen=True, slots=True)
class MatchGame:
    """A game of the match: its ``board``, the side whose player has white, its players
    and its result once it ended (None: going on)."""

    game_id: int
    board: int
    white_side: int
    white_id: int
    black_id: int
    result: str | None


@dataclass(frozen=True, slots=True)
class PairedMatchGame:
    """A game the start creates, with its outbox rows (its opening in its places)."""

    board: int
    white_side: int
    game: NewGame
    outbox: tuple[OutboxItem, ...]


class ListChange(Enum):
    """What a join or leave did, or why it did nothing."""

    DONE = "done"
    ALREADY_IN = "already_in"
    FULL = "full"  # the side lists as many players as it may
    NOT_IN = "not_in"
    NOT_OPEN = "not_open"


_MATCH = "id, variant, boards, games_a_board, days_per_move, status, version, created_at"
_SIDE = "side, guild_id, channel_id, thread_id, name, organiser_id, standings_message_id"


def _side(row: Any) -> MatchSide:
    return MatchSide(*row)


class ClubMatches:
    """Reads and writes of the club match tables."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def create(
        self,
        new: NewMatch,
        status: MatchStatus,
        now: datetime,
        outbox: Callable[[int], Sequence[OutboxItem]] | None = None,
    ) -> ClubMatch:
        """Create ``new`` in ``status`` (``OPEN``, or ``INVITED`` for another server), with
        the ``outbox`` rows (given the new match's id: its invitation) in the same write."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO club_matches (variant, boards, games_a_board, days_per_move, "
                "status, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    new.variant,
                    new.boards,
                    new.games_a_board,
                    new.days_per_move,
                    status.value,
                    to_epoch(now),
                ),
            )
            row = await cursor.fetchone()
            await cursor.close()
            match_id = int(row[0])
            await conn.executemany(
                "INSERT INTO club_match_sides (match_id, side, guild_id, channel_id, "
                "thread_id, name, organiser_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, s.side, s.guild_id, s.channel_id, s.thread_id, s.name,
                     s.organiser_id)
                    for s in new.sides
                ],
            )  # fmt: skip
            if outbox is not None:
                await insert_items(conn, outbox(match_id), now)
        made = await self.get(match_id)
        assert made is not None
        return made

    async def get(self, match_id: int) -> ClubMatch | None:
        async with self._db.read() as conn:
            return await _read(conn, match_id)

    async def latest_in(self, guild_id: int) -> ClubMatch | None:
        """The newest match of a side in ``guild_id`` (a declined one aside)."""
        rows = await self._db.fetch(
            "SELECT m.id FROM club_matches m JOIN club_match_sides s ON s.match_id = m.id "
            "WHERE s.guild_id = ? AND m.status <> 'declined' "
            "ORDER BY m.id DESC LIMIT 1",
            (guild_id,),
        )
        return await self.get(int(rows[0][0])) if rows else None

    async def of_game(self, game_id: int) -> int | None:
        """The match ``game_id`` belongs to, if any."""
        rows = await self._db.fetch(
            "SELECT match_id FROM club_match_games WHERE game_id = ?", (game_id,)
        )
        return int(rows[0][0]) if rows else None

    async def accept(
        self,
        match: ClubMatch,
        channel_id: int,
        thread_id: int | None,
        organiser_id: int,
    ) -> bool:
        """Side 2's organiser accepts ``match`` (still invited at its version) from
        ``channel_id``: it opens for players. False when it changed meanwhile."""
        async with self._db.transaction() as conn:
            if not await advance(conn, *_at(match), "invited", "status = 'open'"):
                return False
            await conn.execute(
                "UPDATE club_match_sides SET channel_id = ?, thread_id = ?, organiser_id = ? "
                "WHERE match_id = ? AND side = 2",
                (channel_id, thread_id, organiser_id, match.id),
            )
            return True

    async def decline(self, match: ClubMatch) -> bool:
        """Side 2's organiser declines ``match`` (still invited at its version)."""
        async with self._db.transaction() as conn:
            return await advance(conn, *_at(match), "invited", "status = 'declined'")

    async def join(
        self, match_id: int, side: int, player_id: int, now: datetime, most: int
    ) -> ListChange:
        """List ``player_id`` on ``side`` of the open match ``match_id`` if that side lists
        fewer than ``most`` players (counted in the match's turn: two joins at once cannot
        both take the last place)."""
        return await answer_of(self._join(match_id, side, player_id, now, most))

    async def _join(
        self, match_id: int, side: int, player_id: int, now: datetime, most: int
    ) -> ListChange:
        async with self._db.transaction() as conn:
            if await claim_open(conn, "club_matches", match_id, "id") is None:
                return ListChange.NOT_OPEN
            listed, already = await one_row(
                conn,
                "SELECT COUNT(*), COALESCE(SUM(CASE WHEN player_id = ? THEN 1 ELSE 0 END), 0) "
                "FROM club_match_players WHERE match_id = ? AND side = ?",
                (player_id, match_id, side),
            )
            if listed >= most and not already:
                raise Unchanged(ListChange.FULL)  # rolled back: the version stays
            row = await one_row(
                conn,
                "INSERT INTO club_match_players (match_id, side, player_id, joined_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (match_id, player_id) DO NOTHING RETURNING 1",
                (match_id, side, player_id, to_epoch(now)),
            )
            if row is None:
                raise Unchanged(ListChange.ALREADY_IN)
            return ListChange.DONE

    async def leave(self, match_id: int, side: int, player_id: int) -> ListChange:
        """Take ``player_id`` off side ``side`` of the open match ``match_id`` (NOT_IN when
        they are on the other side: an organiser lists and takes off their own side's)."""
        return await answer_of(self._leave(match_id, side, player_id))

    async def _leave(self, match_id: int, side: int, player_id: int) -> ListChange:
        async with self._db.transaction() as conn:
            if await claim_open(conn, "club_matches", match_id, "id") is None:
                return ListChange.NOT_OPEN
            row = await one_row(
                conn,
                "DELETE FROM club_match_players WHERE match_id = ? AND side = ? "
                "AND player_id = ? RETURNING 1",
                (match_id, side, player_id),
            )
            if row is None:
                raise Unchanged(ListChange.NOT_IN)  # rolled back: the version stays
            return ListChange.DONE

    async def players(self, match_id: int) -> list[MatchPlayer]:
        """The match's players, side by side, in the order they were listed."""
        rows = await self._db.fetch(
            "SELECT side, player_id, board FROM club_match_players WHERE match_id = ? "
            "ORDER BY side, joined_at, player_id",
            (match_id,),
        )
        return [MatchPlayer(*row) for row in rows]

    async def start(
        self,
        match: ClubMatch,
        boards: Mapping[int, int],
        games: Sequence[PairedMatchGame],
        now: datetime,
    ) -> list[GameRecord] | None:
        """Start ``match`` if it is still open at ``match.version``: its players given
        their ``boards`` (player id: board) and ``games`` created with their outbox rows,
        in one transaction. Returns the games; None, changing nothing, otherwise."""
        async with self._db.transaction() as conn:
            started = "status = 'running', started_at = ?"
            if not await advance(conn, *_at(match), "open", started, (to_epoch(now),)):
                return None
            await conn.executemany(
                "UPDATE club_match_players SET board = ? WHERE match_id = ? AND player_id = ?",
                [(board, match.id, player) for player, board in boards.items()],
            )
            records = []
            for paired in games:
                game = await insert_game(conn, paired.game, now, paired.outbox)
                await conn.execute(
                    "INSERT INTO club_match_games (game_id, match_id, board, white_side) "
                    "VALUES (?, ?, ?, ?)",
                    (game.id, match.id, paired.board, paired.white_side),
                )
                records.append(game)
            return records

    async def games(self, match_id: int) -> list[MatchGame]:
        """The match's games, board by board, with their players and results: one
        statement for the whole match (its standings are read on every result)."""
        rows = await self._db.fetch(
            "SELECT m.game_id, m.board, m.white_side, g.white_id, g.black_id, "
            "CASE WHEN g.status = 'finished' THEN g.result END "
            "FROM club_match_games m JOIN games g ON g.id = m.game_id WHERE m.match_id = ? "
            "ORDER BY m.board, m.game_id",
            (match_id,),
        )
        return [MatchGame(*row) for row in rows]

    async def finished_games(self, match_id: int) -> int:
        """How many of the match's games have ended."""
        rows = await self._db.fetch(FINISHED_GAMES, (match_id,))
        return int(rows[0][0])

    async def set_standings_message(self, match_id: int, side: int, message_id: int) -> None:
        """Record the side's standings message (posted once, then edited)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE club_match_sides SET standings_message_id = ? "
                "WHERE match_id = ? AND side = ?",
                (message_id, match_id, side),
            )


# How many of a match's games have ended (one parameter: its id).
FINISHED_GAMES = (
    "SELECT COUNT(*) FROM club_match_games m JOIN games g ON g.id = m.game_id "
    "WHERE m.match_id = ? AND g.status = 'finished'"
)


async def _read(conn: Connection, match_id: int) -> ClubMatch | None:
    cursor = await conn.execute(f"SELECT {_MATCH} FROM club_matches WHERE id = ?", (match_id,))
    row = await cursor.fetchone()
    await cursor.close()
    if row is None:
        return None
    cursor = await conn.execute(
        f"SELECT {_SIDE} FROM club_match_sides WHERE match_id = ? ORDER BY side", (match_id,)
    )
    sides = [_side(side) for side in await cursor.fetchall()]
    await cursor.close()
    return ClubMatch(
        id=row[0],
        variant=row[1],
        boards=row[2],
        games_a_board=row[3],
        days_per_move=row[4],
        status=MatchStatus(row[5]),
        version=row[6],
        sides=(sides[0], sides[1]),
    )


def _at(match: ClubMatch) -> tuple[Versioned, int, int]:
    """Where ``advance`` guards a write of ``match``: its row at the version read."""
    return "club_matches", match.id, match.version
