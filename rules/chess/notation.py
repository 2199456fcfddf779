"""SAN and UCI: writing moves, and reading what players type (strict and lenient).

Reading turns the text into a pattern (piece, optional from-file/rank, target, promotion),
matches it against the legal moves, and when nothing matches explains why, so the bot can
say "Nf3 is illegal: your king is in check" instead of "no".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.chess.geometry import FILES, SQUARE_NAMES, SQUARES_BY_NAME, file_of, rank_of
from rules.chess.position import EMPTY, ChessPosition, is_attacked
from rules.core import Move, PieceLetters, Square
from rules.errors import AmbiguousMoveError, IllegalMoveError, IllegalReason, InvalidMoveError
from rules.move_text import normalize

_COORDINATES = re.compile(r"([a-h][1-8])[-x:]?([a-h][1-8])=?([qrbn])?", re.IGNORECASE)
_LONG = re.compile(r"([nbrqk])([a-h][1-8])[-x:]?([a-h][1-8])=?([qrbn])?", re.IGNORECASE)
_SAN = re.compile(r"([nbrqk])?([a-h])?([1-8])?[x:]?([a-h][1-8])(?:=?([qrbn]))?", re.IGNORECASE)
_BISHOP_BY_RANK = re.compile(r"B[1-8][x:]?[a-h][1-8]")
_ANNOTATIONS = "!?+#"
# Most to least telling, when several pieces could have been meant.
_REASON_ORDER = (
    IllegalReason.IN_CHECK,
    IllegalReason.PINNED,
    IllegalReason.INTO_CHECK,
    IllegalReason.PATH_BLOCKED,
    IllegalReason.OWN_PIECE,
    IllegalReason.BAD_PROMOTION,
    IllegalReason.CANNOT_REACH,
)


@dataclass(frozen=True, slots=True)
class _Pattern:
    """What a typed move says: a piece kind, where it may come from, where it goes."""

    kind: str
    to_square: Square
    from_file: int | None = None
    from_rank: int | None = None
    promotion: str | None = None

    def matches(self, position: ChessPosition, move: Move) -> bool:
        letter = position.board[move.from_square]
        return (
            move.to_square == self.to_square
            and letter.lower() == self.kind
            and (self.from_file is None or file_of(move.from_square) == self.from_file)
            and (self.from_rank is None or rank_of(move.from_square) == self.from_rank)
            and (self.promotion is None or move.promotion == self.promotion)
        )


def san(position: ChessPosition, move: Move) -> str:
    """The SAN of a legal move, with ``+`` or ``#``."""
    board = position.board
    f, t, promotion = move
    letter = board[f]
    kind = letter.lower()
    if kind == "k" and position.is_castling(move):
        text = "O-O" if t > f else "O-O-O"
    elif kind == "p":
        text = SQUARE_NAMES[t]
        if position.is_capture(move):
            text = FILES[file_of(f)] + "x" + text
        if promotion:
            text += "=" + promotion.upper()
    else:
        rivals = [
            m.from_square
            for m in position.legal_moves()
            if m.to_square == t and m.from_square != f and board[m.from_square] == letter
        ]
        text = kind.upper() + _disambiguation(f, rivals)
        if board[t] != EMPTY:
            text += "x"
        text += SQUARE_NAMES[t]
    after = position._after(move)
    if after.is_check():
        text += "#" if not after.has_legal_move() else "+"
    return text


def _disambiguation(origin: Square, rivals: list[Square]) -> str:
    if not rivals:
        return ""
    if all(file_of(r) != file_of(origin) for r in rivals):
        return FILES[file_of(origin)]
    if all(rank_of(r) != rank_of(origin) for r in rivals):
        return str(rank_of(origin) + 1)
    return SQUARE_NAMES[origin]


def parse_move(
    position: ChessPosition, text: str, letters: PieceLetters = PieceLetters.ENGLISH
) -> Move:
    """The legal move that ``text`` names. See ChessPosition.parse_move."""
    if not isinstance(text, str):
        raise InvalidMoveError(repr(text), "a move must be text")
    cleaned = _clean(letters.to_english(normalize(text)))
    if not cleaned:
        raise InvalidMoveError(text, "empty move" if not text.strip() else "not a move")

    castle = cleaned.upper().replace("0", "O").replace("-", "")
    if castle in ("OO", "OOO"):
        return _castle(position, text, kingside=castle == "OO")

    # "B3d5" is SAN for a bishop disambiguated by rank, not the coordinates b3d5 ("B3D5" is).
    if not _BISHOP_BY_RANK.fullmatch(cleaned) and (m := _COORDINATES.fullmatch(cleaned)):
        origin, target = SQUARES_BY_NAME[m[1].lower()], SQUARES_BY_NAME[m[2].lower()]
        return _coordinate_move(position, text, origin, target, _promotion(m[3]), kind=None)
    if (m := _LONG.fullmatch(cleaned)) is not None:
        origin, target = SQUARES_BY_NAME[m[2].lower()], SQUARES_BY_NAME[m[3].lower()]
        return _coordinate_move(position, text, origin, target, _promotion(m[4]), m[1].lower())
    if (m := _SAN.fullmatch(cleaned)) is not None:
        return _san_move(position, text, m)
    raise InvalidMoveError(text)


def reads_as_chess(text: str) -> bool:
    """Whether ``text`` has the form of a chess move (SAN, castling or coordinates), in
    whatever position."""
    cleaned = _clean(normalize(text))
    castle = cleaned.upper().replace("0", "O").replace("-", "")
    return castle in ("OO", "OOO") or any(
        pattern.fullmatch(cleaned) for pattern in (_COORDINATES, _LONG, _SAN)
    )


def _clean(text: str) -> str:
    cleaned = "".join(text.split()).rstrip(_ANNOTATIONS)
    lowered = cleaned.lower()
    if lowered.endswith("e.p."):
        cleaned = cleaned[:-4]
    elif lowered.endswith("ep") and len(cleaned) > 2 and cleaned[-3].isdigit():
        cleaned = cleaned[:-2]
    return cleaned.rstrip(_ANNOTATIONS)[:16]


def _promotion(letter: str | None) -> str | None:
    return letter.lower() if letter else None


def _patterns(match: re.Match[str]) -> list[_Pattern]:
    piece, from_file, from_rank, target, promotion = match.groups()
    to_square = SQUARES_BY_NAME[target.lower()]
    file = FILES.index(from_file.lower()) if from_file else None
    rank = int(from_rank) - 1 if from_rank else None
    promo = _promotion(promotion)
    if piece is None:
        pawn_file = file_of(to_square) if file is None else file
        return [_Pattern("p", to_square, pawn_file, rank, promo)]
    patterns = []
    if promo is None:
        patterns.append(_Pattern(piece.lower(), to_square, file, rank))
    if piece == "b" and file is None:
        # A lowercase b may also be the b-pawn ("bc4"); ambiguity is reported if both fit.
        patterns.append(_Pattern("p", to_square, 1, rank, promo))
    return patterns


def _san_move(position: ChessPosition, text: str, match: re.Match[str]) -> Move:
    patterns = _patterns(match)
    if not patterns:
        raise InvalidMoveError(text)
    found = [m for m in position.legal_moves() if any(p.matches(position, m) for p in patterns)]
    found = _single_move_or_promotions(position, text, found)
    if len(found) == 1:
        return found[0]
    if found:
        # Exact SAN wins over the lenient reading: "bxc4" is the b-pawn's capture even when a
        # bishop could also take on c4 (only "bc4" is then ambiguous), so written SAN reads back.
        exact = [m for m in found if position.san(m).rstrip("+#") == match.group(0)]
        if len(exact) == 1:
            return exact[0]
        raise AmbiguousMoveError(text, position.fen(), found, [position.san(m) for m in found])
    # Nothing legal: explain with the most telling reason over the pieces that were meant.
    reasons: list[tuple[IllegalReason, Move]] = []
    for pattern in patterns:
        for origin in _origins(position, pattern):
            move = Move(origin, pattern.to_square, pattern.promotion)
            reasons.append((_why_illegal(position, move), move))
    if not reasons:
        raise _illegal(position, text, IllegalReason.NO_SUCH_PIECE)
    reasons.sort(key=lambda r: _REASON_ORDER.index(r[0]) if r[0] in _REASON_ORDER else 99)
    reason, move = reasons[0]
    raise _illegal(position, text, reason, move if len(reasons) == 1 else None)


def _origins(position: ChessPosition, pattern: _Pattern) -> list[Square]:
    own = "PNBRQK" if position.side_to_move.value == "white" else "pnbrqk"
    letter = own["pnbrqk".index(pattern.kind)]
    return [
        sq
        for sq, p in enumerate(position.board)
        if p == letter
        and (pattern.from_file is None or file_of(sq) == pattern.from_file)
        and (pattern.from_rank is None or rank_of(sq) == pattern.from_rank)
    ]


def _single_move_or_promotions(position: ChessPosition, text: str, found: list[Move]) -> list[Move]:
    """Collapse "the same pawn move with four promotion pieces" into a missing-piece error."""
    if len(found) > 1 and all(m.promotion for m in found):
        squares = {(m.from_square, m.to_square) for m in found}
        if len(squares) == 1:
            f, t = squares.pop()
            raise _illegal(position, text, IllegalReason.MISSING_PROMOTION, Move(f, t, None))
    return found


def _coordinate_move(
    position: ChessPosition,
    text: str,
    origin: Square,
    target: Square,
    promotion: str | None,
    kind: str | None,
) -> Move:
    letter = position.board[origin]
    if letter == EMPTY:
        raise _illegal(position, text, IllegalReason.NO_PIECE)
    if (letter in "PNBRQK") != (position.side_to_move.value == "white"):
        raise _illegal(position, text, IllegalReason.NOT_YOUR_PIECE)
    if kind is not None and letter.lower() != kind:
        raise _illegal(position, text, IllegalReason.NO_SUCH_PIECE)
    found = [
        m
        for m in position.moves_from(origin)
        if m.to_square == target and (promotion is None or m.promotion == promotion)
    ]
    found = _single_move_or_promotions(position, text, found)
    if found:
        return found[0]
    castling = _castling_onto(position, origin, target) if promotion is None else None
    if castling is not None:
        return castling
    move = Move(origin, target, promotion)
    raise _illegal(position, text, _why_illegal(position, move), move)


def _castling_onto(position: ChessPosition, origin: Square, target: Square) -> Move | None:
    """The legal castling that brings the king from ``origin`` to ``target``, for a king
    moved onto its castling square where no king step goes (Chess960's ``e1g1``, as players
    drag the king and python-chess reads it; in chess that text is the castling move)."""
    if origin != position.king_square(position.side_to_move):
        return None
    for kingside in (True, False):
        move = position.castling_move(kingside)
        destination = (origin & ~7) + (6 if kingside else 2)
        if move is not None and destination == target and position.is_legal(move):
            return move
    return None


def _castle(position: ChessPosition, text: str, *, kingside: bool) -> Move:
    move = position.castling_move(kingside)
    if move is not None and position.is_legal(move):
        return move
    raise _illegal(position, text, _why_castling_illegal(position, kingside), move)


def _illegal(
    position: ChessPosition, text: str, reason: IllegalReason, move: Move | None = None
) -> IllegalMoveError:
    return IllegalMoveError(text, position.fen(), reason, in_check=position.is_check(), move=move)


def _why_illegal(position: ChessPosition, move: Move) -> IllegalReason:
    """Why a move of one of the mover's pieces is not legal (it is known not to be)."""
    board = position.board
    f, t, promotion = move
    letter = board[f]
    kind = letter.lower()
    white = letter in "PNBRQK"
    home_rank = 0 if white else 7
    if kind == "k" and position.is_castling(move) and rank_of(f) == rank_of(t) == home_rank:
        return _why_castling_illegal(position, kingside=t > f)
    target = board[t]
    if target != EMPTY and (target in "PNBRQK") == white:
        return IllegalReason.OWN_PIECE
    reach = dict(position.pseudo_targets(f))
    if t not in reach:
        return IllegalReason.CANNOT_REACH
    if reach[t]:
        return IllegalReason.PATH_BLOCKED
    if kind == "p":
        last = rank_of(t) == (7 if white else 0)
        diagonal = file_of(t) != file_of(f)
        if diagonal and target == EMPTY and t != position.en_passant_square:
            return IllegalReason.CANNOT_REACH
        if not diagonal and target != EMPTY:
            return IllegalReason.PATH_BLOCKED
        if promotion is not None and not last:
            return IllegalReason.BAD_PROMOTION
    elif promotion is not None:
        return IllegalReason.BAD_PROMOTION
    # The move is possible on the board but leaves the king attacked.
    if kind == "k":
        return IllegalReason.INTO_CHECK
    if position.is_check():
        return IllegalReason.IN_CHECK
    lifted = list(board)
    lifted[f] = EMPTY
    if is_attacked(lifted, position.king_square(position.side_to_move), not white):
        return IllegalReason.PINNED
    return IllegalReason.INTO_CHECK


def _why_castling_illegal(position: ChessPosition, kingside: bool) -> IllegalReason:
    if not position.has_castling_right(kingside):
        return IllegalReason.NO_CASTLING_RIGHTS
    empty, passing = position.castling_squares(kingside)
    if any(position.board[sq] != EMPTY for sq in empty):
        return IllegalReason.CASTLING_BLOCKED
    if position.is_check():
        return IllegalReason.CASTLING_OUT_OF_CHECK
    enemy_white = position.side_to_move.value != "white"
    if any(is_attacked(position.board, sq, enemy_white) for sq in passing):
        return IllegalReason.CASTLING_THROUGH_CHECK
    return IllegalReason.INTO_CHECK
