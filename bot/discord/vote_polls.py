"""Vote chess's Discord polls: ``/vote poll`` posts a poll of the turn's nominations in the
team's private thread (``team_threads``; a poll's answers and counts are seen by whoever
reads its channel, and the game's thread is the other side's too), a message of its own (it
needs Send Polls; a poll cannot sit in a component layout); a member's vote in it arrives as
MESSAGE_POLL_VOTE_ADD (Postal asks for the GUILD_MESSAGE_POLLS intent) and counts as their
``/vote cast``; once the turn's window closed, its polls are ended early. Taking a poll vote
back (MESSAGE_POLL_VOTE_REMOVE, the same intent) withdraws that member's vote when it is
still for that answer's move; a vote of someone not on the team shows in Discord's own
counts but is not counted (``/vote tally`` and the close tell Postal's)."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import TYPE_CHECKING

import discord

from bot.discord import messages
from bot.discord.context import actor_of, place_of, roles_of, user_of
from bot.discord.language import shared_language
from bot.discord.respond import quickly
from bot.discord.team_threads import team_thread
from bot.i18n import using
from bot.i18n.text import say
from bot.service.errors import UserError
from bot.service.results import User
from bot.service.vote_facts import BallotTaken, PollAsked, VoteError, VoteRefusal
from bot.text.vote_words import poll_posted_text, poll_question

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# Discord's limits on a poll's texts.
QUESTION_LIMIT = 300
ANSWER_LIMIT = 55


async def post_poll(bot: PostalBot, interaction: discord.Interaction, game: int | None) -> None:
    """``/vote poll``: the team's poll posted in its private thread (opened first if need
    be: a poll shows its answers and counts to whoever reads the channel, and the other
    side must not), in the server's language, and the member told privately. Raises
    ``VoteError`` (``NO_POLL_PERMISSION`` where Postal may not send polls,
    ``NO_THREAD_PERMISSION``) and what ``VotePolls.ask`` raises."""
    asked = await quickly(
        interaction,
        bot.service.vote_polls.ask(
            actor_of(interaction), place_of(interaction), game_id=game, roles=roles_of(interaction)
        ),
        ephemeral=True,
    )
    thread = await team_thread(bot, interaction, asked.game_id)
    with using(shared_language(interaction)):  # the thread reads it
        poll = _poll(asked)
    try:
        sent = await thread.send(poll=poll)
    except discord.Forbidden:  # 50013: no Send Polls in the thread (its channel's)
        raise VoteError(VoteRefusal.NO_POLL_PERMISSION) from None
    await bot.service.vote_polls.posted(asked, sent.id, thread.id)
    said = messages.clip(messages.safe(poll_posted_text(asked)), messages.CONTENT_LIMIT)
    await bot.reply(interaction, messages.Reply(said, ephemeral=True))


def _poll(asked: PollAsked) -> discord.Poll:
    """The Discord poll of ``asked``: its question and one answer a nomination, in the
    current language, open until the window closes (whole hours)."""
    question = say(poll_question(asked))[:QUESTION_LIMIT]
    poll = discord.Poll(question, duration=timedelta(hours=asked.hours))
    for count in asked.counts:
        poll.add_answer(text=say(count.san)[:ANSWER_LIMIT])
    return poll


async def poll_vote_added(bot: PostalBot, event: discord.RawPollVoteActionEvent) -> None:
    """A vote in a poll: counted as the voter's vote when the poll is a team's and they are
    on it (holding its role now); anything else is left as Discord shows it, and logged."""
    if event.guild_id is None:
        return
    guild = bot.get_guild(event.guild_id)
    if guild is None:
        return
    try:
        member = guild.get_member(event.user_id) or await guild.fetch_member(event.user_id)
        roles = frozenset(role.id for role in member.roles)
        taken = await bot.service.vote_polls.vote(
            user_of(member), event.message_id, event.answer_id, roles
        )
    except (UserError, discord.HTTPException) as error:
        _log.info("poll vote in message %s not counted: %r", event.message_id, error)
        return
    if taken is not None:
        await after_ballot(bot, taken)


async def poll_vote_removed(bot: PostalBot, event: discord.RawPollVoteActionEvent) -> None:
    """A vote taken back in a poll: the member's vote for that answer's move withdrawn, if
    the poll is a team's and its turn still open; anything else is logged and left."""
    if event.guild_id is None:
        return
    voter = User(event.user_id, str(event.user_id))  # a withdrawal needs only the id
    try:
        withdrawn = await bot.service.vote_polls.withdraw(voter, event.message_id, event.answer_id)
    except UserError as error:
        _log.info("poll vote in message %s not withdrawn: %r", event.message_id, error)
        return
    if not withdrawn:
        _log.info("poll vote in message %s: no vote of its to withdraw", event.message_id)


async def after_ballot(bot: PostalBot, taken: BallotTaken) -> None:
    """A ballot that closed its window: the elected move's board is the outbox's to post,
    and the turn's polls end."""
    if taken.closed is not None:
        bot.outbox.wake()
        await end_polls(bot, taken.game_id)


async def end_polls(bot: PostalBot, game_id: int) -> None:
    """End the polls of ``game_id``'s turns whose window closed; a poll gone or already
    ended is left as it is (Discord ends it at its expiry anyway)."""
    for poll in await bot.service.vote_polls.ended(game_id):
        try:
            await bot.http.end_poll(poll.channel_id, poll.message_id)
        except discord.HTTPException as error:
            _log.info("poll %s not ended: %s", poll.message_id, error)
