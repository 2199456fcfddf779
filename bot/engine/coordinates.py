"""Moves between Postal's coordinates and the engines' own, checked by Postal's rules.

Chess: Stockfish's UCI moves are Postal's (``e2e4``, ``e7e8q``, castling as the king's move
``e1g1``). Xiangqi: Fairy-Stockfish counts ranks 1–10 from red's side where ICCS (Postal)
counts 0–9, so ``h2e2`` is ``h3e3`` to the engine; files ``a``–``i`` are the same. Janggi:
Postal names squares as Fairy-Stockfish does (``a1``–``i10``, a pass ``e2e2``), so its moves
are the engine's.
"""

from __future__ import annotations

import re

from rules import Game, Move, Position, is_chess_family
from rules.core import NULL_MOVE

_CHESS_MOVE = re.compile(r"([a-h][1-8])([a-h][1-8])([qrbn]?)")
_XIANGQI_POSTAL = re.compile(r"([a-i])([0-9])([a-i])([0-9])")
_XIANGQI_ENGINE = re.compile(r"([a-i])(10|[1-9])([a-i])(10|[1-9])")
_JANGGI = re.compile(r"[a-i](?:10|[1-9])[a-i](?:10|[1-9])")
_SQUARES = re.compile(r"([a-i](?:10|[0-9]))([a-i](?:10|[0-9]))")


def to_engine(variant_name: str, move: str) -> str:
    """``move`` (Postal's coordinates, lowercase) as the variant's engine writes it.

    Raises ``ValueError`` when it is not a coordinate move of that variant.
    """
    if variant_name == "xiangqi":
        return _shift_ranks(_XIANGQI_POSTAL, move, 1, "an ICCS move")
    if variant_name == "janggi":
        return _janggi(move)
    return _chess(variant_name, move)


def from_engine(variant_name: str, move: str) -> str:
    """The engine's ``move`` in Postal's coordinates. Raises ``ValueError`` for anything that
    is not a coordinate move of that variant as its engine writes them."""
    if variant_name == "xiangqi":
        return _shift_ranks(_XIANGQI_ENGINE, move, -1, "a Fairy-Stockfish xiangqi move")
    if variant_name == "janggi":
        return _janggi(move)
    return _chess(variant_name, move)


def _janggi(move: str) -> str:
    """A janggi coordinate move as it is (Postal's and Fairy-Stockfish's are the same)."""
    if not _JANGGI.fullmatch(move):
        raise ValueError(f"not a janggi coordinate move: {move!r}")
    return move


def _chess(variant_name: str, move: str) -> str:
    """A chess coordinate move as it is (Postal's and Stockfish's are the same)."""
    if not is_chess_family(variant_name):
        raise ValueError(f"no engine plays {variant_name!r}")
    if not _CHESS_MOVE.fullmatch(move):
        raise ValueError(f"not a chess coordinate move: {move!r}")
    return move


def _shift_ranks(shape: re.Pattern[str], move: str, by: int, what: str) -> str:
    found = shape.fullmatch(move)
    if not found:
        raise ValueError(f"not {what}: {move!r}")
    a, r1, b, r2 = found.groups()
    return f"{a}{int(r1) + by}{b}{int(r2) + by}"


def read_move(position: Position, text: str) -> Move:
    """The legal move ``text`` names in Postal's coordinates (and no other notation).

    Raises ``ValueError`` when it is malformed or not legal in ``position``.
    """
    variant = position.variant
    to_engine(variant.name, text)  # the strict shape check: SAN and friends are refused
    # Janggi's squares run to a10: split after the second square's rank, not at 2 and 4.
    squares = _SQUARES.match(text)
    assert squares is not None  # to_engine checked the shape
    promotion = text[squares.end() :] or None
    move = Move(variant.parse_square(squares[1]), variant.parse_square(squares[2]), promotion)
    if not position.is_legal(move):
        raise ValueError(f"{text} is not legal in {position.fen()}")
    return move


def replay(variant_name: str, start_fen: str, moves: tuple[str, ...]) -> Game:
    """The game of ``moves`` (Postal's coordinates; ``0000`` a null move) from ``start_fen``.

    Raises ``ValueError`` (rules' errors are ValueErrors) for a bad FEN or a bad move.
    """
    game = Game(variant_name, start_fen)
    for text in moves:
        move = NULL_MOVE if text == "0000" else read_move(game.position, text)
        game = game.then(move)
    return game
