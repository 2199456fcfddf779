"""``/settings``: a player's preferences, shown all at once; and, for members who may
manage the server, the language of what the server's channels see."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.autocomplete import AUTOCOMPLETE_LIMIT, CHOICE_NAME_LIMIT
from bot.discord.context import actor_of
from bot.discord.descriptions import about, about_options
from bot.discord.kit import described_choices, postal
from bot.discord.language import remember_shared_language
from bot.discord.respond import quickly
from bot.i18n import Locale, _
from bot.i18n.names import Choice
from bot.i18n.text import Text, say
from bot.service import ConfirmMoves, PlayerSettings
from bot.service.local_time import zone_names
from bot.service.themes import (
    available_piece_sets,
    available_themes,
    piece_set_listed,
    theme_choice,
)
from bot.text.organiser_words import organisers_text

NotifyChoice = Literal["channel", "dm", "off"]
# Each language by its own name (never translated), and "auto": the Discord app's language.
LANGUAGE_CHOICES = described_choices("settings", "language")
SERVER_LANGUAGE_CHOICES = described_choices("settings", "server_language")


async def autocomplete_theme(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The themes, each shown as the user's client names it (« bois »); the value sent back
    is the theme's name (``wood``)."""
    return _looks(current, [theme_choice(name) for name in available_themes()])


async def autocomplete_pieces(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The piece sets, each shown with the game it is for in the user's client's language
    (« simples (échecs) »); the value sent back is the set's name (``simple``)."""
    return _looks(current, [piece_set_listed(name) for name in available_piece_sets()])


def _looks(current: str, choices: list[Choice]) -> list[app_commands.Choice[str]]:
    """``choices`` whose name or shown label holds what was typed (any case)."""
    typed = current.strip().casefold()
    shown = [(str(choice), say(choice)) for choice in choices]
    return [
        app_commands.Choice(name=messages.clip(label, CHOICE_NAME_LIMIT), value=name)
        for name, label in shown
        if typed in name.casefold() or typed in label.casefold()
    ][:AUTOCOMPLETE_LIMIT]


async def autocomplete_timezone(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """IANA time zone names containing what was typed (a city, a region), prefix first."""
    typed = current.strip().lower().replace(" ", "_")
    names = zone_names()
    found = sorted(
        (name for name in names if typed in name.lower()),
        key=lambda name: (not name.lower().startswith(typed), "/" not in name, name),
    )
    return [app_commands.Choice(name=name, value=name) for name in found[:AUTOCOMPLETE_LIMIT]]


@app_commands.command(name="settings", description=about("settings"))
@app_commands.describe(**about_options("settings"))
@app_commands.choices(
    orientation=described_choices("settings", "orientation"),
    takebacks=described_choices("settings", "takebacks"),
    notation=described_choices("settings", "notation"),
    janggi_notation=described_choices("settings", "janggi_notation"),
    confirm=described_choices("settings", "confirm"),
    language=LANGUAGE_CHOICES,
    server_language=SERVER_LANGUAGE_CHOICES,
)
@app_commands.autocomplete(
    theme=autocomplete_theme, timezone=autocomplete_timezone, pieces=autocomplete_pieces
)
async def settings(
    interaction: discord.Interaction,
    notify: NotifyChoice | None = None,
    theme: app_commands.Range[str, 1, 40] | None = None,
    orientation: str | None = None,
    confirm: str | None = None,
    reminders: app_commands.Range[str, 1, 40] | None = None,
    timezone: app_commands.Range[str, 1, 64] | None = None,
    quiet: app_commands.Range[str, 1, 40] | None = None,
    digest: app_commands.Range[str, 1, 20] | None = None,
    takebacks: str | None = None,
    notation: str | None = None,
    janggi_notation: str | None = None,
    pieces: app_commands.Range[str, 1, 40] | None = None,
    strip: bool | None = None,
    language: str | None = None,
    server_language: str | None = None,
    tournament_role: discord.Role | None = None,
) -> None:
    bot = postal(interaction)
    user = actor_of(interaction)
    shared: Locale | None = None
    organisers: Text | None = None
    if tournament_role is not None:  # checked first too: a refusal changes nothing
        named = await bot.service.tournament_roles.choose(
            interaction.guild_id,
            tournament_role.id,
            manages_server=interaction.permissions.manage_guild,
        )
        organisers = organisers_text(None if named is None else tournament_role.name)
    if server_language is not None:
        # Checked and stored first: a refusal leaves every other option unchanged too.
        shared = await server_language_chosen(interaction, server_language)
    result = await quickly(
        interaction,
        bot.service.preferences.settings(
            user,
            notify=notify,
            theme=theme,
            orientation=orientation,
            reminders=reminders,
            timezone=timezone,
            quiet=quiet,
            digest=digest,
            takebacks=takebacks,
            notation=notation,
            pieces=pieces,
            strip=strip,
            language=language,
            confirm=confirm,
            janggi_notation=janggi_notation,
        ),
        ephemeral=True,
    )
    bot.foresight.confirms(user.id, result.confirm_moves is ConfirmMoves.ALWAYS)
    reply = settings_reply(result, shared)
    if organisers is not None:  # what just changed for the server, said first
        reply = replace(reply, content=messages.safe(organisers))
    await bot.reply(interaction, lambda: reply)


def settings_reply(result: PlayerSettings, server_language: Locale | None) -> messages.Reply:
    """The player's settings; first, the language just chosen for the server's channels."""
    reply = messages.player_settings(result)
    if server_language is None:
        return reply
    said = _("What the whole channel sees in this server is now in {language}.").format(
        language=server_language.native_name
    )
    return replace(reply, content=said)


async def server_language_chosen(interaction: discord.Interaction, text: str) -> Locale:
    """Make ``text`` the language of the server's shared messages, if the user may manage
    the server (Discord's Manage Server, as the interaction reports it); from this very
    answer on; returns the language the server's shared messages are now in. Raises
    ``UserError`` otherwise."""
    service = postal(interaction).service
    manages = interaction.permissions.manage_guild
    chosen = await service.server_languages.choose(
        interaction.guild_id, text, manages_server=manages
    )
    if chosen is None:
        code = interaction.guild_locale.value if interaction.guild_locale else None
        chosen = await service.server_languages.of(interaction.guild_id, code)
    remember_shared_language(interaction, chosen)
    return chosen
