"""Answering interactions: within Discord's 3 seconds, public or ephemeral, with the board.

An interaction gets exactly one acknowledgement. Postal answers directly whenever the answer
is ready within ``ANSWER_WITHIN_SECONDS`` (60 ms) of the interaction's creation, and defers
("thinking…") at that moment otherwise, so acknowledgements stay within 100 ms. A deferral
is public only when the answer is known to be public: while the outcome is open it is
ephemeral, because errors are answered privately and a public "thinking…" message cannot
turn private. An answer seen as the deferral was completes it by editing the original
response (Discord's documented way; a follow-up filling it is deprecated, and refused for a
component layout). A public answer after a private deferral replaces the private
placeholder with a public follow-up; a private answer after a public deferral (a wrong
guess) removes the public placeholder and follows up privately.

The helpers keep track of the acknowledgement sent (in ``interaction.extras``) so later
answers take the right route: the first response, the edit that completes a deferred
"thinking" message, a follow-up, or an edit of the message a button sits on.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from enum import Enum
from typing import Any, TypeVar

import discord

from bot.discord.messages import BOARD_FILENAME, Reply, layout_texts
from bot.discord.views import buttons_view, layout_view, menus_view
from bot.service import BoardView

T = TypeVar("T")

# Answer directly when the answer is ready this long after the interaction was created;
# otherwise acknowledge first ("thinking…"), so the player sees an acknowledgement within
# 100 ms (issue 9's target, p99) even when drawing and uploading the board takes longer.
# A move's answer (service, board PNG, upload) takes 10-45 ms on a quiet machine, so nearly
# every answer is still direct; the remaining 40 ms are for the acknowledgement's own trip.
ANSWER_WITHIN_SECONDS = 0.06
# Discord forgets an interaction not acknowledged within this.
ACK_LIMIT_SECONDS = 3.0
_STATE = "postal_ack"
_SEEN = "postal_seen"

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


def time_left(interaction: discord.Interaction) -> float:
    """Seconds left to answer directly, counted from the interaction's creation: Postal's
    first look at it, minus how long it had already travelled (its snowflake's time) when
    that age is believable (a clock off by seconds is not believed)."""
    seen = interaction.extras.get(_SEEN)
    if not isinstance(seen, float):
        seen = time.monotonic()
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        if 0.0 < age < ACK_LIMIT_SECONDS:
            seen -= age
        interaction.extras[_SEEN] = seen
    return max(0.0, seen + ANSWER_WITHIN_SECONDS - time.monotonic())


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


class Outlook:
    """How the answer to an interaction will be seen, as the work learns it: ``ephemeral``
    stays None until known (``known`` sets it, e.g. once a move is found legal)."""

    __slots__ = ("ephemeral",)

    def __init__(self) -> None:
        self.ephemeral: bool | None = None

    def known(self, ephemeral: bool) -> None:
        self.ephemeral = ephemeral


class Foresight:
    """What Postal saw lately that tells, before the service has answered, that a ``/move``
    will be answered in public: the move was among those autocomplete offered the user in
    this channel for their game here (legal then), and the user plays typed moves at once
    (no confirmation, whose preview is private), as their last ``/settings`` or ``/move``
    here showed.

    Why guess: a move still being checked when its acknowledgement is due (the event loop
    busy) would otherwise be deferred privately, and its public board would then cost a
    removal of the private placeholder first, one request and one round trip more on the
    way to the board. A wrong guess (the game changed in between, the setting changed
    through another process) costs the opposite: the public "thinking…" is removed (the
    channel sees it vanish) before the refusal or the preview is sent privately
    (``answer``). Bounded: the oldest entries go first."""

    OFFERS_KEPT_SECONDS = 300.0
    LIMIT = 10_000

    def __init__(self, monotonic: Callable[[], float] = time.monotonic) -> None:
        self._monotonic = monotonic
        self._offered: OrderedDict[tuple[int, int], tuple[float, frozenset[str]]] = OrderedDict()
        self._plays_at_once: OrderedDict[int, bool] = OrderedDict()

    def offered(self, user_id: int, channel_id: int, moves: Iterable[str]) -> None:
        """Autocomplete offered ``moves`` to the user in the channel, for their game here."""
        key = (user_id, channel_id)
        self._offered[key] = (self._monotonic(), frozenset(moves))
        self._offered.move_to_end(key)
        if len(self._offered) > self.LIMIT:
            self._offered.popitem(last=False)

    def played(self, user_id: int, channel_id: int) -> None:
        """The user's move in the channel was played: what autocomplete offered them there
        was for the position before it (the same move sent again would be refused)."""
        self._offered.pop((user_id, channel_id), None)

    def confirms(self, user_id: int, confirming: bool) -> None:
        """The user's Confirm moves setting, as a command just showed it."""
        self._plays_at_once[user_id] = not confirming
        self._plays_at_once.move_to_end(user_id)
        if len(self._plays_at_once) > self.LIMIT:
            self._plays_at_once.popitem(last=False)

    def public_move(self, user_id: int, channel_id: int, text: str) -> bool:
        """Whether ``/move text`` by the user in the channel (for their game here) will be
        answered in public, as far as what was seen tells."""
        if not self._plays_at_once.get(user_id, False):
            return False
        seen = self._offered.get((user_id, channel_id))
        if seen is None or self._monotonic() - seen[0] > self.OFFERS_KEPT_SECONDS:
            return False
        return text.strip() in seen[1]


async def quickly(
    interaction: discord.Interaction,
    work: Awaitable[T],
    *,
    ephemeral: bool | Outlook | None = None,
) -> T:
    """Await ``work``; if it is not done within the time left to answer directly,
    acknowledge the interaction meanwhile so Discord's 3-second limit is never at risk.

    ``ephemeral`` says what the answer will be: True (private) or False (public, known for
    sure) defer that way; None (not known yet: the work may fail, and failures are answered
    privately) defers privately; an ``Outlook`` is asked at the moment of deferring (a move
    found legal is answered in public: a public "thinking…" then needs no removal before
    the board, one request less on the way to the answer). Errors of ``work`` propagate
    (the error handler then answers along whichever route is left)."""
    task = asyncio.ensure_future(work)
    left = time_left(interaction)
    # Already late (the event loop is behind): acknowledge first, without waiting one more
    # turn of the loop for work that needs several.
    done = (await asyncio.wait({task}, timeout=left))[0] if left > 0 else set()
    if not done:
        seen = ephemeral.ephemeral if isinstance(ephemeral, Outlook) else ephemeral
        try:
            await defer(interaction, ephemeral=seen is not False)
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
    """Ping exactly the users and roles the reply means to, never @everyone."""
    return discord.AllowedMentions(
        everyone=False,
        roles=[discord.Object(role_id) for role_id in reply.roles] or False,
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
    elif card.image is not None:
        embed.set_image(url=f"attachment://{card.image}")
    return embed


def build_view(reply: Reply) -> discord.ui.View | discord.ui.LayoutView | None:
    """The components of ``reply``: a board message's whole layout, or its menus and
    buttons."""
    if reply.layout:
        above, below = layout_texts(reply)
        image = f"attachment://{BOARD_FILENAME}" if reply.board is not None else None
        colour = reply.card.tone.value if reply.card is not None else 0
        return layout_view(
            above, image=image, buttons=reply.buttons, colour=colour, after_image=below
        )
    if reply.menus:
        return menus_view(reply.menus, reply.buttons)
    return buttons_view(reply.buttons)


def message_fields(reply: Reply) -> dict[str, Any]:
    """``content``, ``embed``, ``view`` and ``allowed_mentions`` for sending ``reply``
    (a board message has neither content nor embed: Discord refuses them with a layout)."""
    view = build_view(reply)
    fields: dict[str, Any] = {"allowed_mentions": allowed_mentions(reply)}
    if reply.layout:
        fields["view"] = view
        return fields
    fields["content"] = reply.content or None
    embed = build_embed(reply)
    if embed is not None:
        fields["embed"] = embed
    if view is not None:
        fields["view"] = view
    return fields


async def build_files(reply: Reply, render: Renderer) -> list[discord.File]:
    files = []
    if reply.board is not None:
        png = await render(reply.board)
        files.append(discord.File(io.BytesIO(png), filename=BOARD_FILENAME))
    if reply.attachment is not None:
        name, data = reply.attachment
        files.append(discord.File(io.BytesIO(data), filename=name))
    files += [discord.File(io.BytesIO(data), filename=name) for name, data in reply.files]
    for name, draw in reply.drawings:  # drawn in a thread, as boards are
        files.append(discord.File(io.BytesIO(await asyncio.to_thread(draw)), filename=name))
    return files


async def answer(
    interaction: discord.Interaction,
    reply: Reply,
    render: Renderer,
    fields: dict[str, Any] | None = None,
) -> int | None:
    """Send ``reply`` as the interaction's answer (acknowledging first, the way the reply
    will be seen, if its board is not drawn in time); returns the message id when Discord
    reports one. ``fields``: ``message_fields(reply)`` if the caller built them already
    (to keep the view it sends); they are consumed."""
    drawing = build_files(reply, render)
    if reply.board is None and not reply.drawings:
        files = await drawing  # nothing slow to wait for
    else:
        files = await quickly(interaction, drawing, ephemeral=reply.ephemeral)
    if fields is None:
        fields = message_fields(reply)
    state = ack_state(interaction)
    if state is Ack.NONE:
        callback = await interaction.response.send_message(
            files=files or discord.utils.MISSING, ephemeral=reply.ephemeral, **fields
        )
        _set_state(interaction, Ack.ANSWERED)
        return callback.message_id
    if fields.get("content") is None:
        fields.pop("content", None)
    thinking = (Ack.THINKING_EPHEMERAL, Ack.THINKING_PUBLIC)
    if state in thinking and (state is Ack.THINKING_EPHEMERAL) == reply.ephemeral:
        # Discord completes a deferred response by editing it (the original response);
        # filling it with a follow-up is deprecated, and refused for a component layout.
        edited = await interaction.edit_original_response(
            attachments=files or discord.utils.MISSING, **fields
        )
        _set_state(interaction, Ack.ANSWERED)
        return edited.id
    if state is Ack.THINKING_EPHEMERAL and not reply.ephemeral:
        # The private "thinking…" message cannot turn public: remove the placeholder (only
        # its reader saw it), then answer in public.
        await interaction.delete_original_response()
    elif state is Ack.THINKING_PUBLIC and reply.ephemeral:
        # A wrong guess (``Foresight``): a deferred message keeps the deferral's visibility,
        # so a refusal or a preview would be shown to the channel. Remove the public
        # placeholder; the follow-up after it is a new message that may be private.
        await interaction.delete_original_response()
    message = await interaction.followup.send(
        files=files or discord.utils.MISSING, ephemeral=reply.ephemeral, wait=True, **fields
    )
    _set_state(interaction, Ack.ANSWERED)
    return message.id


async def update_pressed_message(
    interaction: discord.Interaction,
    content: str | None,
    view: discord.ui.View | discord.ui.LayoutView | None = None,
) -> None:
    """Replace the text of the message whose button was pressed, and its buttons with
    ``view``'s (None: none); a layout (``LayoutView``) comes with ``content`` None."""
    state = ack_state(interaction)
    if state is Ack.NONE:
        await interaction.response.edit_message(content=content, view=view)
        _set_state(interaction, Ack.ANSWERED)
    elif state is Ack.DEFERRED_UPDATE:
        await interaction.edit_original_response(content=content, view=view)
    else:
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            await message.edit(content=content, view=view)
