"""Janggi move generation and attack tests on the private integer board.

Pseudo-legal moves come from the tables of ``geometry``; each is then tried on a scratch
board, and kept when its own general is not attacked afterwards and, while the generals face
each other (bikjang), when they face no longer. The general's own square as a move is the
pass (``Move(k, k)``, Fairy-Stockfish's encoding): legal when not in check, and always in
bikjang.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Move, Square
from rules.janggi.geometry import (
    CANNON,
    CHARIOT,
    ELEPHANT,
    ELEPHANT_ATTACKERS,
    ELEPHANT_TARGETS,
    FILES,
    HORSE,
    HORSE_ATTACKERS,
    HORSE_TARGETS,
    PALACE_TARGETS,
    RAY_MOVES,
    RAYS,
    SOLDIER,
    SOLDIER_ATTACKERS,
    SOLDIER_TARGETS,
    move,
)


def is_attacked(board: Sequence[int], target: Square, by_cho: bool) -> bool:
    """Whether a piece of the given side attacks ``target`` (a general's square).

    Generals and guards are not tested: they never leave their own palace, so never reach
    the other one. A cannon attacks over exactly one screen that is not a cannon.
    """
    sign = 1 if by_cho else -1
    chariot, cannon = CHARIOT * sign, CANNON * sign
    for ray in RAYS[target]:
        screened = False
        for s in ray:
            p = board[s]
            if p:
                if screened:
                    if p == cannon:
                        return True
                    break
                if p == chariot:
                    return True
                if p == CANNON or p == -CANNON:
                    break  # a cannon is never a screen
                screened = True
    horse = HORSE * sign
    for legs, s in HORSE_ATTACKERS[target]:
        if board[s] == horse and not board[legs[0]]:
            return True
    elephant = ELEPHANT * sign
    for legs, s in ELEPHANT_ATTACKERS[target]:
        if board[s] == elephant and not board[legs[0]] and not board[legs[1]]:
            return True
    soldier = SOLDIER * sign
    for s in SOLDIER_ATTACKERS[0 if by_cho else 1][target]:  # noqa: SIM110 - hot loop
        if board[s] == soldier:
            return True
    return False


def generals_face(board: Sequence[int], cho_general: Square, han_general: Square) -> bool:
    """Whether the generals stand on one file with nothing between them (bikjang)."""
    if cho_general % FILES != han_general % FILES:
        return False
    low, high = sorted((cho_general, han_general))
    return not any(board[s] for s in range(low + FILES, high, FILES))


def pseudo_moves(board: Sequence[int], cho: bool) -> list[Move]:
    """Every move the side's pieces can make by their movement, captures of own pieces
    excluded, legality aside (the pass is not among them)."""
    sign = 1 if cho else -1
    found: list[Move] = []
    for f in range(90):
        piece = board[f] * sign
        if piece <= 0:
            continue
        if piece == CHARIOT:
            _chariot_moves(board, f, sign, found)
        elif piece == CANNON:
            _cannon_moves(board, f, sign, found)
        elif piece == HORSE or piece == ELEPHANT:
            table = HORSE_TARGETS if piece == HORSE else ELEPHANT_TARGETS
            for legs, t, m in table[f]:
                if board[t] * sign <= 0 and not any(board[s] for s in legs):
                    found.append(m)
        else:
            targets = SOLDIER_TARGETS[0 if cho else 1][f] if piece == SOLDIER else PALACE_TARGETS[f]
            for t, m in targets:
                if board[t] * sign <= 0:
                    found.append(m)
    return found


def _chariot_moves(board: Sequence[int], f: Square, sign: int, found: list[Move]) -> None:
    for ray in RAY_MOVES[f]:
        for t, m in ray:
            p = board[t]
            if p * sign > 0:
                break
            found.append(m)
            if p:
                break


def _cannon_moves(board: Sequence[int], f: Square, sign: int, found: list[Move]) -> None:
    """Over exactly one screen that is not a cannon, to an empty point or a piece that is
    neither its own nor a cannon."""
    for ray in RAY_MOVES[f]:
        screened = False
        for t, m in ray:
            p = board[t]
            if not screened:
                if p:
                    if p == CANNON or p == -CANNON:
                        break
                    screened = True
                continue
            if not p:
                found.append(m)
                continue
            if p * sign < 0 and p != -CANNON * sign:
                found.append(m)
            break


def legal_moves(board: Sequence[int], cho: bool, generals: tuple[Square, Square]) -> list[Move]:
    """The legal moves of the side to move, the pass last (see the module docstring)."""
    own = generals[0 if cho else 1]
    other = generals[1 if cho else 0]
    bikjang = generals_face(board, generals[0], generals[1])
    scratch = list(board)
    legal = [m for m in pseudo_moves(board, cho) if _legal(scratch, m, cho, own, other, bikjang)]
    if bikjang or not is_attacked(board, own, not cho):
        legal.append(move(own, own))
    return legal


def has_legal_move(board: Sequence[int], cho: bool, generals: tuple[Square, Square]) -> bool:
    """Whether the side to move has a legal move: the pass, unless in check outside bikjang;
    then the first pseudo-legal move that leaves its general safe."""
    own = generals[0 if cho else 1]
    if generals_face(board, generals[0], generals[1]) or not is_attacked(board, own, not cho):
        return True
    scratch = list(board)
    other = generals[1 if cho else 0]
    return any(_legal(scratch, m, cho, own, other, False) for m in pseudo_moves(board, cho))


def _legal(
    scratch: list[int], m: Move, cho: bool, own: Square, other: Square, bikjang: bool
) -> bool:
    """Whether pseudo-legal ``m`` is legal: its general (on ``own`` before it) not attacked
    after it, nor, in bikjang, still facing the other general (on ``other``). Played on
    ``scratch`` (the board) and taken back."""
    f, t = m[0], m[1]
    captured = scratch[t]
    scratch[t] = scratch[f]
    scratch[f] = 0
    general = t if f == own else own
    ok = not is_attacked(scratch, general, not cho)
    if ok and bikjang:
        ok = not generals_face(scratch, general, other)
    scratch[f] = scratch[t]
    scratch[t] = captured
    return ok
