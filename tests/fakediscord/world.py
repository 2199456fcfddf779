"""The world a test builds in the fake Discord and changes as moderators and Discord do:
servers, users, roles, invites, channels, threads and DMs, the bot's permissions in them,
and the payloads the gateway tells the bot them by."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from tests.fakediscord.model import (
    ATTACH_FILES,
    DISCORD_LOCALES,
    DM,
    EMBED_LINKS,
    GUILD_FORUM,
    GUILD_MEMBERS,
    GUILD_TEXT,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    THREAD_FROM_MESSAGE,
    THREAD_TYPES,
    VIEW_CHANNEL,
    FakeChannel,
    FakeUser,
    now_iso,
)
from tests.fakediscord.state import FakeState


class World(FakeState):
    """Adding and changing servers, users, roles, channels and threads, each told to the
    bot as Discord tells it (GUILD_CREATE, CHANNEL_CREATE, THREAD_UPDATE...)."""

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

    def update_member(
        self, user: FakeUser, roles: Iterable[int], guild_id: int | None = None
    ) -> None:
        """A moderator sets ``user``'s roles (in the first server by default): later
        interactions and GET member carry the new ones. Discord tells a bot
        GUILD_MEMBER_UPDATE only with the privileged GUILD_MEMBERS intent, so a bot without
        it (Postal) learns nothing until it asks."""
        user.roles = tuple(roles)
        data = {"guild_id": str(guild_id or self.guild_id), **self._member(user)}
        self._dispatch("GUILD_MEMBER_UPDATE", data, intent=GUILD_MEMBERS)

    def remove_member(self, user: FakeUser, guild_id: int | None = None) -> None:
        """``user`` leaves the server (default: the first): its channels are no longer
        theirs, and GET member answers 10007 Unknown Member; GUILD_MEMBER_REMOVE goes only
        to a bot with the GUILD_MEMBERS intent."""
        guild = guild_id or self.guild_id
        user.guild_ids = frozenset(self.guild_names if user.guild_ids is None else user.guild_ids)
        user.guild_ids -= {guild}
        user.roles = tuple(r for r in user.roles if self.roles.get(r, (0, ""))[0] != guild)
        data = {"guild_id": str(guild), "user": user.payload()}
        self._dispatch("GUILD_MEMBER_REMOVE", data, intent=GUILD_MEMBERS)

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

    def can_read(self, user: FakeUser, channel: FakeChannel) -> bool:
        """Whether ``user`` sees ``channel``: only a member of its server (Discord shows a
        server's channels to its members alone); a private thread only its members and
        those who may Manage Threads; every other channel of their servers, everyone."""
        if not user.is_member_of(channel.guild_id):
            return False
        if channel.type != PRIVATE_THREAD:
            return True
        return user.id in channel.member_ids or bool(user.permissions & MANAGE_THREADS)

    def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a channel (or thread): Discord answers 10003 Unknown Channel from now on."""
        del self.channels[channel.id]
        self.deleted_channels.add(channel.id)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self._dispatch(event, channel.payload())

    def remove_bot(self, guild_id: int) -> None:
        """Postal is removed from the server (Discord sends GUILD_DELETE): it reaches none of
        its channels any more (403 Missing Access)."""
        self.bot_guild_ids.discard(guild_id)
        self._dispatch("GUILD_DELETE", {"id": str(guild_id)})

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
