"""``/match create|accept|decline|join|leave|start|show``: club matches, between two teams of a
server or between two servers. An organiser makes the match (Manage Server, or the
organisers' role: as for tournaments), naming another server by its id to challenge it; an
organiser there accepts from the channel where the match's games will live in that server.
Both are refused where Postal could not open and post in the games' threads
(``places.check_match_place``), before anything is stored. The start's games open in their
threads, in both servers for a match between servers, as the outbox delivers the rows their
creation wrote (``bot.discord.game_openings``); each result edits each side's standings
message."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.context import actor_of, place_of, user_of
from bot.discord.descriptions import about, about_options
from bot.discord.kit import Variant, postal
from bot.discord.match_invitations import invited_server, may_post_in
from bot.discord.places import can_accept_match, can_hold_match
from bot.discord.respond import quickly
from bot.discord.tournaments import member_facts
from bot.i18n.text import Joined, say
from bot.service.match_facts import (
    MAX_BOARDS,
    MAX_SIDE_NAME,
    MatchError,
    MatchRefusal,
    MatchShown,
    MatchStandings,
    MatchStarted,
)
from bot.service.results import User
from bot.text.match_words import match_text, not_posted_text, standings_text, started_text

Name = app_commands.Range[str, 1, MAX_SIDE_NAME]
Boards = app_commands.Range[int, 1, MAX_BOARDS]
ServerId = app_commands.Range[str, 1, 100]  # an id, an invite's code or its link
Days = Literal[1, 2, 3, 5, 7, 10, 14]

match = app_commands.Group(name="match", description=about("match"))


def _said(text: str) -> messages.Reply:
    return messages.Reply(messages.clip(messages.safe(text), messages.CONTENT_LIMIT))


def _text(result: MatchShown | MatchStandings | MatchStarted) -> str:
    if isinstance(result, MatchShown):
        return match_text(result)
    if isinstance(result, MatchStarted):
        return started_text(result)
    return standings_text(result)


async def _answer(
    interaction: discord.Interaction, result: MatchShown | MatchStandings | MatchStarted
) -> None:
    await postal(interaction).reply(interaction, lambda: _said(_text(result)))


@match.command(name="create", description=about("match create"))
@app_commands.describe(**about_options("match create"))
@app_commands.check(can_hold_match)
async def create(
    interaction: discord.Interaction,
    title: Name,
    rival: Name,
    boards: Boards,
    server: ServerId | None = None,
    games: Literal[2, 1] = 2,
    game: Variant = "chess",
    days: Days = 3,
) -> None:
    bot = postal(interaction)

    async def made() -> tuple[MatchShown, bool]:
        """The match made, and whether its invitation (if any) is to be posted (the outbox
        posts it: Postal may write in a channel of the invited server)."""
        against = await invited_server(bot, server)
        postable = against is None or may_post_in(bot, against)
        here = interaction.guild.name if interaction.guild is not None else ""
        shown = await bot.service.matches.create(
            actor_of(interaction),
            place_of(interaction),
            **member_facts(interaction),
            names=(title, rival),
            boards=boards,
            games_a_board=games,
            game=game,
            days=days,
            against=against,
            invite_from=here if postable else None,
        )
        return shown, postable

    shown, posted = await quickly(interaction, made())
    bot.outbox.wake()
    if posted:
        await _answer(interaction, shown)
        return

    def unposted() -> messages.Reply:
        return _said(say(Joined("\n", (match_text(shown), not_posted_text(shown.match)))))

    await bot.reply(interaction, unposted)


async def _answer_invitation(
    interaction: discord.Interaction, match_id: int | None, decline: bool
) -> None:
    bot = postal(interaction)
    shown = await quickly(
        interaction,
        bot.service.matches.accept(
            actor_of(interaction),
            place_of(interaction),
            match_id,
            **member_facts(interaction),
            decline=decline,
        ),
    )
    await _answer(interaction, shown)


@match.command(name="accept", description=about("match accept"))
@app_commands.describe(**about_options("match accept"))
@app_commands.check(can_accept_match)
async def accept(interaction: discord.Interaction, match: int | None = None) -> None:
    await _answer_invitation(interaction, match, decline=False)


@match.command(name="decline", description=about("match decline"))
@app_commands.describe(**about_options("match decline"))
async def decline(interaction: discord.Interaction, match: int | None = None) -> None:
    await _answer_invitation(interaction, match, decline=True)


@match.command(name="join", description=about("match join"))
@app_commands.describe(**about_options("match join"))
async def join(
    interaction: discord.Interaction,
    match: int | None = None,
    team: Literal[1, 2] | None = None,
    player: discord.User | None = None,
) -> None:
    await _listing(interaction, match, team, player, leave=False)


@match.command(name="leave", description=about("match leave"))
@app_commands.describe(**about_options("match leave"))
async def leave(
    interaction: discord.Interaction,
    match: int | None = None,
    player: discord.User | None = None,
) -> None:
    await _listing(interaction, match, None, player, leave=True)


async def _listing(
    interaction: discord.Interaction,
    match_id: int | None,
    team: int | None,
    player: discord.User | None,
    *,
    leave: bool,
) -> None:
    """A member joins or leaves their side (or an organiser lists ``player``, a member of
    this server and no bot, or takes them off: anyone listed, one who left the server too)."""
    listed = None
    if player is not None:
        listed = user_of(player) if leave else _member(interaction, player)
    shown = await quickly(
        interaction,
        postal(interaction).service.matches.join(
            actor_of(interaction),
            place_of(interaction),
            match_id,
            side=team,
            player=listed,
            leave=leave,
            **member_facts(interaction),
        ),
    )
    await _answer(interaction, shown)


def _member(interaction: discord.Interaction, player: discord.User | discord.Member) -> User:
    """``player`` as a match lists them: a member of the command's server (Discord resolves
    a member only for one of its members) and no bot. Raises ``MatchError`` (NO_BOTS,
    NOT_A_MEMBER)."""
    if player.bot:
        raise MatchError(MatchRefusal.NO_BOTS)
    if not isinstance(player, discord.Member) or player.guild.id != interaction.guild_id:
        raise MatchError(MatchRefusal.NOT_A_MEMBER)
    return user_of(player)


@match.command(name="start", description=about("match start"))
@app_commands.describe(**about_options("match start"))
async def start(interaction: discord.Interaction, match: int | None = None) -> None:
    bot = postal(interaction)
    started = await quickly(
        interaction,
        bot.service.matches.start(
            actor_of(interaction), place_of(interaction), match, **member_facts(interaction)
        ),
    )
    await _answer(interaction, started)


@match.command(name="show", description=about("match show"))
@app_commands.describe(**about_options("match show"))
async def show(interaction: discord.Interaction, match: int | None = None) -> None:
    bot = postal(interaction)
    shown = await quickly(
        interaction, bot.service.matches.show(actor_of(interaction), place_of(interaction), match)
    )
    await _answer(interaction, shown)
