"""What the fake Discord holds (servers, channels, users, messages, interactions, commands)
and the test's handles on it: looking, waiting, scripting faults. Adding to it and changing
it is ``tests.fakediscord.world``'s."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakediscord.identify import IdentifyLimit
from tests.fakediscord.limits import (
    EDIT_MESSAGE_LIMIT,
    GLOBAL_LIMIT,
    OLD_EDIT_LIMIT,
    POST_MESSAGE_LIMIT,
    SCRIPTED_FAULTS,
    Faults,
    Window,
)
from tests.fakediscord.model import (
    BOT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    INTERACTION_TOKEN_SECONDS,
    Call,
    DiscordError,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    SentBody,
)

if TYPE_CHECKING:
    from tests.fakediscord.gateway import GatewaySession


class FakeState:
    """The fake's world: its servers, channels, users, messages and what the bot sent."""

    def __init__(
        self,
        *,
        token: str = "fake-token",
        bot_permissions: int = BOT_PERMISSIONS,
        privileged_intents_enabled: bool = False,
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        self.token = token
        # Tests that cannot wait 15 minutes shorten this, and the bot's own idea of it.
        self.interaction_token_seconds: float = INTERACTION_TOKEN_SECONDS
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.heartbeats = 0
        self.bot_permissions = bot_permissions
        self.privileged_intents_enabled = privileged_intents_enabled
        self._ids = itertools.count(1_300_000_000_000_000_000)
        self.application_id = self.new_id()
        self.bot_user = FakeUser(self.application_id, "Postal", bot=True)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.owner = FakeUser(self.new_id(), "owner")
        self.users[self.owner.id] = self.owner
        # The first server; ``add_guild`` adds more (the bot is a member of each).
        self.guild_id = self.new_id()
        self.guild_names: dict[int, str] = {self.guild_id: "Postal Club"}
        # The servers Postal is in: it reaches no channel of another (``remove_bot``).
        self.bot_guild_ids: set[int] = {self.guild_id}
        # Each server's language (its preferred_locale; interactions' guild_locale).
        self.guild_locales: dict[int, str] = {}
        # Each server's system channel (where Discord posts its welcome messages), if set.
        self.system_channels: dict[int, int] = {}
        # Invite codes (GET /invites/{code}): code -> (server, channel, still valid).
        self.invites: dict[str, tuple[int, int, bool]] = {}
        # Each server's roles besides @everyone: role id -> (server id, name).
        self.roles: dict[int, tuple[int, str]] = {}
        # Roles anyone may mention (a role's "Allow anyone to @mention this role").
        self.mentionable_roles: set[int] = set()
        self.channels: dict[int, FakeChannel] = {}
        self._sockets: list[GatewaySession] = []
        # The first server's first text channel (``World.add_channel`` adds more).
        self.channel = FakeChannel(
            self.new_id(), "general", guild_id=self.guild_id, bot_id=self.bot_user.id
        )
        self.channels[self.channel.id] = self.channel
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.command_puts: list[str] = []
        # Each PATCH of a thread by the bot (archiving, unarchiving), by thread id.
        self.thread_edits: dict[int, list[dict[str, Any]]] = {}
        self.calls: list[Call] = []
        # The scheduled events the bot created (POST /guilds/{id}/scheduled-events).
        self.scheduled_events: list[dict[str, Any]] = []
        # The JSON body of every request that had one (``payload_json`` of a multipart one).
        self.bodies: list[SentBody] = []
        # Edits of channel messages per channel (PATCH /channels/{id}/messages/{id}): past
        # the limit Discord answers 429 until the channel's window resets.
        self.edit_limit = EDIT_MESSAGE_LIMIT
        # Posts in a channel (POST /channels/{id}/messages), counted apart from the edits.
        self.post_limit = POST_MESSAGE_LIMIT
        # Edits of messages older than an hour, per channel, besides (``OLD_EDIT_LIMIT``);
        # ``old_edit_retry_after`` False: its 429 says no ``retry_after``.
        self.old_edit_limit = OLD_EDIT_LIMIT
        self.old_edit_retry_after = True
        # Those three windows' length against Discord's (``quicken_windows``).
        self.window_scale = 1.0
        self._windows: dict[tuple[str, int], Window] = {}
        # All the bot's requests that count toward Discord's global limit, per second: past
        # it a global 429, and a violation (Postal paces itself well below it).
        self.global_limit = GLOBAL_LIMIT
        self._global_window: Window | None = None
        # The clock of those windows (a test may turn it by hand).
        self.clock: Callable[[], float] = time.monotonic
        # The wall clock of threads' inactivity (the harness gives the bot's hand-moved one).
        self.wall: Callable[[], datetime] = lambda: datetime.now(UTC)
        self.faults: Faults | None = None
        self._scripted: list[tuple[str, str, str, int]] = []
        # Create Message nonces: nonce -> (message id, when); Discord remembers "a few minutes".
        self.nonce_memory_seconds = 300.0
        self._nonces: dict[str, tuple[int, float]] = {}
        self.nonce_repeats = 0
        self.deleted_channels: set[int] = set()
        self.violations: list[str] = []
        # Interactions whose public "thinking…" message the bot deleted, and those for which
        # a test expects it (``expect_flash``).
        self.flashes: list[int] = []
        self._flashes_expected: set[int] = set()
        self.identify_payloads: list[dict[str, Any]] = []
        # Sharding as Discord does it: GET /gateway/bot recommends ``recommended_shards``; an
        # IDENTIFY with fewer than ``required_shards`` is closed with 4011 (a bot in too many
        # guilds), an invalid [shard_id, num_shards] with 4010; ``close_on_identify`` closes
        # every IDENTIFY with that code (4004 authentication failed, 4013 invalid intents...).
        self.recommended_shards = 1
        self.required_shards = 1
        self.close_on_identify: int | None = None
        # Session starts: one IDENTIFY per bucket (shard_id % max_concurrency) per 5 s of
        # ``clock``, whichever connection sends it; one too soon is answered with an Invalid
        # Session (op 9) and is a violation (``tests.fakediscord.identify``).
        self.identify_limit = IdentifyLimit(clock=lambda: self.clock())
        # False during a gateway outage (``gateway_outage``): connections are refused with a
        # 503 before the websocket handshake; ``gateway_refused`` counts them.
        self.gateway_up = True
        self.gateway_refused = 0
        # Cleared, answers to channel posts wait until it is set again (``_pass_gate``).
        self.posting = asyncio.Event()
        self.posting.set()
        self.held_posts = 0
        # Cleared, answers to interaction callbacks wait the same way (``held_answers``).
        self.answering = asyncio.Event()
        self.answering.set()
        self.held_answers = 0
        # Cleared, answers to interactions (callbacks, follow-ups) are held before they take
        # effect, counted in ``held_arrivals``, and dropped with their connection once it is
        # set again: a request still on its way when the bot was killed.
        self.arriving = asyncio.Event()
        self.arriving.set()
        self.held_arrivals = 0
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def new_id(self) -> int:
        return next(self._ids)

    def _id_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A new id whose server would be on ``shard_id`` of ``shard_count``: the shard is
        ``(id >> 22) % shard_count``, so ids step by 2**22 until it fits (later ids follow)."""
        candidate = self.new_id()
        while (candidate >> 22) % shard_count != shard_id:
            candidate += 1 << 22
        self._ids = itertools.count(candidate + 1)
        return candidate

    def _snowflake(self, moment: float) -> int:
        """A snowflake of ``moment`` (epoch seconds), unique within this fake."""
        milliseconds = int(moment * 1000) - DISCORD_EPOCH_MS
        return (milliseconds << 22) | (next(self._ids) & 0x3FFFFF)

    def fail_next(
        self, method: str, path_contains: str, fault: str = "503", *, times: int = 1
    ) -> None:
        """Make the next ``times`` calls ``method`` to a path containing ``path_contains``
        fail with ``fault`` (one of ``SCRIPTED_FAULTS``)."""
        if fault not in SCRIPTED_FAULTS:
            raise ValueError(f"unknown fault {fault!r}")
        self._scripted.append((method, path_contains, fault, times))

    def expect_flash(self, interaction: FakeInteraction) -> None:
        """The bot may delete ``interaction``'s public "thinking…" message: the test made
        the public deferral a wrong guess (the answer turned out private)."""
        self._flashes_expected.add(interaction.id)

    def max_rate(self, window: float = 1.0) -> int:
        """The most calls counting toward Discord's global limit that started within any
        ``window`` seconds."""
        starts = sorted(c.started for c in self.calls if c.counts_toward_global_limit)
        best, first = 0, 0
        for last, moment in enumerate(starts):
            while starts[first] <= moment - window:
                first += 1
            best = max(best, last - first + 1)
        return best

    def channel_messages(
        self, channel_id: int, *, include_ephemeral: bool = False
    ) -> list[FakeMessage]:
        """Messages in a channel in order; public ones only unless asked."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and not m.loading
            and (include_ephemeral or not m.ephemeral)
        ]

    def stray_mentions(self) -> list[tuple[FakeMessage, int]]:
        """Each ping (``FakeMessage.mentions``: allowed by the message's
        ``allowed_mentions``) of a user who is not a member of the server the message was
        posted in: Discord delivers no such ping, and the id shows as an unknown user, so
        a product that sends one has mentioned someone who cannot see the place."""
        stray = []
        for message in self.messages.values():
            channel = self.channels.get(message.channel_id)
            guild_id = None if channel is None else channel.guild_id
            for user_id in message.mentions:
                user = self.users.get(user_id)
                if user is not None and not user.is_member_of(guild_id):
                    stray.append((message, user_id))
        return stray

    def still_thinking(self) -> list[FakeInteraction]:
        """Interactions whose deferred "thinking" message was never filled in."""
        return [
            i for i in self.interactions.values() if i.original is not None and i.original.loading
        ]

    def public_messages(self) -> list[FakeMessage]:
        return [m for m in self.messages.values() if not m.ephemeral and not m.loading]

    def commands(self, guild_id: int | None = None) -> dict[str, dict[str, Any]]:
        """Registered commands by name: the guild's when ``guild_id`` is given, else global."""
        registered = (
            self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])
        )
        return {c["name"]: c for c in registered}

    async def wait_until(self, predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Wait until ``predicate()`` is truthy (checked after every change); return its value."""
        async with self._changed:
            try:
                return await asyncio.wait_for(self._changed.wait_for(predicate), timeout)
            except TimeoutError:
                raise AssertionError(
                    f"timed out after {timeout}s; violations: {self.violations}; "
                    f"last calls: {[(c.method, c.path, c.status) for c in self.calls[-5:]]}"
                ) from None

    async def gateway_outage(self) -> None:
        """Discord's gateway goes down: every session is dropped with close code 1011 (an
        internal error, after which a client reconnects) and every new connection is refused
        with 503 until ``gateway_restored``. REST keeps answering."""
        self.gateway_up = False
        for session in list(self._sockets):
            await session.ws.close(code=1011, message=b"Internal error.")

    def gateway_restored(self) -> None:
        self.gateway_up = True

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def _resolve_channel(self, channel: FakeChannel | int | None) -> FakeChannel:
        if channel is None:
            return self.channel
        if isinstance(channel, FakeChannel):
            return channel
        return self.channels[channel]

    def _violation(self, status: int, code: int, message: str) -> DiscordError:
        self.violations.append(message)
        return DiscordError(status, code, message)

    def _dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        # Discord sends a guild's events on the one shard that owns the guild, the rest
        # (direct messages) on shard 0: a sharded bot must not see an interaction twice.
        # A guild's own events (GUILD_CREATE...) carry its id as "id", not "guild_id".
        own = event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
        guild = data.get("id") if own else data.get("guild_id")
        for session in list(self._sockets):
            wanted = not intent or session.intents & intent
            if wanted and session.owns(int(guild) if guild is not None else None):
                session.send_dispatch(event, data)
