"""The outbox rows of a sign-up deadline: a tournament started by the clock, or called off.
Each goes to the tournament's place in its organiser's lane (about no single game), once
per tournament whatever retries the write (``dedupe_key``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import (
    GameRecord,
    OutboxItem,
    OutboxTarget,
    Tournament,
    TournamentCancelledFacts,
    TournamentStartedFacts,
)


def started_items(tournament: Tournament, games: Sequence[GameRecord]) -> list[OutboxItem]:
    """The announcement of ``tournament``'s start at its deadline, with ``games``."""
    return [
        OutboxItem(
            OutboxTarget.PLACE,
            TournamentStartedFacts(tournament.id, tuple(game.id for game in games)),
            user_id=tournament.organiser_id,
            dedupe_key=f"tournament:{tournament.id}:started",
        )
    ]


def cancelled_item(tournament: Tournament, entrants: int) -> OutboxItem:
    """The announcement that ``tournament`` is called off with ``entrants`` players."""
    return OutboxItem(
        OutboxTarget.PLACE,
        TournamentCancelledFacts(tournament.id, entrants),
        user_id=tournament.organiser_id,
        dedupe_key=f"tournament:{tournament.id}:cancelled",
    )
