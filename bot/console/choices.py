"""The select menus and extra buttons the adapters add to a service result, worded as
Discord shows them: the console numbers their choices for ``/press``."""

from __future__ import annotations

from bot.service import Button, ChallengeCreated, GameList, MoveMenu, SelectMenu
from bot.service.vote_facts import VoteMenu
from bot.text.challenges import challenge_menus
from bot.text.interactions import move_menus
from bot.text.reports import game_list_buttons, game_list_menus
from bot.text.vote_words import vote_menus


def result_choices(result: object) -> tuple[tuple[Button, ...], tuple[SelectMenu, ...]]:
    """``result``'s added buttons and menus: a games list's menus and Next page, Move…'s
    menus, Vote…'s (the vote, then the pieces to nominate from), a janggi challenge's
    setup menu; none for anything else."""
    if isinstance(result, GameList):
        return game_list_buttons(result), game_list_menus(result)
    if isinstance(result, MoveMenu):
        return (), move_menus(result)
    if isinstance(result, VoteMenu):
        return (), vote_menus(result)
    if isinstance(result, ChallengeCreated):
        return (), challenge_menus(result)
    return (), ()
