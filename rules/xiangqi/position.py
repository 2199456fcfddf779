"""Xiangqi positions: immutable, hashable, with legal move generation (see ``movegen``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Color, Move, PieceLetters, Square
from rules.errors import IllegalMoveError, IllegalReason, InvalidMoveError
from rules.palace_board import PalaceBoardPosition
from rules.xiangqi.geometry import (
    ADVISOR,
    ADVISOR_TARGETS,
    CANNON,
    CHARIOT,
    ELEPHANT,
    ELEPHANT_TARGETS,
    FILES,
    GENERAL,
    GENERAL_TARGETS,
    HORSE,
    HORSE_TARGETS,
    RAYS,
    SOLDIER,
    SOLDIER_TARGETS,
    SQUARE_NAMES,
    SQUARES,
    Board,
    file_of,
)
from rules.xiangqi.movegen import has_legal_move, is_attacked, legal_moves

if TYPE_CHECKING:
    from rules.xiangqi.variant import XiangqiVariant


class XiangqiPosition(PalaceBoardPosition):
    """A xiangqi position. Immutable: ``play`` returns a new position. WHITE is red (who
    moves first, FEN uppercase). The board, clocks and caches are those of
    ``PalaceBoardPosition``; a xiangqi position also caches its legal moves as a set."""

    __slots__ = ("_legal_set",)

    _legal_set: frozenset[Move] | None

    @classmethod
    def _make(
        cls,
        board: Board,
        red: bool,
        halfmove: int,
        fullmove: int,
        generals: tuple[Square, Square],
    ) -> XiangqiPosition:
        position = object.__new__(cls)
        position._board = board
        position._first = red
        position._halfmove = halfmove
        position._fullmove = fullmove
        position._generals = generals
        position._legal = None
        position._legal_set = None
        position._check = None
        return position

    @classmethod
    def from_fen(cls, fen: str) -> XiangqiPosition:
        """The position a FEN describes. Raises InvalidFenError."""
        from rules.xiangqi.fen import parse_fen

        parsed = parse_fen(fen)
        return cls._make(
            parsed.board,
            parsed.red,
            parsed.halfmove,
            parsed.fullmove,
            (parsed.red_general, parsed.black_general),
        )

    # --- reading the position -------------------------------------------------------------

    @property
    def variant(self) -> XiangqiVariant:
        from rules.xiangqi.variant import XIANGQI

        return XIANGQI

    def _game(self) -> str:
        return "xiangqi"

    def _attacked(self, square: Square, by_first: bool) -> bool:
        return is_attacked(self._board, square, by_first)

    def fen(self) -> str:
        from rules.xiangqi.fen import format_fen

        return format_fen(self._board, self._first, self._halfmove, self._fullmove)

    def is_capture(self, move: Move) -> bool:
        return self._board[move.to_square] != 0

    def has_attacking_material(self, color: Color) -> bool:
        """Whether that side has a piece able to cross the river (chariot, horse, cannon,
        soldier)."""
        board = self._board
        if color is Color.WHITE:
            return any(board[sq] >= HORSE for sq in range(SQUARES))
        return any(board[sq] <= -HORSE for sq in range(SQUARES))

    # --- equality and repetition --------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self._board, self._first, self._halfmove, self._fullmove)

    def repetition_key(self) -> bytes:
        """What repetition compares, the placement and the side to move, in 91 bytes (a game
        keeps one per position since the last capture, so it is kept small)."""
        return bytes([code & 0xF for code in self._board]) + (b"r" if self._first else b"b")

    # --- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """All legal moves (cached)."""
        legal = self._legal
        if legal is None:
            red = self._first
            legal = tuple(legal_moves(self._board, red, self._generals[0 if red else 1]))
            self._legal = legal
        return legal

    def has_legal_move(self) -> bool:
        """Whether the side to move has a legal move (the search stops at the first)."""
        if self._legal is not None:
            return bool(self._legal)
        red = self._first
        return has_legal_move(self._board, red, self._generals[0 if red else 1])

    def is_legal(self, move: Move) -> bool:
        legal_set = self._legal_set
        if legal_set is not None:
            return move in legal_set
        if self._legal is not None:
            legal_set = frozenset(self._legal)
            self._legal_set = legal_set
            return move in legal_set
        # One move asked about (a move typed, a stored move replayed): testing it alone is a
        # quarter of the cost of generating every legal move.
        return self._is_legal_alone(move)

    def _is_legal_alone(self, move: Move) -> bool:
        """Whether ``move`` is legal, without generating the other moves: the piece can make
        it, and afterwards its own general is not attacked (nor facing the other)."""
        f, t = move[0], move[1]
        if move[2] is not None or not (0 <= f < SQUARES and 0 <= t < SQUARES):
            return False
        board = self._board
        red = self._first
        sign = 1 if red else -1
        piece = board[f] * sign
        if piece <= 0 or board[t] * sign > 0 or self._reach(f, t, piece) is not None:
            return False
        scratch = list(board)
        scratch[t] = scratch[f]
        scratch[f] = 0
        general = t if piece == GENERAL else self._generals[0 if red else 1]
        # is_attacked counts the other general along an open file (the flying general).
        return not is_attacked(scratch, general, not red)

    def play(self, move: Move) -> XiangqiPosition:
        """The position after ``move``. Raises IllegalMoveError if it is not legal here."""
        if not self.is_legal(move):
            reason = self.illegal_reason(move) or IllegalReason.CANNOT_REACH
            raise IllegalMoveError(
                self.uci(move), self.fen(), reason, in_check=self.is_check(), move=move
            )
        f, t = move[0], move[1]
        board = list(self._board)
        piece = board[f]
        captured = board[t]
        board[t] = piece
        board[f] = 0
        red = self._first
        generals = self._generals
        if piece == GENERAL:
            generals = (t, generals[1])
        elif piece == -GENERAL:
            generals = (generals[0], t)
        return XiangqiPosition._make(
            tuple(board),
            not red,
            0 if captured else self._halfmove + 1,
            self._fullmove if red else self._fullmove + 1,
            generals,
        )

    def illegal_reason(self, move: Move) -> IllegalReason | None:
        """Why ``move`` is not legal here, or None if it is."""
        f, t = move[0], move[1]
        if not (0 <= f < SQUARES and 0 <= t < SQUARES) or move[2] is not None:
            return IllegalReason.CANNOT_REACH
        board = self._board
        sign = 1 if self._first else -1
        piece = board[f] * sign
        if piece == 0:
            return IllegalReason.NO_PIECE
        if piece < 0:
            return IllegalReason.NOT_YOUR_PIECE
        if board[t] * sign > 0:
            return IllegalReason.OWN_PIECE
        reach = self._reach(f, t, piece)
        if reach is not None:
            return reach
        if self.is_legal(move):
            return None
        scratch = list(board)
        scratch[t] = scratch[f]
        scratch[f] = 0
        own_general = t if piece == GENERAL else self._generals[0 if self._first else 1]
        other_general = self._generals[1 if self._first else 0]
        if file_of(own_general) == file_of(other_general):
            low, high = sorted((own_general, other_general))
            if not any(scratch[s] for s in range(low + FILES, high, FILES)):
                return IllegalReason.GENERALS_FACE
        if self.is_check():
            return IllegalReason.IN_CHECK
        if piece == GENERAL:
            return IllegalReason.INTO_CHECK
        # Pinned if leaving the square is what exposes the general; otherwise the piece
        # landed between the general and an enemy cannon and made itself a screen.
        lifted = list(board)
        lifted[f] = 0
        if is_attacked(lifted, own_general, not self._first):
            return IllegalReason.PINNED
        return IllegalReason.INTO_CHECK

    def _reach(self, f: Square, t: Square, piece: int) -> IllegalReason | None:
        """Whether the piece on ``f`` can reach ``t`` by its own movement (CANNOT_REACH), and
        whether something stands in the way (PATH_BLOCKED)."""
        board = self._board
        if piece in (CHARIOT, CANNON):
            for ray in RAYS[f]:
                if t in ray:
                    between = sum(1 for s in ray[: ray.index(t)] if board[s])
                    if piece == CHARIOT:
                        return IllegalReason.PATH_BLOCKED if between else None
                    if board[t]:  # a cannon captures over exactly one screen
                        if between == 1:
                            return None
                        return IllegalReason.PATH_BLOCKED if between else IllegalReason.CANNOT_REACH
                    return IllegalReason.PATH_BLOCKED if between else None
            return IllegalReason.CANNOT_REACH
        if piece in (HORSE, ELEPHANT):
            table = HORSE_TARGETS if piece == HORSE else ELEPHANT_TARGETS
            for block, target, _ in table[f]:
                if target == t:
                    return IllegalReason.PATH_BLOCKED if board[block] else None
            return IllegalReason.CANNOT_REACH
        if piece == SOLDIER:
            targets = SOLDIER_TARGETS[0 if self._first else 1][f]
        elif piece == ADVISOR:
            targets = ADVISOR_TARGETS[f]
        else:
            targets = GENERAL_TARGETS[f]
        if any(target == t for target, _ in targets):
            return None
        return IllegalReason.CANNOT_REACH

    # --- notation (see rules.xiangqi.notation) ------------------------------------------------

    def uci(self, move: Move) -> str:
        """The move in ICCS coordinates, lowercase: ``h2e2``."""
        return SQUARE_NAMES[move.from_square] + SQUARE_NAMES[move.to_square]

    def san(self, move: Move) -> str:
        """The move in WXF notation: ``C2.5``, ``H8+7``, ``R+.3``."""
        from rules.xiangqi.notation import wxf

        return wxf(self, move)

    def chinese(self, move: Move, *, traditional: bool = False) -> str:
        """The move in Chinese notation: ``炮二平五``, ``马８进７`` (simplified characters) or
        ``馬８進７`` (``traditional``)."""
        from rules.xiangqi.notation import chinese

        return chinese(self, move, traditional=traditional)

    def parse_move(self, text: str, letters: PieceLetters = PieceLetters.ENGLISH) -> Move:
        """The legal move ``text`` names in ICCS, WXF or Chinese notation (``letters`` are
        chess's: xiangqi's notations are the same for every language).

        Raises InvalidMoveError, IllegalMoveError or AmbiguousMoveError.
        """
        from rules.xiangqi.notation import parse_move

        return parse_move(self, text)

    def read_move(self, text: str) -> tuple[Move, XiangqiPosition]:
        """The move ``text`` names and the position after it. Raises as ``parse_move``."""
        move = self.parse_move(text)
        return move, self.play(move)

    def play_null(self) -> XiangqiPosition:
        """Xiangqi records have no null move. Raises InvalidMoveError."""
        raise InvalidMoveError("--", "xiangqi records have no null move")
