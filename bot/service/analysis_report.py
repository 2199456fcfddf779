"""An analysis's report, from its stored evaluations: each move judged by lichess's rules
(``bot.service.judgement``) with the engine's better move, each player's figures, the
critical moment, the record with ``[%eval]`` comments, and the pictures (drawn on demand)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import rules
from bot.engine.api import Score
from bot.render.arrows import Arrow, ArrowKind, render_arrows
from bot.render.eval_graph import AxisTick, GraphLegend, GraphMark, render_eval_graph
from bot.service.game_facts import record_extension
from bot.service.judgement import (
    CP_CEILING,
    Judgement,
    SideFigures,
    as_centipawns,
    game_figures,
    judge,
    win_percent,
    winning_chances,
)
from bot.service.notation import said_move
from bot.service.reports import record_tags
from bot.service.results import BoardView, GameView
from bot.store import GameRecord, PositionEvaluation
from rules import Color


def _tick(centipawns: int) -> AxisTick:
    """An evaluation in pawns (``+2``, ``0``, ``–5``, an en dash for minus) at its height."""
    pawns = f"{centipawns // 100:+d}".replace("-", "–") if centipawns else "0"
    return AxisTick(pawns, winning_chances(centipawns))


# The longest engine line the record gives after a judged move (lichess's are of this kind).
VARIATION_PLIES = 10

# The graph's axis: the evaluations lichess's players read, in pawns.
EVALUATION_TICKS = tuple(_tick(cp) for cp in (500, 200, 100, 0, -100, -200, -500))


@dataclass(frozen=True, slots=True)
class JudgedMove:
    """A move and the engine's view of it. ``ply``: the move is the ``ply``-th of the game;
    ``number``: ``12.`` or ``12...``; ``played``/``best``: in the game's notation (``best``
    None when the move played was the engine's choice); ``loss``: win percentage points the
    mover lost (0..100); ``before``/``after``: the evaluations around it, the mover's view."""

    ply: int
    mover: Color
    number: str
    played: str
    best: str | None
    judgement: Judgement | None
    loss: float
    before: Score
    after: Score


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """A player's accuracy (0..100) and average centipawn loss (None without a move) and
    how many moves of each grade they made."""

    color: Color
    accuracy: float | None
    average_loss: int | None
    inaccuracies: int
    mistakes: int
    blunders: int


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """A finished analysis, as facts. ``evaluations[ply]``: the position after ``ply``
    moves, from the first player's (white's, red's) view. ``record``: the PGN (chess) or
    record (xiangqi) with an ``[%eval]`` comment after each move. ``critical``: the move
    that lost the most, where the engine preferred another (None: every move was its
    choice). Drawing is slow: adapters call ``graph_png`` and ``critical_png`` in a worker
    thread."""

    game: GameView
    replay: rules.Game
    evaluations: tuple[Score, ...]  # a mate on the board: ±1000 centipawns
    moves: tuple[JudgedMove, ...]
    white: PlayerFigures
    black: PlayerFigures
    critical: JudgedMove | None
    record: str
    record_filename: str
    nodes: int
    board: BoardView = field(repr=False)

    def graph_png(
        self, width: int = 800, height: int = 240, legend: GraphLegend | None = None
    ) -> bytes:
        """The evaluation graph, evaluations in pawns up its left edge; ``legend``: the
        marks' names in the reader's language, in a row below it."""
        start = self.replay.start
        marks = [GraphMark(m.ply, m.judgement.value) for m in self.moves if m.judgement]
        return render_eval_graph(
            [winning_chances(as_centipawns(score)) for score in self.evaluations],
            marks=marks,
            critical=self.critical.ply if self.critical else None,
            first_move_number=start.fullmove_number,
            black_first=start.side_to_move is Color.BLACK,
            variant=self.game.variant,
            width=width,
            height=height,
            axis=EVALUATION_TICKS,
            legend=legend,
        )

    def critical_png(self, size: int = 512) -> bytes | None:
        """The position before the critical move, the mover at the bottom, the move played
        (red) and the engine's (green) as arrows; a janggi pass, which goes nowhere, has
        none."""
        critical = self.critical
        if critical is None:
            return None
        position = self.replay.positions[critical.ply - 1]
        moves = (
            (self.replay.moves[critical.ply - 1], ArrowKind.PLAYED),
            (_best_move(position, critical.best), ArrowKind.BEST),
        )
        arrows = [
            Arrow(move.from_square, move.to_square, kind)
            for move, kind in moves
            if move is not None and move.from_square != move.to_square
        ]
        return render_arrows(
            position,
            arrows,
            orientation=critical.mover,
            size=size,
            theme=self.board.theme,
            pieces=self.board.pieces,
        )


def build_analysis(
    view: GameView,
    record: GameRecord,
    replay: rules.Game,
    evaluations: Sequence[PositionEvaluation],
    nodes: int,
    board: BoardView,
    name: Callable[[rules.Position, rules.Move], str] = said_move,
) -> GameAnalysis:
    """The report of a game whose every position is evaluated (``evaluations`` by ply),
    its moves named by ``name`` (the asker's notation; by default the game's standard
    one, said in the reader's language, see ``said_move``). Raises ValueError when a
    position is missing."""
    if [e.ply for e in evaluations] != list(range(replay.ply + 1)):
        raise ValueError(f"the analysis of game {record.id} is missing positions")
    scores = [Score(centipawns=e.centipawns, mate=e.mate) for e in evaluations]
    white_view = tuple(
        _white_view(score, position)
        for score, position in zip(scores, replay.positions, strict=True)
    )
    moves = tuple(
        _judged(replay, ply, scores, evaluations, name) for ply in range(1, replay.ply + 1)
    )
    white_first = replay.start.side_to_move is Color.WHITE
    figures = game_figures([as_centipawns(score) for score in white_view], white_first)
    white, black = (
        _player(color, figure, moves)
        for color, figure in zip((Color.WHITE, Color.BLACK), figures, strict=True)
    )
    candidates = [m for m in moves if m.best is not None and m.loss > 0]
    critical = max(candidates, key=lambda m: (m.loss, -m.ply)) if candidates else None
    return GameAnalysis(
        game=view,
        replay=replay,
        evaluations=white_view,
        moves=moves,
        white=white,
        black=black,
        critical=critical,
        record=_record(replay, view, record, white_view, moves, evaluations),
        record_filename=f"postal-{record.variant}-{record.id}-analysis.{record_extension(record.variant)}",
        nodes=nodes,
        board=board,
    )


def _white_view(score: Score, position: rules.Position) -> Score:
    """``score`` (the side to move's view) from white's (red's) view; a side mated on the
    board (mate 0, which has no sign to turn) as ±1000 centipawns."""
    if score.mate == 0:
        mated_white = position.side_to_move is Color.WHITE
        return Score(centipawns=-CP_CEILING if mated_white else CP_CEILING)
    return score if position.side_to_move is Color.WHITE else score.negated()


def _judged(
    replay: rules.Game,
    ply: int,
    scores: Sequence[Score],
    evaluations: Sequence[PositionEvaluation],
    name: Callable[[rules.Position, rules.Move], str],
) -> JudgedMove:
    """The ``ply``-th move with the evaluations before and after it."""
    position = replay.positions[ply - 1]
    move = replay.moves[ply - 1]
    mover = position.side_to_move
    before = scores[ply - 1]
    after = scores[ply].negated()
    best_uci = evaluations[ply - 1].best_move
    best = None
    if best_uci is not None and best_uci != position.uci(move):
        chosen = _best_move(position, best_uci)
        best = name(position, chosen) if chosen is not None else None
    mover_before = win_percent(before)
    # The position after: from the mover's view, the opponent's score turned round; a
    # mate delivered (the opponent mated already, mate 0) is the best there is.
    mover_after = 100.0 if scores[ply].mate == 0 else win_percent(after)
    # As lichess: only a move where the engine wanted another is judged. The engine's own
    # choice can still score lower one ply later (the next search sees further), and a
    # grade with no better move to show says nothing the player can use.
    judged = best is not None and scores[ply].mate != 0
    judgement = judge(before, after) if judged else None
    number = position.fullmove_number
    return JudgedMove(
        ply=ply,
        mover=mover,
        number=f"{number}." if mover is Color.WHITE else f"{number}...",
        played=name(position, move),
        best=best,
        judgement=judgement,
        loss=max(0.0, mover_before - mover_after),
        before=before,
        after=after,
    )


def _best_move(position: rules.Position, text: str | None) -> rules.Move | None:
    if text is None:
        return None
    try:
        return position.parse_move(text)
    except rules.RulesError:
        return None


def _player(
    color: Color, figures: SideFigures | None, moves: tuple[JudgedMove, ...]
) -> PlayerFigures:
    graded = [m.judgement for m in moves if m.mover is color and m.judgement is not None]
    return PlayerFigures(
        color=color,
        accuracy=figures.accuracy if figures else None,
        average_loss=figures.average_loss if figures else None,
        inaccuracies=graded.count(Judgement.INACCURACY),
        mistakes=graded.count(Judgement.MISTAKE),
        blunders=graded.count(Judgement.BLUNDER),
    )


def eval_comment(score: Score) -> str:
    """Lichess's PGN evaluation comment, from white's view: ``[%eval 0.31]``,
    ``[%eval -1.50]``, ``[%eval #3]``, ``[%eval #-2]``."""
    if score.mate is not None:
        return f"[%eval #{score.mate}]"
    assert score.centipawns is not None
    return f"[%eval {score.centipawns / 100:.2f}]"


def _record(
    replay: rules.Game,
    view: GameView,
    record: GameRecord,
    white_view: tuple[Score, ...],
    moves: Sequence[JudgedMove],
    evaluations: Sequence[PositionEvaluation],
) -> str:
    """The game's record with each move followed by the evaluation of the position it
    led to (none after the move that ended the game on the board: lichess writes none);
    each judged move carries its mark (``?!``, ``?``, ``??``) and the engine's line from
    its best move, as a variation (up to ``VARIATION_PLIES`` moves)."""
    comments = {
        ply: eval_comment(white_view[ply])
        for ply in range(1, replay.ply + 1)
        if replay.positions[ply].legal_moves()
    }
    judged = [m for m in moves if m.judgement is not None]
    nags = {m.ply: m.judgement.glyph for m in judged if m.judgement is not None}
    variations = {m.ply: _line(evaluations[m.ply - 1])[:VARIATION_PLIES] for m in judged}
    tags = record_tags(view, record)
    tags["Annotator"] = "Postal"
    annotations = rules.Annotations(nags, variations)
    return replay.variant.write_record(replay, tags, comments, annotations)


def _line(evaluation: PositionEvaluation) -> tuple[str, ...]:
    """The engine's line from a position: its stored line, or at least its best move (an
    evaluation stored before lines were kept has only the move)."""
    if evaluation.pv:
        return evaluation.pv
    return (evaluation.best_move,) if evaluation.best_move else ()
