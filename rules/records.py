"""Reading game records as played: every game of a file, with where the rules would have ended it.

A record is read as it was played: each move is checked for legality where it stands, but an
automatic ending reached on the way (fivefold repetition, the 75-move rule, a dead position in
chess; repetition, perpetual check or chase, or the move limit in xiangqi) does not stop
the reading. Games played before today's rules existed went on past such points, and a record
is read for study, not refereed. ``ReadGame.ending`` says where today's rules would have ended
the game (the ply and the outcome), including an ending at the last move (a mate);
``ReadGame.played_past_ending`` says whether the record goes on after it.

Each variant supplies how a record's tags give its start position (``read_games`` of
``rules.chess`` and ``rules.xiangqi``); this module plays the moves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum

from rules.core import NULL_MOVE, Outcome, Position, Variant
from rules.errors import InvalidRecordError, RulesError
from rules.game import Game
from rules.pgn import NULL_TOKENS, DecodedText, ScannedGame, decode_record, scan_games


class WarningKind(Enum):
    """What a reader changed or noticed to read a record; the record was still read."""

    CASTLING_RIGHT_DROPPED = "castling_right_dropped"  # detail: the FEN letters dropped
    EN_PASSANT_DROPPED = "en_passant_dropped"  # detail: the square dropped


@dataclass(frozen=True, slots=True)
class RecordWarning:
    """Something a reader changed to read a record: ``kind``, and ``detail`` (what)."""

    kind: WarningKind
    detail: str


@dataclass(frozen=True, slots=True)
class RulesEnding:
    """Where today's rules end a game: after ``ply`` plies (0: at the start), with ``outcome``."""

    ply: int
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class ReadGame:
    """One game read from a record: ``index`` counts the games of the text from 1, ``line`` is
    the line the game starts on, ``result`` the result token as written (None if absent)."""

    index: int
    line: int
    tags: Mapping[str, str]
    game: Game
    result: str | None
    ending: RulesEnding | None
    warnings: tuple[RecordWarning, ...] = ()

    @property
    def played_past_ending(self) -> bool:
        """Whether the record goes on after the point where today's rules end the game."""
        return self.ending is not None and self.ending.ply < self.game.ply


@dataclass(frozen=True, slots=True)
class RecordStart:
    """A record's start position from its tags (None: the standard start), with warnings."""

    position: Position | None
    warnings: tuple[RecordWarning, ...] = ()


StartReader = Callable[[Mapping[str, str]], RecordStart]


def read_games(
    variant: Variant,
    source: str | bytes | Iterable[str],
    start_of: StartReader,
    decode: Callable[[bytes], DecodedText] = decode_record,
) -> Iterator[ReadGame | InvalidRecordError]:
    """Every game of ``source`` (a text, the bytes of a file, or lines such as an open file,
    streamed), in order: a ``ReadGame``, or the ``InvalidRecordError`` saying why that game
    cannot be read (with its game index and line), and reading goes on with the next game.

    Raises InvalidRecordError only for bytes that are not a text (``decode`` reads bytes:
    ``rules.pgn.decode_record`` by default).
    """
    if isinstance(source, bytes):
        source = decode(source).text
    for scanned in scan_games(source):
        if scanned.error is not None:
            yield scanned.error
            continue
        try:
            start = start_of(scanned.tags)
        except RulesError as error:
            failure = InvalidRecordError(str(error), game=scanned.index, line=scanned.line)
            failure.__cause__ = error
            yield failure
            continue
        try:
            yield play_record(variant, scanned, start)
        except InvalidRecordError as error:
            yield error


def play_record(variant: Variant, scanned: ScannedGame, start: RecordStart) -> ReadGame:
    """The game of a scanned record, read as played (see the module docstring).

    Raises InvalidRecordError naming the game, the line, the ply and the move that cannot be
    read or played.
    """
    game = Game(variant, start.position)
    ending: RulesEnding | None = None
    lines = scanned.lines
    for index, text in enumerate(scanned.moves):
        if ending is None:
            # The start is judged in full (a FEN may start dead); later positions only by
            # the endings a following move leaves possible.
            outcome = game.ending_before_move() if index else game.outcome()
            if outcome is not None:
                ending = RulesEnding(game.ply, outcome)
        try:
            game = game.then(NULL_MOVE if text in NULL_TOKENS else text)
        except RulesError as error:
            raise InvalidRecordError(
                str(error), ply=index + 1, move=text, game=scanned.index, line=lines[index]
            ) from error
    if ending is None:
        outcome = game.outcome()
        if outcome is not None:
            ending = RulesEnding(game.ply, outcome)
    return ReadGame(
        scanned.index, scanned.line, scanned.tags, game, scanned.result, ending, start.warnings
    )


def first_game(variant: Variant, text: str, start_of: StartReader) -> tuple[dict[str, str], Game]:
    """The tags and game of the first game of ``text``. Raises InvalidRecordError (or the
    InvalidFenError of a bad start position)."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidRecordError("the record is empty")
    for found in read_games(variant, text, start_of):
        if isinstance(found, InvalidRecordError):
            if isinstance(found.__cause__, RulesError) and found.ply is None:
                raise found.__cause__
            raise found
        return dict(found.tags), found.game
    raise InvalidRecordError("the record has no game")
