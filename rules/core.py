"""Values shared by every variant: colours, pieces, moves, outcomes, and the protocols.

Squares are plain integers counted from the first player's side: ``rank * files + file``
(chess: a1 = 0 … h8 = 63; xiangqi: a0 = 0 … i9 = 89). Each variant names them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from rules.game import Game
    from rules.pgn import Annotations

Square = int


class Color(Enum):
    """The two sides. In xiangqi WHITE is red, which moves first (FEN ``w``)."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Color:
        return Color.BLACK if self is Color.WHITE else Color.WHITE


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece: ``kind`` is a lowercase FEN letter (``"n"``; xiangqi ``"c"`` for cannon)."""

    kind: str
    color: Color

    @property
    def symbol(self) -> str:
        """The FEN letter: uppercase for white/red."""
        return self.kind.upper() if self.color is Color.WHITE else self.kind


class Move(NamedTuple):
    """A move from one square to another; ``promotion`` is a lowercase piece letter or None.

    Castling is the king's move (e1g1). A NamedTuple, not a dataclass, because move
    generation creates millions of them.
    """

    from_square: Square
    to_square: Square
    promotion: str | None = None

    @property
    def is_null(self) -> bool:
        """Whether this is ``NULL_MOVE``: no square moves to itself in any other move."""
        return self.from_square == self.to_square


# A side passing its turn, as records of analysis write it (``--``, ``Z0``; UCI ``0000``).
# Never legal in play: ``Game.play`` refuses it. A game read from a record may contain it
# (``Game.then``): the position after it is the same board with the other side to move and no
# en passant square, and it may not be made while in check (the side not to move would then be
# in check). ``san`` writes it ``--`` and ``uci`` ``0000``, as python-chess does.
NULL_MOVE = Move(0, 0, None)


class PieceLetters(Enum):
    """The letters a player types chess pieces with. Records, SAN and PGN always use the
    English letters; another set is only read (``Position.parse_move(text, letters)``).

    Each member's value maps its capital letters to the English ones (king, queen, rook,
    bishop, knight): French writes R roi, D dame, T tour, F fou, C cavalier.
    """

    ENGLISH = "KQRBN"
    FRENCH = "RDTFC"

    def to_english(self, text: str) -> str:
        """``text`` with this set's capital piece letters written as the English ones.

        A move that uses a capital letter only English has (K, Q, B or N) is English
        already and is returned as it is, so a French player typing ``Nf3`` is understood;
        ``R`` then stays the French roi (a king), never a rook, so no move is silently
        read as another piece's."""
        if self is PieceLetters.ENGLISH:
            return text
        english_only = set(PieceLetters.ENGLISH.value) - set(self.value)
        if any(letter in english_only for letter in text):
            return text
        return text.translate(str.maketrans(self.value, PieceLetters.ENGLISH.value))

    def from_english(self, san: str) -> str:
        """Standard (English) ``san`` written with this set's capital letters, as its
        players read moves: ``Nf3`` is ``Cf3`` in French, ``Rxe1`` ``Txe1``, ``e8=Q``
        ``e8=D``; squares (lowercase) and castling stay as they are. ``to_english`` reads
        the result back as the same move."""
        if self is PieceLetters.ENGLISH:
            return san
        return san.translate(str.maketrans(PieceLetters.ENGLISH.value, self.value))


class Termination(Enum):
    """How a game ended. The rules engine decides the first group; the service the rest."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient_material"
    FIVEFOLD_REPETITION = "fivefold_repetition"
    SEVENTYFIVE_MOVES = "seventyfive_moves"
    THREEFOLD_REPETITION = "threefold_repetition"
    FIFTY_MOVES = "fifty_moves"
    # xiangqi
    REPETITION = "repetition"
    PERPETUAL_CHECK = "perpetual_check"
    PERPETUAL_CHASE = "perpetual_chase"
    SIXTY_MOVES = "sixty_moves"
    # janggi: each decided by the counting rule (material points), never drawn
    BIKJANG = "bikjang"
    DOUBLE_PASS = "double_pass"
    MOVE_LIMIT = "move_limit"
    # decided by players or the clock
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    TIMEOUT = "timeout"
    TIMEOUT_DRAW = "timeout_insufficient_material"
    ABORTED = "aborted"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: how, and who won (None for a draw). ``points`` is each side's
    count (white/Cho first) when the rules decided the game by counting material (janggi),
    else None; it does not take part in equality (the ending is the same fact)."""

    termination: Termination
    winner: Color | None
    points: tuple[float, float] | None = field(default=None, compare=False)

    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is Color.WHITE:
            return "1-0"
        if self.winner is Color.BLACK:
            return "0-1"
        return "1/2-1/2"


class Repetition(Protocol):
    """What the rules know about earlier occurrences of a game's current position.

    A game keeps this up to date move by move (``rules.game``), so asking costs no replay.
    """

    @property
    def count(self) -> int:
        """How many times the current position has occurred, this time included."""
        ...

    def checkers_since(self, occurrences_back: int) -> frozenset[Color]:
        """The sides that gave check with every one of their moves since the current position
        occurred ``occurrences_back`` times before (1: its previous occurrence). Raises
        ValueError if it did not occur that often."""
        ...

    def moves_since(self, occurrences_back: int) -> list[Move]:
        """The moves played since the current position occurred ``occurrences_back`` times
        before, in order (played from that occurrence, they lead back to the current
        position). Raises ValueError if it did not occur that often."""
        ...


class Position(Protocol):
    """An immutable, hashable position of some variant."""

    @property
    def variant(self) -> Variant: ...
    @property
    def side_to_move(self) -> Color: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def fullmove_number(self) -> int: ...

    def fen(self) -> str: ...
    def piece_at(self, square: Square) -> Piece | None: ...
    def pieces(self) -> dict[Square, Piece]: ...
    def king_square(self, color: Color) -> Square: ...
    def legal_moves(self) -> Sequence[Move]: ...
    def has_legal_move(self) -> bool: ...
    def is_legal(self, move: Move) -> bool: ...
    def play(self, move: Move) -> Position: ...
    def play_null(self) -> Position: ...
    def read_move(self, text: str) -> tuple[Move, Position]: ...
    def is_check(self) -> bool: ...
    def is_capture(self, move: Move) -> bool: ...
    def parse_move(self, text: str, letters: PieceLetters = PieceLetters.ENGLISH) -> Move: ...
    def san(self, move: Move) -> str: ...
    def uci(self, move: Move) -> str: ...
    def repetition_key(self) -> Hashable: ...


class Variant(Protocol):
    """A game's rules: positions, square names, and how a game ends."""

    name: str
    files: int
    ranks: int
    start_fen: str

    def start(self) -> Position: ...
    def from_fen(self, fen: str) -> Position: ...
    def square_name(self, square: Square) -> str: ...
    def parse_square(self, name: str) -> Square: ...
    def outcome(self, history: Sequence[Position]) -> Outcome | None: ...
    def claimable_draws(self, history: Sequence[Position]) -> tuple[Termination, ...]: ...
    def outcome_after(self, position: Position, repetition: Repetition) -> Outcome | None: ...
    def claims_after(
        self, position: Position, repetition: Repetition
    ) -> tuple[Termination, ...]: ...
    def ending_before_move(self, position: Position, repetition: Repetition) -> Outcome | None: ...
    def write_record(
        self,
        game: Game,
        tags: Mapping[str, str],
        comments: Mapping[int, str] | None = None,
        annotations: Annotations | None = None,
    ) -> str: ...
    def read_record(self, text: str) -> tuple[dict[str, str], Game]: ...
    def has_insufficient_material(self, position: Position, color: Color) -> bool: ...
