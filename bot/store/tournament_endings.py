"""What a game's ending writes about its tournament, inside the ending's own transaction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.store.database import Connection
from bot.store.outbox import OutboxItem
from bot.store.outbox_facts import (
    OutboxTarget,
    TournamentEndedFacts,
    TournamentRoundFacts,
    TournamentStandingsFacts,
    TournamentTimeoutsFacts,
)
from bot.store.records import RatingUpdate, to_epoch


def ended_item(game_id: int, tournament_id: int) -> OutboxItem:
    """The announcement of tournament ``tournament_id``'s end (its final table and winners),
    written with the ending of its last game, ``game_id``: in that game's lane, so it follows
    the game's own ending; once per tournament, whatever retries the ending."""
    return OutboxItem(
        OutboxTarget.PLACE,
        TournamentEndedFacts(tournament_id),
        game_id=game_id,
        dedupe_key=f"tournament:{tournament_id}:ended",
    )


async def game_ended(conn: Connection, game_id: int, now: datetime) -> int | None:
    """Inside the transaction that just ended game ``game_id``: when it was its running
    tournament's last game going on, finish the tournament. Returns the id of the tournament
    it finished, else None (a game of no tournament: one statement, no row).

    The tournament's row is written first (its version raised), which holds its lock until
    the transaction ends: two of its last games ending at once take turns, and the second
    counts the first's ending (PostgreSQL reads each statement as last committed)."""
    cursor = await conn.execute(
        "UPDATE tournaments SET version = version + 1 WHERE status = 'running' AND id = "
        "(SELECT tournament_id FROM tournament_games WHERE game_id = ?) RETURNING id",
        (game_id,),
    )
    row = await cursor.fetchone()
    await cursor.close()
    if row is None:
        return None
    tournament_id = int(row[0])
    cursor = await conn.execute(
        "UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ? "
        "AND format = 'round_robin' AND NOT EXISTS (SELECT 1 FROM tournament_games t "
        "JOIN games g ON g.id = t.game_id WHERE t.tournament_id = ? AND g.status = 'active') "
        "RETURNING id",
        (to_epoch(now), tournament_id, tournament_id),
    )
    finished = await cursor.fetchone()
    await cursor.close()
    return None if finished is None else tournament_id


def round_item(game_id: int, tournament_id: int) -> OutboxItem:
    """A Swiss round or a knockout match is over with ``game_id``'s ending: the service
    goes on (``service.tournaments.go_on``: the next round, a tie-break pair, the next
    match, or the end) when this row is delivered; once per ending game."""
    return OutboxItem(
        OutboxTarget.PLACE,
        TournamentRoundFacts(tournament_id),
        game_id=game_id,
        dedupe_key=f"tournament:{tournament_id}:after:{game_id}",
    )


async def round_over(conn: Connection, game_id: int) -> OutboxItem | None:
    """Inside the ending's transaction: when ``game_id`` was the last game going on of its
    Swiss round (or of its knockout match), the row that makes the tournament go on."""
    cursor = await conn.execute(
        "SELECT t.id FROM tournaments t JOIN tournament_games m ON m.tournament_id = t.id "
        "WHERE m.game_id = ? AND t.status = 'running' AND t.format <> 'round_robin' "
        "AND NOT EXISTS (SELECT 1 FROM tournament_games o JOIN games g ON g.id = o.game_id "
        "WHERE o.tournament_id = t.id AND o.round = m.round AND g.status = 'active' "
        "AND (t.format = 'swiss' OR o.board = m.board))",
        (game_id,),
    )
    row = await cursor.fetchone()
    await cursor.close()
    return None if row is None else round_item(game_id, int(row[0]))


async def games_ended(
    conn: Connection,
    game_ids: Sequence[int],
    now: datetime,
    ratings: Mapping[int, RatingUpdate],
) -> list[OutboxItem]:
    """``game_ended`` for each of ``game_ids``, just ended in this transaction, in order of
    id: the announcements of the tournaments finished (``ended_item``) and of the Swiss
    rounds and knockout matches over (``round_item``), to write with the ending; each
    rated one's ``ratings`` kept with it (its standings' rating changes); and one
    standings row a tournament (``_standings_item``). Games of no tournament (most) cost
    one statement between them."""
    marks = ", ".join("?" * len(game_ids))
    cursor = await conn.execute(
        f"SELECT game_id, tournament_id FROM tournament_games WHERE game_id IN ({marks}) "
        "ORDER BY game_id",
        list(game_ids),
    )
    in_tournaments = [(int(row[0]), int(row[1])) for row in await cursor.fetchall()]
    await cursor.close()
    # One standings row a tournament: its last game's, which counts them all (a withdrawal
    # ending N games would otherwise say the same table N times).
    last = {tournament: game_id for game_id, tournament in in_tournaments}
    finished = []
    for game_id, tournament in in_tournaments:
        if game_id in ratings:
            await _keep_ratings(conn, game_id, ratings[game_id])
        if last[tournament] == game_id:
            finished.append(await _standings_item(conn, game_id))
        if (timed_out := await _timeouts_item(conn, game_id)) is not None:
            finished.append(timed_out)
        tournament_id = await game_ended(conn, game_id, now)
        if tournament_id is not None:
            finished.append(ended_item(game_id, tournament_id))
        elif (going_on := await round_over(conn, game_id)) is not None:
            finished.append(going_on)
    return finished


async def _keep_ratings(conn: Connection, game_id: int, update: RatingUpdate) -> None:
    """Both players' ratings before and after tournament game ``game_id``."""
    before = [None if r is None else r.rating for r in (update.white_before, update.black_before)]
    await conn.execute(
        "UPDATE tournament_games SET white_rating_before = ?, white_rating_after = ?, "
        "black_rating_before = ?, black_rating_after = ? WHERE game_id = ?",
        (before[0], update.white_after.rating, before[1], update.black_after.rating, game_id),
    )


async def _standings_item(conn: Connection, game_id: int) -> OutboxItem:
    """The row that brings the standings message of ``game_id``'s tournament up to date
    after its ending (the last of a transaction's games of that tournament), counting
    the games ended so far."""
    cursor = await conn.execute(
        "SELECT t.tournament_id, (SELECT COUNT(*) FROM tournament_games o JOIN games g "
        "ON g.id = o.game_id WHERE o.tournament_id = t.tournament_id "
        "AND g.status = 'finished') FROM tournament_games t WHERE t.game_id = ?",
        (game_id,),
    )
    row = await cursor.fetchone()
    await cursor.close()
    assert row is not None  # a game of a tournament, read in this transaction
    tournament_id = int(row[0])
    return OutboxItem(
        OutboxTarget.PLACE,
        TournamentStandingsFacts(tournament_id, int(row[1])),
        game_id=game_id,
        dedupe_key=f"tournament:{tournament_id}:standings:{game_id}",
    )


# The loser of a game lost on time in a running tournament with a time-out limit, the
# tournament, its limit and how many of its games they have lost on time (one parameter:
# the game's id). A loser already withdrawn is left out: their games left are lost already.
_TIMED_OUT = (
    "WITH lost AS (SELECT CASE WHEN g.result = '1-0' THEN g.black_id ELSE g.white_id END "
    "AS loser, m.tournament_id, t.timeout_limit FROM games g "
    "JOIN tournament_games m ON m.game_id = g.id JOIN tournaments t ON t.id = m.tournament_id "
    "WHERE g.id = ? AND g.termination = 'timeout' AND g.result IN ('1-0', '0-1') "
    "AND t.status = 'running' AND t.timeout_limit > 0) "
    "SELECT l.loser, l.tournament_id, l.timeout_limit, (SELECT COUNT(*) FROM tournament_games o "
    "JOIN games x ON x.id = o.game_id WHERE o.tournament_id = l.tournament_id "
    "AND x.termination = 'timeout' AND ((x.result = '1-0' AND x.black_id = l.loser) "
    "OR (x.result = '0-1' AND x.white_id = l.loser))) FROM lost l "
    "WHERE NOT EXISTS (SELECT 1 FROM tournament_entrants e WHERE e.tournament_id = "
    "l.tournament_id AND e.player_id = l.loser AND e.withdrawn_at IS NOT NULL)"
)


async def _timeouts_item(conn: Connection, game_id: int) -> OutboxItem | None:
    """When ``game_id`` was lost on time and its loser has now lost as many of their
    tournament's games on time as its limit: the row that withdraws them (once)."""
    cursor = await conn.execute(_TIMED_OUT, (game_id,))
    row = await cursor.fetchone()
    await cursor.close()
    if row is None or int(row[3]) < int(row[2]):
        return None
    player_id, tournament_id = int(row[0]), int(row[1])
    return OutboxItem(
        OutboxTarget.PLACE,
        TournamentTimeoutsFacts(tournament_id, player_id, int(row[3])),
        game_id=game_id,
        dedupe_key=f"tournament:{tournament_id}:timeouts:{player_id}",
    )
