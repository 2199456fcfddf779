"""``PostalBot``: the discord.py client that wires Discord to the game service.

Commands live in ``commands``, button presses in ``presses``, the scheduler's work in
``clockwork``; this module holds the lifecycle and the ways of saying things.

``setup_hook`` opens the store (running migrations), builds the service, registers the
persistent buttons and the slash commands, syncs the commands when they changed, and starts
the deadline scheduler and the outbox sender. ``close`` stops them, disconnects, and closes
the store.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import Any

import discord

from bot.config import Settings
from bot.discord import mentioned, messages, outbox_messages
from bot.discord.analyse import ANALYSIS_COMMANDS, follow_in_message
from bot.discord.answers import Answers
from bot.discord.board_commands import BOARD_COMMANDS
from bot.discord.boards import BoardRetirer
from bot.discord.challenge_posts import ChallengePosts
from bot.discord.clockwork import reopen_game_thread, run_clock
from bot.discord.commands import ALL_COMMANDS
from bot.discord.context import place_of
from bot.discord.errors import PostalTree, ShuttingDown, answer_cut_short, report_error
from bot.discord.identify import IdentifyPace
from bot.discord.language import answer_in_users_language, language_for
from bot.discord.messages import Reply
from bot.discord.pacing import OldEdits, RateLimiter, pacing_trace
from bot.discord.presses import handle_press
from bot.discord.respond import Foresight, answer, message_fields
from bot.discord.scheduler import DeadlineScheduler
from bot.discord.sender import OutboxSender
from bot.discord.sharding import process_name, registers_commands, shard_options
from bot.discord.sync import sync_if_changed
from bot.discord.translator import CatalogTranslator
from bot.discord.views import PostalButton, PostalSelect, press_left_unanswered, typed_values
from bot.discord.vote_polls import poll_vote_added, poll_vote_removed
from bot.engine.api import Engines
from bot.i18n import current_locale, using
from bot.service import (
    BUTTON_ID_PREFIX,
    BoardView,
    ButtonAction,
    ChallengeCreated,
    Clock,
    GameEnded,
    GameService,
    MovePlayed,
    NotifyMode,
    PlayerRef,
    User,
    system_clock,
)
from bot.service.analysis import ProgressMessage
from bot.service.computer_queue import ReplyQueue
from bot.store import Store, when_available

_log = logging.getLogger(__name__)

# Let a burst of moves settle before the scheduler re-reads the next wake-up time.
SCHEDULE_SETTLE_SECONDS = 1.0
# On shutdown, let commands and button presses already running finish this long.
SHUTDOWN_GRACE_SECONDS = 5.0
# ... and those still running then this long to unwind once cancelled.
SHUTDOWN_CANCEL_SECONDS = 1.0

__all__ = ["Clock", "PostalBot"]


def bot_intents() -> discord.Intents:
    """The guilds intent, and the votes of polls in servers (vote chess's polls): slash
    commands, buttons and poll votes need no privileged intents."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_polls = True
    return intents


# The custom_id of the move form (Move…, Type a move…) begins so.
MOVE_FORM_PREFIX = f"{BUTTON_ID_PREFIX}:{ButtonAction.TYPED_MOVE.value}:"

# Where the hash of the last registered command definitions is kept (see bot.discord.sync).
COMMANDS_HASH_KEY = "commands_hash"


class PostalBot(discord.AutoShardedClient):
    """The Postal Discord client, sharded as ``SHARD_COUNT``/``SHARD_IDS`` say (one process
    runs many shards). ``clock`` replaces the wall clock (tests travel in time)."""

    tree: PostalTree

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        store: Store | None = None,
        engines: Engines | None = None,
    ) -> None:
        self.pace = RateLimiter(settings.discord_rate_limit)
        super().__init__(
            intents=bot_intents(),
            allowed_mentions=discord.AllowedMentions.none(),
            max_messages=None,
            http_trace=pacing_trace(self.pace),
            **shard_options(settings),
        )
        self.settings = settings
        self.clock: Clock = clock or system_clock
        self.tree = PostalTree(self)
        self.scheduler = DeadlineScheduler(partial(run_clock, self), self.clock)
        self.outbox = OutboxSender(self, self.clock, holder=process_name(settings))
        # Edits of messages older than an hour, paced per channel (old boards, challenges).
        self.old_edits = OldEdits(self.clock)
        self.boards = BoardRetirer(self)
        self.answers = Answers(self)
        # What tells early that a /move will be answered in public (bot.discord.respond).
        self.foresight = Foresight()
        self.challenge_posts = ChallengePosts()
        # A store handed in (by the runner, which checked it before connecting) stays open
        # when the bot closes; one the bot opens itself is closed with it.
        self._store: Store | None = store
        self._owns_store = store is None
        self._service: GameService | None = None
        # The computer opponent's engines (None: no computer) and its replies' queue.
        self.engines = engines
        self.computer_replies: ReplyQueue | None = None
        self._settle: asyncio.TimerHandle | None = None
        self._in_flight: set[asyncio.Task[object]] = set()
        self._in_flight_for: dict[asyncio.Task[object], discord.Interaction] = {}
        # Set when closing begins: new commands and presses are refused from then on.
        self.stopping = False
        self._analysis_followers: set[asyncio.Task[None]] = set()
        # Each shard's IDENTIFY waits for its turn, shared with the deployment's processes.
        self.identify_pace = IdentifyPace()

    # ------------------------------------------------------------------ lifecycle

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the bot is not set up yet (setup_hook has not run)")
        return self._service

    async def on_ready(self) -> None:
        _log.info(
            "connected as %s (id %s) to %d servers",
            self.user,
            self.application_id,
            len(self.guilds),
        )

    async def on_raw_poll_vote_add(self, payload: discord.RawPollVoteActionEvent) -> None:
        """A vote in a poll: a vote chess team's poll counts it (``bot.discord.vote_polls``)."""
        if self.takes_event():
            await poll_vote_added(self, payload)

    async def on_raw_poll_vote_remove(self, payload: discord.RawPollVoteActionEvent) -> None:
        """A poll vote taken back: a vote chess team's poll withdraws it
        (``bot.discord.vote_polls``)."""
        if self.takes_event():
            await poll_vote_removed(self, payload)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """Discord archived a running game's thread early (busy servers' threads may go
        before their week): reopen it at once, so players keep their commands there."""
        metadata = payload.data.get("thread_metadata", {})
        if not metadata.get("archived") or metadata.get("locked") or not self.takes_event():
            return
        if await self.service.deadlines.keeps_thread(payload.thread_id):
            await reopen_game_thread(self, payload.thread_id)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for the shard's turn to IDENTIFY (``bot.discord.identify``), in place of
        discord.py's 5 s wait, which paces only this process's shards."""
        if self._store is None:  # not set up: nothing connects before setup_hook
            return
        await self.identify_pace.wait(
            self._store, process_name(self.settings), shard_id, self.fetch_session_start_limits
        )

    async def setup_hook(self) -> None:
        if self._store is None:
            database = self.settings.database
            self._store = await when_available("opening the database", lambda: Store.open(database))
        self._service = GameService(
            self._store,
            self.clock,
            on_schedule_change=self._schedule_changed,
            on_computer_turn=self._computer_turn,
            process=process_name(self.settings),
            engines=self.engines,
            hold_answers=True,  # an answer lost on its way must not lose the turn notice
        )
        if self.user is not None:  # logged in: the computer opponent is the bot itself
            me = self.user
            self._service.computer.introduce(User(me.id, me.global_name or me.name, True))
        self.computer_replies = ReplyQueue(
            self._service.computer,
            self.clock,
            # As many at once as there are engine processes: the pool's queue stays short.
            capacity=self.settings.engine_processes or os.cpu_count() or 1,
            on_reply=lambda played: self.outbox.wake(),
        )
        self.add_dynamic_items(PostalButton, PostalSelect)
        for command in (*ALL_COMMANDS, *BOARD_COMMANDS, *ANALYSIS_COMMANDS):
            self.tree.add_command(command)
        await self.tree.set_translator(CatalogTranslator())
        await sync_if_changed(
            self.tree,
            self.settings.dev_guild_id,
            self._load_sync_hash,
            self._save_sync_hash,
            register=registers_commands(self.settings),
        )
        self.scheduler.start()
        self.scheduler.wake()
        self.outbox.start()
        self.outbox.wake()
        self.boards.start()
        self.computer_replies.start()
        # Analyses a previous run left unfinished carry on, shown in the messages their
        # askers saw (asking again shows them too).
        # So do those taken over from another process that stopped or died meanwhile.
        analysis = self._service.analysis
        analysis.on_taken_over = self._follow_analyses
        await when_available("resuming the analyses", analysis.resume)
        self._follow_analyses(
            await when_available("finding the analyses' messages", analysis.progress_messages)
        )

    def _follow_analyses(self, messages: list[ProgressMessage]) -> None:
        """Go on showing each analysis in its message (one Postal posted before)."""
        for shown in messages:
            follower = asyncio.create_task(
                follow_in_message(self, shown), name=f"postal-analysis-{shown.game.id}"
            )
            self._analysis_followers.add(follower)
            follower.add_done_callback(self._analysis_followers.discard)

    def track(self, interaction: discord.Interaction | None = None) -> None:
        """Count the current task (a command or button handler, for ``interaction``) as in
        flight until it ends, so ``close`` lets it finish before closing the store (and
        answers its user if it has to cancel it)."""
        task = asyncio.current_task()
        if task is not None and task not in self._in_flight:
            self._in_flight.add(task)
            task.add_done_callback(self._in_flight.discard)
            if interaction is not None:
                self._in_flight_for[task] = interaction
                task.add_done_callback(self._forget_interaction)

    def takes_event(self) -> bool:
        """Whether a gateway event's handler (the current task) may start its work: not once
        closing began; else it is counted in flight, so ``close`` lets it finish before the
        HTTP session and the store close under it."""
        if self.stopping:
            return False
        self.track()
        return True

    def _forget_interaction(self, task: asyncio.Task[object]) -> None:
        self._in_flight_for.pop(task, None)

    async def close(self) -> None:
        """Stop the background work and let running commands finish, then close the gateway
        and the store. Those two close even when a step before them raises (a background
        task that ended on a database error raises it again here): otherwise the gateway's
        session, and discord.py's heartbeat thread with it, would outlive the bot."""
        try:
            await self._stop_work()
        finally:
            try:
                await super().close()
            finally:
                if self._store is not None and self._owns_store:
                    await self._store.close()
                    self._store = None

    async def _stop_work(self) -> None:
        """Stop each worker in turn. Every step runs even when one before it raises (the
        scheduler's task that ended on a database error raises it again): a worker left
        running would meet the closed store. The first error is raised once all ran."""
        self.stopping = True
        if self._settle is not None:
            self._settle.cancel()
        failed: list[BaseException] = []
        for step in self._stop_steps():
            try:
                await step()
            except Exception as error:
                failed.append(error)
        if failed:
            raise failed[0]

    def _stop_steps(self) -> list[Callable[[], Awaitable[None]]]:
        """The stop's steps, in their order."""
        steps: list[Callable[[], Awaitable[None]]] = [self.scheduler.stop]
        if self.computer_replies is not None:
            # Replies thinking now are dropped; their games still wait for the computer in
            # the store, and the next start answers them.
            steps.append(self.computer_replies.stop)
        steps.append(self.outbox.stop)
        if self._service is not None:
            # Stored as far as they got, resumed at the next start; their askers are told.
            steps.append(self._service_stop)
        steps += [self._analyses_said, self._in_flight_finished, self.boards.stop]
        return steps

    async def _service_stop(self) -> None:
        assert self._service is not None
        await self._service.analysis.close()
        self._service.animations.close()

    async def _analyses_said(self) -> None:
        if self._analysis_followers:
            # Each says in its message that the analysis carries on after the restart.
            await asyncio.wait(self._analysis_followers, timeout=SHUTDOWN_CANCEL_SECONDS)

    async def _in_flight_finished(self) -> None:
        await self._finish_in_flight(SHUTDOWN_GRACE_SECONDS)

    async def commands_finished(self) -> None:
        """Wait until the commands and presses running now (other than the caller) have
        ended: what they do after their answer (storing a message id) is done then."""
        current = asyncio.current_task()
        running = [t for t in self._in_flight if t is not current and not t.done()]
        if running:
            await asyncio.wait(running)

    async def _finish_in_flight(self, grace: float) -> None:
        """Let the commands and presses running now, and any that start meanwhile (the
        gateway is still open), finish within ``grace`` seconds; cancel the rest, which rolls
        back their transactions."""
        loop = asyncio.get_running_loop()
        current = asyncio.current_task()
        deadline = loop.time() + grace
        while True:
            running = [t for t in self._in_flight if t is not current and not t.done()]
            left = deadline - loop.time()
            if not running or left <= 0:
                break
            await asyncio.wait(running, timeout=left)
        cut = [self._in_flight_for[task] for task in running if task in self._in_flight_for]
        for task in running:
            _log.warning("shutdown: cancelling a command still running after %.0f s", grace)
            task.cancel()
        if running:
            await asyncio.wait(running, timeout=SHUTDOWN_CANCEL_SECONDS)
        # Their users are told (a deferred one would show "thinking…" for ever), while the
        # HTTP session is still open.
        await asyncio.gather(*(answer_cut_short(interaction) for interaction in cut))

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: object
    ) -> None:
        """After a command, tell its user what Postal learned while posting on its own
        (a permission it lacks in one of their games' places, a place that is gone)."""
        found = await self.service.deliveries.notices_for(interaction.user.id)
        if found:
            await self.reply(interaction, outbox_messages.notices(found))

    def _schedule_changed(self) -> None:
        # Called by the service after every change that may move the next wake-up; bursts
        # of moves coalesce into one scheduler round.
        if self._settle is None:
            self._settle = asyncio.get_running_loop().call_later(
                SCHEDULE_SETTLE_SECONDS, self._settled
            )

    def _computer_turn(self) -> None:
        # A game became the computer's to move: its queue looks at once (a move against it
        # should be answered within seconds); other moves never touch the queue.
        if self.computer_replies is not None:
            self.computer_replies.wake()

    def _settled(self) -> None:
        self._settle = None
        self.scheduler.wake()
        self.outbox.wake()

    # The commands' hash is read and written at start-up only: another process starting on
    # the same database may hold its write lock a moment (``when_available`` waits).
    async def _load_sync_hash(self) -> str | None:
        store = self._store
        assert store is not None
        return await when_available(
            "reading the commands' hash", lambda: store.bot_state.get(COMMANDS_HASH_KEY)
        )

    async def _save_sync_hash(self, digest: str) -> None:
        store = self._store
        assert store is not None
        await when_available(
            "saving the commands' hash", lambda: store.bot_state.set(COMMANDS_HASH_KEY, digest)
        )

    # ------------------------------------------------------------------ rendering

    async def render(self, board: BoardView) -> bytes:
        """The PNG of ``board``, drawn off the event loop."""
        return await asyncio.to_thread(board.render_png)

    # ------------------------------------------------------------------ answering

    async def reply(
        self,
        interaction: discord.Interaction,
        reply: Reply | Callable[[], Reply],
        *,
        answering: str | None = None,
    ) -> int | None:
        """Answer ``interaction`` with ``reply``; returns the message id if known. A board
        message posted in its game's place becomes the game's board (the previous one
        loses its buttons). ``answering``: the outbox rows the answer stands for
        (``MovePlayed.answering``), done when it lands and sent by the outbox if it is lost.

        ``reply`` given as a function is worded for its readers: in the reader's language
        when it is ephemeral, again in the server's when the whole channel sees it."""
        built = reply if isinstance(reply, Reply) else reply()
        language = language_for(interaction, ephemeral=built.ephemeral)
        if not isinstance(reply, Reply) and language is not current_locale():
            with using(language):
                built = reply()
        with using(language):
            return await self._answer(interaction, built, answering)

    async def _answer(
        self, interaction: discord.Interaction, reply: Reply, answering: str | None
    ) -> int | None:
        if reply.layout and reply.game_id is not None and not reply.recent:
            recent = await self.service.board_menus.recent_moves(
                reply.game_id, reader=interaction.user.id, shared=not reply.ephemeral
            )
            reply = replace(reply, recent=recent)
        fields = message_fields(reply)
        view = fields.get("view")  # kept: the board's buttons go without reading it back
        try:
            message_id = await answer(interaction, reply, self.render, fields)
        except Exception:
            if answering is not None and reply.game_id is not None:
                await self.answers.lost(interaction, reply.game_id, answering)
            raise
        channel_id = interaction.channel_id
        game_id = reply.game_id
        if game_id is None:
            return message_id
        if message_id is not None and channel_id is not None and not reply.ephemeral:
            if channel_id == reply.place_id:
                if await self.boards.replaced(
                    game_id, channel_id, message_id, view, answered=answering
                ):
                    # Rows wait behind the answer's in the game's lane (its copies for the
                    # game's other places): the sender's rounds while the answer was under
                    # way skipped them, and nothing else wakes it (idle, it sleeps a minute).
                    self.outbox.wake()
                return message_id
            # A board answered in the game's thread in another server: that place's board.
            place_id = await self.service.reports.other_place_at(game_id, channel_id)
            if place_id is not None:
                await self.boards.replaced(game_id, channel_id, message_id, view, place_id=place_id)
        if answering is not None and await self.service.deliveries.answered(
            game_id, answering, channel_id, message_id
        ):
            self.outbox.wake()  # as above
        return message_id

    async def post_challenge(
        self, interaction: discord.Interaction, result: ChallengeCreated
    ) -> None:
        """Answer ``interaction`` with the new challenge and store its message id; the same
        challenge sent again meanwhile waits for that id (``challenge_posts``) to link to it."""
        async with self.challenge_posts.posting(result.challenge.id) as posted:
            message_id = await self.reply(interaction, lambda: messages.challenge_created(result))
            posted(message_id)
            if message_id is not None and await self.service.challenges.set_challenge_message(
                result.challenge.id, message_id
            ):
                self.outbox.wake()

    async def challenge_message(self, challenge_id: int) -> int | None:
        """The id of the challenge's message: once posted if it is being posted now, else
        as stored (None if none is)."""
        posted = await self.challenge_posts.message_id(challenge_id)
        if posted is not None:
            return posted
        # The same challenge again may have read the first before its id was stored, and
        # the post may have ended since: the store has it now.
        return await self.service.challenges.challenge_message(challenge_id)

    async def announce_move(self, interaction: discord.Interaction, result: MovePlayed) -> None:
        """The public after-move message, pinging the player it is news for if they want
        mentions and may be where it is said (``mentioned``; a DM for those who chose DMs
        is an outbox row of the move itself)."""
        mention = await mentioned.move_mention(self, interaction, result)
        await self.reply(
            interaction,
            lambda: messages.move_played(result, mention_player=mention),
            answering=result.answering,
        )
        game = result.game
        if result.lapsed_offers:  # their buttons come off by outbox rows (OFFER_CLOSED)
            self.outbox.wake()
        self.wake_outbox_for(result.notify, *((game.white, game.black) if result.ending else ()))

    def wake_outbox_for(self, *players: PlayerRef | None) -> None:
        """Wake the sender when the change just made wrote DMs for some of ``players`` (a
        move by players who want mentions wrote no row: no round for every move)."""
        if any(p is not None and p.notify is NotifyMode.DM for p in players):
            self.outbox.wake()

    async def ending_reply(
        self, interaction: discord.Interaction, result: GameEnded
    ) -> Callable[[], Reply]:
        """The message announcing an ending (worded by ``reply``), mentioning the players who
        want mentions (the others hear of it by DM, through the outbox) and may be mentioned
        where it is said (``mentioned``). The sender is woken: an ending writes rows for
        the players' DMs, the game's other places, the offer it answered (a draw agreed)."""
        self.outbox.wake()
        pinged = await mentioned.ending_mentions(self, interaction, result)
        return lambda: messages.game_ended(result, pinged)

    async def announce_ending(self, interaction: discord.Interaction, result: GameEnded) -> None:
        """The ending answered to the command that caused it; typed away from the game's
        place, the service posts it there (an outbox row) and the typist gets a note."""
        place = place_of(interaction)
        if result.game.place.target_id != place.target_id:
            self.outbox.wake()
            game = await self.service.reports.seen_from(result.game, place)
            result = replace(result, game=game)  # the note's link: where they can read it
            await self.reply(interaction, lambda: messages.ended_elsewhere(result))
        else:
            await self.reply(interaction, await self.ending_reply(interaction, result))

    async def announce_move_elsewhere(
        self, interaction: discord.Interaction, result: MovePlayed
    ) -> None:
        """A move typed away from its game: the service wrote the board with the mention as
        an outbox row for the game's place; the mover gets a private note with a link (to
        the game's thread in their own server when they typed there: ``seen_from``)."""
        self.outbox.wake()
        game = await self.service.reports.seen_from(result.game, place_of(interaction))
        result = replace(result, game=game)
        await self.reply(interaction, lambda: messages.played_elsewhere(result))

    # ------------------------------------------------------------------ buttons

    async def on_button(self, interaction: discord.Interaction, custom_id: str) -> None:
        """A Postal button was pressed (``PostalButton`` calls this)."""
        await self.on_choice(interaction, custom_id, ())

    async def on_choice(
        self, interaction: discord.Interaction, custom_id: str, values: tuple[str, ...]
    ) -> None:
        """A Postal button, select menu (``values`` chosen) or form (``values`` typed)."""
        self.track(interaction)
        if self.stopping:  # before any await: see PostalTree.interaction_check
            await report_error(interaction, ShuttingDown())
            return
        await answer_in_users_language(interaction)
        await handle_press(self, interaction, custom_id, values)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A submitted Postal form (the move typed in Move…): forms are not kept in memory,
        their ``custom_id`` says what they are for, so they work after a restart too. And a
        press of a component its message no longer shows (``press_left_unanswered``)."""
        left = press_left_unanswered(interaction)
        if left is not None:  # a press that raced the edit taking its component away
            await self.on_choice(interaction, *left)
            return
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        # Only the move form: other forms (``/conditional add``) are discord.py's own modals.
        if custom_id.startswith(MOVE_FORM_PREFIX):
            await self.on_choice(interaction, custom_id, typed_values(data))
