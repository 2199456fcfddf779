"""A tournament's outbox rows, and a club match's standings rows, as the console says them
once, as it settles them: the Discord adapter posts each in the tournament's place (a
match's in each side's)."""

from __future__ import annotations

from bot.i18n.text import Text
from bot.service.match_facts import MatchUpdate
from bot.service.tournament.facts import (
    StandingsUpdate,
    TournamentStandings,
    TournamentStarted,
    TournamentWithdrawn,
)
from bot.store import OutboxKind, TournamentStatus
from bot.text.match_words import standings_text
from bot.text.standings_words import ended_text, table_text
from bot.text.tournament_words import went_on_text, withdrawn_text

# The rows said (a round's and a time-out's act as they are delivered: delivered once).
TOURNAMENT_ROWS = (
    OutboxKind.TOURNAMENT_ROUND,
    OutboxKind.TOURNAMENT_ENDED,
    OutboxKind.TOURNAMENT_TIMEOUTS,
    OutboxKind.TOURNAMENT_STANDINGS,
    OutboxKind.MATCH_STANDINGS,
)


def tournament_row_text(content: object) -> Text | None:
    """What a delivered tournament row says: its next games, its end with the final table,
    a player withdrawn for their time-outs, or its standings after a result; None for a
    row superseded or failed (``content`` None). Discord edits one standings message; the
    console prints the table after each result instead, except once the tournament is
    over (its end says the final table). A club match's standings likewise, after each
    result: side 1's row (side 2's says the same, in the same console)."""
    if isinstance(content, TournamentStarted):
        return went_on_text(content)
    if isinstance(content, TournamentStandings):
        return ended_text(content)
    if isinstance(content, TournamentWithdrawn):
        return withdrawn_text(content)
    if isinstance(content, StandingsUpdate):
        finished = content.table.tournament.status is TournamentStatus.FINISHED
        return None if finished else table_text(content.table)
    if isinstance(content, MatchUpdate) and content.side == 1:
        return standings_text(content.standings)
    return None
