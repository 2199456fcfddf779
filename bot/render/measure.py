"""How large a piece set's pieces stand on their squares, measured on real renders: a piece
on d4 against the same board without it (``benchmarks/render.py`` prints it, tests pin it)."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageChops

from bot.render import Coordinates, draw_board
from bot.render.chess_board import Layout
from rules import Color, get_variant

# Kings on b8 and h2, out of reach of any piece on d4 and out of the diff.
_WITHOUT = "1k6/8/8/8/8/8/7K/8 w - - 0 1"
_WITH = "1k6/8/8/8/3{piece}4/8/7K/8 w - - 0 1"


INK = 40  # the least change, on the 0-255 grey scale, that counts as the piece's ink


@dataclass(frozen=True, slots=True)
class PieceBox:
    """A piece's drawn extent as shares of its square: ``height`` and ``width``, and how
    far its middle sits from the square's (``dx`` right, ``dy`` down)."""

    height: float
    width: float
    dx: float
    dy: float


def piece_box(pieces: str, piece: str, size: int = 512) -> PieceBox:
    """The box of ``piece`` (a FEN letter: ``B`` white bishop, ``q`` black queen) of the
    chess set ``pieces`` on d4 of a ``size`` px board. Raises ValueError for an unknown
    set or a letter that is not a chess piece (or a king, which the board already holds)."""
    if len(piece) != 1 or piece not in "QRBNPqrbnp":
        raise ValueError(f"piece must be one of QRBNPqrbnp, not {piece!r}")
    chess = get_variant("chess")
    images = [
        draw_board(chess.from_fen(fen), orientation=Color.WHITE, size=size, pieces=pieces,
                   coordinates=Coordinates.NONE).convert("RGB")
        for fen in (_WITHOUT, _WITH.format(piece=piece))
    ]  # fmt: skip
    # Faint fringes (the resampling's ringing, the palette's rounding) are not the piece.
    inked = ImageChops.difference(*images).convert("L").point(lambda v: 255 if v > INK else 0)
    box = inked.getbbox()
    if box is None:
        raise ValueError(f"{pieces} {piece}: nothing was drawn on d4")
    layout = Layout.of(size, Coordinates.NONE)
    left, top = layout.corner(chess.parse_square("d4"), Color.WHITE)
    square = layout.square
    return PieceBox(
        height=(box[3] - box[1]) / square,
        width=(box[2] - box[0]) / square,
        dx=((box[0] + box[2]) / 2 - left - square / 2) / square,
        dy=((box[1] + box[3]) / 2 - top - square / 2) / square,
    )
