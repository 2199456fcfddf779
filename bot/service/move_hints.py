"""Common ways of writing a move that the rules do not read, recognised so the player is told
what to change: a figurine (♘f3), a pawn letter (Pe5), a move number (1... e5), a promotion
in brackets (e8(Q)) or to a king or pawn (e8=K).

Only text the rules refused as unreadable is looked at, so nothing here can change which
moves are accepted. The result is a fact (``MoveSlip`` and the text to try instead); the
error built from it says it in words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from rules import is_chess_family
from rules.move_text import normalize


class MoveSlip(Enum):
    """What is wrong with how a move was written."""

    FIGURINE = "figurine"  # ♘f3: pieces are letters
    PAWN_LETTER = "pawn_letter"  # Pe5: a pawn move names only its square
    MOVE_NUMBER = "move_number"  # 1... e5: only the move
    PROMOTION_FORM = "promotion_form"  # e8(Q), e8/Q: e8=Q
    PROMOTION_TO_KING = "promotion_to_king"  # e8=K
    PROMOTION_TO_PAWN = "promotion_to_pawn"  # e8=P


@dataclass(frozen=True, slots=True)
class MoveHint:
    """A slip found in what was typed, and the text to try instead (for a promotion to a
    king or pawn: the pawn move without a piece, whose choices are then offered)."""

    slip: MoveSlip
    instead: str


# White and black figurines (U+2654..U+265F) as SAN letters; a pawn has none.
_FIGURINES = str.maketrans(
    {"♔": "K", "♕": "Q", "♖": "R", "♗": "B", "♘": "N", "♙": "", "♚": "K", "♛": "Q", "♜": "R"}
    | {"♝": "B", "♞": "N", "♟": ""}
)
_MOVE_NUMBER = re.compile(r"\d{1,3}\s*(?:\.+|…)\s*(\S.*)")
_PAWN_LETTER = re.compile(r"[Pp]([a-h]?[x:]?[a-h][1-8].*)")
_PROMOTION = re.compile(
    r"(?P<move>(?:[a-h][x:]?)?[a-h][18])\s*(?:=\s*\(?|\(|/)?\s*(?P<piece>[QRBNKPqrbnkp])\s*\)?"
    r"(?P<marks>[+#!?]*)"
)


def hint_for(typed: str, variant: str) -> MoveHint | None:
    """The slip in ``typed`` (a move the rules could not read) for ``variant``, or None."""
    text = normalize(typed).strip()  # full-width forms as the rules read them
    number = _MOVE_NUMBER.fullmatch(text)
    if number is not None:
        return MoveHint(MoveSlip.MOVE_NUMBER, number[1].strip())
    if not is_chess_family(variant):
        return None
    if any(char in text for char in "♔♕♖♗♘♙♚♛♜♝♞♟"):
        return MoveHint(MoveSlip.FIGURINE, text.translate(_FIGURINES))
    promotion = _PROMOTION.fullmatch(text)
    if promotion is not None:
        piece = promotion["piece"].upper()
        if piece in "KP":  # no rewrite: the choices of that pawn are suggested instead
            slip = MoveSlip.PROMOTION_TO_KING if piece == "K" else MoveSlip.PROMOTION_TO_PAWN
            return MoveHint(slip, promotion["move"])
        instead = f"{promotion['move']}={piece}{promotion['marks']}"
        return MoveHint(MoveSlip.PROMOTION_FORM, instead)
    pawn = _PAWN_LETTER.fullmatch(text)
    if pawn is not None:
        return MoveHint(MoveSlip.PAWN_LETTER, pawn[1])
    return None
