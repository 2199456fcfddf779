"""The Chess960 variant object: ``rules.get_variant("chess960")``.

A game starts from one of the 960 start positions (``start_position(number)``; ``start()``
is number 518, the standard arrangement, as python-chess's) or any Chess960 FEN. FENs are
written in X-FEN as python-chess writes them and read in X-FEN or Shredder-FEN; records
carry ``[Variant "Chess960"]`` with the start's ``[FEN]`` and ``[SetUp "1"]`` always.
"""

from __future__ import annotations

from rules.chess.fen import RecordFen, parse_record_fen, parse_with
from rules.chess.variant import ChessVariant
from rules.chess960.castling_field import read_castling
from rules.chess960.position import Chess960Position
from rules.chess960.starts import STANDARD_START, start_fen
from rules.game import Game


class Chess960Variant(ChessVariant):
    """Chess960 (Fischer random chess) under the FIDE Laws' Chess960 guidelines."""

    name = "chess960"
    start_fen = start_fen(STANDARD_START)
    # As PGN readers name the variant (python-chess's list, lowercase).
    _variant_tags = ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")

    def start(self) -> Chess960Position:
        """Start position 518, the standard arrangement."""
        if self._start is None:
            self._start = self.from_fen(self.start_fen)
        assert isinstance(self._start, Chess960Position)
        return self._start

    def start_position(self, number: int) -> Chess960Position:
        """Start position ``number`` (0–959, Scharnagl's numbering). Raises ValueError for
        another number."""
        return self.from_fen(start_fen(number))

    def from_fen(self, fen: str) -> Chess960Position:
        """The position of a FEN with an X-FEN or Shredder-FEN castling field. Raises
        InvalidFenError with the reason."""
        position = parse_with(fen, None, read_castling, Chess960Position)
        assert isinstance(position, Chess960Position)
        return position

    def _start_tags(self, game: Game) -> dict[str, str]:
        """Every Chess960 record names its variant and its start."""
        return {"Variant": "Chess960", "SetUp": "1", "FEN": game.start.fen()}

    def _record_fen(self, fen: str) -> RecordFen:
        return parse_record_fen(fen, read_castling, Chess960Position)


CHESS960 = Chess960Variant()
Chess960Position._VARIANT = CHESS960
