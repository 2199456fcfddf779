"""Legal move generation and attack tests on the private integer board.

Pseudo-legal moves come from the precomputed tables of ``geometry``. In check, each is
tried on a scratch board. Otherwise a move of a piece other than the general can only expose
its general along the general's file or rank (an opened line, a new cannon screen, the
generals facing) or by unblocking a horse leg next to it. So the four lines are read once per
position (``_line_dangers``): pieces off those lines and legs move freely, shielding pieces
may only slide along their line (re-checked on a scratch board), and no piece may land where
it would screen an enemy cannon. The general's own steps are always tested in full.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core import Move, Square
from rules.xiangqi.geometry import (
    ADVISOR,
    ADVISOR_TARGETS,
    CANNON,
    CHARIOT,
    ELEPHANT,
    ELEPHANT_TARGETS,
    GENERAL,
    GENERAL_TARGETS,
    HORSE,
    HORSE_CHECKERS,
    HORSE_TARGETS,
    LEG_HORSES,
    RAY_INDEX,
    RAY_TARGETS,
    RAYS,
    SOLDIER,
    SOLDIER_CHECKERS,
    SOLDIER_TARGETS,
    Board,
)


def is_attacked(board: Sequence[int], target: Square, by_red: bool) -> bool:
    """Whether a piece of the given side attacks ``target`` (a general's square).

    The enemy general counts as attacking along an open file (the "flying general"). Advisors
    and elephants are not tested: they can never reach the other side's palace.
    """
    sign = 1 if by_red else -1
    chariot, cannon, general, horse = CHARIOT * sign, CANNON * sign, GENERAL * sign, HORSE * sign
    for ray in RAYS[target]:
        screened = False
        for s in ray:
            p = board[s]
            if p:
                if screened:
                    if p == cannon:
                        return True
                    break
                if p == chariot or p == general:
                    return True
                screened = True
    for leg, s in HORSE_CHECKERS[target]:
        if board[s] == horse and not board[leg]:
            return True
    soldier = SOLDIER * sign
    # Plain loops, not any(): this is the hottest function and generators cost more.
    for s in SOLDIER_CHECKERS[0 if by_red else 1][target]:  # noqa: SIM110
        if board[s] == soldier:
            return True
    return False


def _ray_attacks(
    board: Sequence[int], ray: Sequence[Square], chariot: int, cannon: int, general: int
) -> bool:
    """Whether an enemy chariot, general (first piece) or cannon (second piece) on ``ray``
    attacks the square the ray starts from."""
    screened = False
    for s in ray:
        p = board[s]
        if p:
            if screened:
                return p == cannon
            if p == chariot or p == general:
                return True
            screened = True
    return False


def _own_squares(board: Board, red: bool) -> list[Square]:
    if red:
        return [sq for sq in range(90) if board[sq] > 0]
    return [sq for sq in range(90) if board[sq] < 0]


def _piece_moves(
    board: Board, sq: Square, kind: int, sign: int, red: bool, add: Callable[[Move], None]
) -> None:
    """Add the moves of the piece of ``kind`` on ``sq`` ignoring its general's safety;
    ``sign`` is 1 for red, -1 for black."""
    if kind == CHARIOT:
        for ray in RAY_TARGETS[sq]:
            for t, m in ray:
                q = board[t]
                if not q:
                    add(m)
                else:
                    if q * sign < 0:
                        add(m)
                    break
    elif kind == CANNON:
        for ray in RAY_TARGETS[sq]:
            screened = False
            for t, m in ray:
                q = board[t]
                if screened:
                    if q:
                        if q * sign < 0:
                            add(m)
                        break
                elif q:
                    screened = True
                else:
                    add(m)
    elif kind == HORSE:
        for leg, t, m in HORSE_TARGETS[sq]:
            if not board[leg] and board[t] * sign <= 0:
                add(m)
    elif kind == SOLDIER:
        for t, m in SOLDIER_TARGETS[0 if red else 1][sq]:
            if board[t] * sign <= 0:
                add(m)
    elif kind == ELEPHANT:
        for eye, t, m in ELEPHANT_TARGETS[sq]:
            if not board[eye] and board[t] * sign <= 0:
                add(m)
    elif kind == ADVISOR:
        for t, m in ADVISOR_TARGETS[sq]:
            if board[t] * sign <= 0:
                add(m)
    else:  # GENERAL
        for t, m in GENERAL_TARGETS[sq]:
            if board[t] * sign <= 0:
                add(m)


def pseudo_legal_moves(board: Board, red: bool) -> list[Move]:
    """Every move the side's pieces can make ignoring the safety of its own general."""
    moves: list[Move] = []
    add = moves.append
    sign = 1 if red else -1
    for sq in _own_squares(board, red):
        _piece_moves(board, sq, board[sq] * sign, sign, red, add)
    return moves


def legal_moves(board: Board, red: bool, general: Square) -> list[Move]:
    """The legal moves of the side to move; ``general`` is its general's square."""
    enemy_red = not red
    if is_attacked(board, general, enemy_red):
        return _evasions(board, red, general)
    sign = 1 if red else -1
    enemy = -sign
    chariot, cannon, enemy_general, horse = (
        CHARIOT * enemy,
        CANNON * enemy,
        GENERAL * enemy,
        HORSE * enemy,
    )
    ray_index = RAY_INDEX[general]
    rays = RAYS[general]
    leg_horses = LEG_HORSES[general]
    exposing, screening = _line_dangers(board, rays, chariot, cannon, enemy_general)
    moves: list[Move] = []
    add = moves.append
    scratch: list[int] | None = None
    for sq in _own_squares(board, red):
        threats = [h for h in leg_horses[sq] if board[h] == horse] if leg_horses[sq] else None
        if sq != general and not threats and not screening and sq not in exposing:
            # Off the general's lines and horse legs: every move of this piece is legal.
            _piece_moves(board, sq, board[sq] * sign, sign, red, add)
            continue
        start = len(moves)
        _piece_moves(board, sq, board[sq] * sign, sign, red, add)
        candidates = moves[start:]
        del moves[start:]
        if scratch is None:
            scratch = list(board)
        for m in candidates:
            t = m[1]
            if sq == general:
                captured = scratch[t]
                scratch[t] = scratch[sq]
                scratch[sq] = 0
                safe = not is_attacked(scratch, t, enemy_red)
                scratch[sq] = scratch[t]
                scratch[t] = captured
            elif t in screening or (threats and not (len(threats) == 1 and t == threats[0])):
                # It would screen an enemy cannon, or unblock a horse it does not capture.
                safe = False
            elif sq in exposing:
                line = ray_index[sq]
                if line < 0 or ray_index[t] != line:
                    safe = False
                else:  # sliding along the line it shields: look at that line again
                    captured = scratch[t]
                    scratch[t] = scratch[sq]
                    scratch[sq] = 0
                    safe = not _ray_attacks(scratch, rays[line], chariot, cannon, enemy_general)
                    scratch[sq] = scratch[t]
                    scratch[t] = captured
            else:
                safe = True
            if safe:
                add(m)
    return moves


def has_legal_move(board: Board, red: bool, general: Square) -> bool:
    """Whether the side to move has a legal move: each piece's moves are tested in full, and
    the search stops at the first that leaves its general safe."""
    scratch = list(board)
    sign = 1 if red else -1
    enemy_red = not red
    for sq in _own_squares(board, red):
        candidates: list[Move] = []
        _piece_moves(board, sq, board[sq] * sign, sign, red, candidates.append)
        if any(_leaves_general_safe(scratch, m, general, enemy_red) for m in candidates):
            return True
    return False


def _evasions(board: Board, red: bool, general: Square) -> list[Move]:
    """The legal moves when in check: every pseudo-legal move is tested in full."""
    scratch = list(board)
    enemy_red = not red
    return [
        m
        for m in pseudo_legal_moves(board, red)
        if _leaves_general_safe(scratch, m, general, enemy_red)
    ]


def _leaves_general_safe(scratch: list[int], m: Move, general: Square, enemy_red: bool) -> bool:
    """Whether ``m`` leaves its side's general (on ``general`` before it) unattacked; played
    on ``scratch`` (the board) and taken back."""
    f, t = m[0], m[1]
    captured = scratch[t]
    scratch[t] = scratch[f]
    scratch[f] = 0
    safe = not is_attacked(scratch, t if f == general else general, enemy_red)
    scratch[f] = scratch[t]
    scratch[t] = captured
    return safe


def _line_dangers(
    board: Board,
    rays: Sequence[Sequence[Square]],
    chariot: int,
    cannon: int,
    enemy_general: int,
) -> tuple[set[Square], set[Square]]:
    """For a general not in check, read its four lines once and return

    - the squares whose piece may not leave (it shields the general from a chariot, the
      other general, or from a cannon as one of two pieces in between), and
    - the empty squares a piece may not step onto (between the general and a cannon with
      nothing in between, where it would become the cannon's screen).

    Valid for moves that leave a line without landing on the same line.
    """
    exposing: set[Square] = set()
    screening: set[Square] = set()
    for ray in rays:
        found: list[Square] = []
        for s in ray:
            if board[s]:
                found.append(s)
                if len(found) == 3:
                    break
        if not found:
            continue
        first = board[found[0]]
        second = board[found[1]] if len(found) > 1 else 0
        third = board[found[2]] if len(found) > 2 else 0
        if second == chariot or second == enemy_general or third == cannon:
            exposing.add(found[0])
        if third == cannon:
            exposing.add(found[1])
        if first == cannon:
            screening.update(ray[: ray.index(found[0])])
    return exposing, screening
