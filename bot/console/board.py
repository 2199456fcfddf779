"""The text board the console prints under each board image, and its time of day."""

from __future__ import annotations

from datetime import datetime

from bot.i18n import (
    _,
)
from bot.i18n.dates import when_text
from bot.service import (
    BoardView,
)
from rules import Color


def text_board(board: BoardView, orientation: Color | None = None) -> str:
    """The position as text from ``orientation``'s side (default the board's): ``(P)`` marks
    the last move, ``[.]`` the squares ``/moves`` marks; uppercase is white (red in xiangqi)."""
    orientation = orientation or board.orientation
    position = board.position
    variant = position.variant
    files, ranks = variant.files, variant.ranks
    pieces = position.pieces()
    last = set()
    if board.last_move is not None:
        last = {board.last_move.from_square, board.last_move.to_square}
    marks = set(board.marks)
    first_rank = 0 if variant.name == "xiangqi" else 1
    rank_order = range(ranks - 1, -1, -1) if orientation is Color.WHITE else range(ranks)
    file_order = (
        list(range(files)) if orientation is Color.WHITE else list(range(files - 1, -1, -1))
    )
    lines = []
    for rank in rank_order:
        cells = []
        for file in file_order:
            square = rank * files + file
            piece = pieces.get(square)
            symbol = piece.symbol if piece is not None else "."
            if square in marks:
                cells.append(f"[{symbol}]")
            elif square in last:
                cells.append(f"({symbol})")
            else:
                cells.append(f" {symbol} ")
        lines.append(f"{rank + first_rank:>2} " + "".join(cells))
        if variant.name == "xiangqi" and rank == (5 if orientation is Color.WHITE else 4):
            lines.append("   " + "~~~" * files)
    letters = "abcdefghijklmnopqrstuvwxyz"
    lines.append("   " + "".join(f" {letters[file]} " for file in file_order))
    # No line ends with the blank of its last cell (copied out, it trails a space).
    return "\n".join(line.rstrip() for line in lines)


def when(moment: datetime) -> str:
    """A date and time as the current language writes them, in UTC (the console's time)."""
    return _("{time} UTC").format(time=when_text(moment))
