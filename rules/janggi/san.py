"""Janggi moves in Fairy-Stockfish's SAN, the notation pychess-variants' records use
(``Hc3``, ``Pih4``, ``Cxe7+``): what ``pyffish.get_san`` writes for the ``janggi`` variant.

The piece's letter (K general, A guard, E elephant, H horse, R chariot, C cannon, P
soldier), the origin's file, rank or both when another piece of that kind could go to the
same point (as chess SAN disambiguates), ``x`` for a capture, the destination, ``+`` for
check. A pass is the general's letter and its own point (``Ke2``). Tested against pyffish
on every legal move of the perft positions (``tests/rules/janggi``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.core import Move
from rules.janggi.geometry import (
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    GUARD,
    HORSE,
    SOLDIER,
    SQUARE_NAMES,
)

if TYPE_CHECKING:
    from rules.janggi.position import JanggiPosition

_LETTERS = {
    GENERAL: "K",
    GUARD: "A",
    ELEPHANT: "E",
    HORSE: "H",
    CHARIOT: "R",
    CANNON: "C",
    SOLDIER: "P",
}
SAN_SHAPE = re.compile(r"[KAEHRCP][a-i]?(?:10|[1-9])?x?[a-i](?:10|[1-9])[+#]?")


def fsf_san(position: JanggiPosition, move: Move) -> str:
    """``move`` (legal in ``position``) as Fairy-Stockfish's SAN writes it."""
    if move[0] == move[1]:
        move = position.pass_move()
    board = position.board
    kind = abs(board[move[0]])
    origin, target = SQUARE_NAMES[move[0]], SQUARE_NAMES[move[1]]
    text = _LETTERS[kind]
    if move[0] != move[1]:
        text += _disambiguation(position, move, kind)
        if board[move[1]]:
            text += "x"
    text += target if move[0] != move[1] else origin
    if position.play(move).is_check():
        text += "+"
    return text


def _disambiguation(position: JanggiPosition, move: Move, kind: int) -> str:
    """The origin's file, rank or both, as far as other pieces of ``kind`` that could go
    to the same point need it."""
    board = position.board
    rivals = [
        other[0]
        for other in position.legal_moves()
        if other[1] == move[1] and other[0] != move[0] and abs(board[other[0]]) == kind
    ]
    if not rivals:
        return ""
    origin = SQUARE_NAMES[move[0]]
    file, rank = origin[0], origin[1:]
    if all(SQUARE_NAMES[sq][0] != file for sq in rivals):
        return file
    if all(SQUARE_NAMES[sq][1:] != rank for sq in rivals):
        return rank
    return origin


def read_fsf_san(position: JanggiPosition, text: str) -> Move | None:
    """The legal move whose Fairy-Stockfish SAN is ``text`` (a ``+`` or ``#`` optional), or
    None when none is."""
    bare = text.rstrip("+#")
    for move in position.legal_moves():
        if fsf_san(position, move).rstrip("+") == bare:
            return move
    return None
