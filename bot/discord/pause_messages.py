"""What Discord shows of a pause agreed: the words, with the names escaped and the pause's
end a timestamp, and the message announcing it."""

from __future__ import annotations

import dataclasses

from bot.discord.escape import clip
from bot.discord.messages import (
    DESCRIPTION_LIMIT,
    Card,
    Reply,
    Tone,
    deadline_field,
    game_title,
    only_here,
    safe,
    with_mentions,
)
from bot.i18n import _
from bot.i18n.text import say
from bot.service.pause_facts import PauseAgreed
from bot.text.pause_words import pause_agreed_text


def pause_agreed_words(result: PauseAgreed) -> str:
    """The pause agreed in words, the players' names escaped and its end a timestamp (not
    escaped: Discord shows it in each reader's time zone)."""
    by, asked_by = result.by, result.asked_by
    escaped = dataclasses.replace(
        result,
        by=dataclasses.replace(by, name=safe(by.name)),
        asked_by=dataclasses.replace(asked_by, name=safe(asked_by.name)),
    )
    return clip(say(pause_agreed_text(escaped)), DESCRIPTION_LIMIT)


def pause_agreed(result: PauseAgreed, here: frozenset[int] | None = None) -> Reply:
    """A pause agreed: the clocks stand still until it ends (the deadline shown moved), the
    player who asked mentioned (if ``here``, the players an answer there may mention, has
    them: ``only_here``)."""
    game = result.game
    card = Card(game_title(game), pause_agreed_words(result), deadline_field(game), Tone.GAME)
    content, mentions = with_mentions(_("Clocks paused."), only_here([result.asked_by], here))
    return Reply(content, card, mentions=mentions)
