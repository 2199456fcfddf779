"""The fake's constants (permission bits, types, limits of Discord's documentation) and
the objects it keeps: users, channels, messages, files, interactions, calls."""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from tests.fake_components import (
    IS_COMPONENTS_V2,
    media_urls,
    text_of,
    walk,
)

# Permission bits (https://discord.com/developers/docs/topics/permissions).
MANAGE_GUILD = 1 << 5

VIEW_CHANNEL = 1 << 10

SEND_MESSAGES = 1 << 11

EMBED_LINKS = 1 << 14

ATTACH_FILES = 1 << 15

READ_MESSAGE_HISTORY = 1 << 16

USE_APPLICATION_COMMANDS = 1 << 31

CONNECT = 1 << 20

MANAGE_THREADS = 1 << 34
# Creating scheduled events (since 2023; Manage Events, 1 << 33, edits and deletes them).
CREATE_EVENTS = 1 << 44

CREATE_PUBLIC_THREADS = 1 << 35

CREATE_PRIVATE_THREADS = 1 << 36

SEND_MESSAGES_IN_THREADS = 1 << 38
# Send Polls: a message with a poll needs it (Discord's permissions, SEND_POLLS).
SEND_POLLS = 1 << 49
# The gateway intents of MESSAGE_POLL_VOTE_ADD/REMOVE: in servers (GUILD_MESSAGE_POLLS), in
# direct messages (DIRECT_MESSAGE_POLLS).
GUILD_MESSAGE_POLLS = 1 << 24
DIRECT_MESSAGE_POLLS = 1 << 25
# Discord's poll limits (Poll Create Request Object): a question of up to 300 characters,
# 1-10 answers of up to 55, open 1-768 hours (32 days; 24 by default).
POLL_QUESTION_LIMIT, POLL_ANSWER_LIMIT, POLL_ANSWERS, POLL_HOURS = 300, 55, 10, 768

BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
    | CONNECT
)

# GUILD_MEMBER_ADD/UPDATE/REMOVE go only to a bot that asked for this (privileged) intent.
GUILD_MEMBERS = 1 << 1
# Gateway intents that need approval in the developer portal.
PRIVILEGED_INTENTS = {
    GUILD_MEMBERS: "GUILD_MEMBERS",
    1 << 8: "GUILD_PRESENCES",
    1 << 15: "MESSAGE_CONTENT",
}

# Interaction and callback types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7

AUTOCOMPLETE_RESULT, MODAL = 8, 9

EPHEMERAL = 1 << 6

LOADING = 1 << 7

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER = 1, 2, 3, 4, 5, 6

NUMBER = 10

CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 7, 8, 9, 10, 11

# JSON error code of a message sent or edited in a locked thread (without Manage Threads).
THREAD_LOCKED = 160005

ACK_DEADLINE_SECONDS = 3.0

# An interaction's token (its webhook: follow-ups, edits of its messages) works for 15
# minutes; after that Discord answers 401 Invalid Webhook Token (50027).
INTERACTION_TOKEN_SECONDS = 15 * 60

DISCORD_EPOCH_MS = 1_420_070_400_000

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
MAX_ATTACHMENTS = 10  # files a message holds

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types).
GUILD_TEXT, DM, GUILD_VOICE, GUILD_ANNOUNCEMENT = 0, 1, 2, 5

ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD, GUILD_FORUM = 10, 11, 12, 15

THREAD_TYPES = frozenset({ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD})

# Where a message can start a public thread, and the type of thread it becomes.
THREAD_FROM_MESSAGE = {GUILD_TEXT: PUBLIC_THREAD, GUILD_ANNOUNCEMENT: ANNOUNCEMENT_THREAD}

# Interaction context types of application commands.
CONTEXT_GUILD, CONTEXT_BOT_DM, CONTEXT_PRIVATE_CHANNEL = 0, 1, 2

COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")

# Discord's locales (https://discord.com/developers/docs/reference#locales): the only keys
# a name_localizations or description_localizations object may have.
DISCORD_LOCALES = frozenset(
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el "
    "bg ru uk hi th zh-CN ja zh-TW ko".split()
)

MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
# Mention @everyone, @here, and All Roles: a role not mentionable pings only with it.
MENTION_EVERYONE = 1 << 17


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def json_response(body: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly "application/json".
    return web.Response(
        body=json.dumps(body).encode(), status=status, content_type="application/json"
    )


class DiscordError(Exception):
    """An API error the fake answers with (status, Discord error code, message)."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass
class FakeUser:
    """A Discord user; ``accepts_dms`` False makes DMs to them fail like closed DMs do.

    ``name`` is the username; ``global_name`` the display name they chose (Discord's
    ``global_name``, defaulting to the username here); ``nick`` their nickname in the
    fake's server (set by them or by the server's moderators), sent in member objects."""

    id: int
    name: str
    bot: bool = False
    accepts_dms: bool = True
    global_name: str | None = None
    nick: str | None = None
    # The language of the user's Discord client, sent as each interaction's ``locale``.
    locale: str = "en-US"
    # Their permissions in the server, sent in each interaction's member object (a member
    # who may manage the server has MANAGE_GUILD).
    permissions: int = BOT_PERMISSIONS
    # The ids of the server roles they hold (``FakeDiscord.add_role``), sent in member objects.
    roles: tuple[int, ...] = ()
    # The servers they are a member of (None: every server of the fake): a member sees and
    # types only in their own servers' channels and threads.
    guild_ids: frozenset[int] | None = None

    def is_member_of(self, guild_id: int | None) -> bool:
        """Whether the user may see ``guild_id``'s channels (None: outside servers)."""
        return guild_id is None or self.guild_ids is None or guild_id in self.guild_ids

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name if self.global_name is None else self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeChannel:
    """A guild channel of any type, a thread in one, or a DM channel.

    ``bot_allow``/``bot_deny`` are the bot's permission overwrite on this channel (threads
    have none: they inherit their parent's). A thread may be ``archived`` and ``locked``.
    """

    id: int
    name: str
    type: int = GUILD_TEXT
    parent_id: int | None = None
    guild_id: int | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None
    bot_allow: int = 0
    bot_deny: int = 0
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 10080
    # The bot's user id, for the member overwrite in payloads.
    bot_id: int = 0
    # Who was added to the thread (a private thread admits only them and moderators).
    member_ids: set[int] = field(default_factory=set)
    # A thread's last activity (a message, unarchiving, a new auto-archive time), on the
    # fake's wall clock: ``auto_archive_duration`` minutes later Discord archives it.
    active_at: datetime | None = None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "recipients": [self.recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "last_message_id": None,
            "parent_id": None if self.parent_id is None else str(self.parent_id),
            "flags": 0,
            "rate_limit_per_user": 0,
        }
        if self.is_thread:
            metadata: dict[str, Any] = {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": now_iso(),
                "locked": self.locked,
            }
            if self.type == PRIVATE_THREAD:
                metadata["invitable"] = True
            data.update(
                owner_id=str(self.owner_id),
                message_count=0,
                member_count=1,
                total_message_sent=0,
                thread_metadata=metadata,
            )
            return data
        overwrites = []
        if self.bot_allow or self.bot_deny:
            overwrites.append(
                {
                    "id": str(self.bot_id),
                    "type": 1,
                    "allow": str(self.bot_allow),
                    "deny": str(self.bot_deny),
                }
            )
        data.update(position=0, permission_overwrites=overwrites, nsfw=False)
        if self.type in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
            data.update(topic=None, default_auto_archive_duration=1440)
        elif self.type == GUILD_VOICE:
            data.update(bitrate=64000, user_limit=0, rtc_region=None, video_quality_mode=1)
        elif self.type == GUILD_FORUM:
            data.update(
                topic=None,
                available_tags=[],
                default_reaction_emoji=None,
                default_sort_order=None,
                default_forum_layout=0,
                default_thread_rate_limit_per_user=0,
                default_auto_archive_duration=1440,
            )
        return data


@dataclass(frozen=True)
class FakeFile:
    """A file uploaded with a message."""

    id: int
    filename: str
    content: bytes


# A masked link as Discord's markdown reads it; group 1 is the run of backslashes before it.
_MASKED_LINK = re.compile(r"(\\*)\[([^\[\]]*)\]\(\s*<?(https?://[^\s)>]+)>?\s*\)")


@dataclass
class FakeMessage:
    """A message as Discord stores it, with what the bot sent."""

    id: int
    channel_id: int
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    files: list[FakeFile] = field(default_factory=list)
    flags: int = 0
    mentions: list[int] = field(default_factory=list)
    # The roles the message pinged (allowed, and mentionable or the author may ping all).
    role_mentions: list[int] = field(default_factory=list)
    interaction_id: int | None = None
    # The user who alone sees an ephemeral message.
    visible_to: int | None = None
    edits: int = 0
    # When it was sent, on the fake's wall clock (its id is a snowflake of that moment).
    sent_at: datetime | None = None
    # Its poll as Discord stores it (answers numbered from 1, expiry), the voters' answers
    # by user id, and whether it ended (expired, or ended early by its author).
    poll: dict[str, Any] | None = None
    poll_votes: dict[int, set[int]] = field(default_factory=dict)
    poll_ended: bool = False

    def poll_payload(self) -> dict[str, Any] | None:
        """The message's poll with its results (finalized once it ended)."""
        if self.poll is None:
            return None
        counts = [
            {"id": answer["answer_id"], "count": count, "me_voted": False}
            for answer in self.poll["answers"]
            if (count := sum(answer["answer_id"] in v for v in self.poll_votes.values()))
        ]
        results = {"is_finalized": self.poll_ended, "answer_counts": counts}
        return {**self.poll, "results": results}

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def layout(self) -> bool:
        """Whether the message uses components v2 (a ``LayoutView``)."""
        return bool(self.flags & IS_COMPONENTS_V2)

    def buttons(self) -> list[dict[str, Any]]:
        """Every button on the message, in order (inside containers too)."""
        return [c for c in walk(self.components) if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        """Every select menu on the message, in order."""
        return [c for c in walk(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    def media(self) -> list[str]:
        """The URLs a media gallery or file component shows (``attachment://board.png``)."""
        return media_urls(self.components)

    def button(self, label: str) -> dict[str, Any]:
        """The button labelled ``label``; raises LookupError if there is none."""
        for button in self.buttons():
            if button.get("label") == label:
                return button
        labels = [b.get("label") for b in self.buttons()]
        raise LookupError(f"no button {label!r} on message {self.id}: {labels}")

    def masked_links(self) -> list[tuple[str, str]]:
        """(shown text, address) of every masked link Discord would render in the message:
        ``[text](https://…)`` whose opening bracket is not escaped with a backslash (embed
        titles included, where Discord renders none, to be strict)."""
        return [
            (match.group(2), match.group(3))
            for match in _MASKED_LINK.finditer(self.text())
            if len(match.group(1)) % 2 == 0
        ]

    def text(self) -> str:
        """Content and embed text together, as a player reads them."""
        parts = [self.content, *text_of(self.components)]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
            parts.append(embed.get("footer", {}).get("text", ""))
        return "\n".join(p for p in parts if p)

    def file(self, filename: str) -> FakeFile:
        for attached in self.files:
            if attached.filename == filename:
                return attached
        raise LookupError(f"no file {filename!r} on message {self.id}")

    def payload(self, base_url: str) -> dict[str, Any]:
        attachments = [
            {
                "id": str(f.id),
                "filename": f.filename,
                "size": len(f.content),
                "url": f"{base_url}/attachments/{f.id}/{f.filename}",
                "proxy_url": f"{base_url}/attachments/{f.id}/{f.filename}",
            }
            for f in self.files
        ]
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": now_iso(),
            "edited_timestamp": now_iso() if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [str(role) for role in self.role_mentions],
            "attachments": attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0 if self.interaction_id is None else 20,
            "flags": self.flags,
            **({"poll": self.poll_payload()} if self.poll is not None else {}),
        }


@dataclass
class Acknowledgement:
    """The bot's one callback to an interaction."""

    type: int
    seconds: float
    data: dict[str, Any]


@dataclass
class FakeInteraction:
    """An interaction the fake dispatched, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    payload: dict[str, Any]
    dispatched_at: float
    ack: Acknowledgement | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    # Seconds from dispatch to the first real answer (not a "thinking" placeholder).
    answered_seconds: float | None = None
    acked: asyncio.Event = field(default_factory=asyncio.Event)
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    def note_answer(self) -> None:
        if self.answered_seconds is None and self.messages():
            self.answered_seconds = time.monotonic() - self.dispatched_at
            self.answered.set()

    @property
    def choices(self) -> list[dict[str, Any]]:
        """The autocomplete choices the bot answered with."""
        assert self.ack is not None and self.ack.type == AUTOCOMPLETE_RESULT, self.ack
        return list(self.ack.data.get("choices", []))

    def messages(self) -> list[FakeMessage]:
        """The original response (unless still loading) and the follow-ups, in order."""
        first = [] if self.original is None or self.original.loading else [self.original]
        return first + self.followups

    def reply(self) -> FakeMessage:
        """The first real answer (the original response once filled in, or a follow-up)."""
        messages = self.messages()
        if not messages:
            raise LookupError(f"interaction {self.id} has no reply yet")
        return messages[0]


@dataclass(frozen=True)
class SentBody:
    """A request's JSON body, as the bot sent it."""

    method: str
    path: str
    body: Any


@dataclass
class Call:
    """One REST call the bot made: ``started`` when it arrived, ``at`` when answered;
    ``fault`` names the failure the fault mode injected, if any."""

    method: str
    path: str
    status: int
    at: float
    body: Any = None
    started: float = 0.0
    fault: str | None = None

    @property
    def counts_toward_global_limit(self) -> bool:
        """Discord exempts interaction responses and webhooks from its global limit."""
        return not self.path.startswith(("/api/v10/interactions/", "/api/v10/webhooks/"))
