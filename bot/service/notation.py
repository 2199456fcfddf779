"""Which notation a player reads moves in: the xiangqi notation they chose, or the one they
typed the move in (a move typed in Chinese is answered in Chinese unless they chose another).
Chess moves are always SAN."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from bot.service.reading import reads_chinese, reads_traditional
from bot.store import Player, XiangqiNotation
from rules import Move, Position
from rules.xiangqi.position import XiangqiPosition

MoveNamer = Callable[[Move], str]


def is_chinese(text: str) -> bool:
    """Whether ``text`` is written with Chinese characters (炮二平五, 車九進一)."""
    return any("\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" for char in text)


def reading_notation(player: Player | None, typed: str = "") -> XiangqiNotation:
    """The xiangqi notation to show ``player`` moves in: their choice; else Chinese when
    what they ``typed`` was Chinese or they read Postal in Chinese; else WXF."""
    if player is not None and player.xiangqi_notation is not None:
        return player.xiangqi_notation
    return XiangqiNotation.CHINESE if is_chinese(typed) or reads_chinese() else XiangqiNotation.WXF


def namer(position: Position, notation: XiangqiNotation) -> MoveNamer:
    """How to name moves from ``position`` in ``notation`` (SAN for chess, whatever asked)."""
    if not isinstance(position, XiangqiPosition) or notation is XiangqiNotation.WXF:
        return position.san
    if notation is XiangqiNotation.ICCS:
        return position.uci
    if reads_traditional():
        return partial(position.chinese, traditional=True)
    return position.chinese


def numbered_line(moves: Sequence[tuple[int, str]], start_fen: str) -> str:
    """Stored moves as (ply, SAN/WXF), oldest first, with their move numbers counted from
    the game's ``start_fen`` (``9. Nf3 Nc6 10. Bb5``; a line starting with Black's move
    reads ``9... Nc6``); empty for no moves."""
    fields = start_fen.split() if start_fen else []
    black_first = len(fields) > 1 and fields[1] == "b"
    first_number = int(fields[-1]) if fields and fields[-1].isdigit() else 1
    words: list[str] = []
    for index, (ply, san) in enumerate(moves):
        half = ply - 1 + (1 if black_first else 0)
        number = first_number + half // 2
        if half % 2 == 0:
            words.append(f"{number}.")
        elif index == 0:
            words.append(f"{number}...")
        words.append(san)
    return " ".join(words)
