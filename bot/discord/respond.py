"""Answering interactions: within Discord's 3 seconds, public or ephemeral, with the board.

An interaction gets exactly one acknowledgement. The helpers here keep track of which one
was sent (in ``interaction.extras``) so that later answers take the right route: the first
response, the follow-up that fills a deferred "thinking" message, or an edit of the message
a button sits on.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from enum import Enum
from typing import Any, TypeVar

import discord

from bot.discord.messages import BOARD_FILENAME, Reply
from bot.discord.views import buttons_view
from bot.service import BoardView

T = TypeVar("T")

# Answer directly when the service replies within this; otherwise acknowledge first.
FAST_ANSWER_SECONDS = 0.05
_STATE = "postal_ack"

Renderer = Callable[[BoardView], Awaitable[bytes]]


class Ack(Enum):
    """How an interaction was acknowledged so far."""

    NONE = "none"
    THINKING_PUBLIC = "thinking-public"
    THINKING_EPHEMERAL = "thinking-ephemeral"
    DEFERRED_UPDATE = "deferred-update"
    ANSWERED = "answered"


def ack_state(interaction: discord.Interaction) -> Ack:
    state = interaction.extras.get(_STATE)
    if isinstance(state, Ack):
        return state
    return Ack.ANSWERED if interaction.response.is_done() else Ack.NONE


def _set_state(interaction: discord.Interaction, state: Ack) -> None:
    interaction.extras[_STATE] = state


async def defer(interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
    """Acknowledge now, answer later: "thinking" for commands, a silent ack for buttons."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
        _set_state(interaction, Ack.DEFERRED_UPDATE)
    else:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        _set_state(interaction, Ack.THINKING_EPHEMERAL if ephemeral else Ack.THINKING_PUBLIC)


async def quickly(interaction: discord.Interaction, work: Awaitable[T]) -> T:
    """Await ``work``; if it takes longer than ``FAST_ANSWER_SECONDS``, acknowledge the
    interaction meanwhile so Discord's 3-second limit is never at risk. Errors of ``work``
    propagate (the error handler then answers along whichever route is left)."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=FAST_ANSWER_SECONDS)
    if not done:
        try:
            await defer(interaction)
        except BaseException:
            # The work (a move already being stored, say) finishes on its own; nobody will
            # wait for it now, so its outcome must not be reported as never retrieved.
            task.add_done_callback(_consume)
            raise
    return await task


def _consume(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


def allowed_mentions(reply: Reply) -> discord.AllowedMentions:
    """Ping exactly the users the reply means to, never roles or @everyone."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(user_id) for user_id in reply.mentions],
        replied_user=False,
    )


def build_embed(reply: Reply) -> discord.Embed | None:
    if reply.card is None:
        return None
    card = reply.card
    embed = discord.Embed(title=card.title, description=card.description, colour=card.tone.value)
    for name, value in card.fields:
        embed.add_field(name=name, value=value, inline=False)
    if reply.board is not None:
        embed.set_image(url=f"attachment://{BOARD_FILENAME}")
    return embed


async def build_files(reply: Reply, render: Renderer) -> list[discord.File]:
    files = []
    if reply.board is not None:
        png = await render(reply.board)
        files.append(discord.File(io.BytesIO(png), filename=BOARD_FILENAME))
    if reply.attachment is not None:
        name, data = reply.attachment
        files.append(discord.File(io.BytesIO(data), filename=name))
    return files


async def answer(interaction: discord.Interaction, reply: Reply, render: Renderer) -> int | None:
    """Send ``reply`` as the interaction's answer (acknowledging first if it has a board to
    render); returns the message id when Discord reports one."""
    if reply.board is not None and not interaction.response.is_done():
        await defer(interaction, ephemeral=reply.ephemeral)
    files = await build_files(reply, render)
    embed = build_embed(reply)
    view = buttons_view(reply.buttons)
    mentions = allowed_mentions(reply)
    state = ack_state(interaction)
    if state is Ack.NONE:
        callback = await interaction.response.send_message(
            reply.content or None,
            embed=embed or discord.utils.MISSING,
            files=files or discord.utils.MISSING,
            view=view or discord.utils.MISSING,
            ephemeral=reply.ephemeral,
            allowed_mentions=mentions,
        )
        _set_state(interaction, Ack.ANSWERED)
        return callback.message_id
    if state is Ack.THINKING_PUBLIC and reply.ephemeral:
        # The public "thinking…" message cannot turn ephemeral: remove it, answer privately.
        await interaction.delete_original_response()
    message = await interaction.followup.send(
        reply.content or discord.utils.MISSING,
        embed=embed or discord.utils.MISSING,
        files=files or discord.utils.MISSING,
        view=view or discord.utils.MISSING,
        ephemeral=reply.ephemeral,
        allowed_mentions=mentions,
        wait=True,
    )
    _set_state(interaction, Ack.ANSWERED)
    return message.id


async def update_pressed_message(interaction: discord.Interaction, content: str) -> None:
    """Replace the text of the message whose button was pressed and remove its buttons."""
    state = ack_state(interaction)
    if state is Ack.NONE:
        await interaction.response.edit_message(content=content, view=None)
        _set_state(interaction, Ack.ANSWERED)
    elif state is Ack.DEFERRED_UPDATE:
        await interaction.edit_original_response(content=content, view=None)
    else:
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            await message.edit(content=content, view=None)
