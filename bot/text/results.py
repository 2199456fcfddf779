"""A service result's text for an adapter that shows any result (the console): worded here
from its facts; a result no wording is listed for says nothing (its ``text``, if it has one,
is data such as a PGN, never a sentence)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.service.delivery_results import Reminder, TurnNotice
from bot.service.results import BoardShown, GameEnded, MovePlayed, PromotionNeeded
from bot.text.boards import board_shown_text, promotion_text
from bot.text.challenges import CHALLENGE_RESULTS
from bot.text.endings import game_ended_text, move_played_text
from bot.text.interactions import INTERACTIONS
from bot.text.match_words import MATCH_RESULTS
from bot.text.notices import reminder_text, turn_notice_text
from bot.text.reports import REPORTS
from bot.text.vote_words import VOTE_RESULTS

# Each result type worded from its facts, and its wording.
WORDED: dict[type, Callable[[Any], str]] = {
    **REPORTS,
    **CHALLENGE_RESULTS,
    **INTERACTIONS,
    **VOTE_RESULTS,
    **MATCH_RESULTS,
    GameEnded: game_ended_text,
    MovePlayed: move_played_text,
    BoardShown: board_shown_text,
    PromotionNeeded: promotion_text,
    TurnNotice: turn_notice_text,
    Reminder: reminder_text,
}


def result_text(result: object) -> str:
    """``result``'s sentence (a ``Text``: English as its str), or empty when it has none."""
    wording = WORDED.get(type(result))
    return wording(result) if wording is not None else ""
