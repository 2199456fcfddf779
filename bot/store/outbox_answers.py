"""The outbox rows an interaction's answer stands in for: written claimed by the answering
process (``Answering``), marked sent when the answer lands (``answered_statement``), when
the rows waiting behind them in the game's lane are told of (``waiting_statement``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.database import Statement
from bot.store.records import to_epoch

# What ends a claim: set with every outcome of an attempt.
UNCLAIMED = "claimed_by = NULL, claimed_until = NULL"


@dataclass(frozen=True, slots=True)
class Answering:
    """The interaction answer a row stands in for: the row is written claimed by
    ``holder`` (``answer_holder`` of the answering process) until ``until`` (epoch
    seconds), with ``nonce``, which names it when the answer's outcome is known."""

    holder: str
    until: float
    nonce: str


def answer_holder(process: str) -> str:
    """The claim holder of the rows ``process``'s interaction answers stand in for: apart
    from its deliveries, so that renewing or releasing those leaves them alone."""
    return f"{process}/answers"


def answered_statement(
    game_id: int, nonce: str, channel_id: int | None, message_id: int | None, now: datetime
) -> Statement:
    """Mark sent the row of ``game_id`` written with ``nonce`` for an interaction answer
    that Discord accepted (``message_id`` in ``channel_id``): the answer said it."""
    return Statement(
        "UPDATE outbox SET state = 'sent', channel_id = ?, message_id = ?, finished_at = ?, "
        f"{UNCLAIMED} WHERE game_id = ? AND state = 'pending' AND nonce = ?",
        (channel_id, message_id, to_epoch(now), game_id, nonce),
    )


def waiting_statement(game_id: int) -> Statement:
    """Whether rows of ``game_id`` are still pending, read in the write that marks an
    answer's row sent (after it): rows behind it in the game's lane (its copies for the
    game's other places) that the sender's rounds skipped while the answer held the lane,
    and that only another round sends. One probe of the pending rows' game index."""
    return Statement(
        "SELECT 1 FROM outbox WHERE game_id = ? AND state = 'pending' LIMIT 1", (game_id,)
    )
