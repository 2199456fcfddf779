"""Xiangqi records read as played, and which start positions a record (or a player) may give."""

from __future__ import annotations

import pytest

from rules import Color, Game, InvalidFenError, InvalidRecordError, Outcome, Termination
from rules.errors import IllegalMoveError
from rules.records import ReadGame
from rules.xiangqi import XIANGQI
from tests.rules.xiangqi.boards import fen_of

SHUFFLE = "h0g2 h9g7 g2h0 g7h9 " * 2  # the start position occurs the third time after ply 8


def test_a_record_read_past_a_third_repetition_reports_where_it_ended() -> None:
    """Clubs did not adjudicate every repetition: the record goes on and is read; the
    reader says the rules would have drawn it after ply 8."""
    (found,) = XIANGQI.read_games(f"1. {SHUFFLE} h2e2 h7e7 *")
    assert isinstance(found, ReadGame)
    assert found.game.ply == 10
    assert found.ending is not None
    assert (found.ending.ply, found.ending.outcome) == (8, Outcome(Termination.REPETITION, None))
    assert found.played_past_ending
    # Played move by move, the game is over at that point.
    game = Game("xiangqi")
    for move in SHUFFLE.split():
        game = game.play(move)
    with pytest.raises(IllegalMoveError):
        game.play("h2e2")


def test_read_record_reads_past_the_end_too() -> None:
    tags, game = XIANGQI.read_record(f'[Event "x"]\n\n{SHUFFLE} h2e2 *')
    assert tags == {"Event": "x"} and game.ply == 9


def test_a_perpetual_check_read_past_its_end() -> None:
    """Red checks with every move of the cycle: red would have lost at the third occurrence."""
    fen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"
    checks = "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9"
    (found,) = XIANGQI.read_games(f'[FEN "{fen}"]\n\n{checks} d9d8 *')
    assert isinstance(found, ReadGame) and found.ending is not None
    assert found.ending.outcome == Outcome(Termination.PERPETUAL_CHECK, Color.BLACK)
    assert found.played_past_ending


def test_several_xiangqi_games_with_index_and_line() -> None:
    text = "1. h2e2 h9g7 *\n\n1. h2e2 h9h1 *\n\n1. b0c2 *\n"
    first, second, third = XIANGQI.read_games(text)
    assert isinstance(first, ReadGame) and isinstance(third, ReadGame)
    assert isinstance(second, InvalidRecordError)
    assert (second.game, second.line, second.ply, second.move) == (2, 3, 2, "h9h1")


# --- which start positions are legal ---------------------------------------------------------
# A piece stands only where it could stand in a game: advisors on the five points of their
# palace, elephants on their seven points, on their own side of the river. Fairy-Stockfish does
# not check this (it accepts an advisor on g0); Postal refuses such a position, typed or in a
# record, because no game can reach it.

RED_ADVISOR_OK = ("d0", "f0", "e1", "d2", "f2")
RED_ELEPHANT_OK = ("c0", "g0", "a2", "e2", "i2", "c4", "g4")


def fen_with(piece: str, square: str) -> str:
    """A position with the two generals (e0, d9) and one red piece on ``square``."""
    return fen_of({square: piece})


@pytest.mark.parametrize("square", RED_ADVISOR_OK)
def test_an_advisor_on_a_palace_point_is_legal(square: str) -> None:
    assert XIANGQI.from_fen(fen_with("A", square)).piece_at(XIANGQI.parse_square(square))


@pytest.mark.parametrize("square", ["g0", "d1", "c0", "e3", "f3"])
def test_an_advisor_off_its_points_is_refused(square: str) -> None:
    with pytest.raises(InvalidFenError, match=f"advisor cannot stand on {square}"):
        XIANGQI.from_fen(fen_with("A", square))


@pytest.mark.parametrize("square", RED_ELEPHANT_OK)
def test_an_elephant_on_its_points_is_legal(square: str) -> None:
    assert XIANGQI.from_fen(fen_with("B", square)).piece_at(XIANGQI.parse_square(square))


@pytest.mark.parametrize("square", ["g1", "e1", "b2", "c6", "e4"])
def test_an_elephant_off_its_points_is_refused(square: str) -> None:
    with pytest.raises(InvalidFenError, match=f"elephant cannot stand on {square}"):
        XIANGQI.from_fen(fen_with("B", square))


def test_a_record_starting_with_an_advisor_on_g0_is_refused_with_its_place() -> None:
    """The start of a real record Fairy-Stockfish accepts: refused, with game and line."""
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/6B2/RNBAK1ANR w - - 0 1"
    text = f'[Event "ok"]\n\n1. h2e2 *\n\n[Event "bad"]\n[FEN "{fen}"]\n\n1. h2e2 *\n'
    first, second = XIANGQI.read_games(text)
    assert isinstance(first, ReadGame)
    assert isinstance(second, InvalidRecordError)
    assert (second.game, second.line) == (2, 5)
    assert "advisor cannot stand on g0" in str(second)


# --- encodings of Chinese record files -------------------------------------------------------

TRADITIONAL = '[Event "測試"]\n[Red "胡榮華"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ *'
SIMPLIFIED = '[Event "测试"]\n[Red "胡荣华"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *'


@pytest.mark.parametrize(
    ("text", "encoding"),
    [(TRADITIONAL, "big5"), (TRADITIONAL, "gb18030"), (SIMPLIFIED, "gb18030"), (SIMPLIFIED, "gbk")],
)
def test_chinese_record_files_in_legacy_encodings(text: str, encoding: str) -> None:
    """Mainland files are GBK/GB18030, Taiwan and Hong Kong ones Big5: the one that reads the
    Chinese move notation is chosen, names and moves come out as written."""
    (found,) = XIANGQI.read_games(text.encode(encoding))
    assert isinstance(found, ReadGame)
    assert found.tags["Red"] == ("胡榮華" if text is TRADITIONAL else "胡荣华")
    assert found.game.uci_moves() == ["h2e2", "h9g7", "h0g2", "i9h9"]
