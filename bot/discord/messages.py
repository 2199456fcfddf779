"""Turn the service's results into Discord messages: text, an embed, the board, buttons.

Pure functions over the service's values; sending (and rendering) happens elsewhere. Texts
are clipped to Discord's limits so a long name or list can never make a message fail, and
everything the service says (names, and the sentences around them) is escaped with
``safe`` before our own markup (mentions, timestamps, links) is added.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import Enum

from bot.discord.escape import clip, escape_text, plain_label
from bot.i18n import _, pgettext
from bot.i18n.text import Joined, TextIn, say
from bot.service import (
    BoardShown,
    BoardView,
    Button,
    ChallengeClosed,
    ChallengeCreated,
    ComputerGameStarted,
    ConfirmationNeeded,
    GameEnded,
    GameList,
    GameStarted,
    GameView,
    History,
    Leaderboard,
    MoreTimeGiven,
    MovePlayed,
    NotifyMode,
    OfferDeclined,
    OfferKind,
    OfferMade,
    PlayerRef,
    PlayerSettings,
    PromotionNeeded,
    RecordExport,
    Reminder,
    SelectMenu,
    Stats,
    TakenBack,
    VacationEnded,
    VacationStarted,
    board_controls,
)
from bot.store import team_of_player
from bot.text import boards, endings, interactions, reports, words
from bot.text.challenges import (
    challenge_menus,
    challenge_text,
    closed_text,
    computer_started_text,
    started_text,
)
from bot.text.clock_words import waiting_bank_text
from bot.text.notices import reminder_text
from bot.text.phrases import XIANGQI_WORDED, title_text, variant_text

BOARD_FILENAME = "board.png"
CONTENT_LIMIT = 2000
DESCRIPTION_LIMIT = 4096
TITLE_LIMIT = 256
FIELD_VALUE_LIMIT = 1024


class Tone(Enum):
    """The embed's colour: what kind of news it is."""

    GAME = 0x3B82F6
    YOUR_MOVE = 0x22C55E
    CHECK = 0xF59E0B
    ENDED = 0x6B7280
    INFO = 0x8B5CF6


@dataclass(frozen=True, slots=True)
class Card:
    """An embed: title, description, named fields, colour; the board image goes below."""

    title: str
    description: str
    fields: tuple[tuple[str, str], ...] = ()
    tone: Tone = Tone.INFO
    # An attached picture shown as the embed's image, by its file name (not the board's).
    image: str | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    """One message to send. ``mentions`` are the user ids the content may ping.

    A board message (``layout``) is sent as one component layout instead of content and an
    embed: the text, the board image and ``buttons`` in one container. ``menus`` are
    select menus shown above the buttons (at most five rows in all)."""

    content: str = ""
    card: Card | None = None
    board: BoardView | None = None
    buttons: tuple[Button, ...] = ()
    attachment: tuple[str, bytes] | None = None
    # More files (name, bytes), after the board and ``attachment``.
    files: tuple[tuple[str, bytes], ...] = ()
    # Pictures drawn when the message is sent, off the event loop (name, what draws it).
    drawings: tuple[tuple[str, Callable[[], bytes]], ...] = ()
    ephemeral: bool = False
    mentions: tuple[int, ...] = field(default=())
    # The role ids the content may ping (a vote chess team's role, in its reminder).
    roles: tuple[int, ...] = ()
    layout: bool = False
    menus: tuple[SelectMenu, ...] = ()
    # For a board message: the game it shows and the game's place (posted there, it
    # replaces the game's previous board message, whose controls are removed).
    game_id: int | None = None
    place_id: int | None = None
    # The last few moves, shown below the board (filled in when the message is sent).
    recent: str = ""


def board_message(reply: Reply, game: GameView) -> Reply:
    """``reply`` as the game's board message: the layout, with the board's controls."""
    return replace(
        reply,
        layout=True,
        buttons=board_controls(game),
        game_id=game.id,
        place_id=game.place.target_id,
    )


def layout_texts(reply: Reply) -> tuple[list[str], list[str]]:
    """A board message's text: above the image (the news line, the title) and below it
    (the card's description and fields)."""
    above = [reply.content] if reply.content else []
    below: list[str] = []
    if reply.card is not None:
        above.append(f"### {reply.card.title}")
        if reply.card.description:
            below.append(reply.card.description)
        below += [f"{name}: {value}" for name, value in reply.card.fields]
    if reply.recent:
        below.append(_("Moves: {moves}").format(moves=say(reply.recent)))
    return above, below


THREAD_NAME_LIMIT = 100

__all__ = ["clip", "safe"]


def safe(text: str) -> str:
    """Text from the service, said in the reader's language (``bot.i18n.text``), then
    escaped so Discord shows it as typed (see ``escape``)."""
    return escape_text(say(text))


def card_text(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """Service text for an embed's description: escaped, then clipped."""
    return clip(safe(text), limit)


def mention(player: PlayerRef) -> str:
    return f"<@{player.id}>"


def sentence(text: str) -> str:
    """``text`` ending with the reader's full stop (。 in Chinese and Japanese) unless it
    already ends a sentence."""
    if text.endswith((".", "!", "?", "。", "！", "？")):
        return text
    return pgettext("full stop", "{sentence}.").format(sentence=text)


def timestamp(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp, shown in each reader's time zone (``R``: "in 3 days")."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def deadline_field(game: GameView) -> tuple[tuple[str, str], ...]:
    if not game.active or game.deadline is None or game.to_move is None:
        return ()
    when = f"{timestamp(game.deadline)} ({timestamp(game.deadline, 'f')})"
    due = _("{player} to move {when}").format(player=safe(game.to_move.name), when=when)
    bank = waiting_bank_text(game)
    if bank is not None:  # a time bank: the waiting player's is shown beside the deadline
        due = f"{due}\n{safe(say(bank))}"
    return ((_("Deadline"), due),)


def game_title(game: GameView) -> str:
    title = _("{game} · game #{id}").format(game=say(title_text(game)), id=game.id)
    return clip(escape_text(title), TITLE_LIMIT)


def thread_name(game: GameView) -> str:
    """The game's thread name, ``alice vs bob · chess`` in the current language: plain
    text, markup dropped."""
    return plain_label(say(title_text(game)), THREAD_NAME_LIMIT)


def wants_mention(player: PlayerRef | None) -> bool:
    return player is not None and player.notify is NotifyMode.CHANNEL


def wants_turn_mention(player: PlayerRef | None) -> bool:
    """Whether ``player`` is mentioned when it becomes their move: not when they read of
    their turns in a daily digest."""
    return wants_mention(player) and player is not None and not player.digest


def only_here(players: Iterable[PlayerRef], here: frozenset[int] | None) -> list[PlayerRef]:
    """``players`` an answer may mention where it is given: all of them in the game's own
    server (``here`` None), else only those in ``here`` (the player of that other server,
    ``players_here``: the others are named there, never pinged)."""
    return [p for p in players if here is None or p.id in here]


def with_mentions(text: str, players: Iterable[PlayerRef]) -> tuple[str, tuple[int, ...]]:
    """``text`` prefixed with mentions of ``players`` (duplicates dropped, and a team's
    seat in a vote game, which is no Discord user: ``team_of_player``)."""
    unique = list({p.id: p for p in players if team_of_player(p.id) is None}.values())
    if not unique:
        return text, ()
    prefix = " ".join(mention(p) for p in unique)
    return clip(f"{prefix} {text}".strip(), CONTENT_LIMIT), tuple(p.id for p in unique)


# --------------------------------------------------------------------------- games


def move_played(result: MovePlayed, *, mention_player: bool) -> Reply:
    """The public message after a move: board, SAN, check/mate text, whose turn, deadline.

    ``mention_player`` says whether to ping the player it is news for: to move, or at an
    ending the mover's opponent (their settings, and whether they may be pinged there).
    """
    game = result.game
    played = safe(
        _("{player} played {move}{answers}").format(
            player=result.mover.name,
            move=say(result.san),  # a chess move in the reader's piece letters
            answers=words.answered(game, result.answers),
        )
    )
    if result.ending is not None:
        tone = Tone.ENDED
        ending = safe(endings.ending_text(result.ending))
        headline = _("{played} — {ending}").format(played=played, ending=ending)
    elif result.check:
        checked = (
            pgettext("xiangqi", "{played} — Check!")
            if game.variant in XIANGQI_WORDED
            else _("{played} — Check!")
        )
        tone, headline = Tone.CHECK, checked.format(played=played)
    else:
        tone, headline = Tone.YOUR_MOVE, played
    card = Card(
        game_title(game), card_text(endings.move_played_text(result)), deadline_field(game), tone
    )
    players: list[PlayerRef] = []
    if result.notify is not None and mention_player:
        players.append(result.notify)
        line = _("your move. {news}").format(news=sentence(headline))
    elif result.ending is not None:
        players += [game.opponent_of(result.mover.id)] if mention_player else []
        line = sentence(headline)
    else:
        line = sentence(headline)
    content, mentions = with_mentions(line, players)
    reply = Reply(content, card, result.board, mentions=mentions, recent=result.recent)
    return board_message(reply, game)


def game_started(result: GameStarted, *, in_thread: bool, mention_player: bool = False) -> Reply:
    """The first board of a new game. In a thread both players are mentioned, which adds
    them to it; in a channel only the player to move, when ``mention_player`` says so."""
    game = result.game
    card = Card(game_title(game), card_text(started_text(result)), deadline_field(game), Tone.GAME)
    players = [game.white, game.black] if in_thread else []
    if not in_thread and mention_player:
        players.append(result.notify)
    to_move = safe(result.notify.name)
    content, mentions = with_mentions(
        _("New game! {player} to move.").format(player=to_move), players
    )
    return board_message(Reply(content, card, result.board, mentions=mentions), game)


def computer_game_started(result: ComputerGameStarted) -> Reply:
    """The first board of a game against the computer, answered to the challenge itself;
    when the computer moves first, its move follows as a message of its own."""
    game = result.game
    text = computer_started_text(result)
    card = Card(game_title(game), card_text(text), deadline_field(game), Tone.GAME)
    if result.notify.id == result.computer.id:
        line = _("New game against {computer} (level {level})! It moves first.")
    else:
        line = _("New game against {computer} (level {level})! Your move.")
    line = line.format(computer=safe(result.computer.name), level=result.level)
    return board_message(Reply(line, card, result.board), game)


def promotion_needed(result: PromotionNeeded) -> Reply:
    text = safe(boards.promotion_text(result))
    return Reply(clip(text, CONTENT_LIMIT), buttons=result.buttons, ephemeral=True)


def board_shown(result: BoardShown, *, ephemeral: bool) -> Reply:
    """``/board`` (public: the game's board message, with its controls) or ``/moves``."""
    game = result.game
    text = card_text(boards.board_shown_text(result))
    card = Card(game_title(game), text, deadline_field(game), Tone.GAME)
    reply = Reply(card=card, board=result.board, ephemeral=ephemeral)
    return reply if ephemeral else board_message(reply, game)


def confirmation_needed(result: ConfirmationNeeded) -> Reply:
    text = safe(interactions.confirmation_text(result))
    return Reply(clip(text, CONTENT_LIMIT), buttons=result.buttons, ephemeral=True)


def offer_made(result: OfferMade, mention: Iterable[PlayerRef] | None = None) -> Reply:
    """A draw offer or takeback request: public, with buttons for the opponent, mentioned
    (``mention``: whom to mention instead: in a game's other server, its player only)."""
    pinged = [result.to] if mention is None else list(mention)
    content, mentions = with_mentions(safe(interactions.offer_made_text(result)), pinged)
    return Reply(content, buttons=result.buttons, mentions=mentions)


def offer_declined(result: OfferDeclined) -> Reply:
    return Reply(clip(safe(interactions.offer_declined_text(result)), CONTENT_LIMIT))


def game_ended(result: GameEnded, mention: Iterable[PlayerRef]) -> Reply:
    """Resignation, agreed or claimed draw, abort, time-out: the final board for both, with
    ``mention`` pinged (the service's text already carries the rating changes)."""
    game = result.game
    card = Card(game_title(game), card_text(endings.game_ended_text(result)), (), Tone.ENDED)
    ending = sentence(safe(endings.ending_text(result.ending)))
    content, mentions = with_mentions(_("Game over: {ending}").format(ending=ending), mention)
    return board_message(Reply(content, card, result.board, mentions=mentions), game)


def taken_back(result: TakenBack, *, mention_player: bool) -> Reply:
    game = result.game
    text = card_text(interactions.taken_back_text(result))
    card = Card(game_title(game), text, deadline_field(game), Tone.GAME)
    players = [result.notify] if mention_player else []
    content, mentions = with_mentions(_("Move taken back."), players)
    return board_message(Reply(content, card, result.board, mentions=mentions), game)


def more_time(result: MoreTimeGiven, *, mention_player: bool) -> Reply:
    game = result.game
    text = card_text(interactions.more_time_text(result))
    card = Card(game_title(game), text, deadline_field(game), Tone.GAME)
    players = [result.notify] if mention_player else []
    content, mentions = with_mentions(_("More time."), players)
    return Reply(content, card, mentions=mentions)


# --------------------------------------------------------------------------- challenges


def challenge_created(result: ChallengeCreated) -> Reply:
    challenge = result.challenge
    players = [challenge.opponent] if challenge.opponent is not None else []
    content, mentions = with_mentions(safe(challenge_text(challenge)), players)
    expires = _("Expires {when}.").format(when=timestamp(challenge.expires_at))
    return Reply(
        clip(f"{content}\n{expires}", CONTENT_LIMIT),
        buttons=result.buttons,
        mentions=mentions,
        menus=challenge_menus(result),
    )


def challenge_closed(result: ChallengeClosed) -> str:
    """The text that replaces a closed challenge (its buttons are removed)."""
    challenge = result.challenge
    fields = {
        "challenger": safe(challenge.challenger.name),
        "variant": safe(variant_text(challenge.variant)),
        "text": safe(closed_text(result)),
    }
    if challenge.opponent is None:
        text = _("{challenger}'s {variant} challenge to anyone: {text}").format(**fields)
    else:
        text = _("{challenger}'s {variant} challenge to {opponent}: {text}").format(
            opponent=safe(challenge.opponent.name), **fields
        )
    return clip(text, CONTENT_LIMIT)


def challenge_accepted(result: GameStarted, thread: str | None) -> str:
    """The text that replaces an accepted challenge: who plays whom, and where (``thread``,
    a mention of the game's thread, or None: in this channel)."""
    said = safe(started_text(result))
    if thread is None:
        text = _("{text} The game continues here.").format(text=said)
    else:
        text = _("{text} The game continues in {place}.").format(text=said, place=thread)
    return clip(text, CONTENT_LIMIT)


# --------------------------------------------------------------------------- clock


def reminder(result: Reminder, *, mention_player: bool) -> Reply:
    game = result.game
    card = Card(
        game_title(game), card_text(reminder_text(result)), deadline_field(game), Tone.CHECK
    )
    players = [result.player] if mention_player else []
    content, mentions = with_mentions(
        _("Reminder: your move is due {when}.").format(when=timestamp(result.deadline)), players
    )
    return Reply(content, card, mentions=mentions)


def place_link(game: GameView) -> str | None:
    """The link that opens the game's place (its thread or forum post, else its channel);
    None for games outside a server."""
    if not game.guild_id:
        return None
    return f"https://discord.com/channels/{game.guild_id}/{game.place.target_id}"


def direct_message(text: str, game: GameView) -> Reply:
    """A DM telling a player something about a game, with a link back to its thread or
    channel (games outside a server have none)."""
    link = place_link(game)
    where = "" if link is None else f"\n{link}"
    return Reply(clip(f"{safe(text)}{where}", CONTENT_LIMIT))


def _there(game: GameView) -> str:
    link = place_link(game)
    return _(" in its place: {link}").format(link=link) if link else _(" in its place.")


def ended_elsewhere(result: GameEnded) -> Reply:
    """The private note for an ending typed away from the game's place (it is posted there)."""
    text = _("{ending} — {game}; announced{there}").format(
        ending=safe(endings.ending_text(result.ending)),
        game=game_title(result.game),
        there=_there(result.game),
    )
    return Reply(clip(text, CONTENT_LIMIT), ephemeral=True)


def offered_elsewhere(result: OfferMade) -> Reply:
    """The private note for a draw offer or takeback request typed away from the game's
    place: the offer, with its buttons for the opponent, is posted there."""
    fields = {
        "game": game_title(result.game),
        "player": safe(result.to.name),
        "there": _there(result.game),
    }
    if result.kind is OfferKind.DRAW:
        text = _("Your draw offer in {game} is posted, for {player},{there}").format(**fields)
    elif result.kind is OfferKind.PAUSE:
        text = _("Your pause request in {game} is posted, for {player},{there}").format(**fields)
    else:
        text = _("Your takeback request in {game} is posted, for {player},{there}").format(**fields)
    return Reply(clip(text, CONTENT_LIMIT), ephemeral=True)


def taken_back_elsewhere(result: TakenBack) -> Reply:
    """The private note for a takeback granted away from the game's place: the board, with
    the player to move mentioned, is posted there."""
    template = (
        pgettext("xiangqi", "{text} — {game}; the board is posted{there}")
        if result.game.variant in XIANGQI_WORDED
        else _("{text} — {game}; the board is posted{there}")
    )
    text = template.format(
        text=safe(interactions.taken_back_text(result)),
        game=game_title(result.game),
        there=_there(result.game),
    )
    return Reply(clip(text, CONTENT_LIMIT), ephemeral=True)


def played_elsewhere(result: MovePlayed) -> Reply:
    """The mover's private note for a move typed away from the game's place: the board and
    the opponent's mention went there."""
    answers = safe(words.answered(result.game, result.answers))
    # A xiangqi (or janggi) board is not an échiquier: its sentence is its own message.
    template = (
        pgettext("xiangqi", "You played {move}{answers} in {game}; the board is posted{there}")
        if result.game.variant in XIANGQI_WORDED
        else _("You played {move}{answers} in {game}; the board is posted{there}")
    )
    text = template.format(
        move=safe(result.san),
        answers=answers,
        game=game_title(result.game),
        there=_there(result.game),
    )
    return Reply(clip(text, CONTENT_LIMIT), ephemeral=True)


# --------------------------------------------------------------------------- reports


def game_list(result: GameList) -> Reply:
    """The player's games at a glance, in sections (their move, waiting, challenges to
    them), each game's line ending with the link to its board message (else its place),
    with select menus to show a board privately or to play, and Next page."""
    heading = say(reports.game_list_text(result)).splitlines()[0]
    parts: list[str] = []
    for section in reports.game_list_sections(result):
        parts.append(f"**{safe(say(section.heading))}**")
        for line, entry in section.lines:
            link = None if entry is None else board_link(entry.game)
            parts.append(f"{safe(say(line))} · {link}" if link else safe(say(line)))
    card = Card(clip(safe(heading), TITLE_LIMIT), clip("\n".join(parts), DESCRIPTION_LIMIT))
    return Reply(
        card=card,
        buttons=reports.game_list_buttons(result),
        menus=reports.game_list_menus(result),
        ephemeral=True,
    )


def board_link(game: GameView) -> str | None:
    """The link to the game's board message (its place's link while it has none); None
    for games outside a server."""
    link = place_link(game)
    if link is None or game.message_id is None:
        return link
    return f"{link}/{game.message_id}"


def text_card(title: str, text: str, *, ephemeral: bool) -> Reply:
    """A report (history, stats, leaderboard, settings) as an embed."""
    text = say(text)
    lines = text.splitlines()
    # A first line ending in a colon heads the card (French puts a space before it, Chinese
    # and Japanese write the full-width ：).
    headed = len(lines) > 1 and lines[0].endswith((":", "："))
    body = "\n".join(lines[1:]) if headed else text
    heading = lines[0].rstrip(":：").rstrip() if headed else title
    return Reply(card=Card(clip(safe(heading), TITLE_LIMIT), card_text(body)), ephemeral=ephemeral)


def history(result: History) -> Reply:
    return text_card(_("History"), reports.history_text(result), ephemeral=True)


def stats(result: Stats) -> Reply:
    return text_card(_("Stats"), reports.stats_text(result), ephemeral=True)


def leaderboard(result: Leaderboard) -> Reply:
    return text_card(_("Leaderboard"), reports.leaderboard_text(result), ephemeral=False)


def player_settings(result: PlayerSettings) -> Reply:
    listed = TextIn("list separator", ", ")
    themes = say(Joined(listed, result.themes))
    pieces = say(Joined(listed, result.piece_sets))
    text = "\n".join(
        (
            words.settings_text(result, lambda moment: timestamp(moment, "f")),
            _("Themes: {themes}. Piece sets: {pieces}.").format(themes=themes, pieces=pieces),
        )
    )
    return Reply(card=Card(_("Settings"), card_text(text)), ephemeral=True)


def vacation_started(result: VacationStarted) -> Reply:
    said = safe(interactions.vacation_started_text(result))
    text = _("{text} Back {when}.").format(text=said, when=timestamp(result.until))
    return Reply(card=Card(_("Vacation"), clip(text, DESCRIPTION_LIMIT)), ephemeral=False)


def vacation_ended(result: VacationEnded) -> Reply:
    """A vacation ended early: clocks run again; the days left after counting those taken."""
    escaped = dataclasses.replace(
        result, player=dataclasses.replace(result.player, name=safe(result.player.name))
    )
    text = words.vacation_ended(escaped, timestamp(result.planned_until, "f"))
    return Reply(card=Card(_("Vacation"), clip(text, DESCRIPTION_LIMIT)), ephemeral=False)


def record_export(result: RecordExport) -> Reply:
    """The PGN (or xiangqi record) as a file, and the analysis link."""
    link = (result.analysis_url,) if result.analysis_url else ()
    description = clip(escape_text(say(reports.record_text(result)), keep=link), DESCRIPTION_LIMIT)
    card = Card(game_title(result.game), description, (), Tone.INFO)
    return Reply(card=card, attachment=(result.filename, result.record.encode("utf-8")))
