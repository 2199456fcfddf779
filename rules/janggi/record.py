"""Janggi game records as pychess-variants exports them (its ``pgn()``): PGN's Seven Tag
Roster (White is Cho, Black Han), ``[Variant "janggi"]``, the start in ``[FEN]`` as
Fairy-Stockfish writes it (always: each side's setup is part of the start) with
``[SetUp "1"]``, and moves in Fairy-Stockfish's SAN (``Hc3``, ``Pih4``; a pass is the
general's own point, ``Ke2``), as ``pyffish.get_san_moves`` writes them. Example::

    [Event "Casual game"]
    [Site "?"]
    [Date "????.??.??"]
    [Round "?"]
    [White "alice"]
    [Black "bob"]
    [Result "*"]
    [Variant "janggi"]
    [FEN "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"]
    [SetUp "1"]

    1. Pih4 Pc6 *

Reading accepts every janggi notation (``rules.janggi.notation``) and everything
``rules.pgn`` reads; games are read as played (``rules.records``).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules import pgn, records
from rules.core import Color, Move, Position, Variant
from rules.errors import InvalidRecordError
from rules.game import Game
from rules.janggi.position import JanggiPosition
from rules.janggi.san import fsf_san


def write_record(
    game: Game,
    tags: Mapping[str, str],
    comments: Mapping[int, str] | None = None,
    annotations: pgn.Annotations | None = None,
) -> str:
    """The record of ``game`` with the given tags, ``comments`` after their plies and
    ``annotations``' marks and variations (in coordinates, written in SAN). The result
    comes from the rules when they ended the game, else from the ``Result`` tag."""
    outcome = game.outcome()
    result = outcome.result() if outcome is not None else tags.get("Result", "*")
    if result not in pgn.RESULTS:
        result = "*"
    defaults = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?"}
    defaults |= {"White": "?", "Black": "?"}
    fixed = {"Result": result, "Variant": "janggi", "FEN": game.start.fen(), "SetUp": "1"}
    extra = {name: value for name, value in tags.items() if name not in fixed}
    ordered = pgn.ordered_tags(defaults, {**extra, **fixed})
    positions = game.positions
    moves = [_san(positions[ply], move) for ply, move in enumerate(game.moves)]
    named = pgn.named_annotations(game, annotations, _san)
    start = game.start
    movetext = pgn.format_movetext(
        moves, start.fullmove_number, start.side_to_move is Color.BLACK, result, comments, named
    )
    return f"{pgn.format_tags(ordered)}\n\n{movetext}\n"


def _san(position: Position, move: Move) -> str:
    assert isinstance(position, JanggiPosition)
    return fsf_san(position, move)


def read_record(variant: Variant, text: str) -> tuple[dict[str, str], Game]:
    """The tags and the game of a record of janggi (``variant``), read as played. Raises
    InvalidRecordError for a malformed record, another variant's or an unplayable move
    (naming its ply), and InvalidFenError for a bad FEN tag."""
    return records.first_game(variant, text, _record_start)


def _record_start(tags: Mapping[str, str]) -> records.RecordStart:
    variant = tags.get("Variant", "janggi").strip().lower()
    if variant != "janggi":
        raise InvalidRecordError(f"not a janggi record: Variant is {tags['Variant']!r}")
    fen = tags.get("FEN")
    return records.RecordStart(JanggiPosition.from_fen(fen) if fen else None)
