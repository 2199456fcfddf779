"""Repetition facts read from a list of positions (the game keeps them incrementally).

``Game`` answers ``Repetition`` from its own history as it grows, in constant time per move;
this module answers the same questions for a plain sequence of positions, by scanning it, for
callers that hold one (``variant.outcome(history)``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Color, Move, Position


class HistoryRepetition:
    """``Repetition`` of the last position of ``history`` (the start first)."""

    def __init__(self, history: Sequence[Position]) -> None:
        if not history:
            raise ValueError("a game has at least its start position")
        key = history[-1].repetition_key()
        self._history = history
        self._occurrences = [i for i, p in enumerate(history) if p.repetition_key() == key]

    @property
    def count(self) -> int:
        return len(self._occurrences)

    def checkers_since(self, occurrences_back: int) -> frozenset[Color]:
        if not 0 < occurrences_back < len(self._occurrences):
            raise ValueError(f"the position did not occur {occurrences_back} times before")
        history = self._history
        first = self._occurrences[-1 - occurrences_back]
        # history[i] arose from a move by history[i - 1]'s side to move; that move gave check
        # when the side to move in history[i] is in check.
        quiet: set[Color] = set()
        for i in range(first + 1, len(history)):
            if not history[i].is_check():
                quiet.add(history[i - 1].side_to_move)
        return frozenset(c for c in (Color.WHITE, Color.BLACK) if c not in quiet)

    def moves_since(self, occurrences_back: int) -> list[Move]:
        if not 0 < occurrences_back < len(self._occurrences):
            raise ValueError(f"the position did not occur {occurrences_back} times before")
        history = self._history
        first = self._occurrences[-1 - occurrences_back]
        # A list of positions holds no moves: each is the legal move leading to the next.
        return [
            next(m for m in history[i].legal_moves() if history[i].play(m) == history[i + 1])
            for i in range(first, len(history) - 1)
        ]
