"""A move read in any game's notation: which game's notation a text that is no move here is
written in (``e4`` typed in a xiangqi game). It sits above the games, so that neither game's
notation imports the other's."""

from __future__ import annotations

from rules.chess.notation import reads_as_chess
from rules.core import Move, PieceLetters, Position
from rules.errors import InvalidMoveError
from rules.move_text import GAMES
from rules.xiangqi.notation import reads_as_xiangqi


def written_for(text: str, game: str) -> str | None:
    """The other game whose notation reads ``text`` (its syntax only, whatever the
    position), or None; ``game`` is the one being played."""
    readers = {"chess": reads_as_chess, "xiangqi": reads_as_xiangqi}
    return next((other for other in GAMES if other != game and readers[other](text)), None)


def parse_move(position: Position, text: str, letters: PieceLetters = PieceLetters.ENGLISH) -> Move:
    """``position.parse_move(text, letters)``; its ``InvalidMoveError`` names the other game
    whose notation ``text`` is written in (``written_for``), when it is one."""
    try:
        return position.parse_move(text, letters)
    except InvalidMoveError as error:
        other = written_for(text, position.variant.name)
        if other is None or error.written_for is not None:
            raise
        raise InvalidMoveError(error.text, error.reason, written_for=other) from error
