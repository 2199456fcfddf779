"""One error handler for commands and buttons.

A ``UserError`` from the service becomes an ephemeral reply with its friendly message.
Missing Discord permissions are explained. Anything else is a bug: it is logged with a
traceback under a short error id, and the user gets an apology quoting that id.
"""

from __future__ import annotations

import contextlib
import logging
import secrets

import discord
from discord import app_commands

from bot.discord.escape import escape_text
from bot.discord.language import answer_in_users_language
from bot.discord.messages import Reply
from bot.discord.places import POSTING_PERMISSIONS, permissions_text
from bot.discord.respond import Ack, ack_state, answer, quickly
from bot.i18n import _, resolve, using
from bot.i18n.text import Text, say
from bot.i18n.translator import enter
from bot.service import BoardView, UserError
from bot.service.errors import ChallengePendingError
from bot.service.tournament.facts import TournamentError
from bot.text.errors import RESTARTING, error_text
from bot.text.organiser_words import role_mention
from bot.text.outage import outage_sentence

_log = logging.getLogger(__name__)


def permissions_help(detail: str) -> Text:
    """A refused post (``detail``: Discord's error) explained to whoever can ask an admin:
    every permission Postal posts with, by the names Discord's client shows the admin."""
    return Text(
        "I am missing a permission in this channel ({detail}). Ask a server admin to give me "
        "these permissions here: {permissions}.",
        detail=detail,
        permissions=permissions_text(POSTING_PERMISSIONS),
    )


def unwrap(error: BaseException) -> BaseException:
    """The exception a command raised, without discord.py's wrappers."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ or getattr(error, "original", None)
        if inner is None:
            break
        error = inner
    return error


def explain(error: BaseException, interaction: discord.Interaction) -> str:
    """The sentence the user sees for ``error``; logs it with a traceback if it is a bug."""
    if isinstance(error, ChallengePendingError) and error.message_id and error.place:
        # The first challenge is pointed to: its message, with the buttons to answer it.
        guild_id, target_id = error.place
        link = f"https://discord.com/channels/{guild_id}/{target_id}/{error.message_id}"
        return escape_text(f"{error_text(error)} {link}", keep=(link,))
    if isinstance(error, TournamentError) and error.role_id is not None:
        # The role needed, as a mention each reader's client shows as @Name (never pinged).
        return escape_text(error_text(error), keep=(role_mention(error.role_id),))
    if isinstance(error, UserError):
        # it may quote names and what the user typed
        return escape_text(error_text(error))
    if isinstance(error, discord.Forbidden):
        return say(permissions_help(error.text or "403 Forbidden"))
    if isinstance(error, app_commands.TransformerError):
        return escape_text(
            _("{value} is not a valid value for that option.").format(value=repr(error.value))
        )
    if isinstance(error, app_commands.CheckFailure):
        if error.args and isinstance(error.args[0], str):
            return say(error.args[0])
        return _("You cannot use this command here.")
    command = interaction.command.qualified_name if interaction.command else None
    what = f"/{command}" if command else f"interaction {interaction.type.name}"
    outage = outage_sentence(error)
    if outage is not None:  # not a bug: the operator sees the cause, without a traceback
        _log.warning("database failed %s by user %s: %s", what, _user_id(interaction), error)
        return outage
    error_id = secrets.token_hex(4)
    _log.error(
        "error %s in %s by user %s",
        error_id,
        what,
        _user_id(interaction),
        exc_info=(type(error), error, error.__traceback__),
    )
    return _(
        "Sorry, something went wrong on my side (error id {error_id}). Please try again later."
    ).format(error_id=error_id)


def _user_id(interaction: discord.Interaction) -> object:
    return interaction.user.id if interaction.user else "?"


async def _no_render(board: BoardView) -> bytes:
    raise AssertionError("error replies carry no board")


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user about ``error`` ephemerally, along whatever route is still open.
    Never raises (it is the error path: nothing handles its errors): a failure to answer
    (Discord refused, the connection closed at shutdown) is logged in one line."""
    try:
        error = unwrap(error)
        if isinstance(error, ChallengePendingError) and error.message_id is None:
            await _link_first_challenge(interaction, error)
        text = explain(error, interaction)
        await answer(interaction, Reply(text, ephemeral=True), _no_render)
    except Exception as failure:
        _not_answered(interaction, type(error).__name__, failure)


def _not_answered(interaction: discord.Interaction, about: str, failure: Exception) -> None:
    _log.warning(
        "could not answer user %s (%s): %s: %s",
        _user_id(interaction),
        about,
        type(failure).__name__,
        failure,
    )


async def answer_cut_short(interaction: discord.Interaction) -> None:
    """A command or press cancelled at shutdown (still running after the grace time) gets
    the restart note instead of its answer: in its "thinking…" message if it deferred (it
    would think for ever), else as its answer. Never raises; a failure is logged."""
    state = ack_state(interaction)
    if state is Ack.ANSWERED or state is Ack.DEFERRED_UPDATE:
        return
    code = interaction.locale.value if interaction.locale else None
    with using(resolve(user=code)):
        if state is Ack.NONE:
            await report_error(interaction, ShuttingDown())
            return
        try:
            await interaction.edit_original_response(content=say(RESTARTING))
        except Exception as failure:
            _not_answered(interaction, "cut short", failure)


async def _link_first_challenge(
    interaction: discord.Interaction, error: ChallengePendingError
) -> None:
    """Give ``error`` the first challenge's message id, unknown when the error was raised:
    that message may be being posted right now (shown, its id not stored yet) or its id
    stored since, so the same challenge sent straight after the first still links to it."""
    message_of = getattr(interaction.client, "challenge_message", None)
    if message_of is not None:
        # Deferred (privately, as refusals are) if the first post takes long; a failed
        # deferral leaves the link out, and the answer tries its own route.
        with contextlib.suppress(discord.HTTPException):
            error.message_id = await quickly(
                interaction, message_of(error.challenge_id), ephemeral=True
            )


class ShuttingDown(app_commands.CheckFailure):
    """A command arrived while the bot is stopping: it is refused, not half-done."""

    def __init__(self) -> None:
        super().__init__(RESTARTING)


class PostalTree(app_commands.CommandTree[discord.Client]):
    """The command tree whose ``on_error`` is the single error handler."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        # Runs inside the task that handles the command: let the bot track it for shutdown.
        track = getattr(interaction.client, "track", None)
        if track is not None:
            track(interaction)
        # While stopping, new commands are refused so the commands in flight can end and the
        # process can exit under steady load (autocomplete is harmless and still answered).
        # Checked before anything is awaited, so a command that came in before the signal is
        # never refused because the language lookup below let the signal overtake it.
        stopping = getattr(interaction.client, "stopping", False)
        if stopping and interaction.type is discord.InteractionType.application_command:
            enter(resolve(user=interaction.locale.value if interaction.locale else None))
            raise ShuttingDown
        await answer_in_users_language(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)
