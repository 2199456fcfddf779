"""The slash commands of the SPEC: each turns its options into one service call and shows the
result. Option types, choices and ranges let Discord validate what it can before we run.

Every command is for servers (installed to a server, used in its channels and threads); the
ones about one's own games (/games, /pgn, /history, /stats, /note) also work in the bot's
DMs. Discord enforces these contexts: it never offers a server command in a DM.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import discord
from discord import app_commands

from bot.discord import mentioned, menu_messages, messages, pause_messages
from bot.discord.autocomplete import AUTOCOMPLETE_LIMIT, autocomplete_game
from bot.discord.conditional import conditional
from bot.discord.context import actor_of, place_of, user_of
from bot.discord.descriptions import about, about_options
from bot.discord.kit import Variant, described_choices, postal
from bot.discord.matches import match
from bot.discord.notes import note
from bot.discord.places import can_host_game
from bot.discord.respond import Outlook, quickly
from bot.discord.settings import settings
from bot.discord.tournaments import tournament
from bot.discord.votes import vote
from bot.i18n.text import say
from bot.service import (
    BoardShown,
    ChallengeClosed,
    GameEnded,
    MovePlayed,
    MovePreview,
    OfferMade,
    PromotionNeeded,
    TakenBack,
    color_word,
)
from bot.service.challenge_plan import MAX_CAP_DAYS, MAX_INCREMENT_DAYS, weekends_off
from bot.service.computer import LEVELS
from bot.service.pause_facts import MAX_PAUSE_DAYS, PauseAgreed
from bot.service.thematic_starts import MAX_START_TEXT
from rules.chess960 import START_COUNT

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

T = TypeVar("T")


MoreDays = Literal[1, 2, 3, 5, 7]


COLOR_CHOICES = described_choices("challenge", "color")
MoveText = app_commands.Range[str, 1, 40]
SquareText = app_commands.Range[str, 1, 4]
FenText = app_commands.Range[str, 1, 120]
Level = app_commands.Range[int, LEVELS[0], LEVELS[-1]]
StartNumber = app_commands.Range[int, 0, START_COUNT - 1]
StartText = app_commands.Range[str, 1, MAX_START_TEXT]
BankIncrement = app_commands.Range[int, 1, MAX_INCREMENT_DAYS]
BankCap = app_commands.Range[int, 1, MAX_CAP_DAYS]
VacationDays = app_commands.Range[int, 1, 30]
PauseDays = app_commands.Range[int, 1, MAX_PAUSE_DAYS]


def server_only(command: T) -> T:
    """Offered by Discord only on servers that installed Postal, never in DMs."""
    installed = app_commands.allowed_installs(guilds=True, users=False)
    return installed(app_commands.guild_only(command))


def also_in_dms(command: T) -> T:
    """Offered on servers that installed Postal and in the bot's own DMs (not group DMs or
    other users' DMs): for reading one's own games."""
    installed = app_commands.allowed_installs(guilds=True, users=False)
    return installed(
        app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)(command)
    )


def _game_option(interaction: discord.Interaction) -> int | None:
    value = getattr(interaction.namespace, "game", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


async def autocomplete_move(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Legal moves of the user's game here (SAN/WXF) starting like what they typed."""
    bot = postal(interaction)
    game = _game_option(interaction)
    moves = await bot.service.play.legal_move_suggestions(
        actor_of(interaction), place_of(interaction), current, game_id=game
    )
    offered = moves[:AUTOCOMPLETE_LIMIT]
    if game is None and interaction.channel_id is not None:
        bot.foresight.offered(interaction.user.id, interaction.channel_id, offered)
    # Shown in the reader's piece letters (French Cf3); the value sent back stays SAN.
    return [app_commands.Choice(name=say(move), value=move) for move in offered]


# ------------------------------------------------------------------------------ playing


@app_commands.command(name="challenge", description=about("challenge"))
@app_commands.describe(**about_options("challenge"))
@app_commands.choices(color=COLOR_CHOICES)
@app_commands.choices(days=described_choices("challenge", "days"))
@app_commands.choices(weekends=described_choices("challenge", "weekends"))
@app_commands.choices(setup=described_choices("challenge", "setup"))
@app_commands.check(can_host_game)
async def challenge(
    interaction: discord.Interaction,
    opponent: discord.User | None = None,
    game: Variant = "chess",
    color: str = "random",
    days: int = 3,
    increment: BankIncrement | None = None,
    cap: BankCap | None = None,
    weekends: str = "on",
    rated: bool | None = None,
    fen: FenText | None = None,
    level: Level | None = None,
    position: StartNumber | None = None,
    start: StartText | None = None,
    setup: str | None = None,
) -> None:
    bot = postal(interaction)
    against = user_of(opponent) if opponent is not None else None
    if bot.service.computer.meant(against, level):
        await play_the_computer(
            interaction,
            level=level,
            game=game,
            color=color_word(game, color),
            days=days or None,
            rated=rated,
            fen=fen,
            increment=increment,
            cap=cap,
            position=position,
            start=start,
            setup=setup,
            weekends_off=weekends_off(weekends),
        )
        return
    # 0 is the "none" choice: an untimed game.
    result = await quickly(
        interaction,
        bot.service.challenges.challenge(
            actor_of(interaction),
            place_of(interaction),
            user_of(opponent) if opponent is not None else None,
            game=game,
            color=color_word(game, color),
            days=days or None,
            rated=rated,
            fen=fen,
            increment=increment,
            cap=cap,
            weekends_off=weekends_off(weekends),
            position=position,
            start=start,
            setup=setup,
        ),
    )
    await bot.post_challenge(interaction, result)


async def play_the_computer(
    interaction: discord.Interaction, *, game: str, level: int | None = None, **options: Any
) -> None:
    """Start a game against the computer (``options``: the computer challenge's color, days,
    rated, fen); it accepts at once, so the game's first board is the answer."""
    bot = postal(interaction)
    started = await quickly(
        interaction,
        bot.service.computer.challenge(
            actor_of(interaction), place_of(interaction), level=level, game=game, **options
        ),
    )
    await bot.reply(interaction, lambda: messages.computer_game_started(started))


@app_commands.command(name="move", description=about("move"))
@app_commands.describe(**about_options("move"))
@app_commands.autocomplete(move=autocomplete_move)
@app_commands.autocomplete(game=autocomplete_game)
async def move(interaction: discord.Interaction, move: MoveText, game: int | None = None) -> None:
    bot = postal(interaction)
    place = place_of(interaction)
    user, channel_id = interaction.user.id, interaction.channel_id
    # Once the move is found legal its answer is known: public here, private if typed away
    # (a move shown first for confirmation is private: nothing is called then). Until then,
    # what autocomplete offered may tell already (``Foresight``).
    outlook = Outlook()
    if (
        game is None
        and channel_id is not None
        and bot.foresight.public_move(user, channel_id, move)
    ):
        outlook.known(False)
    work = asyncio.ensure_future(
        bot.service.play.move_or_preview(
            actor_of(interaction), place, move, game_id=game, checked=outlook.known
        )
    )
    try:
        result = await quickly(interaction, work, ephemeral=outlook)
    except Exception:
        bot.answers.abandoned(work)  # a move stored meanwhile is told by the outbox
        raise
    if isinstance(result, PromotionNeeded):
        await bot.reply(interaction, lambda: messages.promotion_needed(result))
    elif isinstance(result, MovePreview):
        bot.foresight.confirms(user, True)
        await bot.reply(interaction, lambda: menu_messages.move_preview(result))
    elif result.game.place.target_id != place.target_id:
        # Typed away from the game: its place gets the board, the mover a private note.
        await bot.announce_move_elsewhere(interaction, result)
    else:
        bot.foresight.confirms(user, False)
        if channel_id is not None:
            bot.foresight.played(user, channel_id)
        await bot.announce_move(interaction, result)


@app_commands.command(name="board", description=about("board"))
@app_commands.describe(**about_options("board"))
@app_commands.autocomplete(game=autocomplete_game)
async def board(interaction: discord.Interaction, game: int | None = None) -> None:
    bot = postal(interaction)
    result: BoardShown = await quickly(
        interaction,
        bot.service.play.board(actor_of(interaction), place_of(interaction), game_id=game),
    )
    await bot.reply(interaction, lambda: messages.board_shown(result, ephemeral=False))


@app_commands.command(name="moves", description=about("moves"))
@app_commands.describe(**about_options("moves"))
@app_commands.autocomplete(game=autocomplete_game)
async def moves(
    interaction: discord.Interaction, square: SquareText, game: int | None = None
) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.play.legal_targets(
            actor_of(interaction), place_of(interaction), square, game_id=game
        ),
        ephemeral=True,
    )
    await bot.reply(interaction, lambda: messages.board_shown(result, ephemeral=True))


@app_commands.command(name="resign", description=about("resign"))
@app_commands.describe(**about_options("resign"))
@app_commands.autocomplete(game=autocomplete_game)
async def resign(interaction: discord.Interaction, game: int | None = None) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.endings.resign(actor_of(interaction), place_of(interaction), game_id=game),
        ephemeral=True,
    )
    await bot.reply(interaction, lambda: messages.confirmation_needed(result))


@app_commands.command(name="draw", description=about("draw"))
@app_commands.describe(**about_options("draw"))
@app_commands.autocomplete(game=autocomplete_game)
async def draw(interaction: discord.Interaction, game: int | None = None) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.endings.draw(actor_of(interaction), place_of(interaction), game_id=game),
    )
    await _show_offer_or_ending(bot, interaction, result)


@app_commands.command(name="takeback", description=about("takeback"))
@app_commands.describe(**about_options("takeback"))
@app_commands.autocomplete(game=autocomplete_game)
async def takeback(interaction: discord.Interaction, game: int | None = None) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.endings.takeback(actor_of(interaction), place_of(interaction), game_id=game),
    )
    await _show_offer_or_ending(bot, interaction, result)


@app_commands.command(name="abort", description=about("abort"))
@app_commands.describe(**about_options("abort"))
@app_commands.autocomplete(game=autocomplete_game)
async def abort(interaction: discord.Interaction, game: int | None = None) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.endings.abort(actor_of(interaction), place_of(interaction), game_id=game),
    )
    await bot.announce_ending(interaction, result)


async def _show_offer_or_ending(
    bot: PostalBot,
    interaction: discord.Interaction,
    result: OfferMade | GameEnded | TakenBack | MovePlayed | ChallengeClosed,
) -> None:
    match result:
        case OfferMade() if result.game.place.target_id != place_of(interaction).target_id:
            # Typed away from the game: the offer and its buttons were written to the
            # outbox for the game's places, where the opponent sees them.
            bot.outbox.wake()
            seen = await bot.service.reports.seen_from(result.game, place_of(interaction))
            offered = replace(result, game=seen)
            await bot.reply(interaction, lambda: messages.offered_elsewhere(offered))
        case OfferMade():
            await mentioned.announce_offer(bot, interaction, result)
        case GameEnded():
            await bot.announce_ending(interaction, result)
        case TakenBack() if result.game.place.target_id != place_of(interaction).target_id:
            # Granted away from the game: the board went to the outbox for the game's places.
            bot.outbox.wake()
            seen = await bot.service.reports.seen_from(result.game, place_of(interaction))
            granted = replace(result, game=seen)
            await bot.reply(interaction, lambda: messages.taken_back_elsewhere(granted))
        case TakenBack():
            await mentioned.announce_taken_back(bot, interaction, result)
        case _:
            raise TypeError(f"unexpected result {type(result).__name__}")


@app_commands.command(name="moretime", description=about("moretime"))
@app_commands.describe(**about_options("moretime"))
@app_commands.autocomplete(game=autocomplete_game)
async def moretime(
    interaction: discord.Interaction, days: MoreDays, game: int | None = None
) -> None:
    bot, user, place = postal(interaction), actor_of(interaction), place_of(interaction)
    result = await quickly(
        interaction, bot.service.deadlines.moretime(user, place, days, game_id=game)
    )
    mention = await mentioned.more_time_mention(bot, interaction, result)
    await bot.reply(interaction, lambda: messages.more_time(result, mention_player=mention))
    mentioned.wake_for_places(bot)  # said in the game's other places by an outbox row


@app_commands.command(name="vacation", description=about("vacation"))
@app_commands.describe(**about_options("vacation"))
async def vacation(
    interaction: discord.Interaction, days: VacationDays | None = None, end: bool = False
) -> None:
    bot = postal(interaction)
    user = actor_of(interaction)
    if end:
        ended = await quickly(interaction, bot.service.deadlines.end_vacation(user))
        await bot.reply(interaction, lambda: messages.vacation_ended(ended))
        return
    result = await quickly(interaction, bot.service.deadlines.vacation(user, days))
    await bot.reply(interaction, lambda: messages.vacation_started(result))


@app_commands.command(name="pause", description=about("pause"))
@app_commands.describe(**about_options("pause"))
@app_commands.autocomplete(game=autocomplete_game)
async def pause(interaction: discord.Interaction, days: PauseDays, game: int | None = None) -> None:
    bot, user, place = postal(interaction), actor_of(interaction), place_of(interaction)
    result = await quickly(interaction, bot.service.pauses.ask(user, place, days, game_id=game))
    if isinstance(result, PauseAgreed):
        mentioned.wake_for_places(bot)
        here = await mentioned.players_here(bot, interaction, result.game)
        await bot.reply(interaction, lambda: pause_messages.pause_agreed(result, here))
    else:
        await _show_offer_or_ending(bot, interaction, result)


# ------------------------------------------------------------------------------ records


@app_commands.command(name="games", description=about("games"))
@app_commands.describe(**about_options("games"))
async def games(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.reports.games(
            actor_of(interaction),
            user_of(user) if user is not None else None,
            place=place_of(interaction),
        ),
        ephemeral=True,
    )
    await bot.reply(interaction, lambda: messages.game_list(result))


@app_commands.command(name="pgn", description=about("pgn"))
@app_commands.describe(**about_options("pgn"))
@app_commands.autocomplete(game=autocomplete_game)
async def pgn(
    interaction: discord.Interaction, game: int | None = None, notes: bool = False
) -> None:
    bot, user, place = postal(interaction), actor_of(interaction), place_of(interaction)
    result = await quickly(
        interaction,
        bot.service.reports.record(user, place, game_id=game, notes=notes),
        # The author's notes are theirs alone: that record is sent privately.
        ephemeral=True if notes else None,
    )

    def worded() -> messages.Reply:
        reply = messages.record_export(result)
        return dataclasses.replace(reply, ephemeral=True) if notes else reply

    await bot.reply(interaction, worded)


@app_commands.command(name="history", description=about("history"))
@app_commands.describe(**about_options("history"))
async def history(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.reports.history(
            actor_of(interaction),
            user_of(user) if user is not None else None,
            place=place_of(interaction),
        ),
        ephemeral=True,
    )
    await bot.reply(interaction, lambda: messages.history(result))


@app_commands.command(name="stats", description=about("stats"))
@app_commands.describe(**about_options("stats"))
async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    bot = postal(interaction)
    result = await quickly(
        interaction,
        bot.service.reports.stats(
            actor_of(interaction),
            user_of(user) if user is not None else None,
            place=place_of(interaction),
        ),
        ephemeral=True,
    )
    await bot.reply(interaction, lambda: messages.stats(result))


@app_commands.command(name="leaderboard", description=about("leaderboard"))
@app_commands.describe(**about_options("leaderboard"))
async def leaderboard(interaction: discord.Interaction, game: Variant = "chess") -> None:
    bot, guild_id = postal(interaction), interaction.guild_id or 0
    result = await quickly(interaction, bot.service.reports.leaderboard(guild_id, game))
    await bot.reply(interaction, lambda: messages.leaderboard(result))


AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group

SERVER_COMMANDS: tuple[AnyCommand, ...] = (
    challenge,
    move,
    board,
    moves,
    resign,
    draw,
    takeback,
    abort,
    moretime,
    vacation,
    pause,
    leaderboard,
    settings,
    conditional,
    tournament,
    vote,
    match,
)
# Read-only commands about one's own games: also in the bot's DMs.
DM_COMMANDS: tuple[AnyCommand, ...] = (games, pgn, history, stats, note)

ALL_COMMANDS: tuple[AnyCommand, ...] = (
    *(server_only(command) for command in SERVER_COMMANDS),
    *(also_in_dms(command) for command in DM_COMMANDS),
)
