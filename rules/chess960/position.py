"""Chess960 positions: chess with castling rights kept as the squares of the rooks that may
still castle, and castling written as the king taking its own rook (``e1h1``, as engines
write it with ``UCI_Chess960``), which no other move can be.

Castling follows the Laws of Chess (Chess960 guidelines): king and rook end on the usual
squares (g and f files on the king's side, c and d on the queen's), every square between
the king or the rook and its destination is empty but for those two pieces, and the king is
not in check, passes no attacked square and does not end on one. As python-chess does, the
squares the king passes are judged with the king lifted, and its destination with the king
lifted and the rook on its own destination.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rules.chess.attacks import EMPTY, is_attacked
from rules.chess.position import ChessPosition
from rules.chess960.castling_field import shredder_castling, x_fen_castling
from rules.core import Move, Square

if TYPE_CHECKING:
    from rules.chess960.variant import Chess960Variant

_ALL_SQUARES = (1 << 64) - 1
_WHITE_RANK = 0xFF
_BLACK_RANK = 0xFF << 56


class Chess960Position(ChessPosition):
    """A Chess960 position. ``_castling`` holds one bit per rook square (``1 << square``)
    that keeps a castling right; the rest is standard chess."""

    __slots__ = ()
    # A move from or onto a rook's square ends that rook's right; king moves end both.
    _KEPT: ClassVar[tuple[int, ...]] = tuple(_ALL_SQUARES & ~(1 << sq) for sq in range(64))
    _VARIANT: ClassVar[Chess960Variant]  # set by rules.chess960.variant

    @property
    def variant(self) -> Chess960Variant:
        return self._VARIANT

    @property
    def castling_rights(self) -> str:
        """The castling rights as X-FEN writes them (``KQkq``, or a rook's file when
        another rook stands farther out on that side), as python-chess does."""
        return x_fen_castling(self._board, self._castling, self._kings)

    @property
    def castling_rooks(self) -> tuple[Square, ...]:
        """The squares of the rooks that may still castle, a1 first."""
        rights = self._castling
        return tuple(sq for sq in range(64) if rights >> sq & 1)

    def shredder_fen(self) -> str:
        """The FEN with the castling field in Shredder-FEN: the rooks' files (``HAha``)."""
        fields = self.fen().split(" ")
        fields[2] = shredder_castling(self._castling)
        return " ".join(fields)

    def is_castling(self, move: Move) -> bool:
        f, t = move[0], move[1]
        board = self._board
        king = board[f]
        if king == "K":
            return board[t] == "R" and bool(self._castling >> t & 1)
        return king == "k" and board[t] == "r" and bool(self._castling >> t & 1)

    def marked_move(self, move: Move) -> Move:
        """``move`` as a board marks it: a castling move (the king taking its own rook, as
        Postal and engines write it) from the king's square to where the king lands, as a
        standard game's castling is marked; any other move as it is."""
        if not self.is_castling(move):
            return move
        return Move(move[0], _destinations(move[0], move[1])[0])

    def _key(self) -> tuple[object, ...]:
        # Never equal to a standard position whose castling bits happen to coincide.
        return (*super()._key(), 960)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chess960Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Chess960Position({self.fen()!r})"

    # --- castling -----------------------------------------------------------------------------

    def _rook_for(self, kingside: bool) -> Square | None:
        """The rook of the side to move that may castle to that side, if any."""
        king = self._kings[0 if self._white else 1]
        base = king & ~7
        rooks = range(king + 1, base + 8) if kingside else range(base, king)
        return next((rook for rook in rooks if self._castling >> rook & 1), None)

    def castling_move(self, kingside: bool) -> Move | None:
        """The king taking its rook to castle to that side (legal or not); None without the
        right."""
        rook = self._rook_for(kingside)
        if rook is None:
            return None
        return Move(self._kings[0 if self._white else 1], rook, None)

    def has_castling_right(self, kingside: bool) -> bool:
        return self._rook_for(kingside) is not None

    def castling_squares(self, kingside: bool) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
        """As in chess: the squares that must be empty, those the king passes on its way."""
        rook = self._rook_for(kingside)
        king = self._kings[0 if self._white else 1]
        if rook is None:
            return (), ()
        return _PATHS[king, rook][2:]

    def _castling_moves(self, add: Callable[[Move], None], king: Square) -> None:
        rights = self._castling & (_WHITE_RANK if self._white else _BLACK_RANK)
        board = self._board
        enemy_white = not self._white
        while rights:
            low = rights & -rights
            rights ^= low
            rook = low.bit_length() - 1
            king_to, rook_to, empty, passing = _PATHS[king, rook]
            if any(board[sq] != EMPTY for sq in empty):
                continue
            lifted = list(board)
            lifted[king] = EMPTY
            if any(is_attacked(lifted, sq, enemy_white) for sq in passing):
                continue
            lifted[rook] = EMPTY
            lifted[rook_to] = board[rook]
            if not is_attacked(lifted, king_to, enemy_white):
                add(Move(king, rook, None))

    def _after(self, move: Move) -> ChessPosition:
        f = move[0]
        piece = self._board[f]
        if piece != "K" and piece != "k":
            return _chess_after(self, move)
        t = move[1]
        board = list(self._board)
        white = self._white
        target = board[t]
        halfmove = self._halfmove + 1
        board[f] = EMPTY
        if target == ("R" if white else "r") and self._castling >> t & 1:
            king_to, rook_to = _destinations(f, t)
            board[t] = EMPTY
            board[rook_to] = target
        else:
            king_to = t
            if target != EMPTY:
                halfmove = 0
        board[king_to] = piece
        kings = (king_to, self._kings[1]) if white else (self._kings[0], king_to)
        return self._make(
            tuple(board),
            not white,
            self._castling & ~(_WHITE_RANK if white else _BLACK_RANK),
            None,
            halfmove,
            self._fullmove + (0 if white else 1),
            kings,
        )


# Called directly, not through super(): this is the hot path of Chess960 move generation.
_chess_after = ChessPosition._after


def _destinations(king: Square, rook: Square) -> tuple[Square, Square]:
    """Where king and rook end when castling: g and f files on the king's side (the rook
    right of the king), c and d on the queen's."""
    base = king & ~7
    return (base + 6, base + 5) if rook > king else (base + 2, base + 3)


def _between(a: Square, b: Square) -> tuple[Square, ...]:
    """The squares strictly between two squares of one rank."""
    return tuple(range(min(a, b) + 1, max(a, b)))


def _must_be_empty(
    king: Square, rook: Square, king_to: Square, rook_to: Square
) -> tuple[Square, ...]:
    """Every square from the king and the rook to their destinations, destinations included,
    but the two castling pieces' own (the two paths meet: f and g, or c and d, are
    neighbours, so the union is one stretch of the rank)."""
    low, high = min(king, rook, king_to, rook_to), max(king, rook, king_to, rook_to)
    return tuple(sq for sq in range(low, high + 1) if sq != king and sq != rook)


Path = tuple[Square, Square, tuple[Square, ...], tuple[Square, ...]]


def _paths() -> dict[tuple[Square, Square], Path]:
    """Per (king, rook) pair on a first rank: the destinations, the squares that must be
    empty, and those the king passes (looked up, not computed, when generating moves)."""
    paths = {}
    for base in (0, 56):
        for king in range(base, base + 8):
            for rook in range(base, base + 8):
                if rook != king:
                    king_to, rook_to = _destinations(king, rook)
                    empty = _must_be_empty(king, rook, king_to, rook_to)
                    paths[king, rook] = (king_to, rook_to, empty, _between(king, king_to))
    return paths


_PATHS = _paths()
