"""Chess positions: immutable, hashable, with legal move generation.

The board is a 64-tuple of FEN letters ("." for empty), a1 first. Legal moves come from one
scan for checkers and pins around the king, so only king moves and en passant need a full
"is the king attacked afterwards" test — the rest are legal by construction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, ClassVar

from rules.chess.attacks import EMPTY, Board, checks_and_pins, is_attacked
from rules.chess.geometry import (
    BLACK_KINGSIDE,
    BLACK_PIECES,
    BLACK_QUEENSIDE,
    CASTLING_KEPT,
    KING_TARGETS,
    KNIGHT_TARGETS,
    PAWN_CAPTURES,
    SLIDER_RAYS,
    SQUARE_NAMES,
    WHITE_KINGSIDE,
    WHITE_PIECES,
    WHITE_QUEENSIDE,
    Ray,
)
from rules.chess.reading import read_move as _read_move
from rules.core import Color, Move, Piece, PieceLetters, Square
from rules.errors import IllegalMoveError, IllegalReason, RulesError

if TYPE_CHECKING:
    from rules.chess.variant import ChessVariant

__all__ = ["EMPTY", "Board", "ChessPosition", "is_attacked"]

PROMOTIONS = ("q", "r", "b", "n")


class ChessPosition:
    """A chess position. Immutable: ``play`` returns a new position.

    A slotted class rather than a frozen dataclass because move generation creates and reads
    positions on the hot path; the attributes are private and never reassigned.
    """

    __slots__ = (
        "_board",
        "_castling",
        "_check",
        "_ep",
        "_fullmove",
        "_halfmove",
        "_kings",
        "_legal",
        "_legal_set",
        "_moves_from",
        "_white",
    )

    _board: Board
    _white: bool
    _castling: int
    _ep: Square | None
    _halfmove: int
    _fullmove: int
    _kings: tuple[Square, Square]
    _legal: list[Move] | None
    _legal_set: frozenset[Move] | None
    _moves_from: tuple[Square, list[Move]] | None
    _check: bool | None
    # AND-ed into the rights for both squares of a move (see geometry.CASTLING_KEPT); a
    # class attribute so that Chess960, whose rights are rook squares, keeps its own.
    _KEPT: ClassVar[tuple[int, ...]] = CASTLING_KEPT

    @classmethod
    def _make(
        cls,
        board: Board,
        white: bool,
        castling: int,
        ep: Square | None,
        halfmove: int,
        fullmove: int,
        kings: tuple[Square, Square],
    ) -> ChessPosition:
        position = object.__new__(cls)
        position._board = board
        position._white = white
        position._castling = castling
        position._ep = ep
        position._halfmove = halfmove
        position._fullmove = fullmove
        position._kings = kings
        position._legal = None
        position._legal_set = None
        position._moves_from = None
        position._check = None
        return position

    # --- reading the position -------------------------------------------------------------

    @property
    def variant(self) -> ChessVariant:
        from rules.chess.variant import CHESS

        return CHESS

    @property
    def side_to_move(self) -> Color:
        return Color.WHITE if self._white else Color.BLACK

    @property
    def halfmove_clock(self) -> int:
        return self._halfmove

    @property
    def fullmove_number(self) -> int:
        return self._fullmove

    @property
    def castling_rights(self) -> str:
        """The castling rights as in FEN (``"KQkq"``, ``"-"``)."""
        from rules.chess.fen import castling_field

        return castling_field(self._castling)

    @property
    def en_passant_square(self) -> Square | None:
        """The square behind a pawn that just made a double step, as FEN records it."""
        return self._ep

    @property
    def board(self) -> Board:
        """The 64 FEN letters of the board ("." for empty), a1 first."""
        return self._board

    def fen(self) -> str:
        from rules.chess.fen import position_to_fen

        return position_to_fen(self)

    def piece_at(self, square: Square) -> Piece | None:
        letter = self._board[square]
        if letter == EMPTY:
            return None
        return Piece(letter.lower(), Color.WHITE if letter in WHITE_PIECES else Color.BLACK)

    def pieces(self) -> dict[Square, Piece]:
        return {sq: piece for sq in range(64) if (piece := self.piece_at(sq)) is not None}

    def king_square(self, color: Color) -> Square:
        return self._kings[0 if color is Color.WHITE else 1]

    def is_check(self) -> bool:
        """Whether the side to move is in check (asked once, then kept)."""
        check = self._check
        if check is None:
            white = self._white
            check = self._check = is_attacked(
                self._board, self._kings[0 if white else 1], not white
            )
        return check

    def is_checkmate(self) -> bool:
        return self.is_check() and not self.has_legal_move()

    def is_stalemate(self) -> bool:
        return not self.is_check() and not self.has_legal_move()

    def is_capture(self, move: Move) -> bool:
        if self._board[move.to_square] != EMPTY:
            return True
        return move.to_square == self._ep and self._board[move.from_square] in "Pp"

    def is_en_passant(self, move: Move) -> bool:
        return (
            move.to_square == self._ep
            and self._board[move.from_square] in "Pp"
            and (move.to_square - move.from_square) % 8 != 0
        )

    def is_castling(self, move: Move) -> bool:
        return self._board[move.from_square] in "Kk" and abs(move.to_square - move.from_square) == 2

    # --- equality and repetition --------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self._board, self._white, self._castling, self._ep, self._halfmove, self._fullmove)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChessPosition) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"ChessPosition({self.fen()!r})"

    def repetition_key(self) -> str:
        """What FIDE compares for repetition: placement, side, castling rights, and the en
        passant square only when an en passant capture is actually legal. One short string
        (a game keeps one per position since the last capture or pawn move)."""
        ep = self._ep
        if ep is not None and not self._en_passant_possible(ep):
            ep = None
        side = "w" if self._white else "b"
        return f"{''.join(self._board)}{side}{self._castling}:{'-' if ep is None else ep}"

    def _en_passant_possible(self, ep: Square) -> bool:
        """Whether a pawn of the side to move can legally capture en passant on ``ep`` (only
        the one or two pawns beside the square are tried, not every legal move)."""
        pawn = "P" if self._white else "p"
        board = self._board
        return any(
            board[sq] == pawn and self._en_passant_is_safe(sq, ep)
            for sq in PAWN_CAPTURES[1 if self._white else 0][ep]
        )

    # --- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """All legal moves (a cached list: do not modify it)."""
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def has_legal_move(self) -> bool:
        """Whether the side to move has a legal move: generation stops at the first one
        (whether a game is over asks this, and nearly always one is found at once)."""
        if self._legal is not None:
            return bool(self._legal)
        try:
            self._generate(add=_found)
        except _Found:
            return True
        return False

    def moves_from(self, square: Square) -> list[Move]:
        """The legal moves of the piece on ``square`` (generated for it alone unless every
        legal move is known already)."""
        if self._legal is not None:
            return [m for m in self._legal if m.from_square == square]
        known = self._moves_from
        if known is None or known[0] != square:
            # Kept for the next question: parsing a move and playing it ask about one piece.
            known = (square, self._generate(square))
            self._moves_from = known
        return known[1]

    def is_legal(self, move: Move) -> bool:
        if self._legal_set is None:
            if self._legal is None:
                # One move asked about (a move typed, a stored move replayed): generating the
                # moves of that piece alone is a fraction of generating them all.
                f = move[0]
                return isinstance(f, int) and 0 <= f < 64 and move in self.moves_from(f)
            self._legal_set = frozenset(self._legal)
        return move in self._legal_set

    def play(self, move: Move) -> ChessPosition:
        """The position after ``move``. Raises IllegalMoveError if it is not legal here."""
        if not self.is_legal(move):
            raise self._illegal(move)
        return self._after(move)

    def play_null(self) -> ChessPosition:
        """The position after ``NULL_MOVE`` (see ``rules.core``): the other side to move, no
        en passant square. Raises IllegalMoveError while in check."""
        if self.is_check():
            raise IllegalMoveError("--", self.fen(), IllegalReason.IN_CHECK, in_check=True)
        return self._make(
            self._board,
            not self._white,
            self._castling,
            None,
            self._halfmove + 1,
            self._fullmove + (0 if self._white else 1),
            self._kings,
        )

    def read_move(self, text: str) -> tuple[Move, ChessPosition]:
        """The move ``text`` names and the position after it: ``parse_move`` then ``play``,
        faster for the strict SAN of records (see ``rules.chess.reading``)."""
        return _read_move(self, text)

    def _illegal(self, move: Move) -> IllegalMoveError:
        """The error for an illegal Move object, with the reason the same move typed gets."""
        if not all(isinstance(sq, int) and 0 <= sq < 64 for sq in move[:2]):
            return IllegalMoveError(repr(tuple(move)), self.fen(), IllegalReason.CANNOT_REACH)
        text = self.uci(move) if move.promotion in (None, *PROMOTIONS) else repr(tuple(move))
        try:
            self.parse_move(text)
        except IllegalMoveError as error:
            return error
        except RulesError:
            pass
        return IllegalMoveError(text, self.fen(), IllegalReason.BAD_PROMOTION, move=move)

    def _after(self, move: Move) -> ChessPosition:
        """The position after a move known to be legal."""
        f, t, promotion = move
        board = list(self._board)
        piece = board[f]
        captured = board[t]
        board[f] = EMPTY
        board[t] = piece
        white = self._white
        kings = self._kings
        ep = None
        halfmove = self._halfmove + 1
        if piece == "P" or piece == "p":
            halfmove = 0
            if t == self._ep and captured == EMPTY:
                board[t - 8 if white else t + 8] = EMPTY
            elif t - f == 16 or f - t == 16:
                ep = (f + t) >> 1
            elif promotion is not None:
                board[t] = promotion.upper() if white else promotion
        elif piece == "K" or piece == "k":
            kings = (t, kings[1]) if white else (kings[0], t)
            if t - f == 2:
                board[t - 1], board[t + 1] = board[t + 1], EMPTY
            elif f - t == 2:
                board[t + 1], board[t - 2] = board[t - 2], EMPTY
        if captured != EMPTY:
            halfmove = 0
        kept = self._KEPT
        return self._make(
            tuple(board),
            not white,
            self._castling & kept[f] & kept[t],
            ep,
            halfmove,
            self._fullmove + (0 if white else 1),
            kings,
        )

    def _generate(
        self, only: Square | None = None, add: Callable[[Move], None] | None = None
    ) -> list[Move]:
        """The legal moves, or only those of the piece on ``only``; each given to ``add``
        instead when it is given (then the list returned is empty)."""
        board = self._board
        white = self._white
        if white:
            own, enemy, king = WHITE_PIECES, BLACK_PIECES, self._kings[0]
        else:
            own, enemy, king = BLACK_PIECES, WHITE_PIECES, self._kings[1]
        checkers, block, pins = checks_and_pins(board, king, white, own)

        moves: list[Move] = []
        if add is None:
            add = moves.append
        if checkers < 2 and only != king:
            self._piece_moves(add, own, enemy, pins, block if checkers else None, only)
        if only is not None and only != king:
            return moves

        # King steps: test each target with the king lifted, so it cannot hide behind itself.
        lifted = list(board)
        lifted[king] = EMPTY
        for t in KING_TARGETS[king]:
            if board[t] not in own and not is_attacked(lifted, t, not white):
                add(Move(king, t, None))
        if not checkers and self._castling:
            self._castling_moves(add, king)
        return moves

    def _piece_moves(
        self,
        add: Callable[[Move], None],
        own: frozenset[str],
        enemy: frozenset[str],
        pins: dict[Square, frozenset[Square]],
        block: frozenset[Square] | None,
        only: Square | None = None,
    ) -> None:
        board = self._board
        for sq in range(64) if only is None else (only,):
            p = board[sq]
            if p not in own:
                continue
            kind = p.lower()
            if kind == "k":
                continue
            pin = pins.get(sq)
            if pin is not None:
                if block is not None or kind == "n":
                    continue  # a pinned piece can neither answer a check nor leave its line
                limit: frozenset[Square] | None = pin
            else:
                limit = block
            if kind == "p":
                self._pawn_moves(add, sq, enemy, limit)
            elif kind == "n":
                for t in KNIGHT_TARGETS[sq]:
                    if board[t] not in own and (limit is None or t in limit):
                        add(Move(sq, t, None))
            elif limit is None:
                for ray in SLIDER_RAYS[kind][sq]:
                    for t in ray:
                        q = board[t]
                        if q == EMPTY:
                            add(Move(sq, t, None))
                            continue
                        if q in enemy:
                            add(Move(sq, t, None))
                        break
            else:
                for ray in SLIDER_RAYS[kind][sq]:
                    for t in ray:
                        q = board[t]
                        if q == EMPTY:
                            if t in limit:
                                add(Move(sq, t, None))
                            continue
                        if q in enemy and t in limit:
                            add(Move(sq, t, None))
                        break

    def _pawn_moves(
        self,
        add: Callable[[Move], None],
        sq: Square,
        enemy: frozenset[str],
        limit: frozenset[Square] | None,
    ) -> None:
        board = self._board
        if self._white:
            step, home, last, captures = 8, sq < 16, sq >= 48, PAWN_CAPTURES[0][sq]
        else:
            step, home, last, captures = -8, sq >= 48, sq < 16, PAWN_CAPTURES[1][sq]
        t = sq + step
        if board[t] == EMPTY:
            if limit is None or t in limit:
                if last:
                    for promotion in PROMOTIONS:
                        add(Move(sq, t, promotion))
                else:
                    add(Move(sq, t, None))
            if home and board[t + step] == EMPTY and (limit is None or t + step in limit):
                add(Move(sq, t + step, None))
        for t in captures:
            if board[t] in enemy:
                if limit is None or t in limit:
                    if last:
                        for promotion in PROMOTIONS:
                            add(Move(sq, t, promotion))
                    else:
                        add(Move(sq, t, None))
            elif t == self._ep and self._en_passant_is_safe(sq, t):
                add(Move(sq, t, None))

    def _en_passant_is_safe(self, sq: Square, t: Square) -> bool:
        # Both pawns leave their squares, which pins and check blocks cannot describe (the
        # rank pin of two pawns side by side, or capturing a checking pawn): test the result.
        board = list(self._board)
        board[t] = board[sq]
        board[sq] = EMPTY
        board[t - 8 if self._white else t + 8] = EMPTY
        king = self._kings[0 if self._white else 1]
        return not is_attacked(board, king, not self._white)

    def _castling_moves(self, add: Callable[[Move], None], king: Square) -> None:
        board = self._board
        rights = self._castling
        if self._white:
            kingside, queenside, enemy_white = WHITE_KINGSIDE, WHITE_QUEENSIDE, False
        else:
            kingside, queenside, enemy_white = BLACK_KINGSIDE, BLACK_QUEENSIDE, True
        if (
            rights & kingside
            and board[king + 1] == EMPTY
            and board[king + 2] == EMPTY
            and not is_attacked(board, king + 1, enemy_white)
            and not is_attacked(board, king + 2, enemy_white)
        ):
            add(Move(king, king + 2, None))
        if (
            rights & queenside
            and board[king - 1] == EMPTY
            and board[king - 2] == EMPTY
            and board[king - 3] == EMPTY
            and not is_attacked(board, king - 1, enemy_white)
            and not is_attacked(board, king - 2, enemy_white)
        ):
            add(Move(king, king - 2, None))

    def castling_move(self, kingside: bool) -> Move | None:
        """The move that would castle to that side (legal or not), None when there is none
        to name: the king is off its home square."""
        king = self._kings[0 if self._white else 1]
        if king != (4 if self._white else 60):
            return None
        return Move(king, king + 2 if kingside else king - 2, None)

    def has_castling_right(self, kingside: bool) -> bool:
        """Whether the side to move still has the right to castle to that side."""
        if self._white:
            return bool(self._castling & (WHITE_KINGSIDE if kingside else WHITE_QUEENSIDE))
        return bool(self._castling & (BLACK_KINGSIDE if kingside else BLACK_QUEENSIDE))

    def castling_squares(self, kingside: bool) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
        """For castling to that side (with the right to it): the squares that must be empty,
        and those the king passes before its destination."""
        king = self._kings[0 if self._white else 1]
        if kingside:
            return (king + 1, king + 2), (king + 1,)
        return (king - 1, king - 2, king - 3), (king - 1,)

    # --- notation (see rules.chess.notation) --------------------------------------------------

    def uci(self, move: Move) -> str:
        """The move in UCI: ``e2e4``, ``e7e8q``; ``0000`` for the null move."""
        if move[0] == move[1]:
            return "0000"
        text = SQUARE_NAMES[move.from_square] + SQUARE_NAMES[move.to_square]
        return text + move.promotion if move.promotion else text

    def san(self, move: Move) -> str:
        """The move in SAN (``Nbd2``, ``exd6``, ``O-O``, ``e8=Q+``, ``Qh4#``); ``--`` for
        the null move."""
        from rules.chess.notation import san

        if move[0] == move[1]:
            return "--"
        return san(self, move)

    def parse_move(self, text: str, letters: PieceLetters = PieceLetters.ENGLISH) -> Move:
        """The legal move ``text`` names in SAN (strict or lenient) or UCI, its pieces
        written with ``letters`` (``PieceLetters.FRENCH``: ``Cf3``, ``Dxd7``, ``e8=D``).

        Raises InvalidMoveError, IllegalMoveError or AmbiguousMoveError (which quote what
        was typed).
        """
        from rules.chess.notation import parse_move

        return parse_move(self, text, letters)

    def parse_uci(self, text: str) -> Move:
        from rules.chess.notation import parse_move

        return parse_move(self, text)

    def pseudo_targets(self, square: Square) -> Iterator[tuple[Square, bool]]:
        """Where the piece on ``square`` could go ignoring checks: (target, blocked) pairs,
        ``blocked`` meaning a piece stands in the way. Used to explain illegal moves."""
        board = self._board
        letter = board[square]
        kind = letter.lower()
        if kind == "n":
            for t in KNIGHT_TARGETS[square]:
                yield t, False
        elif kind == "k":
            for t in KING_TARGETS[square]:
                yield t, False
        elif kind in SLIDER_RAYS:
            for ray in SLIDER_RAYS[kind][square]:
                yield from _walk(board, ray)
        elif kind == "p":
            white = letter == "P"
            step = 8 if white else -8
            t = square + step
            if 0 <= t < 64:
                yield t, False
                home = square < 16 if white else square >= 48
                if home:
                    yield t + step, board[t] != EMPTY
            for t in PAWN_CAPTURES[0 if white else 1][square]:
                yield t, False


class _Found(Exception):
    """The first legal move was found (``has_legal_move`` asks no more)."""


def _found(move: Move) -> None:
    raise _Found


def _walk(board: Board, ray: Ray) -> Iterator[tuple[Square, bool]]:
    blocked = False
    for t in ray:
        yield t, blocked
        if board[t] != EMPTY:
            blocked = True
