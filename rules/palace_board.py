"""What xiangqi's and janggi's positions share: the 9×10 board of 90 piece codes (the side
that moves first positive: red in xiangqi, Cho in janggi; the other negative; 0 empty, a
square's index ``rank * 9 + file`` from the first side's left corner), the two generals'
squares, the clocks, the caches, and what is read from them the same way in both games.
Each game's position subclasses ``PalaceBoardPosition`` with its own rules: move
generation and the attack test (xiangqi's flying general, janggi's cannons and palace
lines), FEN, notation and equality."""

from __future__ import annotations

from rules.core import Color, Move, Piece, Square

FILES = 9
RANKS = 10
SQUARES = 90
Board = tuple[int, ...]
# Piece codes 1 to 7 (general, advisor or guard, elephant, horse, chariot, cannon, soldier)
# to FEN letters (lowercase); index 0 unused. Both games use the same codes.
KIND_LETTERS = " kabnrcp"

# Piece codes to pieces (the first side's positive, as white's in chess).
PIECES = {
    code * sign: Piece(KIND_LETTERS[code], color)
    for code in range(1, 8)
    for sign, color in ((1, Color.WHITE), (-1, Color.BLACK))
}


class PalaceBoardPosition:
    """A 9×10 position's board, side to move (``_first``: the first side, WHITE), clocks
    and generals (the first side's, then the other's), with the caches of its legal moves
    and check. Immutable and slotted, as perft creates and reads positions on the hot path;
    subclasses fill every slot when they make one and never reassign it (the caches are
    filled once)."""

    __slots__ = ("_board", "_check", "_first", "_fullmove", "_generals", "_halfmove", "_legal")

    _board: Board
    _first: bool
    _halfmove: int
    _fullmove: int
    _generals: tuple[Square, Square]
    _legal: tuple[Move, ...] | None
    _check: bool | None

    def _attacked(self, square: Square, by_first: bool) -> bool:
        """Whether a piece of the first side (``by_first``) or the other attacks
        ``square``, by the game's rules."""
        raise NotImplementedError

    def _game(self) -> str:
        """The game's name, for messages."""
        raise NotImplementedError

    @property
    def side_to_move(self) -> Color:
        return Color.WHITE if self._first else Color.BLACK

    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture (no pawn move resets it in these games)."""
        return self._halfmove

    @property
    def fullmove_number(self) -> int:
        return self._fullmove

    @property
    def board(self) -> Board:
        """The 90 piece codes (the first side positive, the other negative, 0 empty), the
        first side's left corner first."""
        return self._board

    def piece_at(self, square: Square) -> Piece | None:
        if not 0 <= square < SQUARES:
            raise ValueError(f"no square {square} on a {self._game()} board")
        return PIECES.get(self._board[square])

    def pieces(self) -> dict[Square, Piece]:
        board = self._board
        return {sq: PIECES[board[sq]] for sq in range(SQUARES) if board[sq]}

    def king_square(self, color: Color) -> Square:
        """The square of that side's general."""
        return self._generals[0 if color is Color.WHITE else 1]

    def is_check(self) -> bool:
        """Whether the side to move's general is attacked."""
        if self._check is None:
            first = self._first
            self._check = self._attacked(self._generals[0 if first else 1], not first)
        return self._check

    def has_legal_move(self) -> bool:
        raise NotImplementedError

    def fen(self) -> str:
        raise NotImplementedError

    def _key(self) -> tuple[object, ...]:
        """What equal positions share (a subclass may add to it)."""
        raise NotImplementedError

    def is_checkmate(self) -> bool:
        return self.is_check() and not self.has_legal_move()

    def is_stalemate(self) -> bool:
        """No legal move and not in check (a loss in xiangqi; never so in janggi, where a
        pass is legal out of check)."""
        return not self.is_check() and not self.has_legal_move()

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, PalaceBoardPosition)
            and type(other) is type(self)
            and self._key() == other._key()
        )

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"
