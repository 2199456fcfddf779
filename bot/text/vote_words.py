"""The words of vote chess, for both adapters: a team's game opened, a nomination or vote
taken, a window closed, the tally, and every refusal (``VoteError``, by reason)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n.names import Command, Option
from bot.i18n.text import Joined, Moment, Plural, Sentences, Text
from bot.service.controls_values import ButtonAction, Choice, SelectMenu
from bot.service.invitation_facts import LostInvitation
from bot.service.results import ChallengeView, MenuStep
from bot.service.vote_facts import (
    BallotTaken,
    MoveCount,
    PollAsked,
    TeamReminder,
    VoteError,
    VoteGameOpened,
    VoteMenu,
    VoteRefusal,
    VoteReminderDMs,
    VoteTally,
    WindowClosed,
)
from bot.service.vote_rules import ElectedBy
from bot.text.challenges import start_text
from bot.text.clock_words import pace_of
from bot.text.interactions import select_menus
from bot.text.move_errors import LIST_SEPARATOR
from bot.text.phrases import color_text, title_text, variant_text


def opened_text(opened: VoteGameOpened) -> Text:
    """A team's game opened: who captains it, its window, secret or shown votes."""
    team = opened.team
    head = Plural(
        "{team}, captained by {captain}, plays by vote: each turn's vote lasts {count} hour.",
        "{team}, captained by {captain}, plays by vote: each turn's vote lasts {count} hours.",
        team.window_hours,
        team=team.name,
        captain=team.captain,
    )
    if team.after_vote:
        return Sentences(
            head, Text("Each member sees the votes once they have voted, and not before.")
        )
    if team.secret:
        return Sentences(head, Text("Votes stay secret until the vote closes."))
    return Sentences(head, Text("Votes are shown as they come."))


def _counts(counts: Sequence[MoveCount]) -> Text:
    """The nominated moves, with their votes when shown."""
    if not counts:
        return Text("Nothing is nominated yet.")
    if any(count.votes is None for count in counts):
        return Text("Nominated: {moves}.", moves=Joined(LIST_SEPARATOR, (c.san for c in counts)))
    listed = Joined(
        LIST_SEPARATOR,  # 、 in Chinese and Japanese
        (Text("{move} ({votes})", move=count.san, votes=count.votes) for count in counts),
    )
    return Text("Votes: {counts}.", counts=listed)


def ballot_text(taken: BallotTaken) -> Text:
    """A nomination or vote taken, the tally when shown, and the close it brought."""
    if taken.voted:
        head = Text(
            "{voter} voted for {move} for {team}.",
            voter=taken.voter,
            move=taken.san,
            team=taken.team,
        )
    else:
        head = Text(
            "{voter} nominated {move} for {team}.",
            voter=taken.voter,
            move=taken.san,
            team=taken.team,
        )
    if taken.closed is not None:
        return Sentences(head, closed_text(taken.closed))
    return Sentences(head, _counts(taken.counts))


def closed_text(closed: WindowClosed) -> Text:
    """A window closed: the move played and why, or nothing played; then the counts, when
    there are any to show (none in the game's place, which the other side reads)."""
    team, move = closed.team, closed.elected
    if move is None:
        head = Text(
            "{team}'s vote closed with nothing elected: no move is played, and the clock decides.",
            team=team,
        )
    elif closed.by is ElectedBy.CAPTAIN:
        head = Text(
            "{team}'s vote closed without votes: {move}, the captain's nomination, is played.",
            team=team,
            move=move,
        )
    elif closed.by is ElectedBy.TIE:
        head = Text(
            "{team}'s vote closed in a tie: {move}, nominated first, is played.",
            team=team,
            move=move,
        )
    else:
        head = Text("{team}'s vote closed: {move} is played.", team=team, move=move)
    return Sentences(head, _counts(closed.counts)) if closed.counts else head


def team_reminder_text(reminder: TeamReminder) -> Plural:
    """``Lions, less than 1 hour left to vote for your move in Lions vs dave · chess (game
    #3).``"""
    view = reminder.game
    return Plural(
        "{team}, less than {count} hour left to vote for your move in {game} (game #{id}).",
        "{team}, less than {count} hours left to vote for your move in {game} (game #{id}).",
        reminder.hours_before,
        team=reminder.team,
        game=title_text(view),
        id=view.id,
    )


def remind_text(asked: VoteReminderDMs) -> Text:
    """What ``/vote remind`` set."""
    if asked.wanted:
        return Text(
            "You will get a DM when {team}'s vote is open and you have not voted (at most "
            "one a vote).",
            team=asked.team,
        )
    return Text("No more DMs about {team}'s votes.", team=asked.team)


def tally_text(tally: VoteTally) -> Text:
    """The open turn's nominations (and votes when shown), and when the vote closes: the
    board's deadline is the game's, which a shorter window comes before."""
    if not tally.open or tally.closes_at is None:
        return Text("{team} has no vote open now.", team=tally.team)
    head = Text(
        "{team}'s vote is open until {until}.", team=tally.team, until=Moment(tally.closes_at)
    )
    return Sentences(head, _counts(tally.counts))


def menu_text(menu: VoteMenu) -> Text:
    """Above a member's private vote menu: what to do, and where the rest is."""
    if not menu.counts:
        return Text(
            "Nothing is nominated for {team} yet: nominate a move below, or with {command}.",
            team=menu.team,
            command=Command("vote", "nominate"),
        )
    head = Text(
        "Your vote for {team}'s move (you may change it until the vote closes).",
        team=menu.team,
    )
    return Sentences(head, _not_listed(menu.more)) if menu.more else head


def _not_listed(more: int) -> Text:
    """Nominations a menu or a poll leaves out, and how to vote for them."""
    return Plural(
        "{count} more nomination is not listed: vote for it with {command}.",
        "{count} more nominations are not listed: vote for them with {command}.",
        more,
        command=Command("vote", "cast"),
    )


def poll_question(asked: PollAsked) -> Text:
    """The question of a team's poll (what the channel reads above its answers)."""
    return Text("{team}: which move in game #{game}?", team=asked.team, game=asked.game_id)


def poll_posted_text(asked: PollAsked) -> Text:
    """Told to the member who asked for the poll."""
    head = Plural(
        "A poll of {count} nomination is posted beside the board: a member's vote in it "
        "counts as their vote, until the vote closes.",
        "A poll of {count} nominations is posted beside the board: a member's vote in it "
        "counts as their vote, until the vote closes.",
        len(asked.counts),
    )
    return Sentences(head, _not_listed(asked.more)) if asked.more else head


def thread_name(team: str) -> Text:
    """The name of a team's private thread."""
    return Text("{team} · team", team=team)


def thread_text(link: str) -> Text:
    """Told to the member who asked: where their team talks."""
    return Text("Your team's private thread: {thread}. The other side cannot read it.", thread=link)


def vote_menus(menu: VoteMenu) -> tuple[SelectMenu, ...]:
    """Vote…'s select menus: the vote for a nomination (when there is one), then the
    pieces that can move, to nominate one of their moves as Move… would."""
    vote = vote_menu(menu)
    pieces = select_menus(menu.variant, MenuStep.NOMINATE_PIECE, menu.pieces)
    return pieces if vote is None else (vote, *pieces)


def vote_menu(menu: VoteMenu) -> SelectMenu | None:
    """The select menu of a member's vote: one choice a nominated move (its votes beside it
    when the team shows them), sending its UCI; None with nothing nominated."""
    if not menu.counts:
        return None
    choices = tuple(
        Choice(
            count.san,
            count.uci,
            "" if count.votes is None else Plural("{count} vote", "{count} votes", count.votes),
        )
        for count in menu.counts
    )
    return SelectMenu(
        Text("Vote for a move"), ButtonAction.CAST_VOTE, menu.game_id, str(menu.ply), choices
    )


def _refusal(error: VoteError) -> Text:
    count = error.count or 0
    match error.reason:
        case VoteRefusal.NOT_A_MEMBER:
            return Text("You are not on this team, so you cannot nominate or vote.")
        case VoteRefusal.BOTH_SIDES:
            return Text(
                "You are on both teams of this game, so you cannot nominate or vote for either."
            )
        case VoteRefusal.NO_VOTE_GAME:
            return Text("You are on no team playing a vote game here.")
        case VoteRefusal.SEVERAL:
            return Text(
                "You are on several teams playing here: name the game, e.g. {option}.",
                option=Option("game", error.games[0] if error.games else 1),
            )
        case VoteRefusal.WINDOW_CLOSED:
            return Text("The team's vote is not open: it is not its turn, or the vote closed.")
        case VoteRefusal.NOMINATION_LIMIT:
            return Plural(
                "You may nominate {count} move a turn.",
                "You may nominate {count} moves a turn.",
                count,
            )
        case VoteRefusal.CHANGE_LIMIT:
            return Plural(
                "You may change your vote {count} time a turn.",
                "You may change your vote {count} times a turn.",
                count,
            )
        case VoteRefusal.NEEDS_PIECE:
            return Text("Name the piece the pawn becomes (e8=Q) to nominate a promotion.")
        case VoteRefusal.NEEDS_DAYS:
            return Text("A vote game needs days per move: each turn's vote closes before it.")
        case VoteRefusal.WINDOW_LENGTH:
            return Plural(
                "The vote must last from 1 to {count} hour (the game's days per move).",
                "The vote must last from 1 to {count} hours (the game's days per move).",
                count,
            )
        case VoteRefusal.BAD_NAME:
            return Plural(
                "A team's name has 1 to {count} character.",
                "A team's name has 1 to {count} characters.",
                count,
            )
        case VoteRefusal.TOO_MANY:
            return Plural(
                "A team lists at most {count} member; a larger team is a Discord role.",
                "A team lists at most {count} members; a larger team is a Discord role.",
                count,
            )
        case VoteRefusal.OPPONENT_IN_TEAM:
            return Text("The opponent cannot be on the team.")
        case VoteRefusal.NOT_MENTIONS:
            return Text(
                "Name the team's members by @mentioning them (or give a role), separated by spaces."
            )
        case _:  # a poll refused
            return _poll_refusal(error.reason, count)


def _poll_refusal(reason: VoteRefusal, count: int) -> Text:
    """A poll (or a team's thread, its forming or acceptance) refused, and how to vote instead
    (``count``: the team's polls a turn, for ``POLL_LIMIT``)."""
    cast = Command("vote", "cast")
    if reason is VoteRefusal.POLL_LIMIT:
        return Plural(
            "Your team has its {count} poll of this turn already: vote in it, or with "
            "Vote… on the board or {command}.",
            "Your team has its {count} polls of this turn already: vote in them, or with "
            "Vote… on the board or {command}.",
            count,
            command=cast,
        )
    formed = _forming_refusal(reason)
    if formed is not None:
        return formed
    if reason is VoteRefusal.POLL_SECRET:
        return Text(
            "Your team keeps its votes secret, and a Discord poll shows its counts to "
            "whoever reads it: vote with Vote… on the board or {command}.",
            command=cast,
        )
    if reason is VoteRefusal.NOTHING_NOMINATED:
        return Text(
            "Nothing is nominated yet, so a poll has nothing to ask: nominate with {command}.",
            command=Command("vote", "nominate"),
        )
    if reason is VoteRefusal.NO_POLL_PERMISSION:
        return Text(
            "Postal may not send polls here (it needs the Send Polls permission): vote "
            "with Vote… on the board or {command}.",
            command=cast,
        )
    if reason is VoteRefusal.NO_THREAD_PERMISSION:
        return Text(
            "Postal may not open a private thread for the team here (it needs the Create "
            "Private Threads and Send Messages in Threads permissions)."
        )
    return Text("Polls and team threads are Discord's: here, vote with {command}.", command=cast)


def _forming_refusal(reason: VoteRefusal) -> Text | None:
    """A team's forming or acceptance refused (None: another refusal)."""
    if reason is VoteRefusal.NOT_A_TEAM_CHALLENGE:
        return Text(
            "A team accepts only another team's challenge: accept a player's challenge "
            "with its Accept button."
        )
    if reason is VoteRefusal.ANOTHER_SERVER:
        return Text("That team's challenge is not to this server: accept it where it was made.")
    if reason is VoteRefusal.ANOTHER_SERVERS_TEAMS:
        return Text(
            "That challenge is to another server's teams: only a team formed there accepts it."
        )
    if reason is VoteRefusal.SERVER_AND_OPPONENT:
        return Text(
            "A team challenges another server's teams, a player or the computer: name only one."
        )
    if reason is VoteRefusal.ACCEPT_TERMS:
        return Text(
            "A team accepting a challenge plays on its terms: give no opponent, level, "
            "game, colour or days."
        )
    if reason is VoteRefusal.SHOWN_ANYWAY:
        return Text(
            "Votes that are not secret are shown before voting too: give {option} only "
            "with secret votes.",
            option=Option("after_vote"),
        )
    return None


VOTE_WORDED: dict[type, Callable[[VoteError], Text]] = {VoteError: _refusal}

# What the console prints for each result (``bot/text/results.py``).
VOTE_RESULTS: dict[type, Callable[..., Text]] = {
    VoteGameOpened: opened_text,
    BallotTaken: ballot_text,
    WindowClosed: closed_text,
    VoteTally: tally_text,
    VoteReminderDMs: remind_text,
    VoteMenu: menu_text,
}


def _server_terms(view: ChallengeView) -> Text:
    """A team's challenge to another server's teams: its game, colours and pace."""
    return Text(
        "{variant} ({team} plays {colour}, {pace}{start})",
        variant=variant_text(view.variant),
        team=view.challenger.name,
        colour=color_text(view.variant, view.color),
        pace=pace_of(view),
        start=start_text(view.variant, view.start_fen, view.opening),
    )


def vote_invitation_text(view: ChallengeView, server: str) -> Text:
    """A team's challenge to this server's teams, as posted here (``server``: the name of
    the challenging team's server): what, and how a team formed here accepts it."""
    return Text(
        "{team} of the server {server} challenges this server's teams to a vote game of "
        "{terms}. Form a team here and accept it within 48 hours with {command} {option}.",
        team=view.challenger.name,
        server=server,
        terms=_server_terms(view),
        command=Command("vote", "team"),
        option=Option("challenge", view.id),
    )


def lost_challenge_text(view: ChallengeView, server: int, lost: LostInvitation) -> Text:
    """Said to the challenging team's captain, where the challenge was made, when it could
    not be posted in the server ``server`` (its id) after all (Postal may write in none of
    its channels, or Discord refused it or kept failing)."""
    terms = {
        "team": view.challenger.name,
        "challenge": view.id,
        "server": server,
        "command": Command("vote", "team"),
        "option": Option("challenge", view.id),
    }
    if lost is LostInvitation.NOWHERE:
        return Text(
            "The challenge #{challenge} of {team} was not posted: Postal may write in no "
            "channel of server {server}. Tell that server its number: a team formed there "
            "accepts it with {command} {option}.",
            **terms,
        )
    return Text(
        "The challenge #{challenge} of {team} was not posted: Discord refused it in server "
        "{server}, or kept failing. Tell that server its number: a team formed there accepts "
        "it with {command} {option}.",
        **terms,
    )


def server_challenge_text(view: ChallengeView, server: str, *, posted: bool) -> Text:
    """A team's challenge to the teams of the server named ``server``, as its captain is
    answered: how a team there accepts it, and whether it was ``posted`` there."""
    head = Text(
        "{team} challenges the teams of the server {server} to a vote game of {terms}: a team "
        "formed there accepts it within 48 hours with {command} {option}.",
        team=view.challenger.name,
        server=server,
        terms=_server_terms(view),
        command=Command("vote", "team"),
        option=Option("challenge", view.id),
    )
    if posted:
        return Sentences(head, Text("The challenge is posted there."))
    return Sentences(
        head,
        Text("Postal may write in no channel there, so tell that server the challenge's number."),
    )
