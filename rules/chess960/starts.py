"""The 960 start positions of Chess960, by Scharnagl's number (0–959), as lichess and
python-chess number them: 518 is the standard start.

The number encodes the back rank in four steps: the light-squared bishop (b, d, f or h
file), the dark-squared bishop (a, c, e or g), the queen on one of the six squares left,
the two knights on two of the five left (ten ways); the rooks and the king take the last
three squares, king in the middle.
"""

from __future__ import annotations

from itertools import combinations

START_COUNT = 960
STANDARD_START = 518
# The ten ways to put two knights on five free squares, in Scharnagl's order.
_KNIGHTS = tuple(combinations(range(5), 2))


def back_rank(number: int) -> str:
    """White's back rank, a-file first (``"RNBQKBNR"`` for 518). Raises ValueError for a
    number outside 0–959."""
    if type(number) is not int or not 0 <= number < START_COUNT:
        raise ValueError(f"no Chess960 start position {number!r}: they are numbered 0 to 959")
    rank = [""] * 8
    rest, light = divmod(number, 4)
    rank[2 * light + 1] = "B"
    rest, dark = divmod(rest, 4)
    rank[2 * dark] = "B"
    knights, queen = divmod(rest, 6)
    _put(rank, "Q", queen)
    first, second = _KNIGHTS[knights]
    free = [file for file in range(8) if not rank[file]]
    rank[free[first]] = rank[free[second]] = "N"
    for letter in "RKR":
        _put(rank, letter, 0)
    return "".join(rank)


def _put(rank: list[str], letter: str, index: int) -> None:
    """Put ``letter`` on the ``index``-th free square of ``rank``."""
    free = [file for file in range(8) if not rank[file]]
    rank[free[index]] = letter


def start_fen(number: int) -> str:
    """The FEN of start position ``number`` (castling ``KQkq``: the outermost rooks, X-FEN).
    Raises ValueError for a number outside 0–959."""
    rank = back_rank(number)
    return f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1"


def start_number(fen: str) -> int | None:
    """The number of the start position ``fen`` is, or None when it is none of the 960
    (compared as written: placement, side, castling, en passant and counters)."""
    return _NUMBERS.get(" ".join(fen.split()))


_NUMBERS = {start_fen(number): number for number in range(START_COUNT)}
