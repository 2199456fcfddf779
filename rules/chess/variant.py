"""The chess variant object: the entry point ``rules.get_variant("chess")`` returns."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping, Sequence

from rules import pgn, records
from rules.chess import endings
from rules.chess.fen import START_FEN, RecordFen, parse_fen, parse_record_fen
from rules.chess.geometry import SQUARE_NAMES, SQUARES_BY_NAME
from rules.chess.openings import opening_of
from rules.chess.position import ChessPosition
from rules.core import Color, Outcome, Position, Repetition, Square, Termination
from rules.errors import InvalidMoveError, InvalidRecordError
from rules.game import Game


class ChessVariant:
    """Chess under the FIDE Laws."""

    name = "chess"
    files = 8
    ranks = 8
    start_fen = START_FEN

    def __init__(self) -> None:
        self._start: ChessPosition | None = None

    def start(self) -> ChessPosition:
        if self._start is None:
            self._start = parse_fen(START_FEN)
        return self._start

    def from_fen(self, fen: str) -> ChessPosition:
        """Raises InvalidFenError with the reason."""
        return parse_fen(fen)

    def square_name(self, square: Square) -> str:
        return SQUARE_NAMES[square]

    def parse_square(self, name: str) -> Square:
        """The square called ``name`` (``"e4"``). Raises InvalidMoveError for other text."""
        square = SQUARES_BY_NAME.get(name.strip().lower()) if isinstance(name, str) else None
        if square is None:
            raise InvalidMoveError(str(name), "not a square (a1 to h8)")
        return square

    def outcome(self, history: Sequence[Position]) -> Outcome | None:
        return endings.outcome(history)

    def claimable_draws(self, history: Sequence[Position]) -> tuple[Termination, ...]:
        return endings.claimable_draws(history)

    def outcome_after(self, position: Position, repetition: Repetition) -> Outcome | None:
        """The automatic ending of ``position`` given its earlier occurrences, or None."""
        return endings.outcome_after(position, repetition)

    def claims_after(self, position: Position, repetition: Repetition) -> tuple[Termination, ...]:
        """The draws that may be claimed in ``position`` given its earlier occurrences."""
        return endings.claims_after(position, repetition)

    def has_insufficient_material(self, position: Position, color: Color) -> bool:
        """Whether ``color`` could never mate, even helped: a flag fall against it draws."""
        assert isinstance(position, ChessPosition)
        return endings.has_insufficient_material(position, color)

    def write_record(
        self,
        game: Game,
        tags: Mapping[str, str] | None = None,
        comments: Mapping[int, str] | None = None,
        annotations: pgn.Annotations | None = None,
    ) -> str:
        """The game as PGN: the Seven Tag Roster, FEN/SetUp for a custom start, ECO and
        Opening when the game reached a named opening (``rules.chess.openings``), extra tags,
        movetext wrapped at 80 columns (by ply: ``comments`` after their moves,
        ``annotations``' marks on them and variations, given in UCI, in SAN in parentheses)
        and the result."""
        outcome = game.outcome()
        result = (tags or {}).get("Result") or (outcome.result() if outcome else "*")
        defaults = {
            "Event": "?",
            "Site": "?",
            "Date": dt.date.today().strftime("%Y.%m.%d"),
            "Round": "-",
            "White": "?",
            "Black": "?",
            "Result": result,
        }
        defaults.update(self._start_tags(game))
        ordered = pgn.ordered_tags(defaults, {**(tags or {}), "Result": result})
        start = game.start
        movetext = pgn.format_movetext(
            game.san_moves(),
            start.fullmove_number,
            start.side_to_move.value == "black",
            result,
            comments,
            pgn.named_annotations(game, annotations, lambda p, m: p.san(m)),
        )
        return f"{pgn.format_tags(ordered)}\n\n{movetext}\n"

    def _start_tags(self, game: Game) -> dict[str, str]:
        """The tags a record's start gives: FEN/SetUp for a custom start; ECO and Opening
        when the game reached a named opening."""
        tags = {}
        if not game.is_standard_start():
            tags["SetUp"] = "1"
            tags["FEN"] = game.start.fen()
        opening = opening_of(game.start, game.moves)
        if opening is not None:
            tags["ECO"], tags["Opening"] = opening.eco, opening.name
        return tags

    def ending_before_move(self, position: Position, repetition: Repetition) -> Outcome | None:
        """The automatic ending of ``position`` when a move is known to follow (a record)."""
        return endings.ending_before_move(position, repetition)

    def read_record(self, text: str) -> tuple[dict[str, str], Game]:
        """The tags and mainline of the first game of a PGN, read as played (see
        ``rules.records``; ``read_games`` also says where today's rules end it).

        Raises InvalidRecordError naming the bad move or tag, or InvalidFenError.
        """
        return records.first_game(self, text, self._record_start)

    def read_games(
        self, source: str | bytes | Iterable[str]
    ) -> Iterator[records.ReadGame | InvalidRecordError]:
        """Every game of a PGN text, file bytes or lines (streamed), read as played: each a
        ``ReadGame`` or the ``InvalidRecordError`` of a game that cannot be read (with its
        index and line). See ``rules.records`` and ``rules.pgn``."""
        return records.read_games(self, source, self._record_start)

    # The Variant tags of this game (lowercase), and how a record's FEN is read.
    _variant_tags: tuple[str, ...] = ("standard", "chess", "from position")

    def _record_fen(self, fen: str) -> RecordFen:
        return parse_record_fen(fen)

    def _record_start(self, tags: Mapping[str, str]) -> records.RecordStart:
        """The start position a record's tags give; an impossible castling right or en
        passant square in its FEN is dropped with a warning. Raises InvalidRecordError for
        another variant, InvalidFenError for a FEN that stays impossible."""
        variant = tags.get("Variant", "Standard").strip().lower()
        if variant not in self._variant_tags:
            raise InvalidRecordError(f"variant {tags['Variant']!r} is not {self.name}")
        fen = tags.get("FEN")
        if not fen:
            return records.RecordStart(None)
        found = self._record_fen(fen)
        warnings = []
        if found.dropped_castling:
            kind = records.WarningKind.CASTLING_RIGHT_DROPPED
            warnings.append(records.RecordWarning(kind, found.dropped_castling))
        if found.dropped_en_passant:
            kind = records.WarningKind.EN_PASSANT_DROPPED
            warnings.append(records.RecordWarning(kind, found.dropped_en_passant))
        return records.RecordStart(found.position, tuple(warnings))


CHESS = ChessVariant()
