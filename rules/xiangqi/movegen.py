"""Legal move generation and attack tests on the private integer board.

Pseudo-legal moves come from the precomputed tables of ``geometry``; each is then kept only
if the mover's general is safe afterwards. When the side to move is not in check, a move of
a piece other than the general can only expose its general along the general's file or rank
(an opened line, a newly made cannon screen, or the generals facing) or by unblocking a horse
leg next to the general, so only those lines are re-examined, on a scratch board.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def pseudo_legal_moves(board: Board, red: bool) -> list[Move]:
    """Every move the side's pieces can make ignoring the safety of its own general."""
    moves: list[Move] = []
    add = moves.append
    if red:
        own = [sq for sq in range(90) if board[sq] > 0]
        sign = 1
        soldier_targets = SOLDIER_TARGETS[0]
    else:
        own = [sq for sq in range(90) if board[sq] < 0]
        sign = -1
        soldier_targets = SOLDIER_TARGETS[1]
    for sq in own:
        kind = board[sq] * sign
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
            for t, m in soldier_targets[sq]:
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
    return moves


def legal_moves(board: Board, red: bool, general: Square) -> list[Move]:
    """The legal moves of the side to move; ``general`` is its general's square."""
    pseudo = pseudo_legal_moves(board, red)
    scratch = list(board)
    legal: list[Move] = []
    keep = legal.append
    enemy_red = not red
    if is_attacked(board, general, enemy_red):
        # In check: test every move in full.
        for m in pseudo:
            f, t = m[0], m[1]
            captured = scratch[t]
            scratch[t] = scratch[f]
            scratch[f] = 0
            if not is_attacked(scratch, t if f == general else general, enemy_red):
                keep(m)
            scratch[f] = scratch[t]
            scratch[t] = captured
        return legal
    sign = -1 if red else 1  # the enemy's
    chariot, cannon, enemy_general, horse = (
        CHARIOT * sign,
        CANNON * sign,
        GENERAL * sign,
        HORSE * sign,
    )
    ray_index = RAY_INDEX[general]
    rays = RAYS[general]
    leg_horses = LEG_HORSES[general]
    exposing, screening = _line_dangers(board, rays, chariot, cannon, enemy_general)
    for m in pseudo:
        f, t = m[0], m[1]
        if f == general:
            captured = scratch[t]
            scratch[t] = scratch[f]
            scratch[f] = 0
            if not is_attacked(scratch, t, enemy_red):
                keep(m)
            scratch[f] = scratch[t]
            scratch[t] = captured
            continue
        from_ray = ray_index[f]
        if from_ray >= 0 and from_ray == ray_index[t]:
            # Sliding along one of the general's lines: re-examine that line.
            captured = scratch[t]
            scratch[t] = scratch[f]
            scratch[f] = 0
            exposed = _ray_attacks(scratch, rays[from_ray], chariot, cannon, enemy_general)
            scratch[f] = scratch[t]
            scratch[t] = captured
            if not exposed:
                keep(m)
            continue
        if f in exposing or t in screening:
            continue
        horses = leg_horses[f]
        if horses and any(board[h] == horse and h != t for h in horses):
            continue
        keep(m)
    return legal


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
