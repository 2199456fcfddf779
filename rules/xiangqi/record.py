"""Xiangqi game records: PGN's layout with the conventions xiangqi programs read.

The format follows the xiangqi PGN dialect documented by XQBase and used by Xiangqi Wizard
(象棋巫师) and the programs that import its files: a ``[Game "Chinese Chess"]`` tag, the Seven
Tag Roster with ``Red``/``Black`` player tags
(a ``White`` tag given by the caller is written as ``Red``), the start position in ``FEN``
(always written, in the FEN of ``rules.xiangqi.fen``), ``[Format "ICCS"]`` and moves in
upper-case ICCS with a dash (``H2-E2``), numbered like PGN, ending with the result. A
``[Variant "xiangqi"]`` tag is added for multi-variant tools (lichess-style readers, Postal).
Example::

    [Game "Chinese Chess"]
    [Variant "xiangqi"]
    [Event "Casual game"]
    [Red "alice"]
    [Black "bob"]
    [Result "*"]
    [FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]
    [Format "ICCS"]

    1. H2-E2 H9-G7 *

Reading accepts moves in ICCS, WXF or Chinese notation, ``{comments}``, ``;`` comments,
``(variations)`` (skipped), NAGs and ``!``/``?`` suffixes.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules import pgn
from rules.core import Color
from rules.errors import InvalidRecordError, RulesError
from rules.game import Game

_FIRST_TAGS = ("Game", "Variant", "Event", "Site", "Date", "Round", "Red", "Black", "Result")
_LAST_TAGS = ("FEN", "Format")


def write_record(game: Game, tags: Mapping[str, str]) -> str:
    """The record of ``game`` with the given tags (Event, Red/White, Black, Date, …).

    The result comes from the rules when they ended the game, otherwise from the ``Result``
    tag (``"*"`` when absent or not a result).
    """
    values = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?"}
    values.update({"Red": "?", "Black": "?"})
    for name, value in tags.items():
        values["Red" if name == "White" else name] = value
    outcome = game.outcome()
    result = outcome.result() if outcome is not None else values.get("Result", "*")
    if result not in pgn.RESULTS:
        result = "*"
    values.update(
        {
            "Game": "Chinese Chess",
            "Variant": "xiangqi",
            "Result": result,
            "FEN": game.start.fen(),
            "Format": "ICCS",
        }
    )
    order = [*_FIRST_TAGS]
    order += [name for name in values if name not in _FIRST_TAGS and name not in _LAST_TAGS]
    order += _LAST_TAGS
    moves = [f"{uci[:2]}-{uci[2:]}".upper() for uci in game.uci_moves()]
    start = game.start
    movetext = pgn.format_movetext(
        moves, start.fullmove_number, start.side_to_move is Color.BLACK, result
    )
    return f"{pgn.format_tags((name, values[name]) for name in order)}\n\n{movetext}\n"


def read_record(text: str) -> tuple[dict[str, str], Game]:
    """The tags and the game of a record.

    Raises InvalidRecordError for a malformed record, another variant's, or a move that
    cannot be played (naming its ply), and InvalidFenError for a bad FEN tag.
    """
    tags, moves, _ = pgn.split_record(text)
    variant = tags.get("Variant", "xiangqi").strip().lower()
    if variant not in ("xiangqi", "chinese chess"):
        raise InvalidRecordError(f"not a xiangqi record: Variant is {tags['Variant']!r}")
    game = Game("xiangqi", tags.get("FEN") or None)
    for ply, token in enumerate(moves, start=1):
        try:
            game = game.play(token.rstrip("!?") or token)
        except RulesError as error:
            raise InvalidRecordError(str(error), ply=ply, move=token) from error
    return tags, game
