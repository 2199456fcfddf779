"""An answered offer's messages lose their buttons in each place of its game: the offer
was shown there as an interaction's answer or an outbox row, in the game's own place or in
its thread in another server, and a press of its Accept or Decline after the answer would
be refused. A press on the offer itself rewrote that message already; a typed answer, a
press on the board's Draw, or an answer given in the other server did not.

The messages are found among the place's latest (one read of its history: an offer is
answered soon after it is made, well within them), by their buttons' custom ids, which
name the game, the answer and the move the offer was made at. Without Read Message History
Discord lists no message, and the offer keeps its buttons (they refuse a press anyway)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.service import Delivery
from bot.service.delivery_results import OfferClosed

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

# The latest messages of a place read for an answered offer's (Discord's default page).
HISTORY_READ = 50


async def close_offer(bot: PostalBot, delivery: Delivery) -> tuple[int, None]:
    """Take the buttons off the messages in ``delivery``'s place that show its answered
    offer (``OfferClosed``); returns the place's id and no message. Raises what discord.py
    raises (the sender retries or gives up as for a post there)."""
    closed = delivery.content
    assert isinstance(closed, OfferClosed)
    answers = {button.custom_id for button in closed.buttons}
    place = bot.get_partial_messageable(
        delivery.channel_id or 0, guild_id=delivery.guild_id or None
    )
    me = bot.user.id if bot.user is not None else None
    async for message in place.history(limit=HISTORY_READ):
        if message.author.id == me and answers & _custom_ids(message):
            await bot.old_edits.wait(place.id, message.id)
            await message.edit(view=None)
    return place.id, None


def _custom_ids(message: discord.Message) -> set[str]:
    """The custom ids of ``message``'s buttons (in its action rows)."""
    return {
        child.custom_id
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button) and child.custom_id is not None
    }
