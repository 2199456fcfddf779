"""The tournament's message as a component layout (Discord's components v2): its title, its
terms, who has joined and what comes next in one container, Join and Leave below while it
takes entrants. A layout has no ``content``: its text displays hold at most 4,000
characters in all, so a big field lists its first players and says how many more."""

from __future__ import annotations

from bot.discord import messages
from bot.discord.messages import Card, Reply, Tone, clip, safe
from bot.i18n.text import Text, say
from bot.service.tournament.facts import TournamentView
from bot.text.tournament_words import (
    heading_text,
    players_text,
    signup_buttons,
    state_text,
    terms_text,
)

# Discord's limit on a layout's text displays, all together.
LAYOUT_TEXT_LIMIT = 4000
# Room kept for "and N more" and the separators between the parts.
_SPARE = 120


def signup_post(view: TournamentView, news: Text | None = None) -> Reply:
    """The tournament's message: ``news`` (who just opened, joined or left) above its title
    and number (said once: the terms below do not repeat them), then its terms, players
    and state, with Join and Leave while it is open."""
    said = safe(news) if news else ""
    heading = clip(safe(heading_text(view)), messages.TITLE_LIMIT)
    terms, state = safe(terms_text(view, named=False)), safe(state_text(view))
    room = LAYOUT_TEXT_LIMIT - len(said) - len(heading) - len(terms) - len(state) - _SPARE
    players = _players(view, room)
    description = clip("\n\n".join((terms, players, state)), LAYOUT_TEXT_LIMIT - _SPARE)
    card = Card(heading, description, (), Tone.INFO)
    return Reply(said, card=card, buttons=signup_buttons(view), layout=True)


def _players(view: TournamentView, room: int) -> str:
    """The players' line in at most ``room`` characters: every name when they fit, else as
    many as fit (at least one) and how many more."""
    whole = safe(players_text(view))
    if len(whole) <= room:
        return whole
    shown, used = 0, 0
    for player in view.entrants:
        used += len(safe(player.name)) + 2  # the name and its ", "
        if used > room - len(say(players_text(view, 0))):
            break
        shown += 1
    line = safe(players_text(view, shown))
    while shown > 1 and len(line) > room:  # the estimate was short: one fewer at a time
        shown -= 1
        line = safe(players_text(view, shown))
    return line
