"""Chess960's castling field in FEN: read in either notation, written in either.

- X-FEN writes ``K``/``Q`` (``k``/``q``) for the outermost rook on that side of the king and
  the rook's file (``F``, ``f``) when another rook stands farther out on that side; python-
  chess writes it so, and it reads as ordinary FEN for the standard start.
- Shredder-FEN writes every right as its rook's file: ``HAha``.

Rights are a bit per rook square (``1 << square``), as ``Chess960Position`` keeps them.
"""

from __future__ import annotations

from rules.chess.attacks import Board
from rules.chess.geometry import FILES, SQUARE_NAMES
from rules.core import Square
from rules.errors import FenProblem, InvalidFenError

_LETTERS = frozenset("KQkqABCDEFGHabcdefgh")


def read_castling(fen: str, text: str, board: Board, dropped: list[str] | None) -> int:
    """The rights the castling field ``text`` gives on ``board`` (X-FEN or Shredder-FEN, or a
    mix). A right whose king or rook is missing is refused (InvalidFenError), or appended to
    ``dropped`` when given (a record's FEN); a malformed field, a right named twice or two
    rights on one side of a king are refused always."""
    if text == "-":
        return 0
    rights = 0
    for letter in text:
        if letter not in _LETTERS:
            raise InvalidFenError(fen, FenProblem.BAD_CASTLING_FIELD, found=text)
        base = 0 if letter.isupper() else 56
        king = _king(board, base, "K" if letter.isupper() else "k")
        rook = None if king is None else _rook(board, letter, base, king)
        if king is None or rook is None:
            if dropped is not None:
                dropped.append(letter)
                continue
            raise _missing(fen, letter, base, king)
        if rights & (1 << rook) or any((r > king) == (rook > king) for r in _rooks(rights, base)):
            raise InvalidFenError(fen, FenProblem.BAD_CASTLING_FIELD, found=text)
        rights |= 1 << rook
    return rights


def _king(board: Board, base: Square, letter: str) -> Square | None:
    return next((base + f for f in range(8) if board[base + f] == letter), None)


def _rook(board: Board, letter: str, base: Square, king: Square) -> Square | None:
    """The rook a castling letter names: the outermost on that side for K/Q, else by file."""
    rook = "R" if letter.isupper() else "r"
    upper = letter.upper()
    if upper == "K":
        files: range = range(7, (king & 7), -1)
    elif upper == "Q":
        files = range(0, king & 7)
    else:
        files = range(ord(upper) - ord("A"), ord(upper) - ord("A") + 1)
    return next((base + f for f in files if base + f != king and board[base + f] == rook), None)


def _rooks(rights: int, base: Square) -> list[Square]:
    """The rook squares with rights on the rank starting at ``base``, h-file first."""
    return [base + f for f in range(7, -1, -1) if rights >> (base + f) & 1]


def _missing(fen: str, letter: str, base: Square, king: Square | None) -> InvalidFenError:
    upper = letter.upper()
    rook_file = {"K": 7, "Q": 0}.get(upper, ord(upper) - ord("A"))
    return InvalidFenError(
        fen,
        FenProblem.CASTLING_WITHOUT_PIECES,
        right=letter,
        king_square=SQUARE_NAMES[king] if king is not None else f"rank {base // 8 + 1}",
        rook_square=SQUARE_NAMES[base + rook_file],
    )


def x_fen_castling(board: Board, rights: int, kings: tuple[Square, Square]) -> str:
    """The X-FEN castling field (``-`` without rights), white's rights first, h-side first."""
    letters = []
    for base, king, rook in ((0, kings[0], "R"), (56, kings[1], "r")):
        for square in _rooks(rights, base):
            kingside = square > king
            farther = range(square + 1, base + 8) if kingside else range(base, square)
            if any(board[s] == rook for s in farther):
                letter = FILES[square & 7]
            else:
                letter = "k" if kingside else "q"
            letters.append(letter.upper() if base == 0 else letter)
    return "".join(letters) or "-"


def shredder_castling(rights: int) -> str:
    """The Shredder-FEN castling field: each rook's file, white's (capital) first, h first."""
    white = "".join(FILES[sq & 7].upper() for sq in _rooks(rights, 0))
    black = "".join(FILES[sq & 7] for sq in _rooks(rights, 56))
    return white + black or "-"
