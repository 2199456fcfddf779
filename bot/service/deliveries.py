"""Delivering the outbox: the service turns rows into what to say and records outcomes.

The Discord adapter's sender asks for due rows, sends them, and reports back what Discord
answered; the service decides what follows (a mention instead of a refused DM, the parent
channel instead of a thread, a game marked unreachable, notices for the players). It never
talks to Discord itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from datetime import datetime, timedelta

from bot.engine.api import UnavailableReason
from bot.i18n import using
from bot.i18n.text import Sentences, Text
from bot.service.answer_plan import move_number
from bot.service.core import ServiceCore
from bot.service.delivery_results import (
    Delivery,
    DeliveryTarget,
    Digest,
    Notice,
    NoticeKind,
    TurnNotice,
)
from bot.service.digests import DigestUseCases
from bot.service.endings import EndingUseCases
from bot.service.errors import DamagedGameError
from bot.service.game_facts import reader_locale
from bot.service.local_time import quiet_until, zone_or_utc
from bot.service.notation import MoveNamer, namer, reading_notation
from bot.service.phrases import check_text, reminder_text
from bot.service.results import (
    ChallengeClosed,
    ComputerStuck,
    GameEnded,
    GameView,
    OfferMade,
    PlayerRef,
    Reminder,
    TakenBack,
)
from bot.service.tournament.facts import TournamentStandings
from bot.service.tournament.use_case import TournamentUseCases
from bot.store import (
    GameRecord,
    OfferKind,
    OutboxCounts,
    OutboxItem,
    OutboxKind,
    OutboxRow,
    OutboxState,
    OutboxTarget,
    Rating,
    RatingUpdate,
    answer_holder,
)
from bot.store.records import from_epoch
from rules import Color, Game, Outcome, Position, Termination

# After Discord refuses a DM (DMs closed), no DM is tried for this long.
CLOSED_DM_MEMORY = timedelta(days=7)
# Rows that ended are kept this long (to answer "was it sent?"), then deleted.
FINISHED_ROW_MEMORY = timedelta(days=30)


class DeliveryUseCases:
    def __init__(
        self,
        core: ServiceCore,
        digests: DigestUseCases,
        endings: EndingUseCases,
        tournaments: TournamentUseCases,
    ) -> None:
        self._core = core
        self._digests = digests
        self._endings = endings
        self._tournaments = tournaments

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
    ) -> None:
        """The interaction answer ``answering`` (``MovePlayed.answering``) landed as
        ``message_id``: the rows written in case it was lost are done, unsent."""
        await self._core.store.outbox.answered(
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
        core, now = self._core, self._core.now()
        if row.kind is OutboxKind.CHALLENGE or row.kind is OutboxKind.TOURNAMENT_ENDED:
            return await self._message_delivery(row)
        if row.kind is OutboxKind.DIGEST:
            return None if await self._held(row, None) else await self._digest_delivery(row)
        assert row.game_id is not None
        record = await core.store.games.get(row.game_id)
        if record is None:
            await core.store.outbox.finish(row.id, OutboxState.FAILED, "the game is gone", now)
            return None
        deadline = record.deadline_at
        if row.kind is OutboxKind.REMINDER:
            deadline = from_epoch(int(row.facts["deadline"]))
        elif row.kind is OutboxKind.ENDING:
            deadline = None
        if await self._held(row, deadline):
            return None
        if row.target is OutboxTarget.PLACE:
            gone = await core.store.outbox.unreachable(record.id)
            if gone is not None:
                await core.store.outbox.finish(
                    row.id, OutboxState.FAILED, f"unreachable: {gone}", now
                )
                return None
        try:
            content = await self._content(row, record)
        except DamagedGameError as error:
            # Said once and recorded, so the sender neither retries it nor stops for it.
            reason = f"game #{error.game_id} is damaged: its moves no longer replay"
            await core.store.outbox.finish(row.id, OutboxState.FAILED, reason, now)
            return None
        if isinstance(content, str):
            await core.store.outbox.finish(row.id, OutboxState.SUPERSEDED, content, now)
            return None
        view = content.game
        facts = row.facts
        mention_ids = facts.get("mention", [])
        if mention_ids is True:
            mention_ids = [row.user_id]
        refs = {view.white.id: view.white, view.black.id: view.black}
        redirected = facts.get("channel_id")
        place = view.thread_id or view.channel_id
        return Delivery(
            row_id=row.id,
            lane=row.lane,
            attempts=row.attempts,
            nonce=row.nonce,
            target=row.target,
            content=content,
            guild_id=view.guild_id,
            channel_id=int(redirected) if redirected else place,
            parent_id=view.channel_id if view.thread_id and not redirected else None,
            user=refs.get(row.user_id) if row.user_id is not None else None,
            mention=tuple(refs[i] for i in mention_ids or () if i in refs),
            dm_fallback=bool(facts.get("dm_fallback")),
            game_id=record.id,
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

    async def _digest_delivery(self, row: OutboxRow) -> Delivery | None:
        """The digest of ``row``: its games where it is still the player's move (superseded
        when the player has moved in all of them since)."""
        assert row.user_id is not None
        player_id = row.user_id
        records = [await self._core.store.games.get(int(game_id)) for game_id in row.facts["games"]]
        waiting = [r for r in records if r is not None and r.to_move_id == player_id]
        if not waiting:
            reason = "the player moved in every game of the digest before it went out"
            await self._core.store.outbox.finish(
                row.id, OutboxState.SUPERSEDED, reason, self._core.now()
            )
            return None
        digest = await self._digests.digest(player_id, waiting)
        return Delivery(
            row_id=row.id,
            lane=row.lane,
            attempts=row.attempts,
            nonce=row.nonce,
            target=DeliveryTarget.DM,
            content=digest,
            user=digest.player,
        )

    async def _message_delivery(self, row: OutboxRow) -> Delivery | None:
        """A row about no game's move: a challenge closed, a tournament ended."""
        if row.kind is OutboxKind.CHALLENGE:
            return await self._challenge_delivery(row)
        return await self._tournament_delivery(row)

    async def _tournament_delivery(self, row: OutboxRow) -> Delivery:
        """The end of the tournament of ``row``: its final table, in the tournament's place
        (the channel, or the thread it was made in)."""
        table = await self._tournaments.final(int(row.facts["tournament_id"]))
        place = table.tournament.place
        return Delivery(
            row_id=row.id,
            lane=row.lane,
            attempts=row.attempts,
            nonce=row.nonce,
            target=DeliveryTarget.PLACE,
            content=table,
            guild_id=place.guild_id,
            channel_id=place.target_id,
            parent_id=place.channel_id if place.thread_id else None,
        )

    async def _challenge_delivery(self, row: OutboxRow) -> Delivery | None:
        assert row.challenge_id is not None
        challenge = await self._core.store.challenges.get(row.challenge_id)
        if challenge is None or challenge.message_id is None:
            await self._core.store.outbox.finish(
                row.id, OutboxState.FAILED, "the challenge or its message is gone", self._core.now()
            )
            return None
        view = await self._core.challenge_view(challenge)
        status = str(row.facts.get("status", challenge.status.value))
        closed = ChallengeClosed(view, status)
        return Delivery(
            row_id=row.id,
            lane=row.lane,
            attempts=row.attempts,
            nonce=row.nonce,
            target=DeliveryTarget.MESSAGE,
            content=closed,
            guild_id=challenge.guild_id,
            # Its message is in the thread or forum post it was made in, if any.
            channel_id=view.place.target_id,
            message_id=challenge.message_id,
        )

    async def _content(
        self, row: OutboxRow, record: GameRecord
    ) -> TurnNotice | Reminder | GameEnded | OfferMade | TakenBack | ComputerStuck | str:
        """The result object of ``row`` at delivery time, or why it is superseded."""
        facts = row.facts
        if row.kind is OutboxKind.ENDING:
            return await self._ended_from_facts(record, facts)
        view = await self._core.view(record)
        if row.kind is OutboxKind.COMPUTER_STUCK:
            if record.ply != int(facts["ply"]) or not record.is_active:
                return "the computer moved, or the game ended, before the notice went out"
            reason = facts.get("reason")
            waiting = view.player(Color.WHITE if view.white.id == row.user_id else Color.BLACK)
            return ComputerStuck(view, waiting, UnavailableReason(reason) if reason else None)
        if row.kind is OutboxKind.OFFER:
            kind, from_id, ply = OfferKind(facts["offer"]), int(facts["from"]), int(facts["ply"])
            pending = any(
                offer.kind is kind and offer.from_player_id == from_id and offer.ply == ply
                for offer in await self._core.store.games.offers(record.id)
            )
            if not record.is_active or not pending:
                return "the offer was answered, withdrawn or overtaken before it went out"
            return self._endings.offer_made(view, kind, from_id, ply)
        if row.kind is OutboxKind.TAKEBACK:
            if record.ply != int(facts["ply"]) or not record.is_active:
                return "the game moved on before the takeback was shown"
            game = await self._core.replay(record)
            plies, by_id = int(facts["plies"]), int(facts["by"])
            return await self._endings.taken_back(record, view, game, plies, by_id)
        if row.kind is OutboxKind.REMINDER:
            deadline = from_epoch(int(facts["deadline"]))
            if not record.is_active or record.deadline_at != deadline:
                return "the deadline moved or the game ended before the reminder went out"
            assert view.to_move is not None
            hours = int(facts["hours"])
            text = reminder_text(view.to_move.name, hours, view.title, view.id)
            return Reminder(view, view.to_move, hours, deadline, text)
        ply = int(facts["ply"])
        if record.ply != ply or not record.is_active or view.to_move is None:
            return "the game moved on before the turn notice went out"
        board = None
        if facts.get("board"):
            game = await self._core.replay(record)
            board = await self._core.board_image(game, viewer_id=view.to_move.id, record=record)
        text = await self._turn_text(record, view, facts)
        return TurnNotice(view, view.to_move, text, board)

    async def _turn_text(
        self, record: GameRecord, view: GameView, facts: Mapping[str, object]
    ) -> Text:
        game = await self._core.replay(record)
        assert view.to_move is not None
        before, last = game.before_last_move, game.last_move
        if before is None or last is None:
            return Text(
                "New game: {game} (game #{id}). {player} to move.",
                game=view.title,
                id=view.id,
                player=view.to_move.name,
            )
        check: str = check_text(view.variant) if game.position.is_check() else ""
        to_move = Text("{player} to move.", player=view.to_move.name)
        # A move that set off prepared answers: every move since the player's turn, the
        # prepared ones marked as such.
        first = facts.get("from")
        prepared = facts.get("conditional")
        # Moves named as the player told reads them: their xiangqi notation, Chinese by
        # default in their language (their choice, else their app's), not the language of
        # whatever task sends the notice.
        xiangqi = view.variant == "xiangqi"  # (chess moves are said in the reader's letters)
        reader = await self._core.store.players.get(view.to_move.id) if xiangqi else None
        reading = reader_locale(reader)
        if isinstance(first, int) and isinstance(prepared, list) and first < game.ply:
            said: list[str] = []
            with using(reading) if reading is not None else nullcontext():
                notation = reading_notation(reader)
                since = _moves_since(game, record, first, lambda p: namer(p, notation))
            for ply, mover_id, number, san in since:
                mover = view.white if mover_id == view.white.id else view.black
                said.append(
                    Text(
                        "{player} played {number} {move} (a conditional move).",
                        player=mover.name,
                        number=number,
                        move=san,
                    )
                    if ply in prepared
                    else Text(
                        "{player} played {number} {move}.",
                        player=mover.name,
                        number=number,
                        move=san,
                    )
                )
            return Sentences(*said, check, to_move)
        number = f"{before.fullmove_number}." + ("" if before.side_to_move is Color.WHITE else "..")
        mover = view.opponent_of(view.to_move.id)
        with using(reading) if reading is not None else nullcontext():
            san = namer(before, reading_notation(reader))(last)
        played = Text(
            "{player} played {number} {move}.", player=mover.name, number=number, move=san
        )
        return Sentences(played, check, to_move)

    async def _ended_from_facts(self, record: GameRecord, facts: Mapping[str, object]) -> GameEnded:
        assert record.termination is not None
        termination = Termination(record.termination)
        winner = {"1-0": Color.WHITE, "0-1": Color.BLACK}.get(record.result or "")
        actor = facts.get("actor_id")
        return await self._endings.game_ended(
            record,
            Outcome(termination, winner),
            int(actor) if isinstance(actor, int) else None,
            _ratings(facts.get("ratings")),
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

    async def retry_delivery(self, row_id: int, at: float, error: str) -> None:
        """The attempt failed for a reason that may pass; the next attempt is due at ``at``."""
        await self._core.store.outbox.retry_at(row_id, at, error)

    async def delivery_failed(self, row_id: int, reason: str) -> None:
        """Give the row up for ``reason`` (recorded; the sender logs and counts it)."""
        await self._core.store.outbox.finish(row_id, OutboxState.FAILED, reason, self._core.now())

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
        followup = OutboxItem(
            row.kind,
            OutboxTarget.PLACE,
            game_id=row.game_id,
            user_id=delivery.user.id,
            facts={**row.facts, "mention": [delivery.user.id], "dm_fallback": True},
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
        if not isinstance(delivery.content, ChallengeClosed | Digest | TournamentStandings):
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
            unreachable_game=game_id if gone else None,
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


def _ratings(facts: object) -> RatingUpdate | None:
    if not isinstance(facts, list) or len(facts) != 4:
        return None

    def rating(value: object) -> Rating | None:
        return None if value is None else Rating(float(str(value)), 0.0, 0.0)

    white_after, black_after = rating(facts[1]), rating(facts[3])
    assert white_after is not None and black_after is not None
    return RatingUpdate(rating(facts[0]), white_after, rating(facts[2]), black_after)


def _moves_since(
    game: Game, record: GameRecord, first: int, name: Callable[[Position], MoveNamer]
) -> list[tuple[int, int, str, str]]:
    """(ply, mover id, move number, notation) of the game's moves from ply ``first`` on,
    each named by ``name(position)``."""
    positions, moves = game.positions, game.moves
    found = []
    for ply in range(first, game.ply + 1):
        position = positions[ply - 1]
        mover_id = record.white_id if position.side_to_move is Color.WHITE else record.black_id
        found.append((ply, mover_id, move_number(position), name(position)(moves[ply - 1])))
    return found
