"""Reading a recorded move fast: without generating every legal move.

Stored moves are UCI (``g1f3``, ``e7e8q``), and the origin is named: a plain one (not
castling) is checked directly — the mover's piece on the origin, the target reachable by that
piece (a knight's or king's step, a clear line, a pawn's step, double step or capture, a
promotion exactly on the last rank) — and then whether it leaves the king safe.

A record read from a file names most moves in strict SAN (``Nf3``, ``exd5``, ``e8=Q``). For
those, the pieces that could make the move are found from the target square (the knights a
knight's jump away, the first piece along each line for sliders, the one or two squares a pawn
comes from), and each candidate's king safety is tested. Exactly one legal candidate is the
move.

King safety: out of check, a move that is neither the king's nor en passant can only expose
the king by opening the line from it through the origin, so that line alone is read
(``_uncovers_king``); the rest is played on a scratch board and the king's square tested.

Anything else — no candidate, several, a missing promotion, castling, lenient text, an illegal
move — goes to ``notation.parse_move``, which reads every form and explains every refusal, so
validation and error messages are those of typed moves.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.chess.attacks import EMPTY, is_attacked
from rules.chess.geometry import (
    ALL_RAYS,
    BLACK_PIECES,
    FILES,
    KING_TARGETS,
    KNIGHT_TARGETS,
    SLIDER_RAYS,
    SQUARES_BY_NAME,
    WHITE_PIECES,
)
from rules.core import Move, Square

if TYPE_CHECKING:
    from rules.chess.position import ChessPosition

# For each slider kind, the squares strictly between an origin and each target on its lines.
_BETWEEN = {
    kind: {
        (origin, ray[i]): ray[:i]
        for origin in range(64)
        for ray in rays[origin]
        for i in range(len(ray))
    }
    for kind, rays in SLIDER_RAYS.items()
}
# For each king square, each square on a line through it: (direction in ``ALL_RAYS``, its
# index along that ray).
_PLACES = tuple(
    {square: (direction, index) for direction, ray in enumerate(ALL_RAYS[king])
     for index, square in enumerate(ray)}
    for king in range(64)
)  # fmt: skip
_STRICT = re.compile(r"([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([NBRQ]))?[+#]?")


def read_move(position: ChessPosition, text: str) -> tuple[Move, ChessPosition]:
    """The move ``text`` names and the position after it. Raises the errors of
    ``ChessPosition.parse_move`` for text that names no single legal move."""
    move = _plain_uci(position, text)
    if move is not None:
        return move, position._after(move)
    match = _STRICT.fullmatch(text)
    if match is not None:
        move = _strict_san(position, match)
        if move is not None:
            return move, position._after(move)
    move = position.parse_move(text)
    return move, position._after(move)


def _plain_uci(position: ChessPosition, text: str) -> Move | None:
    """The legal move plain UCI text names (``g1f3``, ``e7e8q``; not castling), or None to
    let the SAN reading decide."""
    if len(text) not in (4, 5):
        return None
    origin, target = SQUARES_BY_NAME.get(text[:2]), SQUARES_BY_NAME.get(text[2:4])
    if origin is None or target is None:
        return None
    board, white = position.board, position._white
    own = WHITE_PIECES if white else BLACK_PIECES
    piece = board[origin]
    if piece not in own or board[target] in own:
        return None
    kind = piece.lower()
    promotion = text[4:] or None
    if kind == "p":
        last_rank = target >= 56 if white else target < 8
        if last_rank != (promotion is not None) or (promotion and promotion not in "nbrq"):
            return None
        if origin not in _pawn_origins(position, target, FILES[origin & 7], white):
            return None
    elif promotion is not None:
        return None
    elif kind == "n" or kind == "k":
        if target not in (KNIGHT_TARGETS if kind == "n" else KING_TARGETS)[origin]:
            return None  # castling too: the SAN way reads it
    else:
        between = _BETWEEN[kind].get((origin, target))
        if between is None or any(board[s] != EMPTY for s in between):
            return None
    free = kind != "k" and (kind != "p" or target != position.en_passant_square)
    if _keeps_king_safe(position, origin, target, white, free):
        return Move(origin, target, promotion)
    return None


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
    free = piece != "K" and (piece is not None or to_square != position.en_passant_square)
    for origin in origins:
        if from_file is not None and FILES[origin & 7] != from_file:
            continue
        if from_rank is not None and (origin >> 3) + 1 != int(from_rank):
            continue
        if _keeps_king_safe(position, origin, to_square, white, free):
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


def _keeps_king_safe(
    position: ChessPosition, origin: Square, to_square: Square, white: bool, free: bool
) -> bool:
    """Whether moving the piece on ``origin`` to ``to_square`` leaves its own king safe.
    ``free``: the move is neither the king's nor en passant (which takes a second pawn off
    the board); then, out of check, only a line from the king through ``origin`` can open.
    Anything else is played on a scratch board."""
    if free and not position.is_check():
        return not _uncovers_king(position, origin, to_square, white)
    return _king_safe_after(position, origin, to_square, white)


def _uncovers_king(position: ChessPosition, origin: Square, to_square: Square, white: bool) -> bool:
    """Whether a piece leaving ``origin`` for ``to_square`` opens a line to its king: the
    first piece from the king that way, an enemy slider of that line right behind it, and
    ``to_square`` off the line between them."""
    king = position._kings[0 if white else 1]
    place = _PLACES[king].get(origin)
    if place is None:
        return False  # off every line through the king
    direction, _ = place
    board = position.board
    ray = ALL_RAYS[king][direction]
    slider, queen = (
        ("r" if direction < 4 else "b", "q") if white else ("R" if direction < 4 else "B", "Q")
    )
    shielded = False
    for index, square in enumerate(ray):
        if square == origin:
            shielded = True
            continue
        piece = board[square]
        if piece == EMPTY:
            continue
        if not shielded or (piece != slider and piece != queen):
            return False  # another piece is nearer the king, or nothing attacks down the line
        kept = _PLACES[king].get(to_square)  # on the line up to the slider: still shields
        return kept is None or kept[0] != direction or kept[1] > index
    return False


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
