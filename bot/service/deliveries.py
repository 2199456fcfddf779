"""Delivering the outbox: the service turns rows into what to say and records outcomes.

The Discord adapter's sender asks for due rows, sends them, and reports back what Discord
answered; the service decides what follows (a mention instead of a refused DM, the parent
channel instead of a thread, a game marked unreachable, notices for the players). It never
talks to Discord itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.service.club_matches import ClubMatchUseCases
from bot.service.core import ServiceCore
from bot.service.delivery_contents import DeliveryContents
from bot.service.delivery_places import where_said
from bot.service.delivery_results import (
    Delivery,
    DeliveryTarget,
    NoGameSaid,
    Notice,
    NoticeKind,
    TournamentSaid,
    posted_in,
)
from bot.service.delivery_routes import people_of, post_channels
from bot.service.digests import DigestUseCases
from bot.service.endings import EndingUseCases
from bot.service.errors import DamagedGameError
from bot.service.invitations import invitation_delivery, lost_invitation
from bot.service.local_time import quiet_until, zone_or_utc
from bot.service.match_facts import MatchUpdate
from bot.service.results import ChallengeClosed, PlayerRef
from bot.service.tournament.facts import (
    MIN_PLAYERS,
    StandingsUpdate,
    TournamentCancelled,
    TournamentStandings,
    TournamentStarted,
)
from bot.service.tournament.use_case import TournamentUseCases
from bot.store import (
    ChallengeFacts,
    DigestFacts,
    EndingFacts,
    InvitationFacts,
    MatchStandingsFacts,
    OutboxCounts,
    OutboxItem,
    OutboxRow,
    OutboxState,
    OutboxTarget,
    ReminderFacts,
    Routing,
    TournamentCancelledFacts,
    TournamentEndedFacts,
    TournamentRoundFacts,
    TournamentStandingsFacts,
    TournamentStartedFacts,
    TournamentTimeoutsFacts,
    UnreadableFacts,
    answer_holder,
)
from bot.store.records import from_epoch

# After Discord refuses a DM (DMs closed), no DM is tried for this long.
CLOSED_DM_MEMORY = timedelta(days=7)
# Rows that ended are kept this long (to answer "was it sent?"), then deleted.
FINISHED_ROW_MEMORY = timedelta(days=30)


# The rows said in a tournament's place about no single game: its start or calling off by
# the clock, its standings after a result, a player withdrawn for their time-outs.
_TournamentPlaceFacts = (
    TournamentStartedFacts
    | TournamentCancelledFacts
    | TournamentStandingsFacts
    | TournamentTimeoutsFacts
)


class DeliveryUseCases:
    def __init__(
        self,
        core: ServiceCore,
        digests: DigestUseCases,
        endings: EndingUseCases,
        tournaments: TournamentUseCases,
        matches: ClubMatchUseCases,
    ) -> None:
        self._core = core
        self._matches = matches
        self._digests = digests
        self._endings = endings
        self._tournaments = tournaments
        self._contents = DeliveryContents(core, endings)

    async def pending_deliveries(self, limit: int = 200) -> list[OutboxRow]:
        """The oldest pending outbox rows, due or not (the sender keeps each game's in order)."""
        return await self._core.store.outbox.pending(limit, self._core.now())

    async def next_delivery_at(self) -> float | None:
        """When the soonest pending row is due (epoch seconds), None if none is pending."""
        return await self._core.store.outbox.next_attempt()

    async def claim_deliveries(
        self, holder: str, now: float, lease: float, limit: int
    ) -> list[OutboxRow]:
        """Claim for ``holder`` (a process's name) at most ``limit`` rows due at ``now``,
        each first in its game's lane, for ``lease`` seconds: no other process sends them
        meanwhile. Each claim counts an attempt before its request (a crash leaves the row
        pending, to be sent again with the same nonce). Returns them, oldest first."""
        return await self._core.store.outbox.claim_due(holder, now, now + lease, limit)

    async def renew_deliveries(self, holder: str, now: float, lease: float) -> None:
        """Keep ``holder``'s claims (rows still in flight) for ``lease`` more seconds."""
        await self._core.store.outbox.renew_claims(holder, now + lease)

    async def release_deliveries(self, holder: str) -> int:
        """End the claims a previous run of ``holder`` left (it stopped or was killed before
        their outcome); returns how many."""
        return await self._core.store.outbox.release_claims(holder)

    async def release_answers(self, holder: str) -> int:
        """End the claims on the rows a previous run of ``holder`` wrote for interaction
        answers (it stopped before learning whether they landed; a dead process's answers
        never will): they are delivered now. Returns how many."""
        return await self._core.store.outbox.release_claims(answer_holder(holder))

    async def answered(
        self, game_id: int, answering: str, channel_id: int | None, message_id: int | None
    ) -> bool:
        """The interaction answer ``answering`` (``MovePlayed.answering``) landed as
        ``message_id``: the rows written in case it was lost are done, unsent. Returns
        whether rows of the game still wait (behind them in its lane: the sender's rounds
        skipped them while the answer was under way, so the adapter wakes it)."""
        return await self._core.store.outbox.answered(
            game_id, answering, channel_id, message_id, self._core.now()
        )

    async def unanswered(self, game_id: int, answering: str) -> None:
        """The interaction answer ``answering`` was lost: the rows written with the change
        for that case are delivered (the sender's next round)."""
        await self._core.store.outbox.unanswered(game_id, answering)

    async def next_claimable_delivery(self, holder: str, now: float) -> float | None:
        """When ``holder`` may next claim a row (epoch seconds): a row's next attempt, or the
        end of another process's claim; None when no row is pending."""
        return await self._core.store.outbox.next_claimable(holder, now)

    async def interrupted_deliveries(self) -> int:
        """Rows whose request was under way when the process stopped, now held by none:
        their outcome is unknown, and they are sent again with the same nonce."""
        return await self._core.store.outbox.interrupted(self._core.now().timestamp())

    async def purge_deliveries(self) -> int:
        """Delete rows that ended more than ``FINISHED_ROW_MEMORY`` ago; returns how many."""
        return await self._core.store.outbox.purge_finished(self._core.now() - FINISHED_ROW_MEMORY)

    async def settle_shown_deliveries(self) -> int:
        """Mark every pending row sent without sending it, for an adapter that already
        showed what the rows say in its own answers (the console prints DMs, turns,
        time-outs and endings as they happen); returns how many. Without this, rows written
        by a console session would wait for a Discord sender that never comes, or reach
        Discord later if the bot is started on the same database."""
        settled = 0
        while rows := await self._core.store.outbox.pending(200):
            await self._core.store.outbox.mark_sent(
                [(row.id, None, None) for row in rows], self._core.now()
            )
            settled += len(rows)
        return settled

    async def outbox_counts(self) -> OutboxCounts:
        return await self._core.store.outbox.counts()

    async def delivery(self, row: OutboxRow) -> Delivery | None:
        """What ``row`` says and where, or None when it is no longer worth saying (recorded
        as superseded) or cannot be said (recorded as failed, with its reason)."""
        core, now, facts = self._core, self._core.now(), row.facts
        if isinstance(facts, UnreadableFacts):
            await core.store.outbox.finish(row.id, OutboxState.FAILED, facts.problem, now)
            return None
        if isinstance(facts, ChallengeFacts | TournamentEndedFacts | TournamentRoundFacts):
            return await self._message_delivery(row, facts)
        if isinstance(facts, _TournamentPlaceFacts):
            return await self._signup_delivery(row, facts)
        if isinstance(facts, DigestFacts):
            return None if await self._held(row, None) else await self._digest_delivery(row, facts)
        if isinstance(facts, MatchStandingsFacts):
            return await self._match_standings_delivery(row, facts)
        if isinstance(facts, InvitationFacts):  # a club match's, or a team's challenge
            return await invitation_delivery(self._core, self._matches, row, facts)
        assert row.game_id is not None
        record = await core.store.games.get(row.game_id)
        if record is None:
            await core.store.outbox.finish(row.id, OutboxState.FAILED, "the game is gone", now)
            return None
        deadline = record.deadline_at
        if isinstance(facts, ReminderFacts):
            deadline = from_epoch(facts.deadline)
        elif isinstance(facts, EndingFacts):
            deadline = None
        if await self._held(row, deadline):
            return None
        said = await where_said(core.store, now, row, record)
        if said is None:
            return None
        record, routing = said
        try:
            content = await self._contents.content(facts, row.user_id, record)
        except DamagedGameError as error:
            # Said once and recorded, so the sender neither retries it nor stops for it.
            reason = f"game #{error.game_id} is damaged: its moves no longer replay"
            await core.store.outbox.finish(row.id, OutboxState.FAILED, reason, now)
            return None
        if isinstance(content, str):
            await core.store.outbox.finish(row.id, OutboxState.SUPERSEDED, content, now)
            return None
        refs = people_of(content)
        channel_id, parent_id = post_channels(content, routing)
        return Delivery.of_row(
            row,
            row.target,
            content,
            guild_id=content.game.guild_id,
            channel_id=channel_id,
            parent_id=parent_id,
            user=refs.get(row.user_id) if row.user_id is not None else None,
            mention=tuple(refs[i] for i in routing.mention if i in refs),
            dm_fallback=routing.dm_fallback,
            game_id=record.id,
            place_id=row.place_id,
        )

    async def _held(self, row: OutboxRow, deadline: datetime | None) -> bool:
        """Hold a DM back while its recipient's quiet hours last, unless ``deadline`` (the
        game's, or the reminder's) comes first: then it is sent at once. True when held."""
        if row.target is not OutboxTarget.DM or row.user_id is None:
            return False
        until = await self.dm_held_until(row.user_id, deadline)
        if until is None:
            return False
        await self._core.store.outbox.hold(row.id, until)
        return True

    async def dm_held_until(self, player_id: int, deadline: datetime | None) -> datetime | None:
        """When a DM to the player may go out if they are in their quiet hours now (the
        end of them), or None when it goes now: no quiet hours, or ``deadline`` (of the
        game it is about) comes first."""
        player = await self._core.store.players.get(player_id)
        if player is None or player.quiet_hours is None:
            return None
        until = quiet_until(self._core.now(), player.quiet_hours, zone_or_utc(player.time_zone))
        if until is None or (deadline is not None and until >= deadline):
            return None
        return until

    async def _digest_delivery(self, row: OutboxRow, facts: DigestFacts) -> Delivery | None:
        """The digest of ``row``: its games where it is still the player's move (superseded
        when the player has moved in all of them since)."""
        assert row.user_id is not None
        player_id = row.user_id
        records = [await self._core.store.games.get(game_id) for game_id in facts.games]
        waiting = [r for r in records if r is not None and r.to_move_id == player_id]
        if not waiting:
            reason = "the player moved in every game of the digest before it went out"
            await self._core.store.outbox.finish(
                row.id, OutboxState.SUPERSEDED, reason, self._core.now()
            )
            return None
        digest = await self._digests.digest(player_id, waiting)
        return Delivery.of_row(row, DeliveryTarget.DM, digest, user=digest.player)

    async def _message_delivery(
        self, row: OutboxRow, facts: ChallengeFacts | TournamentEndedFacts | TournamentRoundFacts
    ) -> Delivery | None:
        """A row about no game's move: a challenge closed, a tournament ended or going on."""
        if isinstance(facts, ChallengeFacts):
            return await self._challenge_delivery(row, facts)
        return await self._tournament_delivery(row, facts)

    async def _tournament_delivery(
        self, row: OutboxRow, facts: TournamentEndedFacts | TournamentRoundFacts
    ) -> Delivery | None:
        """The end of the tournament of ``row``: its final table, in the tournament's place
        (the channel, or the thread it was made in). A Swiss round or knockout match over:
        the tournament goes on (``tournaments.go_on``), and its new games (or its end) are
        said there; nothing, when it waits for other games or went on already."""
        table: TournamentStandings | TournamentStarted | None
        if isinstance(facts, TournamentRoundFacts):
            table = await self._tournaments.go_on(facts.tournament_id, said_by=row.id)
            if table is None:
                reason = "the tournament waits for other games, or went on already"
                now = self._core.now()
                await self._core.store.outbox.finish(row.id, OutboxState.SUPERSEDED, reason, now)
                return None
        else:
            table = await self._tournaments.final(facts.tournament_id)
        return self._tournament_post(row, table)

    async def _signup_delivery(
        self,
        row: OutboxRow,
        facts: _TournamentPlaceFacts,
    ) -> Delivery | None:
        """A tournament's sign-up deadline came: its start (the pairings) or its calling
        off, said in its place; or a result came: its standings message, or a player's
        withdrawal for their time-outs."""
        if isinstance(facts, TournamentStandingsFacts):
            return await self._standings_delivery(row, facts)
        if isinstance(facts, TournamentTimeoutsFacts):
            return await self._timeouts_delivery(row, facts)
        said: TournamentStarted | TournamentCancelled
        if isinstance(facts, TournamentStartedFacts):
            said = await self._tournaments.announced(facts.tournament_id, facts.games, facts.round)
        else:
            view = await self._tournaments.shown(facts.tournament_id)
            said = TournamentCancelled(view, facts.entrants, MIN_PLAYERS)
        return self._tournament_post(row, said)

    async def _standings_delivery(
        self, row: OutboxRow, facts: TournamentStandingsFacts
    ) -> Delivery | None:
        """The standings after the result of ``row``: the tournament's standings message
        posted (the first time) or edited (``_kept_up``)."""
        store, now = self._core.store, self._core.now()
        finished = await store.tournaments.finished_games(facts.tournament_id)
        if await self._overtaken(row, finished, facts.finished):
            return None
        tournament = await store.tournaments.get(facts.tournament_id)
        if tournament is None:
            await store.outbox.finish(row.id, OutboxState.FAILED, "the tournament is gone", now)
            return None
        said = self._tournament_post(
            row, StandingsUpdate(await self._tournaments.final(tournament.id))
        )
        return _kept_up(said, tournament.standings_message_id)

    async def _match_standings_delivery(
        self, row: OutboxRow, facts: MatchStandingsFacts
    ) -> Delivery | None:
        """The standings of a club match after the result of ``row``, in the place of
        side ``facts.side`` (its server's channel, or thread): that side's standings message
        posted (the first time) or edited (``_kept_up``)."""
        finished = await self._core.store.club_matches.finished_games(facts.match_id)
        if await self._overtaken(row, finished, facts.finished):
            return None
        side = await self._matches.side(facts.match_id, facts.side)
        said = Delivery.of_row(
            row,
            DeliveryTarget.PLACE,
            MatchUpdate(await self._matches.standings(facts.match_id), facts.side),
            **posted_in(side),
        )
        return _kept_up(said, side.standings_message_id)

    async def _overtaken(self, row: OutboxRow, finished: int, told: int) -> bool:
        """Whether a standings row that tells ``told`` ended games is overtaken: ``finished``
        have ended since, and the later result's own row says the newer table (so a burst
        of results costs one post or edit, not one each). Recorded superseded then."""
        if finished <= told:
            return False
        reason = "a later result updates the standings"
        await self._core.store.outbox.finish(
            row.id, OutboxState.SUPERSEDED, reason, self._core.now()
        )
        return True

    async def _timeouts_delivery(
        self, row: OutboxRow, facts: TournamentTimeoutsFacts
    ) -> Delivery | None:
        """A player who lost the tournament's limit of games on time is withdrawn now,
        said in its place (and said again, not withdrawn again, when the row is retried:
        the withdrawal restated it); superseded when there was nothing left to do."""
        done = await self._tournaments.timed_out(facts, said_by=row.id)
        if done is None:
            reason = "the player withdrew already, or the tournament is over"
            now = self._core.now()
            await self._core.store.outbox.finish(row.id, OutboxState.SUPERSEDED, reason, now)
            return None
        return self._tournament_post(row, done)

    def _tournament_post(
        self,
        row: OutboxRow,
        said: TournamentSaid,
    ) -> Delivery:
        """``said`` in its tournament's place (the channel, or the thread it was made in)."""
        shown = said.table if isinstance(said, StandingsUpdate) else said
        return Delivery.of_row(row, DeliveryTarget.PLACE, said, **posted_in(shown.tournament.place))

    async def _challenge_delivery(self, row: OutboxRow, facts: ChallengeFacts) -> Delivery | None:
        assert row.challenge_id is not None
        challenge = await self._core.store.challenges.get(row.challenge_id)
        if challenge is None or challenge.message_id is None:
            await self._core.store.outbox.finish(
                row.id, OutboxState.FAILED, "the challenge or its message is gone", self._core.now()
            )
            return None
        view = await self._core.challenge_view(challenge)
        closed = ChallengeClosed(view, facts.status)
        return Delivery.of_row(
            row,
            DeliveryTarget.MESSAGE,
            closed,
            guild_id=challenge.guild_id,
            # Its message is in the thread or forum post it was made in, if any.
            channel_id=view.place.target_id,
            message_id=challenge.message_id,
        )

    # --- outcomes ------------------------------------------------------------------------

    async def delivered_many(
        self, accepted: Sequence[tuple[Delivery, int | None, int | None]]
    ) -> None:
        """Mark rows Discord accepted as sent: (delivery, channel id, message id) each."""
        await self._core.store.outbox.mark_sent(
            [(delivery.row_id, channel, message) for delivery, channel, message in accepted],
            self._core.now(),
        )
        for delivery, _, message in accepted:  # a standings message posted: edited from now
            update = delivery.content
            if delivery.target is not DeliveryTarget.PLACE or message is None:
                continue
            if isinstance(update, StandingsUpdate):
                tournament_id = update.table.tournament.id
                await self._core.store.tournaments.set_standings_message(tournament_id, message)
            elif isinstance(update, MatchUpdate):
                match_id = update.standings.match.id
                await self._matches.standings_posted(match_id, update.side, message)

    async def retry_delivery(self, row_id: int, at: float, error: str) -> None:
        """The attempt failed for a reason that may pass; the next attempt is due at ``at``."""
        await self._core.store.outbox.retry_at(row_id, at, error)

    async def delivery_failed(self, row_id: int, reason: str) -> None:
        """Give the row up for ``reason`` (recorded; the sender logs and counts it), with
        what follows (a match's invitation lost: its organiser told)."""
        followups = await lost_invitation(self._core, row_id, reason)
        await self._core.store.outbox.finish(
            row_id, OutboxState.FAILED, reason, self._core.now(), followups=followups
        )

    async def delivery_superseded(self, row_id: int, reason: str) -> None:
        """The row is no longer worth saying, for ``reason`` the adapter learned as it was
        about to send it (a member who no longer holds their team's role)."""
        now = self._core.now()
        await self._core.store.outbox.finish(row_id, OutboxState.SUPERSEDED, reason, now)

    async def dm_refused(self, delivery: Delivery, reason: str) -> None:
        """The player's DMs are closed: remember it for a while, and say it in the game's
        place with a mention instead."""
        assert delivery.user is not None
        now = self._core.now()
        row = await self._core.store.outbox.get(delivery.row_id)
        assert row is not None
        if row.game_id is None:  # a digest: about several games, so no one place to say it
            await self._core.store.outbox.finish(
                row.id,
                OutboxState.FAILED,
                reason,
                now,
                close_dms_of=(delivery.user.id, now + CLOSED_DM_MEMORY),
            )
            return
        assert not isinstance(row.facts, UnreadableFacts)  # it was delivered
        followup = OutboxItem(
            OutboxTarget.PLACE,
            row.facts,
            game_id=row.game_id,
            user_id=delivery.user.id,
            routing=Routing((delivery.user.id,), dm_fallback=True),
            dedupe_key=f"fallback:{row.id}",
        )
        await self._core.store.outbox.finish(
            row.id,
            OutboxState.FAILED,
            reason,
            now,
            followups=[followup],
            close_dms_of=(delivery.user.id, now + CLOSED_DM_MEMORY),
        )
        self._core.schedule_changed()

    async def place_refused(
        self,
        delivery: Delivery,
        reason: str,
        *,
        missing: str,
        gone: bool,
        locked: bool = False,
    ) -> bool:
        """Discord refused the game's place: without access or permission (``missing``
        names what Postal lacks), not knowing it at all (``gone``), or a thread a moderator
        locked (``locked``). A thread falls back to its parent channel (returns True: send
        again); a channel ends the row, the players are told at their next command, and a
        game that is gone is marked unreachable."""
        now = self._core.now()
        players: tuple[PlayerRef, ...] = ()
        game_id = delivery.game_id
        if not isinstance(delivery.content, NoGameSaid):
            players = (delivery.content.game.white, delivery.content.game.black)
        kind = NoticeKind.UNREACHABLE if gone else NoticeKind.MISSING_PERMISSIONS
        where = delivery.channel_id or 0
        notices = [(p.id, game_id, kind.value, missing or str(where)) for p in players]
        if delivery.parent_id is not None:
            # A locked thread is the moderators' choice, not a permission to ask for.
            told = [] if gone or locked else notices
            await self._core.store.outbox.redirect(
                delivery.row_id, delivery.parent_id, reason, told, now
            )
            return True
        await self._core.store.outbox.finish(
            delivery.row_id,
            OutboxState.FAILED,
            reason,
            now,
            followups=await lost_invitation(self._core, delivery.row_id, reason),
            # Another server's place gone leaves the game's own place (and others) reached.
            unreachable_game=game_id if gone and delivery.place_id is None else None,
            notices=notices,
        )
        return False

    async def notices_for(self, player_id: int) -> list[Notice]:
        """What to tell the player at this command (each notice is told once)."""
        if not await self._core.store.outbox.has_notices(player_id):
            return []
        return [
            Notice(NoticeKind(n.kind), n.game_id, n.detail)
            for n in await self._core.store.outbox.take_notices(player_id)
        ]

    async def deliveries_of(self, game_id: int) -> list[OutboxRow]:
        """Every outbox row of a game, in order (for reports and tests)."""
        return await self._core.store.outbox.rows(game_id=game_id)


def _kept_up(said: Delivery, message_id: int | None) -> Delivery:
    """A self-updating message's delivery (a tournament's standings, a club match side's):
    ``said`` posted in its place the first time, and from then on its message
    (``message_id``, in that place) edited."""
    if message_id is None:
        return said
    return dataclasses.replace(
        said, target=DeliveryTarget.MESSAGE, message_id=message_id, parent_id=None
    )
