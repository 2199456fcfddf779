"""How much a clock round reads and writes at a time, decided by the store it runs on.

On SQLite every read and transaction holds the store's one connection while a command may be
waiting for it, so a round's steps are kept short: a move waits for the step under way, at
most one. PostgreSQL's sessions do not wait for one another's reads, and its drain pays a
round trip to the server a statement, so it keeps larger batches (its drain ran ~1,100 items
a second at 1M with them). Measured with ``benchmarks/move_waits.py`` (SQLite) and
``benchmarks/drain_kept.py --db postgresql``; figures in ``benchmarks/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Dialect


@dataclass(frozen=True, slots=True)
class Batches:
    """A round's batch sizes: ``clock`` games read, claimed and worked through at a time
    (overdue games, games due a look), ``endings`` time-outs written by one transaction,
    ``plies_a_read`` moves read at once to replay a batch's games ahead."""

    clock: int
    endings: int
    plies_a_read: int


# SQLite at 1M games, quiet machine: 200 games and 50 endings held the connection up to
# ~230 ms (a move's p99 beside a drain 235 ms); 50 and 10 kept it 45 ms. With the clock's
# syncs and checkpoints outside the lock (``Database.transaction(sync_outside_lock=True)``)
# what is left is a transaction of time-outs' own work: 50 / 10 gave a move's p99 beside the
# drain 36.1 ms, 50 / 5 23.2 ms, 25 / 4 16.8-19.3 ms in three runs (the target 20 ms), at
# 2,238-2,328 items a second (3,070 at 50 / 10; the target 500). 2,000 plies: the moves of
# about 50 games of 40 plies, one read.
SQLITE_BATCHES = Batches(clock=25, endings=4, plies_a_read=2_000)
POSTGRESQL_BATCHES = Batches(clock=200, endings=50, plies_a_read=20_000)


def batches_for(dialect: Dialect) -> Batches:
    """The batch sizes for a store of ``dialect``."""
    return SQLITE_BATCHES if dialect is Dialect.SQLITE else POSTGRESQL_BATCHES
