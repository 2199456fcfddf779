"""Sentences for ``/analyse``'s facts, shared by both adapters (the Discord adapter escapes
them before adding its own markup; the console prints them as they are), in the reader's
language (``bot.i18n``)."""

from __future__ import annotations

from bot.i18n import _, ngettext, pgettext
from bot.i18n.names import Command, Option
from bot.i18n.numbers import number_text
from bot.i18n.text import say
from bot.render.eval_graph import GraphLegend
from bot.service import GameView
from bot.service.analysis import AnalysisProgress
from bot.service.analysis_report import GameAnalysis, JudgedMove, PlayerFigures
from bot.service.judgement import Judgement
from bot.text.boards import opening_text
from bot.text.phrases import color_text
from rules import Color

# How many judged moves the summary lists before saying how many more there are.
LISTED_MOVES = 12


def _game(game: GameView) -> str:
    return _("{white} vs {black} · {variant} (game #{id})").format(
        white=game.white.name, black=game.black.name, variant=_variant(game.variant), id=game.id
    )


def _variant(name: str) -> str:
    """The variant's name in the reader's language (象棋, 샹치, シャンチー), as every other
    title says it; a name Postal does not know stays as it is."""
    if name == "chess":
        return _("chess")
    if name == "xiangqi":
        return _("xiangqi")
    if name == "chess960":
        return _("Chess960")
    return name


def progress(game: GameView, now: AnalysisProgress) -> str:
    """``Analysing alice vs bob · chess (game #12): 23/80 positions…``"""
    return _("Analysing {game}: {done}/{total} positions…").format(
        game=_game(game), done=number_text(now.done), total=number_text(now.total)
    )


def still_running(game: GameView, now: AnalysisProgress) -> str:
    """What the asker reads when their message can no longer be updated."""
    return _(
        "Still analysing {game}: {done}/{total} positions. It carries on in the background; "
        "ask {command} {option} again for the result."
    ).format(
        game=_game(game),
        done=number_text(now.done),
        total=number_text(now.total),
        command=say(Command("analyse")),
        option=say(Option("game", game.id)),
    )


def heading(analysis: GameAnalysis) -> str:
    return _("Analysis of {game}").format(game=_game(analysis.game))


def budget(analysis: GameAnalysis) -> str:
    """``Engine analysis, 20,000 nodes a position.``, then the opening reached if known."""
    said = _("Engine analysis, {nodes} nodes a position.").format(nodes=number_text(analysis.nodes))
    opening = opening_text(analysis.game)
    if not opening:
        return said
    return pgettext("sentences", "{sentence} {next}").format(sentence=said, next=say(opening))


def _side(game: GameView, color: Color) -> str:
    """The side as the game names it: white, red (xiangqi) or Cho (janggi), and so on."""
    return say(color_text(game.variant, color))


def player_line(analysis: GameAnalysis, figures: PlayerFigures) -> str:
    """``white alice: accuracy 82%, average loss 25 cp · 1 inaccuracy, 0 mistakes,
    0 blunders``"""
    game = analysis.game
    side, name = _side(game, figures.color), game.player(figures.color).name
    if figures.accuracy is None or figures.average_loss is None:
        return _("{side} {name}: no move to judge").format(side=side, name=name)
    inaccuracies, mistakes, blunders = figures.inaccuracies, figures.mistakes, figures.blunders
    counts = pgettext("list separator", ", ").join(
        (
            ngettext("{count} inaccuracy", "{count} inaccuracies", inaccuracies).format(
                count=number_text(inaccuracies)
            ),
            ngettext("{count} mistake", "{count} mistakes", mistakes).format(
                count=number_text(mistakes)
            ),
            ngettext("{count} blunder", "{count} blunders", blunders).format(
                count=number_text(blunders)
            ),
        )
    )
    return _("{side} {name}: accuracy {accuracy}%, average loss {loss} cp · {counts}").format(
        side=side,
        name=name,
        accuracy=number_text(figures.accuracy),
        loss=number_text(figures.average_loss),
        counts=counts,
    )


def judged_move(move: JudgedMove) -> str:
    """``3... Nf6?? (blunder; Nce7 was best)``"""
    glyph = move.judgement.glyph if move.judgement else ""
    grade = _grade(move.judgement)
    # chess moves in the reader's piece letters (French Cf3), as they type them
    played = f"{move.number} {say(move.played)}{glyph}"
    if move.best:
        return _("{move} ({grade}; {best} was best)").format(
            move=played, grade=grade, best=say(move.best)
        )
    return _("{move} ({grade})").format(move=played, grade=grade)


def graph_legend() -> GraphLegend:
    """The evaluation graph's legend in the reader's language."""
    return GraphLegend(
        _grade(Judgement.INACCURACY),
        _grade(Judgement.MISTAKE),
        _grade(Judgement.BLUNDER),
        pgettext("graph", "critical move"),
    )


def _grade(judgement: Judgement | None) -> str:
    if judgement is Judgement.INACCURACY:
        return _("inaccuracy")
    if judgement is Judgement.MISTAKE:
        return _("mistake")
    if judgement is Judgement.BLUNDER:
        return _("blunder")
    return _("the move that lost most")


def critical(analysis: GameAnalysis) -> str:
    if analysis.critical is None:
        return _("No critical moment: every move was the engine's choice.")
    return _("Critical moment: {move}.").format(move=judged_move(analysis.critical))


def judged_moves(analysis: GameAnalysis) -> list[str]:
    """Every inaccuracy, mistake and blunder in order, at most ``LISTED_MOVES`` of them and
    how many more."""
    judged = [move for move in analysis.moves if move.judgement is not None]
    lines = [judged_move(move) for move in judged[:LISTED_MOVES]]
    more = len(judged) - LISTED_MOVES
    if more > 0:
        lines.append(
            ngettext("and {count} more (see the record)", "and {count} more (see the record)",
                     more).format(count=number_text(more))
        )  # fmt: skip
    return lines


def judged_title() -> str:
    return _("Inaccuracies, mistakes and blunders")


def summary(analysis: GameAnalysis) -> str:
    """The whole analysis as plain lines."""
    lines = [
        # the reader's full stop and the space (or none, in Chinese and Japanese) after it
        pgettext("sentences", "{sentence} {next}").format(
            sentence=pgettext("full stop", "{sentence}.").format(sentence=heading(analysis)),
            next=budget(analysis),
        ),
        player_line(analysis, analysis.white),
        player_line(analysis, analysis.black),
        critical(analysis),
    ]
    judged = judged_moves(analysis)
    if judged:
        lines.append(_("{title}: {moves}").format(title=judged_title(), moves=" · ".join(judged)))
    else:
        lines.append(_("No inaccuracy, mistake or blunder."))
    return "\n".join(lines)
