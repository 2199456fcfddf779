"""Vote chess's Discord polls (``service.vote_polls``): a member asks for a poll of the
turn's nominations beside the board; a vote cast in it counts as that member's vote (the
same checks as ``/vote cast``), and taking it back in the poll withdraws it; once the
turn's window closed, its polls end.

Discord shows a poll's counts to whoever voted in it, so a team that keeps its votes secret
gets no poll; and a poll holds at most ``POLL_ANSWERS`` answers (the earliest nominations).
"""

from __future__ import annotations

from math import ceil

from bot.service.core import ServiceCore
from bot.service.results import Place, User
from bot.service.vote_facts import BallotTaken, PollAsked, VoteError, VoteRefusal
from bot.service.vote_rules import POLLS_PER_TURN
from bot.service.votes import VoteUseCases
from bot.store import TeamPoll, team_of_player

# Discord's limits on a poll: answers, and how long it may stay open (32 days).
POLL_ANSWERS = 10
POLL_HOURS = 768


class VotePolls:
    """Asking for a team's poll, counting its votes, ending it with its window."""

    def __init__(self, core: ServiceCore, votes: VoteUseCases) -> None:
        self._core = core
        self._votes = votes

    async def ask(
        self,
        user: User,
        place: Place | None,
        *,
        game_id: int | None = None,
        roles: frozenset[int] = frozenset(),
    ) -> PollAsked:
        """The poll ``user`` (a member holding ``roles``) asks for: the open turn's first
        nominations, open until the window closes (whole hours). Raises ``VoteError``
        (``POLL_SECRET``, ``NOTHING_NOMINATED``, ``WINDOW_CLOSED``, ``POLL_LIMIT``: the
        team's polls of the turn posted already) and what a tally raises."""
        team, _ = await self._votes.member_ask(user, place, game_id, roles)
        if team.secret:
            raise VoteError(VoteRefusal.POLL_SECRET)
        tally = await self._votes.tally(user, place, game_id=team.game_id, roles=roles, shared=True)
        if not tally.open or team.closes_at is None or team.window_ply is None:
            raise VoteError(VoteRefusal.WINDOW_CLOSED)
        if not tally.counts:
            raise VoteError(VoteRefusal.NOTHING_NOMINATED)
        if await self._core.store.team_polls.count(team.id, team.window_ply) >= POLLS_PER_TURN:
            raise VoteError(VoteRefusal.POLL_LIMIT, count=POLLS_PER_TURN)
        left = (team.closes_at - self._core.now()).total_seconds()
        shown = tally.counts[:POLL_ANSWERS]
        return PollAsked(
            game_id=tally.game_id,
            team_id=team.id,
            team=team.name,
            ply=team.window_ply,
            hours=min(POLL_HOURS, max(1, ceil(left / 3600))),
            counts=shown,
            more=len(tally.counts) - len(shown),
        )

    async def posted(self, asked: PollAsked, message_id: int, channel_id: int) -> None:
        """Remember the poll posted for ``asked`` (message ``message_id`` in ``channel_id``)."""
        moves = tuple(count.uci for count in asked.counts)
        poll = TeamPoll(message_id, channel_id, asked.team_id, asked.ply, moves)
        await self._core.store.team_polls.add(poll)

    async def vote(
        self, user: User, message_id: int, answer_id: int, roles: frozenset[int] = frozenset()
    ) -> BallotTaken | None:
        """``user``'s vote for answer ``answer_id`` of the poll ``message_id``, as a
        ``/vote cast`` of its move; None when the message is no team's poll of an open turn.
        Raises what ``VoteUseCases.vote`` raises (a non-member, a closed window)."""
        store = self._core.store
        poll = await store.team_polls.get(message_id)
        move = None if poll is None else poll.move_of(answer_id)
        team = None if poll is None else await store.teams.get(poll.team_id)
        if poll is None or move is None or team is None or team.game_id is None:
            return None
        if team.window_ply != poll.ply:
            raise VoteError(VoteRefusal.WINDOW_CLOSED)
        return await self._votes.vote(user, None, move, game_id=team.game_id, roles=roles)

    async def withdraw(self, user: User, message_id: int, answer_id: int) -> bool:
        """``user`` took back their vote for answer ``answer_id`` of the poll ``message_id``:
        their vote for its move is withdrawn, as if never cast (False: the message is no
        team's poll, or their vote is now another move or none). Raises ``VoteError``
        (``WINDOW_CLOSED``: the turn's window closed, the vote stands)."""
        store = self._core.store
        poll = await store.team_polls.get(message_id)
        move = None if poll is None else poll.move_of(answer_id)
        if poll is None or move is None:
            return False
        return await self._votes.withdraw(user, poll.team_id, poll.ply, move)

    async def ended(self, game_id: int) -> list[TeamPoll]:
        """Take the polls of ``game_id``'s teams whose turn is no longer open: to end."""
        store = self._core.store
        record = await store.games.get(game_id)
        seats = () if record is None else (record.white_id, record.black_id)
        ended: list[TeamPoll] = []
        for team_id in filter(None, map(team_of_player, seats)):
            team = await store.teams.get(team_id)
            still = None if team is None or team.closes_at is None else team.window_ply
            ended += await store.team_polls.take_ended(team_id, still)
        return ended
