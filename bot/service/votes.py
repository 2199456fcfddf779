"""Vote chess (``service.votes``): a team plays a side by its members' votes, against a
person or the computer (docs/playing.md, *Vote chess*; docs/internals.md for the store).

The team sits in its game as a player of its own (``bot.store.teams``); a closed window's
elected move is played through ``PlayUseCases.move_in`` as that player, its window closed in
the move's own write (``VoteClose``), so the close happens once whoever tries it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from functools import partial

from bot.service.challenge_plan import DEFAULT_DAYS
from bot.service.challenges import ChallengeUseCases
from bot.service.computer import ComputerOpponent
from bot.service.controls_values import MENU_OPTIONS
from bot.service.core import ServiceCore
from bot.service.delivery_places import seen_at
from bot.service.errors import (
    ChallengeClosedError,
    GameChangedError,
    StaleBoardError,
    UnknownChallengeError,
    UserError,
)
from bot.service.notation import stored_names
from bot.service.outbox_items import challenge_invitation
from bot.service.parsing import parse_move
from bot.service.play import MAX_MOVE_TEXT, PlayUseCases
from bot.service.results import MovePlayed, Place, User
from bot.service.vote_counts import counts_of, said_move
from bot.service.vote_facts import (
    BallotTaken,
    MoveCount,
    VoteError,
    VoteGameOpened,
    VoteMenu,
    VoteRefusal,
    VoteReminderDMs,
    VoteTally,
    WindowClosed,
)
from bot.service.vote_names import OWN_NOTATION, for_member
from bot.service.vote_rules import (
    CLOSE_LEASE_SECONDS,
    NOMINATIONS_PER_TURN,
    VOTE_CHANGES_PER_TURN,
    elect,
)
from bot.service.vote_teams import Secrecy, checked_terms, new_team
from bot.store import (
    BallotOutcome,
    ChallengeStatus,
    ClaimKind,
    GameOpenedFacts,
    GameRecord,
    NewPlace,
    OutboxItem,
    OutboxTarget,
    Player,
    SeatedGame,
    Team,
    TeamCountsFacts,
    VoteClose,
    VoteClosedFacts,
    team_of_player,
)
from bot.store.records import to_epoch

# A close lost to a vote cast meanwhile (or another write) is counted again this often.
CLOSE_ATTEMPTS = 3


class VoteUseCases:
    """Opening a team's game, nominating and voting, and closing due windows."""

    def __init__(
        self,
        core: ServiceCore,
        play: PlayUseCases,
        challenges: ChallengeUseCases,
        computer: ComputerOpponent,
    ) -> None:
        self._core = core
        self._play = play
        self._challenges = challenges
        self._computer = computer

    async def open(
        self,
        captain: User,
        place: Place,
        *,
        name: str,
        members: Sequence[User] = (),
        role_id: int | None = None,
        opponent: User | None = None,
        level: int | None = None,
        window_hours: int | None = None,
        secret: bool = True,
        after_vote: bool = False,
        game: str = "chess",
        color: str = "random",
        days: int | None = DEFAULT_DAYS,
        fen: str | None = None,
        rival_guild_id: int | None = None,
        invite_from: str | None = None,
    ) -> VoteGameOpened:
        """Open a game for the team ``name`` (``captain`` and ``members``, or whoever holds
        ``role_id``; ``color``: its seat) against ``opponent`` (a challenge to accept), the
        computer at ``level`` (started at once), or this server's teams, or the server
        ``rival_guild_id``'s (posted there by the outbox if ``invite_from``, this server's
        name). Never rated. Raises ``VoteError`` (``NEEDS_DAYS``, ``WINDOW_LENGTH``, ``BAD_NAME``,
        ``TOO_MANY``, ``OPPONENT_IN_TEAM``, ``SERVER_AND_OPPONENT``) and a challenge's errors."""
        title, hours = checked_terms(captain, name, members, opponent, window_hours, days)
        secrecy = Secrecy.checked(secret, after_vote)
        assert days is not None
        rival_guild_id = _rival(place, rival_guild_id, opponent, level)
        computer = self._computer.meant(opponent, level)
        core = self._core
        team, shown = await new_team(
            core, captain, place.guild_id, title, members, role_id, hours, secrecy, rival_guild_id
        )
        player = User(team.player_id, title)
        try:
            if computer:
                started = await self._computer.challenge(
                    player, place, level=level, game=game, color=color, days=days, fen=fen
                )
                return VoteGameOpened(shown, game_id=started.game.id, started=started)
            challenge = await self._challenges.challenge(
                player,
                place,
                opponent,
                game=game,
                color=color,
                days=days,
                rated=False,
                fen=fen,
                outbox=_invitation(rival_guild_id, invite_from, captain.id),
            )
        except BaseException:
            # The challenge's checks need the team's seat, so it is written first; refused,
            # the team goes again (unless a challenge or game already names it).
            await core.store.teams.discard(team.id)
            raise
        return VoteGameOpened(shown, challenge=challenge)

    async def accept(
        self,
        captain: User,
        challenge_id: int,
        place: Place,
        *,
        name: str,
        members: Sequence[User] = (),
        role_id: int | None = None,
        window_hours: int | None = None,
        secret: bool = True,
        after_vote: bool = False,
    ) -> VoteGameOpened:
        """Form the team ``name`` (as ``open`` does) and accept another team's challenge
        ``challenge_id`` with it, on that challenge's terms, at ``place`` (in the server the
        challenge is to): team against team. The game opens in a thread of its own under
        the challenge's channel, as the outbox delivers its first board, and, for a
        challenge to another server, under ``place``'s channel too: its place there, where
        this team plays. Raises ``VoteError`` (``NOT_A_TEAM_CHALLENGE``,
        ``ANOTHER_SERVER``, ``OPPONENT_IN_TEAM``: someone on both teams, and ``open``'s)
        and what accepting a challenge raises."""
        core = self._core
        challenge = await core.store.challenges.get(challenge_id)
        if challenge is None:
            raise UnknownChallengeError(challenge_id)
        if challenge.status is not ChallengeStatus.OPEN:  # checked again as it is accepted
            raise ChallengeClosedError(challenge_id, challenge.status.value)
        rival_id = team_of_player(challenge.challenger_id)
        rival = None if rival_id is None else await core.store.teams.get(rival_id)
        if rival is None:
            raise VoteError(VoteRefusal.NOT_A_TEAM_CHALLENGE)
        if place.guild_id != (rival.rival_guild_id or challenge.guild_id):
            raise VoteError(VoteRefusal.ANOTHER_SERVER)
        days = challenge.clock_days
        title, hours = checked_terms(captain, name, members, None, window_hours, days)
        secrecy = Secrecy.checked(secret, after_vote)
        ours = {captain.id, *(m.id for m in members)}
        if ours & {rival.captain_id, *rival.members} or (role_id and role_id == rival.role_id):
            raise VoteError(VoteRefusal.OPPONENT_IN_TEAM)
        team, shown = await new_team(
            core, captain, place.guild_id, title, members, role_id, hours, secrecy
        )
        there = NewPlace(place.guild_id, place.channel_id, team.player_id)
        try:
            started = await self._challenges.accept_challenge(
                User(team.player_id, title),
                challenge_id,
                answering=captain,
                opening=(OutboxItem(OutboxTarget.PLACE, GameOpenedFacts()),),
                other_places=(there,) if rival.rival_guild_id is not None else (),
            )
        except BaseException:
            await core.store.teams.discard(team.id)  # refused: the team goes again
            raise
        return VoteGameOpened(shown, game_id=started.game.id, accepted=started)

    async def nominate(
        self,
        user: User,
        place: Place | None,
        text: str,
        *,
        game_id: int | None = None,
        roles: frozenset[int] = frozenset(),
    ) -> BallotTaken:
        """Nominate the move ``text`` (any notation a move accepts) for the team's turn.
        Raises ``VoteError`` and the move's ``UserError``s."""
        return await self._ballot(user, place, text, game_id, roles, voting=False)

    async def vote(
        self,
        user: User,
        place: Place | None,
        text: str,
        *,
        game_id: int | None = None,
        roles: frozenset[int] = frozenset(),
    ) -> BallotTaken:
        """Vote for the move ``text`` (nominating it if nobody has); a list team's window
        closes as soon as every member has voted. Raises what ``nominate`` raises."""
        return await self._ballot(user, place, text, game_id, roles, voting=True)

    async def withdraw(self, user: User, team_id: int, ply: int, uci: str) -> bool:
        """Withdraw ``user``'s vote at ``ply`` in ``team_id``'s turn when it is for ``uci``
        (a Discord poll vote taken back); False when their vote is another move or none.
        Voting again later counts as a change of vote. Raises ``VoteError``
        (``WINDOW_CLOSED``)."""
        store = self._core.store
        nominated = [n for n in await store.teams.nominations(team_id, ply) if n.uci == uci]
        if not nominated:
            return False
        done = await store.teams.withdraw(team_id, ply, user.id, nominated[0].id, self._core.now())
        if done.outcome is BallotOutcome.CLOSED:
            raise VoteError(VoteRefusal.WINDOW_CLOSED)
        return done.outcome is BallotOutcome.TAKEN

    async def tally(
        self,
        user: User,
        place: Place | None,
        *,
        game_id: int | None = None,
        roles: frozenset[int] = frozenset(),
        shared: bool = False,
    ) -> VoteTally:
        """The moves nominated for the team's turn, with their votes when ``user`` may see
        them (``vote_rules.counts_shown``), named as ``user`` reads moves (``vote_names``)
        unless ``shared`` (a poll: the team reads it)."""
        team = await self.team_meant(user, place, game_id, roles)
        assert team.game_id is not None
        ply = team.window_ply
        if team.closes_at is None or ply is None:
            return VoteTally(team.game_id, team.name, (), open=False)
        store = self._core.store
        nominations = await store.teams.nominations(team.id, ply)
        record = await store.games.get(team.game_id)
        variant = "chess" if record is None else record.variant
        counts = counts_of(team, variant, nominations, voted=await self._voted(team, ply, user))
        if not shared:
            counts = for_member(counts, variant, await self._reader(user, variant))
        return VoteTally(team.game_id, team.name, counts, open=True, closes_at=team.closes_at)

    async def _voted(self, team: Team, ply: int, user: User) -> bool:
        """Whether ``user``'s vote at ``ply`` stands (read only when it shows anything)."""
        if not team.after_vote:
            return False
        return user.id in await self._core.store.teams.voters(team.id, ply)

    async def remind(
        self,
        user: User,
        place: Place | None,
        *,
        wanted: bool = True,
        game_id: int | None = None,
        roles: frozenset[int] = frozenset(),
    ) -> VoteReminderDMs:
        """A member asks for (or, ``wanted`` False, stops) a DM when their team's vote is
        open and they have not voted, sent with the team's first reminder of each vote.
        Raises what ``team_meant`` raises."""
        team = await self.team_meant(user, place, game_id, roles)
        assert team.game_id is not None
        await self._core.store.teams.want_dms(team.id, user.id, wanted)
        return VoteReminderDMs(team.game_id, team.name, wanted)

    async def menu(
        self, user: User, game_id: int, ply: int, roles: frozenset[int] = frozenset()
    ) -> VoteMenu:
        """The vote menu of the board of ``game_id`` at ``ply`` for ``user`` (a member
        holding ``roles``): the turn's first ``MENU_OPTIONS`` nominations. Raises
        ``StaleBoardError`` when the turn moved on and what ``tally`` raises."""
        team = await self.team_meant(user, None, game_id, roles)
        if team.window_ply is None or team.closes_at is None:  # the other side's turn
            raise VoteError(VoteRefusal.WINDOW_CLOSED)
        if team.window_ply != ply:
            raise StaleBoardError(game_id)
        tally = await self.tally(user, None, game_id=game_id, roles=roles)
        if not tally.open:
            raise VoteError(VoteRefusal.WINDOW_CLOSED)
        shown = tally.counts[:MENU_OPTIONS]
        return VoteMenu(game_id, ply, team.name, shown, len(tally.counts) - len(shown))

    async def suggestions(
        self,
        user: User,
        place: Place | None,
        prefix: str,
        *,
        game_id: int | None = None,
        roles: frozenset[int] = frozenset(),
    ) -> list[str]:
        """Autocomplete for a nomination or a vote: the legal moves (SAN/WXF) matching
        ``prefix`` in the game of ``user``'s team while its vote is open; empty otherwise
        (autocomplete never raises a user error)."""
        try:
            team = await self.team_meant(user, place, game_id, roles)
            _, seated = await self._open_turn(team)
            return await self._play.matching(seated.game, user, prefix)
        except UserError:
            return []

    async def _ballot(
        self,
        user: User,
        place: Place | None,
        text: str,
        game_id: int | None,
        roles: frozenset[int],
        *,
        voting: bool,
    ) -> BallotTaken:
        core = self._core
        team = await self.team_meant(user, place, game_id, roles)
        ply, seated = await self._open_turn(team)
        move = await self._move_named(seated, user, text)
        teams, now = core.store.teams, core.now()
        if voting:  # nominated with the vote, in its transaction: a refused vote leaves none
            limits = (NOMINATIONS_PER_TURN, VOTE_CHANGES_PER_TURN)
            cast = await teams.cast(team.id, ply, user.id, move, now, limits)
            nominated, vote = cast.nomination, cast.vote
        else:
            nominated = await teams.nominate(team.id, ply, user.id, move, now, NOMINATIONS_PER_TURN)
            vote = None
        _refuse(nominated.outcome, VoteRefusal.NOMINATION_LIMIT, NOMINATIONS_PER_TURN)
        if vote is not None:
            _refuse(vote.outcome, VoteRefusal.CHANGE_LIMIT, VOTE_CHANGES_PER_TURN)
        new = nominated.outcome is BallotOutcome.TAKEN
        closed, voters = None, 0 if vote is None else vote.voters
        if voting and team.role_id is None and voters >= len(team.members):
            closed = await self._close_claimed(team.id)  # every member has voted
        variant = seated.game.variant
        voted = voting or await self._voted(team, ply, user)
        nominations = () if closed else await teams.nominations(team.id, ply)
        counts = counts_of(team, variant, nominations, voted=voted)
        reader = await self._reader(user, variant)
        counts = for_member(counts, variant, reader, text)
        (said,) = for_member(
            (MoveCount(said_move(variant, move[1], move[2]), None, move[0]),),
            variant,
            reader,
            text,
        )
        return BallotTaken(
            seated.game.id, team.name, user.name, said.san, voting, new, counts, closed
        )

    async def _reader(self, user: User, variant: str) -> Player | None:
        """``user``'s row when ``variant``'s moves are named as each reader reads them
        (``vote_names``); None otherwise, or for someone with no row yet."""
        return await self._core.store.players.get(user.id) if variant in OWN_NOTATION else None

    async def team_meant(
        self, user: User, place: Place | None, game_id: int | None, roles: frozenset[int]
    ) -> Team:
        """The team whose game ``user`` means, once they are a member (holding ``roles``
        now). Raises ``VoteError`` (``NO_VOTE_GAME``, ``SEVERAL``, ``NOT_A_MEMBER``)."""
        store = self._core.store
        if game_id is not None:
            record = await store.games.get(game_id)
            seats = () if record is None else (record.white_id, record.black_id)
            ids = [-seat for seat in seats if seat < 0]
        else:
            guild = 0 if place is None else place.guild_id
            listed = await store.teams.of_member(user.id, guild)
            ids = sorted({*listed, *await store.teams.of_roles(sorted(roles), guild)})
        teams = [team for team in [await store.teams.get(i) for i in ids] if team is not None]
        if not teams:
            raise VoteError(VoteRefusal.NO_VOTE_GAME)
        if game_id is not None and len(teams) > 1:  # team against team: the user's side
            teams = _side_of(teams, user, roles)
            if len(teams) > 1:  # on both sides: playing both is no vote of a team's
                raise VoteError(VoteRefusal.BOTH_SIDES)
        if len(teams) > 1:
            raise VoteError(VoteRefusal.SEVERAL, games=tuple(t.game_id or 0 for t in teams))
        team = teams[0]
        if not team.may_vote(user.id, roles) or team.game_id is None:
            raise VoteError(VoteRefusal.NOT_A_MEMBER)
        return team

    async def member_ask(
        self, user: User, place: Place | None, game_id: int | None, roles: frozenset[int]
    ) -> tuple[Team, GameRecord]:
        """A team member's ask (a poll, the team's thread): their team in the game meant
        and that game's record. Raises what ``team_meant`` raises."""
        team = await self.team_meant(user, place, game_id, roles)
        assert team.game_id is not None
        record = await self._core.game_record(team.game_id)
        if team.guild_id == record.guild_id:
            return team, record
        # A game between two servers: the team plays from its place in its own server.
        places = await self._core.store.game_places.of_game(record.id)
        here = next((p for p in places if p.player_id == team.player_id), None)
        return team, record if here is None else seen_at(record, here)

    async def _open_turn(self, team: Team) -> tuple[int, SeatedGame]:
        """The ply of ``team``'s open window and its game. Raises ``VoteError``
        (``WINDOW_CLOSED``)."""
        core = self._core
        now = core.now()
        ply, closes = team.window_ply, team.closes_at
        seated = None if team.game_id is None else await core.store.games.seated(team.game_id, now)
        if seated is None or ply is None or closes is None or closes <= now:
            raise VoteError(VoteRefusal.WINDOW_CLOSED)
        record = seated.game
        if not record.is_active or record.ply != ply or record.to_move_id != team.player_id:
            raise VoteError(VoteRefusal.WINDOW_CLOSED)
        return ply, seated

    async def _move_named(
        self, seated: SeatedGame, user: User, text: str
    ) -> tuple[str, str, str | None]:
        """The move ``text`` names in ``seated``'s game, read as ``user`` types moves:
        (uci, its stored name, its Chinese). Raises the move's ``UserError``s and
        ``VoteError`` (``NEEDS_PIECE``)."""
        core = self._core
        typed = " ".join(text.split())[:MAX_MOVE_TEXT]
        game = await core.replay(seated.game)
        position = game.position
        name = await core.namer(position, user.id, typed)
        parsed = parse_move(position, typed, name)
        if isinstance(parsed, list):
            raise VoteError(VoteRefusal.NEEDS_PIECE)
        stored, chinese = stored_names(position, parsed)
        return position.uci(parsed), stored, chinese

    # --- closing windows ----------------------------------------------------------------

    async def close_due_windows(self, limit: int = 500) -> list[WindowClosed]:
        """Close every window due now (at most ``limit``), each claimed by this process:
        its elected move played, or nothing when nothing was elected."""
        core = self._core
        due = await core.store.teams.due(core.now(), limit)
        taken = await self._claim([window.team_id for window in due])
        closed = [
            await self._close(window.team_id, told=True)
            for window in due
            if window.team_id in taken
        ]
        return [window for window in closed if window is not None]

    async def next_close(self) -> datetime | None:
        """When the next window closes (None: none open): the clock's next event for it."""
        return await self._core.store.teams.next_close()

    async def _claim(self, team_ids: list[int]) -> set[int]:
        core = self._core
        now = to_epoch(core.now())
        return await core.store.claims.take(
            ClaimKind.VOTE_CLOSE, team_ids, core.process, now, now + CLOSE_LEASE_SECONDS
        )

    async def _close_claimed(self, team_id: int) -> WindowClosed | None:
        # The member's command closing it says the close in its answer.
        return await self._close(team_id, told=False) if await self._claim([team_id]) else None

    async def _close(self, team_id: int, *, told: bool) -> WindowClosed | None:
        """Close ``team_id``'s open window: count, then play the elected move with the
        window closed in its write; counted again when a vote came meanwhile. ``told``: the
        close is said in the game's place, by an outbox row of its write (the clock closed
        it). None when no window was open (closed elsewhere) or its game is no longer the
        team's to move."""
        store, now = self._core.store, self._core.now()
        for _ in range(CLOSE_ATTEMPTS):
            team = await store.teams.get(team_id)
            if team is None or team.closes_at is None or team.window_ply is None:
                return None
            assert team.game_id is not None
            close = VoteClose(team.id, team.window_ply, team.ballots)
            seated = await store.games.seated(team.game_id, now)
            record = None if seated is None else seated.game
            if seated is None or record is None or not _to_move(team, record.ply, record):
                await store.teams.clear_window(close, now)  # nothing to say: the game moved on
                return None
            said = _close_told(team, team.game_id, close.ply) if told else ()
            close = replace(close, told=(*said, _counts_told(team, team.game_id, close.ply)))
            nominations = await store.teams.nominations(team.id, close.ply)
            counts = counts_of(team, record.variant, nominations, shown=True)
            election = elect(nominations, team.captain_id)
            if election is None:
                if await store.teams.clear_window(close, now):
                    return WindowClosed(record.id, team.name, counts)
                continue
            chosen = election.nomination
            try:
                played = await self._play.move_in(
                    seated,
                    User(team.player_id, team.name),
                    None,
                    chosen.uci,
                    in_place=True,
                    vote=close,
                )
            except GameChangedError:
                continue  # a vote came, or the game changed: count again
            return WindowClosed(
                record.id,
                team.name,
                counts,
                said_move(record.variant, chosen.san, chosen.chinese),
                election.by,
                played if isinstance(played, MovePlayed) else None,
            )
        return None


def _rival(
    place: Place, rival_guild_id: int | None, opponent: User | None, level: int | None
) -> int | None:
    """The other server whose teams a team's challenge is to (None: this server's teams,
    also when ``rival_guild_id`` is this one). Raises ``VoteError``
    (``SERVER_AND_OPPONENT``: a server challenged, and a player or a level too)."""
    if rival_guild_id == place.guild_id:
        return None  # this server's teams: as with no server named
    if rival_guild_id is not None and (opponent is not None or level is not None):
        raise VoteError(VoteRefusal.SERVER_AND_OPPONENT)
    return rival_guild_id


def _side_of(teams: list[Team], user: User, roles: frozenset[int]) -> list[Team]:
    """Of a game's two teams, those ``user`` (holding ``roles``) is on: both when they hold
    both teams' roles (refused); the first (refused as not a member) when on neither."""
    mine = [team for team in teams if team.may_vote(user.id, roles)]
    return mine or teams[:1]


def _close_told(team: Team, game_id: int, ply: int) -> tuple[OutboxItem, ...]:
    """The row saying the clock's close of ``team``'s window at ``ply`` in its game's place
    (what it elected, never its counts: ``VoteUseCases.told_close``)."""
    return (OutboxItem(OutboxTarget.PLACE, VoteClosedFacts(team.id, ply), game_id=game_id),)


def _counts_told(team: Team, game_id: int, ply: int) -> OutboxItem:
    """The row saying ``team``'s closed window at ``ply`` to the team alone, every
    nomination's votes shown whatever the team's secrecy (``VoteUseCases.told_counts``)."""
    return OutboxItem(OutboxTarget.PLACE, TeamCountsFacts(team.id, ply), game_id=game_id)


def _to_move(team: Team, ply: int, record: GameRecord) -> bool:
    """Whether ``record`` is active with ``team`` to move at its window's ply."""
    return record.is_active and record.to_move_id == team.player_id and ply == team.window_ply


def _refuse(outcome: BallotOutcome, limit: VoteRefusal, count: int) -> None:
    """Raise the ``VoteError`` a refused ballot's ``outcome`` means."""
    if outcome is BallotOutcome.CLOSED:
        raise VoteError(VoteRefusal.WINDOW_CLOSED)
    if outcome is BallotOutcome.LIMIT:
        raise VoteError(limit, count=count)


def _invitation(
    rival_guild_id: int | None, server: str | None, captain_id: int
) -> Callable[[int], list[OutboxItem]] | None:
    """The row, written with a team's challenge, posting it in the server
    ``rival_guild_id`` (made in the server named ``server``), when it is to be posted."""
    if rival_guild_id is None or server is None:
        return None
    return partial(challenge_invitation, server, captain_id)
