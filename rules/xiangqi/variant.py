"""The xiangqi variant object: start position, FEN, square names, endings, records."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from rules.core import Color, Outcome, Position, Repetition, Square, Termination
from rules.errors import InvalidFenError, InvalidMoveError
from rules.xiangqi.endings import ending_before_move, has_attackers, outcome, outcome_after
from rules.xiangqi.geometry import FILE_NAMES, FILES, RANKS, SQUARE_NAMES, SQUARES
from rules.xiangqi.position import XiangqiPosition

if TYPE_CHECKING:
    from rules.errors import InvalidRecordError
    from rules.game import Game
    from rules.pgn import Annotations
    from rules.records import ReadGame

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


class XiangqiVariant:
    """Xiangqi under the simplified Asian rules described in ``rules.xiangqi``."""

    name = "xiangqi"
    files = FILES
    ranks = RANKS
    start_fen = START_FEN

    def __init__(self) -> None:
        self._start = XiangqiPosition.from_fen(START_FEN)

    def start(self) -> XiangqiPosition:
        return self._start

    def from_fen(self, fen: str) -> XiangqiPosition:
        """The position ``fen`` describes (``"startpos"`` for the start). Raises
        InvalidFenError with the reason."""
        if isinstance(fen, str) and fen.strip() == "startpos":
            return self._start
        return XiangqiPosition.from_fen(fen)

    def square_name(self, square: Square) -> str:
        """ICCS name of a square: ``a0`` … ``i9``. Raises ValueError off the board."""
        if not 0 <= square < SQUARES:
            raise ValueError(f"no square {square} on a xiangqi board")
        return SQUARE_NAMES[square]

    def parse_square(self, name: str) -> Square:
        """The square called ``name`` (``e0``, case-insensitive).

        Raises InvalidMoveError (a ValueError), like chess, for anything else.
        """
        text = name.strip().lower() if isinstance(name, str) else ""
        if len(text) != 2 or text[0] not in FILE_NAMES or not text[1].isdigit():
            raise InvalidMoveError(str(name), "not a square (a0 to i9)")
        return int(text[1]) * FILES + FILE_NAMES.index(text[0])

    def outcome(self, history: Sequence[Position]) -> Outcome | None:
        """How the rules end the game whose positions are ``history``, or None."""
        return outcome(history)

    def claimable_draws(self, history: Sequence[Position]) -> tuple[Termination, ...]:
        """Xiangqi has no claimable draws: repetition ends the game by itself."""
        return ()

    def outcome_after(self, position: Position, repetition: Repetition) -> Outcome | None:
        """How the rules end the game at ``position`` given its earlier occurrences."""
        return outcome_after(position, repetition)

    def ending_before_move(self, position: Position, repetition: Repetition) -> Outcome | None:
        """The ending of ``position`` when a move is known to follow (a record)."""
        return ending_before_move(position, repetition)

    def claims_after(self, position: Position, repetition: Repetition) -> tuple[Termination, ...]:
        """Xiangqi has no claimable draws: repetition and the move limit end the game."""
        return ()

    def has_insufficient_material(self, position: Position, color: Color) -> bool:
        """Whether ``color`` has only pieces that never cross the river (general, advisors,
        elephants), so it can never mate: a flag fall against it draws."""
        return not has_attackers(position, color)

    def write_record(
        self,
        game: Game,
        tags: Mapping[str, str],
        comments: Mapping[int, str] | None = None,
        annotations: Annotations | None = None,
    ) -> str:
        """The game as a PGN-like xiangqi record (see ``rules.xiangqi.record``)."""
        from rules.xiangqi.record import write_record

        return write_record(game, tags, comments, annotations)

    def read_record(self, text: str) -> tuple[dict[str, str], Game]:
        """The tags and game of a record, read as played. Raises RulesError subclasses on
        bad input."""
        from rules.xiangqi.record import read_record

        return read_record(text)

    def read_games(
        self, source: str | bytes | Iterable[str]
    ) -> Iterator[ReadGame | InvalidRecordError]:
        """Every game of a record text, file bytes or lines, read as played (see
        ``rules.records``): a ``ReadGame`` or the error of a game that cannot be read."""
        from rules.xiangqi.record import read_games

        return read_games(source)

    def __repr__(self) -> str:
        return "XIANGQI"


def _make_variant() -> XiangqiVariant:
    try:
        return XiangqiVariant()
    except InvalidFenError as error:  # pragma: no cover - the constant is valid
        raise AssertionError(error) from error


XIANGQI = _make_variant()
