"""The janggi variant object: start positions (the four setups), FEN, square names, endings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING

from rules.core import Color, Outcome, Position, Repetition, Square, Termination
from rules.errors import InvalidFenError, InvalidMoveError
from rules.janggi import record
from rules.janggi.endings import ending_before_move, has_mating_material, outcome_after
from rules.janggi.geometry import FILE_NAMES, FILES, RANKS, SQUARE_NAMES, SQUARES
from rules.janggi.position import JanggiPosition
from rules.repetition import HistoryRepetition

if TYPE_CHECKING:
    from rules.game import Game
    from rules.pgn import Annotations


class Setup(Enum):
    """A side's horse (마) and elephant (상) arrangement on its home row, read from that
    player's own left: files b, c, g, h for Cho and h, g, c, b for Han."""

    MA_SANG_MA_SANG = "마상마상"  # right elephant (오른상)
    MA_SANG_SANG_MA = "마상상마"  # inner elephants (안상), Fairy-Stockfish's start
    SANG_MA_MA_SANG = "상마마상"  # outer elephants (바깥상)
    SANG_MA_SANG_MA = "상마상마"  # left elephant (왼상)

    def home_row(self) -> str:
        """The home row from the a-file to the i-file, as Cho (uppercase FEN) writes it."""
        letters = "".join("n" if name == "마" else "b" for name in self.value)
        return f"R{letters[:2].upper()}A1A{letters[2:].upper()}R"


def start_fen(cho: Setup = Setup.MA_SANG_SANG_MA, han: Setup = Setup.MA_SANG_SANG_MA) -> str:
    """The start FEN with each side's setup (Han's row is read from its own left, the
    i-file)."""
    han_row = han.home_row().lower()[::-1]
    return f"{han_row}/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/{cho.home_row()} w - - 0 1"


START_FEN = start_fen()


class JanggiVariant:
    """Janggi under the rules described in ``rules.janggi``."""

    name = "janggi"
    files = FILES
    ranks = RANKS
    start_fen = START_FEN

    def __init__(self) -> None:
        self._start = JanggiPosition.from_fen(START_FEN)

    def start(self) -> JanggiPosition:
        return self._start

    def start_position(self, cho: Setup, han: Setup) -> JanggiPosition:
        """The start with each side's chosen setup."""
        return JanggiPosition.from_fen(start_fen(cho, han))

    def from_fen(self, fen: str) -> JanggiPosition:
        """The position ``fen`` describes (``"startpos"`` for the start). Raises
        InvalidFenError with the reason."""
        if isinstance(fen, str) and fen.strip() == "startpos":
            return self._start
        return JanggiPosition.from_fen(fen)

    def square_name(self, square: Square) -> str:
        """Fairy-Stockfish's name of a square: ``a1`` … ``i10``. Raises ValueError off the
        board."""
        if not 0 <= square < SQUARES:
            raise ValueError(f"no square {square} on a janggi board")
        return SQUARE_NAMES[square]

    def parse_square(self, name: str) -> Square:
        """The square called ``name`` (``e2``, ``a10``, case-insensitive). Raises
        InvalidMoveError (a ValueError) for anything else."""
        text = name.strip().lower() if isinstance(name, str) else ""
        rank = text[1:]
        if not text or text[0] not in FILE_NAMES or rank not in {str(r) for r in range(1, 11)}:
            raise InvalidMoveError(str(name), "not a square (a1 to i10)")
        return (int(rank) - 1) * FILES + FILE_NAMES.index(text[0])

    def outcome(self, history: Sequence[Position]) -> Outcome | None:
        """How the rules end the game whose positions are ``history``, or None."""
        if not history:
            raise ValueError("a game has at least its start position")
        return outcome_after(history[-1], HistoryRepetition(history))

    def claimable_draws(self, history: Sequence[Position]) -> tuple[Termination, ...]:
        """Janggi has no claimable draws: its endings come by themselves."""
        return ()

    def outcome_after(self, position: Position, repetition: Repetition) -> Outcome | None:
        """How the rules end the game at ``position`` given its earlier occurrences."""
        return outcome_after(position, repetition)

    def ending_before_move(self, position: Position, repetition: Repetition) -> Outcome | None:
        """The ending of ``position`` when a move is known to follow (a record)."""
        return ending_before_move(position, repetition)

    def claims_after(self, position: Position, repetition: Repetition) -> tuple[Termination, ...]:
        """Janggi has no claimable draws."""
        return ()

    def has_insufficient_material(self, position: Position, color: Color) -> bool:
        """Whether ``color`` has only its general and guards, which never leave the palace."""
        return not has_mating_material(position, color)

    def write_record(
        self,
        game: Game,
        tags: Mapping[str, str],
        comments: Mapping[int, str] | None = None,
        annotations: Annotations | None = None,
    ) -> str:
        """The game as pychess-variants' PGN (see ``rules.janggi.record``)."""
        return record.write_record(game, tags, comments, annotations)

    def read_record(self, text: str) -> tuple[dict[str, str], Game]:
        """The tags and game of a record, read as played. Raises RulesError subclasses on
        bad input."""
        return record.read_record(self, text)

    def __repr__(self) -> str:
        return "JANGGI"


def _make_variant() -> JanggiVariant:
    try:
        return JanggiVariant()
    except InvalidFenError as error:  # pragma: no cover - the constant is valid
        raise AssertionError(error) from error


JANGGI = _make_variant()
JanggiPosition._VARIANT = JANGGI
