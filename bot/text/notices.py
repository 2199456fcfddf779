"""What Postal says on its own in a game, in the reader's words, from the facts of a
``TurnNotice`` and a ``Reminder`` (the outbox's rows, worded when they are delivered):
``alice played 12. Nf3. Check! bob to move.``, ``bob, less than 1 hour left for your move
in alice vs bob · chess (game #3).``"""

from __future__ import annotations

from bot.i18n.text import Joined, Plural, Sentences, Text, TextIn
from bot.service.delivery_results import Reminder, TurnNotice
from bot.text.endings import played_text, to_move_text
from bot.text.phrases import check_text, title_text
from bot.text.reports import time_left_text


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


def my_turn_text(notice: TurnNotice) -> Text | None:
    """``Your move in 2 other games too: #4 (5 hours left), #1 (3 days left).`` in
    ``/games``' order (None: no other game waits for the player)."""
    if not notice.my_turn_count:
        return None
    listed = TextIn("list separator", ", ")
    games: Text = Joined(
        listed,
        [
            Text("#{id} ({left})", id=game_id, left=time_left_text(left))
            for game_id, left in notice.my_turn
        ],
    )
    more = notice.my_turn_count - len(notice.my_turn)
    if more:
        games = Text("{games} and {count} more", games=games, count=more)
    return Plural(
        "Your move in {count} other game too: {games}.",
        "Your move in {count} other games too: {games}.",
        notice.my_turn_count,
        games=games,
    )
