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

Reading accepts moves in ICCS, WXF or Chinese notation, and everything ``rules.pgn`` reads
(comments, variations, NAGs, annotation marks, several games in one file); games are read as
played, past the points where the rules would have ended them (``rules.records``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from rules import pgn, records
from rules.core import Color
from rules.errors import InvalidRecordError
from rules.game import Game
from rules.records import ReadGame
from rules.xiangqi.notation import NOTATION_CHARACTERS
from rules.xiangqi.position import XiangqiPosition

_FIRST_TAGS = ("Game", "Variant", "Event", "Site", "Date", "Round", "Red", "Black", "Result")
_LAST_TAGS = ("FEN", "Format")
# PGN's first side's tags, named for xiangqi's.
_RED_TAGS = {"White": "Red", "WhiteTeam": "RedTeam"}


def write_record(
    game: Game,
    tags: Mapping[str, str],
    comments: Mapping[int, str] | None = None,
    annotations: pgn.Annotations | None = None,
) -> str:
    """The record of ``game`` with the given tags (Event, Red/White, Black, Date, …), and
    by ply: ``comments`` after their moves, ``annotations``' marks on them and variations
    (given in ICCS, written as the moves are) in parentheses after them.

    The result comes from the rules when they ended the game, otherwise from the ``Result``
    tag (``"*"`` when absent or not a result).
    """
    values = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?"}
    values.update({"Red": "?", "Black": "?"})
    for name, value in tags.items():
        values[_RED_TAGS.get(name, name)] = value
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
    moves = [_iccs(uci) for uci in game.uci_moves()]
    named = pgn.named_annotations(game, annotations, lambda p, m: _iccs(p.uci(m)))
    start = game.start
    movetext = pgn.format_movetext(
        moves,
        start.fullmove_number,
        start.side_to_move is Color.BLACK,
        result,
        comments,
        named,
    )
    return f"{pgn.format_tags((name, values[name]) for name in order)}\n\n{movetext}\n"


def read_record(text: str) -> tuple[dict[str, str], Game]:
    """The tags and the game of a record, read as played (see ``rules.records``).

    Raises InvalidRecordError for a malformed record, another variant's, or a move that
    cannot be played (naming its ply), and InvalidFenError for a bad FEN tag.
    """
    from rules.xiangqi.variant import XIANGQI

    return records.first_game(XIANGQI, text, _record_start)


def read_games(source: str | bytes | Iterable[str]) -> Iterator[ReadGame | InvalidRecordError]:
    """Every game of ``source``, read as played: see ``XiangqiVariant.read_games``."""
    from rules.xiangqi.variant import XIANGQI

    return records.read_games(XIANGQI, source, _record_start, decode_xiangqi_record)


def decode_xiangqi_record(data: bytes) -> pgn.DecodedText:
    """The text of a xiangqi record file: UTF-8, else GB18030 (GBK, mainland files) or Big5
    (Taiwan and Hong Kong), whichever reads more Chinese move notation, else Windows-1252.
    Raises InvalidRecordError for binary data."""
    return pgn.decode_record(data, ("gb18030", "big5", "cp1252"), _notation_characters)


def _notation_characters(text: str) -> int:
    return sum(1 for char in text if char in NOTATION_CHARACTERS)


def _record_start(tags: Mapping[str, str]) -> records.RecordStart:
    variant = tags.get("Variant", "xiangqi").strip().lower()
    if variant not in ("xiangqi", "chinese chess"):
        raise InvalidRecordError(f"not a xiangqi record: Variant is {tags['Variant']!r}")
    fen = tags.get("FEN")
    return records.RecordStart(XiangqiPosition.from_fen(fen) if fen else None)


def _iccs(uci: str) -> str:
    """A move as the record writes it: ``h2e2`` as ``H2-E2``."""
    return f"{uci[:2]}-{uci[2:]}".upper()
