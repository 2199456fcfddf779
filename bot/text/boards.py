"""What is said with a board shown (``/board``, ``/moves``) or a promotion asked for, from
the facts of a ``BoardShown`` and a ``PromotionNeeded``."""

from __future__ import annotations

from bot.i18n.text import Joined, Sentences, Text
from bot.service.results import BoardShown, GameView, Look, PromotionNeeded
from bot.text.move_errors import LIST_SEPARATOR
from bot.text.phrases import check_text, color_text, termination_text, title_text


def opening_text(view: GameView) -> str:
    """``Opening: C50 Italian Game.`` when the game's opening is known, else nothing. The
    name stays as the data set writes it (lichess's English names) in every language."""
    if view.opening is None:
        return ""
    return Text("Opening: {eco} {name}.", eco=view.opening.eco, name=view.opening.name)


def _game_text(result: BoardShown) -> Text:
    """``alice vs bob · chess, move 12. Check! bob to move.``, or how the game ended; then
    the opening reached."""
    return Sentences(_state_text(result), opening_text(result.game))


def _state_text(result: BoardShown) -> Text:
    view = result.game
    if not view.active:
        return Text(
            "{game}: finished, {result} ({how}).",
            game=title_text(view),
            result=view.result,
            how=termination_text(view.termination, view.variant),
        )
    assert view.to_move is not None
    return Text(
        "{game}, move {number}.{check} {player} to move.",
        game=title_text(view),
        number=result.number,
        check=check_text(view.variant, lead=" ") if result.check else "",
        player=view.to_move.name,
    )


def board_shown_text(result: BoardShown) -> Text:
    """The game's state under ``/board``; under ``/moves``, the piece's legal moves or why
    it has none."""
    square = result.square
    match result.look:
        case Look.GAME_OVER:
            return Text(
                "{game} is over: no piece moves in it any more.", game=title_text(result.game)
            )
        case Look.NO_PIECE:
            return Text("There is no piece on {square}.", square=square)
        case Look.NOT_ITS_TURN:
            return Text(
                "The piece on {square} cannot move now: it is {side}'s turn.",
                square=square,
                side=color_text(result.game.variant, result.side_to_move),
            )
        case Look.NO_MOVES:
            return Text("The piece on {square} has no legal moves.", square=square)
        case Look.MOVES:
            return Text(
                "Legal moves from {square}: {moves}.",
                square=square,
                moves=Joined(LIST_SEPARATOR, result.moves),
            )
    return _game_text(result)


def promotion_text(result: PromotionNeeded) -> Text:
    """``Promote on e8 to which piece?``"""
    return Text("Promote on {square} to which piece?", square=result.square)
