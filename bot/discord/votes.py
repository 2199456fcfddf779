"""``/vote team|nominate|cast|tally``: vote chess on Discord (docs/playing.md, *Vote chess*).

A team is a role (whoever holds it when they vote) or the members the captain @mentions.
Nominations, votes and the tally are answered to the member alone, so the channel (the
other side included) never sees a vote before the window closes; the elected move's board
is posted in the game's place by the outbox, as the close writes it. The board of a team to
move carries Vote…, opening the member's private menu of the turn's nominations
(``vote_menu_reply``).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.autocomplete import AUTOCOMPLETE_LIMIT
from bot.discord.context import actor_of, place_of, roles_of, user_of
from bot.discord.descriptions import about, about_options
from bot.discord.game_openings import opens_own_place
from bot.discord.kit import described_choices, postal
from bot.discord.language import shared_language
from bot.discord.match_invitations import invited_server, may_post_in
from bot.discord.places import can_host_game
from bot.discord.respond import quickly
from bot.discord.team_threads import open_team_thread
from bot.discord.vote_polls import after_ballot, post_poll
from bot.i18n import _, using
from bot.i18n.text import say
from bot.service import GameStarted, User, color_word
from bot.service.computer import LEVELS
from bot.service.play import MAX_MOVE_TEXT
from bot.service.results import ChallengeView
from bot.service.vote_facts import (
    BallotTaken,
    VoteError,
    VoteGameOpened,
    VoteMenu,
    VoteRefusal,
)
from bot.service.vote_rules import MAX_LISTED_MEMBERS, MAX_TEAM_NAME
from bot.text.challenges import started_text
from bot.text.vote_words import (
    ballot_text,
    menu_text,
    opened_text,
    remind_text,
    server_challenge_text,
    tally_text,
    vote_menus,
)

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

TeamName = app_commands.Range[str, 1, MAX_TEAM_NAME]
MoveText = app_commands.Range[str, 1, MAX_MOVE_TEXT]
WindowHours = app_commands.Range[int, 1, 14 * 24]
ServerId = app_commands.Range[str, 1, 100]  # an id, an invite's code or its link
Level = app_commands.Range[int, LEVELS[0], LEVELS[-1]]
_MENTION = re.compile(r"<@!?([0-9]{1,19})>")

vote = app_commands.Group(name="vote", description=about("vote"))


def _said(text: str, *, ephemeral: bool) -> messages.Reply:
    return messages.Reply(
        messages.clip(messages.safe(text), messages.CONTENT_LIMIT), ephemeral=ephemeral
    )


def ballot_words(taken: BallotTaken) -> str:
    """A ballot taken, as its member reads it (escaped, clipped)."""
    return messages.clip(messages.safe(ballot_text(taken)), messages.CONTENT_LIMIT)


async def _members(interaction: discord.Interaction, members: str | None) -> tuple[User, ...]:
    """The users ``members`` @mentions, as the service names them. Raises ``VoteError``
    (``NOT_MENTIONS``) for text that is not mentions, ``TOO_MANY`` beyond the limit."""
    words = (members or "").split()
    ids = [_MENTION.fullmatch(word) for word in words]
    if any(found is None for found in ids):
        raise VoteError(VoteRefusal.NOT_MENTIONS)
    unique = list(dict.fromkeys(int(found[1]) for found in ids if found is not None))
    if len(unique) > MAX_LISTED_MEMBERS:
        raise VoteError(VoteRefusal.TOO_MANY, count=MAX_LISTED_MEMBERS)
    return tuple([await _user(interaction, user_id) for user_id in unique])


async def _user(interaction: discord.Interaction, user_id: int) -> User:
    """The mentioned user: from the server's or the client's cache, else asked of Discord
    (one request); one Discord does not know is refused (``NOT_MENTIONS``)."""
    guild = interaction.guild
    found = (guild.get_member(user_id) if guild is not None else None) or (
        interaction.client.get_user(user_id)
    )
    if found is None:
        try:
            found = await interaction.client.fetch_user(user_id)
        except discord.NotFound:
            raise VoteError(VoteRefusal.NOT_MENTIONS) from None
    return user_of(found)


@vote.command(name="team", description=about("vote team"))
@app_commands.describe(**about_options("vote team"))
@app_commands.choices(
    game=described_choices("vote team", "game"),
    color=described_choices("vote team", "color"),
    days=described_choices("vote team", "days"),
)
@app_commands.check(can_host_game)
async def team(
    interaction: discord.Interaction,
    title: TeamName,
    members: str | None = None,
    role: discord.Role | None = None,
    opponent: discord.User | None = None,
    challenge: int | None = None,
    level: Level | None = None,
    game: str = "chess",
    color: str = "random",
    days: int = 3,
    window: WindowHours | None = None,
    secret: bool = True,
    after_vote: bool = False,
    server: ServerId | None = None,
) -> None:
    bot = postal(interaction)
    listed = () if role is not None else await _members(interaction, members)
    if challenge is not None:
        role_id = None if role is None else role.id
        team = Team(title, listed, role_id, window, secret, after_vote)
        await _accept(bot, interaction, challenge, team)
        return

    async def made() -> tuple[VoteGameOpened, int | None, bool]:
        """The game or challenge opened; the other server challenged, if any, and whether
        its invitation is to be posted (the outbox posts it: Postal may write there)."""
        named = await invited_server(bot, server)
        rival = None if named == interaction.guild_id else named
        postable = rival is None or may_post_in(bot, rival)
        here = interaction.guild.name if interaction.guild is not None else ""
        opened = await bot.service.votes.open(
            actor_of(interaction),
            place_of(interaction),
            name=title,
            members=listed,
            role_id=None if role is None else role.id,
            opponent=None if opponent is None else user_of(opponent),
            level=level,
            window_hours=window,
            secret=secret,
            after_vote=after_vote,
            game=game,
            color=color_word(game, color),
            days=days,
            rival_guild_id=rival,
            invite_from=here if postable else None,
        )
        return opened, rival, postable

    opened, rival, postable = await quickly(interaction, made())
    await bot.reply(interaction, lambda: _said(opened_text(opened), ephemeral=False))
    if opened.challenge is not None and rival is not None:
        bot.outbox.wake()  # the invitation, written with the challenge
        await _invited(bot, interaction, opened.challenge.challenge, rival, postable)
    elif opened.challenge is not None:
        await bot.post_challenge(interaction, opened.challenge)
    elif opened.started is not None:
        started = opened.started
        await bot.reply(interaction, lambda: messages.computer_game_started(started))


async def _invited(
    bot: PostalBot,
    interaction: discord.Interaction,
    challenge: ChallengeView,
    rival: int,
    posted: bool,
) -> None:
    """A team's challenge to the server ``rival``'s teams, to be ``posted`` there by the
    outbox, not here (no one here may accept it; ``bot/discord/match_invitations.py``):
    the captain told the number and whether it goes up."""
    guild = bot.get_guild(rival)
    there = guild.name if guild is not None else str(rival)
    await bot.reply(
        interaction,
        lambda: _said(say(server_challenge_text(challenge, there, posted=posted)), ephemeral=False),
    )


@dataclass(frozen=True, slots=True)
class Team:
    """A team as ``/vote team`` forms it: name, listed members, role, window, secrecy
    (``after_vote``: until each member has voted)."""

    title: str
    members: tuple[User, ...]
    role_id: int | None
    window: int | None
    secret: bool
    after_vote: bool = False


# The options that set a challenge's terms: a team accepting one takes its terms.
_TERMS = ("opponent", "level", "game", "color", "days")


async def _accept(
    bot: PostalBot, interaction: discord.Interaction, challenge: int, team: Team
) -> None:
    """``/vote team challenge:N``: the team formed and another team's challenge accepted
    with it; the game starts in the challenge's place, its first board in the answer."""
    if any(getattr(interaction.namespace, name, None) is not None for name in _TERMS):
        raise VoteError(VoteRefusal.ACCEPT_TERMS)
    opened = await quickly(
        interaction,
        bot.service.votes.accept(
            actor_of(interaction),
            challenge,
            place_of(interaction),
            name=team.title,
            members=team.members,
            role_id=team.role_id,
            window_hours=team.window,
            secret=team.secret,
            after_vote=team.after_vote,
        ),
    )
    await bot.reply(interaction, lambda: _said(opened_text(opened), ephemeral=False))
    if opened.accepted is not None:
        started = opened.accepted
        bot.outbox.wake()  # the game's first board, in its own thread (``open_game``)
        # The game lives under the challenge's channel, and under this one too when the
        # challenge came from another server (this team plays from here).
        between = started.challenge.guild_id != interaction.guild_id
        lives = (
            interaction.channel if between else bot.get_channel(started.challenge.place.target_id)
        )
        own_thread = opens_own_place(lives)
        await bot.reply(
            interaction,
            lambda: messages.Reply(_taken_text(started, own_thread=own_thread)),
        )
        await _challenge_taken(bot, interaction, started, own_thread)


def _taken_text(result: GameStarted, *, own_thread: bool) -> str:
    """The text that replaces a team's challenge another team accepted (and answers the
    accepting captain): who plays whom, and whether the game opens in a thread of its own
    (its first board is posted there by the outbox) or in the challenge's channel."""
    said = messages.safe(started_text(result))
    if own_thread:
        text = _("{text} The game opens in a thread of its own.").format(text=said)
    else:
        text = _("{text} The game continues here.").format(text=said)
    return messages.clip(text, messages.CONTENT_LIMIT)


async def _challenge_taken(
    bot: PostalBot, interaction: discord.Interaction, started: GameStarted, own_thread: bool
) -> None:
    """The accepted challenge's message loses its buttons and says who accepted (as an
    Accept press rewrites it); a failure is logged (its buttons then say it is closed)."""
    challenge = started.challenge
    if challenge.message_id is None:
        return
    with using(shared_language(interaction)):  # the channel reads it
        text = _taken_text(started, own_thread=own_thread)
    place = bot.get_partial_messageable(challenge.place.target_id, guild_id=challenge.guild_id)
    try:
        await place.get_partial_message(challenge.message_id).edit(content=text, view=None)
    except discord.HTTPException as error:
        _log.info("challenge %s's message not rewritten: %s", challenge.id, error)


async def _suggest(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Legal moves of the member's team game here matching what they typed."""
    bot = postal(interaction)
    game = getattr(interaction.namespace, "game", None)
    moves = await bot.service.votes.suggestions(
        actor_of(interaction),
        place_of(interaction),
        current,
        game_id=game if isinstance(game, int) and not isinstance(game, bool) else None,
        roles=roles_of(interaction),
    )
    return [app_commands.Choice(name=say(m), value=m) for m in moves[:AUTOCOMPLETE_LIMIT]]


async def _ballot(
    interaction: discord.Interaction, move: str, game: int | None, *, voting: bool
) -> None:
    """A nomination or a vote, answered to the member alone; a vote that closed the window
    (every listed member voted) has its board posted in the game's place by the outbox."""
    bot = postal(interaction)
    votes = bot.service.votes
    act = votes.vote if voting else votes.nominate
    taken = await quickly(
        interaction,
        act(
            actor_of(interaction),
            place_of(interaction),
            move,
            game_id=game,
            roles=roles_of(interaction),
        ),
        ephemeral=True,
    )
    await show_ballot(bot, interaction, taken)


async def show_ballot(bot: PostalBot, interaction: discord.Interaction, taken: BallotTaken) -> None:
    """Tell the member their ballot was taken (privately); when it closed the window, the
    outbox posts the elected move and the turn's polls end."""
    await bot.reply(interaction, lambda: _said(ballot_text(taken), ephemeral=True))
    await after_ballot(bot, taken)


@vote.command(name="nominate", description=about("vote nominate"))
@app_commands.describe(**about_options("vote nominate"))
@app_commands.autocomplete(move=_suggest)
async def nominate(
    interaction: discord.Interaction, move: MoveText, game: int | None = None
) -> None:
    await _ballot(interaction, move, game, voting=False)


@vote.command(name="cast", description=about("vote cast"))
@app_commands.describe(**about_options("vote cast"))
@app_commands.autocomplete(move=_suggest)
async def cast(interaction: discord.Interaction, move: MoveText, game: int | None = None) -> None:
    await _ballot(interaction, move, game, voting=True)


@vote.command(name="tally", description=about("vote tally"))
@app_commands.describe(**about_options("vote tally"))
async def tally(interaction: discord.Interaction, game: int | None = None) -> None:
    bot = postal(interaction)
    shown = await quickly(
        interaction,
        bot.service.votes.tally(
            actor_of(interaction), place_of(interaction), game_id=game, roles=roles_of(interaction)
        ),
        ephemeral=True,
    )
    await bot.reply(interaction, lambda: _said(tally_text(shown), ephemeral=True))


@vote.command(name="remind", description=about("vote remind"))
@app_commands.describe(**about_options("vote remind"))
async def remind(
    interaction: discord.Interaction, dm: bool = True, game: int | None = None
) -> None:
    bot = postal(interaction)
    asked = await quickly(
        interaction,
        bot.service.votes.remind(
            actor_of(interaction),
            place_of(interaction),
            wanted=dm,
            game_id=game,
            roles=roles_of(interaction),
        ),
        ephemeral=True,
    )
    await bot.reply(interaction, lambda: _said(remind_text(asked), ephemeral=True))


@vote.command(name="poll", description=about("vote poll"))
@app_commands.describe(**about_options("vote poll"))
async def poll(interaction: discord.Interaction, game: int | None = None) -> None:
    await post_poll(postal(interaction), interaction, game)


@vote.command(name="thread", description=about("vote thread"))
@app_commands.describe(**about_options("vote thread"))
async def thread(interaction: discord.Interaction, game: int | None = None) -> None:
    await open_team_thread(postal(interaction), interaction, game)


def vote_menu_reply(menu: VoteMenu) -> messages.Reply:
    """A member's private vote menu, opened with Vote… on the board."""
    said = _said(menu_text(menu), ephemeral=True)
    return messages.Reply(said.content, ephemeral=True, menus=vote_menus(menu))
