"""Janggi endings, FEN, setups and notation, against pyffish (Fairy-Stockfish) where it
has an answer."""

from __future__ import annotations

import pyffish
import pytest

from rules import (
    Color,
    Game,
    IllegalMoveError,
    IllegalReason,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Termination,
    get_variant,
)
from rules.janggi import JANGGI, START_FEN, Setup, start_fen


def _fsf_ending(fen: str, moves: list[str]) -> int | None:
    """pyffish's verdict after ``moves``: the value for the side to move, or None."""
    for ended, value in (
        pyffish.is_immediate_game_end("janggi", fen, moves),
        pyffish.is_optional_game_end("janggi", fen, moves),
    ):
        if ended:
            return int(value)
    if not pyffish.legal_moves("janggi", fen, moves):
        return int(pyffish.game_result("janggi", fen, moves))
    return None


def _ending(fen: str, moves: list[str]) -> tuple[Termination, Color]:
    """Postal's ending after ``moves``, checked to be the one pyffish gives."""
    game = Game("janggi", fen)
    for ply, move in enumerate(moves):
        assert game.outcome() is None, f"ended before ply {ply}"
        assert _fsf_ending(fen, moves[:ply]) is None
        game = game.play(move)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is not None
    value = _fsf_ending(fen, moves)
    assert value is not None and value != 0
    to_move = game.position.side_to_move
    assert (outcome.winner is to_move) == (value > 0)
    return outcome.termination, outcome.winner


def test_janggi_is_registered() -> None:
    """``get_variant("janggi")`` serves the janggi variant, starting as Fairy-Stockfish."""
    assert get_variant("janggi") is JANGGI
    assert JANGGI.start().fen() == START_FEN == pyffish.start_fen("janggi")


def test_two_passes_end_the_game_and_han_wins_an_even_count() -> None:
    """A pass answered by a pass ends the game by counting; Han's 1.5 wins a level count."""
    assert _ending(START_FEN, ["e2e2", "e9e9"]) == (Termination.DOUBLE_PASS, Color.BLACK)


def test_the_general_named_on_its_own_point_is_a_pass_as_fairy_stockfish_writes_it() -> None:
    """``Ke2`` with Cho's general on e2 reads as the pass, the SAN pyffish (and so /pgn)
    writes for it; ``Ke1`` is the general's move down, no pass."""
    start = JANGGI.start()
    assert pyffish.get_san("janggi", START_FEN, "e2e2") == "Ke2"
    assert start.parse_move("Ke2") == start.pass_move() == start.parse_move("pass")
    down = start.parse_move("Ke1")
    assert down == start.parse_move("e2e1") and down != start.pass_move()


def test_passing_in_bikjang_ends_the_game_by_counting() -> None:
    """Passing while the generals face each other ends the game; Cho's guard (3) beats
    Han's 1.5."""
    fen = "3k5/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1"
    assert JANGGI.from_fen(fen).is_bikjang()
    assert _ending(fen, ["d1d1"]) == (Termination.BIKJANG, Color.WHITE)


def test_bikjang_must_be_broken_or_passed() -> None:
    """In bikjang no move may keep the generals facing (d1d2 would); passing stays legal."""
    position = JANGGI.from_fen("3k5/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1")
    assert {position.uci(m) for m in position.legal_moves()} == {"d1e1", "e2d2", "e2d3", "d1d1"}
    with pytest.raises(IllegalMoveError) as raised:
        position.parse_move("e2f2")
    assert raised.value.reason is IllegalReason.GENERALS_FACE


def test_checkmate_by_two_chariots() -> None:
    """A general in check with no move (passing is no escape from check) is mated."""
    game = Game("janggi", "R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner) == (Termination.CHECKMATE, Color.WHITE)
    assert pyffish.legal_moves("janggi", game.position.fen(), []) == []
    with pytest.raises(IllegalMoveError):
        JANGGI.from_fen("R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1").play(Move(84, 84))


def test_perpetual_check_loses() -> None:
    """The third occurrence reached by checking with every move loses for the checker."""
    fen = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1"
    cycle = ["a9a10", "d10d9", "a10a9", "d9d10"]
    assert _ending(fen, cycle * 2) == (Termination.PERPETUAL_CHECK, Color.BLACK)


def test_quiet_repetition_is_decided_by_counting() -> None:
    """A third occurrence without perpetual check goes to the side ahead on points."""
    fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"
    cycle = ["a1a2", "d10d9", "a2a1", "d9d10"]
    assert _ending(fen, cycle * 2) == (Termination.REPETITION, Color.WHITE)


def test_a_hundred_plies_without_capture_end_by_counting() -> None:
    """The 100th ply without a capture ends the game by counting."""
    fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 99 60"
    assert _ending(fen, ["a1a2"]) == (Termination.MOVE_LIMIT, Color.WHITE)


def test_counting_points() -> None:
    """The start counts 72 for Cho and 73.5 for Han."""
    start = JANGGI.start()
    assert (start.points(Color.WHITE), start.points(Color.BLACK)) == (72, 73.5)


@pytest.mark.parametrize(
    ("fen", "problem"),
    [
        ("3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1", "GENERAL_OUTSIDE_PALACE"),
        ("3k5/9/9/9/9/9/9/9/9/A3K4 w - - 0 1", "ADVISOR_OFF_POINT"),
        ("3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1", "SOLDIER_BEHIND_START"),
        ("3k5/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1", "TOO_MANY_PIECES"),
        ("3k5/9/9/9/9/9/9/9/9/9 w - - 0 1", "NO_GENERAL"),
        ("R2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "OPPONENT_IN_CHECK"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 w KQ - 0 1", "FIELD_MUST_BE_EMPTY"),
    ],
)
def test_impossible_fens_are_refused(fen: str, problem: str) -> None:
    """A FEN that cannot arise in a game is refused with the reason's code."""
    with pytest.raises(InvalidFenError) as raised:
        JANGGI.from_fen(fen)
    assert raised.value.problem.value == problem


def test_setups_from_each_players_left() -> None:
    """The four setups, named from each player's own left, make FENs pyffish accepts."""
    fen = start_fen(Setup.MA_SANG_MA_SANG, Setup.SANG_MA_SANG_MA)
    assert fen.startswith("rnba1anbr/") and "/RNBA1ANBR w " in fen
    assert start_fen(Setup.SANG_MA_MA_SANG, Setup.SANG_MA_MA_SANG).startswith("rbna1anbr/")
    for cho in Setup:
        for han in Setup:
            position = JANGGI.start_position(cho, han)
            assert pyffish.validate_fen(position.fen(), "janggi") == pyffish.FEN_OK


def test_korean_notation() -> None:
    """Moves read in Korean notation: row from Han's edge (0 for the tenth), then column."""
    game = Game("janggi").play("79졸78").play("12馬33").play("08마87").play("한수쉼")
    assert game.uci_moves() == ["i4h4", "b10c8", "h1g3", "e9e9"]
    assert game.san_moves() == ["79졸78", "12마33", "08마87", "한수쉼"]
    position = JANGGI.from_fen(Game("janggi").play("i4h4").position.fen())
    assert position.san(position.parse_move("47병48")) == "47병48"
    assert position.korean(position.parse_move("g7f7"), hanja=True) == "47兵46"


@pytest.mark.parametrize(
    "text", ["79졸78", "79卒78", "P79-78", "79-78", "7978", "79 졸 78", "i4h4", "I4-H4", "79졸78+"]
)
def test_one_move_in_every_accepted_form(text: str) -> None:
    """Every accepted notation names the same move."""
    assert JANGGI.start().uci(JANGGI.start().parse_move(text)) == "i4h4"


@pytest.mark.parametrize("text", ["pass", "한수쉼", "e2e2", "95장95", "95楚95", "0000"])
def test_passing_in_every_accepted_form(text: str) -> None:
    """A pass is read from any of its forms and written as the general's square twice."""
    start = JANGGI.start()
    move = start.parse_move(text)
    assert start.uci(move) == "e2e2" and start.san(move) == "한수쉼"


def test_bad_moves_are_refused_with_a_reason() -> None:
    """A wrong piece name, a square off the board or a pass in check is refused."""
    start = JANGGI.start()
    with pytest.raises(IllegalMoveError) as raised:
        start.parse_move("79차78")
    assert raised.value.reason is IllegalReason.NO_SUCH_PIECE
    with pytest.raises(InvalidMoveError):
        start.parse_move("j1j2")
    with pytest.raises(InvalidMoveError):
        start.parse_move("Nf3xx")
    in_check = JANGGI.from_fen("R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1")
    with pytest.raises(IllegalMoveError) as raised:
        in_check.parse_move("pass")
    assert raised.value.reason is IllegalReason.IN_CHECK


def test_korean_points_are_fairy_stockfish_s() -> None:
    """Korean notation's points are the ones Fairy-Stockfish's janggi notation writes, and
    every legal move reads back from its Korean and coordinate forms."""
    position = Game("janggi").play("b1c3").play("b10c8").position
    fen = position.fen()
    for move in position.legal_moves():
        ours = position.san(move)
        theirs = pyffish.get_san("janggi", fen, position.uci(move), False, pyffish.NOTATION_JANGGI)
        if ours != "한수쉼":
            assert ours[:2] + ours[-2:] == theirs[1:3] + theirs[-2:]
        assert position.parse_move(ours) == move
        assert position.parse_move(position.uci(move)) == move
