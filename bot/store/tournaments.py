"""Tournaments, their entrants, rounds and games: every write one transaction.

Every write raises the tournament's ``version``; the start is guarded by the version the
service paired (``WHERE version = ?``), so a field that changed meanwhile, or a second start
(another click, another process), changes nothing. A game's ending finishes its tournament
in the ending's own transaction (``bot.store.tournament_endings``): the results are the
games' own, read from them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.store.database import Connection, Database
from bot.store.ending_batches import BatchEnding, end_games
from bot.store.game_starts import insert_game
from bot.store.outbox import OutboxItem, insert_items
from bot.store.outbox_facts import (
    TournamentEndedFacts,
    TournamentStartedFacts,
    TournamentTimeoutsFacts,
)
from bot.store.outbox_restate import restate
from bot.store.records import GameRecord, from_epoch, from_epoch_or_none, to_epoch
from bot.store.tournament_records import (
    Entrant,
    Entry,
    EntryChange,
    GameRatings,
    NewTournament,
    PairedGame,
    Tournament,
    TournamentFormat,
    TournamentGame,
    TournamentStatus,
)
from bot.store.versioned import Unchanged, Versioned, advance, answer_of, claim_open

_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, organiser_id, name, format, cycles, "
    "variant, days_per_move, rated, max_players, start_when_full, status, created_at, "
    "started_at, finished_at, version, rounds, bye_halves, starts_at, cancelled_at, vacation, "
    "start_fen, tiebreak_pairs, standings_message_id, timeout_limit, decider, lots_seed"
)


# How many of a tournament's games have ended (one parameter: its id).
_FINISHED_GAMES = (
    "SELECT COUNT(*) FROM tournament_games t JOIN games g ON g.id = t.game_id "
    "WHERE t.tournament_id = ? AND g.status = 'finished'"
)


def tournament_from_row(row: Any) -> Tournament:
    return Tournament(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        thread_id=row[3],
        message_id=row[4],
        organiser_id=row[5],
        name=row[6],
        format=TournamentFormat(row[7]),
        cycles=row[8],
        variant=row[9],
        days_per_move=row[10],
        rated=bool(row[11]),
        max_players=row[12],
        start_when_full=bool(row[13]),
        status=TournamentStatus(row[14]),
        created_at=from_epoch(row[15]),
        started_at=from_epoch_or_none(row[16]),
        finished_at=from_epoch_or_none(row[17]),
        version=row[18],
        rounds=row[19],
        bye_halves=row[20],
        starts_at=from_epoch_or_none(row[21]),
        cancelled_at=from_epoch_or_none(row[22]),
        vacation=bool(row[23]),
        start_fen=row[24],
        tiebreak_pairs=row[25],
        standings_message_id=row[26],
        timeout_limit=row[27],
        decider=row[28],
        lots_seed=row[29],
    )


class Tournaments:
    """Reads and writes of the tournament tables."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def create(self, new: NewTournament, now: datetime) -> Tournament:
        """Open ``new`` for entrants (its organiser is a stored player)."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, thread_id, organiser_id, name, "
                "format, cycles, variant, days_per_move, rated, max_players, start_when_full, "
                "status, created_at, rounds, bye_halves, starts_at, vacation, start_fen, "
                "tiebreak_pairs, timeout_limit, decider, lots_seed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                f"RETURNING {_COLUMNS}",
                (
                    new.guild_id,
                    new.channel_id,
                    new.thread_id,
                    new.organiser_id,
                    new.name,
                    new.format.value,
                    new.cycles,
                    new.variant,
                    new.days_per_move,
                    int(new.rated),
                    new.max_players,
                    int(new.start_when_full),
                    to_epoch(now),
                    new.rounds,
                    new.bye_halves,
                    None if new.starts_at is None else to_epoch(new.starts_at),
                    int(new.vacation),
                    new.start_fen,
                    new.tiebreak_pairs,
                    new.timeout_limit,
                    new.decider,
                    new.lots_seed,
                ),
            )
            row = await cursor.fetchone()
            await cursor.close()
        return tournament_from_row(row)

    async def get(self, tournament_id: int) -> Tournament | None:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
            )
            row = await cursor.fetchone()
        return None if row is None else tournament_from_row(row)

    async def unfinished_in(self, guild_id: int, channel_id: int) -> list[Tournament]:
        """The tournaments of a channel (or of threads under it) not finished yet, oldest
        first."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM tournaments WHERE channel_id = ? AND guild_id = ? "
                "AND status <> 'finished' ORDER BY id",
                (channel_id, guild_id),
            )
            rows = await cursor.fetchall()
        return [tournament_from_row(row) for row in rows]

    async def latest_in(self, guild_id: int, channel_id: int) -> Tournament | None:
        """The channel's newest tournament, whatever its status."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM tournaments WHERE channel_id = ? AND guild_id = ? "
                "ORDER BY id DESC LIMIT 1",
                (channel_id, guild_id),
            )
            row = await cursor.fetchone()
        return None if row is None else tournament_from_row(row)

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """The entrants, by pairing number once started, by joining order before (the
        number each got when joining)."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT e.player_id, p.display_name, e.joined_at, e.seed, "
                "e.withdrawn_at IS NOT NULL, e.annulled "
                "FROM tournament_entrants e JOIN players p ON p.id = e.player_id "
                "WHERE e.tournament_id = ? ORDER BY e.seed, e.joined_at, e.player_id",
                (tournament_id,),
            )
            rows = await cursor.fetchall()
        return [
            Entrant(row[0], row[1], from_epoch(row[2]), row[3], bool(row[4]), bool(row[5]))
            for row in rows
        ]

    async def withdraw(
        self,
        tournament_id: int,
        player_id: int,
        *,
        annulled: bool,
        endings: Sequence[BatchEnding],
        now: datetime,
        said: tuple[int, TournamentTimeoutsFacts] | None = None,
    ) -> bool:
        """In one transaction: mark ``player_id`` withdrawn from the running tournament
        (``annulled``: their results struck out) and end their games still going
        (``endings``, each guarded by the version it was read at; marked forfeits); ``said``:
        an outbox row (its id) restated as the facts of what was done. False, and nothing
        changed, when it is not running, they are not in it or withdrew already, or one of
        the games moved meanwhile (read them again)."""
        try:
            async with self._db.transaction() as conn:
                cursor = await conn.execute(
                    "UPDATE tournament_entrants SET withdrawn_at = ?, annulled = ? "
                    "WHERE tournament_id = ? AND player_id = ? AND withdrawn_at IS NULL "
                    "AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = ? "
                    "AND t.status = 'running')",
                    (to_epoch(now), int(annulled), tournament_id, player_id, tournament_id),
                )
                if cursor.rowcount == 0:
                    raise Unchanged(Entry(EntryChange.NOT_IN))
                if len(await end_games(conn, endings, now)) < len(endings):
                    raise Unchanged(Entry(EntryChange.NOT_OPEN))  # a game moved: roll back
                await conn.executemany(
                    "UPDATE tournament_games SET forfeit = 1 WHERE game_id = ?",
                    [(ending.game.id,) for ending in endings],
                )
                if said is not None:
                    await restate(conn, *said)
        except Unchanged:
            return False
        return True

    async def games(self, tournament_id: int) -> list[TournamentGame]:
        """Its games by round and board (a match's in the order they started), with their
        results so far, each marked forfeited when a withdrawal ended it, and a knockout's
        Armageddon games as such."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT t.game_id, t.round, t.board, g.white_id, g.black_id, "
                "CASE WHEN g.status = 'finished' THEN g.result END, t.forfeit, "
                "t.white_rating_before, t.white_rating_after, t.black_rating_before, "
                "t.black_rating_after, t.armageddon FROM tournament_games t "
                "JOIN games g ON g.id = t.game_id "
                "WHERE t.tournament_id = ? ORDER BY t.round, t.board, t.game_id",
                (tournament_id,),
            )
            rows = await cursor.fetchall()
        return [
            TournamentGame(
                row[0],
                row[1],
                row[2],
                row[3],
                row[4],
                row[5],
                bool(row[6]),
                None if row[8] is None else GameRatings(row[7], row[8], row[9], row[10]),
                bool(row[11]),
            )
            for row in rows
        ]

    async def finished_of(self, player_id: int, guild_id: int | None) -> list[Tournament]:
        """The tournaments ``player_id`` was in that finished (not those cancelled), of
        server ``guild_id`` (None: every server), the latest first."""
        where = "" if guild_id is None else " AND guild_id = ?"
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM tournaments WHERE status = 'finished' "
                "AND cancelled_at IS NULL AND id IN (SELECT tournament_id FROM "
                f"tournament_entrants WHERE player_id = ?){where} "
                "ORDER BY finished_at DESC, id DESC",
                (player_id,) if guild_id is None else (player_id, guild_id),
            )
            rows = await cursor.fetchall()
        return [tournament_from_row(row) for row in rows]

    async def vacation_allowed(self, game_id: int) -> bool:
        """Whether a vacation pauses ``game_id``'s clock: False only for a game of a
        tournament that allows none."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT t.vacation FROM tournament_games g JOIN tournaments t "
                "ON t.id = g.tournament_id WHERE g.game_id = ?",
                (game_id,),
            )
            row = await cursor.fetchone()
        return row is None or bool(row[0])

    async def unpaused_games(self, player_id: int) -> int:
        """How many of ``player_id``'s games going on belong to a tournament that allows no
        vacation (their clocks keep running through one)."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT COUNT(*) FROM games g JOIN tournament_games m ON m.game_id = g.id "
                "JOIN tournaments t ON t.id = m.tournament_id WHERE t.vacation = 0 "
                "AND g.status = 'active' AND (g.white_id = ? OR g.black_id = ?)",
                (player_id, player_id),
            )
            row = await cursor.fetchone()
        return 0 if row is None else int(row[0])

    async def of_game(self, game_id: int) -> int | None:
        """The tournament ``game_id`` belongs to, if any."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT tournament_id FROM tournament_games WHERE game_id = ?", (game_id,)
            )
            row = await cursor.fetchone()
        return None if row is None else int(row[0])

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        """Remember the adapter's message showing the tournament."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
            )

    async def set_standings_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the standings message the first result posted (later ones edit it)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE tournaments SET standings_message_id = ? WHERE id = ?",
                (message_id, tournament_id),
            )

    async def finished_games(self, tournament_id: int) -> int:
        """How many of its games have ended."""
        async with self._db.read() as conn:
            cursor = await conn.execute(_FINISHED_GAMES, (tournament_id,))
            row = await cursor.fetchone()
            await cursor.close()
        return int(row[0]) if row is not None else 0

    async def join(self, tournament_id: int, player_id: int, now: datetime) -> Entry:
        """Enter ``player_id`` (a stored player) if the tournament is open, has room and
        does not hold them; otherwise change nothing and say why."""
        return await answer_of(self._join(tournament_id, player_id, now))

    async def _join(self, tournament_id: int, player_id: int, now: datetime) -> Entry:
        async with self._db.transaction() as conn:
            tournament = await _claim_open(conn, tournament_id)
            if isinstance(tournament, Entry):
                return tournament
            count, already = await _field(conn, tournament_id, player_id)
            if already:
                raise Unchanged(Entry(EntryChange.ALREADY_IN, count, tournament))
            if count >= tournament.max_players:
                raise Unchanged(Entry(EntryChange.FULL, count, tournament))
            # Numbered in joining order until the start numbers them for pairing.
            await conn.execute(
                "INSERT INTO tournament_entrants (tournament_id, player_id, joined_at, seed) "
                "SELECT ?, ?, ?, COALESCE(MAX(seed), 0) + 1 FROM tournament_entrants "
                "WHERE tournament_id = ?",
                (tournament_id, player_id, to_epoch(now), tournament_id),
            )
        return Entry(EntryChange.DONE, count + 1, tournament)

    async def leave(self, tournament_id: int, player_id: int) -> Entry:
        """Take ``player_id`` out of an open tournament; otherwise change nothing and say
        why."""
        return await answer_of(self._leave(tournament_id, player_id))

    async def _leave(self, tournament_id: int, player_id: int) -> Entry:
        async with self._db.transaction() as conn:
            tournament = await _claim_open(conn, tournament_id)
            if isinstance(tournament, Entry):
                return tournament
            cursor = await conn.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND player_id = ?",
                (tournament_id, player_id),
            )
            count, _ = await _field(conn, tournament_id, player_id)
            if cursor.rowcount == 0:
                raise Unchanged(Entry(EntryChange.NOT_IN, count, tournament))
        return Entry(EntryChange.DONE, count, tournament)

    async def start(
        self,
        tournament: Tournament,
        seeds: Mapping[int, int],
        rounds: Sequence[int],
        games: Sequence[PairedGame],
        now: datetime,
        byes: Mapping[int, int] | None = None,
        announce: Callable[[Sequence[GameRecord]], Sequence[OutboxItem]] | None = None,
    ) -> list[GameRecord] | None:
        """Start ``tournament`` if it is still open at ``tournament.version``: its entrants
        numbered by ``seeds`` (player id: pairing number), ``rounds`` begun, ``games`` created
        with their outbox rows, a Swiss' ``byes`` (round: player) given, the rows
        ``announce`` makes of the games written (a start by the clock says itself), all in
        one transaction. Returns the
        games; None, changing nothing, if it started or its field changed meanwhile."""
        async with self._db.transaction() as conn:
            started = "status = 'running', started_at = ?"
            if not await advance(conn, *_at(tournament), "open", started, (to_epoch(now),)):
                return None
            await conn.executemany(
                "UPDATE tournament_entrants SET seed = ? WHERE tournament_id = ? AND player_id = ?",
                [(seed, tournament.id, player) for player, seed in seeds.items()],
            )
            records = await _begin_rounds(conn, tournament.id, rounds, games, byes or {}, now)
            if announce is not None:
                await insert_items(conn, announce(records), now)
            return records

    async def add_games(
        self,
        tournament: Tournament,
        rounds: Sequence[int],
        games: Sequence[PairedGame],
        byes: Mapping[int, int],
        now: datetime,
        said_by: int | None = None,
    ) -> list[GameRecord] | None:
        """A running Swiss or knockout goes on: ``rounds`` begun (a Swiss round, or a
        knockout round's first match), ``games`` created with their outbox rows, ``byes``
        (round: player) given, in one transaction, if the tournament is still at
        ``tournament.version``; the outbox row ``said_by`` (the one whose delivery went on)
        restated as the announcement of these games. Returns the games; None, changing
        nothing, when another process (or a retried delivery) went on first."""
        async with self._db.transaction() as conn:
            if not await advance(conn, *_at(tournament), "running"):
                return None
            records = await _begin_rounds(conn, tournament.id, rounds, games, byes, now)
            if said_by is not None and games:
                ids = tuple(record.id for record in records)
                said = TournamentStartedFacts(tournament.id, ids, games[0].round)
                await restate(conn, said_by, said)
            return records

    async def finish(
        self, tournament: Tournament, now: datetime, said_by: int | None = None
    ) -> bool:
        """Finish a running Swiss or knockout whose last round is over, if it is still at
        ``tournament.version``, the outbox row ``said_by`` restated as the announcement of
        its end; False when it changed meanwhile."""
        async with self._db.transaction() as conn:
            finished = "status = 'finished', finished_at = ?"
            if not await advance(conn, *_at(tournament), "running", finished, (to_epoch(now),)):
                return False
            if said_by is not None:
                await restate(conn, said_by, TournamentEndedFacts(tournament.id))
            return True

    async def byes(self, tournament_id: int) -> dict[int, int]:
        """A Swiss' byes: round number to the player who had it."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT round, player_id FROM tournament_byes WHERE tournament_id = ?",
                (tournament_id,),
            )
            rows = await cursor.fetchall()
        return {int(row[0]): int(row[1]) for row in rows}

    async def due(self, now: datetime) -> list[Tournament]:
        """The open tournaments whose sign-up deadline is ``now`` or past, soonest first."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM tournaments WHERE status = 'open' "
                "AND starts_at IS NOT NULL AND starts_at <= ? ORDER BY starts_at, id",
                (to_epoch(now),),
            )
            rows = await cursor.fetchall()
        return [tournament_from_row(row) for row in rows]

    async def next_start(self) -> datetime | None:
        """The soonest sign-up deadline of an open tournament (None: none has one)."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT MIN(starts_at) FROM tournaments WHERE status = 'open' "
                "AND starts_at IS NOT NULL"
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else from_epoch(row[0])

    async def cancel(self, tournament: Tournament, item: OutboxItem, now: datetime) -> bool:
        """Call off ``tournament`` unplayed if it is still open at ``tournament.version``,
        writing ``item`` (its announcement) in the same transaction; False, changing
        nothing, when it changed meanwhile (a join, a start, another process)."""
        async with self._db.transaction() as conn:
            cancelled = "status = 'finished', finished_at = ?, cancelled_at = ?"
            at = (to_epoch(now), to_epoch(now))
            if not await advance(conn, *_at(tournament), "open", cancelled, at):
                return False
            await insert_items(conn, (item,), now)
        return True

    async def rounds_begun(self, tournament_id: int) -> list[int]:
        """The numbers of the rounds begun, in order."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT number FROM tournament_rounds WHERE tournament_id = ? ORDER BY number",
                (tournament_id,),
            )
            rows = await cursor.fetchall()
        return [int(row[0]) for row in rows]


def _at(tournament: Tournament) -> tuple[Versioned, int, int]:
    """Where ``advance`` guards a write of ``tournament``: its row at the version read."""
    return "tournaments", tournament.id, tournament.version


async def _claim_open(conn: Connection, tournament_id: int) -> Tournament | Entry:
    """Claim an open tournament (``claim_open``: joins and leaves take turns, and the start
    sees the field they leave), or say why not: NOT_OPEN with the tournament as it is now
    (started, or cancelled meanwhile)."""
    row = await claim_open(conn, "tournaments", tournament_id, _COLUMNS)
    if row is not None:
        return tournament_from_row(row)
    cursor = await conn.execute(
        f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
    )
    now = await cursor.fetchone()
    await cursor.close()
    if now is None:
        return Entry(EntryChange.UNKNOWN)
    return Entry(EntryChange.NOT_OPEN, tournament=tournament_from_row(now))


async def _field(conn: Connection, tournament_id: int, player_id: int) -> tuple[int, bool]:
    """How many entrants the tournament has, and whether ``player_id`` is one."""
    cursor = await conn.execute(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN player_id = ? THEN 1 ELSE 0 END), 0) "
        "FROM tournament_entrants WHERE tournament_id = ?",
        (player_id, tournament_id),
    )
    row = await cursor.fetchone()
    await cursor.close()
    return int(row[0]), bool(row[1])


async def _start_game(
    conn: Connection, tournament_id: int, paired: PairedGame, now: datetime
) -> GameRecord:
    game = await insert_game(conn, paired.game, now, paired.outbox)
    await conn.execute(
        "INSERT INTO tournament_games (game_id, tournament_id, round, board, armageddon) "
        "VALUES (?, ?, ?, ?, ?)",
        (game.id, tournament_id, paired.round, paired.board, int(paired.armageddon)),
    )
    return game


async def _begin_rounds(
    conn: Connection,
    tournament_id: int,
    rounds: Sequence[int],
    games: Sequence[PairedGame],
    byes: Mapping[int, int],
    now: datetime,
) -> list[GameRecord]:
    """``rounds`` begun, ``byes`` (round: player) given and ``games`` created with their
    outbox rows, inside the caller's transaction."""
    await conn.executemany(
        "INSERT INTO tournament_rounds (tournament_id, number, started_at) VALUES (?, ?, ?)",
        [(tournament_id, number, to_epoch(now)) for number in rounds],
    )
    await _give_byes(conn, tournament_id, byes)
    return [await _start_game(conn, tournament_id, paired, now) for paired in games]


async def _give_byes(conn: Connection, tournament_id: int, byes: Mapping[int, int]) -> None:
    if byes:
        await conn.executemany(
            "INSERT INTO tournament_byes (tournament_id, round, player_id) VALUES (?, ?, ?)",
            [(tournament_id, number, player) for number, player in byes.items()],
        )
