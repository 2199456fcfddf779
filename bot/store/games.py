"""Games, their moves and offers: ``Games`` gathers the groups of queries on ``games``,
``moves``, ``offers`` and ``reminders_sent``, one module each.

Every write is one transaction. A write that acts on what a game was (a move, a takeback, an
ending, a deadline, an offer) is guarded by the game's ``version`` (``WHERE id = ? AND
version = ?``): the version increases on every write to the row and never repeats, so a write
checked against a state the game has left is refused, even when a takeback has brought the
ply back to the same number.
"""

from __future__ import annotations

from bot.store.game_clock import GameClock
from bot.store.game_endings import GameEndings
from bot.store.game_lists import GameLists
from bot.store.game_offers import GameOffers
from bot.store.game_reads import GameReads
from bot.store.game_starts import GameStarts
from bot.store.game_threads import GameThreads
from bot.store.move_writes import MoveWrites


class Games(
    GameReads, GameLists, GameStarts, MoveWrites, GameEndings, GameOffers, GameThreads, GameClock
):
    """``store.games``: each group side by side (one level: the groups share only
    ``GameTable``'s database and row readers, and call no other group's methods)."""
