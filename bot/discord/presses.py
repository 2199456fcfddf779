"""What pressing a Postal button does on Discord: the service decides, this shows it.

Accepting a challenge opens the game's thread when the bot may (falling back to the
channel), posts the first board there, and rewrites the challenge message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.discord import (
    match_invitations,
    mentioned,
    menu_messages,
    messages,
    pause_messages,
    tournaments,
    votes,
)
from bot.discord.context import actor_of, place_of, roles_of
from bot.discord.errors import report_error
from bot.discord.language import language_for, shared_language
from bot.discord.places import THREAD_ARCHIVE_MINUTES, opens_thread
from bot.discord.respond import (
    build_files,
    defer,
    message_fields,
    quickly,
    update_pressed_message,
)
from bot.discord.views import move_form
from bot.discord.vote_polls import after_ballot
from bot.i18n import using
from bot.service import (
    BoardShown,
    ChallengeClosed,
    ChallengeCreated,
    ComputerGameStarted,
    ConfirmationNeeded,
    GameAnimation,
    GameEnded,
    GameList,
    GameStarted,
    GameView,
    MoveCancelled,
    MoveMenu,
    MovePlayed,
    MovePreview,
    MoveTyping,
    OfferDeclined,
    OfferMade,
    Place,
    PromotionNeeded,
    RecordExport,
    TakenBack,
)
from bot.service.buttons import PressResult
from bot.service.pause_facts import PauseAgreed
from bot.service.tournament.facts import TournamentShown
from bot.service.vote_facts import BallotTaken, VoteMenu
from bot.text import interactions
from bot.text.endings import ending_text

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# Discord's upload limit for a bot without boosts (the interaction may say more); the margin
# leaves room for the request's other parts.
GIF_LIMIT_BYTES = 10 * 1024 * 1024
UPLOAD_MARGIN_BYTES = 256 * 1024


async def handle_press(
    bot: PostalBot,
    interaction: discord.Interaction,
    custom_id: str,
    values: tuple[str, ...] = (),
) -> None:
    """Do what the button, select menu or form ``custom_id`` means for the presser and show
    the result; every error goes to the shared error handler (privately)."""
    try:
        if await match_invitations.pressed(bot, interaction, custom_id):
            return
        place = place_of(interaction)
        work = asyncio.ensure_future(
            bot.service.buttons.press_custom_id(
                actor_of(interaction),
                custom_id,
                place=place,
                values=values,
                roles=roles_of(interaction),
            )
        )
        try:
            result = await quickly(interaction, work)
        except Exception:
            bot.answers.abandoned(work)  # a move stored meanwhile is told by the outbox
            raise
        await show_press(bot, interaction, result, place)
    except Exception as error:
        await report_error(interaction, error)


async def show_press(
    bot: PostalBot, interaction: discord.Interaction, result: PressResult, place: Place
) -> None:
    """Show what a press did: a board message is never rewritten by a press (its newer
    board replaces it), private menus and previews are."""
    match result:
        case GameStarted():
            await start_game(bot, interaction, result)
        case ChallengeClosed():
            await rewrite_pressed(interaction, lambda: messages.challenge_closed(result))
        case MovePlayed():
            await show_move(bot, interaction, result, place)
        case PromotionNeeded():
            await bot.reply(interaction, lambda: messages.promotion_needed(result))
        case GameEnded():
            if not _from_board(interaction):
                await rewrite_pressed(
                    interaction,
                    lambda: messages.sentence(messages.safe(ending_text(result.ending))),
                )
            await bot.reply(interaction, await bot.ending_reply(interaction, result))
        case OfferDeclined():
            mentioned.wake_for_places(bot)
            await rewrite_pressed(
                interaction, lambda: messages.safe(interactions.offer_declined_text(result))
            )
        case TakenBack():
            await show_taken_back(bot, interaction, result)
        case OfferMade() | PauseAgreed():
            await show_offer_or_pause(bot, interaction, result)
        case ConfirmationNeeded():
            await bot.reply(interaction, lambda: messages.confirmation_needed(result))
        case MoveMenu():
            await bot.reply(interaction, lambda: menu_messages.move_menu(result))
        case MoveTyping():
            await interaction.response.send_modal(typing_form(result))
        case MovePreview():
            await bot.reply(interaction, lambda: menu_messages.move_preview(result))
        case MoveCancelled():
            await rewrite_pressed(interaction, lambda: menu_messages.move_cancelled(result))
        case BoardShown():
            await bot.reply(interaction, lambda: messages.board_shown(result, ephemeral=True))
        case ComputerGameStarted():  # a rematch against the computer
            await bot.reply(interaction, lambda: messages.computer_game_started(result))
        case ChallengeCreated():
            await bot.post_challenge(interaction, result)
        case RecordExport():
            await bot.reply(
                interaction, lambda: replace(messages.record_export(result), ephemeral=True)
            )
        case GameAnimation():
            await send_animation(bot, interaction, result)
        case GameList():  # a list's next page, privately as the list was
            await bot.reply(interaction, lambda: messages.game_list(result))
        case TournamentShown():
            await tournaments.show_pressed(bot, interaction, result)
        case VoteMenu() | BallotTaken():
            await show_vote(bot, interaction, result)


def typing_form(result: MoveTyping) -> discord.ui.Modal:
    """The form a board's Type a move… opens."""
    title, label = interactions.move_form_text(result)
    return move_form(result.custom_id, title, label, result.placeholder)


async def show_vote(
    bot: PostalBot, interaction: discord.Interaction, result: VoteMenu | BallotTaken
) -> None:
    """Vote… pressed: the member's private menu; a move chosen there: the menu says the
    vote was taken (and the outbox posts the elected move when the vote closed the window)."""
    if isinstance(result, VoteMenu):
        await bot.reply(interaction, lambda: votes.vote_menu_reply(result))
        return
    await rewrite_pressed(interaction, lambda: votes.ballot_words(result))
    await after_ballot(bot, result)


async def show_offer_or_pause(
    bot: PostalBot, interaction: discord.Interaction, result: OfferMade | PauseAgreed
) -> None:
    """An offer made, or a pause agreed, with a press: answered in public where pressed,
    mentioning only whom an answer there may (``players_here``: in a match game between
    servers, that server's player)."""
    if isinstance(result, OfferMade):
        await mentioned.announce_offer(bot, interaction, result)
        return
    mentioned.wake_for_places(bot)
    here = await mentioned.players_here(bot, interaction, result.game)
    await rewrite_pressed(interaction, lambda: pause_messages.pause_agreed_words(result))
    await bot.reply(interaction, lambda: pause_messages.pause_agreed(result, here))


async def show_taken_back(
    bot: PostalBot, interaction: discord.Interaction, result: TakenBack
) -> None:
    """A takeback accepted with a press: the request's message says so (unless the press was
    on the board), and the board after it is posted (``mentioned.announce_taken_back``)."""
    if not _from_board(interaction):
        await rewrite_pressed(
            interaction, lambda: messages.safe(interactions.taken_back_text(result))
        )
    await mentioned.announce_taken_back(bot, interaction, result)


async def show_move(
    bot: PostalBot, interaction: discord.Interaction, result: MovePlayed, place: Place
) -> None:
    """A move chosen with a press: the private menu or preview that chose it says so, and
    the board is posted in the game's place."""
    if not _from_board(interaction):
        try:
            await rewrite_pressed(interaction, lambda: menu_messages.move_chosen(result))
        except Exception:
            await bot.answers.unsaid(result)
            raise
    if result.game.place.target_id != place.target_id:
        # Chosen away from the game: announced in its place.
        await bot.announce_move_elsewhere(interaction, result)
    else:
        await bot.announce_move(interaction, result)


async def rewrite_pressed(interaction: discord.Interaction, word: Callable[[], str]) -> None:
    """Rewrite the pressed message with the text ``word`` gives, in its readers' language:
    the presser's for their own private menu or preview, the server's for a message the
    channel sees (a challenge, an offer)."""
    message = interaction.message
    private = message is not None and message.flags.ephemeral
    with using(language_for(interaction, ephemeral=private)):
        text = word()
    await update_pressed_message(interaction, text)


def _from_board(interaction: discord.Interaction) -> bool:
    """Whether the press came from a board message (a layout), not a private menu."""
    message = interaction.message
    return message is not None and message.flags.components_v2


async def send_animation(
    bot: PostalBot, interaction: discord.Interaction, result: GameAnimation
) -> None:
    """The game's GIF, small enough for this interaction's upload limit, privately: drawn
    by the service's GIF queue (one per player; "queued" said while others are ahead).
    Raises ``AnimationBusyError`` or ``AnimationQueueFullError`` before deferring."""
    limit = min(interaction.filesize_limit, GIF_LIMIT_BYTES) - UPLOAD_MARGIN_BYTES
    gifs = bot.service.animations
    asker = actor_of(interaction)
    ahead = gifs.ahead(asker, result, limit)
    await defer(interaction, ephemeral=True)
    if ahead:
        await interaction.edit_original_response(content=menu_messages.animation_queued(ahead))
    made = await gifs.render(asker, result, limit)
    text = menu_messages.animation_made(result, step=made.step, frames=made.frames)
    reply = messages.Reply(text, attachment=(result.filename, made.data), ephemeral=True)
    await bot.reply(interaction, reply)


async def start_game(bot: PostalBot, interaction: discord.Interaction, result: GameStarted) -> None:
    """Open the game's thread when allowed (else stay in the channel), post the first board
    there, remember where, and rewrite the challenge message."""
    await defer(interaction)
    game = result.game
    thread = await open_thread(interaction, game)
    message_id: int | None = None
    view: discord.ui.View | discord.ui.LayoutView | None = None
    if thread is not None:
        # Remember the thread first: commands typed there find the game from now on.
        await bot.service.reports.set_game_thread(game.id, thread.id)
        try:
            with using(shared_language(interaction)):  # the channel reads it
                reply = messages.game_started(result, in_thread=True)
                fields = message_fields(reply)
            view = fields.get("view")
            message = await thread.send(files=await build_files(reply, bot.render), **fields)
            message_id = message.id
        except discord.Forbidden:
            _log.info("cannot post in thread %s; the game stays in the channel", thread.id)
            await bot.service.reports.set_game_thread(game.id, None)
            thread = None
    if thread is not None:
        link = thread.mention
        await rewrite_pressed(interaction, lambda: messages.challenge_accepted(result, link))
    else:
        await rewrite_pressed(interaction, lambda: messages.challenge_accepted(result, None))
        mention = messages.wants_turn_mention(result.notify)
        bot.outbox.wake()
        message_id = await bot.reply(
            interaction,
            lambda: messages.game_started(result, in_thread=False, mention_player=mention),
        )
    if thread is not None and message_id is not None:
        await bot.boards.replaced(game.id, thread.id, message_id, view)


async def open_thread(interaction: discord.Interaction, game: GameView) -> discord.Thread | None:
    """A public thread on the challenge message, or None when the bot may not create one or
    post in it (the game then lives in the channel)."""
    channel = interaction.channel
    permissions = interaction.app_permissions
    if not opens_thread(channel) or interaction.message is None:
        # A voice chat, a thread or a forum post: the game stays where it was challenged.
        return None
    # The first board needs all of these in the thread; without any, stay in the channel,
    # where the interaction's own replies need no permission at all.
    needed = (
        permissions.create_public_threads,
        permissions.send_messages_in_threads,
        permissions.attach_files,
        permissions.embed_links,
    )
    if not all(needed):
        return None
    # Named for everyone in the channel: in the server's language, not the accepter's.
    with using(shared_language(interaction)):
        name = messages.thread_name(game)
    try:
        return await interaction.message.create_thread(
            name=name,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
    except discord.HTTPException as error:
        # Forbidden (a channel override), or the message already has a thread.
        _log.info("no thread in %s (%s); the game stays in the channel", channel.id, error)
        return None
