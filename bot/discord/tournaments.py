"""``/tournament create|join|leave|start|withdraw|pgn|standings``: tournaments in a server.
The tournament's message is posted in the channel; each game, of the first round and of
every round after, gets its own thread when the channel allows (else it lives in the
channel), its first board posted there with both players mentioned, as the outbox delivers
the row its creation wrote (``bot.discord.game_openings``)."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Literal, TypedDict

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.context import actor_of, place_of, user_of
from bot.discord.descriptions import about, about_options
from bot.discord.kit import Variant, described_choices, postal
from bot.discord.language import shared_language
from bot.discord.places import check_tournament_place
from bot.discord.respond import message_fields, quickly, update_pressed_message
from bot.discord.standings_posts import standings_answer
from bot.discord.tournament_events import event_note, make_event
from bot.discord.tournament_posts import signup_post
from bot.i18n import using
from bot.service.thematic_starts import MAX_START_TEXT
from bot.service.tournament.facts import (
    BYE_HALVES,
    MAX_FIELD,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_STANDINGS_PAGES,
    MAX_TIEBREAK_PAIRS,
    MAX_TIMEOUTS,
    MIN_PLAYERS,
    TournamentShown,
    TournamentStarted,
    TournamentView,
)
from bot.store import TournamentFormat
from bot.text.tournament_words import (
    entry_news,
    entry_text,
    records_text,
    started_text,
    withdrawn_text,
)

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)


class MemberFacts(TypedDict):
    """The member's rights as the tournament use cases take them (keywords)."""

    manages_server: bool
    role_ids: frozenset[int]


NameText = app_commands.Range[str, 1, MAX_NAME_LENGTH]
Players = app_commands.Range[int, MIN_PLAYERS, MAX_FIELD]
Rounds = app_commands.Range[int, 1, MAX_ROUNDS]
TiebreakPairs = app_commands.Range[int, 0, MAX_TIEBREAK_PAIRS]
Timeouts = app_commands.Range[int, 0, MAX_TIMEOUTS]
Pages = app_commands.Range[int, 1, MAX_STANDINGS_PAGES]
DeadlineText = app_commands.Range[str, 1, 40]
StartText = app_commands.Range[str, 1, MAX_START_TEXT]
Days = Literal[1, 2, 3, 5, 7, 10, 14]

tournament = app_commands.Group(name="tournament", description=about("tournament"))


def member_facts(interaction: discord.Interaction) -> MemberFacts:
    """What Discord says of the member: whether they may manage the server, and the roles
    they hold (the service decides from these whether they may organise tournaments)."""
    roles = frozenset(role.id for role in getattr(interaction.user, "roles", ()))
    return {"manages_server": interaction.permissions.manage_guild, "role_ids": roles}


def _said(text: str) -> messages.Reply:
    return messages.Reply(messages.clip(messages.safe(text), messages.CONTENT_LIMIT))


async def _show_entry(interaction: discord.Interaction, shown: TournamentShown) -> None:
    """A join or leave typed as a command: say it, bring the sign-up message up to date,
    and open the games when the join filled a tournament that starts when full."""
    bot = postal(interaction)
    await bot.reply(interaction, lambda: _said(entry_text(shown)))
    if shown.started is not None:
        await _open_games(bot, interaction, shown.started)
    else:
        await _refresh(bot, interaction, shown.tournament)


async def show_pressed(
    bot: PostalBot, interaction: discord.Interaction, shown: TournamentShown
) -> None:
    """Join or Leave pressed on the sign-up message: rewrite it with the field as it is now
    (its buttons gone once it started), then open the games if the join started it."""
    with using(shared_language(interaction)):  # the channel reads it
        fields = message_fields(signup_post(shown.tournament))
    await update_pressed_message(interaction, None, fields.get("view"))
    if shown.started is not None:
        await _open_games(bot, interaction, shown.started)


async def _refresh(bot: PostalBot, interaction: discord.Interaction, view: TournamentView) -> None:
    """Edit the tournament's sign-up message to show ``view``, in the channel's language."""
    with using(shared_language(interaction)):
        await show_signup(bot, view)


async def show_signup(bot: PostalBot, view: TournamentView) -> None:
    """Edit the tournament's sign-up message (where Postal posted it) to show ``view`` in
    the current language, its buttons gone once it no longer takes entrants; a message gone
    or out of reach is left as it is (the commands still work). Raises nothing."""
    if view.message_id is None:
        return
    fields = message_fields(signup_post(view))
    channel = bot.get_partial_messageable(view.place.target_id, guild_id=view.place.guild_id)
    try:
        # content=None: a message posted as text before the layout sheds it (Discord
        # refuses an edit that sets the layout flag and keeps the content).
        await channel.get_partial_message(view.message_id).edit(
            content=None, view=fields.get("view")
        )
    except discord.HTTPException as error:
        _log.info("tournament #%s: sign-up message not updated (%s)", view.id, error)


@tournament.command(name="create", description=about("tournament create"))
@app_commands.describe(**about_options("tournament create"))
@app_commands.choices(
    format=described_choices("tournament create", "format"),
    bye=described_choices("tournament create", "bye"),
    decider=described_choices("tournament create", "decider"),
)
async def create(
    interaction: discord.Interaction,
    title: NameText | None = None,
    game: Variant = "chess",
    days: Days = 3,
    format: str = "round_robin",
    players: Players = 8,
    rounds: Rounds | None = None,
    bye: str | None = None,
    tiebreaks: TiebreakPairs | None = None,
    decider: str | None = None,
    double: bool = False,
    rated: bool | None = None,
    start_when_full: bool = False,
    deadline: DeadlineText | None = None,
    vacation: bool = True,
    timeouts: Timeouts | None = None,
    start: StartText | None = None,
    event: bool = False,
) -> None:
    bot = postal(interaction)
    await check_tournament_place(interaction)
    shown = await quickly(
        interaction,
        bot.service.tournaments.create(
            actor_of(interaction),
            place_of(interaction),
            **member_facts(interaction),
            name=title or "",
            game=game,
            days=days,
            rated=rated,
            players=players,
            double=double,
            start_when_full=start_when_full,
            format=TournamentFormat(format),
            rounds=rounds,
            bye_halves=None if bye is None else BYE_HALVES[bye],
            deadline=deadline,
            vacation=vacation,
            start=start,
            tiebreaks=tiebreaks,
            timeouts=timeouts,
            decider=decider,
        ),
    )
    made = shown.tournament
    posted = await bot.reply(interaction, lambda: signup_post(made, entry_news(shown)))
    await bot.service.tournaments.set_message(made.id, posted)
    if event:  # its organiser is told privately when there is none
        note = event_note(await make_event(interaction.guild, made, posted))
        if note is not None:
            await bot.reply(interaction, messages.Reply(note, ephemeral=True))


@tournament.command(name="join", description=about("tournament join"))
@app_commands.describe(**about_options("tournament join"))
async def join(interaction: discord.Interaction, tournament: int | None = None) -> None:
    bot = postal(interaction)
    shown = await quickly(
        interaction,
        bot.service.tournaments.join(actor_of(interaction), place_of(interaction), tournament),
    )
    await _show_entry(interaction, shown)


@tournament.command(name="leave", description=about("tournament leave"))
@app_commands.describe(**about_options("tournament leave"))
async def leave(interaction: discord.Interaction, tournament: int | None = None) -> None:
    bot = postal(interaction)
    shown = await quickly(
        interaction,
        bot.service.tournaments.leave(actor_of(interaction), place_of(interaction), tournament),
    )
    await _show_entry(interaction, shown)


@tournament.command(name="start", description=about("tournament start"))
@app_commands.describe(**about_options("tournament start"))
async def start(interaction: discord.Interaction, tournament: int | None = None) -> None:
    bot = postal(interaction)
    started = await quickly(
        interaction,
        bot.service.tournaments.start(
            actor_of(interaction),
            place_of(interaction),
            tournament,
            **member_facts(interaction),
        ),
    )
    await _open_games(bot, interaction, started)


@tournament.command(name="withdraw", description=about("tournament withdraw"))
@app_commands.describe(**about_options("tournament withdraw"))
async def withdraw(
    interaction: discord.Interaction,
    tournament: int | None = None,
    player: discord.User | None = None,
) -> None:
    bot = postal(interaction)
    done = await quickly(
        interaction,
        bot.service.tournaments.withdraw(
            actor_of(interaction),
            place_of(interaction),
            tournament,
            player=user_of(player) if player is not None else None,
            **member_facts(interaction),
        ),
    )
    await bot.reply(interaction, lambda: _said(withdrawn_text(done)))


@tournament.command(name="pgn", description=about("tournament pgn"))
@app_commands.describe(**about_options("tournament pgn"))
async def pgn(interaction: discord.Interaction, tournament: int | None = None) -> None:
    bot = postal(interaction)
    records = await quickly(
        interaction, bot.service.tournaments.pgn(place_of(interaction), tournament)
    )
    attached = (records.filename, records.text.encode())
    await bot.reply(interaction, lambda: replace(_said(records_text(records)), attachment=attached))


@tournament.command(name="standings", description=about("tournament standings"))
@app_commands.describe(**about_options("tournament standings"))
async def standings(
    interaction: discord.Interaction, tournament: int | None = None, page: Pages = 1
) -> None:
    bot = postal(interaction)
    table = await quickly(
        interaction, bot.service.tournaments.standings(place_of(interaction), tournament, page)
    )
    await bot.reply(interaction, lambda: standings_answer(table, page))


async def _open_games(
    bot: PostalBot, interaction: discord.Interaction, started: TournamentStarted
) -> None:
    """Say the pairings and take the buttons off the sign-up message. Each game opens in
    its own thread as the outbox delivers the row its creation wrote
    (``bot.discord.game_openings``), as every later round's games do."""
    await bot.reply(interaction, lambda: _said(started_text(started)))
    await _refresh(bot, interaction, started.tournament)
