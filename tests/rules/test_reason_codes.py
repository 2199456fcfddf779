"""The rules engine says why a move or a FEN is refused with stable codes and the facts each
code names, never with English the bot would have to match."""

from __future__ import annotations

import string

import pytest

from rules import FenProblem, IllegalMoveError, IllegalReason, InvalidFenError
from rules.chess import CHESS
from rules.errors import _FEN_TEXT, describe
from rules.xiangqi import XIANGQI

XQ_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def test_illegal_reasons_are_codes_named_as_their_values() -> None:
    """Each reason's value is its own name, so it can be stored, logged and looked up."""
    for reason in IllegalReason:
        assert reason.value == reason.name
        assert describe(reason)  # developers still get English in the exception text


@pytest.mark.parametrize(
    ("fen", "text", "reason"),
    [
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nf4", IllegalReason.PINNED),
        ("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", IllegalReason.NO_CASTLING_RIGHTS),
        ("4k3/8/8/8/8/8/8/R3K1NR w K - 0 1", "O-O", IllegalReason.CASTLING_BLOCKED),
        ("4k3/8/8/8/8/8/8/3NK2R w K - 0 1", "Kd1", IllegalReason.OWN_PIECE),
        (CHESS.start_fen, "Bc4", IllegalReason.PATH_BLOCKED),
        ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kd2", IllegalReason.INTO_CHECK),
    ],
)
def test_chess_illegal_moves_carry_a_code(fen: str, text: str, reason: IllegalReason) -> None:
    """Pinned, castling without rights, path blocked…: the error's ``reason`` is the code."""
    with pytest.raises(IllegalMoveError) as raised:
        CHESS.from_fen(fen).parse_move(text)
    assert raised.value.reason is reason


def test_xiangqi_generals_facing_is_a_code() -> None:
    """Moving the piece between the generals away is GENERALS_FACE."""
    position = XIANGQI.from_fen("4k4/9/9/9/9/9/9/9/4H4/4K4 w - - 0 1")
    with pytest.raises(IllegalMoveError) as raised:
        position.parse_move("e1d3")
    assert raised.value.reason is IllegalReason.GENERALS_FACE


CHESS_FENS = [
    ("", FenProblem.FIELD_COUNT, {"minimum": 4, "maximum": 6, "found": 0}),
    ("rnbqkbnr/8 w - - 0 1", FenProblem.RANK_COUNT, {"expected": 8, "found": 2}),
    ("4k3/8/8/8/8/8/8/4K2X w - - 0 1", FenProblem.BAD_CHARACTER, {"character": "X", "rank": 1}),
    ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", FenProblem.RANK_LENGTH, {"rank": 1, "found": 7}),
    ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenProblem.SIDE_TO_MOVE, {"found": "x"}),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", FenProblem.PAWN_ON_BACK_RANK, {"square": "a8"}),
    ("4k3/8/8/8/8/8/8/4KK2 w - - 0 1", FenProblem.KING_COUNT, {"white": 2, "black": 1}),
    ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", FenProblem.BAD_CASTLING_FIELD, {"found": "X"}),
    (
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        FenProblem.CASTLING_WITHOUT_PIECES,
        {"right": "K", "king_square": "e1", "rook_square": "h1"},
    ),
    ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", FenProblem.BAD_EN_PASSANT_SQUARE, {"found": "z9"}),
    ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", FenProblem.EN_PASSANT_WITHOUT_DOUBLE_STEP, {}),
    ("4k3/8/8/8/8/8/8/4K3 w - - x 1", FenProblem.BAD_COUNTER, {"field": "halfmove clock"}),
    ("4k3/8/8/8/8/8/8/4K3 w - - 9999999 1", FenProblem.COUNTER_OUT_OF_RANGE, {}),
    ("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", FenProblem.OPPONENT_IN_CHECK, {"side": "black"}),
]
XIANGQI_FENS = [
    ("", FenProblem.EMPTY, {}),
    (XQ_START.replace(" - - ", " K - "), FenProblem.FIELD_MUST_BE_EMPTY, {"field": "castling"}),
    ("3k5/9/9/9/9/9/9/9/9/2K6 w", FenProblem.GENERAL_OUTSIDE_PALACE, {"side": "red"}),
    ("3k5/9/9/9/9/9/9/4A4/9/4K4 w", FenProblem.ADVISOR_OFF_POINT, {"square": "e2"}),
    ("3k5/9/9/9/9/9/9/9/9/1B2K4 w", FenProblem.ELEPHANT_OFF_POINT, {"square": "b0"}),
    ("3k5/9/9/9/9/9/9/9/P8/4K4 w", FenProblem.SOLDIER_BEHIND_START, {"square": "a1"}),
    ("3k5/9/9/9/9/9/1P7/9/9/4K4 w", FenProblem.SOLDIER_OFF_FILE, {"square": "b3"}),
    (
        XQ_START.replace("1C5C1/9", "1CC3C2/9"),
        FenProblem.TOO_MANY_PIECES,
        {"side": "red", "piece": "cannon", "found": 3, "limit": 2},
    ),
    ("rnbakabnr/9/9/9/9/9/9/9/9/RNBA1ABNR w", FenProblem.NO_GENERAL, {"side": "red"}),
    ("4k4/9/9/9/9/9/9/9/9/4K4 w", FenProblem.GENERALS_FACE, {}),
]


@pytest.mark.parametrize(
    ("variant", "fen", "problem", "details"),
    [(CHESS, *case) for case in CHESS_FENS] + [(XIANGQI, *case) for case in XIANGQI_FENS],
)
def test_refused_fens_carry_a_code_and_its_facts(
    variant: object, fen: str, problem: FenProblem, details: dict[str, object]
) -> None:
    """Each refusal names its ``FenProblem`` and the facts its sentence needs."""
    with pytest.raises(InvalidFenError) as raised:
        variant.from_fen(fen)  # type: ignore[attr-defined]
    assert raised.value.problem is problem
    assert details.items() <= raised.value.details.items()


def test_every_fen_problem_names_the_facts_its_english_uses() -> None:
    """The developers' English of each code uses only the facts listed for it (so the bot's
    translations can use the same names)."""
    assert set(_FEN_TEXT) == set(FenProblem)
    for problem, text in _FEN_TEXT.items():
        names = {field for _, field, _, _ in string.Formatter().parse(text) if field}
        assert all(name.isidentifier() for name in names), problem
