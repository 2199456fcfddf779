"""The replay cache: games this process replayed, kept within a memory budget.

An entry is valid for one version of its game's row (``games.version``): a use at that
version reads no moves at all. It also remembers the version of its last move's row, so
after an unrelated write (the board message recorded) the moves since can be read and played
on, instead of replaying from the start. Entries are dropped least recently used first when
their estimated size passes the budget, so memory does not grow with the number of games nor
with their length. An entry also keeps its game's opening (chess), named when first asked
for and then carried to the entry that replaces it with one lookup, so that naming the
opening after a move costs no replay, and a game replayed for something that never names it
(a time-out, a reminder) costs no naming.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from enum import Enum
from typing import Literal

import rules
from rules.chess.openings import Opening, named_plies, opening_at, opening_of

DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024
# Estimated bytes, measured with benchmarks/memory.py (tracemalloc over games of both
# variants): a game object with its current and previous positions and their generated legal
# moves; one ply of history (a step and its move); one kept repetition key with its index
# entry.
_GAME_BYTES = 10_000
_PLY_BYTES = 170
_KEY_BYTES = 260


class Naming(Enum):
    """An entry's opening not named yet."""

    PENDING = "pending"


PENDING = Naming.PENDING
Named = Opening | None | Literal[Naming.PENDING]


@dataclass(frozen=True, slots=True)
class Replayed:
    """A cached game: valid at ``version`` of its row, ``move_version`` being the version of
    the row of its last move (None before the first move)."""

    game: rules.Game
    start_fen: str
    version: int
    move_version: int | None
    size: int
    opening: Named = PENDING  # chess only: None in other games


def opening_after(game: rules.Game, start_fen: str, before: Replayed | None) -> Named:
    """The opening of ``game`` (None but in chess) when it comes cheaply: carried over from
    ``before`` (the cached entry it replaces, its opening named) when ``game`` is that game or
    that game and one more move, with one lookup then; else ``PENDING``, named from the start
    when asked (``ReplayCache.opening``)."""
    if game.variant.name != "chess":  # the openings are standard chess's (not Chess960's)
        return None
    if before is None or before.start_fen != start_fen or before.opening is PENDING:
        return PENDING
    if game.position is before.game.position:
        return before.opening
    # Positions are never shared between games: this move was played on ``before``.
    if game.before_last_move is before.game.position:
        if game.ply > named_plies():
            return before.opening
        return opening_at(game.position) or before.opening
    return PENDING


def estimated_size(game: rules.Game) -> int:
    """About how many bytes ``game`` keeps alive (see the constants above)."""
    return _GAME_BYTES + game.ply * _PLY_BYTES + game.repeatable_positions * _KEY_BYTES


class ReplayCache:
    """Least recently used games within ``budget_bytes`` of estimated memory."""

    def __init__(self, budget_bytes: int = DEFAULT_BUDGET_BYTES) -> None:
        if budget_bytes < 0:
            raise ValueError("the replay cache budget cannot be negative")
        self.budget_bytes = budget_bytes
        self._entries: OrderedDict[int, Replayed] = OrderedDict()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def size(self) -> int:
        """The estimated bytes of every entry."""
        return self._bytes

    def get(self, game_id: int) -> Replayed | None:
        entry = self._entries.get(game_id)
        if entry is not None:
            self._entries.move_to_end(game_id)
        return entry

    def put(
        self,
        game_id: int,
        game: rules.Game,
        *,
        start_fen: str,
        version: int,
        move_version: int | None,
    ) -> None:
        """Keep ``game`` as game ``game_id`` at ``version``; drop the least recently used
        entries beyond the budget (a game larger than the whole budget is not kept)."""
        before = self._entries.get(game_id)
        self.forget(game_id)
        opening = opening_after(game, start_fen, before)
        entry = Replayed(game, start_fen, version, move_version, estimated_size(game), opening)
        if entry.size > self.budget_bytes:
            return
        self._entries[game_id] = entry
        self._bytes += entry.size
        while self._bytes > self.budget_bytes:
            _, dropped = self._entries.popitem(last=False)
            self._bytes -= dropped.size

    def opening(self, game_id: int) -> Opening | None:
        """The opening of game ``game_id``'s cached entry (None when there is none, or the
        game is not standard chess), named from its start the first time (its opening phase
        played again) and kept in the entry."""
        entry = self.get(game_id)
        if entry is None:
            return None
        if entry.opening is not PENDING:
            return entry.opening
        opening = opening_of(entry.game.start, entry.game.moves)
        self._entries[game_id] = replace(entry, opening=opening)  # the same size: no budget
        return opening

    def forget(self, game_id: int) -> None:
        entry = self._entries.pop(game_id, None)
        if entry is not None:
            self._bytes -= entry.size
