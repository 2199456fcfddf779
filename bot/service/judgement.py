"""Lichess's judgement of moves, from an engine's evaluations: winning chances, each move's
accuracy, each player's game accuracy and average centipawn loss, and inaccuracies, mistakes
and blunders.

The formulas and thresholds are lichess's, read in its source (AGPL: facts only, no code):

- winning chances and win percentage: scalachess ``core/src/main/scala/eval.scala``
  (``WinPercent.winningChances``: ``2 / (1 + exp(-0.00368208 * cp)) - 1`` clamped to
  [-1, 1]; ``fromCentiPawns``: ``50 + 50 * winningChances(cp ceiled to ±1000)``; a mate
  counts as ±1000 centipawns);
- a move's accuracy and a game's accuracy: lila ``modules/analyse/src/main/AccuracyPercent.scala``
  (``fromWinPercents``: ``103.1668100711649 * exp(-0.04354415386753951 * drop)
  - 3.166924740191411``, plus 1 for the analysis's own uncertainty, within [0, 100], and 100
  when the mover's win percentage did not drop; ``gameAccuracy``: the mean of a
  volatility-weighted mean and a harmonic mean, windows of ``moves / 10`` clamped to 2..8,
  weights the windows' standard deviations clamped to 0.5..12), with the means of scalalib
  ``lila/src/main/scala/Maths.scala`` (harmonic mean of ``max(1, v)``; population deviation);
- average centipawn loss: lila ``modules/analyse/src/main/AccuracyCP.scala`` (each move's loss
  of ceiled centipawns, never below 0, averaged and rounded);
- inaccuracy, mistake, blunder: lila ``modules/tree/src/main/Advice.scala`` (a drop of the
  mover's winning chances of 0.1, 0.2, 0.3 on the [-1, 1] scale, i.e. 5, 10 and 15 win
  percentage points; when a mate is involved: a mate against the mover created from a
  position above -700 centipawns is a blunder, above -1000 a mistake, else an inaccuracy; a
  forced mate lost, judged the same way by the centipawns after it).

Scores here are ``bot.engine.api.Score`` values from one stated side's point of view.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.engine.api import Score

CP_CEILING = 1000
WIN_MULTIPLIER = -0.00368208
# Lichess's evaluation of the standard start (scalachess ``WhiteScore.initial``).
INITIAL_CENTIPAWNS = 15
# Drops of winning chances ([-1, 1] scale), the worst first (lila ``winningChanceJudgements``).
WINNING_CHANCE_DROPS = ((0.3, "blunder"), (0.2, "mistake"), (0.1, "inaccuracy"))


class Judgement(Enum):
    """How bad a move was, lichess's three grades."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def glyph(self) -> str:
        """The PGN annotation lichess writes after such a move."""
        return {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}[self.value]

    @property
    def nag(self) -> int:
        """The PGN Numeric Annotation Glyph of ``glyph`` ($6, $2, $4)."""
        return {"inaccuracy": 6, "mistake": 2, "blunder": 4}[self.value]


def as_centipawns(score: Score) -> int:
    """``score`` as centipawns within ±1000, a mate as ±1000 (being mated, or mated already:
    -1000), from the same point of view."""
    if score.mate is not None:
        return CP_CEILING if score.mate > 0 else -CP_CEILING
    assert score.centipawns is not None
    return max(-CP_CEILING, min(CP_CEILING, score.centipawns))


def winning_chances(centipawns: int) -> float:
    """Lichess's winning chances of ``centipawns``, from -1 (lost) to 1 (won)."""
    chances = 2 / (1 + math.exp(WIN_MULTIPLIER * centipawns)) - 1
    return max(-1.0, min(1.0, chances))


def win_percent(score: Score) -> float:
    """How likely the side whose point of view ``score`` is wins: 0..100."""
    return 50 + 50 * winning_chances(as_centipawns(score))


def move_accuracy(before: float, after: float) -> float:
    """A move's accuracy (0..100) from the mover's win percentage before and after it."""
    if after >= before:
        return 100.0
    drop = before - after
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * drop) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def judge(before: Score, after: Score) -> Judgement | None:
    """The grade of a move, from evaluations of the positions before and after it, both from
    the mover's point of view; None for a move that was good enough."""
    if before.centipawns is not None and after.centipawns is not None:
        drop = winning_chances(before.centipawns) - winning_chances(after.centipawns)
        for threshold, name in WINNING_CHANCE_DROPS:
            if drop >= threshold:
                return Judgement(name)
        return None
    created = before.mate is None and after.mate is not None and after.mate < 0
    lost = before.mate is not None and before.mate > 0 and (after.mate is None or after.mate < 0)
    if created:
        return _by_centipawns(-(before.centipawns or 0))
    if lost:
        return _by_centipawns(after.centipawns or 0)
    return None


def _by_centipawns(centipawns: int) -> Judgement:
    """A mate created against the mover (judged by how lost they already were) or a forced
    mate lost (judged by how well they still stand): both by ``centipawns`` in their
    favour, worse the closer the position was."""
    if centipawns > 999:
        return Judgement.INACCURACY
    if centipawns > 700:
        return Judgement.MISTAKE
    return Judgement.BLUNDER


@dataclass(frozen=True, slots=True)
class SideFigures:
    """One player's accuracy (0..100) and average centipawn loss, over their moves."""

    accuracy: float
    average_loss: int
    moves: int


def _windows(values: Sequence[float], size: int) -> list[Sequence[float]]:
    """Lichess's windows over ``values``: the first window repeated so that the first
    moves get one too, then every window of ``size`` (the whole list if shorter)."""
    first = [values[:size]] * max(0, min(size, len(values)) - 2)
    sliding = [values[i : i + size] for i in range(len(values) - size + 1)] or [values]
    return first + sliding


def game_figures(
    white_centipawns: Sequence[int], white_first: bool = True
) -> tuple[SideFigures | None, SideFigures | None]:
    """Each player's figures (white's, black's; None for a side without a move) from the
    evaluations of every position of a game from white's point of view, the start included
    (``white_centipawns[0]``; lichess uses ``INITIAL_CENTIPAWNS`` there), ceiled to ±1000.
    ``white_first``: whether white made the first move."""
    ceiled = [max(-CP_CEILING, min(CP_CEILING, cp)) for cp in white_centipawns]
    percents = [50 + 50 * winning_chances(cp) for cp in ceiled]
    moves = len(percents) - 1
    size = max(2, min(8, moves // 10))
    weights = [max(0.5, min(12.0, statistics.pstdev(w))) for w in _windows(percents, size)]
    accuracies: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    losses: dict[bool, list[int]] = {True: [], False: []}
    for index, weight in zip(range(moves), weights, strict=False):
        white = (index % 2 == 0) == white_first
        before, after = percents[index], percents[index + 1]
        if not white:  # black's win percentage is the rest of white's
            before, after = 100 - before, 100 - after
        accuracies[white].append((move_accuracy(before, after), weight))
    for index in range(moves):
        white = (index % 2 == 0) == white_first
        lost = ceiled[index] - ceiled[index + 1]
        losses[white].append(max(0, lost if white else -lost))
    return _side(accuracies[True], losses[True]), _side(accuracies[False], losses[False])


def _side(weighted: list[tuple[float, float]], losses: list[int]) -> SideFigures | None:
    if not weighted:
        return None
    total = sum(weight for _, weight in weighted)
    weighted_mean = sum(value * weight for value, weight in weighted) / total
    harmonic = len(weighted) / sum(1 / max(1.0, value) for value, _ in weighted)
    average_loss = round(sum(losses) / len(losses)) if losses else 0
    return SideFigures((weighted_mean + harmonic) / 2, average_loss, len(weighted))
