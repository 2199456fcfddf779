"""``/conditional add|list|clear``: moves prepared in advance, each answer private to its
owner (every reply is ephemeral). ``/conditional add`` without a line opens a modal with a
paragraph box, where a long line (or one in Chinese notation) is easier to type."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.discord.autocomplete import autocomplete_game
from bot.discord.context import actor_of, place_of
from bot.discord.descriptions import about, about_options
from bot.discord.errors import report_error
from bot.discord.language import answer_in_users_language
from bot.discord.messages import Card, Reply, Tone, card_text, clip, safe
from bot.discord.respond import quickly
from bot.i18n import N_, NP_, _, pgettext
from bot.service import ConditionalAdded
from bot.service.conditional import MAX_LINE_TEXT
from bot.text import words

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

LineText = app_commands.Range[str, 1, MAX_LINE_TEXT]
MODAL_TITLE = NP_("modal", "Prepare conditional moves")
LINE_LABEL = NP_("modal", "Line: their move, your answer, …")
LINE_HELP = N_("e.g. Nf3 Nc6 Bb5 a6 · 马8进7 炮八平五 · any notation, move numbers allowed")
TITLE_LIMIT = 256

conditional = app_commands.Group(name="conditional", description=about("conditional"))


def _bot(interaction: discord.Interaction) -> PostalBot:
    return cast("PostalBot", interaction.client)


async def game_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    return await autocomplete_game(interaction, current)


def card(title: str, text: str) -> Card:
    return Card(clip(safe(title), TITLE_LIMIT), card_text(text), (), Tone.GAME)


def added_reply(result: ConditionalAdded) -> Reply:
    """The private answer to a stored line, with the position it leads to."""
    return Reply(
        card=card(_("Conditional moves"), words.conditional_added(result)),
        board=result.line.board,
        ephemeral=True,
    )


async def _add(interaction: discord.Interaction, line: str, game: int | None) -> None:
    bot = _bot(interaction)
    result = await quickly(
        interaction,
        bot.service.conditional.add(
            actor_of(interaction), place_of(interaction), line, game_id=game
        ),
        ephemeral=True,
    )
    await bot.reply(interaction, added_reply(result))


class LineModal(discord.ui.Modal, title=MODAL_TITLE):
    """One paragraph box for the line; ``game`` is the option given with the command."""

    line: discord.ui.Label[LineModal] = discord.ui.Label(
        text=LINE_LABEL,
        description=LINE_HELP,
        component=discord.ui.TextInput(
            style=discord.TextStyle.paragraph,
            min_length=2,
            max_length=MAX_LINE_TEXT,
            placeholder="Nf3 Nc6 Bb5 a6",
        ),
    )

    def __init__(self, game: int | None) -> None:
        super().__init__(custom_id=f"postal:conditional:{game or 0}")
        self.game = game
        # Made inside the interaction's task: in its user's language.
        self.title = pgettext("modal", MODAL_TITLE)
        self.line.text = pgettext("modal", LINE_LABEL)
        self.line.description = _(LINE_HELP)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        text_input = self.line.component
        assert isinstance(text_input, discord.ui.TextInput)
        await answer_in_users_language(interaction)
        await _add(interaction, text_input.value, self.game)

    # discord.py's Modal narrows BaseView's signature itself (no item): so does this.
    async def on_error(  # type: ignore[override]
        self, interaction: discord.Interaction, error: Exception, /
    ) -> None:
        await report_error(interaction, error)


@conditional.command(name="add", description=about("conditional add"))
@app_commands.describe(**about_options("conditional add"))
@app_commands.autocomplete(game=game_choices)
async def add(
    interaction: discord.Interaction, line: LineText | None = None, game: int | None = None
) -> None:
    if line is None:
        await interaction.response.send_modal(LineModal(game))
        return
    await _add(interaction, line, game)


@conditional.command(name="list", description=about("conditional list"))
@app_commands.describe(**about_options("conditional list"))
@app_commands.autocomplete(game=game_choices)
async def list_(
    interaction: discord.Interaction,
    line: app_commands.Range[int, 1, 100] | None = None,
    game: int | None = None,
) -> None:
    bot = _bot(interaction)
    result = await quickly(
        interaction,
        bot.service.conditional.list(
            actor_of(interaction), place_of(interaction), game_id=game, line=line
        ),
        ephemeral=True,
    )
    lines = result.lines
    shown = result.shown.board if result.shown is not None else None
    if shown is None and len(lines) == 1:
        shown = lines[0].board
    said = card(_("Conditional moves"), words.conditional_list(result))
    await bot.reply(interaction, Reply(card=said, board=shown, ephemeral=True))


@conditional.command(name="clear", description=about("conditional clear"))
@app_commands.describe(**about_options("conditional clear"))
@app_commands.autocomplete(game=game_choices)
async def clear(interaction: discord.Interaction, game: int | None = None) -> None:
    bot = _bot(interaction)
    result = await quickly(
        interaction,
        bot.service.conditional.clear(actor_of(interaction), place_of(interaction), game_id=game),
        ephemeral=True,
    )
    said = card(_("Conditional moves"), words.cleared(result, "lines"))
    await bot.reply(interaction, Reply(card=said, ephemeral=True))
