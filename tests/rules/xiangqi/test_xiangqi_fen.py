"""Xiangqi FEN: reading, writing, and refusing positions that cannot arise."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Color, InvalidFenError, Piece
from rules.xiangqi import START_FEN, XIANGQI
from tests.examples import examples


def test_start_position_round_trips() -> None:
    """The start FEN reads and writes back unchanged; "startpos" names it too."""
    start = XIANGQI.from_fen(START_FEN)
    assert start.fen() == START_FEN
    assert XIANGQI.from_fen("startpos") == start == XIANGQI.start()
    assert start.side_to_move is Color.WHITE
    assert (start.halfmove_clock, start.fullmove_number) == (0, 1)


def test_pieces_and_squares_of_the_start_position() -> None:
    """Red's general stands on e0 and black's on e9; a0 holds a red chariot."""
    start = XIANGQI.start()
    assert start.king_square(Color.WHITE) == XIANGQI.parse_square("e0") == 4
    assert start.king_square(Color.BLACK) == XIANGQI.parse_square("e9") == 85
    assert start.piece_at(0) == Piece("r", Color.WHITE)
    assert start.piece_at(XIANGQI.parse_square("h7")) == Piece("c", Color.BLACK)
    assert start.piece_at(40) is None
    assert len(start.pieces()) == 32
    assert Piece("c", Color.WHITE).symbol == "C"


def test_elephant_and_horse_letters_e_and_h_are_accepted() -> None:
    """``e``/``h`` read as elephant/horse and are written back as ``b``/``n``."""
    fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1"
    assert XIANGQI.from_fen(fen).fen() == START_FEN


def test_r_means_red_to_move_and_b_black() -> None:
    """The side field accepts ``r`` for red as well as ``w``."""
    assert XIANGQI.from_fen(START_FEN.replace(" w ", " r ")).side_to_move is Color.WHITE
    black = XIANGQI.from_fen(START_FEN.replace(" w ", " b "))
    assert black.side_to_move is Color.BLACK
    assert black.fen().split()[1] == "b"


def test_missing_trailing_fields_take_defaults() -> None:
    """Placement alone, or placement and side, is enough."""
    placement = START_FEN.split()[0]
    assert XIANGQI.from_fen(placement).fen() == START_FEN
    assert XIANGQI.from_fen(placement + " b").fen() == placement + " b - - 0 1"


def test_clocks_advance_as_moves_are_played() -> None:
    """The move number grows after black moves; the halfmove clock resets on captures."""
    position = XIANGQI.start()
    for iccs in ("h2e2", "h7e7", "e2e6"):
        position = position.play(position.parse_move(iccs))
    assert position.fen().endswith(" b - - 0 2")
    assert position.is_check()  # the cannon checks through black's own cannon
    position = position.play(position.parse_move("f9e8"))
    assert position.fen().endswith(" w - - 1 3")


@pytest.mark.parametrize(
    ("fen", "reason"),
    [
        ("", "empty"),
        ("rnbakabnr/9/1c5c1 w - - 0 1", "expected 10 ranks"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1", "9 files"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", "9 files"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w - - 0 1", "'Q'"),
        (START_FEN.replace(" w ", " x "), "side to move"),
        (START_FEN.replace(" - - ", " K - "), "castling"),
        (START_FEN.replace(" - - ", " - e3 "), "en passant"),
        (START_FEN.replace(" 0 1", " -1 1"), "halfmove"),
        (START_FEN.replace(" 0 1", " 0 0"), "move number"),
        (START_FEN + " extra", "1 to 6 fields"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", "red has no"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CC3C2/9/RNBAKABNR w - - 0 1", "3 cannons"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w - - 0 1", "2 generals"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/PPP1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "starting file"),
        ("3k5/9/9/9/9/9/9/9/P8/4K4 w - - 0 1", "behind its start rank"),
        ("3k5/9/p8/9/9/9/9/9/9/4K4 w - - 0 1", "behind its start rank"),
        ("3k5/9/9/9/9/9/9/9/9/2K6 w - - 0 1", "outside its palace"),
        ("9/9/9/9/9/9/3k5/9/9/4K4 w - - 0 1", "outside its palace"),
        ("3k5/9/9/9/9/9/9/4A4/9/4K4 w - - 0 1", "advisor cannot stand on e2"),
        ("3k5/9/9/9/9/9/9/9/4A4/4K3A w - - 0 1", "advisor cannot stand on i0"),
        ("3k5/9/9/9/9/9/9/9/9/1B2K4 w - - 0 1", "elephant cannot stand on b0"),
        ("3k5/9/9/2B6/9/9/9/9/9/4K4 w - - 0 1", "elephant cannot stand on c6"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "generals face each other"),
        ("3k5/9/9/9/3R5/9/9/9/9/4K4 w - - 0 1", "black is in check but it is red to move"),
        ("3k5/9/9/9/9/9/9/9/4r4/4K4 b - - 0 1", "red is in check but it is black to move"),
    ],
)
def test_invalid_fens_are_refused_with_a_reason(fen: str, reason: str) -> None:
    """Each impossible FEN raises InvalidFenError whose reason says what is wrong."""
    with pytest.raises(InvalidFenError) as caught:
        XIANGQI.from_fen(fen)
    assert reason in caught.value.reason
    assert caught.value.fen == fen


def test_side_to_move_may_be_in_check() -> None:
    """Only the side not to move may not be in check; the mover may."""
    position = XIANGQI.from_fen("3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1")
    assert position.is_check()


def test_soldiers_across_the_river_may_stand_on_any_file() -> None:
    """A crossed soldier may have moved sideways, so any file is fine."""
    position = XIANGQI.from_fen("3k5/9/1P7/9/9/5p3/9/9/9/4K4 w - - 0 1")
    assert len(position.pieces()) == 4


def test_positions_are_equal_and_hashable_by_value() -> None:
    """Two routes to the same position give equal, equally hashed positions."""
    a = XIANGQI.start()
    for iccs in ("h0g2", "h9g7", "g2h0", "g7h9"):
        a = a.play(a.parse_move(iccs))
    b = XIANGQI.start()
    assert a.repetition_key() == b.repetition_key()
    assert a != b  # the clocks differ
    c = XIANGQI.from_fen(a.fen())
    assert a == c and hash(a) == hash(c)
    assert len({a, c, b}) == 2


def test_square_names_and_parsing() -> None:
    """Squares are named a0..i9; bad names raise ValueError."""
    assert XIANGQI.square_name(0) == "a0"
    assert XIANGQI.square_name(89) == "i9"
    assert XIANGQI.parse_square("E0") == 4
    for bad in ("j0", "a10", "", "e"):
        with pytest.raises(ValueError):
            XIANGQI.parse_square(bad)
    with pytest.raises(ValueError):
        XIANGQI.square_name(90)
    with pytest.raises(ValueError):
        XIANGQI.start().piece_at(-1)


FEN_ALPHABET = "rnbakcpehRNBAKCPEH123456789/ wbr-0"


@settings(max_examples=examples(500), deadline=None)
@given(st.one_of(st.text(max_size=80), st.text(alphabet=FEN_ALPHABET, max_size=90)))
def test_arbitrary_strings_raise_only_invalid_fen(text: str) -> None:
    """from_fen returns a position or raises InvalidFenError, never another error."""
    try:
        position = XIANGQI.from_fen(text)
    except InvalidFenError:
        return
    assert XIANGQI.from_fen(position.fen()) == position


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from("rnbakcp12345RNBAKCP"), min_size=5, max_size=9))
def test_mutated_start_ranks_never_crash(rank: list[str]) -> None:
    """Replacing red's back rank with random pieces yields a position or InvalidFenError."""
    fields = START_FEN.split(" ")
    rows = fields[0].split("/")
    rows[-1] = "".join(rank)
    try:
        XIANGQI.from_fen(" ".join(["/".join(rows), *fields[1:]]))
    except InvalidFenError as error:
        assert error.reason
