"""Vote chess's teams: a team is one side of one game, seated as a player of its own
(``players.id = -teams.id``), its moves elected by its members' nominations and votes.

Each nomination and vote raises the team's ``ballots`` under its row lock, checked against
the open window (a vote for a move nobody nominated nominates it in the same transaction:
``Teams.cast``); the close (``window_close`` in a move's write, ``clear_window`` without a
move) is guarded by the window's ply and that count, so a close counted before a late vote
writes nothing and is counted again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any, TypeVar

from bot.store.database import Connection, Database, Statement
from bot.store.outbox import OutboxItem, insert_statements
from bot.store.records import NotifyMode, from_epoch_or_none, to_epoch
from bot.store.versioned import one_row


def team_player_id(team_id: int) -> int:
    """The id of the player that sits in ``team_id``'s game for it (real ids are positive)."""
    return -team_id


def team_of_player(player_id: int) -> int | None:
    """The team whose seat ``player_id`` is; None for a person or the computer."""
    return -player_id if player_id < 0 else None


@dataclass(frozen=True, slots=True)
class NewTeam:
    """A team to create: its server, ``name``, ``captain_id`` (a member), the Discord
    ``role_id`` whose holders are members (None: the ``members`` listed), the voting
    window in seconds, and whether votes stay ``secret`` until the window closes (or, with
    ``after_vote``, until the member has voted this turn)."""

    guild_id: int
    name: str
    captain_id: int
    members: tuple[int, ...]
    role_id: int | None
    window_seconds: int
    secret: bool
    # The server its challenge is addressed to (None: teams of its own server).
    rival_guild_id: int | None = None
    # A secret team's counts shown to each member once they have voted this turn.
    after_vote: bool = False


@dataclass(frozen=True, slots=True)
class Team:
    """A stored team; ``window_ply`` and ``closes_at`` describe the open window (None:
    none open), ``ballots`` counts every ballot ever taken (a nomination, a vote, a withdrawal)."""

    id: int
    guild_id: int
    name: str
    captain_id: int
    role_id: int | None
    window_seconds: int
    secret: bool
    game_id: int | None
    window_ply: int | None
    closes_at: datetime | None
    ballots: int
    members: tuple[int, ...]
    # The team's private thread on Discord (None: none opened).
    thread_id: int | None = None
    # The server its challenge is addressed to (None: teams of its own server).
    rival_guild_id: int | None = None
    # A secret team's counts shown to each member once they have voted this turn.
    after_vote: bool = False

    @property
    def player_id(self) -> int:
        return team_player_id(self.id)

    def may_vote(self, player_id: int, roles: frozenset[int]) -> bool:
        """Whether ``player_id``, holding ``roles`` now, is a member."""
        return (
            player_id == self.captain_id
            or player_id in self.members
            or (self.role_id is not None and self.role_id in roles)
        )


@dataclass(frozen=True, slots=True)
class Nomination:
    """A move nominated for a turn, in order of nomination (``id``), with its votes."""

    id: int
    uci: str
    san: str
    chinese: str | None
    nominated_by: int
    votes: int


class BallotOutcome(Enum):
    """What a nomination or vote did."""

    TAKEN = "taken"  # a new nomination, a first vote, or a vote changed
    SAME = "same"  # already nominated; already the member's vote
    CLOSED = "closed"  # no window open for that turn
    LIMIT = "limit"  # the member's nominations or changes of vote this turn are used up


@dataclass(frozen=True, slots=True)
class Ballot:
    """A nomination or vote written (or not: ``outcome``), the nomination's id, and how
    many members have voted this turn."""

    outcome: BallotOutcome
    nomination_id: int | None = None
    voters: int = 0


@dataclass(frozen=True, slots=True)
class Cast:
    """A vote for a move, nominated by it if nobody had: the ``nomination`` (``TAKEN``: new)
    and the ``vote`` (None: the nomination was refused, or no window was open). Either
    refused, neither was written."""

    nomination: Ballot
    vote: Ballot | None = None


_Result = TypeVar("_Result", Ballot, Cast)


@dataclass(frozen=True, slots=True)
class DueWindow:
    team_id: int
    game_id: int
    ply: int


@dataclass(frozen=True, slots=True)
class VoteClose:
    """The window of ``team_id`` at ``ply``, counted at ``ballots``: closed by the elected
    move's own write (``MoveWrite.vote``), or by ``Teams.clear_window``; ``told``: the
    outbox rows that say the close, written first in the same write (``told_statements``)."""

    team_id: int
    ply: int
    ballots: int
    told: tuple[OutboxItem, ...] = ()


def told_statements(close: VoteClose | None, now: datetime) -> list[Statement]:
    """The inserts of ``close``'s outbox rows (none without a close), for its write."""
    return [] if close is None else insert_statements(close.told, now)


_COLUMNS = (
    "id, guild_id, name, captain_id, role_id, window_seconds, secret, game_id, window_ply, "
    "closes_at, ballots, thread_id, rival_guild_id, after_vote"
)

# Raises the count under the row's lock when the window of that turn is open.
_BALLOT = (
    "UPDATE teams SET ballots = ballots + 1 "
    "WHERE id = ? AND window_ply = ? AND closes_at > ? RETURNING ballots"
)


def window_close(close: VoteClose) -> Statement:
    """The guarded statement closing ``close``'s window, in the elected move's write."""
    return Statement(
        "UPDATE teams SET closes_at = NULL WHERE id = ? AND window_ply = ? AND ballots = ? "
        "AND closes_at IS NOT NULL RETURNING id",
        (close.team_id, close.ply, close.ballots),
        guard=True,
    )


def window_open(player_id: int, game_id: int, ply: int, now: datetime) -> list[Statement]:
    """The statement opening the window of the team seated as ``player_id`` (to move at
    ``ply`` in ``game_id`` from ``now``); none for a person or the computer."""
    team_id = team_of_player(player_id)
    if team_id is None:
        return []
    return [
        Statement(
            "UPDATE teams SET game_id = ?, window_ply = ?, closes_at = ? + window_seconds "
            "WHERE id = ?",
            (game_id, ply, to_epoch(now), team_id),
        )
    ]


async def seat_teams(
    conn: Connection, game_id: int, seats: Sequence[int], to_move_id: int, now: datetime
) -> None:
    """Inside a new game's transaction: link the teams among ``seats`` to ``game_id`` and
    open the window of the one to move first."""
    for player_id in seats:
        team_id = team_of_player(player_id)
        if team_id is None:
            continue
        opens = player_id == to_move_id
        # NULL + window_seconds is NULL: the team moving second has no window yet.
        await conn.execute(
            "UPDATE teams SET game_id = ?, window_ply = ?, closes_at = ? + window_seconds "
            "WHERE id = ?",
            (game_id, 0 if opens else None, to_epoch(now) if opens else None, team_id),
        )


class Teams:
    """The ``teams``, ``team_members``, ``team_nominations`` and ``team_votes`` tables."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def create(self, team: NewTeam, now: datetime) -> Team:
        """Write ``team``, its player row (named after it, never notified) and its members
        in one transaction."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO teams (guild_id, name, captain_id, role_id, window_seconds, "
                "secret, created_at, rival_guild_id, after_vote) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                f"RETURNING {_COLUMNS}",
                (
                    team.guild_id,
                    team.name,
                    team.captain_id,
                    team.role_id,
                    team.window_seconds,
                    int(team.secret),
                    to_epoch(now),
                    team.rival_guild_id,
                    int(team.secret and team.after_vote),
                ),
            )
            row = await cursor.fetchone()
            await cursor.close()
            members = tuple(dict.fromkeys((team.captain_id, *team.members)))
            await conn.execute(
                "INSERT INTO players (id, display_name, is_bot, notify, created_at) "
                "VALUES (?, ?, 0, ?, ?)",
                (team_player_id(row[0]), team.name, NotifyMode.OFF.value, to_epoch(now)),
            )
            for member in members:
                await conn.execute(
                    "INSERT INTO team_members (team_id, player_id) VALUES (?, ?)",
                    (row[0], member),
                )
        return _team(row, members)

    async def discard(self, team_id: int) -> bool:
        """Delete a team whose game never came (its challenge refused after the team was
        written), with its seat and members, in one write; False, and nothing deleted, once
        a challenge or a game names its seat."""
        seat = team_player_id(team_id)
        rows = await self._db.write(
            [
                Statement(
                    "SELECT id FROM teams WHERE id = ? AND game_id IS NULL "
                    "AND NOT EXISTS (SELECT 1 FROM challenges WHERE challenger_id = ?) "
                    "AND NOT EXISTS (SELECT 1 FROM games WHERE white_id = ? OR black_id = ?)",
                    (team_id, seat, seat, seat),
                    guard=True,
                ),
                Statement("DELETE FROM team_members WHERE team_id = ?", (team_id,)),
                Statement("DELETE FROM team_reminder_dms WHERE team_id = ?", (team_id,)),
                Statement("DELETE FROM team_thread_members WHERE team_id = ?", (team_id,)),
                Statement("DELETE FROM teams WHERE id = ?", (team_id,)),
                Statement("DELETE FROM players WHERE id = ?", (seat,)),
            ]
        )
        return rows is not None

    async def set_thread(self, team_id: int, thread_id: int | None) -> None:
        """Remember the team's private thread (None: it is gone), forgetting whom Postal
        added to the one before."""
        await self._db.write(
            [
                Statement("UPDATE teams SET thread_id = ? WHERE id = ?", (thread_id, team_id)),
                Statement("DELETE FROM team_thread_members WHERE team_id = ?", (team_id,)),
            ]
        )

    async def get(self, team_id: int) -> Team | None:
        rows = await self._db.fetch(f"SELECT {_COLUMNS} FROM teams WHERE id = ?", (team_id,))
        if not rows:
            return None
        members = await self._db.fetch(
            "SELECT player_id FROM team_members WHERE team_id = ? ORDER BY player_id",
            (team_id,),
        )
        return _team(rows[0], tuple(int(member[0]) for member in members))

    async def of_member(self, player_id: int, guild_id: int) -> list[int]:
        """The teams ``player_id`` is listed in on ``guild_id`` whose game is running."""
        rows = await self._db.fetch(
            "SELECT t.id FROM team_members m JOIN teams t ON t.id = m.team_id "
            "JOIN games g ON g.id = t.game_id "
            "WHERE m.player_id = ? AND t.guild_id = ? AND g.status = 'active' ORDER BY t.id",
            (player_id, guild_id),
        )
        return [int(row[0]) for row in rows]

    async def of_roles(self, roles: Sequence[int], guild_id: int) -> list[int]:
        """The teams of ``roles`` on ``guild_id`` whose game is running."""
        if not roles:
            return []
        marks = ", ".join("?" * len(roles))
        rows = await self._db.fetch(
            "SELECT t.id FROM teams t JOIN games g ON g.id = t.game_id "
            f"WHERE t.role_id IN ({marks}) AND t.guild_id = ? AND g.status = 'active' "
            "ORDER BY t.id",
            (*roles, guild_id),
        )
        return [int(row[0]) for row in rows]

    async def due(self, now: datetime, limit: int) -> list[DueWindow]:
        """Open windows whose close has come, soonest first (index ``teams_window_due``)."""
        rows = await self._db.fetch(
            "SELECT id, game_id, window_ply FROM teams "
            "WHERE closes_at IS NOT NULL AND closes_at <= ? ORDER BY closes_at, id LIMIT ?",
            (to_epoch(now), limit),
        )
        return [DueWindow(int(row[0]), int(row[1]), int(row[2])) for row in rows]

    async def next_close(self) -> datetime | None:
        """The soonest open window's close (None: none open)."""
        rows = await self._db.fetch("SELECT MIN(closes_at) FROM teams WHERE closes_at IS NOT NULL")
        return from_epoch_or_none(rows[0][0] if rows else None)

    async def nominate(
        self,
        team_id: int,
        ply: int,
        player_id: int,
        move: tuple[str, str, str | None],
        now: datetime,
        limit: int,
    ) -> Ballot:
        """Nominate ``move`` (uci, san, chinese) for ``ply`` as ``player_id``, at most
        ``limit`` nominations of theirs a turn; an existing nomination of it is ``SAME``."""
        nominee = (player_id, move)
        return await self._ballot(
            team_id,
            ply,
            now,
            lambda conn: _nominate(conn, team_id, ply, nominee, now, limit),
            _alone,
        )

    async def cast(
        self,
        team_id: int,
        ply: int,
        player_id: int,
        move: tuple[str, str, str | None],
        now: datetime,
        limits: tuple[int, int],
    ) -> Cast:
        """``player_id``'s vote at ``ply`` for ``move`` (uci, san, chinese), nominating it
        first when nobody has: cast, or changed. ``limits``: their nominations a turn, their
        changes of vote a turn. One transaction, so a vote refused leaves no nomination."""
        nominations, changes = limits
        nominee = (player_id, move)

        async def take(conn: Connection) -> Cast:
            nominated = await _nominate(conn, team_id, ply, nominee, now, nominations)
            assert nominated.nomination_id is not None
            vote = (player_id, nominated.nomination_id)
            try:
                return Cast(nominated, await _vote(conn, team_id, ply, vote, now, changes))
            except _Refused as refused:  # rolls the nomination back with the vote
                raise _Refused(refused.outcome, Cast(nominated, Ballot(refused.outcome))) from None

        return await self._ballot(
            team_id, ply, now, take, lambda refused: refused.cast or Cast(Ballot(refused.outcome))
        )

    async def withdraw(
        self, team_id: int, ply: int, player_id: int, nomination_id: int, now: datetime
    ) -> Ballot:
        """Withdraw ``player_id``'s vote at ``ply`` if it is for ``nomination_id`` (``TAKEN``);
        ``SAME`` when their vote is another or none, ``CLOSED`` when no window is open. A
        withdrawal counts among the team's ballots (a close counted before it counts again)."""
        vote = (player_id, nomination_id)
        return await self._ballot(
            team_id, ply, now, lambda conn: _withdraw(conn, team_id, ply, vote), _alone
        )

    async def _ballot(
        self,
        team_id: int,
        ply: int,
        now: datetime,
        take: Callable[[Connection], Awaitable[_Result]],
        refusal: Callable[[_Refused], _Result],
    ) -> _Result:
        """Run ``take`` in one transaction once ``ply``'s window is open, its count raised
        under the team's row lock (``CLOSED`` otherwise); a refusal rolls it all back and is
        answered by ``refusal``."""
        try:
            async with self._db.transaction() as conn:
                if await one_row(conn, _BALLOT, (team_id, ply, to_epoch(now))) is None:
                    return refusal(_Refused(BallotOutcome.CLOSED))
                return await take(conn)
        except _Refused as refused:
            return refusal(refused)

    async def nominations(self, team_id: int, ply: int) -> list[Nomination]:
        """The moves nominated for ``ply``, in order of nomination, with their votes."""
        rows = await self._db.fetch(
            "SELECT n.id, n.uci, n.san, n.chinese, n.nominated_by, "
            "(SELECT COUNT(*) FROM team_votes v WHERE v.nomination_id = n.id AND v.withdrawn = 0) "
            "FROM team_nominations n WHERE n.team_id = ? AND n.ply = ? ORDER BY n.id",
            (team_id, ply),
        )
        return [Nomination(int(r[0]), r[1], r[2], r[3], int(r[4]), int(r[5])) for r in rows]

    async def voters(self, team_id: int, ply: int) -> frozenset[int]:
        """The members whose vote at ``ply`` stands (not withdrawn)."""
        rows = await self._db.fetch(
            "SELECT voter_id FROM team_votes WHERE team_id = ? AND ply = ? AND withdrawn = 0",
            (team_id, ply),
        )
        return frozenset(int(row[0]) for row in rows)

    async def want_dms(self, team_id: int, player_id: int, wanted: bool) -> None:
        """Note whether ``player_id`` wants a DM when the team's vote is open and they
        have not voted (``/vote remind``)."""
        sql = (
            "INSERT INTO team_reminder_dms (team_id, player_id) VALUES (?, ?) "
            "ON CONFLICT (team_id, player_id) DO NOTHING"
            if wanted
            else "DELETE FROM team_reminder_dms WHERE team_id = ? AND player_id = ?"
        )
        await self._db.write([Statement(sql, (team_id, player_id))])

    async def dm_wanted_by(self, team_id: int, ply: int) -> tuple[int, ...]:
        """The members who want a DM about the team's vote at ``ply`` and have not voted
        in it (a vote withdrawn is no vote)."""
        rows = await self._db.fetch(
            "SELECT d.player_id FROM team_reminder_dms d WHERE d.team_id = ? "
            "AND NOT EXISTS (SELECT 1 FROM team_votes v WHERE v.team_id = d.team_id "
            "AND v.ply = ? AND v.voter_id = d.player_id AND v.withdrawn = 0) "
            "ORDER BY d.player_id",
            (team_id, ply),
        )
        return tuple(int(row[0]) for row in rows)

    async def role_reminded(self, team_id: int, now: datetime, since: datetime) -> bool:
        """Take the team's role mention for a reminder at ``now``: True, and noted, when the
        role was last mentioned before ``since`` (or never); False otherwise."""
        rows = await self._db.write(
            [
                Statement(
                    "UPDATE teams SET role_reminded_at = ? WHERE id = ? AND role_id IS NOT NULL "
                    "AND (role_reminded_at IS NULL OR role_reminded_at <= ?) RETURNING id",
                    (to_epoch(now), team_id, to_epoch(since)),
                )
            ]
        )
        return bool(rows and rows[0])

    async def clear_window(self, close: VoteClose, now: datetime) -> bool:
        """Close ``close``'s window without a move (nothing elected, or its game ended or
        moved on otherwise), its ``told`` rows written with it at ``now``; False, and
        nothing written, when it was closed or voted in meanwhile."""
        rows = await self._db.write([window_close(close), *told_statements(close, now)])
        return rows is not None


class _Refused(Exception):
    """Rolls a ballot's transaction back (its raised count included); ``cast``: what a
    refused vote's nomination was (nothing of it written)."""

    def __init__(self, outcome: BallotOutcome, cast: Cast | None = None) -> None:
        super().__init__(outcome.value)
        self.outcome = outcome
        self.cast = cast


def _alone(refused: _Refused) -> Ballot:
    """A nomination's or withdrawal's refusal."""
    return Ballot(refused.outcome)


async def _nominate(
    conn: Connection,
    team_id: int,
    ply: int,
    nominee: tuple[int, tuple[str, str, str | None]],
    now: datetime,
    limit: int,
) -> Ballot:
    player_id, (uci, san, chinese) = nominee
    found = await one_row(
        conn,
        "SELECT id FROM team_nominations WHERE team_id = ? AND ply = ? AND uci = ?",
        (team_id, ply, uci),
    )
    if found is not None:
        return Ballot(BallotOutcome.SAME, int(found[0]))
    mine = await one_row(
        conn,
        "SELECT COUNT(*) FROM team_nominations WHERE team_id = ? AND ply = ? AND nominated_by = ?",
        (team_id, ply, player_id),
    )
    if mine is not None and int(mine[0]) >= limit:
        raise _Refused(BallotOutcome.LIMIT)
    row = await one_row(
        conn,
        "INSERT INTO team_nominations (team_id, ply, uci, san, chinese, nominated_by, "
        "nominated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (team_id, ply, uci, san, chinese, player_id, to_epoch(now)),
    )
    return Ballot(BallotOutcome.TAKEN, int(row[0]))


async def _vote(
    conn: Connection,
    team_id: int,
    ply: int,
    vote: tuple[int, int],
    now: datetime,
    limit: int,
) -> Ballot:
    player_id, nomination_id = vote
    before = await one_row(
        conn,
        "SELECT nomination_id, changes, withdrawn FROM team_votes "
        "WHERE team_id = ? AND ply = ? AND voter_id = ?",
        (team_id, ply, player_id),
    )
    # A vote cast again after its withdrawal is a change (the limit holds across both).
    if before is not None and int(before[0]) == nomination_id and not before[2]:
        outcome = BallotOutcome.SAME
    elif before is not None and int(before[1]) >= limit:
        raise _Refused(BallotOutcome.LIMIT)
    else:
        outcome = BallotOutcome.TAKEN
        await conn.execute(
            "INSERT INTO team_votes (team_id, ply, voter_id, nomination_id, cast_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (team_id, ply, voter_id) DO UPDATE "
            "SET nomination_id = excluded.nomination_id, cast_at = excluded.cast_at, "
            "changes = team_votes.changes + 1, withdrawn = 0",
            (team_id, ply, player_id, nomination_id, to_epoch(now)),
        )
    return Ballot(outcome, nomination_id, await _voters(conn, team_id, ply))


async def _withdraw(conn: Connection, team_id: int, ply: int, vote: tuple[int, int]) -> Ballot:
    """Withdraw ``vote`` (voter, nomination) when it is the voter's vote now; ``SAME``
    (nothing to do, rolled back) otherwise."""
    player_id, nomination_id = vote
    withdrawn = await one_row(
        conn,
        "UPDATE team_votes SET withdrawn = 1 WHERE team_id = ? AND ply = ? AND voter_id = ? "
        "AND nomination_id = ? AND withdrawn = 0 RETURNING voter_id",
        (team_id, ply, player_id, nomination_id),
    )
    if withdrawn is None:
        raise _Refused(BallotOutcome.SAME)
    return Ballot(BallotOutcome.TAKEN, nomination_id, await _voters(conn, team_id, ply))


async def _voters(conn: Connection, team_id: int, ply: int) -> int:
    """How many members have a vote (not withdrawn) at ``ply``."""
    voters = await one_row(
        conn,
        "SELECT COUNT(*) FROM team_votes WHERE team_id = ? AND ply = ? AND withdrawn = 0",
        (team_id, ply),
    )
    return int(voters[0]) if voters else 0


def _team(row: Any, members: tuple[int, ...]) -> Team:
    return Team(
        id=int(row[0]),
        guild_id=int(row[1]),
        name=row[2],
        captain_id=int(row[3]),
        role_id=None if row[4] is None else int(row[4]),
        window_seconds=int(row[5]),
        secret=bool(row[6]),
        game_id=None if row[7] is None else int(row[7]),
        window_ply=None if row[8] is None else int(row[8]),
        closes_at=from_epoch_or_none(row[9]),
        ballots=int(row[10]),
        members=members,
        thread_id=None if row[11] is None else int(row[11]),
        rival_guild_id=None if row[12] is None else int(row[12]),
        after_vote=bool(row[13]),
    )
