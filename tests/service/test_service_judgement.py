"""Lichess's formulas and thresholds, checked against the figures lila's own tests expect
(modules/analyse/src/test/AccuracyPercentTest.scala) and against hand-computed values."""

from __future__ import annotations

import math

import pytest

from bot.engine.api import Score
from bot.service.judgement import (
    INITIAL_CENTIPAWNS,
    Judgement,
    as_centipawns,
    game_figures,
    judge,
    move_accuracy,
    win_percent,
    winning_chances,
)


def cp(value: int) -> Score:
    return Score(centipawns=value)


def mate(value: int) -> Score:
    return Score(mate=value)


def accuracies(cps: list[int], white_first: bool = True) -> tuple[float, float] | None:
    """lila's ``gameAccuracy(startColor, cps)``: the start is lichess's initial evaluation."""
    white, black = game_figures([INITIAL_CENTIPAWNS, *cps], white_first)
    if white is None or black is None:
        return None
    return white.accuracy, black.accuracy


def test_win_percent_is_lichess_logistic_and_ceiled() -> None:
    """50 + 50·(2/(1+e^(−0.00368208·cp)) − 1), centipawns ceiled at ±1000, mates as ±1000."""
    assert win_percent(cp(0)) == 50
    expected = 50 + 50 * (2 / (1 + math.exp(-0.00368208 * 300)) - 1)
    assert win_percent(cp(300)) == pytest.approx(expected)
    assert win_percent(cp(300)) == pytest.approx(75.12, abs=0.01)
    assert win_percent(cp(5000)) == win_percent(cp(1000))
    assert win_percent(mate(3)) == win_percent(cp(1000))
    assert win_percent(mate(-2)) == win_percent(cp(-1000))
    assert win_percent(mate(0)) == win_percent(cp(-1000))  # mated already
    assert as_centipawns(mate(0)) == -1000


def test_move_accuracy_formula() -> None:
    """103.1668·e^(−0.04354·drop) − 3.1669, plus lichess's 1-point bonus, within 0..100."""
    assert move_accuracy(60, 60) == 100
    assert move_accuracy(40, 70) == 100
    drop = 20.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * drop) - 3.166924740191411
    assert move_accuracy(70, 50) == pytest.approx(raw + 1)
    assert move_accuracy(100, 0) == 0


@pytest.mark.parametrize(
    ("cps", "white", "black", "white_tol", "black_tol"),
    [
        ([15, 15], 100, 100, 1, 1),
        ([-900, -900], 10, 100, 5, 1),
        ([15, 900], 100, 10, 1, 5),
        ([-900, 0], 10, 10, 5, 5),
        ([15] * 20, 100, 100, 1, 1),
        ([15] * 20 + [-900], 50, 100, 5, 1),
        ([15] * 21 + [900], 100, 50, 1, 5),
        ([-50, 15] * 5, 76, 76, 8, 8),
        ([-50, 15] * 50, 76, 76, 8, 8),
        ([-135, 15] * 50, 54, 54, 8, 8),
        ([-435, 15] * 50, 20, 20, 8, 8),
    ],
)
def test_game_accuracy_matches_lila_tests(
    cps: list[int], white: float, black: float, white_tol: float, black_tol: float
) -> None:
    """The cases of lila's AccuracyPercentTest, white moving first."""
    result = accuracies(cps)
    assert result is not None
    assert result[0] == pytest.approx(white, abs=white_tol)
    assert result[1] == pytest.approx(black, abs=black_tol)


@pytest.mark.parametrize(
    ("cps", "black", "white", "black_tol", "white_tol"),
    [
        ([15, 15], 100, 100, 1, 1),
        ([900, 900], 10, 100, 5, 1),
        ([15, -900], 100, 10, 1, 5),
        ([900, 0], 10, 10, 5, 5),
    ],
)
def test_game_accuracy_black_first_matches_lila_tests(
    cps: list[int], black: float, white: float, black_tol: float, white_tol: float
) -> None:
    """lila's cases for a game whose first move is black's (a custom start)."""
    result = accuracies(cps, white_first=False)
    assert result is not None
    assert result[0] == pytest.approx(white, abs=white_tol)
    assert result[1] == pytest.approx(black, abs=black_tol)


def test_no_accuracy_without_a_move_each() -> None:
    """An empty game or a single move gives a side no figures, as lila's None."""
    assert accuracies([]) is None
    assert accuracies([15]) is None
    white, black = game_figures([15, 15])
    assert white is not None and white.moves == 1 and black is None


def test_average_centipawn_loss() -> None:
    """Each move's loss of ceiled centipawns from the mover's side, never below 0, averaged
    and rounded (lila AccuracyCP)."""
    # white: 20 -> -30 loses 50; black: -30 -> 2000 (ceiled 1000) loses 1030;
    # white: 1000 -> 1000 loses 0; black: 1000 -> 900 gains.
    white, black = game_figures([20, -30, 2000, 2000, 900])
    assert white is not None and black is not None
    assert white.average_loss == 25
    assert black.average_loss == 515


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        (cp(0), cp(0), None),
        (cp(50), cp(0), None),
        # winning chances drop ≥ 0.1, 0.2, 0.3 on the [-1, 1] scale
        (cp(0), cp(-55), Judgement.INACCURACY),
        (cp(0), cp(-111), Judgement.MISTAKE),
        (cp(0), cp(-110), Judgement.INACCURACY),
        (cp(0), cp(-169), Judgement.BLUNDER),
        (cp(0), cp(-168), Judgement.MISTAKE),
        (cp(0), cp(-50), None),
        (cp(300), cp(-300), Judgement.BLUNDER),
        (cp(2000), cp(1000), None),  # still winning: chances hardly move
        # a mate against the mover: a blunder from a normal position, milder when lost anyway
        (cp(0), mate(-3), Judgement.BLUNDER),
        (cp(-800), mate(-3), Judgement.MISTAKE),
        (cp(-1200), mate(-3), Judgement.INACCURACY),
        # a forced mate let go
        (mate(2), cp(200), Judgement.BLUNDER),
        (mate(2), cp(800), Judgement.MISTAKE),
        (mate(2), cp(1500), Judgement.INACCURACY),
        (mate(2), mate(-4), Judgement.BLUNDER),
        (mate(2), mate(5), None),  # a slower mate: lichess says nothing
        (mate(-5), mate(-2), None),
    ],
)
def test_judgements_follow_lila_advice(
    before: Score, after: Score, expected: Judgement | None
) -> None:
    """Inaccuracy, mistake and blunder as lila's Advice decides them (mover's view)."""
    assert judge(before, after) is expected


def test_thresholds_sit_where_lichess_puts_them() -> None:
    """The centipawn drops from an equal position that cross each threshold."""
    assert (
        winning_chances(0) - winning_chances(-54) < 0.1 <= winning_chances(0) - winning_chances(-55)
    )


def test_glyphs() -> None:
    assert [j.glyph for j in Judgement] == ["?!", "?", "??"]
    assert [j.nag for j in Judgement] == [6, 2, 4]
