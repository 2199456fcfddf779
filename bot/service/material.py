"""Whether a side could still mate: decides a time-out between a win and a draw."""

from __future__ import annotations

from rules import Color, Position

# Xiangqi pieces that can never cross the river to attack the general.
_XIANGQI_DEFENDERS = frozenset("kab")


def can_mate(position: Position, color: Color) -> bool:
    """False when ``color`` has too little material to ever deliver mate.

    Chess: a bare king, or king and one knight or bishop (the usual time-out convention).
    Xiangqi: only general, advisors and elephants left.
    """
    kinds = [piece.kind for piece in position.pieces().values() if piece.color is color]
    if position.variant.name == "xiangqi":
        return any(kind not in _XIANGQI_DEFENDERS for kind in kinds)
    others = [kind for kind in kinds if kind != "k"]
    if not others:
        return False
    return not (len(others) == 1 and others[0] in ("n", "b"))
