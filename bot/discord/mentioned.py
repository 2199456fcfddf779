"""Whom a public answer to an interaction mentions where it is given: in a club match's game
between servers only the players of that server (the other is no member there: named,
never pinged, as the outbox's copies do); in any other game whoever wants mentions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord import messages
from bot.discord.context import place_of
from bot.service import (
    GameEnded,
    GameView,
    MoreTimeGiven,
    MovePlayed,
    OfferMade,
    PlayerRef,
    TakenBack,
)

if TYPE_CHECKING:
    from bot.discord.client import PostalBot


async def players_here(
    bot: PostalBot, interaction: discord.Interaction, game: GameView, *, wanted: bool = True
) -> frozenset[int] | None:
    """The players of ``game`` an answer to ``interaction`` may mention where it is given
    (``ReportUseCases.players_here``; None: any). One read of the game's places, skipped
    when the answer would mention nobody (``wanted`` False)."""
    if not wanted:
        return None
    return await bot.service.reports.players_here(game, place_of(interaction))


async def mentioned(
    bot: PostalBot, interaction: discord.Interaction, game: GameView, players: list[PlayerRef]
) -> list[PlayerRef]:
    """Those of ``players`` (who want a mention) the answer may mention where it is given."""
    here = await players_here(bot, interaction, game, wanted=bool(players))
    return messages.only_here(players, here)


async def move_mention(
    bot: PostalBot, interaction: discord.Interaction, result: MovePlayed
) -> bool:
    """Whether the board after a move pings the player it is news for (to move; at an
    ending, the mover's opponent) where it is answered: if they want it and may be."""
    if result.ending is None:
        heard, wants = result.notify, messages.wants_turn_mention(result.notify)
    else:
        heard = result.game.opponent_of(result.mover.id)
        wants = messages.wants_mention(heard)
    return heard is not None and bool(
        await mentioned(bot, interaction, result.game, [heard] if wants else [])
    )


async def ending_mentions(
    bot: PostalBot, interaction: discord.Interaction, result: GameEnded
) -> list[PlayerRef]:
    """The players an ending's answer pings: those who want mentions and may be there."""
    game = result.game
    wanting = [p for p in (game.white, game.black) if messages.wants_mention(p)]
    return await mentioned(bot, interaction, game, wanting)


async def more_time_mention(
    bot: PostalBot, interaction: discord.Interaction, result: MoreTimeGiven
) -> bool:
    """Whether "More time." pings the player given it (if they want, and may be there)."""
    wanting = [result.notify] if messages.wants_mention(result.notify) else []
    return bool(await mentioned(bot, interaction, result.game, wanting))


async def announce_offer(
    bot: PostalBot, interaction: discord.Interaction, result: OfferMade
) -> None:
    """An offer answered in public where it was made, with its buttons, pinging the player
    it is made to if they may be pinged there."""
    wake_for_places(bot)
    pinged = await mentioned(bot, interaction, result.game, [result.to])
    await bot.reply(interaction, lambda: messages.offer_made(result, pinged))


async def announce_taken_back(
    bot: PostalBot, interaction: discord.Interaction, result: TakenBack
) -> None:
    """The board after a takeback, answered where it was granted, pinging the player to
    move if they want it and may be pinged there."""
    wanting = [result.notify] if messages.wants_turn_mention(result.notify) else []
    mention = bool(await mentioned(bot, interaction, result.game, wanting))
    bot.outbox.wake()
    await bot.reply(interaction, lambda: messages.taken_back(result, mention_player=mention))


def wake_for_places(bot: PostalBot) -> None:
    """Wake the sender after an offer, its decline or a pause agreed: in a game between
    servers it was also written as an outbox row for the game's other places
    (``told_where``), and an answer as one taking the offer's buttons off
    (``OFFER_CLOSED``), which nothing else wakes the sender for (idle, it sleeps up to a
    minute: the other server saw the offer late when no delivery happened to be under
    way)."""
    bot.outbox.wake()
