"""The correspondence clock: time-outs, reminders, more time, vacations, the next wake-up."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime, timedelta

from bot.service.claiming import CLOCK_CLAIM_LEASE, claimed, leave_to_holders
from bot.service.core import THREAD_IDLE_LOOK, VACATION_WINDOW, WRITE_ATTEMPTS, ServiceCore
from bot.service.delivery_results import Reminder
from bot.service.endings import EndingUseCases
from bot.service.errors import (
    GameChangedError,
    MoreTimeRefusal,
    MoreTimeRefusedError,
    VacationError,
    VacationProblem,
)
from bot.service.game_facts import replace_record
from bot.service.limits import (
    CHALLENGE_RETENTION,
    PING_WINDOW,
    PINGS,
    PURGE_INTERVAL,
    refusal,
)
from bot.service.mover_zone import clock_zone, player_to_move
from bot.service.option_errors import MoreTimeDaysError
from bot.service.other_places import more_time_in_place
from bot.service.reminder_times import reminder_due
from bot.service.results import (
    ChallengeClosed,
    ClockReport,
    GameEnded,
    GameView,
    MoreTimeGiven,
    Place,
    PlayerRef,
    User,
    VacationEnded,
    VacationStarted,
)
from bot.service.team_reminders import team_reminder_due, team_reminder_items
from bot.service.time_outs import TimeOuts
from bot.service.uptime import credit_gap
from bot.service.weekends import deadline_after, resumed_deadline
from bot.store import (
    ClaimKind,
    ClockLook,
    GameRecord,
    NotifyMode,
    OutboxItem,
    OutboxTarget,
    PingKind,
    ReminderFacts,
    Routing,
    ThreadUpkeep,
    team_of_player,
)

MORETIME_DAYS = (1, 2, 3, 5, 7)
# The reminders a player may choose, in hours before a deadline.
REMINDER_CHOICES = (48, 24, 12, 6, 1)
# A finished game's own thread stays open this long for last words, then is archived.
THREAD_ARCHIVE_DELAY = timedelta(days=1)


class DeadlineUseCases:
    def __init__(self, core: ServiceCore, endings: EndingUseCases) -> None:
        self._core = core
        self._endings = endings
        self._time_outs = TimeOuts(core, endings)
        self._next_purge_at: datetime | None = None  # when the clock next deletes old rows

    async def expire_overdue(
        self, now: datetime | None = None, *, describe: bool = True
    ) -> ClockReport:
        """End every game past its deadline and expire old challenges (``describe`` False:
        the games ended are counted, not described, for a caller whose announcements are
        the outbox's rows).

        The side that ran out of time loses, unless the waiting side could never mate, in
        which case it is a draw. Games changed meanwhile are skipped (seen next time); a game
        whose moves no longer replay is logged, marked damaged and skipped for good. A
        downtime the heartbeat shows is credited first (``credit_gap``). Raises the store's
        errors.
        """
        now = now or self._core.now()
        # A process frozen for days (SIGSTOP, docker pause) wakes with every deadline past:
        # the downtime is credited before any game is ended on time.
        await credit_gap(self._core.store, now)
        ended: list[GameEnded] = []
        timed_out = 0
        after: tuple[int, int] | None = None
        # In bounded batches (reads, claims; the store's sizes), so a backlog after an outage
        # neither holds the database long nor makes one statement too big.
        size = self._core.store.batches.clock
        while batch := await self._core.store.games.overdue(now, after=after, limit=size):
            last = batch[-1]
            assert last.deadline_at is not None
            after = (int(last.deadline_at.timestamp()), last.id)
            ids = [g.id for g in batch]
            store, process = self._core.store, self._core.process
            mine = await claimed(
                store, process, ClaimKind.TIME_OUT, ids, now, sync_outside_lock=True
            )
            held = [record for record in batch if record.id not in mine]
            await leave_to_holders(store, ClaimKind.TIME_OUT, held, now)
            # Replayed one by one (a damaged game marked and skipped), written in batches.
            count, described = await self._time_outs.end(
                [r for r in batch if r.id in mine], now, describe=describe
            )
            timed_out += count
            ended += described
        expired = []
        for challenge in await self._core.store.challenges.expire_due(now):
            view = await self._core.challenge_view(challenge)
            expired.append(ChallengeClosed(view, "expired"))
        # Old rows go: answered and expired challenges after their retention, pings once
        # out of every window, reminders once their deadline passed or their game ended.
        if self._next_purge_at is None or now >= self._next_purge_at:
            await self._core.store.challenges.purge(now - CHALLENGE_RETENTION)
            await self._core.store.games.purge_reminders(now)
            await self._core.store.pings.purge(now - PING_WINDOW)
            await self._core.store.claims.purge((now - CLOCK_CLAIM_LEASE).timestamp())
            self._next_purge_at = now + PURGE_INTERVAL
        if timed_out or expired:
            self._core.schedule_changed()
        return ClockReport(tuple(ended), tuple(expired), timed_out)

    async def due_reminders(self, now: datetime | None = None) -> list[Reminder]:
        """Reminders to send now (24 h and 1 h before a deadline by default), by mention or
        DM as ``reminder.player.notify`` says (players who chose "off" get none). Each is due
        until ``mark_reminder_sent`` records it, so a crash before sending retries it."""
        now = now or self._core.now()
        found: list[Reminder] = []
        async for looks in self._looks(now):
            found += (await self._due_in(looks, now))[0]
        return found

    async def _looks(self, now: datetime) -> AsyncIterator[list[ClockLook]]:
        """The games the clock must look at ``now``, in bounded batches (by the index of
        each game's next look: as many as are due, however many games exist)."""
        after: tuple[int, int] | None = None
        batch = self._core.store.batches.clock
        while looks := await self._core.store.clock.due(now, after, batch):
            after = looks[-1].key
            yield looks

    async def _due_in(
        self, looks: list[ClockLook], now: datetime
    ) -> tuple[list[Reminder], set[int]]:
        """The reminders due among ``looks`` that this process holds, and the games looked
        at for good: those with none due and those whose reminder was dealt with (built,
        or recorded for a player who wants none)."""
        due = {
            look.game.id: h
            for look in looks
            if (h := reminder_due(look, self._core.reminder_hours, now))
        }
        mine = await claimed(
            self._core.store,
            self._core.process,
            ClaimKind.REMINDER,
            list(due),
            now,
            sync_outside_lock=True,
        )
        await leave_to_holders(
            self._core.store,
            ClaimKind.REMINDER,
            [look.game for look in looks if look.game.id in due and look.game.id not in mine],
            now,
        )
        done = {look.game.id for look in looks if look.game.id not in due}
        games = [look.game for look in looks if look.game.id in due and look.game.id in mine]
        # Every player of the batch read at once, not two reads a reminder.
        refs = await self._core.refs(*{p for game in games for p in (game.white_id, game.black_id)})

        async def remind(record: GameRecord) -> Reminder | None:
            reminder = await self._reminder(record, due[record.id], now, refs)
            done.add(record.id)
            return reminder

        found = await self._core.replays.each_game(games, lambda record: record.id, remind)
        return [reminder for reminder in found if reminder is not None], done

    async def _reminder(
        self, record: GameRecord, hours_before: int, now: datetime, refs: dict[int, PlayerRef]
    ) -> Reminder | None:
        view = await self._core.view(record, refs, reached=True)
        assert view.to_move is not None and view.deadline is not None
        team = team_of_player(view.to_move.id) is not None
        found = await team_reminder_due(self._core, view, hours_before, now) if team else None
        if found is not None:
            return found
        if team or view.to_move.notify is NotifyMode.OFF:
            # They asked for silence: record the reminder as sent instead of sending it.
            await self._core.store.games.mark_reminded(
                view.id, view.deadline, self._covered(hours_before), now
            )
            await self._core.look_again(await self._core.store.clock.of_game(view.id), now)
            return None
        return Reminder(view, view.to_move, hours_before, view.deadline)

    async def hand_over_reminders(self, now: datetime | None = None) -> int:
        """Write the reminders due now to the outbox, each marked as handed over in the same
        transaction, so it is neither enqueued twice nor reported due again (the scheduler
        does not spin on a reminder Discord refuses: the outbox retries it). Returns how
        many were handed over."""
        now = now or self._core.now()
        count = 0
        async for looks in self._looks(now):
            reminders, done = await self._due_in(looks, now)
            # Each reminder was built game by game (a damaged game skipped); writing a batch
            # is one transaction, so a burst does not wait on the disk a thousand times.
            await self._core.store.games.hand_over_reminders(
                [
                    (
                        reminder.game.id,
                        reminder.deadline,
                        self._covered(reminder.hours_before),
                        _reminder_items(reminder),
                    )
                    for reminder in reminders
                ],
                now,
                sync_outside_lock=True,
            )
            # Then each game looked at for good is next looked at when its next reminder or
            # its deadline comes (not before: a round costs what is due).
            await self._core.look_again(
                [look for look in looks if look.game.id in done], now, sync_outside_lock=True
            )
            count += len(reminders)
        return count

    async def mark_reminder_sent(self, reminder: Reminder) -> None:
        """Record that ``reminder`` went out (and any earlier, less urgent one with it)."""
        now = self._core.now()
        await self._core.store.games.mark_reminded(
            reminder.game.id, reminder.deadline, self._covered(reminder.hours_before), now
        )
        await self._core.look_again(await self._core.store.clock.of_game(reminder.game.id), now)

    def _reminder_choices(self) -> tuple[int, ...]:
        """Every reminder a player may have: the choices and the server's default."""
        return tuple(sorted({*REMINDER_CHOICES, *self._core.reminder_hours}, reverse=True))

    def _covered(self, hours_before: int) -> list[int]:
        """The reminders a reminder ``hours_before`` a deadline stands for: itself and every
        less urgent one (so one chosen later, its time already past, is not sent late)."""
        return [h for h in self._reminder_choices() if h >= hours_before]

    async def threads_to_archive(self, now: datetime | None = None) -> list[GameView]:
        """Finished games whose thread Postal opened should now be archived (a day after
        the end), a round's batch at most (the rest are due the next round); each stays due
        until ``thread_archived``, so a restart loses none."""
        now = now or self._core.now()
        records = await self._core.store.games.threads_to_archive(now, THREAD_ARCHIVE_DELAY)
        mine = await claimed(
            self._core.store, self._core.process, ClaimKind.ARCHIVE, [r.id for r in records], now
        )
        return [await self._core.view(record) for record in records if record.id in mine]

    async def thread_archived(self, game_id: int) -> None:
        """Record that the game's thread was archived (or can never be)."""
        await self._core.store.games.thread_archive_done(game_id, self._core.now())

    async def retry_thread_archive(self, game_id: int, after: timedelta) -> None:
        """Archiving the game's thread met a passing failure: try again ``after`` from now."""
        await self._core.store.games.retry_thread_archive(game_id, self._core.now() + after)

    async def threads_to_keep(self, now: datetime | None = None) -> list[ThreadUpkeep]:
        """Running games' own threads left idle long enough that Discord would soon archive
        them (no move for ``THREAD_IDLE_LOOK``), claimed by this process; a thread a move
        has kept active since is only looked at again later."""
        now = now or self._core.now()
        idle = []
        for due in await self._core.store.games.threads_to_keep(now):
            if due.last_move_at + THREAD_IDLE_LOOK > now:
                await self._core.store.games.set_thread_upkeep(
                    due.game_id, due.last_move_at + THREAD_IDLE_LOOK
                )
            else:
                idle.append(due)
        mine = await claimed(
            self._core.store, self._core.process, ClaimKind.THREAD, [d.game_id for d in idle], now
        )
        return [due for due in idle if due.game_id in mine]

    async def keeps_thread(self, thread_id: int) -> bool:
        """Whether a running game's own thread is ``thread_id`` (to be kept active)."""
        return await self._core.store.games.keeps_thread(thread_id)

    async def thread_kept(
        self, game_id: int, again_after: timedelta | None = THREAD_IDLE_LOOK
    ) -> None:
        """The game's thread was kept active (look again ``THREAD_IDLE_LOOK`` from now), or
        keeping it met a passing failure (again ``again_after``), or never can be (None)."""
        if again_after is None:
            await self._core.store.games.set_thread_upkeep(game_id, None)
        else:
            await self._core.store.games.set_thread_upkeep(game_id, self._core.now() + again_after)

    async def next_wakeup(self) -> datetime | None:
        """When the scheduler should next call ``expire_overdue``/``due_reminders``: the
        soonest deadline, unsent reminder, challenge expiry, thread to archive or
        tournament's sign-up deadline (None: nothing pending)."""
        times = [
            t
            for t in (
                await self._core.store.clock.next_look(),
                await self._core.store.players.next_digest(),
                await self._core.store.challenges.next_expiry(),
                await self._core.store.games.next_thread_archive(THREAD_ARCHIVE_DELAY),
                await self._core.store.games.next_thread_upkeep(),
                await self._core.store.tournaments.next_start(),
            )
            if t is not None
        ]
        return min(times) if times else None

    async def moretime(
        self, user: User, place: Place | None, days: int, *, game_id: int | None = None
    ) -> MoreTimeGiven:
        """Give the opponent (the player to move) ``days`` more for their current move.

        Raises ``MoreTimeRefusedError`` when it is the user's own move or the game is
        untimed, ``MoreTimeDaysError`` for a number of days outside 1, 2, 3, 5, 7,
        ``LimitReachedError`` past the pings per pair (it mentions the opponent).
        """
        if days not in MORETIME_DAYS:
            raise MoreTimeDaysError(days)
        record = await self._endings.playable(user, place, game_id)
        if record.to_move_id == user.id:
            raise MoreTimeRefusedError(MoreTimeRefusal.OWN_MOVE)
        if record.deadline_at is None:  # an untimed game
            raise MoreTimeRefusedError(MoreTimeRefusal.UNTIMED)
        opponent_id = record.opponent_of(user.id)  # the player to move
        now = self._core.now()
        hit = await self._core.store.pings.take(user.id, opponent_id, PingKind.MORETIME, now, PINGS)
        if hit is not None:  # it mentions the opponent: a ping like any other
            raise refusal(hit, (await self._core.ref(opponent_id)).name, now)
        # More time is more of the clock's time: with weekends off, none of it on a weekend.
        zone = clock_zone(record, await player_to_move(self._core.store, record))
        more = timedelta(days=days)
        deadline = (
            record.deadline_at + more
            if zone is None
            else deadline_after(record.deadline_at, more, zone)
        )
        # Said in the game's other places too (a game between servers), or in its place
        # when typed away from it: ``told_where``; the answer says it where it is typed.
        told, outbox = await self._endings.told(record, place), []
        if told.in_place:
            to_move = await self._core.ref(opponent_id)
            outbox.append(more_time_in_place(record, days, user.id, deadline, to_move, told))
        # Retried when only where the game is shown changed meanwhile (a board just posted
        # by the outbox recorded as the game's message): the deadline is as read.
        for _ in range(WRITE_ATTEMPTS):
            if await self._core.store.games.set_deadline(record, deadline, outbox, now):
                break
            record = await self._core.refreshed_placement(record)
        else:
            raise GameChangedError
        self._core.schedule_changed()
        view = await self._core.view(replace_record(record, deadline_at=deadline))
        assert view.to_move is not None
        return MoreTimeGiven(view, days, view.opponent_of(view.to_move.id), view.to_move)

    async def vacation(self, user: User, days: int | None) -> VacationStarted:
        """Pause all of the user's clocks for ``days`` (30 days in any 365): games where it is
        their move get that much later deadlines, and moves made to them during the vacation
        are due ``days per move`` after it ends. It ends early with ``end_vacation`` or the
        user's next move; only days taken while they have games count. Raises
        ``VacationError`` (``days`` None: the user said neither how long nor to end it)."""
        await self._core.ensure_player(user)
        allowance = self._core.vacation_days_per_year
        if days is None:
            raise VacationError(VacationProblem.NO_DAYS)
        if not 1 <= days <= allowance:
            raise VacationError(VacationProblem.LENGTH, days=days, allowance=allowance)
        now = self._core.now()
        window_start = vacation_window_start(now)
        ok, until = await self._core.store.players.start_vacation(
            user.id, days, now, window_start, self._core.vacation_days_per_year, resumed_deadline
        )
        used = await self._core.store.players.vacation_days_used(user.id, window_start, now)
        left = self._core.vacation_days_per_year - used
        if not ok:
            raise VacationError(
                VacationProblem.ALLOWANCE,
                days=days,
                allowance=allowance,
                window=VACATION_WINDOW.days,
                left=left,
            )
        self._core.schedule_changed()
        player = await self._core.ref(user.id)
        # A tournament that allows no vacation keeps its games' clocks running.
        unpaused = await self._core.store.tournaments.unpaused_games(user.id)
        return VacationStarted(player, days, until, left, allowance, unpaused)

    async def end_vacation(self, user: User) -> VacationEnded:
        """End the user's vacation now: clocks run again, deadlines lose the part not taken,
        and only the days taken (while they had games) count against the allowance.
        Raises ``VacationError`` when no vacation is running."""
        await self._core.ensure_player(user)
        now = self._core.now()
        planned = await self._core.store.players.end_vacation(user.id, now, resumed_deadline)
        if planned is None:
            raise VacationError(VacationProblem.NOT_ON_VACATION)
        self._core.schedule_changed()
        return await self._core.vacation_ended(user.id, now, planned, by_move=False)


def vacation_window_start(now: datetime) -> datetime:
    """Where the window of vacation days counted against the allowance begins.

    Days taken are counted over the last 365 days, not per calendar year: calendar
    arithmetic grants 60 days across a New Year, and a clock moved back across one forgets
    the days taken "next year".
    """
    return now - VACATION_WINDOW


def _reminder_items(reminder: Reminder) -> list[OutboxItem]:
    """The reminder in the game's place (the player mentioned when they want mentions) and,
    for players who chose DMs, by DM."""
    if reminder.window_closes_at is not None:
        return team_reminder_items(reminder)
    game, player = reminder.game, reminder.player
    deadline = int(reminder.deadline.timestamp())
    facts = ReminderFacts(deadline, reminder.hours_before)
    key = f"reminder:{game.id}:{deadline}:{reminder.hours_before}"
    mention = (player.id,) if player.notify is NotifyMode.CHANNEL else ()
    items = [
        OutboxItem(
            OutboxTarget.PLACE,
            facts,
            game_id=game.id,
            user_id=player.id,
            routing=Routing(mention),
            dedupe_key=f"{key}:place",
        )
    ]
    if player.notify is NotifyMode.DM:
        items.append(
            OutboxItem(
                OutboxTarget.DM, facts, game_id=game.id, user_id=player.id, dedupe_key=f"{key}:dm"
            )
        )
    return items
