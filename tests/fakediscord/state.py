"""What the fake Discord holds (servers, channels, users, messages, interactions, commands)
and the test's handles on it: adding, looking, waiting."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
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
    ATTACH_FILES,
    BOT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    DISCORD_LOCALES,
    DM,
    EMBED_LINKS,
    GUILD_FORUM,
    GUILD_TEXT,
    INTERACTION_TOKEN_SECONDS,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    THREAD_FROM_MESSAGE,
    THREAD_TYPES,
    VIEW_CHANNEL,
    Call,
    DiscordError,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    SentBody,
    now_iso,
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
        self.owner = self.add_user("owner")
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
        self.channel = self.add_channel("general")
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

    def add_user(
        self,
        name: str,
        *,
        accepts_dms: bool = True,
        bot: bool = False,
        guild_ids: Iterable[int] | None = None,
    ) -> FakeUser:
        """A new guild member called ``name``: of ``guild_ids`` alone when given, else of
        every server of the fake."""
        members = None if guild_ids is None else frozenset(guild_ids)
        user = FakeUser(self.new_id(), name, bot=bot, accepts_dms=accepts_dms, guild_ids=members)
        self.users[user.id] = user
        return user

    def add_role(self, name: str, guild_id: int | None = None, *, mentionable: bool = False) -> int:
        """A new role in the server (default: the first), told to the bot as Discord tells
        it (GUILD_ROLE_CREATE); returns its id. Members get it in ``FakeUser.roles``;
        ``mentionable``: anyone may ping it."""
        guild = guild_id or self.guild_id
        role_id = self.new_id()
        self.roles[role_id] = (guild, name)
        if mentionable:
            self.mentionable_roles.add(role_id)
        self._dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild), "role": self.role(role_id)})
        return role_id

    def role(self, role_id: int) -> dict[str, Any]:
        """A role object of ``add_role``'s role (no permissions of its own)."""
        _, name = self.roles[role_id]
        return {
            **self._role(role_id),
            "name": name,
            "permissions": "0",
            "position": 1,
            "mentionable": role_id in self.mentionable_roles,
        }

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> FakeChannel:
        """Another server with Postal in it (the bot gets its GUILD_CREATE, as when it is
        invited); returns its first text channel, ``general``. ``shard`` (shard id, shard
        count): give the server an id that Discord's formula puts on that shard."""
        guild_id = self.new_id() if shard is None else self._id_on_shard(*shard)
        self.guild_names[guild_id] = name
        self.bot_guild_ids.add(guild_id)
        channel = FakeChannel(self.new_id(), "general", guild_id=guild_id, bot_id=self.bot_user.id)
        self.channels[channel.id] = channel
        self._dispatch("GUILD_CREATE", self.guild_payload(guild_id))
        return channel

    def add_invite(self, channel: FakeChannel, *, valid: bool = True) -> str:
        """A new invite code to ``channel``'s server (``valid`` False: one that expired
        or was revoked, which Discord answers 10006 Unknown Invite for)."""
        assert channel.guild_id is not None
        code = f"inv{len(self.invites):04d}x"
        self.invites[code] = (channel.guild_id, channel.id, valid)
        return code

    def set_system_channel(self, channel: FakeChannel) -> None:
        """A moderator makes ``channel`` its server's system channel (GUILD_UPDATE)."""
        assert channel.guild_id is not None
        self.system_channels[channel.guild_id] = channel.id
        self._dispatch("GUILD_UPDATE", self.guild_payload(channel.guild_id))

    def guild_locale(self, guild_id: int | None = None) -> str:
        """The server's language (Discord's ``preferred_locale``; ``en-US`` by default)."""
        return self.guild_locales.get(guild_id or self.guild_id, "en-US")

    def set_guild_locale(self, locale: str, guild_id: int | None = None) -> None:
        """A moderator changes the server's language (Discord sends GUILD_UPDATE)."""
        if locale not in DISCORD_LOCALES:
            raise ValueError(f"Discord has no locale {locale!r}")
        guild_id = guild_id or self.guild_id
        self.guild_locales[guild_id] = locale
        self._dispatch("GUILD_UPDATE", self.guild_payload(guild_id))

    def add_channel(
        self, name: str, *, type: int = GUILD_TEXT, guild_id: int | None = None
    ) -> FakeChannel:
        """A new channel (text by default; voice, announcement or forum by ``type``) of the
        first server, or of ``guild_id``."""
        if type in THREAD_TYPES or type == DM:
            raise ValueError("use add_thread for threads and open a DM through the API")
        guild_id = guild_id or self.guild_id
        if guild_id not in self.guild_names:
            raise ValueError(f"no server {guild_id}")
        channel = FakeChannel(
            self.new_id(), name, type=type, guild_id=guild_id, bot_id=self.bot_user.id
        )
        self.channels[channel.id] = channel
        self._dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    def add_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        type: int | None = None,
        owner: FakeUser | None = None,
        archived: bool = False,
        locked: bool = False,
    ) -> FakeChannel:
        """A thread someone else opened in ``parent`` (a post when ``parent`` is a forum)."""
        if type is None:
            type = THREAD_FROM_MESSAGE.get(parent.type, PUBLIC_THREAD)
        if type not in THREAD_TYPES or parent.type not in (*THREAD_FROM_MESSAGE, GUILD_FORUM):
            raise ValueError(f"no thread of type {type} in a channel of type {parent.type}")
        thread = FakeChannel(
            self.new_id(),
            name,
            type=type,
            parent_id=parent.id,
            guild_id=parent.guild_id,
            owner_id=(owner or self.owner).id,
            archived=archived,
            locked=locked,
            bot_id=self.bot_user.id,
            member_ids={(owner or self.owner).id},
            active_at=self.wall(),
        )
        self.channels[thread.id] = thread
        self._dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    def remove_bot(self, guild_id: int) -> None:
        """Postal is removed from the server (Discord sends GUILD_DELETE): it reaches none of
        its channels any more (403 Missing Access)."""
        self.bot_guild_ids.discard(guild_id)
        self._dispatch("GUILD_DELETE", {"id": str(guild_id)})

    def can_read(self, user: FakeUser, channel: FakeChannel) -> bool:
        """Whether ``user`` sees ``channel``: only a member of its server (Discord shows a
        server's channels to its members alone); a private thread only its members and
        those who may Manage Threads; every other channel of their servers, everyone."""
        if not user.is_member_of(channel.guild_id):
            return False
        if channel.type != PRIVATE_THREAD:
            return True
        return user.id in channel.member_ids or bool(user.permissions & MANAGE_THREADS)

    def add_thread_member(self, thread: FakeChannel, user: FakeUser) -> None:
        """Add ``user`` (the bot, say, when someone mentions it) to ``thread``."""
        thread.member_ids.add(user.id)
        if user is self.bot_user:
            self._dispatch("THREAD_CREATE", thread.payload())

    def dm_with(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (opened if needed), where they type commands."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient is user:
                return channel
        channel = FakeChannel(self.new_id(), f"dm-{user.name}", type=DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def set_thread_state(
        self, thread: FakeChannel, *, archived: bool, locked: bool | None = None
    ) -> None:
        """Archive (or unarchive, lock) a thread as a moderator or the inactivity timer does."""
        if thread.archived and not archived:
            thread.active_at = self.wall()  # unarchiving is activity
        thread.archived = archived
        if locked is not None:
            thread.locked = locked
        self._dispatch("THREAD_UPDATE", thread.payload())

    def set_channel_permissions(
        self, channel: FakeChannel, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Give the bot a permission overwrite on ``channel`` (and so on its threads)."""
        if channel.is_thread or channel.type == DM:
            raise ValueError("threads and DMs have no permission overwrites")
        channel.bot_allow, channel.bot_deny = allow, deny
        self._dispatch("CHANNEL_UPDATE", channel.payload())

    def channel_permissions(self, channel: FakeChannel) -> int:
        """The bot's permissions in ``channel``: the @everyone role, then the bot's overwrite
        on the channel (a thread's are its parent's). Without View Channel, nothing."""
        if channel.type == DM:
            return VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
        source = channel
        if channel.is_thread and channel.parent_id is not None:
            source = self.channels[channel.parent_id]
        permissions = (self.bot_permissions & ~source.bot_deny) | source.bot_allow
        return permissions if permissions & VIEW_CHANNEL else 0

    def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a channel (or thread): Discord answers 10003 Unknown Channel from now on."""
        del self.channels[channel.id]
        self.deleted_channels.add(channel.id)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self._dispatch(event, channel.payload())

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

    def set_bot_permissions(self, permissions: int) -> None:
        """Change the bot's permissions and tell the bot, as a role update does."""
        self.bot_permissions = permissions
        for guild_id in self.guild_names:
            role = self._role(guild_id)
            self._dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(guild_id), "role": role})

    def threads(self) -> list[FakeChannel]:
        """Every thread (and forum post), in the order they were opened."""
        self.archive_idle_threads()
        return [c for c in self.channels.values() if c.is_thread]

    def archive_idle_threads(self) -> list[FakeChannel]:
        """Archive, as Discord does, each active thread left without activity (a message,
        unarchiving, a change of its auto-archive time) for its ``auto_archive_duration``
        on the wall clock; returns them. Run before each request and interaction, so the
        bot meets a thread in the state Discord would have it in by then."""
        now = self.wall()
        idle = [
            c
            for c in self.channels.values()
            if c.is_thread
            and not c.archived
            and c.active_at is not None
            and now - c.active_at >= timedelta(minutes=c.auto_archive_duration)
        ]
        for thread in idle:
            self.set_thread_state(thread, archived=True)
        return idle

    def touch(self, channel_id: int) -> None:
        """A message in ``channel_id``: activity, when it is a thread."""
        channel = self.channels.get(channel_id)
        if channel is not None and channel.is_thread:
            channel.active_at = self.wall()

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

    def _member(self, user: FakeUser) -> dict[str, Any]:
        return {
            "user": user.payload(),
            "roles": [str(role) for role in user.roles],
            "joined_at": now_iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": user.nick,
            "avatar": None,
            "pending": False,
            "permissions": str(user.permissions),
        }

    def _resolve_channel(self, channel: FakeChannel | int | None) -> FakeChannel:
        if channel is None:
            return self.channel
        if isinstance(channel, FakeChannel):
            return channel
        return self.channels[channel]

    def _violation(self, status: int, code: int, message: str) -> DiscordError:
        self.violations.append(message)
        return DiscordError(status, code, message)

    def _role(self, guild_id: int) -> dict[str, Any]:
        """A server's @everyone role (its id is the server's)."""
        return {
            "id": str(guild_id),
            "name": "@everyone",
            "permissions": str(self.bot_permissions),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }

    def guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        """GUILD_CREATE's payload for the first server, or ``guild_id``."""
        guild_id = guild_id or self.guild_id
        mine = [c for c in self.channels.values() if c.type != DM and c.guild_id == guild_id]
        channels = [c.payload() for c in mine if not c.is_thread]
        threads = [c.payload() for c in mine if c.is_thread and not c.archived]
        return {
            "id": str(guild_id),
            "name": self.guild_names[guild_id],
            "icon": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                self._role(guild_id),
                *(self.role(role) for role, (guild, _) in self.roles.items() if guild == guild_id),
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": (
                str(self.system_channels[guild_id]) if guild_id in self.system_channels else None
            ),
            "premium_tier": 0,
            "preferred_locale": self.guild_locale(guild_id),
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "member_count": len(self.users),
            "members": [self._member(self.bot_user)],
            "channels": channels,
            "threads": threads,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": now_iso(),
        }

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
