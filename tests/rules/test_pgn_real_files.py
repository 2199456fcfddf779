"""The chess record reader on what real PGN files contain: each reproducer of a file that
was misread, several games streamed with their index and line, encodings, null moves,
repaired start positions and games read past the point where today's rules end them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from rules import Color, Game, InvalidFenError, InvalidRecordError, Outcome, Termination
from rules.chess import CHESS
from rules.core import NULL_MOVE
from rules.errors import IllegalMoveError, InvalidMoveError
from rules.pgn import decode_record, scan_games
from rules.records import ReadGame, WarningKind
from rules.xiangqi import XIANGQI

DATA = Path(__file__).parent / "data"


def read_all(source: str | bytes | io.StringIO) -> list[ReadGame | InvalidRecordError]:
    return list(CHESS.read_games(source))


def only_game(source: str | bytes) -> ReadGame:
    (found,) = read_all(source)
    assert isinstance(found, ReadGame), found
    return found


# --- the reproducers: moves that were dropped or refused -------------------------------------


def test_mac_line_endings_keep_the_moves() -> None:
    """CR-only line ends: the tags and both moves are read (0 plies before)."""
    tags, game = CHESS.read_record('[Event "A"]\r[Result "*"]\r\r1. e4 e5 *\r')
    assert tags == {"Event": "A", "Result": "*"}
    assert game.san_moves() == ["e4", "e5"]


def test_moves_on_the_tag_line_are_read() -> None:
    """Moves after the tags on the same line are movetext (0 plies before)."""
    tags, game = CHESS.read_record('[Event "A"] [White "B"] 1. e4 e5 *')
    assert tags == {"Event": "A", "White": "B"}
    assert game.san_moves() == ["e4", "e5"]


def test_byte_order_mark_is_skipped() -> None:
    """A BOM before the first tag (in text, and in the bytes of a file)."""
    assert CHESS.read_record('\ufeff[Event "A"]\n\n1. e4 e5 *')[0] == {"Event": "A"}
    found = only_game('\ufeff[Event "A"]\n\n1. e4 e5 *'.encode())
    assert found.tags == {"Event": "A"} and found.game.ply == 2


def test_blank_lines_between_tags() -> None:
    """ChessBase exports put a blank line between tags: still one game's tags."""
    tags, game = CHESS.read_record('[Event "A"]\n\n[White "x"]\n\n1. e4 *')
    assert tags == {"Event": "A", "White": "x"}
    assert game.san_moves() == ["e4"]


def test_percent_escape_lines_are_skipped() -> None:
    """A line starting with % is skipped whole, wherever it stands."""
    text = '% exported by some program\n[Event "A"]\n\n1. e4 e5\n%2. d4 d5 {not moves}\n2. Nf3 *'
    assert CHESS.read_record(text)[1].san_moves() == ["e4", "e5", "Nf3"]


@pytest.mark.parametrize("mark", ["?", "!", "!!", "??", "!?", "?!", "+-", "=", "$18"])
def test_annotation_marks_as_separate_tokens(mark: str) -> None:
    """'2. Nf3 ? Nc6': a mark standing alone annotates the move before it."""
    game = CHESS.read_record(f"1. e4 e5 2. Nf3 {mark} Nc6 *")[1]
    assert game.san_moves() == ["e4", "e5", "Nf3", "Nc6"]


@pytest.mark.parametrize(
    "movetext", ["1 e4 e5 2 Nf3 *", "1 .e4 e5 2 .Nf3 *", "1.e4 1...e5 2.Nf3 *", "1. e4 e5 2.Nf3"]
)
def test_move_numbers_without_dots_or_with_dots_apart(movetext: str) -> None:
    assert CHESS.read_record(movetext)[1].san_moves() == ["e4", "e5", "Nf3"]


def test_one_dot_before_the_move() -> None:
    """'1 .d4' is white's first move d4."""
    assert CHESS.read_record("1 .d4 *")[1].san_moves() == ["d4"]


def test_en_passant_mark_inside_a_record() -> None:
    """'exd6 e.p.' (the mark as its own token) is the en passant capture."""
    game = CHESS.read_record("1. e4 Nf6 2. e5 d5 3. exd6 e.p. Nd5 *")[1]
    assert game.san_moves() == ["e4", "Nf6", "e5", "d5", "exd6", "Nd5"]
    assert game.positions[5].piece_at(CHESS.parse_square("d5")) is None


def test_backslash_in_a_tag_is_kept() -> None:
    r"""PGN escapes only \" and \\: any other backslash is part of the value."""
    tags = CHESS.read_record('[Black "Analysis\\ Analyse"]\n[White "a \\"b\\" \\\\"]\n\n*')[0]
    assert tags["Black"] == "Analysis\\ Analyse"
    assert tags["White"] == 'a "b" \\'


# --- null moves ------------------------------------------------------------------------------


@pytest.mark.parametrize("null", ["--", "Z0", "0000", "@@@@"])
def test_null_moves_are_read_as_the_null_move(null: str) -> None:
    """A null move passes the turn: the record reads on, SAN '--', UCI '0000'."""
    game = CHESS.read_record(f"1. e4 {null} 2. d4 d5 *")[1]
    assert game.moves[1] == NULL_MOVE
    assert game.san_moves() == ["e4", "--", "d4", "d5"]
    assert game.uci_moves() == ["e2e4", "0000", "d2d4", "d7d5"]
    assert game.position.fen() == "rnbqkbnr/ppp1pppp/8/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq d6 0 3"


def test_a_game_with_a_null_move_writes_and_reads_back() -> None:
    """Written as '--', read back the same; a take-back over it replays it."""
    game = CHESS.read_record("1. e4 -- 2. d4 *")[1]
    again = CHESS.read_record(CHESS.write_record(game, {}))[1]
    assert again.moves == game.moves
    assert game.take_back(1).moves == (game.moves[0], NULL_MOVE)


def test_null_move_while_in_check_is_refused() -> None:
    """Passing while in check would leave a king capturable: the record is refused there."""
    with pytest.raises(InvalidRecordError) as caught:
        CHESS.read_record("1. e4 f5 2. Qh5+ -- *")
    assert caught.value.ply == 4 and caught.value.move == "--"


def test_null_move_is_never_played() -> None:
    """In play (a move typed or given) a null move stays illegal."""
    with pytest.raises(IllegalMoveError):
        Game("chess").play(NULL_MOVE)
    with pytest.raises(InvalidMoveError):
        Game("chess").play("--")


# --- start positions -------------------------------------------------------------------------

IMPOSSIBLE_CASTLING = "rnbq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R1BQK2R w KQq - 0 1"


def test_impossible_castling_right_is_dropped_with_a_warning() -> None:
    """A lichess study FEN with 'q' but no black king on e8: read, 'q' dropped and said."""
    found = only_game(f'[SetUp "1"]\n[FEN "{IMPOSSIBLE_CASTLING}"]\n\n1. O-O Nc6 *')
    assert found.game.start.fen().split()[2] == "KQ"
    assert [(w.kind, w.detail) for w in found.warnings] == [
        (WarningKind.CASTLING_RIGHT_DROPPED, "q")
    ]
    assert found.game.san_moves() == ["O-O", "Nc6"]


def test_impossible_castling_right_is_still_refused_when_typed() -> None:
    """Strict validation stays for a position a player types."""
    with pytest.raises(InvalidFenError, match="castling right 'q'"):
        CHESS.from_fen(IMPOSSIBLE_CASTLING)


def test_impossible_en_passant_square_is_dropped_with_a_warning() -> None:
    found = only_game('[FEN "4k3/8/8/8/8/8/4P3/4K3 w - e6 0 1"]\n\n1. e4 *')
    assert [(w.kind, w.detail) for w in found.warnings] == [(WarningKind.EN_PASSANT_DROPPED, "e6")]


def test_a_fen_that_stays_impossible_is_refused_with_its_game_and_line() -> None:
    text = '[Event "ok"]\n\n1. e4 *\n\n[Event "bad"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*\n'
    first, second = read_all(text)
    assert isinstance(first, ReadGame)
    assert isinstance(second, InvalidRecordError)
    assert (second.game, second.line) == (2, 5)
    assert isinstance(second.__cause__, InvalidFenError)


# --- read as played --------------------------------------------------------------------------

ZUKERTORT_STEINITZ = "r3r3/ppp2kp1/2pb1p2/q2b3Q/5B2/1P5R/P1P2PPP/5RK1 b - - 19 29"


def test_a_record_read_past_fivefold_repetition_reports_where_it_ended() -> None:
    """Knights shuffling: the fifth occurrence ends the game today; the record goes on."""
    shuffle = "Nf3 Nf6 Ng1 Ng8 " * 5
    found = only_game(f"{shuffle} e4 *")
    assert found.game.ply == 21
    assert found.ending is not None
    assert found.ending.outcome == Outcome(Termination.FIVEFOLD_REPETITION, None)
    assert found.ending.ply == 16  # the start occurs the fifth time after 16 plies
    assert found.played_past_ending
    # Played move by move, the same game refuses the move after that point.
    game = Game("chess")
    for move in shuffle.split()[:16]:
        game = game.play(move)
    with pytest.raises(IllegalMoveError):
        game.play("Nf3")


def test_the_zukertort_steinitz_position_reads_past_its_end() -> None:
    """From the issue's 1886 position (Kf8 first), a record that shuffles on is read whole;
    the point where today's rules end it (fivefold repetition) is reported."""
    moves = "Kf8 Qh8+ Kf7 Qh5+ " * 33  # checks and king steps, no capture or pawn move
    found = only_game(f'[FEN "{ZUKERTORT_STEINITZ}"]\n\n{moves} *')
    assert found.game.san_moves()[0] == "Kf8" and found.game.ply == 132
    assert found.ending is not None and found.played_past_ending
    assert found.ending.outcome == Outcome(Termination.FIVEFOLD_REPETITION, None)
    assert found.ending.ply == 16


def test_a_record_read_past_the_seventy_five_move_rule() -> None:
    """At a clock of 148 plies, the second move reaches 150: drawn today, the third is read."""
    found = only_game('[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 148 100"]\n\n100. Ra2 Kd8 101. Ra3 *')
    assert found.ending is not None
    assert (found.ending.ply, found.ending.outcome.termination) == (
        2,
        Termination.SEVENTYFIVE_MOVES,
    )
    assert found.game.ply == 3 and found.played_past_ending


def test_a_record_read_past_a_dead_position() -> None:
    """After the last pawn is taken only kings and a knight remain: drawn today, read on."""
    text = '[FEN "4k3/8/8/8/8/8/3p4/4K1N1 w - - 0 1"]\n\n1. Kxd2 Kd7 2. Nf3 Ke6 *'
    found = only_game(text)
    assert found.ending is not None
    assert (found.ending.ply, found.ending.outcome.termination) == (
        1,
        Termination.INSUFFICIENT_MATERIAL,
    )
    assert found.game.ply == 4 and found.played_past_ending


def test_a_game_ending_in_mate_reports_the_mate_at_its_last_ply() -> None:
    found = only_game("1. f3 e5 2. g4 Qh4# 0-1")
    assert found.ending is not None
    assert found.ending.ply == 4
    assert found.ending.outcome == Outcome(Termination.CHECKMATE, Color.BLACK)
    assert not found.played_past_ending and found.result == "0-1"


def test_a_game_still_going_has_no_ending() -> None:
    found = only_game("1. e4 e5 *")
    assert found.ending is None and not found.played_past_ending


# --- several games, streamed -----------------------------------------------------------------


def test_several_games_are_read_in_order_with_index_and_line() -> None:
    text = (
        '[Event "one"]\n\n1. e4 e5 1-0\n\n'
        '[Event "two"]\n\n1. d4 d5 2. Ke3 *\n\n'
        '[Event "three"]\n[Result "*"]\n1. c4 *\n'
    )
    one, two, three = read_all(text)
    assert isinstance(one, ReadGame) and (one.index, one.line, one.result) == (1, 1, "1-0")
    assert isinstance(two, InvalidRecordError)
    assert (two.game, two.line, two.ply, two.move) == (2, 7, 3, "Ke3")
    assert "game 2, line 7" in str(two)
    assert isinstance(three, ReadGame) and three.index == 3 and three.line == 9
    assert three.game.san_moves() == ["c4"]


def test_a_game_without_a_result_ends_where_the_next_tags_begin() -> None:
    text = '[Event "one"]\n\n1. e4 e5\n[Event "two"]\n\n1. d4 *'
    games = [g for g in read_all(text) if isinstance(g, ReadGame)]
    assert [(g.tags["Event"], g.game.san_moves(), g.result) for g in games] == [
        ("one", ["e4", "e5"], None),
        ("two", ["d4"], "*"),
    ]


def test_games_stream_from_an_open_file_line_by_line() -> None:
    """Lines are read as they come: the first game is there before the file is read through."""
    lines_read: list[str] = []

    def lines() -> io.StringIO:
        return io.StringIO("".join(f'[Event "{n}"]\n\n1. e4 *\n\n' for n in range(1000)))

    def tracking() -> object:
        for line in lines():
            lines_read.append(line)
            yield line

    games = CHESS.read_games(tracking())  # type: ignore[arg-type]
    first = next(games)
    assert isinstance(first, ReadGame) and first.tags["Event"] == "0"
    assert len(lines_read) < 10
    assert sum(1 for _ in games) == 999


def test_a_broken_game_does_not_stop_the_next() -> None:
    """Unbalanced variation in game 1, unclosed comment in game 3: errors with their lines."""
    text = "1. e4 ) e5 *\n\n1. d4 *\n\n1. c4 { never closed\n"
    first, second, third = read_all(text)
    assert isinstance(first, InvalidRecordError) and (first.game, first.line) == (1, 1)
    assert isinstance(second, ReadGame) and second.game.san_moves() == ["d4"]
    assert isinstance(third, InvalidRecordError) and (third.game, third.line) == (3, 5)
    assert "never closed" in str(third)


# --- encodings -------------------------------------------------------------------------------


def test_latin1_file_is_read_as_windows_1252() -> None:
    """Bytes that are not UTF-8 are an older file: Latin-1/Windows-1252, names kept."""
    data = '[White "Müller, Jürgen"]\n[Black "Ståhlberg"]\n\n1. e4 *'.encode("latin-1")
    assert decode_record(data).encoding == "cp1252"
    found = only_game(data)
    assert found.tags["White"] == "Müller, Jürgen" and found.tags["Black"] == "Ståhlberg"


def test_utf8_file_is_read_as_utf8() -> None:
    data = '[White "Ding Liren 丁立人"]\n\n1. e4 *'.encode()
    assert decode_record(data).encoding == "utf-8"
    assert only_game(data).tags["White"] == "Ding Liren 丁立人"


@pytest.mark.parametrize(
    "data",
    [
        '[Event "A"]\n\n1. e4 *'.encode("utf-16"),
        '[Event "A"]\n\n1. e4 *\n'.encode("utf-16-le"),  # no byte-order mark, NULs throughout
        b"\x00\x01\x02PK",
        b'[Event "A"]\n\n1. e4 \x00\x07\x00 *\n\x00\x00',  # a NUL inside, not only padding
        b"\x00\x00\x00\x00",
    ],
)
def test_binary_or_utf16_bytes_are_refused_clearly(data: bytes) -> None:
    with pytest.raises(InvalidRecordError, match="not a text file"):
        read_all(data)


def test_nul_padding_at_the_end_of_a_file_is_not_binary() -> None:
    """pgnmentor's Stein.pgn and Miles.pgn end in two NUL bytes: every game is still read."""
    data = b'[Event "A"]\n\n1. e4 e5 1-0\n\n[Event "B"]\n\n1. d4 0-1\n\x00\x00'
    first, second = read_all(data)
    assert isinstance(first, ReadGame) and first.game.san_moves() == ["e4", "e5"]
    assert isinstance(second, ReadGame) and second.tags["Event"] == "B"
    assert decode_record(data).text.endswith("0-1\n")


def test_nul_padding_at_the_end_of_a_file_read_as_text_is_no_game() -> None:
    """The same padded file opened as text and streamed line by line: two games, no error."""
    text = '[Event "A"]\n\n1. e4 e5 1-0\n\n[Event "B"]\n\n1. d4 0-1\n\x00\x00'
    found = read_all(io.StringIO(text))
    assert [type(game) for game in found] == [ReadGame, ReadGame]


def test_nul_padding_at_the_end_of_a_xiangqi_record_is_not_binary() -> None:
    data = '[Game "Chinese Chess"]\n\n1. 炮二平五 馬８進７ *\n'.encode("big5") + b"\0\0"
    (found,) = XIANGQI.read_games(data)
    assert isinstance(found, ReadGame) and found.game.ply == 2


# --- the scanner alone -----------------------------------------------------------------------


def test_scanner_keeps_every_move_line() -> None:
    (game,) = scan_games('[Event "A"]\n1. e4\ne5 {a\ncomment} 2. Nf3\n*')
    assert game.moves == ["e4", "e5", "Nf3"] and game.lines == [2, 3, 4]
