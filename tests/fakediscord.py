"""A loopback fake of Discord's REST API and gateway, for end-to-end tests with real discord.py.

``FakeDiscord`` is an aiohttp application on 127.0.0.1 (random port). An unmodified discord.py
client logs into it when ``discord.http.Route.BASE`` is ``fake.api_base`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` is ``fake.gateway_url``. The fake plays
one guild (``add_guild`` adds more, each with its GUILD_CREATE) with text, announcement,
voice and forum channels, threads (public, private, announcement; archived and locked ones;
only members, creators and moderators unarchive one by editing it) and DMs, registers
application commands, dispatches interactions the way Discord does (slash commands, user
context menus, buttons, select menus, forms, autocomplete; never a guild-only command from a
DM) and records every call the bot makes. Component layouts are checked by
``tests.fake_components`` (components v2: no content or embeds beside them, 40 components,
4,000 characters, the flag never on a deferred response; menus of 1-25 options; form limits).

It enforces the rules of Discord that a bot can break: one acknowledgement per interaction
within 3 seconds, message and embed sizes, component counts, ``custom_id`` length, autocomplete
choice counts, file sizes, permissions per channel (the bot's overwrites, inherited by
threads, reported in ``app_permissions``), a message addressed through the channel it is in,
messages refused in forum channels, thread creation per channel type, archived and locked
threads, and privileged intents. A broken rule is answered with Discord's error and appended
to ``violations``; the test fixture fails the test when that list is not empty. A public
"thinking…" message that the bot deletes (it flashed before a private answer) is a violation,
unless the test expects it (``expect_flash``: a wrong guess that the answer is public).
The first follow-up after a deferral fills the "thinking…" message and keeps its visibility,
whatever flag it carries, as Discord does; that path is deprecated (a violation) and refused
for a component layout, which must edit the original response (Discord's documentation).

Posting in a channel and editing messages in it are limited as Discord limits them
(``POST_MESSAGE_LIMIT``, ``EDIT_MESSAGE_LIMIT``: 5 per 5 s per channel each): past the limit a
429 with ``retry_after`` and the X-RateLimit-* headers, in one bucket hash for both though
they are counted apart, as Discord does. Edits of messages older than an hour (on the fake's
wall clock; message ids are snowflakes of it) have a tighter limit besides
(``OLD_EDIT_LIMIT``, 3 per 6 s per channel): a 429 with code 30046 and no X-RateLimit
headers, its ``retry_after`` left out when ``old_edit_retry_after`` is False. Not a
violation (discord.py waits and retries, as it must); ``rate_limited()`` lists those 429s.

A fault mode (``Faults``) makes a chosen fraction of the bot's REST calls fail the ways
Discord does: 5xx, 429 with ``retry_after`` (per route, or global with ``X-RateLimit-Global``),
and connections reset before or after the request took effect. ``fail_next`` scripts one
failure. Create Message honours ``nonce`` + ``enforce_nonce`` (a repeat within
``nonce_memory_seconds`` returns the first message), so a retry after a lost answer does not
post twice. Every call is recorded with the time it started (``max_rate``).

Payload shapes follow Discord's API documentation (v10); nothing here imports discord.py.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import math
import random
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from aiohttp import WSMsgType, web

from tests.fake_components import (
    IS_COMPONENTS_V2,
    ComponentError,
    check_message_components,
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
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
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
# Gateway intents that need approval in the developer portal.
PRIVILEGED_INTENTS = {
    1 << 1: "GUILD_MEMBERS",
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


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


def _json_response(body: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly "application/json".
    return web.Response(
        body=json.dumps(body).encode(), status=status, content_type="application/json"
    )


# Routes Discord answers with one X-RateLimit-Bucket though it counts them apart: posting
# in a channel and editing a message in it (discord-api-docs issues #981, #1442, #2761 and
# #8073: the same hash, "5/5", yet exhausting one leaves the other's remaining untouched).
_SHARED_BUCKETS = {
    ("POST", "/api/v10/channels/id/messages"): "channel-messages",
    ("PATCH", "/api/v10/channels/id/messages/id"): "channel-messages",
}


def _bucket_hash(method: str, path: str) -> str:
    """The X-RateLimit-Bucket of a route: one hash per route (its ids left out, as Discord
    leaves out the major parameters), shared where Discord shares it."""
    route = re.sub(r"/\d+", "/id", path)
    name = _SHARED_BUCKETS.get((method, route), f"{method} {route}")
    return format(abs(hash(name)) % 16**12, "012x")


def _rate_limit_headers(
    response: web.StreamResponse,
    method: str,
    path: str,
    *,
    remaining: int,
    reset_after: float = 1.0,
    limit: int = 50,
) -> None:
    """The X-RateLimit-* headers discord.py reads to keep its per-route buckets."""
    response.headers["X-RateLimit-Limit"] = str(limit)
    response.headers["X-RateLimit-Remaining"] = str(remaining)
    response.headers["X-RateLimit-Reset"] = f"{time.time() + reset_after:.3f}"
    response.headers["X-RateLimit-Reset-After"] = f"{reset_after:.3f}"
    response.headers["X-RateLimit-Bucket"] = _bucket_hash(method, path)


def _too_many_requests(retry_after: float, *, is_global: bool) -> web.Response:
    """Discord's 429: the body discord.py reads (``retry_after``, ``global``), ``Retry-After``
    in whole seconds rounded up as Discord sends it, and ``Via`` (discord.py takes a 429
    without it for a Cloudflare ban, as Discord's own 429s always carry it)."""
    response = _json_response(
        {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global},
        429,
    )
    response.headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    response.headers["Via"] = "1.1 google"
    if is_global:
        response.headers["X-RateLimit-Global"] = "true"
        response.headers["X-RateLimit-Scope"] = "global"
    else:
        response.headers["X-RateLimit-Scope"] = "user"
    return response


def _old_edits_refused(retry_after: float | None) -> web.Response:
    """The 429 of the old-message edit limit: code 30046, no X-RateLimit headers (it is
    not a route's bucket), ``retry_after`` in the body unless None."""
    body: dict[str, Any] = {
        "message": "Maximum number of edits to messages older than 1 hour reached. Try again later",
        "code": OLD_EDITS_REFUSED,
    }
    if retry_after is not None:
        body["retry_after"] = retry_after
    response = _json_response(body, 429)
    if retry_after is not None:
        response.headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    response.headers["Via"] = "1.1 google"
    return response


@dataclass(frozen=True)
class RouteLimit:
    """A per-route limit as Discord counts it: ``limit`` requests per window of ``seconds``
    per top-level resource (the channel), the window starting with the first request after
    the previous window ended (X-RateLimit-Reset stays put while Remaining counts down)."""

    limit: int
    seconds: float


@dataclass
class _Window:
    resets_at: float
    used: int = 0


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
                "archive_timestamp": _now_iso(),
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
    interaction_id: int | None = None
    # The user who alone sees an ephemeral message.
    visible_to: int | None = None
    edits: int = 0
    # When it was sent, on the fake's wall clock (its id is a snowflake of that moment).
    sent_at: datetime | None = None

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
            "timestamp": _now_iso(),
            "edited_timestamp": _now_iso() if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0 if self.interaction_id is None else 20,
            "flags": self.flags,
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


FAULT_KINDS = ("500", "502", "503", "504", "429", "429-global", "reset", "reset-after")
# Scripted only (``fail_next``): the old-message edit limit's 429 (30046) with no
# ``retry_after`` in its body, which discord.py 2.7 does not expect.
SCRIPTED_FAULTS = (*FAULT_KINDS, "30046-bare")


_CHANNEL_POST = re.compile(r"^/api/v10/channels/(\d+)/messages$")
_CHANNEL_EDIT = re.compile(r"^/api/v10/channels/(\d+)/messages/\d+$")
# Edit Message's limit per channel, as Discord answers it to bots: 5 edits per 5 seconds
# (X-RateLimit-Limit 5, Reset-After 5 in the issues above; widely observed, never
# documented: Discord says to read the headers, which discord.py does).
EDIT_MESSAGE_LIMIT = RouteLimit(5, 5.0)
# Create Message's, the same (discord-api-docs issue #20: "5/5 ... applies to message
# creation and editing"; #2761: the channel-messages bucket "5/5"), counted apart from edits.
POST_MESSAGE_LIMIT = RouteLimit(5, 5.0)
# Edits of messages older than an hour, per channel, on top of the edit limit: Discord
# documents the error (30046, "Maximum number of edits to messages older than 1 hour
# reached. Try again later") but no figures; the community's documentation (discord-
# userdoccers) gives about 3 per 6 seconds, refused with a 429.
OLD_EDIT_LIMIT = RouteLimit(3, 6.0)
OLD_MESSAGE = timedelta(hours=1)
OLD_EDITS_REFUSED = 30046
# "All bots can make up to 50 requests per second to our API" (Discord's rate-limit docs),
# interaction responses and webhooks excepted; Discord raises it for large bots on request.
GLOBAL_LIMIT = RouteLimit(50, 1.0)
_CALLBACK = re.compile(r"^/api/v10/interactions/\d+/[^/]+/callback$")
# What answers an interaction: its callback, a follow-up, an edit of the original response.
_ANSWER = re.compile(
    r"^/api/v10/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+(/messages/[^/]+)?)$"
)


def _faultable(method: str, path: str) -> bool:
    """By default faults hit the bot's channel and DM calls (what the outbox sends), not
    logging in, registering commands, or answering interactions."""
    return path.startswith(("/api/v10/channels/", "/api/v10/users/@me/channels"))


@dataclass
class Faults:
    """Make ``rate`` of the bot's REST calls (those ``applies`` accepts) fail with one of
    ``kinds``: a status (5xx), ``429`` (per route), ``429-global``, ``reset`` (the
    connection drops before the call takes effect) or ``reset-after`` (after it did)."""

    rate: float
    kinds: tuple[str, ...] = FAULT_KINDS
    seed: int = 1
    retry_after: float = 0.05
    applies: Callable[[str, str], bool] = _faultable

    def __post_init__(self) -> None:
        unknown = set(self.kinds) - set(FAULT_KINDS)
        if unknown or not 0 <= self.rate <= 1:
            raise ValueError(f"bad faults: rate {self.rate}, kinds {sorted(unknown)}")
        self._random = random.Random(self.seed)

    def pick(self, method: str, path: str) -> str | None:
        if not self.applies(method, path) or self._random.random() >= self.rate:
            return None
        return self._random.choice(self.kinds)


class FakeDiscord:
    """A loopback Discord: REST under ``/api/v10`` and a gateway at ``/gateway``.

    ``bot_permissions`` are the bot's permissions in every guild channel (the @everyone role);
    ``token`` is the only token it accepts.
    """

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
        # Each server's language (its preferred_locale; interactions' guild_locale).
        self.guild_locales: dict[int, str] = {}
        self.channels: dict[int, FakeChannel] = {}
        self._sockets: list[_GatewaySession] = []
        self.channel = self.add_channel("general")
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.command_puts: list[str] = []
        # Each PATCH of a thread by the bot (archiving, unarchiving), by thread id.
        self.thread_edits: dict[int, list[dict[str, Any]]] = {}
        self.calls: list[Call] = []
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
        self._windows: dict[tuple[str, int], _Window] = {}
        # All the bot's requests that count toward Discord's global limit, per second: past
        # it a global 429, and a violation (Postal paces itself well below it).
        self.global_limit = GLOBAL_LIMIT
        self._global_window: _Window | None = None
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

    # ----------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Listen on a random loopback port."""
        app = web.Application(middlewares=[self._record], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        api = "/api/v10"
        routes: list[tuple[str, str, Callable[..., Any]]] = [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", "/applications/{app}/commands", self._get_global_commands),
            ("PUT", "/applications/{app}/commands", self._put_global_commands),
            ("GET", "/applications/{app}/guilds/{guild}/commands", self._get_guild_commands),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._put_guild_commands),
            ("POST", "/interactions/{id}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._get_webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._edit_webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._delete_webhook_message),
            ("GET", "/channels/{channel}", self._get_channel),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("GET", "/channels/{channel}/messages/{message}", self._get_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._edit_message),
            ("PATCH", "/channels/{channel}", self._edit_channel),
            ("GET", "/channels/{channel}/thread-members/{user}", self._get_thread_member),
            ("POST", "/channels/{channel}/threads", self._create_thread),
            ("POST", "/channels/{channel}/messages/{message}/threads", self._create_thread),
            ("POST", "/users/@me/channels", self._open_dm),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, api + path, handler)
        app.router.add_route("*", api + "/{tail:.*}", self._unknown_route)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        for session in list(self._sockets):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ----------------------------------------------------------------- world

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

    def add_user(self, name: str, *, accepts_dms: bool = True, bot: bool = False) -> FakeUser:
        """A new guild member called ``name``."""
        user = FakeUser(self.new_id(), name, bot=bot, accepts_dms=accepts_dms)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> FakeChannel:
        """Another server with Postal in it (the bot gets its GUILD_CREATE, as when it is
        invited); returns its first text channel, ``general``. ``shard`` (shard id, shard
        count): give the server an id that Discord's formula puts on that shard."""
        guild_id = self.new_id() if shard is None else self._id_on_shard(*shard)
        self.guild_names[guild_id] = name
        channel = FakeChannel(self.new_id(), "general", guild_id=guild_id, bot_id=self.bot_user.id)
        self.channels[channel.id] = channel
        self._dispatch("GUILD_CREATE", self.guild_payload(guild_id))
        return channel

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

    # ----------------------------------------------------------------- waiting

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

    async def reply(self, interaction: FakeInteraction, timeout: float = 10.0) -> FakeMessage:
        """Wait for the interaction's first real answer and return it."""
        await self.wait_until(lambda: interaction.messages(), timeout)
        return interaction.reply()

    async def acknowledged(
        self, interaction: FakeInteraction, timeout: float = 10.0
    ) -> Acknowledgement:
        await self.wait_until(lambda: interaction.ack, timeout)
        assert interaction.ack is not None
        return interaction.ack

    # ----------------------------------------------------------------- interactions

    def command(
        self, name: str, channel: FakeChannel | None = None
    ) -> tuple[dict[str, Any], int | None]:
        """The command ``name`` as a user in ``channel`` (default: the guild's first channel)
        sees it, and its guild id: the guild's own commands first, then global ones. A DM
        shows only global commands whose contexts include the bot's DM (Discord's default
        for a global command without ``contexts`` is every context); Discord's client offers
        nothing else there, so LookupError means the user could never send it."""
        where = channel or self.channel
        if where.type != DM:
            guild = self.commands(where.guild_id)
            if name in guild:
                return guild[name], where.guild_id
        registered = self.commands()
        if name in registered:
            command = registered[name]
            context = CONTEXT_BOT_DM if where.type == DM else CONTEXT_GUILD
            contexts = command.get("contexts")
            if contexts is None or context in contexts:
                return command, None
            raise LookupError(f"/{name} is not offered in {where.name} (contexts {contexts})")
        raise LookupError(f"command /{name} is not registered with Discord")

    async def slash(
        self,
        user: FakeUser,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        channel: FakeChannel | int | None = None,
        delayed: float = 0.0,
    ) -> FakeInteraction:
        """Dispatch ``/name`` typed by ``user`` with ``options``, as Discord's client sends it;
        ``delayed`` seconds after Discord created it (a slow gateway: its 3 s run from then).

        Raises ValueError for what Discord's client would not let a user send (an unknown
        option, a missing required one, a value outside the choices or bounds).
        """
        top, _, sub = name.partition(" ")
        command, guild_id = self.command(top, self._resolve_channel(channel))
        subcommands = [o["name"] for o in command.get("options", []) if o["type"] == SUB_COMMAND]
        if subcommands and not sub:
            # Discord's client sends a group only with one of its subcommands.
            raise ValueError(f"/{top} is used as /{top} <{'|'.join(subcommands)}>")
        if sub:
            data = self._subcommand_data(command, sub, guild_id, dict(options or {}))
        else:
            data = self._command_data(command, guild_id, dict(options or {}), focused=None)
        return await self._interact(APPLICATION_COMMAND, user, channel, data, delayed=delayed)

    def _subcommand_data(
        self, command: dict[str, Any], sub: str, guild_id: int | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        """``/group sub`` as Discord sends it: the group's id and name, the subcommand as
        its one option, carrying the subcommand's own options."""
        declared = {o["name"]: o for o in command.get("options", []) if o["type"] == SUB_COMMAND}
        if sub not in declared:
            raise LookupError(f"/{command['name']} has no subcommand {sub!r}")
        inner = self._command_data(
            {**declared[sub], "id": command["id"], "name": f"{command['name']} {sub}"},
            guild_id,
            options,
            focused=None,
        )
        option = {"name": sub, "type": SUB_COMMAND, "options": inner["options"]}
        return {**inner, "name": command["name"], "options": [option]}

    async def submit_modal(
        self, user: FakeUser, opened_by: FakeInteraction, values: Mapping[str, str]
    ) -> FakeInteraction:
        """``user`` fills in and submits the modal the bot answered ``opened_by`` with:
        ``values`` by text input ``custom_id``. Raises ValueError for what Discord's client
        would not submit (another user's modal, a required box left empty, a length outside
        the box's bounds, a box the modal does not have)."""
        if opened_by.ack is None or opened_by.ack.type != MODAL:
            raise ValueError(f"interaction {opened_by.id} was not answered with a modal")
        if user.id != opened_by.user.id:
            raise ValueError("a modal is shown only to the user who opened it")
        modal = opened_by.ack.data
        inputs = {}
        components = []
        for top in modal["components"]:
            if top["type"] == 18:
                box = top["component"]
                inputs[box["custom_id"]] = box
                components.append(
                    {"type": 18, "id": top.get("id"), "component": self._filled(box, values)}
                )
            elif top["type"] == 1:
                boxes = [self._filled(box, values) for box in top["components"]]
                inputs.update({box["custom_id"]: box for box in top["components"]})
                components.append({"type": 1, "components": boxes})
        unknown = set(values) - set(inputs)
        if unknown:
            raise ValueError(f"the modal has no text inputs {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        message = opened_by.payload.get("message")
        found = self.messages.get(int(message["id"])) if message else None
        return await self._interact(MODAL_SUBMIT, user, opened_by.channel_id, data, message=found)

    @staticmethod
    def _filled(box: dict[str, Any], values: Mapping[str, str]) -> dict[str, Any]:
        value = values.get(box["custom_id"], "")
        if box.get("required", True) and not value:
            raise ValueError(f"text input {box['custom_id']!r} is required")
        low, high = box.get("min_length", 0), box.get("max_length", 4000)
        if value and not low <= len(value) <= high:
            raise ValueError(f"text input {box['custom_id']!r} takes {low}-{high} characters")
        return {"type": 4, "id": box.get("id"), "custom_id": box["custom_id"], "value": value}

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        focused: str,
        options: Mapping[str, Any],
        *,
        channel: FakeChannel | int | None = None,
    ) -> FakeInteraction:
        """Dispatch an autocomplete request for option ``focused`` (its partial text in options)."""
        command, guild_id = self.command(name, self._resolve_channel(channel))
        data = self._command_data(command, guild_id, dict(options), focused=focused)
        interaction = await self._interact(AUTOCOMPLETE, user, channel, data)
        await self.acknowledged(interaction)
        return interaction

    async def click(
        self, user: FakeUser, message: FakeMessage, label_or_id: str
    ) -> FakeInteraction:
        """``user`` presses the button with that label (or custom_id) on ``message``."""
        current = self._visible_message(user, message)
        buttons = current.buttons()
        matching = [b for b in buttons if label_or_id in (b.get("label"), b.get("custom_id"))]
        if not matching:
            raise LookupError(f"no button {label_or_id!r} on message {current.id}: {buttons}")
        button = matching[0]
        if button.get("disabled"):
            raise ValueError(f"button {label_or_id!r} is disabled")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._interact(
            MESSAGE_COMPONENT, user, current.channel_id, data, message=current
        )

    async def click_as_shown(
        self, user: FakeUser, shown: FakeMessage, button: dict[str, Any]
    ) -> FakeInteraction:
        """``user`` presses ``button`` of ``shown``, the message as their client still shows
        it: a press that raced Postal's edit removing its buttons (Discord delivers it)."""
        data = {"custom_id": button["custom_id"], "component_type": 2}
        current = self.messages[shown.id]
        return await self._interact(
            MESSAGE_COMPONENT, user, current.channel_id, data, message=current
        )

    def _visible_message(self, user: FakeUser, message: FakeMessage) -> FakeMessage:
        """``message`` as it is now; LookupError if deleted, ValueError if ``user`` cannot
        see it (someone else's ephemeral message)."""
        current = self.messages.get(message.id)
        if current is None:
            raise LookupError(f"message {message.id} does not exist (deleted?)")
        if current.visible_to is not None and current.visible_to != user.id:
            raise ValueError(f"{user.name} cannot see ephemeral message {current.id}")
        return current

    async def choose(
        self, user: FakeUser, message: FakeMessage, values: list[str], *, menu: int | str = 0
    ) -> FakeInteraction:
        """``user`` picks ``values`` in a select menu of ``message`` (its index, custom_id or
        placeholder). Raises ValueError for what Discord's client would not let them send:
        a value that is not an option, too many or too few values."""
        current = self._visible_message(user, message)
        selects = current.selects()
        if isinstance(menu, int):
            found = selects[menu : menu + 1]
        else:
            found = [s for s in selects if menu in (s.get("custom_id"), s.get("placeholder"))]
        if not found:
            raise LookupError(f"no select menu {menu!r} on message {current.id}")
        select = found[0]
        if select.get("disabled"):
            raise ValueError(f"select menu {menu!r} is disabled")
        offered = [o["value"] for o in select.get("options") or []]
        unknown = [v for v in values if v not in offered]
        if unknown:
            raise ValueError(f"{unknown} are not options of {select['custom_id']}: {offered}")
        if not select.get("min_values", 1) <= len(values) <= select.get("max_values", 1):
            raise ValueError(f"{len(values)} values for select menu {select['custom_id']}")
        data = {
            "custom_id": select["custom_id"],
            "component_type": select["type"],
            "values": values,
        }
        return await self._interact(
            MESSAGE_COMPONENT, user, current.channel_id, data, message=current
        )

    async def user_command(
        self, user: FakeUser, name: str, target: FakeUser, *, channel: FakeChannel | None = None
    ) -> FakeInteraction:
        """``user`` right-clicks ``target`` and picks the user command ``name`` (Apps menu)."""
        command, guild_id = self.command(name, channel)
        if command.get("type") != 2:
            raise LookupError(f"{name!r} is not a user command")
        data: dict[str, Any] = {
            "id": command["id"],
            "name": name,
            "type": 2,
            "target_id": str(target.id),
            "resolved": {"users": {str(target.id): target.payload()}},
        }
        member = self._member(target)
        del member["user"]
        data["resolved"]["members"] = {str(target.id): member}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return await self._interact(APPLICATION_COMMAND, user, channel, data)

    def _command_data(
        self,
        command: dict[str, Any],
        guild_id: int | None,
        options: dict[str, Any],
        *,
        focused: str | None,
    ) -> dict[str, Any]:
        declared = {o["name"]: o for o in command.get("options", [])}
        unknown = set(options) - set(declared)
        if unknown:
            raise ValueError(f"/{command['name']} has no options {sorted(unknown)}")
        sent: list[dict[str, Any]] = []
        resolved: dict[str, dict[str, Any]] = {}
        for name, option in declared.items():
            if name not in options:
                if option.get("required") and focused is None:
                    raise ValueError(f"/{command['name']} needs option {name!r}")
                continue
            value = options[name]
            entry: dict[str, Any] = {"name": name, "type": option["type"]}
            if name == focused:
                entry.update(value=str(value), focused=True)
            else:
                entry["value"] = self._option_value(command["name"], option, value, resolved)
            sent.append(entry)
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
            "options": sent,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_value(
        self,
        command: str,
        option: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
    ) -> Any:
        kind = option["type"]
        where = f"/{command} {option['name']}"
        if kind == USER:
            if not isinstance(value, FakeUser):
                raise ValueError(f"{where} takes a FakeUser, got {value!r}")
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            member = self._member(value)
            del member["user"]
            resolved.setdefault("members", {})[str(value.id)] = member
            return str(value.id)
        if kind == STRING and not isinstance(value, str):
            raise ValueError(f"{where} takes text, got {value!r}")
        if kind == INTEGER and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValueError(f"{where} takes an integer, got {value!r}")
        if kind == BOOLEAN and not isinstance(value, bool):
            raise ValueError(f"{where} takes true/false, got {value!r}")
        choices = option.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"{where} must be one of {[c['value'] for c in choices]}")
        length_range = (option.get("min_length", 0), option.get("max_length", 6000))
        if kind == STRING and not length_range[0] <= len(value) <= length_range[1]:
            raise ValueError(f"{where}: {value!r} is not {length_range[0]}-{length_range[1]} long")
        if kind in (INTEGER, NUMBER):
            if "min_value" in option and value < option["min_value"]:
                raise ValueError(f"{where}: {value} is below {option['min_value']}")
            if "max_value" in option and value > option["max_value"]:
                raise ValueError(f"{where}: {value} is above {option['max_value']}")
        return value

    def _member(self, user: FakeUser) -> dict[str, Any]:
        return {
            "user": user.payload(),
            "roles": [],
            "joined_at": _now_iso(),
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

    async def _interact(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel | int | None,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        delayed: float = 0.0,
    ) -> FakeInteraction:
        where = self._resolve_channel(channel)
        if where.type == GUILD_FORUM:
            # A forum has no message box: commands are typed in its posts (threads).
            raise ValueError(f"nobody can type a command in forum channel {where.name}")
        self.archive_idle_threads()
        if where.archived and kind in (APPLICATION_COMMAND, AUTOCOMPLETE):
            # Discord's docs (Threads): users cannot use application commands in archived
            # threads (the client offers none until someone posts there).
            raise ValueError(f"nobody can use a command in archived thread {where.name}")
        # Interaction ids are snowflakes of their creation time, as Discord's are: bots read
        # the interaction's age from them.
        interaction_id = self._snowflake(time.time() - delayed)
        token = secrets.token_urlsafe(24)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(where.guild_id or self.guild_id)},
            "app_permissions": str(self.channel_permissions(where)),
            # discord.py 2.7 reads this key unconditionally.
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if where.type == DM:
            payload.update(channel_id=str(where.id), channel=where.payload(), user=user.payload())
            payload["context"] = 1
        else:
            payload.update(
                guild_id=str(where.guild_id),
                guild_locale=self.guild_locale(where.guild_id),
                guild={
                    "id": str(where.guild_id),
                    "locale": self.guild_locale(where.guild_id),
                    "features": [],
                },
                channel_id=str(where.id),
                channel=where.payload(),
                member=self._member(user),
                context=0,
            )
        if message is not None:
            payload["message"] = message.payload(self.base_url)
        interaction = FakeInteraction(
            interaction_id, token, kind, user, where.id, payload, time.monotonic() - delayed
        )
        self.interactions[interaction_id] = interaction
        self._dispatch("INTERACTION_CREATE", payload)
        return interaction

    # ----------------------------------------------------------------- REST: recording

    @web.middleware
    async def _record(
        self, request: web.Request, handler: Callable[..., Any]
    ) -> web.StreamResponse:
        started = time.monotonic()
        self.archive_idle_threads()
        # Interaction callbacks and webhooks authenticate by their token, not the bot's.
        by_token = request.path.startswith(("/api/v10/interactions/", "/api/v10/webhooks/"))
        authorised = request.headers.get("Authorization") == f"Bot {self.token}"
        if request.path.startswith("/api/") and not by_token and not authorised:
            self.calls.append(
                Call(request.method, request.path, 401, time.monotonic(), started=started)
            )
            return _json_response({"message": "401: Unauthorized", "code": 0}, 401)
        fault = self._fault(request.method, request.path)
        limit, window = self._route_limit(request.method, request.path)
        old = self._old_edit_window(request.method, request.path)
        overall = self._global(request.path)
        if fault not in (None, "reset-after"):
            window = overall = old = None  # refused or lost on the way: not counted
        if overall is not None and overall.used >= self.global_limit.limit:
            retry_after = round(overall.resets_at - self.clock(), 3)
            self.violations.append(
                f"{request.method} {request.path}: over the global limit of "
                f"{self.global_limit.limit} requests a second"
            )
            response = _too_many_requests(retry_after, is_global=True)
        elif window is not None and window.used >= limit.limit:
            # Over the channel's edit limit: refused before anything is looked at.
            retry_after = round(window.resets_at - self.clock(), 3)
            response = _too_many_requests(retry_after, is_global=False)
            _rate_limit_headers(
                response,
                request.method,
                request.path,
                remaining=0,
                reset_after=retry_after,
                limit=limit.limit,
            )
        elif old is not None and old.used >= self.old_edit_limit.limit:
            after = round(old.resets_at - self.clock(), 3)
            response = _old_edits_refused(after if self.old_edit_retry_after else None)
        elif fault is not None and fault != "reset-after":
            response = await self._inject(request, fault)
        elif not self.arriving.is_set() and request.method != "GET" and _ANSWER.match(request.path):
            self.held_arrivals += 1
            await self._notify()
            await self.arriving.wait()
            response = await self._inject(request, "reset")
        else:
            if old is not None:
                old.used += 1
            if window is not None:
                window.used += 1
            if overall is not None:
                overall.used += 1
            try:
                response = await handler(request)
            except DiscordError as error:
                response = _json_response(
                    {"message": error.message, "code": error.code}, error.status
                )
            if fault == "reset-after":
                # The call took effect, but its answer is lost with the connection.
                response = await self._inject(request, fault)
            elif request.method == "POST" and _CHANNEL_POST.match(request.path):
                await self._pass_gate()
            elif request.method == "POST" and _CALLBACK.match(request.path):
                await self._pass_answer_gate()
        if fault is None and window is not None and response.status != 429:
            _rate_limit_headers(
                response,
                request.method,
                request.path,
                remaining=limit.limit - window.used,
                reset_after=max(0.0, window.resets_at - self.clock()),
                limit=limit.limit,
            )
        elif fault is None and response.status != 429:
            _rate_limit_headers(response, request.method, request.path, remaining=49)
        self.calls.append(
            Call(
                request.method,
                request.path,
                response.status,
                time.monotonic(),
                started=started,
                fault=fault,
            )
        )
        await self._notify()
        return response

    def _route_limit(self, method: str, path: str) -> tuple[RouteLimit, _Window | None]:
        """The per-channel limit of the call's route and the channel's current window of it
        (a new one once the last reset); no window for routes without such a limit."""
        posted = _CHANNEL_POST.match(path) if method == "POST" else None
        edited = _CHANNEL_EDIT.match(path) if method == "PATCH" else None
        found = posted or edited
        if found is None:
            return self.edit_limit, None
        route, limit = ("post", self.post_limit) if posted else ("edit", self.edit_limit)
        key = (route, int(found.group(1)))
        now = self.clock()
        window = self._windows.get(key)
        if window is None or now >= window.resets_at:
            window = self._windows[key] = _Window(now + limit.seconds)
        return limit, window

    def _old_edit_window(self, method: str, path: str) -> _Window | None:
        """The channel's current window of edits of messages older than an hour, when the
        call is such an edit (None otherwise)."""
        found = _CHANNEL_EDIT.match(path) if method == "PATCH" else None
        if found is None:
            return None
        message = self.messages.get(int(path.rsplit("/", 1)[1]))
        if message is None or message.sent_at is None:
            return None
        if self.wall() - message.sent_at < OLD_MESSAGE:
            return None
        key = ("old-edit", int(found.group(1)))
        now = self.clock()
        window = self._windows.get(key)
        if window is None or now >= window.resets_at:
            window = self._windows[key] = _Window(now + self.old_edit_limit.seconds)
        return window

    def _global(self, path: str) -> _Window | None:
        """The current second of the bot's requests that count toward the global limit (a
        new one once the last is over); None for requests that do not count."""
        exempt = path.startswith(("/api/v10/interactions/", "/api/v10/webhooks/"))
        if exempt or not path.startswith("/api/"):
            return None
        now = self.clock()
        if self._global_window is None or now >= self._global_window.resets_at:
            self._global_window = _Window(now + self.global_limit.seconds)
        return self._global_window

    def rate_limited(self) -> list[Call]:
        """The calls Discord's per-route limits refused with a 429 (not the fault mode's)."""
        return [c for c in self.calls if c.status == 429 and c.fault is None]

    async def _pass_gate(self) -> None:
        """Hold the answer to a channel post while ``posting`` is cleared (a slow Discord):
        the message exists, but the request stays in flight, counted in ``held_posts``,
        until the test sets it again."""
        if not self.posting.is_set():
            self.held_posts += 1
            await self._notify()
            await self.posting.wait()

    async def _pass_answer_gate(self) -> None:
        """Hold the answer to an interaction callback while ``answering`` is cleared: the
        callback took effect (the message a reply posts exists), but the bot has not heard
        back, counted in ``held_answers``, until the test sets it again."""
        if not self.answering.is_set():
            self.held_answers += 1
            await self._notify()
            await self.answering.wait()

    def _fault(self, method: str, path: str) -> str | None:
        for index, (wanted, part, fault, times) in enumerate(self._scripted):
            if wanted == method and part in path:
                if times > 1:
                    self._scripted[index] = (wanted, part, fault, times - 1)
                else:
                    del self._scripted[index]
                return fault
        return None if self.faults is None else self.faults.pick(method, path)

    async def _inject(self, request: web.Request, fault: str) -> web.Response:
        """Discord's answer (or silence) for ``fault``."""
        if fault.startswith("reset"):
            await request.read()
            if request.transport is not None:
                request.transport.close()
            return web.Response(status=500)  # never reaches the client
        if fault == "30046-bare":
            return _old_edits_refused(None)
        if fault.startswith("429"):
            is_global = fault == "429-global"
            after = self.faults.retry_after if self.faults is not None else 0.05
            response = _too_many_requests(after, is_global=is_global)
            _rate_limit_headers(
                response, request.method, request.path, remaining=0, reset_after=after
            )
            return response
        status = int(fault)
        return _json_response({"message": f"{status}: Server Error", "code": 0}, status)

    def _violation(self, status: int, code: int, message: str) -> DiscordError:
        self.violations.append(message)
        return DiscordError(status, code, message)

    async def _unknown_route(self, request: web.Request) -> web.Response:
        self.violations.append(f"unexpected call {request.method} {request.path}")
        return _json_response({"message": "404: Not Found", "code": 0}, 404)

    # ----------------------------------------------------------------- REST: login

    async def _get_me(self, request: web.Request) -> web.Response:
        me = self.bot_user.payload()
        me.update(verified=True, mfa_enabled=False, email=None, locale="en-US")
        return _json_response(me)

    async def _get_application(self, request: web.Request) -> web.Response:
        return _json_response(
            {
                "id": str(self.application_id),
                "name": "Postal",
                "icon": None,
                "description": "Correspondence chess and xiangqi",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "team": None,
                "verify_key": secrets.token_hex(32),
                "flags": 0,
                "interactions_endpoint_url": None,
            }
        )

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        shards = self.recommended_shards
        return _json_response(
            {"url": self.gateway_url, "shards": shards, "session_start_limit": limit}
        )

    # ----------------------------------------------------------------- REST: commands

    async def _get_global_commands(self, request: web.Request) -> web.Response:
        return _json_response(self.global_commands)

    async def _get_guild_commands(self, request: web.Request) -> web.Response:
        return _json_response(self.guild_commands.get(int(request.match_info["guild"]), []))

    async def _put_global_commands(self, request: web.Request) -> web.Response:
        self.global_commands = self._register(await self._json_body(request), None)
        self.command_puts.append("global")
        return _json_response(self.global_commands)

    async def _put_guild_commands(self, request: web.Request) -> web.Response:
        guild_id = int(request.match_info["guild"])
        if guild_id not in self.guild_names:
            # Not a violation: a wrong DEV_GUILD_ID is the operator's mistake to report.
            raise DiscordError(403, 50001, "Missing Access")
        self.guild_commands[guild_id] = self._register(await self._json_body(request), guild_id)
        self.command_puts.append(f"guild:{guild_id}")
        return _json_response(self.guild_commands[guild_id])

    def _register(
        self, commands: list[dict[str, Any]], guild_id: int | None
    ) -> list[dict[str, Any]]:
        if len(commands) > 100:
            raise self._violation(400, 30032, "Maximum number of application commands reached")
        registered = []
        for command in commands:
            self._check_command(command)
            stored = dict(command)
            stored.update(
                id=str(self.new_id()), application_id=str(self.application_id), version="1"
            )
            stored.setdefault("type", 1)
            stored.setdefault("options", [])
            stored.setdefault("description", "")
            if guild_id is not None:
                stored["guild_id"] = str(guild_id)
            registered.append(stored)
        return registered

    def _check_command(self, command: dict[str, Any]) -> None:
        name = command.get("name", "")
        if command.get("type", 1) in (2, 3):
            # User and message commands (the Apps menu): any name of 1-32 characters, no
            # description, no options.
            if not 1 <= len(name) <= 32:
                raise self._violation(400, 50035, f"Invalid context menu name {name!r}")
            if command.get("description") or command.get("options"):
                raise self._violation(400, 50035, f"{name!r}: context menus take no description")
            self._check_localized(name, command, menu=True)
            return
        if not COMMAND_NAME.match(name) or name != name.lower():
            raise self._violation(400, 50035, f"Invalid command name {name!r}")
        if not 1 <= len(command.get("description", "")) <= 100:
            raise self._violation(400, 50035, f"/{name}: description must be 1-100 characters")
        self._check_localized(f"/{name}", command)
        self._check_options(name, command.get("options", []))

    def _check_localized(self, label: str, item: dict[str, Any], *, menu: bool = False) -> None:
        """A command's, option's or choice's translations, checked as Discord checks them:
        known locale keys only; names by the name rules (a context menu's: 1-32 of any
        characters), descriptions and choice names 1-100 characters."""
        for key in ("name_localizations", "description_localizations"):
            localized = item.get(key) or {}
            unknown = sorted(set(localized) - DISCORD_LOCALES)
            if unknown:
                raise self._violation(400, 50035, f"{label}: {key} has unknown locales {unknown}")
            for locale, text in localized.items():
                where = f"{label} {key}[{locale}]"
                if not isinstance(text, str):
                    raise self._violation(400, 50035, f"{where}: not a string")
                if key == "description_localizations" or "value" in item:
                    if not 1 <= len(text) <= 100:
                        raise self._violation(400, 50035, f"{where}: must be 1-100 characters")
                elif menu:
                    if not 1 <= len(text) <= 32:
                        raise self._violation(400, 50035, f"{where}: must be 1-32 characters")
                elif not COMMAND_NAME.match(text) or text != text.lower():
                    raise self._violation(400, 50035, f"{where}: invalid name {text!r}")

    def _check_options(self, name: str, options: list[dict[str, Any]]) -> None:
        if len(options) > 25:
            raise self._violation(400, 50035, f"/{name}: more than 25 options")
        seen_optional = False
        for option in options:
            label = f"/{name} {option.get('name')}"
            if not COMMAND_NAME.match(option.get("name", "")):
                raise self._violation(400, 50035, f"{label}: invalid option name")
            if not 1 <= len(option.get("description", "")) <= 100:
                raise self._violation(400, 50035, f"{label}: description must be 1-100 characters")
            self._check_localized(label, option)
            for choice in option.get("choices") or []:
                self._check_localized(f"{label} choice {choice.get('name')!r}", choice)
            if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
                self._check_options(f"{name} {option.get('name')}", option.get("options", []))
            if option.get("required"):
                if seen_optional:
                    raise self._violation(400, 50035, f"{label}: required after optional")
            else:
                seen_optional = True
            if len(option.get("choices") or []) > 25:
                raise self._violation(400, 50035, f"{label}: more than 25 choices")
            if option.get("choices") and option.get("autocomplete"):
                raise self._violation(400, 50035, f"{label}: choices and autocomplete together")
            # Only string, integer and number options take choices; a boolean's two values
            # are drawn by the client itself, so no bot names or translates them.
            if option.get("choices") and option.get("type") not in (STRING, INTEGER, NUMBER):
                raise self._violation(400, 50035, f"{label}: choices on a {option.get('type')}")

    # ----------------------------------------------------------------- REST: interactions

    def _interaction(self, interaction_id: str, token: str) -> FakeInteraction:
        interaction = self.interactions.get(int(interaction_id))
        if interaction is None or interaction.token != token:
            raise self._violation(404, 10062, f"Unknown interaction {interaction_id}")
        return interaction

    def _interaction_by_token(self, token: str) -> FakeInteraction:
        for interaction in self.interactions.values():
            if interaction.token == token:
                return interaction
        raise self._violation(404, 10015, "Unknown Webhook")

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request.match_info["id"], request.match_info["token"])
        body, files = await self._read_body(request)
        elapsed = time.monotonic() - interaction.dispatched_at
        if interaction.ack is not None:
            raise self._violation(
                400, 40060, f"Interaction {interaction.id} has already been acknowledged"
            )
        if elapsed > ACK_DEADLINE_SECONDS:
            raise self._violation(
                404,
                10062,
                f"Unknown interaction {interaction.id}: acknowledged after {elapsed:.2f}s",
            )
        kind = body.get("type")
        data = body.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            # A modal's submission cannot open another modal; it may update the message
            # only when the modal was opened from one of its components.
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE}
            | ({DEFERRED_UPDATE, UPDATE_MESSAGE} if "message" in interaction.payload else set()),
        }[interaction.type]
        if kind not in allowed:
            raise self._violation(
                400,
                50035,
                f"callback type {kind} is not valid for interaction type {interaction.type}",
            )
        if kind == AUTOCOMPLETE_RESULT:
            self._check_choices(interaction, data.get("choices", []))
        if kind == MODAL:
            self._check_modal(data)
        if kind == DEFERRED_CHANNEL_MESSAGE and int(data.get("flags", 0)) & IS_COMPONENTS_V2:
            # Discord: EPHEMERAL is the only flag a deferred response may carry; the layout
            # flag goes on the follow-up that fills the message (it would be dropped here).
            raise self._violation(
                400, 50035, "IS_COMPONENTS_V2 on a deferred response (only EPHEMERAL is valid)"
            )
        interaction.ack = Acknowledgement(kind, elapsed, data)
        interaction.acked.set()
        message: FakeMessage | None = None
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            flags = int(data.get("flags", 0))
            if kind == DEFERRED_CHANNEL_MESSAGE:
                flags |= LOADING
                message = self._new_message(
                    interaction.channel_id, {"flags": flags}, [], interaction
                )
            else:
                message = self._new_message(interaction.channel_id, data, files, interaction)
            interaction.original = message
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE):
            if "message" not in interaction.payload:
                raise self._violation(400, 50035, "an update needs a message to update")
            message = self._component_message(interaction)
            if kind == UPDATE_MESSAGE:
                self._apply_edit(message, data, files)
            interaction.original = message
        result: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            }
        }
        interaction.note_answer()
        if message is not None:
            result["interaction"]["response_message_id"] = str(message.id)
            result["resource"] = {"type": kind, "message": message.payload(self.base_url)}
        else:
            result["resource"] = {"type": kind}
        return _json_response(result)

    def _component_message(self, interaction: FakeInteraction) -> FakeMessage:
        message_id = int(interaction.payload["message"]["id"])
        return self.messages[message_id]

    def _check_modal(self, modal: dict[str, Any]) -> None:
        """Discord's limits on a modal: a title of 1-45 characters, a custom_id of 1-100,
        1-5 components, each a Label (label 1-45, description up to 100) around a text
        input, or (deprecated: a violation) an action row holding one (label 1-45); a text
        input's lengths within 0-4000 / 1-4000 and its placeholder up to 100."""
        title, custom_id = modal.get("title") or "", modal.get("custom_id") or ""
        if not 1 <= len(title) <= 45:
            raise self._violation(400, 50035, f"modal title {title!r}: 1-45 characters")
        if not 1 <= len(custom_id) <= 100:
            raise self._violation(400, 50035, f"modal custom_id {custom_id!r}: 1-100 characters")
        components = modal.get("components") or []
        if not 1 <= len(components) <= 5:
            raise self._violation(
                400, 50035, f"a modal holds 1-5 components, not {len(components)}"
            )
        for top in components:
            if top.get("type") == 18:
                label, box = top.get("label") or "", top.get("component") or {}
                if len(top.get("description") or "") > 100:
                    raise self._violation(400, 50035, "label description: at most 100 characters")
            elif top.get("type") == 1 and len(top.get("components") or []) == 1:
                # Accepted still, but deprecated in Discord's component reference: a text
                # input goes in a Label, whose label replaces the input's own.
                self.violations.append(
                    "a text input in an action row in a modal (deprecated: use a Label)"
                )
                box = top["components"][0]
                label = box.get("label") or ""
            else:
                raise self._violation(400, 50035, f"component {top} cannot go in a modal")
            if not 1 <= len(label) <= 45:
                raise self._violation(400, 50035, f"label {label!r}: 1-45 characters")
            if box.get("type") != 4 or not 1 <= len(box.get("custom_id") or "") <= 100:
                raise self._violation(400, 50035, f"not a text input: {box}")
            if (
                not 0 <= box.get("min_length", 0) <= 4000
                or not 1 <= box.get("max_length", 4000) <= 4000
            ):
                raise self._violation(400, 50035, "text input lengths: 0-4000 and 1-4000")
            if len(box.get("placeholder") or "") > 100:
                raise self._violation(400, 50035, "text input placeholder: at most 100 characters")

    def _check_choices(self, interaction: FakeInteraction, choices: list[dict[str, Any]]) -> None:
        if len(choices) > 25:
            raise self._violation(400, 50035, f"{len(choices)} autocomplete choices (max 25)")
        for choice in choices:
            name, value = choice.get("name", ""), choice.get("value")
            if not 1 <= len(name) <= 100:
                raise self._violation(400, 50035, f"autocomplete choice name {name!r}: 1-100 chars")
            if isinstance(value, str) and len(value) > 100:
                raise self._violation(400, 50035, f"autocomplete choice value {value!r}: max 100")

    def _followup_interaction(self, request: web.Request) -> FakeInteraction:
        if int(request.match_info["app"]) != self.application_id:
            raise self._violation(404, 10015, "Unknown Webhook: wrong application id")
        interaction = self._interaction_by_token(request.match_info["token"])
        if time.monotonic() - interaction.dispatched_at > self.interaction_token_seconds:
            raise self._violation(
                401, 50027, f"Invalid Webhook Token: interaction {interaction.id} is too old"
            )
        if interaction.ack is None:
            message = f"follow-up to interaction {interaction.id} before acknowledging it"
            if request.method == "GET":
                # Asking whether an answer landed (its outcome unknown) is no misuse: there
                # is none yet, so no webhook either.
                raise DiscordError(404, 10015, f"Unknown Webhook: {message}")
            raise self._violation(404, 10015, message)
        return interaction

    async def _followup(self, request: web.Request) -> web.Response:
        interaction = self._followup_interaction(request)
        body, files = await self._read_body(request)
        original = interaction.original
        if original is not None and original.loading:
            # Discord: the first follow-up after a deferred response fills in the
            # "thinking" message, which keeps the visibility chosen when deferring. That is
            # kept for backwards compatibility and deprecated (Edit Original Interaction
            # Response is the way); a component layout "must" go that way.
            if int(body.get("flags") or 0) & IS_COMPONENTS_V2:
                raise self._violation(
                    400,
                    50035,
                    f"interaction {interaction.id}: a component layout after a deferral "
                    "must be sent by editing the original response, not as a follow-up",
                )
            self.violations.append(
                f"interaction {interaction.id}: a deferred response completed by a follow-up "
                "(deprecated: edit the original response)"
            )
            self._check_message(body, files, edit=False, existing=original)
            self._apply_edit(original, body, files)
            interaction.note_answer()
            return _json_response(original.payload(self.base_url))
        message = self._new_message(interaction.channel_id, body, files, interaction)
        interaction.followups.append(message)
        interaction.note_answer()
        return _json_response(message.payload(self.base_url))

    def _webhook_message(self, request: web.Request, interaction: FakeInteraction) -> FakeMessage:
        key = request.match_info["message"]
        if key == "@original":
            if interaction.original is None:
                raise self._violation(404, 10008, "Unknown Message: no original response")
            return interaction.original
        message = self.messages.get(int(key))
        if message is None or (
            message.interaction_id != interaction.id and message is not interaction.original
        ):
            raise self._violation(404, 10008, f"Unknown Message {key}")
        return message

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._followup_interaction(request)
        return _json_response(self._webhook_message(request, interaction).payload(self.base_url))

    async def _edit_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._followup_interaction(request)
        message = self._webhook_message(request, interaction)
        body, files = await self._read_body(request)
        self._apply_edit(message, body, files)
        interaction.note_answer()
        return _json_response(message.payload(self.base_url))

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._followup_interaction(request)
        message = self._webhook_message(request, interaction)
        if message.loading and not message.ephemeral:
            # Everyone in the channel saw "Postal is thinking…" vanish: the answer was meant
            # to be private, so the acknowledgement should have been an ephemeral one.
            self.flashes.append(interaction.id)
            if interaction.id not in self._flashes_expected:
                self.violations.append(
                    f"interaction {interaction.id}: a public 'thinking' message was deleted"
                )
        del self.messages[message.id]
        if message is interaction.original:
            interaction.original = None
        return web.Response(status=204)

    # ----------------------------------------------------------------- REST: channels

    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None and int(request.match_info["channel"]) in self.deleted_channels:
            # Not a violation: a channel deleted under the bot is the bot's to handle.
            raise DiscordError(404, 10003, "Unknown Channel")
        if channel is None:
            raise self._violation(404, 10003, f"Unknown Channel {request.match_info['channel']}")
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        return _json_response(self._channel(request).payload())

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, files = await self._read_body(request)
        if channel.type == DM:
            assert channel.recipient is not None
            if not channel.recipient.accepts_dms:
                # Not a violation: bots cannot know in advance; they must handle it.
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        else:
            permissions = self.channel_permissions(channel)
            if not permissions & VIEW_CHANNEL:
                raise DiscordError(403, 50001, "Missing Access")
            if channel.type == GUILD_FORUM:
                # Messages go in a forum's posts, never in the forum itself.
                raise self._violation(400, 50008, "Cannot send messages in a non-text channel")
            if not self._admits_bot(channel, permissions):
                raise DiscordError(403, 50001, "Missing Access")
            needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
            if not permissions & needed:
                raise DiscordError(403, 50013, "Missing Permissions")
            if files and not permissions & ATTACH_FILES:
                raise DiscordError(403, 50013, "Missing Permissions")
            if channel.is_thread:
                self._unarchive_to_send(channel, permissions)
        nonce = body.get("nonce")
        if nonce is not None and len(str(nonce)) > 25:
            raise self._violation(400, 50035, f"nonce {nonce!r} is longer than 25 characters")
        if nonce is not None and body.get("enforce_nonce"):
            seen = self._nonces.get(str(nonce))
            if seen is not None and time.monotonic() - seen[1] < self.nonce_memory_seconds:
                earlier = self.messages.get(seen[0])
                if earlier is not None:
                    # Discord: "that message will be returned and no new message created".
                    self.nonce_repeats += 1
                    return _json_response(earlier.payload(self.base_url))
        message = self._new_message(channel.id, body, files, None)
        if nonce is not None:
            self._nonces[str(nonce)] = (message.id, time.monotonic())
        return _json_response(message.payload(self.base_url))

    def _admits_bot(self, channel: FakeChannel, permissions: int) -> bool:
        """A private thread admits only its members and moderators (Manage Threads); a
        voice channel's text chat only those who may Connect to it."""
        if channel.type == GUILD_VOICE:
            return bool(permissions & CONNECT)
        if channel.type != PRIVATE_THREAD:
            return True
        return self.bot_user.id in channel.member_ids or bool(permissions & MANAGE_THREADS)

    async def _get_thread_member(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        user_id = int(request.match_info["user"])
        if not thread.is_thread:
            raise self._violation(400, 50024, "Cannot execute action on this channel type")
        if not self.channel_permissions(thread) & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if user_id not in thread.member_ids:
            raise DiscordError(404, 10007, "Unknown Member")
        member = {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": _now_iso()}
        return _json_response({**member, "flags": 0})

    def _unarchive_to_send(self, thread: FakeChannel, permissions: int) -> None:
        """Sending in an archived thread unarchives it, unless a moderator locked it
        (then only Manage Threads may); a locked thread takes no messages otherwise
        (Discord's docs, "Locked Threads": no creating or updating messages; 160005)."""
        moderator = bool(permissions & MANAGE_THREADS)
        if thread.locked and not moderator:
            if thread.archived:
                raise DiscordError(400, 50083, "Thread is archived")
            raise DiscordError(400, THREAD_LOCKED, "Thread is locked")
        if thread.archived:
            self.set_thread_state(thread, archived=False)

    def _channel_message(self, request: web.Request) -> tuple[FakeChannel, FakeMessage]:
        """The message addressed by the path; 404 unless it is in that very channel (a
        thread's message is not reachable through its parent, nor the other way)."""
        channel = self._channel(request)
        message = self.messages.get(int(request.match_info["message"]))
        if message is None or message.ephemeral or message.channel_id != channel.id:
            raise DiscordError(404, 10008, "Unknown Message")
        permissions = self.channel_permissions(channel)
        if not permissions & VIEW_CHANNEL or not self._admits_bot(channel, permissions):
            raise DiscordError(403, 50001, "Missing Access")
        return channel, message

    async def _get_message(self, request: web.Request) -> web.Response:
        _, message = self._channel_message(request)
        return _json_response(message.payload(self.base_url))

    async def _edit_message(self, request: web.Request) -> web.Response:
        channel, message = self._channel_message(request)
        if message.author.id != self.bot_user.id:
            raise self._violation(403, 50005, "Cannot edit a message authored by another user")
        if channel.is_thread and channel.archived:
            # Messages in an archived thread cannot be edited until it is unarchived.
            raise DiscordError(400, 50083, "Thread is archived")
        moderator = bool(self.channel_permissions(channel) & MANAGE_THREADS)
        if channel.is_thread and channel.locked and not moderator:
            raise DiscordError(400, THREAD_LOCKED, "Thread is locked")
        body, files = await self._read_body(request)
        self._apply_edit(message, body, files)
        return _json_response(message.payload(self.base_url))

    async def _edit_channel(self, request: web.Request) -> web.Response:
        """PATCH a thread: archive, unarchive, lock, rename, auto-archive duration. A bot
        never edits other channels (that needs Manage Channels, which Postal does not ask).

        Discord's rules (docs, "Threads: Editing & Deleting Threads"): unarchiving needs the
        bot to be a member of the thread already (or its creator, or Manage Threads), and
        nobody can join an archived thread; a locked one needs Manage Threads."""
        channel = self._channel(request)
        body, _ = await self._read_body(request)
        if not channel.is_thread:
            raise self._violation(403, 50013, f"Postal edited channel {channel.name}")
        permissions = self.channel_permissions(channel)
        moderator = bool(permissions & MANAGE_THREADS)
        own = channel.owner_id == self.bot_user.id
        if "locked" in body and not moderator:
            raise DiscordError(403, 50013, "Missing Permissions")
        if body.get("archived") is False and channel.locked and not moderator:
            raise DiscordError(403, 50013, "Missing Permissions")
        member = self.bot_user.id in channel.member_ids
        if body.get("archived") is False and channel.archived and not (member or own or moderator):
            raise DiscordError(403, 50013, "Missing Permissions")
        if body.get("archived") is True and not (own or moderator):
            raise DiscordError(403, 50013, "Missing Permissions")
        if ("name" in body or "auto_archive_duration" in body) and not (own or moderator):
            raise DiscordError(403, 50013, "Missing Permissions")
        if "auto_archive_duration" in body:
            self._check_archive_duration(body["auto_archive_duration"])
            if body["auto_archive_duration"] != channel.auto_archive_duration:
                channel.active_at = self.wall()  # a new auto-archive time is activity
            channel.auto_archive_duration = body["auto_archive_duration"]
        if "name" in body:
            channel.name = body["name"]
        archived = body.get("archived", channel.archived)
        self.set_thread_state(channel, archived=archived, locked=body.get("locked"))
        channel_edits = self.thread_edits.setdefault(channel.id, [])
        channel_edits.append(dict(body))
        return _json_response(channel.payload())

    def _check_archive_duration(self, minutes: object) -> None:
        if minutes not in (60, 1440, 4320, 10080):
            raise self._violation(400, 50035, f"auto_archive_duration {minutes!r}")

    async def _create_thread(self, request: web.Request) -> web.Response:
        """Start a thread from a message (text: public thread; announcement: announcement
        thread; the thread takes the message's id), or without one (a forum post, or a
        thread in a text channel). Threads, voice channels and DMs cannot hold threads."""
        parent = self._channel(request)
        body, _ = await self._read_body(request)
        from_message = "message" in request.match_info
        allowed = (*THREAD_FROM_MESSAGE,) if from_message else (GUILD_TEXT, GUILD_FORUM)
        if parent.type not in allowed:
            raise self._violation(400, 50024, "Cannot execute action on this channel type")
        permissions = self.channel_permissions(parent)
        if not permissions & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if not permissions & CREATE_PUBLIC_THREADS:
            # Not a violation: a bot may try and fall back.
            raise DiscordError(403, 50013, "Missing Permissions")
        name = body.get("name", "")
        if not 1 <= len(name) <= 100:
            raise self._violation(400, 50035, f"thread name {name!r} must be 1-100 characters")
        self._check_archive_duration(body.get("auto_archive_duration", 10080))
        thread_id = self.new_id()
        if from_message:
            starter = self.messages.get(int(request.match_info["message"]))
            if starter is None or starter.channel_id != parent.id or starter.ephemeral:
                raise self._violation(404, 10008, "Unknown Message to start a thread from")
            if starter.id in self.channels:
                raise DiscordError(
                    400, 160004, "A thread has already been created for this message"
                )
            thread_id, kind = starter.id, THREAD_FROM_MESSAGE[parent.type]
        elif parent.type == GUILD_FORUM:
            if not body.get("message"):
                raise self._violation(400, 50035, "a forum post needs its first message")
            kind = PUBLIC_THREAD
        else:
            kind = body.get("type", PRIVATE_THREAD)
            if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
                raise self._violation(400, 50035, f"thread type {kind} in a text channel")
        thread = FakeChannel(
            thread_id,
            name,
            type=kind,
            parent_id=parent.id,
            guild_id=parent.guild_id,
            owner_id=self.bot_user.id,
            auto_archive_duration=body.get("auto_archive_duration", 10080),
            bot_id=self.bot_user.id,
            member_ids={self.bot_user.id},
            active_at=self.wall(),
        )
        self.channels[thread.id] = thread
        created = thread.payload()
        self._dispatch("THREAD_CREATE", {**created, "newly_created": True})
        return _json_response(created, 201)

    async def _open_dm(self, request: web.Request) -> web.Response:
        body = await self._json_body(request)
        user = self.users.get(int(body["recipient_id"]))
        if user is None:
            raise self._violation(400, 50035, f"Unknown recipient {body['recipient_id']}")
        return _json_response(self.dm_with(user).payload())

    # ----------------------------------------------------------------- messages

    async def _read_body(self, request: web.Request) -> tuple[dict[str, Any], list[FakeFile]]:
        if not request.body_exists:
            return {}, []
        if request.content_type.startswith("multipart/"):
            body: dict[str, Any] = {}
            files: list[FakeFile] = []
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                elif part.name and part.name.startswith("files["):  # type: ignore[union-attr]
                    content = await part.read()  # type: ignore[union-attr]
                    files.append(FakeFile(self.new_id(), part.filename or "file", bytes(content)))  # type: ignore[union-attr]
            self._check_files(files)
            self.bodies.append(SentBody(request.method, request.path, body))
            return body, files
        return await self._json_body(request), []

    async def _json_body(self, request: web.Request) -> Any:
        """A JSON request's body, recorded in ``bodies``."""
        if request.content_type != "application/json":
            raise self._violation(400, 50035, f"unexpected Content-Type {request.content_type}")
        body = await request.json()
        self.bodies.append(SentBody(request.method, request.path, body))
        return body

    def _check_files(self, files: Iterable[FakeFile]) -> None:
        total = sum(len(f.content) for f in files)
        if total > ATTACHMENT_SIZE_LIMIT:
            raise self._violation(413, 40005, f"Request entity too large: {total} bytes")

    def _check_message(
        self,
        body: dict[str, Any],
        files: list[FakeFile],
        *,
        edit: bool,
        existing: FakeMessage | None = None,
    ) -> None:
        content = body.get("content") or ""
        if len(content) > 2000:
            raise self._violation(400, 50035, f"content is {len(content)} characters (max 2000)")
        embeds = body.get("embeds") or []
        flags = int(body.get("flags") or 0)
        was_layout = existing is not None and existing.layout
        if was_layout and "flags" in body and not flags & IS_COMPONENTS_V2:
            raise self._violation(400, 50035, "IS_COMPONENTS_V2 cannot be removed from a message")
        layout = bool(flags & IS_COMPONENTS_V2) or was_layout
        if layout and (content or embeds or body.get("poll") or body.get("sticker_ids")):
            raise self._violation(
                400,
                50035,
                "content, embeds, stickers and polls cannot be used with IS_COMPONENTS_V2",
            )
        if len(embeds) > 10:
            raise self._violation(400, 50035, f"{len(embeds)} embeds (max 10)")
        total = 0
        for embed in embeds:
            limits = {"title": 256, "description": 4096}
            for key, limit in limits.items():
                if len(embed.get(key) or "") > limit:
                    raise self._violation(400, 50035, f"embed {key} longer than {limit}")
            fields = embed.get("fields") or []
            if len(fields) > 25:
                raise self._violation(400, 50035, "more than 25 embed fields")
            for item in fields:
                if len(item.get("name", "")) > 256 or len(item.get("value", "")) > 1024:
                    raise self._violation(400, 50035, "embed field too long")
            footer = (embed.get("footer") or {}).get("text") or ""
            if len(footer) > 2048:
                raise self._violation(400, 50035, "embed footer longer than 2048")
            total += (
                len(embed.get("title") or "") + len(embed.get("description") or "") + len(footer)
            )
            total += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)
        if total > 6000:
            raise self._violation(400, 50035, f"embeds hold {total} characters (max 6000)")
        components = body.get("components")
        if components is not None or (layout and not was_layout):
            names = {f.filename for f in files}
            if existing is not None and "attachments" not in body:
                names |= {f.filename for f in existing.files}
            elif existing is not None:
                kept = {
                    int(a["id"]) for a in body.get("attachments") or [] if int(a["id"]) > 10_000
                }
                names |= {f.filename for f in existing.files if f.id in kept}
            try:
                check_message_components(components or [], v2=layout, filenames=names)
            except ComponentError as error:
                raise self._violation(400, 50035, str(error)) from error
        if not edit and not (content or embeds or files or body.get("components")):
            raise self._violation(400, 50006, "Cannot send an empty message")

    def _check_attachment_refs(self, message: FakeMessage) -> None:
        names = {f.filename for f in message.files}
        for embed in message.embeds:
            for key in ("image", "thumbnail"):
                url = (embed.get(key) or {}).get("url", "")
                if (
                    url.startswith("attachment://")
                    and url.removeprefix("attachment://") not in names
                ):
                    self.violations.append(f"embed {key} refers to missing {url}")

    def _mentions(self, content: str, allowed: dict[str, Any] | None) -> list[int]:
        mentioned = [int(m) for m in MENTION.findall(content)]
        if allowed is None:
            return mentioned
        if "users" in (allowed.get("parse") or []):
            return mentioned
        permitted = {int(u) for u in allowed.get("users") or []}
        return [m for m in mentioned if m in permitted]

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[FakeFile],
        interaction: FakeInteraction | None,
    ) -> FakeMessage:
        flags = int(body.get("flags", 0))
        if not flags & LOADING:
            self._check_message(body, files, edit=False)
        content = body.get("content") or ""
        sent_at = self.wall()
        message = FakeMessage(
            self._snowflake(sent_at.timestamp()),
            channel_id,
            self.bot_user,
            content=content,
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            files=files,
            flags=flags,
            mentions=self._mentions(
                "\n".join([content, *text_of(body.get("components") or [])]),
                body.get("allowed_mentions"),
            ),
            interaction_id=None if interaction is None else interaction.id,
            visible_to=interaction.user.id if interaction and flags & EPHEMERAL else None,
            sent_at=sent_at,
        )
        self._check_attachment_refs(message)
        self.messages[message.id] = message
        self.touch(channel_id)
        return message

    def _apply_edit(
        self, message: FakeMessage, body: dict[str, Any], files: list[FakeFile]
    ) -> None:
        self._check_message(body, files, edit=True, existing=message)
        message.flags |= int(body.get("flags") or 0) & IS_COMPONENTS_V2
        if "content" in body or "components" in body:
            message.content = body.get("content", message.content) or ""
            shown = "\n".join([message.content, *text_of(body.get("components") or [])])
            message.mentions = self._mentions(shown, body.get("allowed_mentions"))
        if "embeds" in body:
            message.embeds = list(body["embeds"] or [])
        if "components" in body:
            message.components = list(body["components"] or [])
        if "attachments" in body:
            keep = {int(a["id"]) for a in body["attachments"] or [] if int(a["id"]) > 10_000}
            message.files = [f for f in message.files if f.id in keep] + files
        else:
            message.files = message.files + files
        self._check_files(message.files)
        message.flags &= ~LOADING
        message.edits += 1
        self._check_attachment_refs(message)

    # ----------------------------------------------------------------- gateway

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
            "roles": [self._role(guild_id)],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
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
            "joined_at": _now_iso(),
        }

    def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        # Discord sends a guild's events on the one shard that owns the guild, the rest
        # (direct messages) on shard 0: a sharded bot must not see an interaction twice.
        # A guild's own events (GUILD_CREATE...) carry its id as "id", not "guild_id".
        own = event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
        guild = data.get("id") if own else data.get("guild_id")
        for session in list(self._sockets):
            if session.owns(int(guild) if guild is not None else None):
                session.send_dispatch(event, data)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if not self.gateway_up:
            self.gateway_refused += 1
            await self._notify()
            return web.Response(status=503, text="upstream connect error")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        session = _GatewaySession(self, ws)
        await session.run()
        return ws


class _GatewaySession:
    """One gateway connection: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, dispatches."""

    def __init__(self, fake: FakeDiscord, ws: web.WebSocketResponse) -> None:
        self.fake = fake
        self.ws = ws
        self.sequence = 0
        self.ready = False
        self.shard = (0, 1)  # [shard_id, num_shards] from IDENTIFY
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def owns(self, guild_id: int | None) -> bool:
        """Whether this session's shard receives the events of ``guild_id`` (None: DMs),
        by Discord's formula ``(guild_id >> 22) % num_shards``."""
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)

    def send_dispatch(self, event: str, data: dict[str, Any]) -> None:
        if self.ready:
            self.sequence += 1
            self._outbox.put_nowait({"op": 0, "t": event, "s": self.sequence, "d": data})

    async def _pump(self) -> None:
        while True:
            payload = await self._outbox.get()
            await self.ws.send_str(json.dumps(payload))

    async def run(self) -> None:
        hello = {"op": 10, "d": {"heartbeat_interval": self.fake.heartbeat_interval_ms}}
        await self.ws.send_str(json.dumps(hello))
        pump = asyncio.create_task(self._pump())
        try:
            async for frame in self.ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op = message.get("op")
                if op == 1:
                    self.fake.heartbeats += 1
                    self._outbox.put_nowait({"op": 11})
                    await self.fake._notify()
                elif op == 2:
                    await self._identify(message["d"])
                elif op == 6:
                    # Sessions are not resumable here: ask for a fresh IDENTIFY.
                    self._outbox.put_nowait({"op": 9, "d": False})
        finally:
            pump.cancel()
            if self in self.fake._sockets:
                self.fake._sockets.remove(self)

    async def _identify(self, data: dict[str, Any]) -> None:
        fake = self.fake
        fake.identify_payloads.append(data)
        if data.get("token") != fake.token:
            await self.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(data.get("intents", 0))
        privileged = [name for bit, name in PRIVILEGED_INTENTS.items() if intents & bit]
        if privileged and not fake.privileged_intents_enabled:
            fake.violations.append(f"privileged intents requested: {privileged}")
            await self.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = data.get("shard", [0, 1])
        if not (
            isinstance(shard, list)
            and len(shard) == 2
            and all(isinstance(n, int) for n in shard)
            and 0 <= shard[0] < shard[1]
        ):
            await self.ws.close(code=4010, message=b"Invalid shard.")
            return
        if shard[1] < fake.required_shards:
            await self.ws.close(code=4011, message=b"Sharding required.")
            return
        if fake.close_on_identify is not None:
            await self.ws.close(code=fake.close_on_identify, message=b"Closed by the test.")
            return
        self.shard = (shard[0], shard[1])
        self.ready = True
        fake._sockets.append(self)
        owned = [guild_id for guild_id in fake.guild_names if self.owns(guild_id)]
        self.send_dispatch(
            "READY",
            {
                "v": 10,
                "user": fake.bot_user.payload(),
                "guilds": [{"id": str(guild_id), "unavailable": True} for guild_id in owned],
                "session_id": secrets.token_hex(16),
                "resume_gateway_url": fake.gateway_url,
                "shard": list(self.shard),
                "application": {"id": str(fake.application_id), "flags": 0},
            },
        )
        for guild_id in owned:
            self.send_dispatch("GUILD_CREATE", fake.guild_payload(guild_id))
        await fake._notify()
