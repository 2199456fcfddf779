"""Commands of the board message's features: ``/gif``, and the user context menus
"Challenge to chess" / "Challenge to xiangqi" (right-click a member, Apps)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.autocomplete import autocomplete_game
from bot.discord.commands import play_the_computer, server_only
from bot.discord.context import actor_of, place_of, user_of
from bot.discord.descriptions import about, about_options
from bot.discord.kit import postal
from bot.discord.places import can_host_game
from bot.discord.presses import send_animation
from bot.discord.respond import quickly
from bot.service.after_game import DEFAULT_FRAME_MS, FRAME_MS_RANGE

FrameMs = app_commands.Range[int, FRAME_MS_RANGE[0], FRAME_MS_RANGE[1]]


@app_commands.command(name="gif", description=about("gif"))
@app_commands.describe(**about_options("gif"))
@app_commands.autocomplete(game=autocomplete_game)
async def gif(
    interaction: discord.Interaction, game: int | None = None, frame_ms: FrameMs = DEFAULT_FRAME_MS
) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.after_game.animation(
            actor_of(interaction), place_of(interaction), game_id=game, frame_ms=frame_ms
        ),
        ephemeral=True,
    )
    await send_animation(bot, interaction, result)


async def _challenge_from_menu(
    interaction: discord.Interaction, member: discord.User | discord.Member, variant: str
) -> None:
    bot = postal(interaction)
    if bot.service.computer.is_computer(user_of(member)):  # right-clicked Postal itself
        await play_the_computer(interaction, game=variant)
        return
    result = await quickly(
        interaction,
        bot.service.challenges.challenge(
            actor_of(interaction), place_of(interaction), user_of(member), game=variant
        ),
    )
    await bot.post_challenge(interaction, result)


@app_commands.context_menu(name="Challenge to chess")
@app_commands.check(can_host_game)
async def challenge_to_chess(
    interaction: discord.Interaction, member: discord.User | discord.Member
) -> None:
    await _challenge_from_menu(interaction, member, "chess")


@app_commands.context_menu(name="Challenge to xiangqi")
@app_commands.check(can_host_game)
async def challenge_to_xiangqi(
    interaction: discord.Interaction, member: discord.User | discord.Member
) -> None:
    await _challenge_from_menu(interaction, member, "xiangqi")


BOARD_COMMANDS: tuple[Any, ...] = (
    server_only(gif),
    server_only(challenge_to_chess),
    server_only(challenge_to_xiangqi),
)
