"""Discord messages for what the outbox delivers on Postal's own initiative (turn notices,
reminders, endings, digests: posted in a game's place or sent by DM) and the notices a
player asks for."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bot.discord.escape import clip
from bot.discord.messages import (
    CONTENT_LIMIT,
    Card,
    Reply,
    Tone,
    board_link,
    board_message,
    card_text,
    deadline_field,
    direct_message,
    game_ended,
    game_title,
    more_time,
    offer_declined,
    offer_made,
    only_here,
    reminder,
    safe,
    taken_back,
    wants_turn_mention,
    with_mentions,
)
from bot.discord.pause_messages import pause_agreed
from bot.discord.places import permissions_text
from bot.discord.standings_posts import ended_post, standings_layout
from bot.i18n import _
from bot.i18n.names import Command, Option
from bot.i18n.text import Sentences, Text, say
from bot.service import (
    ComputerStuck,
    Delivery,
    Digest,
    GameEnded,
    MoreTimeGiven,
    Notice,
    NoticeKind,
    OfferDeclined,
    OfferMade,
    PlayerRef,
    Reminder,
    TakenBack,
    TurnNotice,
)
from bot.service.delivery_results import GameOpened
from bot.service.invitation_facts import Invitation
from bot.service.match_facts import MatchUpdate
from bot.service.pause_facts import PauseAgreed
from bot.service.tournament.facts import (
    StandingsUpdate,
    TournamentCancelled,
    TournamentStandings,
    TournamentStarted,
    TournamentWithdrawn,
)
from bot.service.vote_facts import TeamCountsNotice, TeamReminder, VoteClosedNotice
from bot.text import reports, words
from bot.text.endings import game_ended_text
from bot.text.invitation_words import not_posted_text
from bot.text.match_words import update_text
from bot.text.notices import my_turn_text, reminder_text, turn_notice_text
from bot.text.phrases import seats_text
from bot.text.signup_words import cancelled_text
from bot.text.tournament_words import started_text, withdrawn_text
from bot.text.vote_words import closed_text, team_reminder_text


def delivery_post(delivery: Delivery) -> Reply:
    """What an outbox row posts in the game's place."""
    content = delivery.content
    mention = list(delivery.mention)
    closed = (
        _(" (your DMs are closed, so Postal mentions you here)") if delivery.dm_fallback else ""
    )
    if isinstance(content, Reminder):
        reply = reminder(content, mention_player=content.player.id in {p.id for p in mention})
    elif isinstance(content, GameEnded):
        reply = game_ended(content, mention)
    elif isinstance(content, OfferMade):
        return offer_made(content, mention)
    elif isinstance(content, OfferDeclined):
        return offer_declined(content)
    elif isinstance(content, PauseAgreed | MoreTimeGiven | TakenBack):
        return _told(content, frozenset(p.id for p in mention))
    elif isinstance(content, ComputerStuck):
        line, mentions = with_mentions(words.computer_stuck(content), mention)
        reply = Reply(clip(line, CONTENT_LIMIT), mentions=mentions)
    elif isinstance(content, TournamentStandings):
        return ended_post(content)
    elif isinstance(content, StandingsUpdate):  # a layout: its title said once, as heading
        return standings_layout(content.table)
    elif isinstance(content, MatchUpdate):
        return Reply(clip(safe(update_text(content)), CONTENT_LIMIT))
    elif isinstance(content, Invitation):  # lost: told to its inviter
        line, mentions = with_mentions(safe(say(not_posted_text(content))), mention)
        return Reply(clip(line, CONTENT_LIMIT), mentions=mentions)
    elif isinstance(content, TournamentWithdrawn):
        return Reply(clip(safe(withdrawn_text(content)), CONTENT_LIMIT))
    elif isinstance(content, TournamentStarted):
        return Reply(clip(safe(started_text(content)), CONTENT_LIMIT))
    elif isinstance(content, TournamentCancelled):
        return Reply(clip(safe(cancelled_text(content)), CONTENT_LIMIT))
    elif isinstance(content, GameOpened):
        # A club match's row names who may be mentioned in each of its game's places (the
        # players of that server: ``where_said``); a tournament's names nobody (anyone).
        return _game_opened(content, frozenset(p.id for p in mention) or None)
    elif isinstance(content, VoteClosedNotice | TeamCountsNotice):
        return Reply(clip(safe(closed_text(content.closed)), CONTENT_LIMIT))
    elif isinstance(content, TeamReminder):
        reply = _team_reminder(content)  # a member's own, when their DMs are closed
    elif isinstance(content, TurnNotice):
        return _turn_post(content, mention, closed)
    else:
        raise TypeError(f"cannot post {type(content).__name__} in a game's place")
    if closed and reply.content:
        return replace(reply, content=clip(reply.content + closed, CONTENT_LIMIT))
    return reply


def _told(content: PauseAgreed | MoreTimeGiven | TakenBack, mention: frozenset[int]) -> Reply:
    """A pause agreed, more time given or a takeback granted, mentioning the player it is
    news for (who asked for the pause, who was given the time, who is to move) if they
    may be mentioned where it is said (``mention``)."""
    if isinstance(content, PauseAgreed):
        return pause_agreed(content, mention)
    if isinstance(content, MoreTimeGiven):
        return more_time(content, mention_player=content.notify.id in mention)
    return taken_back(content, mention_player=content.notify.id in mention)


def _turn_post(notice: TurnNotice, mention: list[PlayerRef], closed: str) -> Reply:
    """A turn's notice in the game's place, its board with it if it has one: "your move"
    only to someone pinged. Said to nobody (the player to move wants no mention, or is no
    member of this place's server) it would read as meant for whoever looks, the player
    who just moved included."""
    news = turn_notice_text(notice)
    said = (
        _("your move{closed}. {news}").format(closed=closed, news=safe(news))
        if mention
        else safe(news) + closed
    )
    line, mentions = with_mentions(said, mention)
    game = notice.game
    card = Card(game_title(game), card_text(news), deadline_field(game), Tone.GAME)
    reply = Reply(line, card, notice.board, mentions=mentions)
    return board_message(reply, game) if notice.board is not None else reply


def _team_reminder(reminder: TeamReminder) -> Reply:
    """A team's reminder: its role mentioned when the reminder took the day's mention, and
    the members yet to vote who want mentions."""
    line, mentions = with_mentions(safe(team_reminder_text(reminder)), reminder.members)
    if reminder.role_id is None:
        return Reply(line, mentions=mentions)
    line = clip(f"<@&{reminder.role_id}> {line}", CONTENT_LIMIT)
    return Reply(line, mentions=mentions, roles=(reminder.role_id,))


def _game_opened(opened: GameOpened, here: frozenset[int] | None = None) -> Reply:
    """A tournament or match game's first board, saying who has which side and who moves
    first: in its own thread both players are mentioned (which adds them to it), elsewhere
    the first mover if they want; only those in ``here`` if given (a match game between
    servers: the players of the server it is said in, ``only_here``)."""
    game = opened.game
    players = [game.white, game.black] if opened.own_thread else []
    if not opened.own_thread and wants_turn_mention(game.white):
        players.append(game.white)
    players = only_here(players, here)
    to_move = game.to_move or game.white
    news = say(
        Text(
            "New game! {players}. {player} to move.", players=seats_text(game), player=to_move.name
        )
    )
    line, mentions = with_mentions(safe(news), players)
    card = Card(game_title(game), card_text(news), deadline_field(game), Tone.GAME)
    return board_message(Reply(line, card, opened.board, mentions=mentions), game)


def delivery_dm(delivery: Delivery) -> Reply:
    """What an outbox row says in a player's DMs (with a link back to the game)."""
    content = delivery.content
    if isinstance(content, GameEnded):
        return direct_message(
            Text("Game over: {text}", text=game_ended_text(content)), content.game
        )
    if isinstance(content, TurnNotice):
        summary = my_turn_text(content)
        news = turn_notice_text(content)
        return direct_message(news if summary is None else Sentences(news, summary), content.game)
    if isinstance(content, Reminder):
        return direct_message(reminder_text(content), content.game)
    if isinstance(content, ComputerStuck):
        return direct_message(words.computer_stuck(content), content.game)
    if isinstance(content, TeamReminder):  # a member who asked (/vote remind)
        return direct_message(team_reminder_text(content), content.game)
    if isinstance(content, Digest):
        return digest(content)
    raise TypeError(f"cannot DM {type(content).__name__}")


def digest(result: Digest) -> Reply:
    """The daily digest: how many games wait for the player's move, then each as
    ``/games`` lists it (the least time left first), with the link to its board."""
    lines = [words.digest_headline(result)]
    for entry in result.entries:
        link = board_link(entry.game)
        line = safe(say(reports.entry_line(entry)))
        lines.append(f"- {line} · {link}" if link else f"- {line}")
    return Reply(clip("\n".join(lines), CONTENT_LIMIT))


def notices(found: Iterable[Notice]) -> Reply:
    """Problems with a player's games that Postal learned while posting on its own."""
    lines = []
    for notice in found:  # facts (ids, permission names): nothing a user typed
        game = (
            _("game #{id}").format(id=notice.game_id) if notice.game_id is not None else _("a game")
        )
        if notice.kind is NoticeKind.MISSING_PERMISSIONS:
            lines.append(
                _(
                    "Postal cannot post in the place of {game}: it lacks {permissions}. "
                    "Ask a moderator to grant it there."
                ).format(game=game, permissions=say(permissions_text(notice.detail.split(", "))))
            )
        else:
            lines.append(
                _(
                    "The place of {game} is gone (deleted, or Postal lost access): Postal can no "
                    "longer post there. Keep playing with the {option} option, e.g. {command} "
                    "{example}."
                ).format(
                    game=game,
                    option=say(Option("game")),
                    command=say(Command("move")),
                    example=say(Option("game", notice.game_id)),
                )
            )
    return Reply(clip("\n".join(lines), CONTENT_LIMIT), ephemeral=True)
