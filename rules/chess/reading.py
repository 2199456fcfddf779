"""Reading a recorded move fast: strict SAN matched without generating every legal move.

A record names most moves in strict SAN (``Nf3``, ``exd5``, ``e8=Q``). For those, the pieces
that could make the move are found from the target square (the knights a knight's jump away,
the first piece along each line for sliders, the one or two squares a pawn comes from), and
only those candidates are tested for legality, by playing each on a scratch board and asking
whether the mover's king is attacked. Exactly one legal candidate is the move. Anything else —
no candidate, several, a missing promotion, castling, lenient or UCI text — goes to
``notation.parse_move``, which reads every form and explains every refusal, so validation and
error messages are those of typed moves.
"""

from __future__ import annotations

import re

from rules.chess.geometry import (
    FILES,
    KING_TARGETS,
    KNIGHT_TARGETS,
    QUEEN_RAYS,
    SQUARES_BY_NAME,
)
from rules.chess.position import (
    BLACK_PIECES,
    EMPTY,
    SLIDER_RAYS,
    WHITE_PIECES,
    ChessPosition,
    is_attacked,
)
from rules.core import Move, Square

# The squares on a line (rank, file, diagonal) through each square: only a piece on such a line
# through its own king can be pinned.
_LINES = tuple(frozenset(s for ray in QUEEN_RAYS[king] for s in ray) for king in range(64))
_COORDINATES = re.compile(r"[a-h][1-8][a-h][1-8]")
_STRICT = re.compile(r"([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([NBRQ]))?[+#]?")


def read_move(position: ChessPosition, text: str) -> tuple[Move, ChessPosition]:
    """The move ``text`` names and the position after it. Raises the errors of
    ``ChessPosition.parse_move`` for text that names no single legal move."""
    match = _STRICT.fullmatch(_with_piece(position, text))
    if match is not None:
        move = _strict_san(position, match)
        if move is not None:
            return move, position._after(move)
    move = position.parse_move(text)
    return move, position._after(move)


def _with_piece(position: ChessPosition, text: str) -> str:
    """UCI text of a move by a piece (``g1f3``) as the strict SAN that names the same move
    (``Ng1f3``); other text as it is. Stored moves are UCI: read as they are, a piece's move
    looks like a pawn's, finds none, and goes to the full parser."""
    if len(text) != 4 or _COORDINATES.fullmatch(text) is None:
        return text
    piece = position.board[SQUARES_BY_NAME[text[:2]]]
    own = WHITE_PIECES if position._white else BLACK_PIECES
    return piece.upper() + text if piece in own and piece not in "Pp" else text


def _strict_san(position: ChessPosition, match: re.Match[str]) -> Move | None:
    """The one legal move strict SAN names, or None to let the full parser decide."""
    piece, from_file, from_rank, target, promotion = match.groups()
    board = position.board
    white = position._white
    to_square = SQUARES_BY_NAME[target]
    occupant = board[to_square]
    if occupant != EMPTY and (occupant in WHITE_PIECES) == white:
        return None
    if piece is None:
        origins = _pawn_origins(position, to_square, from_file, white)
        last_rank = to_square >= 56 if white else to_square < 8
        if last_rank != (promotion is not None):
            return None
        promoted = promotion.lower() if promotion else None
    else:
        if promotion is not None:
            return None
        origins = _piece_origins(board, piece if white else piece.lower(), to_square)
        promoted = None
    found: Move | None = None
    # Not in check, a piece off every line through its king cannot expose it (the king's own
    # steps and en passant, which moves two pawns, are always tried on a board).
    king = position._kings[0 if white else 1]
    free = (
        not position.is_check()
        and (piece is None or piece != "K")
        and (piece is not None or to_square != position.en_passant_square)
    )
    lines = _LINES[king]
    for origin in origins:
        if from_file is not None and FILES[origin & 7] != from_file:
            continue
        if from_rank is not None and (origin >> 3) + 1 != int(from_rank):
            continue
        if (free and origin not in lines) or _king_safe_after(position, origin, to_square, white):
            if found is not None:
                return None  # ambiguous: the full parser names the candidates
            found = Move(origin, to_square, promoted)
    return found


def _pawn_origins(
    position: ChessPosition, to_square: Square, from_file: str | None, white: bool
) -> list[Square]:
    board = position.board
    pawn, step = ("P", 8) if white else ("p", -8)
    to_file = to_square & 7
    if from_file is None or FILES.index(from_file) == to_file:
        if board[to_square] != EMPTY:
            return []
        behind = to_square - step
        if not 0 <= behind < 64:
            return []
        if board[behind] == pawn:
            return [behind]
        double_rank = 3 if white else 4
        if (
            board[behind] == EMPTY
            and to_square >> 3 == double_rank
            and board[behind - step] == pawn
        ):
            return [behind - step]
        return []
    file_step = FILES.index(from_file) - to_file
    if abs(file_step) != 1:
        return []
    origin = to_square - step + file_step
    if not 0 <= origin < 64 or board[origin] != pawn:
        return []
    enemy = BLACK_PIECES if white else WHITE_PIECES
    if board[to_square] in enemy or to_square == position.en_passant_square:
        return [origin]
    return []


def _piece_origins(board: tuple[str, ...], letter: str, to_square: Square) -> list[Square]:
    kind = letter.lower()
    if kind == "n":
        return [s for s in KNIGHT_TARGETS[to_square] if board[s] == letter]
    if kind == "k":
        return [s for s in KING_TARGETS[to_square] if board[s] == letter]
    origins = []
    for ray in SLIDER_RAYS[kind][to_square]:
        for s in ray:
            found = board[s]
            if found != EMPTY:
                if found == letter:
                    origins.append(s)
                break
    return origins


def _king_safe_after(
    position: ChessPosition, origin: Square, to_square: Square, white: bool
) -> bool:
    """Whether moving the piece on ``origin`` to ``to_square`` leaves its own king safe."""
    board = list(position.board)
    piece = board[origin]
    if (
        (piece == "P" or piece == "p")
        and to_square == position.en_passant_square
        and board[to_square] == EMPTY
        and (to_square - origin) % 8
    ):
        board[to_square - 8 if white else to_square + 8] = EMPTY  # the pawn taken en passant
    board[to_square] = piece
    board[origin] = EMPTY
    king = (
        to_square if piece == "K" or piece == "k" else position.king_square(position.side_to_move)
    )
    return not is_attacked(board, king, not white)
