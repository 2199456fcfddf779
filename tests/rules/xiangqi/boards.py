"""Xiangqi test positions written as a few pieces on an empty board."""

from __future__ import annotations


def fen_of(pieces: dict[str, str], red_to_move: bool = True) -> str:
    """A FEN with the red general on e0, the black one on d9, and ``pieces`` ({square:
    letter}, ``"c5": "n"``) added."""
    board = [["."] * 9 for _ in range(10)]
    for square, letter in {"e0": "K", "d9": "k", **pieces}.items():
        board[int(square[1])]["abcdefghi".index(square[0])] = letter
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for cell in board[rank]:
            if cell == ".":
                empty += 1
                continue
            row += (str(empty) if empty else "") + cell
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if red_to_move else " b") + " - - 0 1"
