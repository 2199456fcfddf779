"""Sentences for ``/analyse``'s facts, shared by both adapters (the Discord adapter escapes
them before adding its own markup; the console prints them as they are)."""

from __future__ import annotations

from bot.service import GameView
from bot.service.analysis import AnalysisProgress
from bot.service.analysis_report import GameAnalysis, JudgedMove, PlayerFigures

# How many judged moves the summary lists before saying how many more there are.
LISTED_MOVES = 12


def progress(game: GameView, now: AnalysisProgress) -> str:
    """``Analysing alice vs bob · chess (game #12): 23/80 positions…``"""
    return f"Analysing {game.title} (game #{game.id}): {now.done}/{now.total} positions…"


def still_running(game: GameView, now: AnalysisProgress) -> str:
    """What the asker reads when their message can no longer be updated."""
    return (
        f"Still analysing {game.title} (game #{game.id}): {now.done}/{now.total} positions. "
        f"It carries on in the background; ask /analyse game:{game.id} again for the result."
    )


def heading(analysis: GameAnalysis) -> str:
    game = analysis.game
    return f"Analysis of {game.title} (game #{game.id})"


def budget(analysis: GameAnalysis) -> str:
    return f"Engine analysis, {analysis.nodes:,} nodes a position."


def player_line(analysis: GameAnalysis, figures: PlayerFigures) -> str:
    """``white alice: accuracy 82%, average loss 25 cp · inaccuracies 1, mistakes 0,
    blunders 0``"""
    game = analysis.game
    name = game.player(figures.color).name
    if figures.accuracy is None or figures.average_loss is None:
        return f"{game.color_name(figures.color)} {name}: no move to judge"
    return (
        f"{game.color_name(figures.color)} {name}: accuracy {figures.accuracy:.0f}%, "
        f"average loss {figures.average_loss} cp · inaccuracies {figures.inaccuracies}, "
        f"mistakes {figures.mistakes}, blunders {figures.blunders}"
    )


def judged_move(move: JudgedMove) -> str:
    """``3... Nf6?? (blunder; Nce7 was best)``"""
    glyph = move.judgement.glyph if move.judgement else ""
    grade = move.judgement.value if move.judgement else "the move that lost most"
    best = f"; {move.best} was best" if move.best else ""
    return f"{move.number} {move.played}{glyph} ({grade}{best})"


def critical(analysis: GameAnalysis) -> str:
    if analysis.critical is None:
        return "No critical moment: every move was the engine's choice."
    return f"Critical moment: {judged_move(analysis.critical)}."


def judged_moves(analysis: GameAnalysis) -> list[str]:
    """Every inaccuracy, mistake and blunder in order, at most ``LISTED_MOVES`` of them and
    how many more."""
    judged = [move for move in analysis.moves if move.judgement is not None]
    lines = [judged_move(move) for move in judged[:LISTED_MOVES]]
    if len(judged) > LISTED_MOVES:
        lines.append(f"and {len(judged) - LISTED_MOVES} more (see the record)")
    return lines


def summary(analysis: GameAnalysis) -> str:
    """The whole analysis as plain lines."""
    lines = [
        f"{heading(analysis)}. {budget(analysis)}",
        player_line(analysis, analysis.white),
        player_line(analysis, analysis.black),
        critical(analysis),
    ]
    judged = judged_moves(analysis)
    if judged:
        lines.append("Inaccuracies, mistakes and blunders: " + " · ".join(judged))
    else:
        lines.append("No inaccuracy, mistake or blunder.")
    return "\n".join(lines)
