"""What Postal says on its own in a game, in the reader's words, from the facts of a
``TurnNotice`` and a ``Reminder`` (the outbox's rows, worded when they are delivered):
``alice played 12. Nf3. Check! bob to move.``, ``bob, less than 1 hour left for your move
in alice vs bob · chess (game #3).``"""

from __future__ import annotations

from bot.i18n.text import Plural, Sentences, Text
from bot.service.delivery_results import Reminder, TurnNotice
from bot.text.endings import played_text, to_move_text
from bot.text.phrases import check_text, title_text


def turn_notice_text(notice: TurnNotice) -> Text:
    """The moves since the player's turn, a check, and whose move it is; in a new game,
    the game and whose move it is."""
    view = notice.game
    if not notice.moves:
        return Text(
            "New game: {game} (game #{id}). {player} to move.",
            game=title_text(view),
            id=view.id,
            player=notice.player.name,
        )
    played = (
        played_text(move.player.name, move.number, move.notation, conditional=move.conditional)
        for move in notice.moves
    )
    check = check_text(view.variant) if notice.check else ""
    return Sentences(*played, check, to_move_text(notice.player.name))


def reminder_text(reminder: Reminder) -> Plural:
    """``bob, less than 1 hour left for your move in alice vs bob · chess (game #3).``"""
    view = reminder.game
    return Plural(
        "{player}, less than {count} hour left for your move in {game} (game #{id}).",
        "{player}, less than {count} hours left for your move in {game} (game #{id}).",
        reminder.hours_before,
        player=reminder.player.name,
        game=title_text(view),
        id=view.id,
    )
