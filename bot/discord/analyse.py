"""``/analyse``: a finished game's engine analysis, with its progress shown as it runs.

Progress goes through the interaction itself: the answer ("Analysing …: 23/80 positions")
is edited as positions are evaluated, then replaced by the analysis. Why not the outbox: it
is the answer to the asker's own command, not something Postal says on its own initiative;
the interaction's webhook reaches the asker wherever they asked (even where Postal may not
post), and its edits are not paced with the game's messages. Its limit is the token's
lifetime (15 minutes): before that runs out, the message says the analysis carries on in
the background and to ask again, which is then instant (the analysis is stored, and a
restart resumes it).
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.autocomplete import autocomplete_game
from bot.discord.commands import server_only
from bot.discord.context import actor_of, place_of
from bot.discord.descriptions import about, about_options
from bot.discord.escape import escape_text
from bot.discord.kit import postal
from bot.discord.language import shared_language
from bot.discord.messages import Card, Reply, Tone
from bot.discord.respond import Ack, ack_state, answer, build_embed, quickly
from bot.i18n import _
from bot.i18n.translator import using
from bot.service import BoardView
from bot.service.analysis import (
    AnalysisFailedError,
    AnalysisInterruptedError,
    AnalysisProgress,
    ProgressMessage,
)
from bot.service.analysis_report import GameAnalysis
from bot.text import analysis_words as words
from bot.text.errors import error_text

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

GRAPH_FILENAME = "analysis-graph.png"
CRITICAL_FILENAME = "analysis-critical.png"
# Edits of the progress message at most this often (Discord paces webhook edits too).
PROGRESS_EVERY_SECONDS = 1.5
# Discord's interaction tokens work for 15 minutes; the last edit is made before that.
TOKEN_SECONDS = 15 * 60
TOKEN_MARGIN_SECONDS = 30
FIELD_LIMIT = 1024


@app_commands.command(name="analyse", description=about("analyse"))
@app_commands.describe(**about_options("analyse"))
@app_commands.autocomplete(game=autocomplete_game)
async def analyse(interaction: discord.Interaction, game: int | None = None) -> None:
    bot = postal(interaction)
    user = actor_of(interaction)
    analyses = bot.service.analysis
    started = await quickly(
        interaction, analyses.analyse(user, place_of(interaction), game_id=game)
    )
    if started.result is not None:
        # Known public now: if drawing takes long, "thinking…" is shown publicly meanwhile.
        # The channel reads it: in the server's language (the thread copies the context).
        with using(shared_language(interaction)):
            drawing = asyncio.to_thread(analysis_reply, started.result)
            await answer(interaction, await quickly(interaction, drawing, ephemeral=False), _none)
        return
    view = started.game
    edits_original = ack_state(interaction) is not Ack.THINKING_EPHEMERAL
    message_id = await answer(
        interaction, Reply(content=escape_text(words.progress(view, started.progress))), _none
    )
    if message_id is not None and interaction.channel_id is not None:
        # A restart resumes the analysis and goes on updating this message (follow_in_message).
        await analyses.show_progress_in(user, view.id, interaction.channel_id, message_id)
    deadline = time.monotonic() + _token_seconds_left(interaction) - TOKEN_MARGIN_SECONDS
    last_edit = time.monotonic()

    async def edit(
        content: str | None,
        embed: discord.Embed | None = None,
        files: tuple[discord.File, ...] = (),
    ) -> None:
        attachments: list[discord.File] = list(files) or discord.utils.MISSING
        if edits_original or message_id is None:
            await interaction.edit_original_response(
                content=content, embed=embed, attachments=attachments
            )
        else:
            await interaction.followup.edit_message(
                message_id, content=content, embed=embed, attachments=attachments
            )

    async def on_progress(now: AnalysisProgress) -> None:
        nonlocal last_edit
        if time.monotonic() - last_edit >= PROGRESS_EVERY_SECONDS:
            last_edit = time.monotonic()
            await edit(escape_text(words.progress(view, now)))

    following = analyses.follow(user, view.id, on_progress)
    try:
        result = await asyncio.wait_for(following, max(0.0, deadline - time.monotonic()))
    except TimeoutError:
        # The job goes on (only the following stopped); the answer says so while it can.
        now = analyses.running(view.id) or started.progress
        await edit(escape_text(words.still_running(view, now)))
        return
    except (AnalysisFailedError, AnalysisInterruptedError) as error:
        await edit(escape_text(error_text(error)))
        return
    reply = await asyncio.to_thread(analysis_reply, result)
    await edit(None, _embed(reply), tuple(_file(name, data) for name, data in reply.files))


async def follow_in_message(bot: PostalBot, shown: ProgressMessage) -> None:
    """Go on showing a resumed analysis in the message its asker saw before the restart (no
    interaction is left to answer with: the bot edits its own message), in the asker's
    language; a message gone or out of reach is left as it is."""
    message = bot.get_partial_messageable(shown.channel_id).get_partial_message(shown.message_id)
    analyses = bot.service.analysis
    last_edit = time.monotonic()

    async def on_progress(now: AnalysisProgress) -> None:
        nonlocal last_edit
        if time.monotonic() - last_edit >= PROGRESS_EVERY_SECONDS:
            last_edit = time.monotonic()
            await message.edit(content=escape_text(words.progress(shown.game, now)))

    try:
        with using(await bot.service.languages.of(shown.viewer.id)):
            await message.edit(content=escape_text(words.progress(shown.game, shown.progress)))
            try:
                result = await analyses.follow(shown.viewer, shown.game.id, on_progress)
            except (AnalysisFailedError, AnalysisInterruptedError) as error:
                await message.edit(content=escape_text(error_text(error)))
                return
            reply = await asyncio.to_thread(analysis_reply, result)
            files = [_file(name, data) for name, data in reply.files]
            await message.edit(content=None, embed=_embed(reply), attachments=files)
    except discord.HTTPException as error:
        # Deleted, or the channel out of reach: asking again shows the analysis.
        _log.info("analysis of game #%s: its message is gone (%s)", shown.game.id, error)


async def _none(_: BoardView) -> bytes:  # no board to draw: the pictures come with the reply
    raise AssertionError("an analysis reply has no board")


def _token_seconds_left(interaction: discord.Interaction) -> float:
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return TOKEN_SECONDS - max(0.0, age)


def _file(name: str, data: bytes) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def _embed(reply: Reply) -> discord.Embed:
    embed = build_embed(reply)
    assert embed is not None
    return embed


def analysis_reply(analysis: GameAnalysis) -> Reply:
    """The analysis as a message: a card with each player's figures, the critical moment and
    the judged moves, the graph as its image, the critical board and the record attached.
    Draws the pictures: call it in a worker thread."""
    fields = [
        (_("Players"), "\n".join(escape_text(words.player_line(analysis, figures))
                                 for figures in (analysis.white, analysis.black))),
        (_("Critical moment"), escape_text(words.critical(analysis))),
    ]  # fmt: skip
    judged = words.judged_moves(analysis)
    listed = ""
    for line in judged:
        entry = escape_text(line)
        if len(listed) + len(entry) + 1 > FIELD_LIMIT:
            break
        listed = f"{listed}\n{entry}" if listed else entry
    fields.append((words.judged_title(), listed or _("None.")))
    files = [(GRAPH_FILENAME, analysis.graph_png(legend=words.graph_legend()))]
    critical = analysis.critical_png()
    if critical is not None:
        files.append((CRITICAL_FILENAME, critical))
    files.append((analysis.record_filename, analysis.record.encode("utf-8")))
    card = Card(
        title=escape_text(words.heading(analysis)),
        description=escape_text(words.budget(analysis)),
        fields=tuple(fields),
        tone=Tone.INFO,
        image=GRAPH_FILENAME,
    )
    return Reply(card=card, files=tuple(files))


ANALYSIS_COMMANDS: tuple[Any, ...] = (server_only(analyse),)
