"""The outbox sender: one task that delivers the service's outbox rows to Discord.

Rows of one game go out in order, one at a time; different games go out side by side (a
few at once), all paced by the global ``RateLimiter`` underneath. What Discord answers
decides what happens next:

- accepted: the row is marked sent with Discord's message id, right after the request;
- 429, 5xx, a reset connection, a time-out: tried again later, with exponential backoff
  and jitter (never sooner than a 429's ``retry_after``), the time stored in the row;
- 50007 (the user's DMs are closed): the service says it in the game's place instead and
  remembers the closed DMs for a while;
- 50001/50013 (no access or permission), 10003 (unknown channel), 50083 (a locked and
  archived thread: an archived one that is not locked reopens on a post) and 160005 (a
  locked thread, still active): a thread falls back to
  its parent channel (unless that is a forum, which takes no messages); a channel ends
  the row, the game's players are told at their next command what Postal lacks, and an
  unknown channel marks the game unreachable;
- anything else Discord refuses, or a row still failing after ``MAX_ATTEMPTS``: the row
  ends failed with the reason recorded, logged and counted. Nothing is dropped silently.

discord.py (2.7, ``http.py``) already retries some of these inside one request: a 429
(after ``retry_after``; a global one holds every request) when Discord's ``Via`` header is
present, and 500/502/504/524 up to five times (sleeping 1, 3, 5, 7 s). A 503, a 429 it gave
up on, or a reset connection (Linux's errno 104 is not among the ones it retries) reaches
the sender, whose own retries are the ones above. Its internal retries go through the same
aiohttp session, so the pacing covers them too.

Exactly once, as far as Discord allows: an attempt is counted in the row before its request
goes out and the row is marked sent as soon as it returns (within ``MARK_SENT_WITHIN``,
several rows in one write). A crash between the two leaves the row pending, and it is sent
again with the same nonce and ``enforce_nonce``: Discord returns the first message instead
of creating a second one when the retry comes within a few minutes. So delivery is
at-least-once, and exactly-once unless the bot stays down longer than Discord's nonce
memory between a request and its answer (then a duplicate is preferred to a lost time-out
announcement). Edits (expired challenges) are idempotent.

Several processes: every process runs a sender, and each row is claimed by one of them for
``CLAIM_LEASE_SECONDS`` (renewed while its request is under way) before it is sent; the
outcome ends the claim. Only the first pending row of a game can be claimed, so a game's
messages stay in order whichever processes send them. A killed process's claims expire and
another process sends those rows again, with their nonces; the lease is shorter than
Discord's nonce memory, so a row whose request reached Discord is not posted twice. A
process posts in channels of any shard: Discord's REST API is not sharded.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.discord import messages, outbox_messages
from bot.discord.game_openings import open_game
from bot.discord.match_invitations import NowhereToPost, post_invitation
from bot.discord.offer_closing import close_offer
from bot.discord.pacing import refused_without_retry_after
from bot.discord.places import missing_permissions, takes_fallback
from bot.discord.respond import build_files, message_fields
from bot.discord.role_holders import ROLE_LOST, still_holds
from bot.discord.scheduler import Worker
from bot.discord.team_threads import post_team_counts
from bot.discord.tournaments import show_signup
from bot.i18n import Locale, using
from bot.i18n.names import naming
from bot.service import ChallengeClosed, Delivery, DeliveryTarget, OutboxRow
from bot.service.delivery_results import GameOpened, OfferClosed
from bot.service.invitation_facts import NOWHERE_TO_POST, Invitation
from bot.service.match_facts import MatchUpdate
from bot.service.tournament.facts import StandingsUpdate, TournamentCancelled, TournamentStarted
from bot.service.vote_facts import TeamCountsNotice
from bot.store import when_available
from bot.text.standings_words import table_text

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# Rows of different games in flight at once (the rate limiter decides the pace).
CONCURRENCY = 16
# Backoff: the first retry after about BASE seconds, doubling up to CAP.
BACKOFF_BASE_SECONDS = 2.0
BACKOFF_CAP_SECONDS = 15 * 60.0
MAX_ATTEMPTS = 100  # about a day, at the 15-minute cap
PURGE_EVERY_SECONDS = 24 * 3600.0
# A row Discord accepted is marked sent within this many seconds (rows accepted meanwhile
# share the write), keeping the window where a crash means a resend this short.
MARK_SENT_WITHIN = 0.05
# How long ``stop`` lets the current round and the rows in flight finish.
STOP_GRACE_SECONDS = 5.0
# Sleep at most this long between rounds, so a missed wake-up (or a row another process
# wrote) costs little.
MAX_SLEEP_SECONDS = 60.0
# A claimed row is this process's for this long; renewed at a third of it while in flight.
CLAIM_LEASE_SECONDS = 60.0
RENEW_EVERY_SECONDS = CLAIM_LEASE_SECONDS / 3
# When a row is due but another process just claimed it, look again this much later.
CONTENDED_SECONDS = 1.0

# Discord's JSON error codes that end a row or change where it goes.
CANNOT_DM = 50007
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
# Posting in an archived thread reopens it, unless a moderator locked it: then this (400).
ARCHIVED_THREAD = 50083
# Posting or editing in a thread a moderator locked (still active): "Thread is locked".
THREAD_LOCKED = 160005

Clock = Callable[[], datetime]


@dataclass
class SenderStats:
    """What the sender did since start: counted for logs, tests and benchmarks."""

    sent: int = 0
    retried: int = 0
    failed: Counter[str] = field(default_factory=Counter)
    skipped: int = 0


def backoff(attempts: int, retry_after: float | None = None) -> float:
    """Seconds before the next attempt after ``attempts`` failed ones: exponential with full
    jitter over its upper half, never below ``retry_after``."""
    ceiling = min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** max(0, attempts - 1))
    delay = random.uniform(ceiling / 2, ceiling)
    return max(delay, retry_after or 0.0)


def retry_after_of(error: discord.HTTPException) -> float | None:
    """The ``retry_after`` of a 429 (header or JSON body), if Discord gave one."""
    response = error.response
    header = response.headers.get("Retry-After") if response is not None else None
    with contextlib.suppress(TypeError, ValueError):
        if header is not None:
            return float(header)
    with contextlib.suppress(TypeError, ValueError, json.JSONDecodeError):
        body = json.loads(error.text) if error.text else {}
        if isinstance(body, dict) and "retry_after" in body:
            return float(body["retry_after"])
    return None


class OutboxSender(Worker):
    """Delivers outbox rows until stopped; ``wake()`` after writing rows or moving the clock.
    ``wait_idle`` waits until nothing is in flight and no pending row is due."""

    name = "postal-outbox-sender"

    def __init__(
        self,
        bot: PostalBot,
        clock: Clock,
        *,
        holder: str = "shards:all",
        concurrency: int = CONCURRENCY,
    ) -> None:
        super().__init__()
        self._bot = bot
        self._clock = clock
        # This process's name on the rows it claims (``bot.discord.sharding.process_name``).
        self.holder = holder
        self._concurrency = concurrency
        self._renewed_at = 0.0
        self._in_flight: dict[str, asyncio.Task[None]] = {}
        # Rows Discord accepted, to be marked sent at the start of the next round: one
        # transaction for many keeps a burst from waiting on the disk.
        self._accepted: list[tuple[Delivery, int | None, int | None]] = []
        self._stopping = False
        self._next_purge = 0.0
        self._flush: asyncio.TimerHandle | None = None
        self.stats = SenderStats()

    def start(self) -> None:
        self._stopping = False
        super().start()

    async def stop(self) -> None:
        """Stop sending: the loop ends after its round (never cancelled inside a database
        transaction), rows in flight finish their request, accepted ones are marked sent.
        A row still in flight after the grace stays pending and is sent again, with its
        nonce, after the restart."""
        self._stopping = True
        self.wake()
        if self._task is not None:
            await asyncio.wait({self._task}, timeout=STOP_GRACE_SECONDS)
        if self._in_flight:
            await asyncio.wait(list(self._in_flight.values()), timeout=STOP_GRACE_SECONDS)
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        await self._mark_accepted()
        with contextlib.suppress(Exception):
            # Rows still in flight go back to the other processes now, not at the lease's end
            # (sent again with their nonces, they are not posted twice).
            await self._bot.service.deliveries.release_deliveries(self.holder)
        await super().stop()

    # ------------------------------------------------------------------ the loop

    def _now(self) -> float:
        return self._clock().timestamp()

    async def _loop(self) -> None:
        try:
            await self._start_up()
        except Exception:
            _log.exception("outbox start-up bookkeeping failed; sending anyway")
        while not self._stopping:
            self._wake.clear()
            try:
                delay, launched = await self._round()
            except Exception:
                _log.exception("outbox round failed; trying again shortly")
                delay, launched = 5.0, False
            if not launched and not self._in_flight and not self._wake.is_set():
                self._idle.set()
            await self._sleep(delay)

    async def _start_up(self) -> None:
        """End the claims this process's previous run left (its deliveries, and the rows
        its unfinished answers stood for: sent now), say how many rows were in flight when
        a process last stopped (sent again now, with their nonces), and drop rows that
        ended long ago. Another process starting on the same database may hold its write
        lock a moment: each step waits for it (``when_available``)."""
        deliveries = self._bot.service.deliveries
        await when_available(
            "releasing the outbox's claims", lambda: deliveries.release_deliveries(self.holder)
        )
        unanswered = await when_available(
            "releasing the answers' rows", lambda: deliveries.release_answers(self.holder)
        )
        if unanswered:
            _log.warning(
                "%d answers to moves were on their way when Postal stopped; posting what "
                "they said in the games' places",
                unanswered,
            )
        interrupted = await when_available(
            "counting the interrupted rows", deliveries.interrupted_deliveries
        )
        if interrupted:
            _log.warning(
                "%d outbox rows were being sent when Postal stopped; sending them again with "
                "their nonces (Discord returns the first message if it arrived)",
                interrupted,
            )
        await when_available("deleting the outbox rows that ended long ago", self._purge)

    async def _purge(self) -> None:
        """Drop rows that ended long ago, at most once a day (the day counted from a purge
        that succeeded: one that failed is tried again)."""
        if self._now() < self._next_purge:
            return
        purged = await self._bot.service.deliveries.purge_deliveries()
        self._next_purge = self._now() + PURGE_EVERY_SECONDS
        if purged:
            _log.info("deleted %d outbox rows that ended long ago", purged)

    async def _round(self) -> tuple[float, bool]:
        """Claim the due rows this process may send (each the first of its game's lane,
        held by no other process) and launch them. Returns how long to sleep and whether
        anything was launched."""
        service = self._bot.service
        await self._mark_accepted()
        await self._purge()
        now = self._now()
        if self._in_flight and now - self._renewed_at >= RENEW_EVERY_SECONDS:
            await service.deliveries.renew_deliveries(self.holder, now, CLAIM_LEASE_SECONDS)
            self._renewed_at = now
        free = self._concurrency - len(self._in_flight)
        claimed: list[OutboxRow] = []
        if free > 0:
            claimed = await service.deliveries.claim_deliveries(
                self.holder, now, CLAIM_LEASE_SECONDS, free
            )
            self._renewed_at = now if not self._in_flight else self._renewed_at
        # A lane still in flight here keeps its row (a claim that expired under a stalled
        # event loop): one request per game at a time; the claim lapses and it comes back.
        due = [row for row in claimed if row.lane not in self._in_flight]
        for row in due:
            task = asyncio.create_task(self._deliver_row(row))
            self._in_flight[row.lane] = task
            task.add_done_callback(partial(self._finished, row.lane))
        if len(self._in_flight) >= self._concurrency:
            delay = MAX_SLEEP_SECONDS  # a finished row wakes the loop
        else:
            soonest = await service.deliveries.next_claimable_delivery(self.holder, now)
            delay = MAX_SLEEP_SECONDS if soonest is None else soonest - now
            if delay <= 0:
                # Due, yet not claimed: another process took it a moment ago.
                delay = 0.0 if len(claimed) == free else CONTENDED_SECONDS
        if self._in_flight:
            delay = min(delay, RENEW_EVERY_SECONDS)
        return min(delay, MAX_SLEEP_SECONDS), bool(due)

    def _finished(self, lane: str, _: object = None) -> None:
        self._in_flight.pop(lane, None)
        # Refill when half the slots are free (or all are): fewer, fuller rounds.
        if len(self._in_flight) <= self._concurrency // 2:
            self.wake()

    def _flush_due(self) -> None:
        self._flush = None
        self.wake()

    async def _mark_accepted(self) -> None:
        accepted, self._accepted = self._accepted, []
        if accepted:
            await self._bot.service.deliveries.delivered_many(accepted)

    # ------------------------------------------------------------------ one row

    async def _deliver_row(self, row: OutboxRow) -> None:
        service = self._bot.service
        try:
            delivery = await service.deliveries.delivery(row)
            if delivery is None:
                self.stats.skipped += 1
                return
            await self._attempt(delivery)
        except Exception as error:
            # A bug, not Discord: say so loudly, and back off like any failure (never a loop
            # that retries a broken row as fast as it can), giving up after MAX_ATTEMPTS.
            _log.exception("delivering outbox row %s failed unexpectedly", row.id)
            await self._after_bug(row, f"bug: {type(error).__name__}: {error}")

    async def _after_bug(self, row: OutboxRow, error: str) -> None:
        service = self._bot.service
        attempts = row.attempts + 1
        try:
            if attempts >= MAX_ATTEMPTS:
                await service.deliveries.delivery_failed(
                    row.id, f"gave up after {attempts} attempts: {error}"
                )
                self.stats.failed["gave up"] += 1
            else:
                await service.deliveries.retry_delivery(
                    row.id, self._now() + backoff(attempts), error
                )
        except Exception:
            _log.exception("recording the failure of outbox row %s failed", row.id)

    async def _attempt(self, delivery: Delivery) -> None:
        try:
            if not await still_holds(self._bot, delivery):
                await self._bot.service.deliveries.delivery_superseded(delivery.row_id, ROLE_LOST)
                self.stats.skipped += 1
                return
            channel_id, message_id = await self._send(delivery)
        except discord.HTTPException as error:
            await self._refused(delivery, error)
        except NowhereToPost as error:  # no channel of the invited server takes it
            await self._fail(delivery, f"{NOWHERE_TO_POST}: {error}")
        except (OSError, aiohttp.ClientError, TimeoutError) as error:
            await self._later(delivery, f"network: {type(error).__name__}: {error}", None)
        except KeyError as error:
            if not refused_without_retry_after(error):
                raise
            await self._later(delivery, "rate limited: a 429 without retry_after", None)
        else:
            self._accepted.append((delivery, channel_id, message_id))
            self.stats.sent += 1
            if self._flush is None:
                # Marked sent within MARK_SENT_WITHIN seconds, several rows in one write.
                self._flush = asyncio.get_running_loop().call_later(
                    MARK_SENT_WITHIN, self._flush_due
                )

    async def _later(self, delivery: Delivery, error: str, retry_after: float | None) -> None:
        attempts = delivery.attempts + 1
        if attempts >= MAX_ATTEMPTS:
            await self._fail(delivery, f"gave up after {attempts} attempts: {error}")
            return
        at = self._now() + backoff(attempts, retry_after)
        await self._bot.service.deliveries.retry_delivery(delivery.row_id, at, error)
        self.stats.retried += 1
        _log.info(
            "outbox row %s: %s; attempt %d failed, retrying", delivery.row_id, error, attempts
        )

    async def _fail(self, delivery: Delivery, reason: str) -> None:
        await self._bot.service.deliveries.delivery_failed(delivery.row_id, reason)
        self._count_failure(delivery, reason)

    def _count_failure(self, delivery: Delivery, reason: str) -> None:
        self.stats.failed[reason.split(":", 1)[0]] += 1
        _log.warning(
            "outbox row %s (game %s) not delivered: %s", delivery.row_id, delivery.game_id, reason
        )

    async def _refused(self, delivery: Delivery, error: discord.HTTPException) -> None:
        service = self._bot.service
        status, code = error.status, error.code
        what = f"{status} {code} {error.text[:200]}".strip()
        if status == 429:
            await self._later(delivery, f"rate limited: {what}", retry_after_of(error))
        elif status >= 500:
            await self._later(delivery, f"Discord error: {what}", None)
        elif code == CANNOT_DM and delivery.target is DeliveryTarget.DM:
            await service.deliveries.dm_refused(delivery, f"dms closed: {what}")
            self._count_failure(delivery, f"dms closed (a mention instead): {what}")
            self.wake()
        elif delivery.target is DeliveryTarget.MESSAGE and code in (
            UNKNOWN_MESSAGE,
            UNKNOWN_CHANNEL,
            MISSING_ACCESS,
            ARCHIVED_THREAD,  # a locked thread: only a moderator may reopen it
            THREAD_LOCKED,
        ):
            await self._fail(delivery, f"message to edit unreachable: {what}")
        elif delivery.target is DeliveryTarget.PLACE and code in (
            MISSING_ACCESS,
            MISSING_PERMISSIONS,
            UNKNOWN_CHANNEL,
            ARCHIVED_THREAD,
            THREAD_LOCKED,
        ):
            gone, locked = code == UNKNOWN_CHANNEL, code in (ARCHIVED_THREAD, THREAD_LOCKED)
            label = (
                "unknown channel" if gone else "thread locked" if locked else "missing permissions"
            )
            missing = "" if gone or locked else self._missing_permissions(delivery)
            parent_id, thread_id = delivery.parent_id, delivery.channel_id or 0
            if parent_id is not None and not takes_fallback(self._bot, thread_id, parent_id):
                delivery = dataclasses.replace(delivery, parent_id=None)
            again = await service.deliveries.place_refused(
                delivery, f"{label}: {what}", missing=missing, gone=gone, locked=locked
            )
            if again:
                _log.info(
                    "outbox row %s: thread refused (%s); using its channel", delivery.row_id, what
                )
                self.wake()
            else:
                self._count_failure(delivery, f"{label}: {what}")
        else:
            await self._fail(delivery, f"refused: {what}")

    def _missing_permissions(self, delivery: Delivery) -> str:
        """The permissions Postal lacks in the delivery's place, as Discord's client names
        them, from the cached channel (all it needs when the cache cannot tell)."""
        needed = ["View Channel", "Send Messages", "Embed Links", "Attach Files"]
        channel = self._bot.get_channel(delivery.channel_id or 0)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return ", ".join(needed)
        me = channel.guild.me
        if me is None:
            return ", ".join(needed)
        missing = missing_permissions(channel, channel.permissions_for(me), new_thread=False)
        return ", ".join(missing or needed)

    # ------------------------------------------------------------------ sending

    async def _reopen(self, thread: discord.PartialMessageable, text: str, nonce: str) -> None:
        """Unarchive ``thread`` so a message in it can be edited (Discord refuses edits in an
        archived thread, 50083). Unarchiving by an edit of the thread is allowed only to its
        members, its creator and moderators, and nobody can join an archived thread; but
        anyone who may post reopens it by posting. So: unarchive, and where that is refused
        (Postal answered a command there without ever joining), post ``text`` there
        instead, with the row's nonce. Raises what discord.py raises (50083 again when a
        moderator locked the thread)."""
        try:
            await self._bot.http.edit_channel(thread.id, archived=False)
        except discord.Forbidden:
            await thread.send(text, nonce=nonce, allowed_mentions=discord.AllowedMentions.none())

    async def _language(self, delivery: Delivery) -> tuple[Locale, Locale | None]:
        """The language of ``delivery``, decided when it is sent (so a player's latest
        choice counts): the player's own for what is addressed to one player (a DM, a
        notice mentioning them), the server's for a post to the whole channel; and the one
        its commands are named in: that player's app's (None: the same)."""
        readers = [delivery.user] if delivery.user is not None else list(delivery.mention)
        if len(readers) == 1 and readers[0] is not None:
            return await self._bot.service.languages.of_and_app(readers[0].id)
        guild = self._bot.get_guild(delivery.guild_id) if delivery.guild_id else None
        code = guild.preferred_locale.value if guild is not None else None
        return await self._bot.service.server_languages.of(delivery.guild_id, code), None

    async def _send(self, delivery: Delivery) -> tuple[int | None, int | None]:
        """Send one delivery, in its reader's language; returns (channel id, message id).
        Raises what discord.py raises."""
        language, app = await self._language(delivery)
        with using(language), naming(app):
            return await self._send_worded(delivery)

    async def _board_posted(
        self,
        game_id: int,
        delivery: Delivery,
        channel_id: int,
        message_id: int,
        fields: dict[str, Any],
    ) -> None:
        """A board was posted for ``delivery``: the board before it there (in the game's
        own place, or a copy's in its other place) loses its buttons."""
        view = fields.get("view")
        await self._bot.boards.replaced(
            game_id, channel_id, message_id, view, place_id=delivery.place_id
        )

    async def _edit_worded(self, delivery: Delivery) -> tuple[int | None, int | None]:
        """Edit the message ``delivery`` names: a closed challenge's, a club match's table
        (text) or a tournament's standings (a layout: a table first posted as text sheds
        its content, as Discord requires of an edit that sets the layout flag)."""
        bot = self._bot
        content = delivery.content
        assert isinstance(content, ChallengeClosed | StandingsUpdate | MatchUpdate)
        assert delivery.message_id is not None
        channel = bot.get_partial_messageable(
            delivery.channel_id or 0, guild_id=delivery.guild_id or None
        )
        message = channel.get_partial_message(delivery.message_id)
        edit: dict[str, Any]
        if isinstance(content, StandingsUpdate):  # a layout: content reset (a table
            # posted as text before the layout sheds it, as Discord requires)
            post = outbox_messages.delivery_post(delivery)
            edit = {"content": None, "view": message_fields(post)["view"]}
            edited = messages.clip(messages.safe(table_text(content.table)), messages.CONTENT_LIMIT)
        elif isinstance(content, MatchUpdate):  # text only: no buttons
            edited = outbox_messages.delivery_post(delivery).content
            edit = {"content": edited, "view": None}
        else:
            edited = messages.challenge_closed(content)
            edit = {"content": edited, "view": None}
        # A challenge is hours old, and so, after the first results, is the standings'.
        await bot.old_edits.wait(channel.id, message.id)
        try:
            await message.edit(**edit)
        except discord.HTTPException as error:
            if error.code != ARCHIVED_THREAD:
                raise
            await self._reopen(channel, edited, delivery.nonce)
            await message.edit(**edit)
        return delivery.channel_id, delivery.message_id

    async def _send_worded(self, delivery: Delivery) -> tuple[int | None, int | None]:
        bot = self._bot
        content = delivery.content
        if delivery.target is DeliveryTarget.MESSAGE:
            return await self._edit_worded(delivery)
        if delivery.target is DeliveryTarget.DM:
            assert delivery.user is not None
            dm = await bot.create_dm(discord.Object(delivery.user.id))
            text = outbox_messages.delivery_dm(delivery)
            message = await dm.send(
                text.content,
                nonce=delivery.nonce,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return dm.id, message.id
        if isinstance(content, OfferClosed):
            return await close_offer(bot, delivery)
        if isinstance(content, TeamCountsNotice):  # the team's private thread alone
            return await post_team_counts(bot, delivery)
        if isinstance(content, Invitation) and content.lost is None:
            return await post_invitation(bot, delivery)
        if isinstance(content, GameOpened):
            delivery = await open_game(bot, delivery)  # in its own thread, where it may
        reply = outbox_messages.delivery_post(delivery)
        if reply.layout and reply.game_id is not None:
            # The moves under the board in the notation of the one player it is for, if
            # one (as its language: ``_language``); else the language's default.
            readers = [delivery.user] if delivery.user is not None else list(delivery.mention)
            reader = readers[0].id if len(readers) == 1 and readers[0] is not None else None
            recent = await bot.service.board_menus.recent_moves(reply.game_id, reader=reader)
            reply = dataclasses.replace(reply, recent=recent)
        place = bot.get_partial_messageable(
            delivery.channel_id or 0, guild_id=delivery.guild_id or None
        )
        fields = message_fields(reply)
        message = await place.send(
            files=await build_files(reply, bot.render) or discord.utils.MISSING,
            nonce=delivery.nonce,
            **fields,
        )
        if reply.game_id is not None:
            await self._board_posted(reply.game_id, delivery, place.id, message.id, fields)
        if isinstance(content, TournamentCancelled) or (
            isinstance(content, TournamentStarted) and content.round is None
        ):  # started or called off by the clock: the sign-up message loses its buttons
            await show_signup(bot, content.tournament)
        return place.id, message.id
