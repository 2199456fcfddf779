"""Xiangqi notation: ICCS, WXF and Chinese moves written canonically and read leniently."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import (
    AmbiguousMoveError,
    IllegalMoveError,
    IllegalReason,
    InvalidMoveError,
    Move,
    RulesError,
)
from rules.xiangqi import XIANGQI, XiangqiPosition
from tests.examples import examples


def _move(position: XiangqiPosition, iccs: str) -> Move:
    return Move(XIANGQI.parse_square(iccs[:2]), XIANGQI.parse_square(iccs[2:]))


def _names(fen: str, iccs: str) -> tuple[str, str, str]:
    position = XIANGQI.from_fen(fen)
    move = _move(position, iccs)
    return position.uci(move), position.san(move), position.chinese(move)


def test_opening_moves_in_all_three_notations() -> None:
    """The central cannon and the horse reply read as players write them."""
    start = XIANGQI.start()
    assert _names(XIANGQI.start_fen, "h2e2") == ("h2e2", "C2.5", "炮二平五")
    after = start.play(_move(start, "h2e2"))
    assert after.san(_move(after, "h9g7")) == "H8+7"
    assert after.chinese(_move(after, "h9g7")) == "马８进７"
    assert _names(XIANGQI.start_fen, "i0i1") == ("i0i1", "R1+1", "车一进一")
    assert _names(XIANGQI.start_fen, "f0e1") == ("f0e1", "A4+5", "仕四进五")
    assert _names(XIANGQI.start_fen, "g0e2") == ("g0e2", "E3+5", "相三进五")
    assert _names(XIANGQI.start_fen, "c3c4") == ("c3c4", "P7+1", "兵七进一")
    assert _names(XIANGQI.start_fen, "e0e1") == ("e0e1", "K5+1", "帅五进一")


@pytest.mark.parametrize(
    "text",
    [
        "h2e2",
        "H2E2",
        "h2-e2",
        "H2-E2",
        " h2e2 ",
        "C2.5",
        "C2=5",
        "c2.5",
        "炮二平五",
        "砲二平五",
        "包二平五",
        "Ｃ２．５",
        "ｈ２ｅ２",
    ],
)
def test_many_spellings_of_the_central_cannon(text: str) -> None:
    """ICCS in any case or with a dash, WXF with . or =, Chinese in any style all parse."""
    start = XIANGQI.start()
    assert start.parse_move(text) == _move(start, "h2e2")


@pytest.mark.parametrize(
    ("text", "iccs"),
    [
        ("H2+3", "h0g2"),
        ("N2+3", "h0g2"),
        ("马二进三", "h0g2"),
        ("馬二進三", "h0g2"),
        ("傌二進三", "h0g2"),
        ("R1+1", "i0i1"),
        ("車九進一", "a0a1"),
        ("俥九进一", "a0a1"),
        ("E3+5", "g0e2"),
        ("B3+5", "g0e2"),
        ("相三进五", "g0e2"),
        ("象三进五", "g0e2"),
        ("A4+5", "f0e1"),
        ("士四进五", "f0e1"),
        ("K5+1", "e0e1"),
        ("帥五進一", "e0e1"),
        ("P7+1", "c3c4"),
        ("兵七进一", "c3c4"),
        ("卒七进一", "c3c4"),
    ],
)
def test_red_piece_names_and_letters(text: str, iccs: str) -> None:
    """Every accepted letter and character names the right red piece."""
    start = XIANGQI.start()
    assert start.parse_move(text) == _move(start, iccs)


@pytest.mark.parametrize(
    ("text", "iccs"),
    [
        ("马８进７", "h9g7"),
        ("马8进7", "h9g7"),
        ("馬８進７", "h9g7"),
        ("H8+7", "h9g7"),
        ("炮８平５", "h7e7"),
        ("C8.5", "h7e7"),
        ("卒３进１", "c6c5"),
        ("将5进1", "e9e8"),
        ("將５進１", "e9e8"),
        ("车1进1", "a9a8"),
        ("象３进５", "c9e7"),
        ("马八进七", "h9g7"),
    ],
)
def test_black_moves_count_files_from_blacks_right(text: str, iccs: str) -> None:
    """Black's file numbers run from black's right; digits of either width (or numerals)."""
    position = XIANGQI.start().play(Move(25, 22))  # h2e2
    assert position.parse_move(text) == _move(position, iccs)


TWO_CANNONS = "3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1"


def test_tandem_cannons_are_front_and_rear() -> None:
    """Two cannons on one file are written C+ / C- and 前炮 / 后炮."""
    assert _names(TWO_CANNONS, "h4e4")[1:] == ("C+.5", "前炮平五")
    assert _names(TWO_CANNONS, "h2e2")[1:] == ("C-.5", "后炮平五")
    assert _names(TWO_CANNONS, "h4h5")[1:] == ("C++1", "前炮进一")
    assert _names(TWO_CANNONS, "h2h3")[1:] == ("C-+1", "后炮进一")


@pytest.mark.parametrize(
    ("text", "iccs"),
    [
        ("C+.5", "h4e4"),
        ("+C.5", "h4e4"),
        ("C+=5", "h4e4"),
        ("前炮平五", "h4e4"),
        ("前砲平五", "h4e4"),
        ("炮前平五", "h4e4"),
        ("C-.5", "h2e2"),
        ("-C.5", "h2e2"),
        ("后炮平五", "h2e2"),
        ("後炮平五", "h2e2"),
        ("-C+1", "h2h3"),
        ("C-+1", "h2h3"),
    ],
)
def test_tandem_input_forms(text: str, iccs: str) -> None:
    """Front/rear markers are read before or after the letter, and in Chinese."""
    position = XIANGQI.from_fen(TWO_CANNONS)
    assert position.parse_move(text) == _move(position, iccs)


def test_file_number_on_a_tandem_piece_reads_when_only_one_can_move_so() -> None:
    """C2+1 with two cannons on file 2: only the front one can advance one and land free."""
    position = XIANGQI.from_fen(TWO_CANNONS)
    assert position.parse_move("C2+2") == _move(position, "h4h6")
    with pytest.raises(AmbiguousMoveError) as caught:
        position.parse_move("C2.5")
    assert set(caught.value.candidate_names) == {"C+.5", "C-.5"}
    assert set(caught.value.candidates) == {_move(position, "h4e4"), _move(position, "h2e2")}


def test_black_tandem_chariots_front_is_nearer_red() -> None:
    """For black the front piece is the one further down the board."""
    fen = "3k5/1r7/9/9/9/1r7/9/9/9/4K4 b - - 0 1"
    assert _names(fen, "b4b3")[1:] == ("R++1", "前车进１")
    assert _names(fen, "b8c8")[1:] == ("R-.3", "后车平３")


def test_advisors_on_one_file_are_told_apart_by_direction() -> None:
    """Advisors (and elephants) never take tandem markers: forward/back is enough."""
    fen = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1"
    assert _names(fen, "d0e1")[1:] == ("A6+5", "仕六进五")
    assert _names(fen, "d2e1")[1:] == ("A6-5", "仕六退五")
    position = XIANGQI.from_fen(fen)
    assert position.parse_move("A6-5") == _move(position, "d2e1")


THREE_SOLDIERS = "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1"


def test_three_soldiers_on_a_file_front_middle_rear() -> None:
    """WXF: P+, P5 (the middle keeps its file), P-; Chinese 前兵, 中兵, 后兵."""
    assert _names(THREE_SOLDIERS, "e7d7")[1:] == ("P+.6", "前兵平六")
    assert _names(THREE_SOLDIERS, "e6d6")[1:] == ("P5.6", "中兵平六")
    assert _names(THREE_SOLDIERS, "e5f5")[1:] == ("P-.4", "后兵平四")


def test_four_and_five_soldiers_on_a_file() -> None:
    """WXF names the outermost ++ and --; Chinese counts 前, 二, 三, (四,) 后."""
    four = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1"
    assert [_names(four, f"e{r}d{r}")[1] for r in (8, 7, 6, 5)] == ["++.6", "P+.6", "P-.6", "--.6"]
    assert [_names(four, f"e{r}d{r}")[2] for r in (8, 7, 6, 5)] == [
        "前兵平六",
        "二兵平六",
        "三兵平六",
        "后兵平六",
    ]
    five = "3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1"
    assert [_names(five, f"e{r}d{r}")[1] for r in (8, 7, 6, 5)] == ["++.6", "P+.6", "P5.6", "P-.6"]
    assert _names(five, "e7d7")[2] == "二兵平六"
    assert _names(five, "e5d5")[2] == "四兵平六"
    position = XIANGQI.from_fen(five)
    for r in (8, 7, 6, 5):
        move = _move(position, f"e{r}d{r}")
        assert position.parse_move(position.san(move)) == move
        assert position.parse_move(position.chinese(move)) == move


TWO_SOLDIER_FILES = "3k5/9/2P1P4/2P1P4/2P6/9/9/9/9/5K3 w - - 0 1"


def test_soldiers_on_two_files_use_the_file_number_instead_of_the_letter() -> None:
    """With several soldiers on two files: 5+, 5-, 7+, 77 (middle), 7- and 前五, 中七, …"""
    assert _names(TWO_SOLDIER_FILES, "e7e8")[1:] == ("5++1", "前五进一")
    assert _names(TWO_SOLDIER_FILES, "e6f6")[1:] == ("5-.4", "后五平四")
    assert _names(TWO_SOLDIER_FILES, "c7c8")[1:] == ("7++1", "前七进一")
    assert _names(TWO_SOLDIER_FILES, "c6b6")[1:] == ("77.8", "中七平八")
    assert _names(TWO_SOLDIER_FILES, "c5b5")[1:] == ("7-.8", "后七平八")


def test_soldier_front_marker_without_a_file_is_ambiguous_on_two_files() -> None:
    """P++1 could be either front soldier: the error lists both, in WXF."""
    position = XIANGQI.from_fen(TWO_SOLDIER_FILES)
    with pytest.raises(AmbiguousMoveError) as caught:
        position.parse_move("P++1")
    assert set(caught.value.candidate_names) == {"5++1", "7++1"}
    assert "5++1" in str(caught.value)


def test_fairy_stockfish_forms_are_read() -> None:
    """Fairy-Stockfish writes C8+7 for a tandem cannon and 23=2 for the second soldier."""
    fen = "rnbaka2r/9/4b3n/p5p1p/2p5c/P3p1B2/RCP3P2/1C7/N8/2BAKAR2 w - - 0 13"
    position = XIANGQI.from_fen(fen)
    assert position.parse_move("C8+7") == _move(position, "b2b9")
    assert position.san(_move(position, "b2b9")) == "C-+7"
    fen = "2b2a3/9/3k1a2b/6P2/2p6/9/2p6/8B/2p6/2B2K3 b - - 13 45"
    position = XIANGQI.from_fen(fen)
    assert position.parse_move("23=2") == _move(position, "c3b3")
    assert position.san(_move(position, "c3b3")) == "P3.2"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "xyz",
        "Nf3",
        "e2e4e",
        "h2e",
        "C2.0",
        "C0.5",
        "C2*5",
        "Q2.5",
        "炮二平",
        "炮十平五",
        "炮二走五",
        "i9j9",
        "h2h10",
        "z" * 50,
        "5X.4",
        "++.+",
    ],
)
def test_text_that_is_no_move_is_invalid(text: str) -> None:
    """Text in no notation raises InvalidMoveError quoting it."""
    with pytest.raises(InvalidMoveError) as caught:
        XIANGQI.start().parse_move(text)
    assert caught.value.text == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("H5+3", IllegalReason.NO_SUCH_PIECE),
        ("C+.5", IllegalReason.NO_SUCH_PIECE),
        ("H2+5", IllegalReason.CANNOT_REACH),
        ("A4.5", IllegalReason.CANNOT_REACH),
        ("R1+5", IllegalReason.PATH_BLOCKED),
        ("E3+4", IllegalReason.CANNOT_REACH),
        ("P7-1", IllegalReason.CANNOT_REACH),
        ("C2+9", IllegalReason.CANNOT_REACH),
        ("马五进三", IllegalReason.NO_SUCH_PIECE),
        ("e4e5", IllegalReason.NO_PIECE),
    ],
)
def test_well_formed_but_illegal_moves_say_why(text: str, reason: IllegalReason) -> None:
    """A move that parses but cannot be played raises IllegalMoveError with the reason."""
    with pytest.raises(IllegalMoveError) as caught:
        XIANGQI.start().parse_move(text)
    assert caught.value.reason is reason
    assert caught.value.fen == XIANGQI.start_fen


def test_writing_an_illegal_move_raises() -> None:
    """san/chinese refuse a move that is not legal in the position."""
    start = XIANGQI.start()
    with pytest.raises(IllegalMoveError):
        start.san(Move(0, 80))
    with pytest.raises(IllegalMoveError):
        start.chinese(Move(25, 70))  # h2h7: a cannon capture with no screen


@st.composite
def positions(draw: st.DrawFn) -> XiangqiPosition:
    """A position reached by a random sequence of legal moves from the start."""
    position = XIANGQI.start()
    for choice in draw(
        st.lists(st.integers(min_value=0, max_value=10_000), min_size=10, max_size=120)
    ):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.play(moves[choice % len(moves)])
    return position


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_legal_move_round_trips_through_all_notations(position: XiangqiPosition) -> None:
    """Each legal move, written in ICCS, WXF or Chinese, parses back to itself."""
    for move in position.legal_moves():
        for write in (position.uci, position.san, position.chinese):
            assert position.parse_move(write(move)) == move


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_written_names_are_unique_in_each_position(position: XiangqiPosition) -> None:
    """No two legal moves share a WXF or a Chinese name."""
    moves = position.legal_moves()
    assert len({position.san(m) for m in moves}) == len(moves)
    assert len({position.chinese(m) for m in moves}) == len(moves)


NOTATION_ALPHABET = "abcdehiknprABCEHKNPR0123456789+-.=/ 前后中炮马车兵卒进退平一二五８"


@settings(max_examples=examples(400), deadline=None)
@given(st.one_of(st.text(max_size=20), st.text(alphabet=NOTATION_ALPHABET, max_size=8)))
def test_arbitrary_text_raises_only_rules_errors(text: str) -> None:
    """parse_move returns a legal move or raises a RulesError subclass, never anything else."""
    for position in (XIANGQI.start(), XIANGQI.from_fen(TWO_SOLDIER_FILES)):
        try:
            move = position.parse_move(text)
        except RulesError:
            continue
        assert position.is_legal(move)


def test_chinese_notation_in_traditional_characters() -> None:
    """The same moves in traditional characters (馬 車 進 後 帥 將), read back as themselves."""
    position = XIANGQI.start()
    for move in position.legal_moves():
        simplified = position.chinese(move)
        traditional = position.chinese(move, traditional=True)
        assert not set(traditional) & set("马车进后帅将"), traditional
        assert position.parse_move(traditional) == move
        assert simplified.translate(str.maketrans("马车进后帅将", "馬車進後帥將")) == traditional
    horse = position.parse_move("h0g2")
    assert position.chinese(horse, traditional=True) == "馬二進三"
