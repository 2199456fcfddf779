"""Janggi positions: immutable, hashable, with legal move generation (see ``movegen``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rules.core import Color, Move, PieceLetters, Square
from rules.errors import IllegalMoveError, IllegalReason
from rules.janggi.fen import format_fen, parse_fen
from rules.janggi.geometry import (
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    GUARD,
    HORSE,
    SOLDIER,
    SQUARE_NAMES,
    SQUARES,
    Board,
    move,
)
from rules.janggi.movegen import (
    generals_face,
    has_legal_move,
    is_attacked,
    legal_moves,
    pseudo_moves,
)
from rules.janggi.notation import korean, parse_move
from rules.palace_board import PalaceBoardPosition

if TYPE_CHECKING:
    from rules.janggi.variant import JanggiVariant

# The counting rule's points (Fairy-Stockfish's ``JANGGI_MATERIAL``); the general has none.
POINTS = {CHARIOT: 13, CANNON: 7, HORSE: 5, ELEPHANT: 3, GUARD: 3, SOLDIER: 2, GENERAL: 0}


class JanggiPosition(PalaceBoardPosition):
    """A janggi position. Immutable: ``play`` returns a new position. WHITE is Cho (who
    moves first, FEN uppercase), BLACK is Han. The board, clocks and caches are those of
    ``PalaceBoardPosition``; a janggi position also counts the passes that led to it."""

    __slots__ = ("_passes",)

    _passes: int
    _VARIANT: ClassVar[JanggiVariant]  # set by rules.janggi.variant

    @classmethod
    def _make(
        cls,
        board: Board,
        cho: bool,
        halfmove: int,
        fullmove: int,
        generals: tuple[Square, Square],
        passes: int = 0,
    ) -> JanggiPosition:
        position = object.__new__(cls)
        position._board = board
        position._first = cho
        position._halfmove = halfmove
        position._fullmove = fullmove
        position._generals = generals
        position._passes = passes
        position._legal = None
        position._check = None
        return position

    @classmethod
    def from_fen(cls, fen: str) -> JanggiPosition:
        """The position a FEN describes. Raises InvalidFenError."""
        parsed = parse_fen(fen)
        return cls._make(
            parsed.board, parsed.cho, parsed.halfmove, parsed.fullmove, parsed.generals
        )

    # --- reading the position -------------------------------------------------------------

    @property
    def variant(self) -> JanggiVariant:
        return self._VARIANT

    def _game(self) -> str:
        return "janggi"

    def _attacked(self, square: Square, by_first: bool) -> bool:
        return is_attacked(self._board, square, by_first)

    @property
    def passes(self) -> int:
        """How many passes in a row led to this position (0 after a move; a FEN has none,
        as Fairy-Stockfish sets up a position without its history)."""
        return self._passes

    def fen(self) -> str:
        return format_fen(self._board, self._first, self._halfmove, self._fullmove)

    def is_bikjang(self) -> bool:
        """Whether the generals face each other on an open file (빅장)."""
        return generals_face(self._board, *self._generals)

    def has_ended_by_passing(self) -> bool:
        """Whether a pass has ended the game here: two passes in a row, or a pass made
        while the generals face each other (bikjang not broken)."""
        return self._passes >= 2 or (self._passes == 1 and self.is_bikjang())

    def is_pass(self, move: Move) -> bool:
        """Whether ``move`` is a pass: the general's own square twice, or ``NULL_MOVE``."""
        return move[0] == move[1]

    def is_capture(self, move: Move) -> bool:
        return move[0] != move[1] and self._board[move[1]] != 0

    def points(self, color: Color) -> float:
        """``color``'s material by the counting rule (chariot 13, cannon 7, horse 5,
        elephant 3, guard 3, soldier 2), with Han's 1.5 points of komi (덤)."""
        sign = 1 if color is Color.WHITE else -1
        total = sum(POINTS[code * sign] for code in self._board if code * sign > 0)
        return total + (1.5 if color is Color.BLACK else 0.0)

    # --- equality and repetition --------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self._board, self._first, self._halfmove, self._fullmove, self._passes)

    def repetition_key(self) -> bytes:
        """What repetition compares, the placement and the side to move, in 91 bytes."""
        return bytes([code & 0xF for code in self._board]) + (b"w" if self._first else b"b")

    # --- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """All legal moves (cached), the pass (``Move(k, k)``) last. None once a pass has
        ended the game (answered by a pass, or made in bikjang), as Fairy-Stockfish
        generates none there."""
        legal = self._legal
        if legal is None:
            if self.has_ended_by_passing():
                legal = ()
            else:
                legal = tuple(legal_moves(self._board, self._first, self._generals))
            self._legal = legal
        return legal

    def has_legal_move(self) -> bool:
        """Whether the side to move has a legal move (the pass nearly always: see
        ``movegen.has_legal_move``); none once a pass has ended the game."""
        if self._legal is not None:
            return bool(self._legal)
        if self.has_ended_by_passing():
            return False
        return has_legal_move(self._board, self._first, self._generals)

    def pass_move(self) -> Move:
        """The side to move's pass, as Fairy-Stockfish encodes it: its general's square twice."""
        general = self._generals[0 if self._first else 1]
        return move(general, general)

    def is_legal(self, move: Move) -> bool:
        if move[2] is not None:
            return False
        if move[0] == move[1]:
            return self.pass_move() in self.legal_moves()
        return move in self.legal_moves()

    def play(self, move: Move) -> JanggiPosition:
        """The position after ``move`` (a pass when its squares are the same). Raises
        IllegalMoveError if it is not legal here."""
        if not self.is_legal(move):
            reason = self.illegal_reason(move) or IllegalReason.CANNOT_REACH
            raise IllegalMoveError(
                self.uci(move), self.fen(), reason, in_check=self.is_check(), move=move
            )
        cho = self._first
        fullmove = self._fullmove if cho else self._fullmove + 1
        f, t = move[0], move[1]
        if f == t:
            return JanggiPosition._make(
                self._board,
                not cho,
                self._halfmove + 1,
                fullmove,
                self._generals,
                min(self._passes + 1, 2),
            )
        board = list(self._board)
        piece = board[f]
        captured = board[t]
        board[t] = piece
        board[f] = 0
        generals = self._generals
        if piece == GENERAL:
            generals = (t, generals[1])
        elif piece == -GENERAL:
            generals = (generals[0], t)
        halfmove = 0 if captured else self._halfmove + 1
        return JanggiPosition._make(tuple(board), not cho, halfmove, fullmove, generals)

    def play_null(self) -> JanggiPosition:
        """The position after a pass (a record's null move is janggi's pass). Raises
        IllegalMoveError when passing is not legal (in check)."""
        return self.play(self.pass_move())

    def illegal_reason(self, move: Move) -> IllegalReason | None:
        """Why ``move`` is not legal here, or None if it is."""
        f, t = move[0], move[1]
        if not (0 <= f < SQUARES and 0 <= t < SQUARES) or move[2] is not None:
            return IllegalReason.CANNOT_REACH
        if self.is_legal(move):
            return None
        if f == t:
            return IllegalReason.IN_CHECK
        board = self._board
        sign = 1 if self._first else -1
        piece = board[f] * sign
        if piece == 0:
            return IllegalReason.NO_PIECE
        if piece < 0:
            return IllegalReason.NOT_YOUR_PIECE
        if board[t] * sign > 0:
            return IllegalReason.OWN_PIECE
        if move not in pseudo_moves(board, self._first):
            alone = [0] * SQUARES
            alone[f] = board[f]
            reachable = move in pseudo_moves(alone, self._first)
            # A cannon on an empty board reaches nothing: it needs a screen.
            blocked = reachable or piece == CANNON
            return IllegalReason.PATH_BLOCKED if blocked else IllegalReason.CANNOT_REACH
        if self.is_bikjang():
            scratch = list(board)
            scratch[t], scratch[f] = scratch[f], 0
            own = t if piece == GENERAL else self._generals[0 if self._first else 1]
            if generals_face(scratch, own, self._generals[1 if self._first else 0]):
                return IllegalReason.GENERALS_FACE
        if self.is_check():
            return IllegalReason.IN_CHECK
        return IllegalReason.INTO_CHECK if piece == GENERAL else IllegalReason.PINNED

    # --- notation (see rules.janggi.notation) -------------------------------------------------

    def uci(self, move: Move) -> str:
        """The move in Fairy-Stockfish's coordinates: ``b1c3``; a pass is the general's
        square twice (``e2e2``)."""
        if move[0] == move[1]:
            move = self.pass_move()
        return SQUARE_NAMES[move[0]] + SQUARE_NAMES[move[1]]

    def san(self, move: Move) -> str:
        """The move in Korean notation: ``79졸78`` (see ``rules.janggi.notation``)."""
        return korean(self, move)

    def korean(self, move: Move, *, hanja: bool = False) -> str:
        """The move in Korean notation with the piece's Korean name (``79졸78``) or its
        Hanja (``79卒78``); a pass is ``한수쉼``."""
        return korean(self, move, hanja=hanja)

    def parse_move(self, text: str, letters: PieceLetters = PieceLetters.ENGLISH) -> Move:
        """The legal move ``text`` names: coordinates (``b1c3``, ``e2e2`` or ``pass`` to
        pass) or Korean notation (``79졸78``, ``79卒78``, ``P79-78``, ``한수쉼``).

        Raises InvalidMoveError or IllegalMoveError.
        """
        return parse_move(self, text)

    def read_move(self, text: str) -> tuple[Move, JanggiPosition]:
        """The move ``text`` names and the position after it. Raises as ``parse_move``."""
        move = self.parse_move(text)
        return move, self.play(move)
